// A file the user asked for (a report's CSV export), handed to the browser. The machine only names
// the effect; src/app provides `saveFile` (a Blob link clicked), tests provide a stub.
import { setup } from "xstate";

export interface FileDownload {
  fileName: string;
  content: string;
  mimeType: string;
}

export type DownloadEvent = { type: "download.file"; file: FileDownload };

export const downloadMachine = setup({
  types: { events: {} as DownloadEvent },
  actions: {
    saveFile: (_, _file: FileDownload) => {},
  },
}).createMachine({
  id: "download",
  on: {
    "download.file": { actions: { type: "saveFile", params: ({ event }) => event.file } },
  },
});
