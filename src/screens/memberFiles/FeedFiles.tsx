// The practice feeds on the Import files screen: the latest runs, a feed's file chosen and sent,
// its progress, then its outcome and every refused row with its line and reason.
import type { FileImportActor } from "../../machines/fileImport/fileImport.machine";
import { FeedRuns } from "./FeedRuns";
import { FileImportFlow } from "./FileImportFlow";
import { FEED_FILE_WORDING } from "./uploadWording";

export function FeedFiles({ actor }: { actor: FileImportActor }) {
  return (
    <section className="admin-feeds" aria-labelledby="feeds-title">
      <h2 id="feeds-title">Practice feeds</h2>
      <p className="muted admin-page__intro">
        Import a practice&apos;s appointments, deleted appointments, planned treatment or leads (CSV, up to 10 MB; the layouts are in the
        documentation of the practice feeds). The same file twice changes nothing; every refused row is listed with its line and reason.
      </p>
      <FileImportFlow actor={actor} wording={FEED_FILE_WORDING} level={3} />
      <FeedRuns actor={actor} />
    </section>
  );
}
