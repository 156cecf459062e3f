import type { SnapshotFrom } from "xstate";
import type { loginMachine } from "./login.machine";

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectCookiesDialogOpen = (s: LoginSnapshot) => s.matches({ cookies: "disabledDialog" });
export const selectProviderLoading = (s: LoginSnapshot) =>
  s.matches({ signIn: "start" }) || s.matches({ signIn: "loadingProvider" }) || s.matches({ signIn: "initialisingProvider" });
export const selectCanChooseAccount = (s: LoginSnapshot) => s.can({ type: "login.chooseAccount" });
export const selectProviderUnavailable = (s: LoginSnapshot) =>
  s.matches({ signIn: "unavailable" }) || s.matches({ signIn: "providerFailed" });
export const selectProviderFailedDialogOpen = (s: LoginSnapshot) => s.matches({ signIn: "providerFailedDialog" });
export const selectChooserOpen = (s: LoginSnapshot) => s.matches({ signIn: "choosingAccount" });
export const selectChooserLoading = (s: LoginSnapshot) => s.matches({ signIn: { choosingAccount: "loading" } });
export const selectChooserIssuing = (s: LoginSnapshot) => s.matches({ signIn: { choosingAccount: "issuing" } });
export const selectChooserFailed = (s: LoginSnapshot) => s.matches({ signIn: { choosingAccount: "failed" } });
export const selectAccounts = (s: LoginSnapshot) => s.context.accounts;
export const selectLoginFailure = (s: LoginSnapshot) => s.context.failure;
export const selectRedirecting = (s: LoginSnapshot) => s.matches({ signIn: "redirecting" });
/** Local accounts: the server offers e-mail and password (PASSWORD_SIGN_IN). */
export const selectOffersPassword = (s: LoginSnapshot) => s.context.provider?.passwordSignIn === true;
export const selectCanSignInWithPassword = (s: LoginSnapshot) => s.can({ type: "login.password", email: "", password: "" });
