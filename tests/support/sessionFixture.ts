// A signed-in session for tests of the session's machine, store and client: Marcus Reed, an agent.
import type { components } from "../../contract/schema";

type Session = components["schemas"]["Session"];

type SessionChanges = Partial<Omit<Session, "user">> & { user?: Partial<Session["user"]> };

export function testSession({ user, ...changes }: SessionChanges = {}): Session {
  return {
    id: "session-1",
    accessToken: "token-1",
    mycdp_uri: "https://portal.example/",
    expiresAt: "2026-11-29T10:00:00.000Z",
    ...changes,
    user: {
      id: 2,
      firstname: "Marcus",
      lastname: "Reed",
      email: "marcus.reed@recalldesk.example",
      profilePicture: "",
      isAdmin: false,
      defaultPage: "/members/all",
      defaultLocationId: "3",
      ...user,
    },
  };
}
