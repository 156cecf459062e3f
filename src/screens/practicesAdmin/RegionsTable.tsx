// The call center's regions, with the names the practice group gives them and their practices.
import { useSelector } from "@xstate/react";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";

export function RegionsTable({ actor }: { actor: PracticesAdminActor }) {
  const regions = useSelector(actor, admin.selectRegions);
  const canChange = useSelector(actor, admin.selectCanChange);
  return (
    <div className="table-scroll">
      <table className="data-table admin-table">
        <caption>
          <span className="admin-table__caption">
            Regions
            <button type="button" className="button" disabled={!canChange} onClick={() => actor.send({ type: "regions.add" })}>
              Add region
            </button>
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Region</th>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Practices
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {regions.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                No regions yet: add the call center&apos;s regions, then their practices.
              </td>
            </tr>
          ) : null}
          {regions.map((region) => (
            <tr key={region.name}>
              <th scope="row">{region.name}</th>
              <td>{region.title}</td>
              <td className="num">{region.practices}</td>
              <td>
                <div className="admin-table__actions">
                  <button type="button" className="button" disabled={!canChange} aria-label={`Rename ${region.name}`} onClick={() => actor.send({ type: "regions.rename", name: region.name })}>
                    Rename
                  </button>
                  <button type="button" className="button" disabled={!canChange} aria-label={`Remove ${region.name}`} onClick={() => actor.send({ type: "regions.remove", name: region.name })}>
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
