// An administrator's reset of a member's attempts, confirmed first: the six in total and the one of
// the day count from zero again (the cooldown after the last result still holds).
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import type { queueMachine } from "../../machines/members/queue/queue.machine";
import { selectResetAsked } from "../../machines/members/queue/queue.selectors";

export function ResetAttemptsDialog({ queue }: { queue: ActorRefFrom<typeof queueMachine> }) {
  const asked = useSelector(queue, selectResetAsked);
  if (!asked) return null;
  const cancel = () => queue.send({ type: "queue.reset.cancel" });
  return (
    <Modal
      title="Reset attempts?"
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => queue.send({ type: "queue.reset.confirm" })}>
            Reset attempts
          </button>
        </>
      }
    >
      <p>
        The attempts of {asked.name} count from zero again: the queue may serve them today. Their results history keeps every attempt.
      </p>
    </Modal>
  );
}
