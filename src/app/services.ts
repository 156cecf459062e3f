// The composition root: the one place where machines meet their effects. Each machine's calls come
// from its own actors file (src/machines/<m>/<m>.actors.ts); the browser's side (storage, cookies,
// the router, the loader, the alert) from src/app. The app's long-lived actors run from here; each
// screen's actors are made from these provided machines when the screen shows (screenRoutes.tsx)
// and handed to it.
import { createActor } from "xstate";
import { createApiClient } from "../api/client";
import type { ApiFailure } from "../api/errors";
import { callRecordingsMachine } from "../machines/callRecordings/callRecordings.machine";
import { createCallRecordingsActors } from "../machines/callRecordings/callRecordings.actors";
import { recordingPlayerMachine } from "../machines/recordingPlayer/recordingPlayer.machine";
import { createRecordingPlayerActors } from "../machines/recordingPlayer/recordingPlayer.actors";
import { dashboardMachine } from "../machines/dashboard/dashboard.machine";
import { createDashboardActors } from "../machines/dashboard/dashboard.actors";
import { feedbackMachine } from "../machines/feedback/feedback.machine";
import { createFeedbackActors } from "../machines/feedback/feedback.actors";
import { membersMachine } from "../machines/members/members.machine";
import { createMembersActors } from "../machines/members/members.actors";
import { liveEventsMachine } from "../machines/liveEvents/liveEvents.machine";
import { createLiveEventsActors } from "../machines/liveEvents/liveEvents.actors";
import { setDefaultMachine } from "../machines/setDefault/setDefault.machine";
import { createSetDefaultActors } from "../machines/setDefault/setDefault.actors";
import { shellMachine } from "../machines/shell/shell.machine";
import { regionNamesMachine } from "../machines/regionNames/regionNames.machine";
import { createRegionNamesActors } from "../machines/regionNames/regionNames.actors";
import { topBarMachine } from "../machines/topBar/topBar.machine";
import { createTopBarActors } from "../machines/topBar/topBar.actors";
import { usageTrackingMachine } from "../machines/usage/usageTracking.machine";
import { createUsageTrackingActors } from "../machines/usage/usageTracking.actors";
import { createAppEffects } from "./appEffects";
import { exportMachine } from "../machines/export/export.machine";
import { createExportActors } from "../machines/export/export.actors";
import { saveExport } from "./saveExport";
import { persistFilters, readSavedFilters } from "./memberFilterStorage";
import { createReportMachines } from "./reportMachines";
import { createAuthActor, provideLoginMachine } from "./signIn";
import { createLiveBoard } from "./liveBoard";

export interface ServicesOptions {
  /** Absolute base URL of the API, e.g. `${location.origin}/api`. */
  baseUrl: string;
  navigate: (to: string) => void;
  /** The XState inspector's observer, in development when asked for (src/main.tsx). */
  inspect?: InspectionObserver;
}

type InspectionObserver = NonNullable<Parameters<typeof createActor>[1]>["inspect"];

export function createServices({ baseUrl, navigate, inspect }: ServicesOptions) {
  // The client reads the token from, and reports an ended session to, the auth actor created next.
  let accessToken: () => string | undefined = () => undefined;
  let sessionExpired: (failure: ApiFailure) => void = () => {};
  const shell = createActor(shellMachine, { inspect });
  const api = createApiClient({
    baseUrl,
    getAccessToken: () => accessToken(),
    onSessionExpired: (failure) => sessionExpired(failure),
    onDataAge: (seconds) => shell.send({ type: "data.aged", seconds }),
  });

  const auth = createAuthActor(api, navigate, inspect);
  accessToken = () => auth.getSnapshot().context.session?.accessToken;
  sessionExpired = (failure) => auth.send({ type: "session.expired", failure });
  const regionNames = createActor(regionNamesMachine.provide({ actors: createRegionNamesActors(api) }), { inspect });
  const usageTracking = createActor(usageTrackingMachine.provide({ actors: createUsageTrackingActors(api) }), { inspect });
  const effects = createAppEffects(auth, shell);

  // Started and stopped with the app (src/main.tsx), in this order and the reverse.
  const longLived = [auth, shell, regionNames, usageTracking];
  return {
    auth,
    shell,
    /** The regions' current names, for the menu and the members list's title. */
    regionNames,
    usageTracking,
    login: provideLoginMachine(api, auth),
    topBar: topBarMachine.provide({ actors: createTopBarActors(api) }),
    feedback: feedbackMachine.provide({ actors: createFeedbackActors(api) }),
    setDefault: setDefaultMachine.provide({ actors: createSetDefaultActors(api), actions: effects }),
    dashboard: dashboardMachine.provide({ actors: createDashboardActors(api), actions: effects }),
    callRecordings: callRecordingsMachine.provide({ actors: createCallRecordingsActors(api, baseUrl), actions: effects }),
    /** The recordings' inline player, one per page that shows it. */
    recordingPlayer: recordingPlayerMachine.provide({ actors: createRecordingPlayerActors(api) }),
    members: membersMachine.provide({
      actors: createMembersActors(api, {
        ...effects,
        signedIn: () => accessToken() !== undefined,
        liveEvents: liveEventsMachine.provide({ actors: createLiveEventsActors(api, baseUrl) }),
        readSavedFilters,
        persistFilters,
      }),
    }),
    /** A CSV export of the server, with progress and cancel (the members list and the table reports). */
    exportCsv: exportMachine.provide({ actors: createExportActors(api), actions: { ...effects, saveExport: (_, file) => saveExport(file) } }),
    ...createReportMachines(api, effects),
    liveBoard: createLiveBoard(api, baseUrl),
    /** The API client and its base, for the administration's machines: made with its screens when they load (adminRoutes.tsx). */
    api,
    baseUrl,
    inspect,
    start: () => longLived.forEach((actor) => actor.start()),
    stop: () => [...longLived].reverse().forEach((actor) => actor.stop()),
  };
}

export type Services = ReturnType<typeof createServices>;
