// The help videos and PDFs at /api/files/help/<name>, from the file store (area "help"), so that a
// file an administrator uploads through one instance is served by all of them. The files of
// HELP_FILES_DIR (the demo files of demo/files/help by default) move into the store when first
// asked for. Like the files themselves these routes are beside openapi.yaml, not in it: the help
// modal opens them in a <video> tag and an <iframe>, which cannot send the bearer header, so GET
// asks for no session; the files are product documentation, the same for every user, with no
// patient data. Only flat .mp4 and .pdf names are served; anything else answers the app's 404.
// Range requests are answered (video players seek with them).
//   PUT /api/files/help/<name>   an administrator stores a file (the body is the file, typed
//                                application/pdf or video/mp4, and must be one): 201 { name, size }
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { ADMIN_ONLY, HttpError, SESSION_EXPIRED } from "../../contract/errors.ts";
import { rulesOf } from "../auth/sessionRules.ts";
import { touchSession } from "../auth/sessions.repository.ts";
import { audit } from "../audit.repository.ts";
import type { Services } from "../services.ts";
import { statWithFolder } from "./folderImport.ts";
import { contentRangeOf, rangeOf } from "../../domain/http/byteRange.ts";

export const HELP_FILES_PREFIX = "/api/files/help/";
const HELP_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.(mp4|pdf)$/;
/** A help video may be long; a file larger than this is answered 413. */
export const HELP_FILE_MAX_BYTES = 200_000_000;

const TYPES = { pdf: "application/pdf", mp4: "video/mp4" } as const;
const typeOf = (name: string) => (name.endsWith(".pdf") ? TYPES.pdf : TYPES.mp4);

const notFound = (request: FastifyRequest) => new HttpError(404, `No such call: ${request.method} ${request.url.split("?")[0]}`);

async function administrator(services: Services, request: FastifyRequest): Promise<number> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  const live = token ? await touchSession(services.db, token, rulesOf(services), services.now()) : undefined;
  if (!live) throw new HttpError(401, SESSION_EXPIRED);
  if (!live.user.is_admin) throw new HttpError(403, ADMIN_ONLY);
  return live.user.id;
}

export async function registerHelpFiles(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    // The body of an upload is the file itself, not JSON (server/http/jsonBody.ts covers the API).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: HELP_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));

    scope.get<{ Params: { name: string } }>(`${HELP_FILES_PREFIX}:name`, async (request, reply: FastifyReply) => {
      const { name } = request.params;
      if (!HELP_FILE_NAME.test(name)) throw notFound(request);
      const found = await statWithFolder(services.files, "help", name, services.config.helpFilesDir, typeOf);
      if (!found) throw notFound(request);
      const range = rangeOf(request.headers.range, found.size);
      reply.header("accept-ranges", "bytes").type(found.contentType);
      if (range === null) return reply.code(416).header("content-range", contentRangeOf(null, found.size)).send();
      const file = await services.files.open("help", name, range);
      if (!file) throw notFound(request);
      if (range) reply.code(206).header("content-range", contentRangeOf(range, file.size));
      reply.header("content-length", String(range ? range.end - range.start + 1 : file.size));
      return reply.send(file.body);
    });

    scope.put<{ Params: { name: string }; Body: Buffer | undefined }>(`${HELP_FILES_PREFIX}:name`, async (request, reply) => {
      const userId = await administrator(services, request);
      const { name } = request.params;
      if (!HELP_FILE_NAME.test(name)) {
        throw new HttpError(400, "Invalid request: name", [{ field: "name", message: "must be a flat name ending in .pdf or .mp4" }]);
      }
      const body = request.body;
      const declared = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
      if (declared !== typeOf(name)) throw new HttpError(415, `A ${name.slice(-3)} help file is sent as ${typeOf(name)}`);
      if (!body || body.byteLength === 0) throw new HttpError(400, "Invalid request: body", [{ field: "body", message: "is empty" }]);
      if ((await fileTypeFromBuffer(body))?.mime !== typeOf(name)) {
        throw new HttpError(400, "Invalid request: body", [{ field: "body", message: `is not a ${name.slice(-3).toUpperCase()} file` }]);
      }
      await services.files.put("help", name, body, typeOf(name));
      await audit(services.db, { userId, action: "uploadHelpFile", memberIds: [], address: request.ip });
      return reply.code(201).send({ name, size: body.byteLength });
    });
  });
}
