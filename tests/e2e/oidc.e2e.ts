/**
 * Signing in for real: a production server (NODE_ENV=production) configured with a real OpenID
 * Connect provider (oidc-provider on loopback, tests/support/testProvider.ts) that knows two of the
 * demo staff and one stranger, and Chromium going through the whole flow: the button, the
 * provider's login and consent pages, the way back. Runs on PGlite, and on PostgreSQL too when
 * DATABASE_URL_TEST is set (a schema of its own). The spec starts its own server and provider;
 * the run's target (the mock or the development server) is not used.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { openDatabase } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedDemoData } from "../../server/db/seed.ts";
import { PROVIDER_ACCOUNTS, PROVIDER_CLIENT, startTestProvider, type TestProvider } from "../support/testProvider.ts";
import { e2e, expectVisible, photograph } from "./harness.ts";
import { freePort, projectRoot, spawnServer, type Target } from "./target.ts";
import { snapshot } from "./visit.ts";

const ENGINES = process.env.DATABASE_URL_TEST ? (["pglite", "postgres"] as const) : (["pglite"] as const);
const DEMO_SIZE = 200;

/** A database holding the demo data for the server: a PGlite folder, or a fresh PostgreSQL schema. */
async function seededDatabase(engine: (typeof ENGINES)[number]): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "recall-e2e-oidc-"));
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await seedDemoData(database.db, { size: DEMO_SIZE, today: new Date() });
    await database.close();
    return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = process.env.DATABASE_URL_TEST!;
  const schema = `e2e_oidc_${process.pid}_${Date.now()}`;
  const admin = await openDatabase({ url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url, schema });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { size: DEMO_SIZE, today: new Date() });
  await database.close();
  const withSchema = new URL(url);
  withSchema.searchParams.set("options", `-c search_path=${schema},public`);
  const dataDir = mkdtempSync(join(tmpdir(), "recall-e2e-oidc-"));
  return {
    env: { DATABASE_URL: withSchema.href, DATA_DIR: dataDir },
    drop: async () => {
      const cleanup = await openDatabase({ url });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The production server serves the built app: part of `npm run test:e2e:server`, which builds first.
const skip = process.env.E2E_TARGET === "server" ? false : "needs the built app: runs in npm run test:e2e:server";

for (const engine of ENGINES) {
  describe(`sign-in through an OpenID Connect provider, production server on ${engine}`, { skip }, () => {
    let provider: TestProvider;
    let app: Target;
    let drop: () => Promise<void> = async () => {};

    before(async () => {
      const port = await freePort();
      const appURL = `http://127.0.0.1:${port}`;
      provider = await startTestProvider(`${appURL}/`);
      const database = await seededDatabase(engine);
      drop = database.drop;
      app = await spawnServer("server", port, process.execPath, [join(projectRoot, "server/main.ts")], {
        ...database.env,
        NODE_ENV: "production",
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: PROVIDER_CLIENT.clientId,
        OIDC_CLIENT_SECRET: PROVIDER_CLIENT.clientSecret,
        OIDC_JWKS_URL: provider.jwksUrl,
        OIDC_REDIRECT_URL: `${appURL}/`,
        HANDOFF_SECRET: "an e2e hand-off secret of at least 32 bytes",
        SIGN_IN_RATE_LIMIT: "100000",
        SCHEDULER: "off",
      });
    });
    after(async () => {
      await app?.stop();
      await provider?.stop();
      await drop();
    });

    /** The login screen of the production app, with nothing left of an earlier test. */
    async function openLogin(page: Page): Promise<void> {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Storage.clearDataForOrigin", { origin: app.baseURL, storageTypes: "cookies,local_storage,indexeddb,cache_storage" });
      await cdp.detach();
      // The provider's development pages load a web font; this machine has no internet.
      await page.route("https://fonts.googleapis.com/**", (route) => route.fulfill({ status: 200, contentType: "text/css", body: "" }));
      await page.goto(`${app.baseURL}/`);
      await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN", exact: true }));
    }

    /** The button, then the provider's development login page and its consent page. */
    async function signInAtProvider(page: Page, email: string, name: string): Promise<void> {
      const button = page.getByRole("button", { name: "Sign in with your account", exact: true });
      await page.waitForFunction(() => {
        const found = [...document.querySelectorAll("button")].find((b) => b.textContent === "Sign in with your account");
        return found !== undefined && !(found as HTMLButtonElement).disabled;
      });
      await button.click();
      await page.waitForURL((url) => url.origin === provider.issuer);
      await page.locator('input[name="login"]').fill(email);
      await page.locator('input[name="password"]').fill("any password");
      if (name) await snapshotProvider(page, name);
      await page.locator('button[type="submit"]').click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.origin === app.baseURL);
    }

    async function snapshotProvider(page: Page, name: string): Promise<void> {
      await photograph(page, name, { fullPage: false });
    }

    e2e(`[${engine}] staff signs in through the provider and lands on their default page; no provider token is kept in the browser`, async ({ page }) => {
      await openLogin(page);
      const headers = (await page.request.get(`${app.baseURL}/`)).headers();
      // The browser only navigates to the provider (no call, no frame, no pop-up): nothing to admit beyond the app.
      assert.equal(headers["cross-origin-opener-policy"], "same-origin");
      assert.doesNotMatch(headers["content-security-policy"] ?? "", /127\.0\.0\.1|http:/);
      await snapshot(page, `oidc-${engine}-login`, { waitFor: page.getByRole("button", { name: "Sign in with your account", exact: true }) });
      assert.equal(await page.getByRole("form", { name: "Sign in with e-mail and password" }).count(), 0);

      await signInAtProvider(page, PROVIDER_ACCOUNTS.staff.email, `oidc-${engine}-provider-login`);
      await page.waitForURL(`${app.baseURL}/members/smile-magic`);
      await expectVisible(page.getByText("Priya Natarajan").first());

      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie);
      assert.doesNotMatch(stored, /eyJ[\w-]+\.[\w-]+\./, "no JWT of the provider's in the browser's storage or cookies");
    });

    e2e(`[${engine}] an administrator lands on the dashboard, their default page (§6)`, async ({ page }) => {
      await openLogin(page);
      await signInAtProvider(page, PROVIDER_ACCOUNTS.admin.email, "");
      await page.waitForURL(`${app.baseURL}/dashboard`);
      await expectVisible(page.getByRole("heading", { name: "Dashboard" }));
    });

    e2e(`[${engine}] someone the provider knows but Recall Desk does not is refused on the login screen`, async ({ page, expectConsoleError }) => {
      expectConsoleError(/status of 403/);
      await openLogin(page);
      await signInAtProvider(page, PROVIDER_ACCOUNTS.stranger.email, "");
      await expectVisible(page.getByText("This account has no access to Recall Desk: ask an administrator to add your e-mail to the staff"));
      assert.equal(new URL(page.url()).pathname, "/");
      assert.equal(new URL(page.url()).search, "", "the provider's answer is taken out of the address");
      await snapshot(page, `oidc-${engine}-refused`);
    });

    e2e(`[${engine}] a tampered state is refused`, async ({ page, expectConsoleError }) => {
      expectConsoleError(/status of 401/);
      await openLogin(page);
      // The provider's answer, with its state changed on the way back to the app. Playwright does
      // not route the requests a redirect leads to, so the consent's whole redirect chain is
      // followed here (with the context's cookies) and its end handed to the browser, tampered.
      await page.route(
        (url) => url.origin === provider.issuer && url.pathname.startsWith("/interaction/"),
        async (route) => {
          if (!(route.request().postData() ?? "").includes("prompt=consent")) return route.continue();
          const consent = await route.fetch({ maxRedirects: 0 });
          const resume = new URL(consent.headers()["location"] ?? "", provider.issuer);
          const back = await page.context().request.get(resume.href, { maxRedirects: 0 });
          const answer = new URL(back.headers()["location"] ?? "", provider.issuer);
          assert.equal(answer.origin, app.baseURL);
          answer.searchParams.set("state", "tampered");
          return route.fulfill({ status: 303, headers: { location: answer.href } });
        },
      );
      await signInAtProvider(page, PROVIDER_ACCOUNTS.staff.email, "");
      await expectVisible(page.getByText("This sign-in has expired, was already used or was begun in another browser. Sign in again."));
      assert.equal(new URL(page.url()).pathname, "/");
    });

    e2e(`[${engine}] with the provider stopped, the login screen opens the dialog of idpiframe_initialization_failed`, async ({ page, expectConsoleError }) => {
      expectConsoleError(/status of 502/);
      await provider.stop();
      try {
        await openLogin(page);
        const dialog = page.getByRole("dialog", { name: "Sign-in could not start" });
        await expectVisible(dialog);
        // The login screen stays in view, dimmed, behind the dialog.
        const card = await page.locator(".login__card").boundingBox();
        const box = await dialog.boundingBox();
        assert.ok(card && box && card.y + card.height <= box.y, `the dialog (${JSON.stringify(box)}) covers the login card (${JSON.stringify(card)})`);
        await snapshot(page, `oidc-${engine}-provider-down`, { waitFor: dialog });
      } finally {
        await provider.start();
      }
    });
  });
}
