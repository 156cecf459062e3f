// The Contact Data Report's calls (openapi.yaml GET /report/contact-data-report, of every save or
// a campaign's), and the campaigns of its filter, for its report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { reportActors, reportCampaignsActor } from "../report/report.actors";
import type { ContactDataFilters, ContactDataReport } from "./contactData.selectors";

export function createContactDataActors(api: ApiClient) {
  return {
    ...reportActors<ContactDataFilters, ContactDataReport>(({ campaign }, signal) =>
      unwrap(api.GET("/report/contact-data-report", { params: { query: campaign === null ? {} : { campaign } }, signal })),
    ),
    loadLists: reportCampaignsActor(api),
  };
}
