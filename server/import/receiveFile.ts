// An uploaded file (openapi.yaml UploadedCsvFile) received as the request's body arrives: kept in
// the file store (area `imports`) in parts of 512 KiB, each stored as soon as it is full, so
// that neither the file nor a step of receiving it is ever held whole; checked on the way
// (domain/import/uploadedText.ts: UTF-8 text, not blank, its first characters for the header) and
// counted, a body over MAX_BODY_BYTES refused (413) with its parts removed. Its last part is
// stored only once the whole body is found importable, so a refused file of less than a part (any
// file whose header is wrong, nearly) writes nothing at all.
import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError, invalidRequest, MAX_BODY_BYTES, type FieldProblem } from "../../contract/errors.ts";
import { isCsvMediaType, NOT_A_CSV_BODY } from "../../domain/http/mediaType.ts";
import { checkText, type TextFacts } from "../../domain/import/uploadedText.ts";
import type { FileStore } from "../files/fileStore.ts";

export const UPLOAD_AREA = "imports";
/** Bytes of the file in one stored part: stored in a few milliseconds, on either engine. */
const PART_BYTES = 512 * 1024;

const TOO_LARGE = "Request body is too large";

/** A received file: its parts in the store, named after `stem`. */
export interface ReceivedFile {
  stem: string;
  parts: number;
  bytes: number;
  facts: TextFacts;
}

export const partName = (stem: string, part: number) => `${stem}.csv.${part}`;

/** 415 for a body that is not a file (the call takes text/csv only). */
export function refuseUnlessCsv(request: FastifyRequest): void {
  if (!isCsvMediaType(request.headers["content-type"])) throw new HttpError(415, NOT_A_CSV_BODY);
}

/**
 * Receives the request's body into the store, or refuses it (400 with what `problems` finds in
 * the whole body); whatever fails on the way leaves no part behind.
 */
export async function receiveFile(files: FileStore, request: FastifyRequest, problems: (facts: TextFacts) => FieldProblem[]): Promise<ReceivedFile> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) throw new HttpError(413, TOO_LARGE);
  const received: ReceivedFile = { stem: `upload-${randomUUID()}`, parts: 0, bytes: 0, facts: { notText: false, blank: true, head: "" } };
  const check = checkText();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Stores every whole part pending (all of it at the end), keeping the rest for the next chunks. */
  const store = async (last: boolean) => {
    let held = Buffer.concat(pending, pendingBytes);
    while (held.byteLength >= PART_BYTES || (last && held.byteLength > 0)) {
      const part = held.subarray(0, PART_BYTES);
      await files.put(UPLOAD_AREA, partName(received.stem, received.parts), part, "text/csv");
      received.parts += 1;
      held = held.subarray(part.byteLength);
    }
    pending = held.byteLength > 0 ? [held] : [];
    pendingBytes = held.byteLength;
  };
  try {
    for await (const chunk of request.raw as AsyncIterable<Buffer>) {
      received.bytes += chunk.byteLength;
      if (received.bytes > MAX_BODY_BYTES) throw new HttpError(413, TOO_LARGE);
      check.take(chunk);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= PART_BYTES) await store(false);
    }
    received.facts = check.end();
    const refused = problems(received.facts);
    if (refused.length > 0) throw invalidRequest(refused);
    await store(true);
  } catch (error) {
    await forgetReceived(files, received);
    throw error;
  }
  return received;
}

/** Removes a received file's parts (a refused upload; a run that ended). */
export async function forgetReceived(files: FileStore, received: Pick<ReceivedFile, "stem" | "parts">): Promise<void> {
  for (let part = 0; part < received.parts; part += 1) await files.remove(UPLOAD_AREA, partName(received.stem, part));
}
