// A row's result selector (§4: Blank and every option) and the lock every selector of the table
// shares while a result is saved.
import { createContext, useContext } from "react";
import type { MemberResult } from "../../machines/members/members.filters";
import { BLANK_RESULT, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";

/**
 * Whether the result selectors are locked (a save is under way). A context rather than a row prop:
 * locking and unlocking re-render the 1000 selectors, not the 1000 rows.
 */
export const LockedContext = createContext(false);

interface ResultSelectProps {
  label: string;
  value: MemberResult;
  /** The agent is opening the selector (pointer, or a key that opens or changes it). */
  onOpen: () => void;
  onChange: (result: MemberResult) => void;
}

/** Keys that only move focus through the selector do not start working its member. */
const PASSING_KEYS = new Set(["Tab", "Shift", "Escape", "Control", "Alt", "Meta"]);

export function ResultSelect({ label, value, onOpen, onChange }: ResultSelectProps) {
  const disabled = useContext(LockedContext);
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onPointerDown={onOpen}
      onKeyDown={(event) => PASSING_KEYS.has(event.key) || onOpen()}
      onChange={(event) => onChange(event.target.value as MemberResult)}
    >
      <option value={BLANK_RESULT}>Blank</option>
      {RESULT_OPTIONS.map((result) => (
        <option key={result} value={result}>
          {result}
        </option>
      ))}
    </select>
  );
}
