// The members screens' Export CSV as they call it today, making its own export actor. It goes once
// the members screens receive their export actor from src/app and render ExportCsvButton.
import { useServices } from "../../app/ServicesContext";
import { useAppActor } from "../../app/useAppActor";
import type { ExportRequest } from "../../machines/export/export.machine";
import { ExportCsvButton } from "./ExportCsvButton";

interface ExportCsvProps {
  /** The export of the screen's current filters. */
  request: () => ExportRequest;
  disabled?: boolean;
  label?: string;
}

export function ExportCsv({ request, disabled = false, label }: ExportCsvProps) {
  const actor = useAppActor(useServices().exportCsv);
  return <ExportCsvButton actor={actor} request={disabled ? null : request()} label={label} />;
}
