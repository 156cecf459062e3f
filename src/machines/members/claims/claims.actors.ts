// The claims' calls: holding the agent's claim on a member (POST and DELETE /Members/claims) and
// recording a call start (POST /Members/calls).
import { fromCallback, fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { dataOrConflict } from "../../../api/conflict";
import type { ClaimCommand, ClaimReport } from "./claims.machine";

/** `signedIn`: whether a session is there to release a claim with (signing out ends claims on the server). */
export function createClaimsActors(api: ApiClient, { signedIn }: { signedIn: () => boolean }) {
  return {
    /** The call is under way in the softphone whatever happens here: a failed record is not the agent's to handle. */
    recordCallStart: fromPromise(async ({ input: { memberId } }: { input: { memberId: number } }) => {
      await api.POST("/Members/calls", { body: { memberId } }).catch(() => {});
    }),
    holdClaim: fromCallback<ClaimCommand, { memberId: number }>(({ input: { memberId }, sendBack, receive }) => {
      /** The claim is the agent's (not a colleague's), the server has ended it, the member was left. */
      let ours = false;
      let ended = false;
      let left = false;
      const release = () => {
        if (!ours || ended || !signedIn()) return;
        ours = false;
        void api.DELETE("/Members/claims/{memberId}", { params: { path: { memberId } } }).catch(() => {});
      };
      const claim = async () => {
        const answer = await dataOrConflict(api.POST("/Members/claims", { body: { memberId } }), "claim");
        ours = "data" in answer;
        // A claim answered after the agent left is released at once: nothing holds it any more.
        if (left) return release();
        sendBack({ type: "members.claim.report", claim: "data" in answer ? answer.data : answer.conflict } satisfies ClaimReport);
      };
      // A failed claim is only a missing badge for the colleagues: the next renewal tries again.
      const attempt = () => void claim().catch(() => {});
      attempt();
      receive((command) => {
        if (command.type === "claim.renew") attempt();
        else ended = true;
      });
      return () => {
        left = true;
        release();
      };
    }),
  };
}
