// The keyboard work mode's keys on the members page: keys aimed at the page, its main region or
// nowhere (not the menu or the top bar) become the work mode's commands; a field, a modifier or an
// open dialog keeps them silent (workCommandOf). Keys pressed on the member the work queue served
// (NowCalling) are about that member. Its requests for the search field are carried out
// here; those for a row, in the table (useRowFocus).
import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import type { ActorRefFrom } from "xstate";
import type { workModeMachine } from "../../machines/members/workMode/workMode.machine";
import { workCommandOf } from "../../machines/members/workMode/workMode.keys";
import { selectFocusRequest } from "../../machines/members/workMode/workMode.selectors";

export function useWorkModeKeys(work: ActorRefFrom<typeof workModeMachine>) {
  const pageRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const focusRequest = useSelector(work, selectFocusRequest);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const page = pageRef.current;
      if (event.defaultPrevented || !page || (target && !page.contains(target) && !target.contains(page))) return;
      const { key, ctrlKey, altKey, metaKey } = event;
      // Any dialog of the app, the top bar's too.
      const dialogOpen = document.querySelector('[aria-modal="true"]') !== null;
      const command = workCommandOf({ key, ctrlKey, altKey, metaKey, target, dialogOpen });
      if (!command) return;
      event.preventDefault();
      work.send({ type: "work.command", command, onServed: target?.closest("[data-queue-served]") != null });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [work]);

  useEffect(() => {
    if (focusRequest.seq > 0 && focusRequest.target === "search") searchRef.current?.focus();
  }, [focusRequest]);

  return { pageRef, searchRef };
}
