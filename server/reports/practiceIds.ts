// Practice ids from a request: the contract bounds them below (1) but not above, and an id beyond
// a PostgreSQL integer cannot be compared with the column; no practice has it, so it matches nothing.
const MAX_PRACTICE_ID = 2_147_483_647;

/** The ids that could name a stored practice. */
export const storableIds = (ids: readonly number[]): number[] => ids.filter((id) => id <= MAX_PRACTICE_ID);
