// Feedback is limited per user (openapi.yaml, sendFeedback: 429): each one may carry a 7 MiB
// attachment that the server keeps and mails, so a loop of them would fill the data folder. A
// person writes a handful an hour; FEEDBACK_LIMIT in FEEDBACK_WINDOW_MS leaves them all that.

export const FEEDBACK_LIMIT = 5;
export const FEEDBACK_WINDOW_MS = 10 * 60_000;

export const tooMuchFeedback = (seconds: number) => `You have sent a lot of feedback just now: try again in ${seconds} s.`;

/** Seconds to wait before the next feedback, given when the user's recent ones arrived; 0: none. */
export function feedbackWait(sentAt: readonly number[], now: number): number {
  const recent = sentAt.filter((time) => now - time < FEEDBACK_WINDOW_MS).sort((a, b) => a - b);
  if (recent.length < FEEDBACK_LIMIT) return 0;
  return Math.max(1, Math.ceil((recent[recent.length - FEEDBACK_LIMIT]! + FEEDBACK_WINDOW_MS - now) / 1000));
}
