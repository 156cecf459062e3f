// The Fastify app: openapi.yaml served through fastify-openapi-glue under /api, handlers by
// operationId, sessions checked before validation (401 before 403 before 400, as the contract
// suite expects), and every error answered as { message, statusCode, details? }.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import openapiGlue, { type FastifyOpenapiGlueOptions } from "fastify-openapi-glue";
import { authHandlers } from "./auth/auth.handlers.ts";
import { rulesOf } from "./auth/sessionRules.ts";
import { endedByDisabling, touchSession, type AlongSession } from "./auth/sessions.repository.ts";
import { idTokenVerifier } from "./auth/tokens.ts";
import { oidcFlow } from "./auth/oidc.ts";
import { databaseOptionsOf, type ServerConfig } from "./config.ts";
import { loadContract, type OperationRules } from "./contract.ts";
import { openDatabase, type DatabaseHandle } from "./db/connection.ts";
import { jsonParamDecoder } from "./jsonParams.ts";
import { historyHandlers } from "./members/history.handlers.ts";
import { claimsHandlers } from "./members/claims.handlers.ts";
import { callsHandlers } from "./members/calls.handlers.ts";
import { eventsHandlers } from "./events/events.handlers.ts";
import { setUpEventRelay } from "./events/events.plugin.ts";
import { boardHandlers } from "./board/board.handlers.ts";
import { boardAgents } from "./board/board.ts";
import { campaignById } from "./campaigns/campaigns.repository.ts";
import { membersHandlers } from "./members/members.handlers.ts";
import { exportsHandlers } from "./exports/exports.handlers.ts";
import { practicesHandlers } from "./practices/practices.handlers.ts";
import { setupHandlers } from "./setup/setup.handlers.ts";
import { feedbackHandlers } from "./feedback/feedback.handlers.ts";
import { usageHandlers } from "./usage/usage.handlers.ts";
import { recordingsHandlers } from "./recordings/recordings.handlers.ts";
import { recordingsImportHandlers } from "./recordings/recordingsImport.handlers.ts";
import { setUpRecordingStorage } from "./recordings/recordings.plugin.ts";
import { helpHandlers } from "./help/help.handlers.ts";
import { contactDataHandlers } from "./reports/contactData.handlers.ts";
import { leadDataHandlers } from "./reports/leadData.handlers.ts";
import { newPatientOriginHandlers } from "./reports/newPatientOrigin.handlers.ts";
import { qualityIndexHandlers } from "./reports/qualityIndex.handlers.ts";
import { membersStatusHandlers } from "./reports/membersStatus.handlers.ts";
import { priorityStatusHandlers } from "./reports/priorityStatus.handlers.ts";
import { deletedAppointmentsHandlers } from "./reports/deletedAppointments.handlers.ts";
import { jobsHandlers } from "./jobs/jobs.handlers.ts";
import { staffHandlers } from "./staff/staff.handlers.ts";
import { practicesAdminHandlers } from "./practices/practicesAdmin.handlers.ts";
import { campaignsHandlers } from "./campaigns/campaigns.handlers.ts";
import { campaignProgressHandlers } from "./campaigns/campaignProgress.handlers.ts";
import { settleTargetRecounts } from "./campaigns/keptTargets.ts";
import { memberFilesHandlers } from "./import/memberFiles.handlers.ts";
import { feedImportsHandlers } from "./feeds/feedImports.handlers.ts";
import { removeAbandonedUploads } from "./import/abandonedUploads.ts";
import { resumeMemberFileImports, stopMemberFileImports } from "./import/uploads.ts";
import { queueAlongSession, queueHandlers } from "./queue/queue.handlers.ts";
import { callbacksHandlers } from "./queue/callbacks.handlers.ts";
import { startDueAnnouncer } from "./queue/dueAnnouncer.ts";
import { startQueueStates } from "./queue/queueStatesAtStart.ts";
import { registerHelpFiles } from "./files/helpFiles.ts";
import { openFileStore } from "./files/fileStoreOf.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { isConnectionLost, readRetryingOnce } from "./db/connectionLost.ts";
import { ReadReplicas } from "./db/replicas.ts";
import { replicaReads } from "./http/replicaReads.ts";
import { keepActivityInTimeZone } from "./usage/activityTimeZone.repository.ts";
import { pingDatabase } from "./db/ping.ts";
import { parseJsonBodies } from "./http/jsonBody.ts";
import { refuseNulText } from "./http/requestText.ts";
import { regionCheck } from "./http/regionParams.ts";
import { integerTextCheck } from "./http/integerParams.ts";
import { validateRequestsByPart } from "./http/requestValidation.ts";
import { BAD_URL, PATH_TOO_LONG } from "../domain/http/mediaType.ts";
import { loggerOptions, redactSecrets } from "./http/logging.ts";
import { registerSecurity } from "./http/security.ts";
import { registerProbes } from "./http/probes.ts";
import { endConnectionsOnClose } from "./http/connectionsOnClose.ts";
import { registerSpa } from "./http/spa.ts";
import { ACCESS_ENDED, ADMIN_ONLY, DATABASE_CONNECTION_LOST, DATABASE_UNREACHABLE, errorBody, HttpError, INVALID_JSON_BODY, invalidRequest, SERVER_FAULT, SESSION_EXPIRED, type FieldProblem } from "../contract/errors.ts";
import type { Call, Caller, Handler, Handlers, OperationId } from "./handlers.ts";
import type { Services } from "./services.ts";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    services: Services;
    database: DatabaseHandle;
    /** The members' places in the queue worked out behind the start (undefined: all were before it); settles with how many. */
    queueStatesBehind: Promise<number> | undefined;
  }
}

export interface AppOptions {
  config: ServerConfig;
  /** An open database; otherwise the app opens (and on close, closes) the configured one. */
  database?: DatabaseHandle;
  /** true: the log on standard output; a stream: the log's lines there (tests read what was said). */
  logger?: boolean | { write: (line: string) => void };
  /** The built app to serve with history fallback (main.ts: dist/); without it, the API only. */
  spaDir?: string;
  /** The clock of session expiry (tests); the system clock otherwise. */
  now?: () => Date;
  /** Up to how many members' places in the queue a start works out before it serves (queueStatesAtStart.ts). */
  queueStatesAwaitedUpTo?: number;
}

/** openapi.yaml, Errors: a body larger than this is answered 413. */
const MAX_BODY_BYTES = 10_000_000;

const allHandlers: Handlers = {
  ...authHandlers,
  ...practicesHandlers,
  ...membersHandlers,
  ...exportsHandlers,
  ...historyHandlers,
  ...claimsHandlers,
  ...callsHandlers,
  ...eventsHandlers,
  ...jobsHandlers,
  ...setupHandlers,
  ...feedbackHandlers,
  ...usageHandlers,
  ...recordingsHandlers,
  ...recordingsImportHandlers,
  ...helpHandlers,
  ...contactDataHandlers,
  ...leadDataHandlers,
  ...qualityIndexHandlers,
  ...newPatientOriginHandlers,
  ...membersStatusHandlers,
  ...priorityStatusHandlers,
  ...deletedAppointmentsHandlers,
  ...staffHandlers,
  ...practicesAdminHandlers,
  ...campaignsHandlers,
  ...campaignProgressHandlers,
  ...memberFilesHandlers,
  ...feedImportsHandlers,
  ...boardHandlers,
  ...queueHandlers,
  ...callbacksHandlers,
  async getHealth({ services }) {
    await pingDatabase(services.db);
    return { status: "ok" as const };
  },
};

/** The work some calls do in their session's statement (AlongSession), by operationId: its answer is the caller's `along`. */
const ALONG_SESSION: Partial<Record<string, (services: Services) => AlongSession>> = { ...queueAlongSession };

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1];
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** AJV's errors as the contract names them: a body field by its path, a parameter by its name. */
function problemsOf(errors: AjvError[], context: string | undefined): FieldProblem[] {
  return errors.map((error) => {
    const segments = error.instancePath.split("/").filter(Boolean);
    if (error.keyword === "required") segments.push(String(error.params.missingProperty));
    if (error.keyword === "additionalProperties") segments.push(String(error.params.additionalProperty));
    const message =
      error.keyword === "additionalProperties" ? "is not allowed" : error.keyword === "required" ? "is required" : (error.message ?? "is invalid");
    return { field: segments.join(".") || (context === "body" ? "body" : (context ?? "request")), message };
  });
}

function sendError(reply: FastifyReply, statusCode: number, message: string, details?: FieldProblem[]) {
  return reply.code(statusCode).send(errorBody(statusCode, message, details));
}

const sendHttpError = (reply: FastifyReply, error: HttpError) =>
  sendError(reply.headers(error.headers), error.statusCode, error.message, error.details);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ? { ...loggerOptions, level: config.logLevel, ...(options.logger === true ? {} : { stream: options.logger }) } : false,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Hand-off tokens (≤ 1,000 characters) and JSON path segments (≤ 1,000 decoded, ~3× encoded) are path parameters.
    routerOptions: { maxParamLength: 4000 },
    // The validators of the answers' unions (anyOf, oneOf) compiled with their serializers at start,
    // not at the first answer that reaches them: the first members list waited ~200 ms more for it.
    serializerOpts: { compileValidators: true },
    // A path the router cannot take (%ZZ, a segment over maxParamLength) is answered before any
    // route, as the contract answers errors, and without quoting the path (it may hold a token).
    frameworkErrors: (error, _request, reply) => {
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return sendError(reply, 400, PATH_TOO_LONG);
      if (error.code === "FST_ERR_BAD_URL") return sendError(reply, 400, BAD_URL);
      return sendError(reply, 500, SERVER_FAULT);
    },
  });
  const database = options.database ?? (await openDatabase(databaseOptionsOf(config)));
  if (!options.database) app.addHook("onClose", () => database.close());
  await migrateToLatest(database.direct);
  await keepActivityInTimeZone(database.db, config.reportTimeZone);
  const replicas = new ReadReplicas(database.db, config.databaseReplicaUrls, config.replicaMaxLagSeconds, (message) => app.log.warn(message));
  app.addHook("onClose", () => replicas.close());
  if (replicas.configured) {
    await replicas.verify().catch(async (error: unknown) => {
      await replicas.close();
      throw error;
    });
    replicas.start();
  }
  const { document, rules } = loadContract();
  const services: Services = {
    db: database.db,
    engine: database.engine,
    reads: () => replicas.reads(),
    config,
    verifyIdToken: idTokenVerifier(config.oidc, config.production),
    oidc: config.oidc ? oidcFlow(config.oidc) : undefined,
    decodeJson: jsonParamDecoder(document),
    now: options.now ?? (() => new Date()),
    files: await openFileStore(config, database.db),
    saves: database.saves,
  };
  app.decorate("services", services);
  app.decorate("database", database);
  await setUpRecordingStorage(services);
  app.addHook("preClose", () => stopMemberFileImports(services.db));
  await setUpEventRelay(app, database, {
    readAgents: async (userIds) => (await boardAgents(services, userIds)).agents,
    readCampaign: (id) => campaignById(services.db, id),
    now: services.now,
  });
  const { behind } = await startQueueStates(app, services, options.queueStatesAwaitedUpTo);
  app.decorate("queueStatesBehind", { getter: () => behind });
  const stopDueAnnouncer = startDueAnnouncer(app, services);
  app.addHook("preClose", async () => stopDueAnnouncer());
  app.addHook("preClose", () => settleTargetRecounts(services));
  app.decorateRequest("caller", null);
  validateRequestsByPart(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return sendHttpError(reply, invalidRequest(problemsOf(error.validation as AjvError[], error.validationContext)));
    if (error instanceof HttpError) return sendHttpError(reply, error);
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return sendHttpError(reply, invalidRequest([INVALID_JSON_BODY]));
    }
    if (error.statusCode === 401) return sendError(reply, 401, SESSION_EXPIRED);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(reply, error.statusCode, error.message);
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, "the database connection broke under a request");
      return sendError(reply, 503, request.method === "GET" ? DATABASE_UNREACHABLE : DATABASE_CONNECTION_LOST);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, SERVER_FAULT);
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No such call: ${request.method} ${redactSecrets(request.url)}`));

  /** Runs before parsing and validation: no session 401, then staff on an administrator call 403. */
  const authenticate = (operation: OperationRules, operationId: string) => async (request: FastifyRequest) => {
    if (operation.isPublic) return;
    const token = bearerToken(request);
    const along = ALONG_SESSION[operationId]?.(services);
    const live = token ? await touchSession(services.db, token, rulesOf(services), services.now(), along) : undefined;
    if (!token || !live) throw new HttpError(401, token && (await endedByDisabling(services.db, token)) ? ACCESS_ENDED : SESSION_EXPIRED);
    request.caller = { ...live, token };
    if (operation.adminOnly && !live.user.is_admin) throw new HttpError(403, ADMIN_ONLY);
  };

  const routeOf = (operationId: string) => {
    const operation = rules.get(operationId);
    if (!operation) throw new Error(`${operationId} is not in openapi.yaml`);
    const handler = allHandlers[operationId as OperationId] as Handler<OperationId> | undefined;
    const checkIntegers = integerTextCheck(operation.integerParameters);
    const checkRegions = regionCheck(services.db, operation.regionParameters);
    return {
      onRequest: authenticate(operation, operationId),
      ...(checkIntegers ? { preValidation: checkIntegers } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!handler) throw new HttpError(501, `${operationId} is not implemented on the server yet`);
        // In the handler, not a preHandler: glue's security handler is the route's preHandler.
        await checkRegions?.(request);
        const replicated = replicas.configured ? replicaReads(replicas, services, request, reply) : undefined;
        const call = {
          body: request.body,
          query: request.query,
          path: request.params,
          caller: request.caller,
          request,
          reply,
          services: replicated?.services ?? services,
        } as Call<OperationId>;
        const answer = await (request.method === "GET"
          ? readRetryingOnce(
              () => handler(call),
              () => !(reply.sent || reply.raw.headersSent),
              () => replicas.lost(),
            )
          : handler(call));
        await replicated?.afterCall();
        // A handler that streamed its answer (a recording) has sent it by now, or its caller went away.
        if (reply.sent || reply.raw.headersSent) return reply;
        return answer === undefined ? reply.send() : answer;
      },
    };
  };

  await registerSecurity(app, config, database.db);
  await registerProbes(app, config, database, replicas);
  endConnectionsOnClose(app);
  parseJsonBodies(app, document);
  refuseNulText(app);
  await app.register(openapiGlue, {
    specification: document,
    prefix: "/api",
    // Glue's type asks for full route options; it adds method, url and schema itself.
    operationResolver: routeOf as unknown as FastifyOpenapiGlueOptions["operationResolver"],
    securityHandlers: {
      // The session was checked in onRequest (before validation); this only asserts it.
      async bearerAuth(request: FastifyRequest) {
        if (!request.caller) throw new HttpError(401, SESSION_EXPIRED);
      },
    },
  });
  await registerHelpFiles(app, services);
  if (options.spaDir) await registerSpa(app, options.spaDir);
  // Last of the set-up (on PGlite nothing else may talk to the database meanwhile) and before the
  // scheduler of main.ts starts, which would otherwise close an interrupted upload's run as failed:
  // each resumed run holds its job's lock from here.
  await removeAbandonedUploads(services, new Date()).catch((error: unknown) => app.log.error({ err: error }, "removing abandoned uploads failed"));
  await resumeMemberFileImports(services, (message) => app.log.error(message));

  return app;
}
