// The practice feeds on the Import files screen: the latest runs, a feed's file chosen and sent,
// its progress, then its outcome and every refused row with its line and reason.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { FEEDS, type FeedName } from "../../../domain/feeds/records.ts";
import type { FeedImportActor } from "../../machines/feedImport/feedImport.machine";
import * as feedImport from "../../machines/feedImport/feedImport.selectors";
import { FeedRuns } from "./FeedRuns";
import { RejectedRows } from "./RejectedRows";

const count = (value: number) => value.toLocaleString("en-US");

function FeedFileForm({ actor }: { actor: FeedImportActor }) {
  const file = useSelector(actor, feedImport.selectFile);
  const feed = useSelector(actor, feedImport.selectFeed);
  const refusal = useSelector(actor, feedImport.selectRefusal);
  const canStart = useSelector(actor, feedImport.selectCanStart);
  const id = useId();
  const start = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "feedImport.start" });
  };
  return (
    <form className="dialog-form admin-upload" onSubmit={start} noValidate>
      {refusal ? (
        <p role="alert" className="alert alert--error">
          {refusal}
        </p>
      ) : null}
      <div className="dialog-field">
        <label htmlFor={`${id}-file`}>Practice feed file (CSV)</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(event) => actor.send({ type: "feedImport.file.choose", file: event.target.files?.[0] ?? null })} />
      </div>
      <div className="dialog-field admin-upload__payer">
        <label htmlFor={`${id}-feed`}>Feed</label>
        <select id={`${id}-feed`} value={feed} disabled={!file} onChange={(event) => actor.send({ type: "feedImport.feed.change", feed: event.target.value as FeedName | "" })}>
          <option value="">Choose the feed…</option>
          {FEEDS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="button button--primary" aria-disabled={!canStart}>
          Import feed
        </button>
      </div>
    </form>
  );
}

function FeedProgress({ actor }: { actor: FeedImportActor }) {
  const run = useSelector(actor, feedImport.selectRun);
  const percent = useSelector(actor, feedImport.selectPercent);
  const followFailed = useSelector(actor, feedImport.selectFollowFailed);
  const refusal = useSelector(actor, feedImport.selectRefusal);
  if (!run) return null;
  return (
    <div className="admin-progress">
      <h3>Importing {run.file}</h3>
      <progress max={100} value={percent} aria-label={`Import of ${run.file}`}>
        {percent}%
      </progress>
      <p role="status" aria-live="polite">
        {percent}% read: {count(run.rowsRead)} rows, {count(run.rowsWritten)} imported, {count(run.rowsRejected)} refused.
      </p>
      {followFailed ? (
        <div className="dialog-problem">
          <p role="alert" className="alert alert--error">
            The import goes on, but its progress could not be read: {refusal}
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: "feedImport.retry" })}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}

function FeedReport({ actor }: { actor: FeedImportActor }) {
  const run = useSelector(actor, feedImport.selectRun);
  const rejections = useSelector(actor, feedImport.selectRejections);
  if (!run) return null;
  const succeeded = run.status === "success";
  return (
    <div className="admin-report">
      <h3>{succeeded ? `${run.file} was imported` : `${run.file} was not imported`}</h3>
      <p role="status" className={`alert ${succeeded ? "admin-page__notice" : "alert--error"}`}>
        {run.message}
      </p>
      <RejectedRows {...rejections} />
      <button type="button" className="button button--primary" onClick={() => actor.send({ type: "feedImport.again" })}>
        Import another feed file
      </button>
    </div>
  );
}

export function FeedFiles({ actor }: { actor: FeedImportActor }) {
  const choosing = useSelector(actor, feedImport.selectChoosing);
  const finished = useSelector(actor, feedImport.selectFinished);
  const run = useSelector(actor, feedImport.selectRun);
  return (
    <section className="admin-feeds" aria-labelledby="feeds-title">
      <h2 id="feeds-title">Practice feeds</h2>
      <p className="muted admin-page__intro">
        Import a practice&apos;s appointments, deleted appointments, planned treatment or leads (CSV, up to 10 MB; the layouts are in the
        documentation of the practice feeds). The same file twice changes nothing; every refused row is listed with its line and reason.
      </p>
      {choosing ? <FeedFileForm actor={actor} /> : null}
      {run && !finished ? <FeedProgress actor={actor} /> : null}
      {finished ? <FeedReport actor={actor} /> : null}
      <FeedRuns actor={actor} />
    </section>
  );
}
