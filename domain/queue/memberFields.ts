// What the work queue adds to a member as the members list shows it (openapi.yaml Member): its
// open callback, its do-not-call result with who saved it when, its attempts and its time zone.
// Each backend works them out from its own records beside the member's own fields.
import type { components } from "../../contract/schema";

type Member = components["schemas"]["Member"];

export type MemberQueueFields = Pick<Member, "callback" | "doNotCall" | "attempts" | "timeZone">;

/** A member's own fields: the list's row without its claim and the queue's fields. */
export type MemberFields = Omit<Member, "claim" | keyof MemberQueueFields>;
