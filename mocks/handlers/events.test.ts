// The fake backend's event stream through msw/node, as screen tests and the app in Node reach it:
// the handler answers a fetch with a stream the client reads while changes are made. (What the
// stream sends and refuses is in tests/contract, against both backends.)
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createMockServer } from "../node";
import { openSession } from "../db/sessions";

let mock: ReturnType<typeof createMockServer>;
beforeEach(() => {
  mock = createMockServer({ size: 20 });
  mock.server.listen({ onUnhandledFrame: "error" });
});
afterEach(() => mock.server.close());

it("streams a member event to a reader of GET /events after a save", async () => {
  const [agent, colleague] = mock.db.users.filter((user) => !user.isAdmin);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });
  const mine = openSession(mock.db.sessions, agent!).token;
  const theirs = openSession(mock.db.sessions, colleague!).token;
  const { ticket } = (await (await fetch("http://localhost/api/events/ticket", { method: "POST", headers: bearer(mine) })).json()) as { ticket: string };

  const aborted = new AbortController();
  const stream = await fetch(`http://localhost/api/events?ticket=${ticket}`, { headers: { accept: "text/event-stream" }, signal: aborted.signal });
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();

  const member = mock.db.members[0]!;
  const saved = await fetch("http://localhost/api/Members/saveResult", {
    method: "POST",
    headers: bearer(theirs),
    body: JSON.stringify({ sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum, Result: "Confirm", addLocation: "callCenter" }),
  });
  expect(saved.status).toBe(201);

  let text = "";
  while (!text.includes("event: member")) text += (await reader.read()).value ?? "";
  expect(text).toContain("retry: 3000\n\n");
  expect(text).toContain(`data: {"memberId":${member.id},"version":2,"Result":"Confirm"`);
  aborted.abort();
});

it("lets a stream go once its reader has cancelled it: later changes write nothing and log nothing", async () => {
  const [agent, colleague] = mock.db.users.filter((user) => !user.isAdmin);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });
  const mine = openSession(mock.db.sessions, agent!).token;
  const theirs = openSession(mock.db.sessions, colleague!).token;
  const { ticket } = (await (await fetch("http://localhost/api/events/ticket", { method: "POST", headers: bearer(mine) })).json()) as { ticket: string };
  const stream = await fetch(`http://localhost/api/events?ticket=${ticket}`, { headers: { accept: "text/event-stream" } });
  await stream.body!.cancel();
  const errors = vi.spyOn(console, "error");
  for (const [index, member] of mock.db.members.slice(0, 2).entries()) {
    const saved = await fetch("http://localhost/api/Members/saveResult", {
      method: "POST",
      headers: bearer(theirs),
      body: JSON.stringify({ sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum, Result: index ? "Confirm" : "Broken", addLocation: "callCenter" }),
    });
    expect(saved.status).toBe(201);
  }
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});
