// A members row as the contract's Member: its own fields (the list and the export answer alike),
// then with its claim and what the work queue adds (the list, and the member Next serves).
import type { RawBuilder } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { MemberFields } from "../../domain/queue/memberFields.ts";
import { servedMemberExtraSql, savedByOf, type LatestResultRow } from "../queue/memberQueue.repository.ts";
import { isDoNotCall } from "../../domain/queue/results.ts";
import { toCallback } from "../queue/callbacks.repository.ts";
import { toMemberClaim, type ClaimRow } from "./claims.repository.ts";
import type { ListedColumns } from "./listedColumns.repository.ts";
import { listedMemberSql, type MemberRow } from "./members.repository.ts";
import { appointmentsOf, type AppointmentRow } from "../feeds/memberStatuses.repository.ts";

type Member = components["schemas"]["Member"];
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function memberOf(row: MemberRow): MemberFields {
  return {
    id: row.id,
    company: row.company as Member["company"],
    Subscriber_ID: row.subscriber_id,
    PatNum: row.pat_num,
    MCO: row.mco,
    First_Name: row.first_name,
    Middle_Name: row.middle_name,
    Last_Name: row.last_name,
    Practice: row.practice,
    practiceId: row.practice_id,
    Address1: row.address1,
    City: row.city,
    State: row.state,
    Phone: row.phone,
    Date_of_Birth: row.date_of_birth,
    Age: row.age,
    Days_Extracted: row.days_extracted,
    notes: row.notes,
    notestimestamp: iso(row.notes_at),
    Status: row.status as Member["Status"],
    Result: row.result as Member["Result"],
    LastVisit: row.last_visit,
    NextApt: iso(row.next_apt),
    entryTime: iso(row.entry_time)!,
    version: row.version,
  };
}

/** A row of the list's page read with its listed fields (listedMembersPage) as the contract's Member. */
export function listedMemberOf(row: MemberRow & ListedColumns, groupZone: string): Member {
  const save = row.do_not_call_save;
  return {
    ...memberOf(row),
    claim: row.claim ? toMemberClaim(row.claim) : null,
    callback: row.callback ? toCallback(row.callback) : null,
    // The do-not-call result the row shows, saved by whoever saved the member's latest result.
    doNotCall:
      save && isDoNotCall(row.result)
        ? { Result: row.result as Member["Result"], savedAt: iso(save.created_at)!, savedBy: { firstname: save.firstname, lastname: save.lastname } }
        : null,
    attempts: row.attempts ?? 0,
    timeZone: row.time_zone ?? groupZone,
  };
}

/**
 * The statement of the member Next serves as the list reads it, with its latest saved result and its
 * appointments (read in Next's claim): the member by id, or the one an expression of the claim's statement names.
 */
export const servedMemberSql = (memberId: number | RawBuilder<number>, claimsNow: Date, groupZone: string) =>
  listedMemberSql(memberId, claimsNow, groupZone, servedMemberExtraSql) as RawBuilder<ServedMemberRow>;

export type ServedMemberRow = MemberRow & ListedColumns & { last_result: LatestResultRow | null; appointments: AppointmentRow[] };

/** The member Next serves, its latest saved result and its appointments, from that row and the claim just made (the row was read before it). */
export function servedMemberOf(row: ServedMemberRow, claim: ClaimRow, groupZone: string) {
  return { member: listedMemberOf({ ...row, claim }, groupZone), lastResult: row.last_result && savedByOf(row.last_result), appointments: appointmentsOf(row.appointments) };
}
