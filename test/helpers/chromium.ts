/**
 * Whether the report's browser tests can run here. They drive a system
 * Chromium (Debian's `chromium` package, or the binary CHROMIUM_PATH names).
 * Where none is installed, the tests are skipped with one line saying what was
 * skipped and how to install it, so `npm test` passes on a fresh machine;
 * where EVALSIM_REQUIRE_BROWSER=1 (set by `.ci/run`, which installs the
 * browser), a missing browser fails the tests instead.
 */
import { existsSync } from "node:fs";

export interface BrowserGate {
  /** The Chromium executable the tests launch. */
  readonly path: string;
  /** Why the tests are skipped, or null when they run. */
  readonly skip: string | null;
}

/** Decide for a test file named `what`; throws when the browser is required but missing. */
export function browserGate(what: string, env: NodeJS.ProcessEnv = process.env, exists: (p: string) => boolean = existsSync): BrowserGate {
  const path = env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
  if (exists(path)) return { path, skip: null };
  const install = "install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH";
  if (env["EVALSIM_REQUIRE_BROWSER"] === "1") throw new Error(`no Chromium at ${path}, and EVALSIM_REQUIRE_BROWSER=1 requires it for ${what}: ${install}`);
  return { path, skip: `skipped ${what}: no Chromium at ${path}; to run it, ${install}` };
}

/** The gate for a test file, with its skip line printed once. */
export function browserGateFor(what: string): BrowserGate {
  const gate = browserGate(what);
  if (gate.skip !== null) process.stderr.write(`${gate.skip}\n`);
  return gate;
}
