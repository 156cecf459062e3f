import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import * as dialogs from "../../machines/members/dialogs/dialogs.selectors";
import type { listDialogMachine } from "../../machines/members/dialogs/listDialog.machine";

/** Loading and failure of a dialog's list, with Try again. */
export function ListDialogStatus({ actor, what, children }: { actor: ActorRefFrom<typeof listDialogMachine>; what: string; children: ReactNode }) {
  const status = useSelector(actor, dialogs.selectListStatus);
  const failure = useSelector(actor, dialogs.selectListFailure);
  if (status === "loading") {
    return (
      <p role="status" aria-busy="true">
        Loading {what}…
      </p>
    );
  }
  if (status === "failed") {
    return (
      <div role="alert" className="alert alert--error">
        <p className="alert__message">
          The {what} could not be loaded{failure ? `: ${failure.message}` : "."}
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: "dialog.retry" })}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
