// The refused rows of an import (the first 1,000 by line), each with why.
import type { components } from "../../../contract/schema";

const count = (value: number) => value.toLocaleString("en-US");

export function RejectedRows({ shown, more }: { shown: components["schemas"]["ImportRejection"][]; more: number }) {
  if (shown.length === 0) return null;
  return (
    <div className="table-scroll admin-report__rejections">
      <table className="data-table">
        <caption>Refused rows{more > 0 ? ` (the first ${count(shown.length)}; ${count(more)} more)` : ""}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((rejection, index) => (
            <tr key={`${rejection.line}:${index}`}>
              <td className="num">{rejection.line}</td>
              <td>{rejection.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
