// The composition root: the one place where machines meet their effects (the API client, browser
// storage, cookies, the router). Screens receive running actors and provided machines from here.
import { createActor, fromPromise } from "xstate";
import { createApiClient, jsonParam, unwrap, type ApiClient } from "../api/client";
import { authMachine, type Session, type SignInRequest } from "../machines/auth/auth.machine";
import { feedbackMachine, type FeedbackPayload } from "../machines/feedback/feedback.machine";
import { loginMachine, PROVIDER_INIT_FAILED, type AuthProvider } from "../machines/login/login.machine";
import { reportMachine, type ReportFilters } from "../machines/report/report.machine";
import { setDefaultMachine, SETUP_APP_ID, type SetupRecord } from "../machines/setDefault/setDefault.machine";
import { shellMachine } from "../machines/shell/shell.machine";
import { topBarMachine } from "../machines/topBar/topBar.machine";
import { usageTrackingMachine, type PageVisit } from "../machines/usage/usageTracking.machine";
import { fromApiCall } from "./fromApiCall";
import { sessionStore } from "./sessionStore";

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

  return { api, auth, shell, usageTracking, login, topBar, feedback, setDefault, provideReport, start, stop };
}

export type Services = ReturnType<typeof createServices>;
