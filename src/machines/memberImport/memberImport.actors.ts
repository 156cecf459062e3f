// The Member files screen's effects: the calls of openapi.yaml uploadMemberFile (the chosen file as
// the body) and getMemberImport.
import { unwrap, type ApiClient } from "../../api/client";
import { csvFileBody } from "../../api/fileBody";
import { fromApiCall } from "../../api/fromApiCall";
import type { MemberFileUpload } from "./memberImport.machine";

export function createMemberImportActors(api: ApiClient) {
  return {
    uploadFile: fromApiCall(({ file, brand, extractedAt }: MemberFileUpload, signal) =>
      unwrap(api.POST("/Members/imports", { params: { query: { fileName: file.name, brand, extractedAt } }, ...csvFileBody(file), signal })),
    ),
    loadImport: fromApiCall(({ id }: { id: number }, signal) => unwrap(api.GET("/Members/imports/{id}", { params: { path: { id } }, signal }))),
  };
}
