/**
 * The public API as a user gets it: the packed tarball installed in a
 * project outside the repository, imported by name, and a tiny domain
 * written only against it working through the API and the installed CLI.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, resolveDataRoot } from "../../src/loaders/data-root.js";
import { installedProject, packedTarball } from "../helpers/packed.js";

let project = "";
beforeAll(() => {
  project = installedProject();
}, 600_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

function node(args: readonly string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd: project, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const API = [
  "defineDomain",
  "defineTool",
  "defineScenario",
  "createRegistry",
  "builtinDomains",
  "canonicalHash",
  "dbDiff",
  "verifyGold",
  "replayCalls",
  "createOracleAgent",
  "createReplayAgent",
  "createScriptedUser",
  "createLlmAgent",
  "createLlmUser",
  "loadCatalog",
  "runConversation",
  "validateFixtures",
  "fuzzDomain",
  "runSuite",
  "checkPolicy",
  "watchPolicy",
  "auditPolicy",
  "z",
  // What each command calls, beyond the above: run/check (createRunControl, runJunit, runMarkdown,
  // formatFailureList), merge, compare, report, plugins and evalsim.config, prompts, audit, config,
  // cassettes, fixtures, new-domain, hash/diff/replay input parsing, validate-fixtures' report.
  "createRunControl",
  "runJunit",
  "runMarkdown",
  "formatFailureList",
  "mergeRuns",
  "mergeCassettes",
  "readRunFolder",
  "compareRuns",
  "gateFails",
  "formatComparison",
  "compareJunit",
  "compareMarkdown",
  "buildReport",
  "buildRegistry",
  "loadDomainModule",
  "readConfig",
  "ScenarioDefinitionError",
  "checkScenario",
  "createNoopAgent",
  "createChannel",
  "scoreScenario",
  "buildPromptPack",
  "applyPromptPack",
  "diffPromptPack",
  "auditInaction",
  "loadLlmConfig",
  "pingEndpoint",
  "verifyCassetteDir",
  "fetchFixtures",
  "buildManifest",
  "verifyDataRoot",
  "writeScaffold",
  "parsePythonJson",
  "pyEntries",
  "parseCallsDocument",
  "formatReport",
];

const DOMAIN = `// @ts-check
import { defineDomain, defineScenario, defineTool, z } from "evalsim";

const bump = defineTool({
  name: "bump",
  description: "Add one to the counter.",
  args: z.object({ by: z.number().int() }),
  kind: "write",
  run: (db, { by }, ctx) => {
    db.count = Number(db.count) + by;
    ctx.record({ action_type: "bump", name: "bump", arguments: { by }, result: { count: db.count } });
    return { count: db.count };
  },
});

export const counter = defineDomain({
  name: "counter",
  tools: { agent: [bump] },
  scenarios: () => [
    defineScenario({
      name: "counter__three",
      domain: "counter",
      description: "bump the counter to three",
      initialDbs: () => ({ agent: { count: 1 } }),
      goldCalls: () => [{ name: "bump", arguments: { by: 2 } }],
    }),
  ],
});
`;

describe("the installed package", () => {
  it("lists the API by name", () => {
    const r = node(["-e", "import('evalsim').then(m => console.log(JSON.stringify(Object.keys(m))))"]);
    expect(r.stderr).toBe("");
    const keys = JSON.parse(r.stdout) as string[];
    for (const name of API) expect(keys).toContain(name);
  });

  it("ships types for the API", () => {
    const r = node(["-e", "const fs = require('fs'); const t = fs.readFileSync('node_modules/evalsim/dist/index.d.ts', 'utf8'); console.log(/defineDomain/.test(t) && /Domain,/.test(t))"]);
    expect(r.stdout.trim()).toBe("true");
  });

  it("runs a domain defined through it: gold replay and its hash", () => {
    writeFileSync(join(project, "counter.mjs"), DOMAIN);
    const script = `
      import { builtinDomains, canonicalHash, createRegistry, loadCatalog, verifyGold } from "evalsim";
      import { counter } from "./counter.mjs";
      const registry = createRegistry([...builtinDomains, counter]);
      const [entry] = loadCatalog(registry, {}, [counter]).entries;
      const row = verifyGold(entry);
      console.log(JSON.stringify({ names: registry.domains.map((d) => d.name), row, hash: canonicalHash({ count: 3 }) }));
    `;
    writeFileSync(join(project, "gold.mjs"), script);
    const r = node(["gold.mjs"]);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as { names: string[]; row: { db_hash: string; actions: number }; hash: string };
    expect(out.names).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom", "counter"]);
    expect(out.row.actions).toBe(1);
    // The end DB is {count: 3}; its hash is the reference's get_dict_hash of it
    // (sha256 of json.dumps({"count": 3}, sort_keys=True, separators=(",", ":"))).
    expect(out.row.db_hash).toBe("0c07187ea6d064441225b3cba26a7b1e8bc702fcf332b457dae8e26892ba68a6");
    expect(out.hash).toBe(out.row.db_hash);
  });

  it("ships its LICENSE and no source maps pointing at sources it does not ship", () => {
    const pkg = join(project, "node_modules", "evalsim");
    expect(readFileSync(join(pkg, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    const maps: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith(".map")) maps.push(join(dir, e.name));
      }
    };
    walk(join(pkg, "dist"));
    expect(maps).toEqual([]);
    expect(existsSync(join(pkg, "src"))).toBe(false);
  });

  it("looks for its fixtures in the user's data folder, not inside node_modules", () => {
    const env: Record<string, string | undefined> = { ...process.env, XDG_DATA_HOME: join(project, "xdg") };
    delete env["EVAL_DATA_ROOT"];
    const bin = join(project, "node_modules", "evalsim", "bin", "evalsim");
    const r = spawnSync(process.execPath, [bin, "list", "--domain", "tau2_retail"], { cwd: project, encoding: "utf8", env });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(join(project, "xdg", "evalsim", "fixtures"));
    expect(r.stderr).not.toContain(join("node_modules", "evalsim", "data", "fixtures"));
  });

  it("runs the 'Use as a library' example of docs/library.md as written", () => {
    const readme = readFileSync(join(PROJECT_ROOT, "docs", "library.md"), "utf8");
    const code = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    writeFileSync(join(project, "library.mjs"), code as string);
    const r = spawnSync(process.execPath, ["library.mjs"], { cwd: project, encoding: "utf8", env: { ...process.env, EVAL_DATA_ROOT: resolveDataRoot() } });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("eva_airline__1_1_3 gold DB matches");
    expect(r.stdout).toMatch(/eval_\d{8}_\d{6} 2\/2 passed/);
    expect(r.stdout).toContain("| **all** | 2 | 2 | 0 | 0 | 100.0% (2/2) |");
  });

  it("a .ts plugin without tsx in the project is one line saying to install tsx or compile it", () => {
    writeFileSync(join(project, "typed.ts"), "export const x: number = 1;\n");
    const bin = join(project, "node_modules", "evalsim", "bin", "evalsim");
    // --no-builtin: this project has no fixture data for the built-in domains, which would add their own line.
    const r = node([bin, "--no-builtin", "list-domains", "--domains", "./typed.ts"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(`evalsim list-domains: ${join(project, "typed.ts")}: a TypeScript plugin needs tsx in its project (npm install --save-dev tsx), or compile it to .js\n`);
  });

  it("a .ts plugin loads through the project's own tsx", () => {
    // The repository's tsx, linked into the project as an install would put it.
    symlinkSync(join(PROJECT_ROOT, "node_modules", "tsx"), join(project, "node_modules", "tsx"), "dir");
    try {
      copyFileSync(join(PROJECT_ROOT, "test", "plugins", "sample", "desk.ts"), join(project, "desk.ts"));
      const bin = join(project, "node_modules", "evalsim", "bin", "evalsim");
      const r = node([bin, "gold", "--domain", "desk", "--domains", "./desk.ts", "--json"]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { name: string }[]).map((x) => x.name)).toEqual(["desk__one"]);
    } finally {
      rmSync(join(project, "node_modules", "tsx"));
    }
  });

  it("its CLI loads the domain with --domains and from evalsim.config.json", () => {
    writeFileSync(join(project, "counter.mjs"), DOMAIN);
    const bin = join(project, "node_modules", "evalsim", "bin", "evalsim");
    const listed = node([bin, "list", "--domain", "counter", "--domains", "./counter.mjs"]);
    expect(listed.stderr).toBe("");
    expect(listed.stdout).toContain("counter__three");
    writeFileSync(join(project, "evalsim.config.json"), JSON.stringify({ domains: ["./counter.mjs"] }));
    const gold = node([bin, "gold", "--domain", "counter", "--json"]);
    expect(gold.stderr).toBe("");
    expect(gold.code).toBe(0);
    expect((JSON.parse(gold.stdout) as { name: string }[]).map((r) => r.name)).toEqual(["counter__three"]);
    rmSync(join(project, "evalsim.config.json"));
  });

  it("ships docs/ and examples/, and every relative link of its README resolves inside the package", () => {
    const listed = spawnSync("tar", ["tzf", packedTarball()], { encoding: "utf8" }).stdout.split("\n");
    expect(listed).toContain("package/docs/authoring-domains.md");
    expect(listed).toContain("package/examples/hotel-desk/index.js");
    const root = join(project, "node_modules", "evalsim");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(existsSync(join(root, link)), link).toBe(true);
  });

  it("list-domains --no-builtin lists a plugin's domains with no fixture data root anywhere", () => {
    writeFileSync(join(project, "counter.mjs"), DOMAIN);
    const bin = join(project, "node_modules", "evalsim", "bin", "evalsim");
    const env = { ...process.env };
    delete env["EVAL_DATA_ROOT"];
    const r = spawnSync(process.execPath, [bin, "--no-builtin", "list-domains", "--domains", "./counter.mjs"], { cwd: project, encoding: "utf8", env });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("counter                     1  (domain counter)\n");
    // Without --no-builtin the built-in domains need their fixtures, which this project does not have.
    const withBuiltin = spawnSync(process.execPath, [bin, "list-domains", "--domains", "./counter.mjs"], { cwd: project, encoding: "utf8", env });
    expect(withBuiltin.status).toBe(2);
  });
});
