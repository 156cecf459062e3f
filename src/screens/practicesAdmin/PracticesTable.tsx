// The practices, by abbreviation, with their region and payers.
import { useSelector } from "@xstate/react";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";

export function PracticesTable({ actor }: { actor: PracticesAdminActor }) {
  const practices = useSelector(actor, admin.selectPractices);
  const regions = useSelector(actor, admin.selectRegions);
  const canChange = useSelector(actor, admin.selectCanChange);
  const titleOf = (name: string) => regions.find((region) => region.name === name)?.title ?? name;

  return (
    <div className="table-scroll">
      <table className="data-table admin-table">
        <caption>Practices ({practices.length})</caption>
        <thead>
          <tr>
            <th scope="col">Abbreviation</th>
            <th scope="col">Name</th>
            <th scope="col">Region</th>
            <th scope="col">Payers</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {practices.length === 0 ? (
            <tr>
              <td colSpan={5} className="data-table__empty">
                No practices yet: add the first one.
              </td>
            </tr>
          ) : (
            practices.map((practice) => (
              <tr key={practice.id}>
                <th scope="row">{practice.practiceabbr}</th>
                <td>{practice.practice}</td>
                <td className="admin-table__nowrap">
                  {practice.region} <span className="muted">{titleOf(practice.region)}</span>
                </td>
                <td>{practice.brands.length > 0 ? practice.brands.map((brand) => brand.toUpperCase()).join(", ") : <span className="muted">None</span>}</td>
                <td>
                  <div className="admin-table__actions">
                    <button type="button" className="button" disabled={!canChange} aria-label={`Edit ${practice.practiceabbr}`} onClick={() => actor.send({ type: "practices.edit", id: practice.id })}>
                      Edit
                    </button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
