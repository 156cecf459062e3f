// §2 Dashboard: the Help modal, the dashboard's help items with Watch Video and View PDF.
import { useId } from "react";
import { LoadStatus } from "../../components/LoadStatus";
import { Modal } from "../../components/Modal";
import type { HelpItem } from "../../machines/dashboard/dashboard.machine";
import type { HelpFileKind } from "../../machines/dashboard/helpFiles";

interface HelpModalProps {
  loading: boolean;
  items: HelpItem[];
  onOpenFile: (item: HelpItem, kind: HelpFileKind) => void;
  onClose: () => void;
}

export function HelpModal({ loading, items, onOpenFile, onClose }: HelpModalProps) {
  return (
    <Modal title="Help" onClose={onClose}>
      <LoadStatus loading={loading} loadingText="Loading help…" empty={!loading && items.length === 0 ? "No record found" : null} />
      {!loading && items.length > 0 ? (
        <ul className="help-list">
          {items.map((item) => (
            <HelpEntry key={item.id} item={item} onOpenFile={onOpenFile} />
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}

function HelpEntry({ item, onOpenFile }: { item: HelpItem; onOpenFile: HelpModalProps["onOpenFile"] }) {
  const headingId = useId();
  return (
    <li className="help-list__item">
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>{item.heading}</h3>
        <p>{item.description}</p>
        <div className="help-list__actions">
          <button type="button" className="button" aria-describedby={headingId} onClick={() => onOpenFile(item, "video")}>
            Watch Video
          </button>
          <button type="button" className="button" aria-describedby={headingId} onClick={() => onOpenFile(item, "pdf")}>
            View PDF
          </button>
        </div>
      </article>
    </li>
  );
}
