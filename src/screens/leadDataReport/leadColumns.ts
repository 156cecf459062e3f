// The columns of a lead data table: the location, then one count per period the answer carries.
import type { Column } from "../../components/DataTable";
import type { LeadDataReport } from "../../machines/leadDataReport/leadDataReport.machine";

export type LeadRow = LeadDataReport["leadsEntered"][number];

export function leadColumnsOf(report: LeadDataReport): Column<LeadRow>[] {
  return [
    { key: "location", header: "Location" },
    ...report.periods.map((period) => ({
      key: period.key,
      header: period.label,
      align: "end" as const,
      cell: (row: LeadRow) => row.counts[period.key as keyof LeadRow["counts"]] ?? 0,
    })),
  ];
}
