// The practice feeds' effects on the Import files screen: the chosen file's text, and the calls of
// openapi.yaml listFeedImports, uploadFeedFile and getFeedImport.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { ChosenFile } from "../memberImport/memberImport.machine";
import type { FeedFileUpload } from "./feedImport.machine";

export function createFeedImportActors(api: ApiClient) {
  return {
    loadRuns: fromApiCall((_: void, signal) => unwrap(api.GET("/Feeds/imports", { signal }))),
    readFile: fromApiCall((file: ChosenFile) => file.text()),
    uploadFile: fromApiCall((body: FeedFileUpload, signal) => unwrap(api.POST("/Feeds/imports", { body, signal }))),
    loadImport: fromApiCall(({ id }: { id: number }, signal) => unwrap(api.GET("/Feeds/imports/{id}", { params: { path: { id } }, signal }))),
  };
}
