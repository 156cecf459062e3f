// §2 Login screen: titled SIGN IN, with the account sign-in button, and e-mail and password where
// the server offers local accounts; the token or the provider's answer in the address signs in by
// itself; the provider-failure dialog and the cookies-disabled modal.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import type { authMachine } from "../../machines/auth/auth.machine";
import { selectAlert, selectSigningIn } from "../../machines/auth/auth.selectors";
import type { loginMachine } from "../../machines/login/login.machine";
import * as login from "../../machines/login/login.selectors";
import { AlertMessage } from "../../components/AlertMessage";
import { MessageDialog } from "../../components/MessageDialog";
import "../dialogs.css";

interface LoginScreenProps {
  /** The sign-in under way: the provider, a hand-off token or its answer, and the dialogs. */
  actor: ActorRefFrom<typeof loginMachine>;
  auth: ActorRefFrom<typeof authMachine>;
}

export function LoginScreen({ actor, auth }: LoginScreenProps) {
  const alert = useSelector(auth, selectAlert);
  const signingIn = useSelector(auth, selectSigningIn);
  const loading = useSelector(actor, login.selectProviderLoading);
  const canChoose = useSelector(actor, login.selectCanChooseAccount);
  const unavailable = useSelector(actor, login.selectProviderUnavailable);
  const failure = useSelector(actor, login.selectLoginFailure);
  const redirecting = useSelector(actor, login.selectRedirecting);
  const offersPassword = useSelector(actor, login.selectOffersPassword);

  return (
    <main className="login">
      <section className="login__card" aria-labelledby="login-title">
        <p className="login__product">Recall Desk</p>
        <h1 id="login-title">SIGN IN</h1>
        <p className="login__hint">Sign in with your practice group account to work the members list and read reports.</p>
        {alert ? <AlertMessage failure={alert} onDismiss={() => auth.send({ type: "alert.clear" })} /> : null}
        {signingIn ? (
          <p role="status" className="login__status">
            Signing in…
          </p>
        ) : (
          <button
            type="button"
            className="button button--primary login__button"
            disabled={!canChoose}
            onClick={() => actor.send({ type: "login.chooseAccount" })}
          >
            {loading ? "Preparing sign-in…" : redirecting ? "Opening your account's sign-in…" : "Sign in with your account"}
          </button>
        )}
        {offersPassword && !signingIn ? <PasswordSignIn actor={actor} /> : null}
        {unavailable ? (
          <p className="login__problem">
            {failure ? `Sign-in is unavailable: ${failure.message}` : "The account sign-in could not start."}{" "}
            <button type="button" className="button button--link" onClick={() => actor.send({ type: "login.retry" })}>
              Try again
            </button>
          </p>
        ) : null}
      </section>
      <AccountChooser actor={actor} />
      <ProviderFailedDialog actor={actor} />
      <CookiesDisabledDialog actor={actor} />
    </main>
  );
}

type LoginActor = ActorRefFrom<typeof loginMachine>;

/** Local accounts (PASSWORD_SIGN_IN): e-mail and password, throttled per account by the server. */
function PasswordSignIn({ actor }: { actor: LoginActor }) {
  const enabled = useSelector(actor, login.selectCanSignInWithPassword);
  return (
    <form
      className="login__password"
      aria-label="Sign in with e-mail and password"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        actor.send({ type: "login.password", email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
      }}
    >
      <p className="login__or">or</p>
      <div className="dialog-field">
        <label htmlFor="login-email">E-mail</label>
        <input id="login-email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="dialog-field">
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <button type="submit" className="button login__button" disabled={!enabled}>
        Sign in with e-mail and password
      </button>
    </form>
  );
}

function AccountChooser({ actor }: { actor: LoginActor }) {
  const open = useSelector(actor, login.selectChooserOpen);
  const loadingAccounts = useSelector(actor, login.selectChooserLoading);
  const issuing = useSelector(actor, login.selectChooserIssuing);
  const failed = useSelector(actor, login.selectChooserFailed);
  const accounts = useSelector(actor, login.selectAccounts);
  const failure = useSelector(actor, login.selectLoginFailure);
  if (!open) return null;
  return (
    <Modal title="Choose an account" onClose={() => actor.send({ type: "login.cancel" })} size="small">
      <p className="muted">Development sign-in: no account provider is configured on this server.</p>
      {loadingAccounts ? <p role="status">Loading accounts…</p> : null}
      {failed ? (
        <div role="alert" className="alert alert--error">
          {failure?.message ?? "The accounts could not be loaded."}{" "}
          <button type="button" className="button button--link" onClick={() => actor.send({ type: "login.retry" })}>
            Try again
          </button>
        </div>
      ) : null}
      <ul className="account-list" aria-busy={issuing}>
        {accounts.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              className="account-list__item"
              disabled={issuing}
              onClick={() => actor.send({ type: "login.pickAccount", email: account.email })}
            >
              <span className="account-list__name">
                {account.firstname} {account.lastname}
                {account.isAdmin ? <span className="badge">Administrator</span> : null}
              </span>
              <span className="account-list__email">{account.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function ProviderFailedDialog({ actor }: { actor: LoginActor }) {
  const open = useSelector(actor, login.selectProviderFailedDialogOpen);
  if (!open) return null;
  return (
    <MessageDialog title="Sign-in could not start" placement="bottom" onClose={() => actor.send({ type: "providerDialog.close" })}>
      <p>
        The account sign-in provider cannot be reached just now, so signing in with your account could not start. Try
        again in a moment; if it keeps failing, tell your practice group&apos;s administrator.
      </p>
    </MessageDialog>
  );
}

/** §2: header 'Cookies are disabled in browser window.', one OK button that closes it. */
function CookiesDisabledDialog({ actor }: { actor: LoginActor }) {
  const open = useSelector(actor, login.selectCookiesDialogOpen);
  if (!open) return null;
  return (
    <MessageDialog title="Cookies are disabled in browser window." placement="bottom" onClose={() => actor.send({ type: "cookiesDialog.close" })}>
      <p>
        Cookies seem to be disabled in this browser. Please enable them to sign in: click the eye icon at the top right
        of the address bar, or turn cookies on in the browser&apos;s settings.
      </p>
    </MessageDialog>
  );
}
