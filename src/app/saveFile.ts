// A file handed to the browser (a report's CSV export): a Blob link, clicked, then released.
import type { FileDownload } from "../lib/csv";

export function saveFile({ fileName, content, mimeType }: FileDownload): void {
  const link = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob([content], { type: mimeType })),
    download: fileName,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
