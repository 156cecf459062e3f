import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { MembersStatusRow } from "./membersStatusReport";
import { membersStatusSendMachine } from "./membersStatusSend.machine";
import { selectConfirming, selectSending, selectSentMessage } from "./membersStatusSend.selectors";

const row: MembersStatusRow = {
  practice: "SMD-HOU",
  practiceId: 1,
  New_Patient_DENTA: 1,
  New_Patient_MCNA: 0,
  New_Patient_UHC: 0,
  Recare_No_Future_Appointment_DENTA: 0,
  Recare_No_Future_Appointment_MCNA: 0,
  Recare_No_Future_Appointment_UHC: 0,
  Recare_Future_Appointment_DENTA: 0,
  Recare_Future_Appointment_MCNA: 0,
  Recare_Future_Appointment_UHC: 0,
  total: 1,
  extractedMembers: 2,
};

function start(send: (rows: MembersStatusRow[]) => Promise<string>) {
  const effects = { sent: vi.fn(send), failure: vi.fn(), show: vi.fn(), hide: vi.fn() };
  const machine = membersStatusSendMachine.provide({
    actors: { sendReport: fromPromise(({ input }) => effects.sent(input)) },
    actions: { showLoader: effects.show, hideLoader: effects.hide, reportFailure: (_, { failure }) => effects.failure(failure) },
  });
  return { actor: createActor(machine).start(), effects };
}

describe("members status Send Report", () => {
  it("asks first, and Cancel sends nothing", () => {
    const { actor, effects } = start(async () => "sent");
    actor.send({ type: "membersReport.send.request", rows: [row] });
    expect(selectConfirming(actor.getSnapshot())).toBe(true);
    actor.send({ type: "membersReport.send.cancel" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(effects.sent).not.toHaveBeenCalled();
  });

  it("sends the rows on confirmation and keeps the server's message", async () => {
    const { actor, effects } = start(async () => "Report sent to alicia@example.org");
    actor.send({ type: "membersReport.send.request", rows: [row] });
    actor.send({ type: "membersReport.send.confirm" });
    expect(selectSending(actor.getSnapshot())).toBe(true);
    expect(effects.show).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches("idle"));
    expect(effects.sent).toHaveBeenCalledWith([row]);
    expect(effects.hide).toHaveBeenCalledTimes(1);
    expect(selectSentMessage(actor.getSnapshot())).toBe("Report sent to alicia@example.org");
    actor.send({ type: "membersReport.send.dismiss" });
    expect(selectSentMessage(actor.getSnapshot())).toBeNull();
  });

  it("does not ask when there are no rows to send", () => {
    const { actor } = start(async () => "sent");
    actor.send({ type: "membersReport.send.request", rows: [] });
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("reports a failed send to the global alert", async () => {
    const { actor, effects } = start(async () => Promise.reject({ message: "Mail server down", statusCode: 503 }));
    actor.send({ type: "membersReport.send.request", rows: [row] });
    actor.send({ type: "membersReport.send.confirm" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(effects.failure).toHaveBeenCalledWith({ message: "Mail server down", statusCode: 503 });
    expect(selectSentMessage(actor.getSnapshot())).toBeNull();
  });
});
