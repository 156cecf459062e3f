// The Import files screen's effects, by kind: the calls of openapi.yaml uploadMemberFile and
// uploadFeedFile (the chosen file as the body), getMemberImport and getFeedImport, and
// listFeedImports (only the feeds list their runs).
import type { components } from "../../../contract/schema";
import type { FeedName } from "../../../domain/feeds/records.ts";
import { unwrap, type ApiClient } from "../../api/client";
import { csvFileBody } from "../../api/fileBody";
import { fromApiCall } from "../../api/fromApiCall";
import type { FileImport, FileImportKind, FileUpload } from "./fileImport.machine";

type Brand = components["schemas"]["Brand"];

export function createFileImportActors(api: ApiClient) {
  return {
    loadRuns: fromApiCall((_: { kind: FileImportKind }, signal) => unwrap(api.GET("/Feeds/imports", { signal }))),
    uploadFile: fromApiCall(({ kind, file, target }: FileUpload, signal): Promise<FileImport> => {
      const body = { ...csvFileBody(file), signal };
      if (kind === "feeds") return unwrap(api.POST("/Feeds/imports", { params: { query: { fileName: file.name, feed: target as FeedName } }, ...body }));
      // The file's time stands for the payer's extraction time.
      const extractedAt = new Date(file.lastModified).toISOString();
      return unwrap(api.POST("/Members/imports", { params: { query: { fileName: file.name, brand: target as Brand, extractedAt } }, ...body }));
    }),
    loadImport: fromApiCall(({ kind, id }: { kind: FileImportKind; id: number }, signal): Promise<FileImport> => {
      const path = { params: { path: { id } }, signal };
      return kind === "feeds" ? unwrap(api.GET("/Feeds/imports/{id}", path)) : unwrap(api.GET("/Members/imports/{id}", path));
    }),
  };
}
