// "Send report to yourself": the rows the screen shows arrive as JSON text, are checked against the
// contract's row schema (AJV cannot see inside a JSON string, so this is done here), and become a
// readable plain-text table with the same rows as a CSV attachment.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { components } from "../../src/api/schema";
import { contract } from "../openapi/document";
import type { FieldProblem } from "../openapi/validate";
import { addCounts, emptyCounts, GROUP_CELLS, type MembersStatusCounts } from "./membersStatus";

export type MembersStatusRow = components["schemas"]["MembersStatusReportRow"];

let validateRows: ValidateFunction | undefined;
function rowsValidator(): ValidateFunction {
  if (!validateRows) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema({ $id: "contract.json", components: contract.components });
    validateRows = ajv.compile({ type: "array", items: { $ref: "contract.json#/components/schemas/MembersStatusReportRow" } });
  }
  return validateRows;
}

/** The rows of `data`, or the problems named `data`, `data.3`, `data.3.total`. */
export function parseReportRows(data: string): { rows: MembersStatusRow[] } | { problems: FieldProblem[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { problems: [{ field: "data", message: "must be JSON text of the report rows" }] };
  }
  const validate = rowsValidator();
  if (!validate(parsed)) {
    return {
      problems: (validate.errors ?? []).map((error) => {
        const path = error.instancePath.split("/").filter(Boolean);
        if (error.keyword === "required") path.push(String(error.params.missingProperty));
        return { field: ["data", ...path].join("."), message: error.keyword === "required" ? "is required" : (error.message ?? "is invalid") };
      }),
    };
  }
  const rows = parsed as MembersStatusRow[];
  const problems = rows.flatMap((row, index) =>
    GROUP_CELLS.reduce((sum, cell) => sum + row[cell], 0) === row.total
      ? []
      : [{ field: `data.${index}.total`, message: "must be the sum of the nine group cells" }],
  );
  return problems.length > 0 ? { problems } : { rows };
}

const COLUMNS: { heading: string; cell: keyof MembersStatusCounts }[] = [
  ...GROUP_CELLS.map((cell) => ({ heading: cell.replace(/_/g, " "), cell })),
  { heading: "Members", cell: "total" },
  { heading: "Extracted", cell: "extractedMembers" },
];

function tableLines(rows: MembersStatusRow[]): string[][] {
  const totals = emptyCounts();
  for (const row of rows) addCounts(totals, row);
  return [
    ["Practice", ...COLUMNS.map((column) => column.heading)],
    ...[...rows, { practice: "Total", ...totals }].map((row) => [row.practice, ...COLUMNS.map((column) => String(row[column.cell]))]),
  ];
}

function plainTable(lines: string[][]): string {
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  return lines
    .map((line) => line.map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join("  "))
    .join("\n");
}

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export const MEMBERS_REPORT_SUBJECT = "Members Status Report";
export const MEMBERS_REPORT_CSV = "MembersStatusReport.csv";

/** The message: a plain-text table for reading and the same table as CSV (totals last). */
export function membersReportMail(rows: MembersStatusRow[], sentAt: Date) {
  const lines = tableLines(rows);
  const when = sentAt.toISOString().slice(0, 16).replace("T", " ");
  return {
    subject: `${MEMBERS_REPORT_SUBJECT} (${rows.length} practices)`,
    text: `Members status report, sent ${when} UTC.\nMembers is the sum of the three groups; Extracted counts every extracted member.\n\n${plainTable(lines)}\n`,
    attachments: [
      {
        filename: MEMBERS_REPORT_CSV,
        contentType: "text/csv",
        content: `${lines.map((line) => line.map(csvField).join(",")).join("\r\n")}\r\n`,
      },
    ],
  };
}
