// The four regions of the specification, with the names the practice group gives them.
import { useSelector } from "@xstate/react";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";

export function RegionsTable({ actor }: { actor: PracticesAdminActor }) {
  const regions = useSelector(actor, admin.selectRegions);
  const canChange = useSelector(actor, admin.selectCanChange);
  return (
    <div className="table-scroll">
      <table className="data-table admin-table">
        <caption>Regions</caption>
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
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
