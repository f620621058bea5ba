/**
 * Every test process keeps its run-signing key (src/run/folder/trust.ts) in a
 * temporary data folder of its own, never in the user's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** src/run/folder/trust.ts's DATA_HOME_ENV, spelled out: importing src here would load modules before a test file's vi.mock of node:fs. */
const DATA_HOME_ENV = "EVALSIM_DATA_HOME";

if (process.env[DATA_HOME_ENV] === undefined || !process.env[DATA_HOME_ENV].startsWith(tmpdir())) {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-data-home-"));
  process.env[DATA_HOME_ENV] = dir;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
}
