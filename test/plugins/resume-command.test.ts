/**
 * A plugin-domain run that stops midway (here a full disk, injected into the
 * writes) prints a resume command that carries the --domains the run needs;
 * that very command, run as printed, finishes the run.
 */
import * as fs from "node:fs";
import { dirname } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../helpers/cli.js";
import { removeScratch, runFolder, scratch } from "../run/run-helpers.js";
import { writePharmacy } from "./pharmacy/package.js";

/** Armed by the test: the first write under `prefix` whose path names `scenario` fails with ENOSPC. */
const fault = vi.hoisted(() => ({ prefix: "", scenario: "", hits: 0 }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeFileSync: typeof real.writeFileSync = (file, data, options) => {
    if (typeof file === "string" && fault.prefix !== "" && file.startsWith(fault.prefix) && file.includes(fault.scenario)) {
      fault.hits++;
      fault.prefix = "";
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write", path: file });
    }
    real.writeFileSync(file, data, options);
  };
  return { ...real, writeFileSync, default: { ...real, writeFileSync } };
});

const plugin = writePharmacy([]);
afterAll(() => {
  removeScratch();
  fs.rmSync(dirname(plugin), { recursive: true, force: true });
});

describe("a plugin run that stops midway", () => {
  it("prints a resume command with the plugin's --domains, and that command finishes the run", async () => {
    const out = scratch("plugin-resume");
    fault.prefix = out;
    fault.scenario = "pharmacy__controlled";
    const r = await runCli(["run", "--domains", plugin, "--domain", "pharmacy", "--agent", "oracle", "--workers", "1", "--out", out]);
    expect(fault.hits).toBe(1);
    expect(r.code, r.stderr).toBe(1);
    const dir = runFolder(out);
    const line = /continue with: evalsim (.*)\n$/.exec(r.stderr);
    expect(line, r.stderr).not.toBeNull();
    const args = (line?.[1] ?? "").split(" ");
    expect(args.slice(0, 3)).toEqual(["run", "--resume", dir]);
    expect(args.slice(-2)).toEqual(["--domains", plugin]);
    const resumed = await runCli(args);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/^Scenarios: 2 \(passed 2, failed 0, errored 0\)$/m);
  });
});
