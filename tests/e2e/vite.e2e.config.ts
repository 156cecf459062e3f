/**
 * The project's Vite config, for browser tests: the same app, but no file watcher, so an edit
 * made while tests run (other work in the same tree) cannot reload the page under test.
 */
import type { UserConfig } from "vite";
import projectConfig from "../../vite.config.ts";

const base: UserConfig = projectConfig;

export default { ...base, server: { ...base.server, watch: null } } satisfies UserConfig;
