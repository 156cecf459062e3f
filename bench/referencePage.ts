// The reference of the members list's browser cost: the same 1000 rows from the same call, in a bare
// page with no application code (no React, no machines, no styles beyond a grid): a plain table whose
// rows in view are written as HTML strings, each at its place in a body as tall as every row. The
// benchmark clicks the same sorts on it and on the app; what the app takes beyond it is its own cost.

/** The page: `window.sortBy(column, descending)` loads and paints; resolves when the rows are painted. */
export function referencePage(apiBase: string, token: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reference: 1000 members</title>
<style>
  body { margin: 0; font: 14px sans-serif; }
  #scroller { height: 70vh; overflow: auto; }
  table, thead, tbody { display: block; }
  tr { display: grid; grid-template-columns: repeat(17, 8rem); height: 58px; }
  tbody { position: relative; }
  tbody tr { position: absolute; left: 0; }
  td, th { overflow: hidden; padding: 0.3rem; }
</style></head>
<body><div id="scroller"><table><thead><tr id="head"></tr></thead><tbody id="rows"></tbody></table></div>
<script>
  const API = ${JSON.stringify(apiBase)};
  const TOKEN = ${JSON.stringify(token)};
  const COLUMNS = ["Subscriber_ID", "PatNum", "MCO", "Last_Name", "Practice", "Address1", "Phone", "Date_of_Birth", "Age",
    "Days_Extracted", "notes", "notestimestamp", "Status", "Result", "LastVisit", "NextApt", "entryTime"];
  const ROW = 58;
  const OVERSCAN = 12;
  const scroller = document.getElementById("scroller");
  const body = document.getElementById("rows");
  document.getElementById("head").innerHTML = COLUMNS.map((column) => "<th>" + column + "</th>").join("");
  let members = [];
  const text = (value) => String(value ?? "").replace(/[&<]/g, (c) => (c === "&" ? "&amp;" : "&lt;"));
  function paint() {
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - OVERSCAN);
    const last = Math.min(members.length, Math.ceil((scroller.scrollTop + scroller.clientHeight) / ROW) + OVERSCAN);
    body.style.height = members.length * ROW + "px";
    let html = "";
    for (let index = first; index < last; index += 1) {
      const member = members[index];
      html += '<tr style="top:' + index * ROW + 'px">' + COLUMNS.map((column) => "<td>" + text(member[column]) + "</td>").join("") + "</tr>";
    }
    body.innerHTML = html;
  }
  scroller.addEventListener("scroll", paint, { passive: true });
  window.sortBy = async (column, descending) => {
    const query = new URLSearchParams({ pageNum: "1", pageSize: "1000", practice: "all", orderByColumn: column, sameColumn: String(descending) });
    const answer = await fetch(API + "/Members/getMembersTableData?" + query, { headers: { Authorization: "Bearer " + TOKEN } });
    members = (await answer.json()).members;
    paint();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  };
</script></body></html>`;
}
