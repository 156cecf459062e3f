import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { selectUser } from "../../machines/auth/auth.selectors";
import type { FeedbackSender } from "../../machines/feedback/feedback.machine";
import type { SetDefaultInput } from "../../machines/setDefault/setDefault.machine";
import type { topBarMachine } from "../../machines/topBar/topBar.machine";
import { FeedbackDialog } from "../../screens/feedback/FeedbackDialog";
import { SetDefaultDialog } from "../../screens/setDefault/SetDefaultDialog";
import { useServices } from "../ServicesContext";
import { useAppActor } from "../useAppActor";

/** The top bar's dialogs: Feedback and Set Default, each running its machine while it is open. */
export function TopBarDialogs({ topBar }: { topBar: ActorRefFrom<typeof topBarMachine> }) {
  const { auth } = useServices();
  const user = useSelector(auth, selectUser);
  const dialog = useSelector(topBar, (s) => s.value.dialog);
  const close = () => topBar.send({ type: "dialog.close" });
  if (!user) return null;
  if (dialog === "feedback") return <OpenFeedback sender={user} onClose={close} />;
  if (dialog === "setDefault") return <OpenSetDefault user={{ userId: user.id, defaultLocationId: user.defaultLocationId }} onClose={close} />;
  return null;
}

function OpenFeedback({ sender, onClose }: { sender: FeedbackSender; onClose: () => void }) {
  const actor = useAppActor(useServices().feedback, { input: { sender } });
  return <FeedbackDialog actor={actor} onClose={onClose} />;
}

function OpenSetDefault({ user, onClose }: { user: SetDefaultInput; onClose: () => void }) {
  const actor = useAppActor(useServices().setDefault, { input: user });
  return <SetDefaultDialog actor={actor} onClose={onClose} />;
}
