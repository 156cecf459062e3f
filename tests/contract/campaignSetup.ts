// The set-up the campaign cases share: a member the queue serves now that no other case of the
// file touches, and a campaign targeting exactly that member with one agent, made active (or left
// a draft).
import { beforeAll, expect } from "vitest";
import type { Backend, SignedIn } from "./fixtures";
import type { worklist } from "./worklist";

/** The list's filter that finds exactly this member (its practice and subscriber id). */
export const only = (member: any) => ({ practice: String(member.practiceId), search: member.Subscriber_ID });

type CampaignStep = "pause" | "resume" | "finish";

/** `label` starts each campaign's name (names are unique): one of its own per file. */
export function campaignSetup(backend: Backend, members: ReturnType<typeof worklist>, label: string) {
  let run = 0;
  // An agent's own due callbacks are served before any campaign, whatever the filters: the demo
  // world's are cancelled, so that what a case is served follows from its own set-up alone.
  beforeAll(async () => {
    for (const agent of [backend.staff, backend.colleague]) {
      const mine = (await backend.api.get("/callbacks/mine", { token: agent.token })).body as { id: number }[];
      for (const callback of mine) expect((await backend.api.delete("/callbacks/{id}", { token: agent.token, path: { id: callback.id } })).status).toBe(204);
    }
  });
  const step = (campaign: { id: number }, name: CampaignStep) => backend.api.post("/campaigns/{id}/{step}", { token: backend.admin.token, path: { id: campaign.id, step: name } });

  return {
    /** A member the queue serves `who` now (Blank, New Patient), no other case of the file touches. */
    async servable(who: SignedIn = backend.staff): Promise<any> {
      for (;;) {
        const member = await members.freshMember({ result: "", status: "New Patient" });
        const counts = await backend.api.get("/queue/counts", { token: who.token, query: only(member) });
        if (counts.body.eligible === 1) return member;
      }
    },

    /** A campaign targeting the member, assigned to the agent, from 14 November 2026 on; active unless `start` is false. */
    async campaignFor(member: any, agent: SignedIn, overrides: Record<string, unknown> = {}, start = true): Promise<any> {
      const created = await backend.api.post("/campaigns", {
        token: backend.admin.token,
        body: {
          name: `${label} ${(run += 1)}`,
          description: "",
          script: "",
          targets: only(member),
          agents: [agent.user.id],
          startsOn: "2026-11-14",
          endsOn: "2099-12-31",
          hours: null,
          goalResult: null,
          attemptCap: null,
          position: 0,
          ...overrides,
        },
      });
      expect(created.status).toBe(201);
      if (!start) return created.body;
      const started = await step(created.body, "resume");
      expect(started.status).toBe(200);
      return started.body;
    },

    step,
  };
}
