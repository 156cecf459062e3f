// The app's side of the effects that many machines name: the generic error handler (§8), the loader
// overlay, a new tab, a page reload. Written once here; every machine.provide of the composition
// root takes them, and each machine uses the ones it names.
import type { ActorRefFrom } from "xstate";
import type { ApiFailure } from "../api/errors";
import type { authMachine } from "../machines/auth/auth.machine";
import type { shellMachine } from "../machines/shell/shell.machine";

export type AppEffects = ReturnType<typeof createAppEffects>;

export function createAppEffects(auth: ActorRefFrom<typeof authMachine>, shell: ActorRefFrom<typeof shellMachine>) {
  return {
    /** An ended session logs out; any other failure becomes the alert (the auth machine decides). */
    reportFailure: (_: unknown, { failure }: { failure: ApiFailure }) => auth.send({ type: "auth.failure", failure }),
    showLoader: () => shell.send({ type: "loader.show" }),
    hideLoader: () => shell.send({ type: "loader.hide" }),
    openInNewTab: (_: unknown, { url }: { url: string }) => void window.open(url, "_blank", "noopener"),
    reloadPage: () => location.reload(),
  };
}
