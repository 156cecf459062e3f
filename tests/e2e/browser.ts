/**
 * One headless Debian Chromium for the whole run, launched the way a system Chromium works with
 * playwright-core: a persistent context in a fresh temporary profile (Playwright refuses
 * --user-data-dir in args), service workers allowed (MSW), and the flags that keep Chromium off
 * this machine's closed network.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** The practice group's time zone, the server's default REPORT_TIME_ZONE. */
export const PRACTICE_TIME_ZONE = "America/Chicago";

/** Today in the practice group's time zone, as YYYY-MM-DD. */
export const practiceToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: PRACTICE_TIME_ZONE }).format(new Date());

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface BrowserOptions {
  /**
   * "blocked": the profile blocks cookies, and so all site data, as a person does in Chromium's
   * settings (Site settings → On-device site data → "Don't allow sites to save data on your
   * device", once "Block all cookies"). Chromium has no command-line switch for it, Playwright's
   * permissions and the DevTools protocol have none for first-party cookies, and a managed policy
   * (DefaultCookiesSetting) would need a system-wide file under /etc. What works, for any
   * Chromium, is the setting itself: the profile's Default/Preferences file, written before the
   * browser starts, holds `profile.default_content_setting_values.cookies = 2` (block). Chromium
   * then behaves exactly as with the setting chosen by hand: `document.cookie` stays empty,
   * reading `localStorage` or `sessionStorage` throws a SecurityError, and registering a service
   * worker is refused ("The user denied permission to use Service Worker"); see
   * docs/conventions.md, Traps of the toolchain.
   */
  cookies?: "allowed" | "blocked";
}

export async function launchBrowser(baseURL: string, { cookies = "allowed" }: BrowserOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "recall-e2e-profile-"));
  if (cookies === "blocked") {
    mkdirSync(join(profile, "Default"));
    writeFileSync(join(profile, "Default", "Preferences"), JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }));
  }
  // However the run ends (Playwright itself kills the browser on exit).
  const removeProfile = () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A browser still writing to it; it is in the temporary folder anyway.
    }
  };
  process.on("exit", removeProfile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    serviceWorkers: "allow",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    // Staff work in the practice group's time zone (the server's default REPORT_TIME_ZONE), so the
    // browser's today and this month (the reports' default days) are the server's report days at
    // every hour of this machine's clock, which is UTC.
    timezoneId: PRACTICE_TIME_ZONE,
    reducedMotion: "reduce",
    // run.ts handles the signals: it stops the app too, then exits.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  // A wait, not a requirement (those have their own timeouts): npm test runs two stages at once on
  // two cores, and a page then answers a click in seconds, not milliseconds.
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  return {
    context,
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((done) => (timer = setTimeout(done, 10_000)));
      await Promise.race([context.close().catch(() => {}), gaveUp]);
      clearTimeout(timer);
      removeProfile();
    },
  };
}
