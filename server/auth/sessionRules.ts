// The sessions' idle and absolute lifetimes of the configuration, as the sessions repository applies
// them: the auth hook, the event stream, the help files and the recordings' signed links alike.
import type { Services } from "../services.ts";

export const rulesOf = ({ config }: Services) => ({ idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
