import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createServices } from "../../app/services";
import type { FeedbackSender } from "../../machines/feedback/feedback.machine";
import { FeedbackDialog } from "./FeedbackDialog";

const sender: FeedbackSender = {
  id: 2,
  firstname: "Marcus",
  lastname: "Reed",
  email: "marcus.reed@recalldesk.example",
  defaultLocationId: "3",
};
const practicesList = [{ id: 3, practice: "Smile Magic Austin", practiceabbr: "SMD-AUST", region: "SMD", brands: ["denta"] }];

const server = setupServer(
  http.get("*/api/Members/practicesList/:id", () => HttpResponse.json({ practicesList })),
  http.post("*/api/report/sendFeedback", () => HttpResponse.json({ message: "Queued" }, { status: 202 })),
);

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderDialog() {
  const { feedback } = createServices({ baseUrl: "http://localhost/api", navigate: () => {} });
  const onClose = vi.fn();
  const view = render(<FeedbackDialog machine={feedback} sender={sender} onClose={onClose} />);
  return { ...view, onClose, user: userEvent.setup() };
}

async function seriousViolations(container: HTMLElement) {
  const { violations } = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((v) => v.id);
}

describe("Feedback dialog", () => {
  it("asks for subject and message before sending anything", async () => {
    const { user, baseElement } = renderDialog();
    expect(screen.getByRole("dialog", { name: "Feedback" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Subject"), "   ");
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(screen.getByRole("alert")).toHaveTextContent("Please enter subject and message");
    expect(screen.queryByText("Thank you — your feedback was sent.")).not.toBeInTheDocument();
    expect(await seriousViolations(baseElement)).toEqual([]);
  });

  it("sends subject, message and the attached file, then thanks the sender", async () => {
    const { user, baseElement } = renderDialog();
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
    server.use(
      http.post(
        "*/api/report/sendFeedback",
        () => HttpResponse.json({ message: "Mail server unavailable", statusCode: 503 }, { status: 503 }),
        { once: true },
      ),
    );
    const { user } = renderDialog();
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
