import type { SnapshotFrom } from "xstate";
import type { feedbackMachine } from "./feedback.machine";

type FeedbackSnapshot = SnapshotFrom<typeof feedbackMachine>;

export const selectSubject = (s: FeedbackSnapshot) => s.context.subject;
export const selectMessage = (s: FeedbackSnapshot) => s.context.message;
export const selectChosenFile = (s: FeedbackSnapshot) => s.context.file;
export const selectProblem = (s: FeedbackSnapshot) => s.context.problem;
export const selectFailure = (s: FeedbackSnapshot) => s.context.failure;
export const selectReadingFile = (s: FeedbackSnapshot) => s.matches({ editing: "readingFile" });
export const selectSending = (s: FeedbackSnapshot) => s.matches("sending");
export const selectSent = (s: FeedbackSnapshot) => s.matches("sent");
/** The form takes no more typing while it is on its way. */
export const selectFormLocked = (s: FeedbackSnapshot) => !s.matches("editing");
export const selectCanSubmit = (s: FeedbackSnapshot) => s.can({ type: "feedback.submit" });
