import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import type { topBarMachine } from "../../machines/topBar/topBar.machine";

/** The top bar's dialogs: Feedback and Set Default. */
export function TopBarDialogs({ topBar }: { topBar: ActorRefFrom<typeof topBarMachine> }) {
  const dialog = useSelector(topBar, (s) => s.value.dialog);
  const close = () => topBar.send({ type: "dialog.close" });
  if (dialog === "feedback") {
    return (
      <Modal title="Feedback" onClose={close}>
        <p>Feedback arrives with its own workflow.</p>
      </Modal>
    );
  }
  if (dialog === "setDefault") {
    return (
      <Modal title="Set Default" onClose={close}>
        <p>Set Default arrives with its own workflow.</p>
      </Modal>
    );
  }
  return null;
}
