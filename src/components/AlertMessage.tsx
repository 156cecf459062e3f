import type { ApiFailure } from "../api/errors";

/** §8: an alert shows the error's message and its numeric status code; staff can dismiss it. */
export function AlertMessage({ failure, onDismiss }: { failure: ApiFailure; onDismiss: () => void }) {
  return (
    <div role="alert" className="alert alert--error">
      <p className="alert__message">
        {failure.message}
        {failure.statusCode > 0 ? <span className="alert__code"> (status {failure.statusCode})</span> : null}
      </p>
      <button type="button" className="icon-button" aria-label="Dismiss message" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
