// A row's callback turns "Overdue callback" for other agents when its owner's grace period ends,
// with nothing else changing: the row renders again at that moment by itself.
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callbackBadge } from "../../machines/callbacks/callbackBadge";
import { useRenderAgainIn } from "../../components/useRenderAgainIn";

const MARCUS = { id: 7, firstname: "Marcus", lastname: "Reed" };
const callback = {
  id: 1,
  memberId: 2,
  dueAt: "2026-11-28T15:00:00Z",
  timeZone: "America/Chicago",
  note: "",
  status: "open" as const,
  version: 1,
  owner: MARCUS,
  ownerUntil: "2026-11-28T15:30:00Z",
  bookedBy: MARCUS,
  bookedAt: "2026-11-27T15:00:00Z",
};

/** The row's badge as MemberRow shows it. */
function Badge({ userId }: { userId: number }) {
  const badge = callbackBadge(callback, userId);
  useRenderAgainIn(badge.overdueInMs);
  return <p>{badge.text}</p>;
}

afterEach(() => vi.useRealTimers());

describe("a row's callback badge", () => {
  it("turns overdue for another agent at the end of the grace period, and never for its owner", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T15:29:00Z") });
    render(
      <>
        <Badge userId={9} />
        <Badge userId={MARCUS.id} />
      </>,
    );
    expect(screen.getAllByText(/^Callback Sat, Nov 28, 9:00 AM CST/)).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(59_000));
    expect(screen.queryByText("Overdue callback · booked by Marcus Reed")).toBeNull();
    act(() => void vi.advanceTimersByTime(1_000));
    expect(screen.getByText("Overdue callback · booked by Marcus Reed")).toBeInTheDocument();
    expect(screen.getAllByText(/^Callback Sat, Nov 28/)).toHaveLength(1);
  });
});
