// Ways into Call Recordings from other screens: the page opened on a search, which matches a
// recording's phone, agent e-mail and file name (openapi.yaml getCallDirectoryList). The members
// list's results history links a member's recordings by their phone (the import writes phones as
// the list shows them); the live board's agent day links an agent's by their e-mail.
const SEARCH_PARAM = "search";
/** openapi.yaml getCallDirectoryList: `search` is at most 100 characters. */
const SEARCH_MAX = 100;

export const recordingsHref = (search: string) => `/call-recordings?${new URLSearchParams({ [SEARCH_PARAM]: search })}`;

/** The search a Call Recordings address asks for ('' for none), from its query string. */
export const searchOfQuery = (query: string) => (new URLSearchParams(query).get(SEARCH_PARAM) ?? "").trim().slice(0, SEARCH_MAX);
