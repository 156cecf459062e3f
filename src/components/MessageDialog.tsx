import type { ComponentProps, ReactNode } from "react";
import { Modal } from "./Modal";

interface MessageDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  placement?: ComponentProps<typeof Modal>["placement"];
}

/** A dialog that tells one thing and has one OK button that closes it. */
export function MessageDialog({ title, onClose, children, placement }: MessageDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      placement={placement}
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
