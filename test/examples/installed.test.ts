/**
 * Domains written only against the published API, outside the repository:
 * evalsim is packed and installed into a temp project, the example domain is
 * copied there and `new-domain` writes two more, and each is loaded through
 * `--domains` by the installed CLI (plain JavaScript, no tsx, no build) for
 * list-domains, gold, run and fuzz. Their JavaScript must also pass
 * TypeScript's checker against the package's own declarations.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT as REPO_ROOT, resolveDataRoot } from "../../src/loaders/data-root.js";
import { installedProject } from "../helpers/packed.js";

interface Project {
  readonly dir: string;
  cli(args: readonly string[], opts: { env: Record<string, string> }): { code: number; stdout: string; stderr: string };
}

let project: Project;
// The built-in domains are listed too, so their data must be reachable from outside the repository.
const env = { EVAL_DATA_ROOT: resolveDataRoot({}) };

beforeAll(() => {
  const dir = installedProject();
  project = {
    dir,
    cli: (args, opts) => {
      const r = spawnSync(join(dir, "node_modules", ".bin", "evalsim"), args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...opts.env } });
      return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
  };
  cpSync(join(REPO_ROOT, "examples", "hotel-desk"), join(project.dir, "hotel-desk"), { recursive: true });
  for (const args of [["new-domain", "lib_one"], ["new-domain", "lib_two", "--dual-side"]]) {
    const res = project.cli(args, { env });
    if (res.code !== 0) throw new Error(`evalsim ${args.join(" ")}: ${res.stderr}`);
  }
}, 300_000);
afterAll(() => {
  if (project) rmSync(project.dir, { recursive: true, force: true });
});

const cases = [
  { folder: "hotel-desk", domain: "hotel_desk", scenarios: 3 },
  { folder: "lib_one", domain: "lib_one", scenarios: 1 },
  { folder: "lib_two", domain: "lib_two", scenarios: 1 },
];

describe.each(cases)("$domain, loaded from ./$folder/index.js by the installed CLI", ({ folder, domain, scenarios }) => {
  const cli = (...args: string[]) => project.cli(["--domains", `./${folder}/index.js`, ...args], { env });

  it("is listed beside the built-in domains", () => {
    const res = cli("list-domains");
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^${domain} +${scenarios} +\\(domain ${domain}\\)$`, "m"));
    expect(res.stdout).toMatch(/^tau2_telecom_workflow +114 +\(domain tau2_telecom\)$/m);
  });

  it("passes gold: every end DB matches its expected DB and every assertion holds", () => {
    const res = cli("gold", "--domain", domain);
    expect(res.stderr).toBe("");
    expect(res.stdout).toContain(`${scenarios} scenarios replayed: ${scenarios}/${scenarios} end-DB hashes match, 0 failed`);
    expect(res.stdout).not.toContain("warning:");
    expect(res.code).toBe(0);
  });

  it("runs with the oracle agent and the scripted user, in worker threads that load the same plugin", () => {
    const out = join(project.dir, "runs", folder);
    const res = cli("run", "--domain", domain, "--agent", "oracle", "--user", "scripted", "--workers", "2", "--out", out, "--json");
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const summary = JSON.parse(res.stdout) as { totals?: { scenarios?: number; passed?: number } };
    expect(summary.totals).toMatchObject({ scenarios, passed: scenarios });
  });

  it("is clean under fuzz", () => {
    const res = cli("fuzz", "--domain", domain, "--calls", "300");
    expect(res.stderr).toBe("");
    expect(res.stdout).toMatch(new RegExp(`^${domain}: \\d+ calls, 0 violations \\(.*ok \\d+`, "m"));
    expect(res.code).toBe(0);
  });
});

it("the JavaScript type-checks against the installed package's declarations", () => {
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const files = cases.flatMap((c) => ["index.js", "tools.js", "scenarios.js"].map((f) => join(c.folder, f)));
  const flags = ["--noEmit", "--allowJs", "--checkJs", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--types", "node", "--typeRoots", join(REPO_ROOT, "node_modules", "@types")];
  let out = "";
  try {
    execFileSync(process.execPath, [tsc, ...flags, ...files], { cwd: project.dir, encoding: "utf8" });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? e);
  }
  expect(out).toBe("");
});
