// Business constants of the product specification, section 9 unless noted. Machines take their
// delays from here by name, so each number is written once.

/** §9 Page size choices. */
export const PAGE_SIZES = [15, 50, 100, 1000] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** §9 Pagination boundary and sibling range. */
export const PAGINATION_BOUNDARY_COUNT = 1;
export const PAGINATION_SIBLING_COUNT = 1;
/** §9 Members page pagination set to 30 pages. */
export const MEMBERS_PAGINATION_PAGES = 30;

/** §9 Search debounce, members list (ms). */
export const MEMBER_SEARCH_DEBOUNCE_MS = 750;
/** §9 Search debounce, usage report (ms). */
export const USAGE_SEARCH_DEBOUNCE_MS = 500;
/** §9 Open-issues check after the dashboard loads (ms). */
export const OPEN_ISSUES_CHECK_DELAY_MS = 1000;
/** §9 Initial load delay (ms). */
export const INITIAL_LOAD_DELAY_MS = 1000;
/** §9 Usage tracking delay after each navigation (ms). */
export const USAGE_TRACKING_DELAY_MS = 3000;
/** §9 Persist timeout of the auth state (ms). */
export const PERSIST_TIMEOUT_MS = 5000;
/** A sign-in prepared at the OpenID Connect provider is prepared again after this long on the login screen (it lives 15 minutes on the server). */
export const PROVIDER_SIGN_IN_REFRESH_MS = 10 * 60_000;
/** §9 Sidebar animation (ms). */
export const SIDEBAR_ANIMATION_MS = 500;
/** A report's data older than this (read from a replica that is behind) is said on the page. */
export const DATA_AGE_SHOWN_OVER_SECONDS = 5;

/** §9 Member filter cookie and its lifetime in days. */
export const MEMBER_FILTERS_COOKIE = "memberFilters";
export const MEMBER_FILTERS_COOKIE_DAYS = 30;
/** §9 Login cookie lifetime in days. */
export const LOGIN_COOKIE_DAYS = 7;

/** §9 Note preview length in the members list. */
export const NOTE_PREVIEW_LENGTH = 27;
/** §6 More default practices than this means the practice filter shows All. */
export const MAX_DEFAULT_PRACTICES = 25;
/** §9 Help PDF frame height. */
export const HELP_PDF_FRAME_HEIGHT = "500px";

/** §9 Date formats (dayjs tokens; the lead report's MM-dd-yyyy is written in domain/reports/leadData.ts). */
export const OPEN_ISSUE_DATE_FORMAT = "D MMMM YYYY HH:mm";
export const FEEDBACK_DATE_FORMAT = "MM/DD/YYYY hh:mm A";

/** The team's worklist (docs/architecture.md, Agents as a team), not the specification's. */
/** A held claim is renewed this often: well inside its 2 minutes, so one lost renewal does not end it. */
export const CLAIM_RENEW_MS = 45_000;
/** The event stream's first reconnection waits this long, doubling with each failure up to the cap. */
export const STREAM_BACKOFF_FIRST_MS = 1_000;
export const STREAM_BACKOFF_MAX_MS = 30_000;
/** A live stream silent this long is dead (the server comments every 25 s): reconnect. */
export const STREAM_SILENCE_MS = 60_000;
/** Another agent's saves refresh the list's count once they pause this long. */
export const COUNT_REFRESH_DEBOUNCE_MS = 1_000;
/** A members import from the browser is asked for its progress this often while it runs (ms). */
export const IMPORT_PROGRESS_POLL_MS = 1_000;
/** The Crons dialog reads the jobs again this often while one of them runs, to show its outcome (ms). */
export const CRONS_RUNNING_POLL_MS = 2_000;

/** The work queue's callbacks in the browser (docs/architecture.md, The work queue). */
/** "Callback booked for …" stays in the picker this long before it closes (ms). */
export const CALLBACK_BOOKED_NOTICE_MS = 2_500;

/** The recordings' inline player (src/machines/recordingPlayer). */
/** The speeds it offers. */
export const PLAYBACK_RATES = [1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
/** Audio that has not started this long after its link arrived is reported as failed (ms). */
export const PLAYER_START_TIMEOUT_MS = 15_000;
/**
 * A recording's link is valid 5 minutes (openapi.yaml downloadCallRecording), and the audio element
 * asks it for more bytes (Range) as it plays and seeks: after 4 minutes the player takes a new link
 * before it resumes or seeks, so no request meets an expired one.
 */
export const PLAYER_LINK_REUSE_MS = 4 * 60_000;

/** The Campaigns page's progress (src/machines/campaignProgress). */
/** Read again this often while the page is open: the server keeps the targets' counts a minute (ms). */
export const CAMPAIGN_PROGRESS_REFRESH_MS = 60_000;
/** The days chart shows this many days up to today; the CSV has every day. */
export const CAMPAIGN_CHART_DAYS = 60;
