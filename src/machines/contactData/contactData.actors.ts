// The Contact Data Report's call (openapi.yaml GET /report/contact-data-report), for its report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { reportActors } from "../report/report.actors";
import type { ContactDataReport } from "./contactData.selectors";

export function createContactDataActors(api: ApiClient) {
  return reportActors<Record<string, never>, ContactDataReport>((_filters, signal) =>
    unwrap(api.GET("/report/contact-data-report", { signal })),
  );
}
