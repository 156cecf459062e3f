import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, type Actor } from "xstate";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { MemberFilesScreen } from "./MemberFilesScreen";

// Typing whole forms takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const backend = setupFakeBackend();
const admin = () => backend.db.users.find((user) => user.isAdmin)!;
const HEADER = "Subscriber_ID,MCO,First_Name,Last_Name,Practice,Date_of_Birth,Phone";

let actor: Actor<never> | undefined;
afterEach(() => actor?.stop());

async function renderScreen() {
  const services = await backend.signIn(admin());
  const started = createActor(services.memberImport).start();
  actor = started as unknown as Actor<never>;
  render(<MemberFilesScreen actor={started} />);
  // The file input takes any file here, as a browser does when "All files" is chosen.
  return userEvent.setup({ applyAccept: false });
}

const csv = (name: string, lines: string[]) => new File([lines.join("\n")], name, { type: "text/csv", lastModified: Date.UTC(2026, 10, 16) });

describe("Member files screen", () => {
  it("imports a payer's file and reports the refused rows with their lines", async () => {
    const practice = backend.db.practices.find((candidate) => candidate.brands.includes("denta"))!.practiceabbr;
    const user = await renderScreen();
    await user.upload(
      screen.getByLabelText("Member file (CSV)"),
      csv("DENTA_ELIG_20261116.csv", [HEADER, `700000001,DentaQuest CHIP,Ivy,Quill,${practice},2014-05-06,(713) 555-0150`, `700000002,DentaQuest CHIP,Jay,,${practice},2014-05-06,`]),
    );
    expect(screen.getByLabelText("Payer")).toHaveValue("denta");
    await user.click(screen.getByRole("button", { name: "Import" }));

    expect(await screen.findByRole("heading", { name: "DENTA_ELIG_20261116.csv was imported" })).toBeInTheDocument();
    expect(screen.getByText("Imported 1 rows from DENTA_ELIG_20261116.csv, 1 rejected (row 3: missing Last_Name)")).toBeInTheDocument();
    const refused = screen.getByRole("table", { name: "Refused rows" });
    expect(within(refused).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual(["3missing Last_Name"]);
    expect(backend.db.members.some((member) => member.Subscriber_ID === "700000001" && member.Last_Name === "Quill")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Import another file" }));
    expect(screen.getByLabelText("Member file (CSV)")).toBeInTheDocument();
  });

  it("refuses a file that is not CSV, and one that is not a members file, importing nothing", async () => {
    const members = backend.db.members.length;
    const user = await renderScreen();
    await user.upload(screen.getByLabelText("Member file (CSV)"), new File(["PK"], "DENTA.xlsx"));
    expect(screen.getByRole("alert")).toHaveTextContent("DENTA.xlsx is not a CSV file");
    expect(screen.getByRole("button", { name: "Import" })).toHaveAttribute("aria-disabled", "true");

    await user.upload(screen.getByLabelText("Member file (CSV)"), csv("DENTA_notes.csv", ["Name,Note", "Ivy,call back"]));
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("is not a members file: DENTA_notes.csv has an unexpected header (missing 'Subscriber_ID', 'MCO',");
    expect(backend.db.members).toHaveLength(members);
  });
});
