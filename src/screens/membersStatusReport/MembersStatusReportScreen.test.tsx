import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useActorRef } from "@xstate/react";
import { describe, expect, it } from "vitest";
import { setupFakeBackend } from "../../../tests/fakeBackend";
import { MembersStatusReportScreen } from "./MembersStatusReportScreen";

const backend = setupFakeBackend();

describe("Members Status Report screen", () => {
  it("asks for its filter lists once per visit, and only the report again on each filter change", async () => {
    const asked: string[] = [];
    backend.server.events.on("request:start", ({ request }) => asked.push(new URL(request.url).pathname));
    const services = await backend.signIn(backend.db.users[0]!);
    const { tableReports } = services;
    // The screen's actors as src/app makes them: started with the screen, stopped when it goes.
    function Screen() {
      const actor = useActorRef(tableReports.membersStatus, { input: tableReports.membersStatusInput() });
      return <MembersStatusReportScreen actor={actor} sender={useActorRef(tableReports.membersStatusSend)} exporter={useActorRef(services.exportCsv)} />;
    }
    render(<Screen />);
    const calls = (path: string) => asked.filter((pathname) => pathname === `/api${path}`).length;

    await waitFor(() => expect(calls("/Members/members-status-report")).toBe(1));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Brand"), "denta");
    await waitFor(() => expect(calls("/Members/members-status-report")).toBe(2));
    await user.selectOptions(screen.getByLabelText("Result"), "Blank");
    await waitFor(() => expect(calls("/Members/members-status-report")).toBe(3));

    expect(calls("/report/regionsList")).toBe(1);
    expect(calls("/report/practicesList")).toBe(1);
  });
});
