// Focus in the members table: the row holding the focus stays rendered while it scrolls away (the
// table's virtualiser keeps it), focus coming to a row makes it the work mode's current row, focus
// leaving a row stops working its member (not when the window loses focus to the phone), and the
// work mode's requests move the focus to the current row or open its result selector, each once.
import { useEffect, useRef, useState, type FocusEvent, type RefObject } from "react";
import type { Virtualizer } from "@tanstack/react-virtual";
import type { FocusTarget } from "../../machines/members/workMode/workMode.machine";

const rowOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>("tr[data-index]") : null);

interface RowFocusHandlers {
  /** Focus came to a row (pointer or Tab): it becomes the current row. */
  onRowFocus: (index: number) => void;
  /** The agent's focus left a member's row. */
  onLeave: (memberId: number) => void;
}

/** The row holding the focus (kept rendered), and the rows' focus handlers. */
export function useRowFocus({ onRowFocus, onLeave }: RowFocusHandlers) {
  const [focused, setFocused] = useState<number | null>(null);
  const onFocus = (event: FocusEvent) => {
    const index = rowOf(event.target)?.dataset.index;
    if (index === undefined) return;
    setFocused(Number(index));
    onRowFocus(Number(index));
  };
  const onBlur = (event: FocusEvent) => {
    // The window losing focus (the agent switched to the phone) leaves the focus where it was.
    if (document.activeElement === event.target) return;
    const from = rowOf(event.target);
    const to = rowOf(event.relatedTarget);
    if (!to) setFocused(null);
    if (from && from !== to) onLeave(Number(from.dataset.memberId));
  };
  return { focused, onFocus, onBlur };
}

interface FocusRequests {
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** The keyboard work mode's current row, and its latest request to move the focus. */
  current: { id: number; index: number } | null;
  focusRequest: { target: FocusTarget; seq: number };
}

/** Carries out the work mode's requests: the focus on the current row, or on its result selector (opened). */
export function useFocusRequests({ scrollRef, virtualizer, current, focusRequest }: FocusRequests) {
  // Each request once, never because the rows changed under a focus elsewhere.
  const handledRequest = useRef(0);
  useEffect(() => {
    if (focusRequest.seq === handledRequest.current || focusRequest.target === "search" || !current) return;
    handledRequest.current = focusRequest.seq;
    virtualizer.scrollToIndex(current.index);
    const tr = scrollRef.current?.querySelector<HTMLElement>(`tr[data-member-id="${current.id}"]`);
    if (focusRequest.target === "row") {
      tr?.focus();
      return;
    }
    const select = tr?.querySelector("select");
    select?.focus();
    try {
      select?.showPicker();
    } catch {
      // A browser that cannot open it from here leaves the selector focused, which opens on Alt+↓.
    }
  }, [focusRequest, current, virtualizer, scrollRef]);
}
