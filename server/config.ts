// The server's configuration: environment variables only, checked once at start. Every variable is
// listed here, with its default, so that this file is the one place that documents them.
//   PORT                  port to listen on (default 8080)
//   HOST                  address to bind (default 127.0.0.1)
//   DATABASE_URL          postgres://… of a PostgreSQL server; unset: PGlite in DATA_DIR
//   DATA_DIR              PGlite data folder and files (default ./data)
//   NODE_ENV              production refuses the development sign-in provider
//   OIDC_ISSUER           OpenID Connect issuer; with OIDC_CLIENT_ID enables account sign-in
//   OIDC_CLIENT_ID        OpenID Connect client id (the ID token's audience)
//   OIDC_JWKS_URL         the provider's key set (required with OIDC_ISSUER)
//   HANDOFF_SECRET        partner portal HS256 secret, at least 32 bytes (development value otherwise)
//   HANDOFF_ISSUER        partner portal issuer (default https://portal.recalldesk.example)
//   HANDOFF_AUDIENCE      audience of hand-off tokens (default recall-desk)
//   PARTNER_PORTAL_URL    the portal link of every session (mycdp_uri)
//   SESSION_IDLE_MINUTES  idle timeout of a session (default 30)

export interface OidcConfig {
  issuer: string;
  clientId: string;
  jwksUrl: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL server; undefined runs PGlite. */
  databaseUrl: string | undefined;
  /** PGlite's data folder; "memory://" keeps it in memory (tests). */
  dataDir: string;
  production: boolean;
  oidc: OidcConfig | undefined;
  handoff: { secret: Uint8Array; issuer: string; audience: string };
  partnerPortalUrl: string;
  /** DESIGN.md §3: 30 minutes by default, configurable. */
  sessionIdleMs: number;
  /** DESIGN.md §3: the login cookie's 7 days. */
  sessionLifetimeMs: number;
}

const encoder = new TextEncoder();

/** Public development values, shared with the fake backend (mocks/tokens.ts): never used in production. */
export const DEVELOPMENT_HANDOFF = {
  secret: "recall-desk development hand-off secret, 32+ bytes",
  issuer: "https://portal.recalldesk.example",
  audience: "recall-desk",
};

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  try {
    return new URL(raw).toString();
  } catch {
    throw new ConfigError(`${name} must be a URL, not "${raw}"`);
  }
}

function oidcOf(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER || undefined;
  const clientId = env.OIDC_CLIENT_ID || undefined;
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) throw new ConfigError("OIDC_ISSUER and OIDC_CLIENT_ID are set together or not at all");
  url(env, "OIDC_ISSUER");
  const jwksUrl = url(env, "OIDC_JWKS_URL");
  if (!jwksUrl) throw new ConfigError("OIDC_JWKS_URL is required with OIDC_ISSUER (the provider's key set)");
  return { issuer, clientId, jwksUrl };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === "production";
  const secret = env.HANDOFF_SECRET ?? (production ? undefined : DEVELOPMENT_HANDOFF.secret);
  if (secret === undefined) throw new ConfigError("HANDOFF_SECRET is required when NODE_ENV=production");
  if (encoder.encode(secret).length < 32) throw new ConfigError("HANDOFF_SECRET must be at least 32 bytes");
  if (production && secret === DEVELOPMENT_HANDOFF.secret) {
    throw new ConfigError("HANDOFF_SECRET must not be the public development value when NODE_ENV=production");
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  return {
    port: integer(env, "PORT", 8080, 0, 65535),
    host: env.HOST || "127.0.0.1",
    databaseUrl,
    dataDir: env.DATA_DIR || "./data",
    production,
    oidc: oidcOf(env),
    handoff: {
      secret: encoder.encode(secret),
      issuer: env.HANDOFF_ISSUER || DEVELOPMENT_HANDOFF.issuer,
      audience: env.HANDOFF_AUDIENCE || DEVELOPMENT_HANDOFF.audience,
    },
    partnerPortalUrl: url(env, "PARTNER_PORTAL_URL") ?? "https://portal.recalldesk.example/",
    sessionIdleMs: integer(env, "SESSION_IDLE_MINUTES", 30, 1, 24 * 60) * 60_000,
    sessionLifetimeMs: 7 * 24 * 60 * 60_000,
  };
}
