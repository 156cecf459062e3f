import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient, jsonParam, unwrap } from "./client";
import { ApiError } from "./errors";
import { testSession } from "../../tests/support/sessionFixture";

const TOKEN = "token-of-a-live-session";
const session = testSession({ accessToken: TOKEN, user: { id: 7 } });

/** A server that knows one live token, as the real one does. */
const server = setupServer(
  http.get("*/api/sessions", ({ request }) =>
    request.headers.get("Authorization") === `Bearer ${TOKEN}`
      ? HttpResponse.json(session)
      : HttpResponse.json({ message: "Session Expired", statusCode: 401 }, { status: 401 }),
  ),
);

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function clientWith(token: string | null) {
  const onSessionExpired = vi.fn();
  const client = createApiClient({ baseUrl: "http://localhost/api", getAccessToken: () => token, onSessionExpired });
  return { client, onSessionExpired };
}

describe("createApiClient", () => {
  it("sends the session's bearer token, so the server answers the session", async () => {
    const { client, onSessionExpired } = clientWith(TOKEN);

    const data = await unwrap(client.GET("/sessions"));

    expect(data.user.email).toBe("marcus.reed@recalldesk.example");
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("tells how old an answer's data is when the server says it came from a replica, and nothing otherwise", async () => {
    const onDataAge = vi.fn();
    const client = createApiClient({ baseUrl: "http://localhost/api", getAccessToken: () => TOKEN, onSessionExpired: vi.fn(), onDataAge });
    server.use(http.get("*/api/report/priority-status-report", () => HttpResponse.json([], { headers: { "Data-Age": "12" } })));

    await unwrap(client.GET("/report/priority-status-report"));
    await unwrap(client.GET("/sessions"));

    expect(onDataAge.mock.calls).toEqual([[12]]);
  });

  it("signals the end of the session on a 401 to a call made with a token", async () => {
    const { client, onSessionExpired } = clientWith("revoked-token");

    const { error } = await client.GET("/sessions");

    expect(error).toEqual({ message: "Session Expired", statusCode: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("signals the end of the session on the message 'Session Expired' whatever the status", async () => {
    server.use(http.get("*/api/Members/crons", () => HttpResponse.json({ message: "Session Expired" }, { status: 403 })));
    const { client, onSessionExpired } = clientWith(TOKEN);

    const { error } = await client.GET("/Members/crons");

    expect(error).toEqual({ message: "Session Expired", statusCode: 403 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("treats a refused sign-in as an ordinary failure with the server's message", async () => {
    server.use(
      http.post("*/api/sessions/login", () =>
        HttpResponse.json({ message: "Invalid e-mail or password", statusCode: 401 }, { status: 401 }),
      ),
    );
    const { client, onSessionExpired } = clientWith(null);

    const { error } = await client.POST("/sessions/login", {
      params: { query: { jwt: 1 } },
      body: { email: "marcus.reed@recalldesk.example", password: "wrong" },
    });

    expect(error).toEqual({ message: "Invalid e-mail or password", statusCode: 401 });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("turns any other failure into { message, statusCode } and keeps the named fields", async () => {
    server.use(
      http.post("*/api/Members/saveNotes", () =>
        HttpResponse.json(
          { message: "Invalid request", statusCode: 400, details: [{ field: "notes", message: "must not be empty" }] },
          { status: 400 },
        ),
      ),
    );
    const { client, onSessionExpired } = clientWith(TOKEN);

    const failure = await unwrap(
      client.POST("/Members/saveNotes", {
        body: { sid: "123456789", patnum: "100001", practice: 3, notes: " ", addLocation: "callCenter" },
      }),
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).toFailure()).toEqual({
      message: "Invalid request",
      statusCode: 400,
      details: [{ field: "notes", message: "must not be empty" }],
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("does not show staff a body that is not the contract's error shape", async () => {
    server.use(
      http.get("*/api/Members/crons", () =>
        new HttpResponse("<html><body>Bad gateway</body></html>", { status: 502, statusText: "Bad Gateway" }),
      ),
    );
    const { client } = clientWith(TOKEN);

    const { error } = await client.GET("/Members/crons");

    expect(error).toEqual({ message: "Request failed with status 502 (Bad Gateway)", statusCode: 502 });
  });

  it("throws an ApiError with status code 0 when the server cannot be reached", async () => {
    server.use(http.get("*/api/Members/crons", () => HttpResponse.error()));
    const { client } = clientWith(TOKEN);

    const failure = await client.GET("/Members/crons").catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).statusCode).toBe(0);
  });

  it("lets a cancelled request end as an AbortError, not as a failure to report", async () => {
    server.use(http.get("*/api/Members/crons", () => new Promise<Response>(() => {})));
    const { client, onSessionExpired } = clientWith(TOKEN);
    const controller = new AbortController();

    const call = client.GET("/Members/crons", { signal: controller.signal });
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe("jsonParam", () => {
  it("carries a JSON object through a path segment intact, whatever characters it holds", async () => {
    server.use(
      http.get("*/api/Members/getNotes/:params", ({ params }) => {
        const query = JSON.parse(String(params.params)) as { sid: string; practice: number; patnum: string };
        return HttpResponse.json([
          {
            id: 1,
            notes: `notes of ${query.sid} at practice ${query.practice} (${query.patnum})`,
            notestimestamp: "2026-11-16T15:00:00.000Z",
            user: { firstname: "Marcus", lastname: "Reed" },
          },
        ]);
      }),
    );
    const { client } = clientWith(TOKEN);

    const notes = await unwrap(
      client.GET("/Members/getNotes/{params}", {
        params: { path: { params: jsonParam({ sid: "12/34 #5?&", practice: 3, patnum: "100001" }) } },
      }),
    );

    expect(notes[0]?.notes).toBe("notes of 12/34 #5?& at practice 3 (100001)");
  });
});
