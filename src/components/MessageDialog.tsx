import type { ReactNode } from "react";
import { Modal } from "./Modal";

/** A dialog that tells one thing and has one OK button that closes it. */
export function MessageDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      }
    >
      {children}
    </Modal>
  );
}
