// Removing a region takes it out of every menu, filter and report: the screen asks first.
import { useSelector } from "@xstate/react";
import { Modal } from "../../components/Modal";
import type { PracticesAdminActor, RegionSummary } from "../../machines/practicesAdmin/practicesAdmin.machine";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";

export function ConfirmRemoveRegionDialog({ actor, region }: { actor: PracticesAdminActor; region: RegionSummary }) {
  const removing = useSelector(actor, admin.selectRemovalRunning);
  const cancel = () => actor.send({ type: "practices.cancel" });
  return (
    <Modal
      title={`Remove ${region.name} ${region.title}?`}
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" disabled={removing} onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="button button--danger" disabled={removing} onClick={() => actor.send({ type: "regions.remove.confirm" })}>
            {removing ? "Removing…" : "Remove"}
          </button>
        </>
      }
    >
      <p>
        {region.title} leaves every menu, filter and report. A region that still has practices stays: move them to another region first.
      </p>
    </Modal>
  );
}
