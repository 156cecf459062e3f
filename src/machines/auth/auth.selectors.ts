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
/** The signed-in user's first and last name, as the top bar shows it. */
export const selectUserName = (snapshot: AuthSnapshot) => {
  const user = snapshot.context.session?.user;
  return user ? `${user.firstname} ${user.lastname}` : "";
};
/** The avatar's fallback: the initials of first and last name. */
export const selectUserInitials = (snapshot: AuthSnapshot) => {
  const user = snapshot.context.session?.user;
  return user ? `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() : "";
};
/** §3 User.profilePicture: the picture's URL, '' when there is none. */
export const selectUserPicture = (snapshot: AuthSnapshot) => snapshot.context.session?.user.profilePicture ?? "";
export const selectIsAdmin = (snapshot: AuthSnapshot) => snapshot.context.session?.user.isAdmin === true;
export const selectPartnerPortal = (snapshot: AuthSnapshot) => snapshot.context.session?.mycdp_uri ?? null;
export const selectAlert = (snapshot: AuthSnapshot) => snapshot.context.alert;
