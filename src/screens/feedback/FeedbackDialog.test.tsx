import { render, screen } from "@testing-library/react";
import { useActorRef } from "@xstate/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import type { feedbackMachine, FeedbackSender } from "../../machines/feedback/feedback.machine";
import { FeedbackDialog } from "./FeedbackDialog";

const backend = setupFakeBackend();

async function renderDialog() {
  const user = backend.db.users.find((candidate) => !candidate.isAdmin)!;
  const { feedback } = await backend.signIn(user);
  const { id, firstname, lastname, email, defaultLocationId } = user;
  const onClose = vi.fn();
  const view = render(<OpenFeedback machine={feedback} sender={{ id, firstname, lastname, email, defaultLocationId }} onClose={onClose} />);
  return { ...view, onClose, user: userEvent.setup() };
}

/** The dialog with its machine running while it is open, as src/app runs it. */
function OpenFeedback({ machine, sender, onClose }: { machine: typeof feedbackMachine; sender: FeedbackSender; onClose: () => void }) {
  const actor = useActorRef(machine, { input: { sender } });
  return <FeedbackDialog actor={actor} onClose={onClose} />;
}

async function seriousViolations(container: HTMLElement) {
  const { violations } = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((v) => v.id);
}

describe("Feedback dialog", () => {
  it("asks for subject and message before sending anything", async () => {
    const { user, baseElement } = await renderDialog();
    expect(screen.getByRole("dialog", { name: "Feedback" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Subject"), "   ");
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(screen.getByRole("alert")).toHaveTextContent("Please enter subject and message");
    expect(screen.queryByText("Thank you — your feedback was sent.")).not.toBeInTheDocument();
    expect(await seriousViolations(baseElement)).toEqual([]);
  });

  it("sends subject, message and the attached file, then thanks the sender", async () => {
    const { user, baseElement } = await renderDialog();
    await user.type(screen.getByLabelText("Subject"), "Members list");
    await user.type(screen.getByLabelText("Message"), "The filter forgets my practice.");
    await user.upload(screen.getByLabelText("Attach a file"), new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("notes.txt")).toBeInTheDocument();
    expect(screen.getByLabelText("Choose another file")).toHaveAccessibleDescription("notes.txt (5 bytes)");

    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Thank you — your feedback was sent.")).toBeInTheDocument();
    expect(screen.getByText("Close", { selector: "button" })).toHaveFocus();
    expect(await seriousViolations(baseElement)).toEqual([]);
  });

  it("shows the server's message and status, keeps what was typed, and sends again", async () => {
    // The fake backend keeps every valid feedback in its outbox, which never fails: the mail
    // server's outage is made here.
    backend.server.use(
      http.post(
        "*/api/report/sendFeedback",
        () => HttpResponse.json({ message: "Mail server unavailable", statusCode: 503 }, { status: 503 }),
        { once: true },
      ),
    );
    const { user } = await renderDialog();
    await user.type(screen.getByLabelText("Subject"), "Members list");
    await user.type(screen.getByLabelText("Message"), "Slow today.");
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Mail server unavailable (status 503)");
    expect(screen.getByLabelText("Subject")).toHaveValue("Members list");
    expect(screen.getByLabelText("Message")).toHaveValue("Slow today.");

    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Thank you — your feedback was sent.")).toBeInTheDocument();
  });
});
