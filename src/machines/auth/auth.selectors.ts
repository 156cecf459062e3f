import type { SnapshotFrom } from "xstate";
import type { authMachine } from "./auth.machine";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Still finding out whether someone is signed in (restoring storage, checking the session). */
export const selectDeciding = (snapshot: AuthSnapshot) =>
  snapshot.matches("restoring") || snapshot.matches("loadingSession");
export const selectSignedIn = (snapshot: AuthSnapshot) =>
  snapshot.matches("signedIn") || snapshot.matches("signingOut");
export const selectSigningIn = (snapshot: AuthSnapshot) => snapshot.matches("signingIn");
export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.session?.user ?? null;
export const selectIsAdmin = (snapshot: AuthSnapshot) => snapshot.context.session?.user.isAdmin === true;
export const selectPartnerPortal = (snapshot: AuthSnapshot) => snapshot.context.session?.mycdp_uri ?? null;
export const selectAlert = (snapshot: AuthSnapshot) => snapshot.context.alert;
