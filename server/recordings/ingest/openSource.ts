// The phone system's place as the configuration gives it (RECORDINGS_SOURCE and RECORDINGS_S3_*).
import type { ServerConfig } from "../../config.ts";
import { s3ClientFor } from "../../files/s3Settings.ts";
import { folderSource, s3Source, sourcePlaceOf, type RecordingSource } from "./recordingSource.ts";

export function recordingSourceOf(source: NonNullable<ServerConfig["recordingSource"]>): RecordingSource {
  const place = sourcePlaceOf(source.place);
  return place.kind === "s3" ? s3Source(s3ClientFor(source.s3), place.bucket, place.prefix) : folderSource(place.folder);
}
