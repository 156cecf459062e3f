import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../app/services";
import { ServicesContext } from "../../app/ServicesContext";
import { UsageReportScreen } from "./UsageReportScreen";

const rows = [
  { userId: 1, visitedUrl: "/dashboard", defualtPracticeId: "8", username: "a@x.example", firstname: "Alicia", lastname: "Moreno", accessDate: "2026-03-05", count: 9 },
  { userId: 2, visitedUrl: "/usage", defualtPracticeId: "3", username: "m@x.example", firstname: "Marcus", lastname: "Reed", accessDate: "2026-03-04", count: 2 },
];

const queries: Record<string, string>[] = [];
const server = setupServer(
  http.get("*/api/report/usage/:params", ({ params }) => {
    const query = JSON.parse(String(params.params)) as Record<string, string>;
    queries.push(query);
    return HttpResponse.json(rows.filter((row) => row.visitedUrl.includes(query.visitedUrl ?? "") && row.lastname.includes(query.userSearch ?? "")));
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

function renderScreen() {
  const services = createServices({ baseUrl: "http://localhost/api", navigate: () => {} });
  render(
    <ServicesContext.Provider value={services}>
      <UsageReportScreen />
    </ServicesContext.Provider>,
  );
  return userEvent.setup();
}

describe("Universal Usage Report screen", () => {
  it("loads the current month and searches by page after a pause, by user on Enter", async () => {
    const user = renderScreen();
    expect(await screen.findByRole("cell", { name: "/usage" })).toBeInTheDocument();
    expect(queries[0]).toMatchObject({ userSearch: "" });
    expect(queries[0]!.startDate).toMatch(/^\d{4}-\d{2}-01$/);

    await user.type(screen.getByLabelText("Visited page"), "dash");
    expect(await screen.findByRole("table", { name: /: 1 rows$/ }, { timeout: 2_000 })).toBeInTheDocument();
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatchObject({ visitedUrl: "dash" });

    await user.clear(screen.getByLabelText("Visited page"));
    await user.type(screen.getByRole("searchbox", { name: "User" }), "Nobody{Enter}");
    expect(await screen.findByText("No usage found for these dates and searches.", {}, { timeout: 2_000 })).toBeInTheDocument();
  });

  it("sorts by a column, the same column again reversing", async () => {
    const user = renderScreen();
    await screen.findByRole("cell", { name: "/usage" });
    const count = screen.getByRole("columnheader", { name: /Count/ });
    await user.click(within(count).getByRole("button"));
    expect(count).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("/usage");
    await user.click(within(count).getByRole("button"));
    expect(count).toHaveAttribute("aria-sort", "descending");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("/dashboard");
  });

  it("says why the report could not be loaded and offers to try again", async () => {
    server.use(
      http.get("*/api/report/usage/:params", () => HttpResponse.json({ message: "Administrators only", statusCode: 403 }, { status: 403 }), {
        once: true,
      }),
    );
    const user = renderScreen();
    expect(await screen.findByText(/The usage report could not be loaded: Administrators only \(status 403\)/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("cell", { name: "/usage" })).toBeInTheDocument();
  });
});
