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

/**
 * Names an element that may be drawn again while a dialog it opened is open (a row of a list read
 * again underneath), so that focus returns to it; a labelled control is named by its label.
 */
export const FOCUS_KEY_ATTRIBUTE = "data-focus-key";

const NAMING_ATTRIBUTES = [FOCUS_KEY_ATTRIBUTE, "aria-label"];

/** The element drawn in place of `opener` (removed): of its kind, with one of its names. */
function redrawn(opener: HTMLElement): HTMLElement | undefined {
  for (const name of NAMING_ATTRIBUTES) {
    const value = opener.getAttribute(name);
    if (value === null) continue;
    const twin = [...document.querySelectorAll<HTMLElement>(`${opener.localName}[${name}]`)].find((element) => element.getAttribute(name) === value);
    if (twin) return twin;
  }
  return undefined;
}

/** Where focus returns on close: the opener, or the element drawn in its place, or the marked one. */
function returnTarget(opener: HTMLElement | null): HTMLElement | null {
  if (opener?.isConnected) return opener;
  return (opener && redrawn(opener)) ?? document.querySelector<HTMLElement>(`[${FOCUS_RETURN_ATTRIBUTE}]`);
}

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
    return () => returnTarget(previous)?.focus();
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
