// The Member files screen (administrators): a payer's eligibility file imported from the browser,
// with the rules of `npm run import`; its progress while the server reads it, then its outcome and
// every refused row with its line and reason; then the practice feeds, imported the same way. It
// renders the two file-import machines src/app created, one per kind.
import { PageHeader } from "../../components/PageHeader";
import type { FileImport, FileImportActor } from "../../machines/fileImport/fileImport.machine";
import { FeedFiles } from "./FeedFiles";
import { FileImportFlow } from "./FileImportFlow";
import { MEMBER_FILE_WORDING } from "./uploadWording";
import "../dialogs.css";
import "../admin.css";

const COLUMNS = "Subscriber_ID, Practice, MCO, First_Name, Last_Name, Date_of_Birth; and if the payer has them, PatNum, Middle_Name, Address1, City, State, Phone";

const count = (value: number) => value.toLocaleString("en-US");

/** Where the run of a member file is logged. */
function memberRunNote(run: FileImport) {
  const brand = "brand" in run ? run.brand : "";
  return (
    <p>
      {count(run.rowsRead)} rows read: {count(run.rowsWritten)} imported, {count(run.rowsRejected)} refused. The run is in the Crons list of the
      members list as Import {brand.toUpperCase()} members.
    </p>
  );
}

export function MemberFilesScreen({ actor, feeds }: { actor: FileImportActor; feeds: FileImportActor }) {
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <PageHeader title="Member files" />
      <p className="muted admin-page__intro">
        Import a payer&apos;s eligibility list (CSV, up to 10 MB) as the nightly import does: every row is checked, good rows add or update
        members by subscriber id and practice, and every refused row is listed with its line and reason. Columns by name: {COLUMNS}.
      </p>
      <FileImportFlow actor={actor} wording={MEMBER_FILE_WORDING} level={2} note={memberRunNote} />
      <FeedFiles actor={feeds} />
    </section>
  );
}
