// The options of openapi-fetch that send a chosen file as a call's body, as it is on disk
// (openapi.yaml UploadedCsvFile): fetch streams a Blob without the page reading it. openapi-fetch
// types a text body as a string and serialises bodies as JSON, so the file goes through its
// serialiser and the body it types stays empty.
import { CSV_MEDIA_TYPE } from "../../domain/http/mediaType.ts";

export const csvFileBody = (file: Blob) => ({
  body: "",
  bodySerializer: () => file,
  headers: { "Content-Type": CSV_MEDIA_TYPE },
});
