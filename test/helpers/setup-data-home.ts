/**
 * Every test process keeps its run-signing key (src/run/folder/trust.ts) in a
 * temporary data folder of its own, never in the user's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { DATA_HOME_ENV } from "../../src/run/folder/trust.js";

if (process.env[DATA_HOME_ENV] === undefined || !process.env[DATA_HOME_ENV].startsWith(tmpdir())) {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-data-home-"));
  process.env[DATA_HOME_ENV] = dir;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
}
