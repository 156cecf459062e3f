// The members list as one of a team: a colleague (a second signed-in user calling the contract)
// claims and saves members while the agent's screen is open.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend, type DemoUser } from "../../../tests/fakeBackend";
import { MembersList } from "../../../tests/support/membersList";

const backend = setupFakeBackend();

const staff = (firstname: string) => backend.db.users.find((user) => user.firstname === firstname)!;

/** The agent's members list, once its first page is shown and its event stream is open. */
async function renderAsAgent(options: { stream?: "open" | "dropped" } = {}) {
  const streamOpen = new Promise<void>((resolve) =>
    backend.server.events.on("response:mocked", ({ request, response }) => {
      if (new URL(request.url).pathname === "/api/events" && response.status === 200) resolve();
    }),
  );
  // A network that drops the stream: the fake backend cannot make that failure itself.
  if (options.stream === "dropped") backend.server.use(http.post("*/api/events/ticket", () => HttpResponse.error()));
  const services = await backend.signIn(staff("Marcus"));
  // jsdom lays nothing out: the virtualised table is given a view about 16 rows high to render.
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(928);
  render(<MembersList services={services} />);
  const selects = await screen.findAllByRole("combobox", { name: /^Result for / }, { timeout: 10_000 });
  if (options.stream !== "dropped") await streamOpen;
  const row = selects[0]!.closest("tr")!;
  const member = backend.db.members.find((entry) => entry.id === Number(row.dataset.memberId))!;
  return { user: userEvent.setup(), member };
}

/** A colleague working through the contract with a session of their own (signed in as on the login screen). */
async function colleague(person: DemoUser) {
  const signedIn = await fetch("http://localhost/api/sessions/login?jwt=1", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: person.email, password: backend.db.passwords.get(person.email) }),
  });
  const { accessToken: token } = (await signedIn.json()) as { accessToken: string };
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`http://localhost/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const keys = (member: { Subscriber_ID: string; practiceId: number; PatNum: string }) => ({
    sid: member.Subscriber_ID,
    practice: member.practiceId,
    patnum: member.PatNum,
    addLocation: "callCenter",
  });
  return {
    claim: (memberId: number) => call("POST", "/Members/claims", { memberId }),
    release: (memberId: number) => call("DELETE", `/Members/claims/${memberId}`),
    saveResult: (member: Parameters<typeof keys>[0], Result: string) => call("POST", "/Members/saveResult", { ...keys(member), Result }),
    saveNote: (member: Parameters<typeof keys>[0], notes: string) => call("POST", "/Members/saveNotes", { ...keys(member), notes }),
  };
}

const rowOf = (memberId: number) => document.querySelector<HTMLElement>(`tr[data-member-id="${memberId}"]`)!;
const resultSelect = (memberId: number) => within(rowOf(memberId)).getByRole("combobox", { name: /^Result for / });

describe("Members list as a team", { timeout: 30_000 }, () => {
  it("shows a colleague's claim on the row while they call, and drops it when they release it", async () => {
    const { member } = await renderAsAgent();
    expect(screen.queryByText(/^Live updates interrupted/)).not.toBeInTheDocument();
    const priya = await colleague(staff("Priya"));
    expect((await priya.claim(member.id)).status).toBe(200);
    expect(await within(rowOf(member.id)).findByText("Priya Natarajan is calling")).toBeInTheDocument();
    expect(within(rowOf(member.id)).getByRole("rowheader")).toHaveTextContent("Priya Natarajan is calling");
    expect((await priya.release(member.id)).status).toBe(204);
    await waitFor(() => expect(within(rowOf(member.id)).queryByText("Priya Natarajan is calling")).not.toBeInTheDocument());
  });

  it("updates a row in place when a colleague saves its result or a note", async () => {
    const { member } = await renderAsAgent();
    const priya = await colleague(staff("Priya"));
    expect((await priya.saveResult(member, "Appointment Made")).status).toBe(201);
    await waitFor(() => expect(resultSelect(member.id)).toHaveValue("Appointment Made"));
    expect(rowOf(member.id)).toHaveClass("member-row--appointment");
    expect((await priya.saveNote(member, "Booked for Friday at 3")).status).toBe(201);
    expect(await within(rowOf(member.id)).findByText("Booked for Friday at 3")).toBeInTheDocument();
  });

  it("claims the member whose notes the agent opens, for colleagues to see", async () => {
    const { member, user } = await renderAsAgent();
    await user.click(within(rowOf(member.id)).getByRole("button", { name: /^Add Notes for / }));
    expect(await within(rowOf(member.id)).findByText("You are calling")).toBeInTheDocument();
    const priya = await colleague(staff("Priya"));
    const refused = await priya.claim(member.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ claim: { by: { firstname: "Marcus", lastname: "Reed" } } });
  });

  it("asks before saving a member a colleague is calling: Cancel keeps the result, Save anyway saves", async () => {
    const { member, user } = await renderAsAgent();
    const before = member.Result;
    const priya = await colleague(staff("Priya"));
    await priya.claim(member.id);
    await within(rowOf(member.id)).findByText("Priya Natarajan is calling");

    await user.selectOptions(resultSelect(member.id), "No answer");
    const dialog = await screen.findByRole("dialog", { name: "Save anyway?" });
    expect(dialog).toHaveTextContent("Priya Natarajan is calling this member. Save anyway?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(resultSelect(member.id)).toHaveValue(before);
    expect(backend.db.members.find((entry) => entry.id === member.id)!.Result).toBe(before);

    await user.selectOptions(resultSelect(member.id), "No answer");
    await user.click(within(await screen.findByRole("dialog", { name: "Save anyway?" })).getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(backend.db.members.find((entry) => entry.id === member.id)!.Result).toBe("No answer"));
  });

  it("shows a result a colleague saved since the agent's page loaded, with Keep theirs and Save mine", async () => {
    const { member, user } = await renderAsAgent({ stream: "dropped" });
    const priya = await colleague(staff("Priya"));
    await priya.saveResult(member, "Appointment Made");

    await user.selectOptions(resultSelect(member.id), "No answer");
    const notice = await within(rowOf(member.id)).findByRole("alert");
    expect(notice).toHaveTextContent(/^Priya Natarajan saved Appointment Made at \d\d\/\d\d\/\d{4}, \d\d:\d\d [AP]M\. Yours: No answer\.Keep theirsSave mine$/);
    expect(resultSelect(member.id)).toHaveValue("Appointment Made");
    expect(backend.db.members.find((entry) => entry.id === member.id)!.Result).toBe("Appointment Made");

    await user.click(within(notice).getByRole("button", { name: /^Save mine for / }));
    await waitFor(() => expect(within(rowOf(member.id)).queryByRole("alert")).not.toBeInTheDocument());
    await waitFor(() => expect(resultSelect(member.id)).toHaveValue("No answer"));
    expect(backend.db.members.find((entry) => entry.id === member.id)!.Result).toBe("No answer");
  });

  it("Keep theirs leaves the colleague's result and saves nothing", async () => {
    const { member, user } = await renderAsAgent({ stream: "dropped" });
    const priya = await colleague(staff("Priya"));
    await priya.saveResult(member, "Appointment Made");
    await user.selectOptions(resultSelect(member.id), "No answer");
    await user.click(within(await within(rowOf(member.id)).findByRole("alert")).getByRole("button", { name: /^Keep theirs for / }));
    expect(within(rowOf(member.id)).queryByRole("alert")).not.toBeInTheDocument();
    expect(resultSelect(member.id)).toHaveValue("Appointment Made");
    expect(backend.db.members.find((entry) => entry.id === member.id)!.Result).toBe("Appointment Made");
    expect(screen.getByText("Live updates interrupted: colleagues' changes show again once reconnected.")).toBeInTheDocument();
    // The keyboard stays in the row.
    expect(within(rowOf(member.id)).getByRole("button", { name: /^View History of / })).toHaveFocus();
  });

  it("links the results history to exactly the member's call recordings, by their id", async () => {
    const { member, user } = await renderAsAgent({ stream: "dropped" });
    await user.click(within(rowOf(member.id)).getByRole("button", { name: /^View History of / }));
    const dialog = await screen.findByRole("dialog", { name: /^Results history — / });
    const name = [member.First_Name, member.Middle_Name, member.Last_Name].filter(Boolean).join(" ");
    const link = within(dialog).getByRole("link", { name: `Call recordings of ${name}` });
    expect(link).toHaveAttribute("href", `/call-recordings?${new URLSearchParams({ member: String(member.id), of: name })}`);
  });

  it("shows a note a colleague saved while the notes were open; Save mine adds the agent's too", async () => {
    const { member, user } = await renderAsAgent();
    await user.click(within(rowOf(member.id)).getByRole("button", { name: /^Add Notes for / }));
    const dialog = await screen.findByRole("dialog", { name: /^Notes — / });
    await within(dialog).findByText(/No notes yet|ago|just now/);
    const priya = await colleague(staff("Priya"));
    await priya.saveNote(member, "Moved to Dallas");

    await user.type(within(dialog).getByRole("textbox", { name: "Add Note" }), "Left a voicemail");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    const notice = await within(dialog).findByRole("alert");
    expect(notice).toHaveTextContent(/^Priya Natarajan saved a note at .* since you opened this member: “Moved to Dallas”/);
    await user.click(within(notice).getByRole("button", { name: "Save mine" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(backend.db.notes.filter((note) => note.memberId === member.id).map((note) => note.notes).slice(-2)).toEqual([
      "Moved to Dallas",
      "Left a voicemail",
    ]);
  });
});
