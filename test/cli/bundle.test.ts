/**
 * The bundled CLI (what bin/evalsim runs after `npm run build`), built here
 * from the sources: it must find the project root, the fixtures, its worker
 * thread's bundle and the CommonJS dependencies, and say what the sources say.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleCli } from "../../scripts/bundle.js";
import { PROJECT_ROOT } from "../../src/loaders/data-root.js";
import { runCli } from "../helpers/cli.js";

// Two levels under the project, as dist/bundle/ is.
const BUNDLE = join(PROJECT_ROOT, ".bundle-test", `bundle-${process.pid}`);
const scratch = mkdtempSync(join(tmpdir(), "evalsim-bundle-"));

/** What bin/evalsim does, with the test's bundle. */
const RUNNER = join(scratch, "evalsim.mjs");

function bundled(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, [RUNNER, ...args], { cwd: scratch, encoding: "utf8" });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

beforeAll(async () => {
  await bundleCli("src", BUNDLE);
  const entry = pathToFileURL(join(BUNDLE, "evalsim.js")).href;
  writeFileSync(RUNNER, `import { main } from ${JSON.stringify(entry)};\nprocess.exitCode = await main(process.argv.slice(2));\n`);
});

afterAll(() => {
  rmSync(BUNDLE, { recursive: true, force: true });
  rmSync(dirname(BUNDLE), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe("the bundled CLI", () => {
  it("is two files: the CLI and its worker", () => {
    expect(readdirSync(BUNDLE).sort()).toEqual(["evalsim.js", "worker.js"]);
  });

  it("lists what the sources list, from another working directory", async () => {
    const fromSources = await runCli(["list-domains", "--json"]);
    const fromBundle = bundled(["list-domains", "--json"]);
    expect(fromBundle.stderr).toBe("");
    expect(fromBundle.code).toBe(0);
    expect(fromBundle.stdout).toBe(fromSources.stdout);
  });

  it("verifies eva gold (YAML agent config, shipped gold trajectories)", () => {
    const res = bundled(["gold", "--domain", "eva_airline", "--json"]);
    expect(res.code).toBe(0);
    const rows = JSON.parse(res.stdout) as { match: boolean }[];
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.match)).toBe(true);
  });

  it("runs scenarios on worker threads with the same results as one thread", () => {
    const names = ["tau2_retail__0", "tau2_retail__1", "tau2_airline__0"];
    const outs = [1, 2].map((workers) => {
      const out = join(scratch, `out-${workers}`);
      const res = bundled(["run", "--workers", String(workers), "--scenarios", ...names, "--out", out]);
      expect(res.stderr.split("\n").filter((l) => /error|Error/.test(l))).toEqual([]);
      expect(res.code).toBe(0);
      const [run] = readdirSync(out);
      return readFileSync(join(out, run as string, "all_metrics.json"), "utf8");
    });
    expect(outs[1]).toBe(outs[0]);
  });

  it("starts its workers when Node was started on code given with -e", () => {
    const entry = pathToFileURL(join(BUNDLE, "evalsim.js")).href;
    const code = `import { main } from ${JSON.stringify(entry)}; process.exitCode = await main(process.argv.slice(1));`;
    const out = join(scratch, "out-eval");
    const args = ["run", "--workers", "2", "--scenarios", "tau2_retail__0", "tau2_retail__1", "--out", out];
    const res = spawnSync(process.execPath, ["--input-type=module", "-e", code, ...args], { cwd: scratch, encoding: "utf8" });
    expect(res.stderr).not.toContain("could not start");
    expect(res.status).toBe(0);
  });
});
