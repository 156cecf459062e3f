// The Staff screen's list: every account with its role, default practices, last sign-in and state,
// and the buttons that change it.
import { useSelector } from "@xstate/react";
import { formatDateTime } from "../../lib/dateTime";
import { PracticeList } from "../../components/PracticeList";
import * as staff from "../../machines/staff/staff.selectors";
import type { StaffActor } from "../../machines/staff/staff.machine";

export function StaffTable({ actor }: { actor: StaffActor }) {
  const rows = useSelector(actor, staff.selectStaff);
  const practices = useSelector(actor, staff.selectPractices);
  const selfId = useSelector(actor, staff.selectSelfId);
  const canChange = useSelector(actor, staff.selectCanChange);
  const busyId = useSelector(actor, staff.selectBusyId);

  return (
    <div className="table-scroll">
      <table className="data-table admin-table">
        <caption>Staff accounts ({rows.length})</caption>
        <thead>
          <tr>
            <th scope="col">Name and e-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Default practices</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Access</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((member) => {
            const name = `${member.firstname} ${member.lastname}`;
            return (
              <tr key={member.id} className={member.disabled ? "admin-table__row--disabled" : undefined}>
                <th scope="row">
                  {name}
                  {member.id === selfId ? <span className="muted"> (you)</span> : null}
                  <span className="admin-table__email">{member.email}</span>
                </th>
                <td>{member.isAdmin ? "Administrator" : "Staff"}</td>
                <td>
                  <PracticeList names={staff.practiceList(member, practices)} />
                </td>
                <td>{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : "Never"}</td>
                <td>{member.disabled ? <span className="badge badge--muted">Disabled</span> : "Enabled"}</td>
                <td>
                  <div className="admin-table__actions">
                    <button type="button" className="button" disabled={!canChange} aria-label={`Edit ${name}`} onClick={() => actor.send({ type: "staff.edit", id: member.id })}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={!canChange}
                      aria-label={`${member.disabled ? "Enable" : "Disable"} ${name}`}
                      onClick={() => actor.send({ type: member.disabled ? "staff.enable" : "staff.disable", id: member.id })}
                    >
                      {busyId === member.id ? "…" : member.disabled ? "Enable" : "Disable"}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
