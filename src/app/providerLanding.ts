// Where to land after the OpenID Connect provider sends the browser back (§2: the members list
// when the login address had a `page` parameter). The browser leaves the app for the provider, so
// this one word waits in the tab's session storage; where the browser refuses storage (cookies
// blocked), the user's default page it is.
import type { Landing } from "../machines/auth/landing";

const KEY = "recall-desk:landing";

export function rememberLanding(landing: Landing): void {
  try {
    sessionStorage.setItem(KEY, landing);
  } catch {
    // Storage refused: the default page.
  }
}

/** Read, not taken: a render may run twice; the next sign-in at the provider writes it again. */
export function landingAfterProvider(): Landing {
  try {
    const landing = sessionStorage.getItem(KEY);
    return landing === "membersList" ? "membersList" : "defaultPage";
  } catch {
    return "defaultPage";
  }
}
