// What a screen says about a load instead of its data, the same way on every screen: the loading
// line, the failure (with Try again when the load itself failed, so nothing is shown yet), and the
// line saying the data holds nothing. The screen passes its machine's state; nothing is decided here.
interface LoadStatusProps {
  loading: boolean;
  /** "Loading the staff…" */
  loadingText: string;
  /** The failure's sentence, or null when nothing failed. */
  failure?: string | null | undefined;
  /** Given when the load itself failed: Try again sends the machine's retry. */
  onRetry?: (() => void) | null | undefined;
  /** Given when the data is there and holds nothing: what to say instead ("No record found"). */
  empty?: string | null | undefined;
}

export function LoadStatus({ loading, loadingText, failure, onRetry, empty }: LoadStatusProps) {
  return (
    <>
      {loading ? (
        <p role="status" aria-busy="true">
          {loadingText}
        </p>
      ) : null}
      {failure ? (
        <div className="dialog-problem">
          <p role="alert" className="alert alert--error">
            {failure}
          </p>
          {onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}
      {empty ? <p className="muted">{empty}</p> : null}
    </>
  );
}
