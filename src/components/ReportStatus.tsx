import type { ReactNode } from "react";
import type { ApiFailure } from "../api/errors";

interface ReportStatusProps {
  status: "loading" | "ready" | "failed";
  failure: ApiFailure | null;
  onRetry: () => void;
  /** What is being loaded, for the loading and error texts ("the priority status report"). */
  what: string;
  children: ReactNode;
}

/** Loading, error and ready states of a report screen, said the same way everywhere. */
export function ReportStatus({ status, failure, onRetry, what, children }: ReportStatusProps) {
  if (status === "loading") {
    return (
      <p role="status" className="report-status" aria-busy="true">
        Loading {what}…
      </p>
    );
  }
  if (status === "failed") {
    return (
      <div role="alert" className="alert alert--error report-status">
        <p className="alert__message">
          {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded
          {failure ? `: ${failure.message}${failure.statusCode > 0 ? ` (status ${failure.statusCode})` : ""}` : "."}
        </p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
