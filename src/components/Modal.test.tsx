import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FOCUS_KEY_ATTRIBUTE, FOCUS_RETURN_ATTRIBUTE, Modal } from "./Modal";

/**
 * A row's "View History" opening a dialog, as a list draws it: `redraw` draws the row again under
 * the open dialog (the row and its button new elements), `drop` takes the row away. The row itself
 * takes focus (as the keyboard's current row does) and opens the dialog on Enter.
 */
function Page() {
  const [open, setOpen] = useState(false);
  const [drawing, setDrawing] = useState(0);
  const [rowShown, setRowShown] = useState(true);
  return (
    <>
      <button type="button" {...{ [FOCUS_RETURN_ATTRIBUTE]: "" }}>
        Menu
      </button>
      {rowShown ? (
        <div key={drawing} role="row" tabIndex={-1} {...{ [FOCUS_KEY_ATTRIBUTE]: "member-7" }} onKeyDown={(event) => event.key === "Enter" && setOpen(true)}>
          <button type="button" aria-label="View History of Howard Abbott" onClick={() => setOpen(true)}>
            View History
          </button>
        </div>
      ) : null}
      {open ? (
        <Modal title="Results history — Howard Abbott" onClose={() => setOpen(false)}>
          <button type="button" onClick={() => setDrawing((n) => n + 1)}>
            redraw
          </button>
          <button type="button" onClick={() => setRowShown(false)}>
            drop
          </button>
        </Modal>
      ) : null}
    </>
  );
}

async function openHistory() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole("button", { name: "View History of Howard Abbott" }));
  const dialog = screen.getByRole("dialog", { name: "Results history — Howard Abbott" });
  return { user, dialog };
}

describe("Modal", () => {
  it("moves focus to its first control, and Escape closes it and gives focus back to its opener", async () => {
    const { user, dialog } = await openHistory();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveTextContent("redraw");

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "View History of Howard Abbott" }));
  });

  it("gives focus back to its opener drawn again while it was open, found by its label", async () => {
    const { user } = await openHistory();
    const before = screen.getByRole("button", { name: "View History of Howard Abbott" });
    await user.click(screen.getByRole("button", { name: "redraw" }));
    const after = screen.getByRole("button", { name: "View History of Howard Abbott" });
    expect(after).not.toBe(before);

    await user.keyboard("{Escape}");

    expect(document.activeElement).toBe(after);
  });

  it("gives focus back to a row drawn again while it was open, found by its focus key", async () => {
    const user = userEvent.setup();
    render(<Page />);
    screen.getByRole("row").focus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "redraw" }));

    await user.keyboard("{Escape}");

    expect(document.activeElement).toBe(screen.getByRole("row"));
  });

  it("gives focus to the marked element when its opener is gone", async () => {
    const { user } = await openHistory();
    await user.click(screen.getByRole("button", { name: "drop" }));

    await user.keyboard("{Escape}");

    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Menu" }));
  });
});
