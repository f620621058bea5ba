/**
 * Paths that are not what they should be: `--out` naming a file or a symlink
 * loop is said so (not "internal error: EEXIST" or ENOENT), and
 * `replay --dump-db` into a folder that does not exist creates nothing.
 */
import { existsSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/temp-data.js";

const dir = tempDir("evalsim-out-paths-");
const SCENARIO = "eva_airline__voluntary_date_change";

describe("output paths", () => {
  it("--out naming a regular file is refused in one line, exit 2", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "x");
    const r = await runCli(["run", "--scenarios", SCENARIO, "--agent", "noop", "--out", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim run: --out ${file}: is a file, not a folder; choose a folder (it is created when missing)\n`);
  });

  it("--out naming a symbolic link loop is named as one", async () => {
    const a = join(dir, "loop-a");
    symlinkSync(join(dir, "loop-b"), a);
    symlinkSync(a, join(dir, "loop-b"));
    const r = await runCli(["run", "--scenarios", SCENARIO, "--agent", "noop", "--out", a]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim run: --out ${a}: is a symbolic link loop; fix the link or choose another folder\n`);
  });

  it("replay --dump-db into a missing folder creates no folder", async () => {
    const calls = join(dir, "calls.json");
    writeFileSync(calls, "[]");
    const missing = join(dir, "no-such-folder", "deeper");
    const r = await runCli(["replay", "--scenario", SCENARIO, "--calls", calls, "--dump-db", join(missing, "db.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`evalsim replay: --dump-db ${join(missing, "db.json")}: the folder ${missing} does not exist; create it first or choose another path\n`);
    expect(existsSync(join(dir, "no-such-folder"))).toBe(false);
  });
});
