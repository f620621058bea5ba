/**
 * A run whose run_config.json cannot be written (a full disk at the start)
 * fails naming the file, and leaves no lock, no temp file and no empty run
 * folder behind.
 */
import type * as fs from "node:fs";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runCli } from "../helpers/cli.js";

const fault = vi.hoisted(() => ({ on: false }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeFileSync: typeof real.writeFileSync = (file, data, options) => {
    if (fault.on && typeof file === "string" && /\.run_config\.json\.\d+-\d+\.tmp$/.test(file)) {
      real.writeFileSync(file, ""); // a full disk leaves an empty file
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write", path: file });
    }
    real.writeFileSync(file, data, options);
  };
  return { ...real, writeFileSync, default: { ...real, writeFileSync } };
});

describe("a run that cannot write run_config.json", () => {
  it("says which file and leaves nothing behind", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "evalsim-failed-start-")), "out");
    fault.on = true;
    try {
      const r = await runCli(["run", "--scenarios", "eva_airline__voluntary_date_change", "--agent", "noop", "--out", out]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/^evalsim run: cannot write \S+\/\.run_config\.json\.\d+-\d+\.tmp: no space left on the device/);
    } finally {
      fault.on = false;
    }
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});
