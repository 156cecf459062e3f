// The practice feeds' effects on the Import files screen: the calls of openapi.yaml listFeedImports,
// uploadFeedFile (the chosen file as the body) and getFeedImport.
import { unwrap, type ApiClient } from "../../api/client";
import { csvFileBody } from "../../api/fileBody";
import { fromApiCall } from "../../api/fromApiCall";
import type { FeedFileUpload } from "./feedImport.machine";

export function createFeedImportActors(api: ApiClient) {
  return {
    loadRuns: fromApiCall((_: void, signal) => unwrap(api.GET("/Feeds/imports", { signal }))),
    uploadFile: fromApiCall(({ file, feed }: FeedFileUpload, signal) =>
      unwrap(api.POST("/Feeds/imports", { params: { query: { fileName: file.name, feed } }, ...csvFileBody(file), signal })),
    ),
    loadImport: fromApiCall(({ id }: { id: number }, signal) => unwrap(api.GET("/Feeds/imports/{id}", { params: { path: { id } }, signal }))),
  };
}
