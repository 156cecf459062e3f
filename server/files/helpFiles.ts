// The help videos and PDFs at /api/files/help/<name>, read-only, from HELP_FILES_DIR (the demo
// files of demo/files/help by default). No session is asked for: the help modal opens them in a
// <video> tag and an <iframe>, which cannot send the bearer header, and they are product
// documentation, the same for every user, with no patient data. Only flat .mp4 and .pdf names are
// served; anything else answers the app's 404. @fastify/static answers Range requests, which
// video players use to seek.
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export const HELP_FILES_PREFIX = "/api/files/help/";
const HELP_FILE_NAME = /^\/[A-Za-z0-9][A-Za-z0-9._-]*\.(mp4|pdf)$/;

export async function registerHelpFiles(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: HELP_FILES_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    allowedPath: (pathName) => HELP_FILE_NAME.test(pathName),
    // The app answers every /api/ call with no-store (server/http/security.ts).
    cacheControl: false,
  });
}
