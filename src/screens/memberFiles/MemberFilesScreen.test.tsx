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
let feeds: Actor<never> | undefined;
afterEach(() => {
  actor?.stop();
  feeds?.stop();
});

async function renderScreen() {
  const services = await backend.signIn(admin());
  const started = createActor(services.fileImport, { input: { kind: "members" } }).start();
  actor = started as unknown as Actor<never>;
  const feedActor = createActor(services.fileImport, { input: { kind: "feeds" } }).start();
  feeds = feedActor as unknown as Actor<never>;
  render(<MemberFilesScreen actor={started} feeds={feedActor} />);
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
    expect(screen.getByText("Imported 1 row from DENTA_ELIG_20261116.csv, 1 rejected (row 3: missing Last_Name)")).toBeInTheDocument();
    const refused = screen.getByRole("table", { name: "Refused rows" });
    expect(within(refused).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual(["3missing Last_Name"]);
    // The next file is reached without scrolling past up to 1,000 refused rows.
    expect(screen.getByRole("button", { name: "Import another file" }).compareDocumentPosition(refused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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

  it("names an empty file before sending it, and one that is not UTF-8 text as the fake backend refuses it, importing neither", async () => {
    const runs = backend.db.memberImports.size;
    const user = await renderScreen();
    await user.upload(screen.getByLabelText("Member file (CSV)"), new File([], "DENTA_empty.csv", { type: "text/csv" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/^DENTA_empty\.csv is empty$/);
    expect(screen.getByRole("button", { name: "Import" })).toHaveAttribute("aria-disabled", "true");

    // "Müller" saved as Latin-1: byte 0xFC is no UTF-8.
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\n1,DentaQuest CHIP,Ann,M`), 0xfc, ...new TextEncoder().encode("ller,SM-HOUS,2014-05-06,")]);
    await user.upload(screen.getByLabelText("Member file (CSV)"), new File([latin1], "DENTA_latin1.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("DENTA_latin1.csv is not a text file: save the payer's list as CSV (UTF-8) and choose that file.");
    expect(backend.db.memberImports.size).toBe(runs);
  });

  it("says a file that imported nothing was not imported", async () => {
    const user = await renderScreen();
    await user.upload(screen.getByLabelText("Member file (CSV)"), csv("DENTA_header.csv", [HEADER, ""]));
    await user.click(screen.getByRole("button", { name: "Import" }));
    expect(await screen.findByRole("heading", { name: "DENTA_header.csv was not imported" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Nothing imported: DENTA_header.csv has no rows under its header");
  });

  it("says how many files of at most 10 MB a file too large needs", async () => {
    const user = await renderScreen();
    const large = { name: "DENTA_big.csv", size: 52_000_000, lastModified: 0, type: "text/csv" };
    const file = new File(["x"], large.name, { type: large.type });
    Object.defineProperty(file, "size", { value: large.size });
    await user.upload(screen.getByLabelText("Member file (CSV)"), file);
    expect(screen.getByRole("alert")).toHaveTextContent("DENTA_big.csv is 52 MB: files up to 10 MB can be imported from the browser. Split it into 6 files of at most 10 MB");
  });

  it("imports a practice feed file, names its refused rows, and lists the run", async () => {
    const member = backend.db.members.find((candidate) => candidate.PatNum !== "" && candidate.Status === "New Patient")!;
    const user = await renderScreen();
    expect(await screen.findByText("No practice feed has been imported yet.")).toBeInTheDocument();
    const header = "Practice,PatNum,AptNum,AptDateTime,AptStatus,IsNewPatient,DateTStamp";
    await user.upload(
      screen.getByLabelText("Practice feed file (CSV)"),
      csv("appointments_20261118.csv", [header, `${member.Practice},${member.PatNum},1,2030-01-15 09:00,Scheduled,false,2026-11-17 10:00`, `${member.Practice},${member.PatNum},2,2030-01-15 09:00,Sleeping,false,2026-11-17 10:00`]),
    );
    expect(screen.getByLabelText("Feed")).toHaveValue("appointments");
    await user.click(screen.getByRole("button", { name: "Import feed" }));
    expect(await screen.findByRole("heading", { name: "appointments_20261118.csv was imported" })).toBeInTheDocument();
    const refused = screen.getAllByRole("table", { name: "Refused rows" }).at(-1)!;
    expect(within(refused).getAllByRole("row").slice(1).map((row) => row.textContent)).toEqual([expect.stringMatching(/^3AptStatus/)]);
    expect(backend.db.members.find((candidate) => candidate.id === member.id)!.Status).toBe("New Patient With Apt");
    await user.click(screen.getByRole("button", { name: "Import another feed file" }));
    const runs = await screen.findByRole("table", { name: "Latest feed imports" });
    expect(within(runs).getAllByRole("row")[1]).toHaveTextContent("appointments_20261118.csv");
  });

  it("refuses another feed's file, importing nothing", async () => {
    const user = await renderScreen();
    await user.upload(await screen.findByLabelText("Practice feed file (CSV)"), csv("leads_1.csv", ["Practice,PatNum", "SM-HOUS,1"]));
    await user.click(screen.getByRole("button", { name: "Import feed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("leads_1.csv is not a leads file (missing 'LeadNum', 'Source', 'Stage', 'Outcome', 'CreatedAt'); nothing imported");
  });
});
