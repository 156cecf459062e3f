// The members worklist's calls: its filter options, the list, the result save, the agent's claim,
// and the dialogs' lists (notes, results history, crons) as provided child machines. The saved
// filters (URL query, cookie) and the live event stream are provided by src/app.
import { fromCallback, fromPromise } from "xstate";
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { fetchUserPractices, fetchUserSetup } from "../../api/userCalls";
import { SETUP_APP_ID } from "../setDefault/setDefault.machine";
import { listDialogMachine } from "./listDialog.machine";
import type { MembersQuery } from "./members.filters";
import type { ClaimCommand, ClaimReport, SaveResultOutcome, SaveResultRequest } from "./members.machine";
import { notesMachine, type NotesQuery } from "./notes.machine";
import { createNotesActors } from "./notes.actors";

/** A list dialog's `load`: its query is the members machine's to give, the answer the dialog's to show. */
const listLoad = (load: (query: unknown, signal: AbortSignal) => Promise<unknown[]>) =>
  listDialogMachine.provide({ actors: { load: fromApiCall<unknown[], { query: unknown }>(({ query }, signal) => load(query, signal)) } });

/** `signedIn`: whether a session is there to release a claim with (signing out ends claims on the server). */
export function createMembersActors(api: ApiClient, { signedIn }: { signedIn: () => boolean }) {
  return {
    loadOptions: fromApiCall(async (input: { userId: number }, signal) => {
      const [practices, dentists, setup] = await Promise.all([
        fetchUserPractices(api, input.userId, signal),
        unwrap(api.GET("/Members/getDentistList", { signal })),
        fetchUserSetup(api, { userId: input.userId, appId: SETUP_APP_ID }, signal),
      ]);
      return { practices, dentists, setup };
    }),
    loadMembers: fromApiCall((query: MembersQuery, signal) =>
      unwrap(api.GET("/Members/getMembersTableData", { params: { query }, signal })),
    ),
    /** A 409 is an outcome, not a failure: the result someone else saved, for the agent to choose. */
    saveResult: fromApiCall(async (body: SaveResultRequest, signal): Promise<SaveResultOutcome> => {
      const call = api.POST("/Members/saveResult", { body, signal });
      const { error, response } = await call;
      if (response.status === 409 && error && "current" in error) return { conflict: error.current };
      const saved = await unwrap(call);
      return { version: saved.version };
    }),
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
        const { data, error, response } = await api.POST("/Members/claims", { body: { memberId } });
        if (data) ours = true;
        // A claim answered after the agent left is released at once: nothing holds it any more.
        if (left) return release();
        if (data) sendBack({ type: "members.claim.report", claim: data } satisfies ClaimReport);
        else if (response.status === 409 && error && "claim" in error) {
          ours = false;
          sendBack({ type: "members.claim.report", claim: error.claim } satisfies ClaimReport);
        }
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
    notesDialog: notesMachine.provide({ actors: createNotesActors(api) }),
    historyDialog: listLoad((query, signal) =>
      unwrap(api.GET("/Members/getResults/{params}", { params: { path: { params: jsonParam(query as NotesQuery) } }, signal })),
    ),
    cronsDialog: listLoad((_, signal) => unwrap(api.GET("/Members/crons", { signal }))),
  };
}
