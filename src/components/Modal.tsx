import { useEffect, useId, useRef, type ReactNode } from "react";

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons of the dialog's footer. */
  actions?: ReactNode;
  size?: "small" | "medium" | "large";
  /** "bottom" keeps the middle of the page in view behind the backdrop (the login card). */
  placement?: "center" | "bottom";
}

/**
 * Where focus returns on close when the element that opened the dialog is gone (the item of a menu
 * that closed): the element marked with this attribute, e.g. the menu's own button.
 */
export const FOCUS_RETURN_ATTRIBUTE = "data-dialog-return";

const FOCUSABLE = 'button, [href], input, select, textarea, iframe, video, [tabindex]:not([tabindex="-1"])';

/** An accessible modal dialog: labelled by its title, focus moves in and returns, Escape closes. */
export function Modal({ title, onClose, children, actions, size = "medium", placement = "center" }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    // Focus starts on the content (the first field or choice), not on the close button.
    const inBody = dialog.current?.querySelector<HTMLElement>(`.modal__body :is(${FOCUSABLE}), .modal__footer :is(${FOCUSABLE})`);
    (inBody ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.current)?.focus();
    return () => {
      const target = previous?.isConnected ? previous : document.querySelector<HTMLElement>(`[${FOCUS_RETURN_ATTRIBUTE}]`);
      target?.focus();
    };
  }, []);

  function keepFocusInside(event: React.KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute("disabled"));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className={`modal-backdrop${placement === "bottom" ? " modal-backdrop--bottom" : ""}`}>
      <div
        ref={dialog}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        <div className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {actions ? <div className="modal__footer">{actions}</div> : null}
      </div>
    </div>
  );
}
