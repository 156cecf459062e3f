// The composition root: the one place where machines meet their effects (the API client, browser
// storage, cookies, the router). Screens receive running actors and provided machines from here.
import { createActor, fromPromise } from "xstate";
import { createApiClient, jsonParam, unwrap, type ApiClient } from "../api/client";
import { authMachine, type Session, type SignInRequest } from "../machines/auth/auth.machine";
import { callRecordingsMachine, type DirectoryQuery } from "../machines/callRecordings/callRecordings.machine";
import { usageReportMachine, type UsageQuery } from "../machines/usageReport/usageReport.machine";
import { dashboardMachine } from "../machines/dashboard/dashboard.machine";
import { feedbackMachine, type FeedbackPayload } from "../machines/feedback/feedback.machine";
import { loginMachine, PROVIDER_INIT_FAILED, type AuthProvider } from "../machines/login/login.machine";
import { newPatientOriginMachine, type NewPatientOriginQuery } from "../machines/newPatientOrigin/newPatientOrigin.machine";
import { reportMachine, type ReportFilters } from "../machines/report/report.machine";
import { setDefaultMachine, SETUP_APP_ID, type SetupRecord } from "../machines/setDefault/setDefault.machine";
import { shellMachine } from "../machines/shell/shell.machine";
import { topBarMachine } from "../machines/topBar/topBar.machine";
import { usageTrackingMachine, type PageVisit } from "../machines/usage/usageTracking.machine";
import { listDialogMachine } from "../machines/members/listDialog.machine";
import { cookieValue, readCookieFilters, readUrlFilters, urlQuery, type MembersQuery } from "../machines/members/members.filters";
import { membersMachine, type SaveResultRequest } from "../machines/members/members.machine";
import { notesMachine, type NotesQuery, type SaveNotesRequest } from "../machines/members/notes.machine";
import { MEMBER_FILTERS_COOKIE, MEMBER_FILTERS_COOKIE_DAYS } from "../lib/constants";
import { readCookie, writeCookie } from "../lib/cookies";
import { zonedDate } from "../../domain/calendar.ts";
import { offeredMonths } from "../../domain/reports/newPatientOrigin.ts";
import { qualityIndexPeriods } from "../../domain/reports/qualityIndex.ts";
import { fromApiCall } from "./fromApiCall";
import { saveFile } from "./saveFile";
import { sessionStore } from "./sessionStore";
import { createTableReportServices } from "./tableReportServices";

export interface ServicesOptions {
  /** Absolute base URL of the API, e.g. `${location.origin}/api`. */
  baseUrl: string;
  navigate: (to: string) => void;
  /** The XState inspector's observer, in development when asked for (src/main.tsx). */
  inspect?: InspectionObserver;
}

type InspectionObserver = NonNullable<Parameters<typeof createActor>[1]>["inspect"];

function signIn(api: ApiClient, request: SignInRequest, signal: AbortSignal) {
  switch (request.kind) {
    case "account": {
      const { kind: _kind, ...body } = request;
      return unwrap(api.POST("/sessions", { params: { query: { jwt: 1 } }, body, signal }));
    }
    case "handoff":
      return unwrap(api.GET("/sessions/cdpLogin/{token}", { params: { path: { token: request.token } }, signal }));
    case "password":
      return unwrap(
        api.POST("/sessions/login", {
          params: { query: { jwt: 1 } },
          body: { email: request.email, password: request.password },
          signal,
        }),
      );
  }
}

/** §5: the feedback attachment, read as a data URL; closing the dialog stops the reading. */
function readAsDataUrl(file: File, signal: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    signal.addEventListener("abort", () => reader.abort());
    reader.readAsDataURL(file);
  });
}

export function createServices({ baseUrl, navigate, inspect }: ServicesOptions) {
  let accessToken: () => string | undefined = () => undefined;
  let sessionExpired = () => {};
  const api = createApiClient({
    baseUrl,
    getAccessToken: () => accessToken(),
    onSessionExpired: () => sessionExpired(),
  });

  const auth = createActor(
    authMachine.provide({
      actors: {
        readPersistedSession: fromPromise(async () => sessionStore.read()),
        loadSession: fromApiCall<Session | null, { token: string }>((_, signal) => unwrap(api.GET("/sessions", { signal }))),
        signIn: fromApiCall((input: SignInRequest, signal) => signIn(api, input, signal)),
        signOut: fromApiCall<void, { token: string }>(async (_, signal) => {
          await unwrap(api.DELETE("/sessions", { signal }));
        }),
      },
      actions: {
        rememberSession: (_, { session }) => sessionStore.write(session),
        forgetSession: () => sessionStore.clear(),
        navigate: (_, { to }) => navigate(to),
      },
    }),
    { inspect },
  );
  accessToken = () => auth.getSnapshot().context.session?.accessToken;
  sessionExpired = () => auth.send({ type: "session.expired" });

  const shell = createActor(shellMachine, { inspect });

  const usageTracking = createActor(
    usageTrackingMachine.provide({
      actors: {
        saveVisit: fromApiCall(async (input: PageVisit, signal) => {
          await unwrap(api.POST("/saveApplicationUsage", { body: input, signal }));
        }),
      },
    }),
    { inspect },
  );

  const login = loginMachine.provide({
    actors: {
      loadProvider: fromApiCall((_, signal) => unwrap(api.GET("/auth/provider", { signal }))),
      // No OpenID Connect provider script is bundled yet: a configured provider that cannot
      // initialise in this browser opens the specified dialog.
      initProvider: fromPromise<void, AuthProvider>(async () => {
        throw Object.assign(new Error("The account sign-in provider could not start."), { name: PROVIDER_INIT_FAILED });
      }),
      loadAccounts: fromApiCall((_, signal) => unwrap(api.GET("/auth/dev/accounts", { signal }))),
      issueDevCredential: fromApiCall(async (input: { email: string }, signal) => {
        const { credential } = await unwrap(api.POST("/auth/dev/token", { body: { email: input.email }, signal }));
        return credential;
      }),
    },
    actions: {
      requestSignIn: (_, { request, landing }) => auth.send({ type: "auth.signIn", request, landing }),
    },
  });

  const topBar = topBarMachine.provide({
    actors: {
      loadPartnersUri: fromApiCall(async (input: { userId: number }, signal) => {
        const { partners_uri } = await unwrap(
          api.GET("/getPartnersList/{userId}", { params: { path: { userId: input.userId } }, signal }),
        );
        return partners_uri;
      }),
    },
  });

  const loadPractices = fromApiCall(async (input: { userId: number }, signal) => {
    const { practicesList } = await unwrap(
      api.GET("/Members/practicesList/{id}", { params: { path: { id: input.userId } }, signal }),
    );
    return practicesList;
  });

  const feedback = feedbackMachine.provide({
    actors: {
      loadPractices,
      readFile: fromPromise(({ input, signal }) => readAsDataUrl(input.file, signal)),
      sendFeedback: fromApiCall(async (body: FeedbackPayload, signal) => {
        await unwrap(api.POST("/report/sendFeedback", { body, signal }));
      }),
    },
  });

  const setDefault = setDefaultMachine.provide({
    actors: {
      loadPractices,
      loadSetup: fromApiCall((input: { userId: number }, signal) =>
        unwrap(
          api.GET("/userSetup/{params}", {
            params: { path: { params: jsonParam({ userId: input.userId, appId: SETUP_APP_ID }) } },
            signal,
          }),
        ),
      ),
      saveSetupRecord: fromApiCall(async (body: SetupRecord, signal) => {
        await unwrap(api.POST("/userSetup", { body, signal }));
      }),
    },
    actions: { reloadPage: () => location.reload() },
  });

  // Dashboard (issue 6): the open-issues check and the dashboard's help items.
  const dashboard = dashboardMachine.provide({
    actors: {
      loadOpenIssues: fromApiCall((body: { applicationList: string[] }, signal) =>
        unwrap(api.POST("/Members/getOpenIssues", { body, signal })),
      ),
      loadHelp: fromApiCall((input: { pageId: string }, signal) =>
        unwrap(api.GET("/helpMark/{params}", { params: { path: { params: jsonParam(input) } }, signal })),
      ),
    },
    actions: { reportFailure: (_, { failure }) => auth.send({ type: "auth.failure", failure }) },
  });

  // Call Recordings (issue 6). §8: the directory and campaign calls' errors are the machine's to swallow.
  const callRecordings = callRecordingsMachine.provide({
    actors: {
      loadCampaigns: fromApiCall((_, signal) => unwrap(api.GET("/call-recordings/campaigns", { signal }))),
      loadDirectory: fromApiCall((query: DirectoryQuery, signal) =>
        unwrap(api.GET("/call-recordings/directoryList", { params: { query }, signal })),
      ),
      requestDownload: fromApiCall(async (query: { key: string; title: string }, signal) => {
        const { data } = await unwrap(api.GET("/call-recordings/downloadCallRecording", { params: { query }, signal }));
        return data;
      }),
    },
    actions: {
      openInNewTab: (_, { url }) => void window.open(url, "_blank", "noopener"),
      reportFailure: (_, { failure }) => auth.send({ type: "auth.failure", failure }),
    },
  });

  // Universal Usage Report (issue 6): the shared report machine loads it, as the child `report`.
  const usageReport = usageReportMachine.provide({
    actors: {
      report: provideReport(({ visitedUrl, ...query }: UsageQuery, signal) =>
        unwrap(
          api.GET("/report/usage/{params}", {
            params: { path: { params: jsonParam(visitedUrl ? { ...query, visitedUrl } : query) } },
            signal,
          }),
        ),
      ),
    },
  });

  /** A report screen's machine with its load call and the shared loader and error handling. */
  function provideReport<TFilters extends ReportFilters, TData>(load: (filters: TFilters, signal: AbortSignal) => Promise<TData>) {
    return reportMachine.provide({
      actors: { load: fromApiCall<unknown, ReportFilters>((filters, signal) => load(filters as TFilters, signal)) },
      actions: {
        showLoader: () => shell.send({ type: "loader.show" }),
        hideLoader: () => shell.send({ type: "loader.hide" }),
        reportFailure: (_, { failure }) => auth.send({ type: "auth.failure", failure }),
      },
    });
  }

  // Chart reports (issue 7): Contact Data, Quality Index, New Patient Origin.
  const chartReports = {
    contactData: provideReport((_: ReportFilters, signal) => unwrap(api.GET("/report/contact-data-report", { signal }))),
    // The period bounds are computed at each load: a Refresh after midnight asks for the new day.
    qualityIndex: provideReport((_: ReportFilters, signal) =>
      unwrap(api.POST("/report/quality-index-report", { body: qualityIndexPeriods(new Date()), signal })),
    ),
    newPatientOrigin: newPatientOriginMachine.provide({
      actors: {
        loadPractices: fromApiCall(async (_, signal) => (await unwrap(api.GET("/report/practicesList", { signal }))).practicesList),
        loadReport: fromApiCall((query: NewPatientOriginQuery, signal) =>
          unwrap(api.GET("/report/new-patient-origin", { params: { query: { params: jsonParam(query) } }, signal })),
        ),
      },
      actions: {
        showLoader: () => shell.send({ type: "loader.show" }),
        hideLoader: () => shell.send({ type: "loader.hide" }),
        reportFailure: (_, { failure }) => auth.send({ type: "auth.failure", failure }),
        saveFile: (_, file) => saveFile(file),
      },
    }),
    newPatientOriginInput: () => ({ months: offeredMonths(zonedDate(new Date())) }),
  };

  // Table reports (issue 6): Priority Status, Members Status, Lead Data, Deleted Appointments.
  const tableReports = createTableReportServices({ api, shell, auth, provideReport });

  // Members worklist (issue 5): the list call, its filter options, the result and note saves, the
  // dialogs' lists; filters mirrored into the URL query (practice, status, brand) and the cookie.
  const members = membersMachine.provide({
    actors: {
      readSavedFilters: fromPromise(async () => ({
        url: readUrlFilters(location.search),
        cookie: readCookieFilters(readCookie(MEMBER_FILTERS_COOKIE)),
      })),
      loadOptions: fromApiCall(async (input: { userId: number }, signal) => {
        const [{ practicesList }, dentists, setup] = await Promise.all([
          unwrap(api.GET("/Members/practicesList/{id}", { params: { path: { id: input.userId } }, signal })),
          unwrap(api.GET("/Members/getDentistList", { signal })),
          unwrap(
            api.GET("/userSetup/{params}", {
              params: { path: { params: jsonParam({ userId: input.userId, appId: SETUP_APP_ID }) } },
              signal,
            }),
          ),
        ]);
        return { practices: practicesList, dentists, setup };
      }),
      loadMembers: fromApiCall((query: MembersQuery, signal) =>
        unwrap(api.GET("/Members/getMembersTableData", { params: { query }, signal })),
      ),
      saveResult: fromApiCall(async (body: SaveResultRequest, signal) => {
        await unwrap(api.POST("/Members/saveResult", { body, signal }));
      }),
      notesDialog: notesMachine.provide({
        actors: {
          loadNotes: fromApiCall((member: NotesQuery, signal) =>
            unwrap(api.GET("/Members/getNotes/{params}", { params: { path: { params: jsonParam(member) } }, signal })),
          ),
          saveNote: fromApiCall(async (body: SaveNotesRequest, signal) => {
            await unwrap(api.POST("/Members/saveNotes", { body, signal }));
          }),
        },
      }),
      historyDialog: listDialogMachine.provide({
        actors: {
          load: fromApiCall<unknown[], { query: unknown }>(({ query }, signal) =>
            unwrap(api.GET("/Members/getResults/{params}", { params: { path: { params: jsonParam(query as NotesQuery) } }, signal })),
          ),
        },
      }),
      cronsDialog: listDialogMachine.provide({
        actors: { load: fromApiCall<unknown[], { query: unknown }>((_, signal) => unwrap(api.GET("/Members/crons", { signal }))) },
      }),
    },
    actions: {
      persistFilters: (_, { filters, pageSize }) => {
        writeCookie(MEMBER_FILTERS_COOKIE, cookieValue(filters, pageSize), MEMBER_FILTERS_COOKIE_DAYS);
        const url = new URL(location.href);
        for (const [name, value] of Object.entries(urlQuery(filters))) url.searchParams.set(name, value);
        if (url.href !== location.href) history.replaceState(history.state, "", url);
      },
      reportFailure: (_, { failure }) => auth.send({ type: "auth.failure", failure }),
    },
  });

  function start() {
    auth.start();
    shell.start();
    usageTracking.start();
  }

  function stop() {
    usageTracking.stop();
    shell.stop();
    auth.stop();
  }

  return { api, auth, shell, usageTracking, login, topBar, feedback, setDefault, dashboard, callRecordings, usageReport, members, provideReport, chartReports, tableReports, inspect, start, stop };
}

export type Services = ReturnType<typeof createServices>;
