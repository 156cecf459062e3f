// The Member files screen's effects: the chosen file's text, and the calls of openapi.yaml
// uploadMemberFile and getMemberImport.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { ChosenFile, MemberFileUpload } from "./memberImport.machine";

export function createMemberImportActors(api: ApiClient) {
  return {
    readFile: fromApiCall((file: ChosenFile) => file.text()),
    uploadFile: fromApiCall((body: MemberFileUpload, signal) => unwrap(api.POST("/Members/imports", { body, signal }))),
    loadImport: fromApiCall(({ id }: { id: number }, signal) => unwrap(api.GET("/Members/imports/{id}", { params: { path: { id } }, signal }))),
  };
}
