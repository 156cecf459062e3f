// Route access (§2, §6): protected routes need a session (others go to /), administrator routes
// need the flag; `/` shows the login screen or sends a signed-in user to their landing page.
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { Redirect, useSearch } from "wouter";
import { selectDeciding, selectIsAdmin, selectSignedIn, selectSigningIn, selectUser } from "../machines/auth/auth.selectors";
import { handoffTokenOf, landingOf, landingPath, providerAnswerOf, type Landing } from "../machines/auth/landing";
import type { OidcAnswer } from "../machines/login/login.machine";
import { cookiesEnabled } from "../lib/cookies";
import { LoginScreen } from "../screens/login/LoginScreen";
import { landingAfterProvider } from "./providerLanding";
import { useServices } from "./ServicesContext";
import { useAppActor } from "./useAppActor";

function Splash({ label }: { label: string }) {
  return (
    <main className="splash" aria-busy="true">
      <p role="status">{label}</p>
    </main>
  );
}

export function SignedInOnly({ children }: { children: ReactNode }) {
  const { auth } = useServices();
  const deciding = useSelector(auth, selectDeciding);
  const signingIn = useSelector(auth, selectSigningIn);
  const signedIn = useSelector(auth, selectSignedIn);
  if (deciding || signingIn) return <Splash label="Signing in…" />;
  if (!signedIn) return <Redirect to="/" replace />;
  return <>{children}</>;
}

/** Administrators see the page; other staff a page that says so, or `fallback`. */
export function AdminOnly({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const { auth } = useServices();
  const isAdmin = useSelector(auth, selectIsAdmin);
  if (!isAdmin && fallback) return <>{fallback}</>;
  if (!isAdmin) {
    return (
      <section className="page">
        <h1>For administrators</h1>
        <p>This page is for administrators. Ask an administrator of your practice group if you need it.</p>
      </section>
    );
  }
  return <>{children}</>;
}

/** `/`: the login screen, or the landing page of a signed-in user (§2 Routes). */
export function RootRoute() {
  const { auth } = useServices();
  const search = useSearch();
  const deciding = useSelector(auth, selectDeciding);
  const user = useSelector(auth, selectUser);
  const signedIn = useSelector(auth, selectSignedIn);
  const handoffToken = handoffTokenOf(search);
  const providerAnswer = providerAnswerOf(search);
  if (deciding) return <Splash label="Loading…" />;
  if (signedIn && user && !handoffToken && !providerAnswer) return <Redirect to={landingPath(landingOf(search), user.defaultPage)} replace />;
  return (
    <SignIn handoffToken={handoffToken} providerAnswer={providerAnswer} landing={providerAnswer ? landingAfterProvider() : landingOf(search)} />
  );
}

/** `/cdpLogin/{token}`: signs in with the partner token and shows the members list (§2). */
export function HandoffRoute({ token }: { token: string }) {
  return <SignIn handoffToken={token} providerAnswer={null} landing="membersList" />;
}

/** The login screen with the sign-in it starts from the address. */
function SignIn(input: { handoffToken: string | null; providerAnswer: OidcAnswer | null; landing: Landing }) {
  const { auth, login } = useServices();
  const actor = useAppActor(login, { input: { ...input, cookiesEnabled: cookiesEnabled() } });
  return <LoginScreen actor={actor} auth={auth} />;
}
