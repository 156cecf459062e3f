// The answers' security: helmet's headers with a Content-Security-Policy the built app runs under,
// no caching of API answers (they carry member data), and a rate limit per address on the calls
// that sign in, where passwords and tokens would be guessed.
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { databaseRateLimitStore } from "./rateLimitStore.ts";

/** Every call that turns a credential into a session or issues one. */
export const SIGN_IN_OPERATIONS = new Set(["signIn", "signInWithPassword", "cdpLogin", "issueDevToken", "startOidcSignIn", "finishOidcSignIn"]);

/** Help videos and PDFs: the Dashboard's file modal shows them in a <video> and an <iframe> of the app. */
const EMBEDDED_FILES = "/api/files/";

const RATE_WINDOW_MS = 60_000;

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Plotly writes its chart styles into <style> elements; React writes style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The favicon is a data: URL; Plotly's "download plot as png" draws through data: and blob: images.
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Not upgrade-insecure-requests (helmet's default): the embedded default is plain http on 127.0.0.1 or a LAN address.
  upgradeInsecureRequests: null,
};

export async function registerSecurity(app: FastifyInstance, config: ServerConfig, db: Kysely<Database>): Promise<void> {
  await app.register(helmet, {
    // Set below from a policy built once: given one, the plugin parsed its directives again at every request.
    contentSecurityPolicy: false,
    // Hand-off tokens travel in page URLs (/cdpLogin/{token}, ?token=): never sent on as a referrer.
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
  });
  const policy = helmet.contentSecurityPolicy({ useDefaults: false, directives });
  app.addHook("onRequest", (request, reply, done) => {
    policy(request.raw, reply.raw, done);
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    reply.header("cache-control", "no-store");
    if (request.url.startsWith(EMBEDDED_FILES)) {
      // Framed by the app's own pages only (checked in Chromium: its PDF viewer shows the file so).
      // helmet wrote its headers to the raw response: replaced there.
      const policy = String(reply.raw.getHeader("content-security-policy"));
      reply.raw.setHeader("content-security-policy", policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.raw.setHeader("x-frame-options", "SAMEORIGIN");
    }
  });

  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many sign-in attempts from this address: try again in ${context.after}.`), {
        statusCode: context.statusCode,
      }),
  });
  // Each sign-in call counts on its own, before the body is read; the routes come from openapi.yaml.
  // The counts are in the database, so every instance behind a balancer counts the same calls
  // (TRUST_PROXY lets them see the client's address).
  app.addHook("onRoute", (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !SIGN_IN_OPERATIONS.has(operationId)) return;
    const limit = app.rateLimit({
      max: config.signInRateLimit,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (request) => `${operationId}:${request.ip}`,
    });
    route.onRequest = [limit, ...[route.onRequest ?? []].flat()];
  });
}
