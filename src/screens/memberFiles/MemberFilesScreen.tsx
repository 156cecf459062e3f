// The Member files screen (administrators): a payer's eligibility file imported from the browser,
// with the rules of `npm run import`; its progress while the server reads it, then its outcome and
// every refused row with its line and reason. It renders the member-import machine src/app created.
import { useSelector } from "@xstate/react";
import { PageHeader } from "../../components/PageHeader";
import type { MemberImportActor } from "../../machines/memberImport/memberImport.machine";
import * as memberImport from "../../machines/memberImport/memberImport.selectors";
import { ImportProgress } from "./ImportProgress";
import { ImportReport } from "./ImportReport";
import { MemberFileForm } from "./MemberFileForm";
import { FeedFiles } from "./FeedFiles";
import type { FeedImportActor } from "../../machines/feedImport/feedImport.machine";
import "../dialogs.css";
import "../admin.css";


const COLUMNS = "Subscriber_ID, Practice, MCO, First_Name, Last_Name, Date_of_Birth; and if the payer has them, PatNum, Middle_Name, Address1, City, State, Phone";

export function MemberFilesScreen({ actor, feeds }: { actor: MemberImportActor; feeds: FeedImportActor }) {
  const choosing = useSelector(actor, memberImport.selectChoosing);
  const finished = useSelector(actor, memberImport.selectFinished);
  const run = useSelector(actor, memberImport.selectRun);

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <PageHeader title="Member files" />
      <p className="muted admin-page__intro">
        Import a payer&apos;s eligibility list (CSV, up to 10 MB) as the nightly import does: every row is checked, good rows add or update
        members by subscriber id and practice, and every refused row is listed with its line and reason. Columns by name: {COLUMNS}.
      </p>
      {choosing ? <MemberFileForm actor={actor} /> : null}
      {run && !finished ? <ImportProgress actor={actor} /> : null}
      {finished ? <ImportReport actor={actor} /> : null}
      <FeedFiles actor={feeds} />
    </section>
  );
}
