// A real OpenID Connect provider on loopback for tests (the `oidc-provider` package, OpenID-certified):
// discovery, the authorization code flow with PKCE, signed ID tokens and its key set, with two known
// staff of the demo data and one stranger. Its development login page takes any login (the account
// id, here an e-mail) and any password, then asks for consent.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const PROVIDER_CLIENT = { clientId: "recall-desk-e2e", clientSecret: "recall-desk e2e client secret" };

/** Who the provider knows: two of the demo staff (demo/staff.ts) and one stranger to Recall Desk. */
export const PROVIDER_ACCOUNTS = {
  admin: { email: "alicia.moreno@recalldesk.example", given_name: "Alicia", family_name: "Moreno" },
  staff: { email: "priya.natarajan@recalldesk.example", given_name: "Priya", family_name: "Natarajan" },
  stranger: { email: "sam.stranger@elsewhere.example", given_name: "Sam", family_name: "Stranger" },
} as const;

export interface TestProvider {
  issuer: string;
  jwksUrl: string;
  /** Stops answering (connections refused), as a provider that is down. */
  stop(): Promise<void>;
  /** Answers again, on the same port. */
  start(): Promise<void>;
}

/** Starts the provider on a free loopback port; `redirectUrl` is the app's address registered for the client. */
export async function startTestProvider(redirectUrl: string, port = 0): Promise<TestProvider> {
  let server: Server | undefined;
  const listen = async (on: number) => {
    const next = createServer();
    await new Promise<void>((done, fail) => next.once("error", fail).listen(on, "127.0.0.1", done));
    return next;
  };
  // The issuer names the port, so the port is taken before the provider is made.
  server = await listen(port);
  const chosen = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${chosen}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PROVIDER_CLIENT.clientId,
        client_secret: PROVIDER_CLIENT.clientSecret,
        redirect_uris: [redirectUrl],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // The profile and e-mail in the ID token itself, as Google and Okta send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["recall-desk test provider cookie key"] },
    async findAccount(_ctx: unknown, id: string) {
      const account = Object.values(PROVIDER_ACCOUNTS).find((known) => known.email === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, ...account, name: `${account.given_name} ${account.family_name}`, email_verified: true }),
      };
    },
  });
  const handler = provider.callback();
  server.on("request", handler);
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    async stop() {
      const current = server;
      server = undefined;
      if (!current) return;
      current.closeAllConnections();
      await new Promise((done) => current.close(done));
    },
    async start() {
      if (server) return;
      server = await listen(chosen);
      server.on("request", handler);
    },
  };
}
