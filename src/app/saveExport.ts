// An export handed to the browser: its received parts become one Blob (the browser keeps it, not a
// JavaScript string), offered as a download under the server's file name, then released.
import type { ExportedFile } from "../machines/export/export.machine";

export function saveExport({ fileName, parts }: ExportedFile): void {
  const link = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" })),
    download: fileName,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
