import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { selectUser } from "../../machines/auth/auth.selectors";
import type { topBarMachine } from "../../machines/topBar/topBar.machine";
import { FeedbackDialog } from "../../screens/feedback/FeedbackDialog";
import { SetDefaultDialog } from "../../screens/setDefault/SetDefaultDialog";
import { useServices } from "../ServicesContext";

/** The top bar's dialogs: Feedback and Set Default, each running its machine while it is open. */
export function TopBarDialogs({ topBar }: { topBar: ActorRefFrom<typeof topBarMachine> }) {
  const { auth, feedback, setDefault } = useServices();
  const user = useSelector(auth, selectUser);
  const dialog = useSelector(topBar, (s) => s.value.dialog);
  const close = () => topBar.send({ type: "dialog.close" });
  if (!user) return null;
  if (dialog === "feedback") {
    return <FeedbackDialog machine={feedback} sender={user} onClose={close} />;
  }
  if (dialog === "setDefault") {
    return (
      <SetDefaultDialog machine={setDefault} user={{ userId: user.id, defaultLocationId: user.defaultLocationId }} onClose={close} />
    );
  }
  return null;
}
