// The feedback dialog's effects: the sender's practices, the attachment read in the browser, and
// the send (openapi.yaml POST /report/sendFeedback).
import { fromPromise } from "xstate";
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { fetchUserPractices } from "../../api/userCalls";
import type { FeedbackPayload } from "./feedback.machine";

/** §5: the feedback attachment, read as a data URL; closing the dialog stops the reading. */
function readAsDataUrl(file: File, signal: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    signal.addEventListener("abort", () => reader.abort());
    reader.readAsDataURL(file);
  });
}

export function createFeedbackActors(api: ApiClient) {
  return {
    loadPractices: fromApiCall((input: { userId: number }, signal) => fetchUserPractices(api, input.userId, signal)),
    readFile: fromPromise<string, { file: File }>(({ input, signal }) => readAsDataUrl(input.file, signal)),
    sendFeedback: fromApiCall(async (body: FeedbackPayload, signal) => {
      await unwrap(api.POST("/report/sendFeedback", { body, signal }));
    }),
  };
}
