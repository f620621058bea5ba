/**
 * Domains as plugins, in-process: a plain-JavaScript domain module given
 * with --domains (or listed in evalsim.config.json) works with every command,
 * and a module that cannot be used gives one line and exit 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildRegistry, domainsOf, PluginError } from "../../src/plugins/load.js";
import { readConfig } from "../../src/plugins/config.js";
import { domains as builtin } from "../../src/domains/index.js";
import { runCli } from "../helpers/cli.js";

const sample = (name: string): string => fileURLToPath(new URL(`./sample/${name}`, import.meta.url));
const SHELF = sample("shelf.mjs");
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
const temp = (): string => {
  const d = mkdtempSync(join(tmpdir(), "evalsim-plugin-"));
  temps.push(d);
  return d;
};

describe("plugin errors: one line, exit 2, and the built-in domains still listed", () => {
  const cases: [string, string, RegExp][] = [
    ["a module that does not exist", join(tmpdir(), "no-such-plugin.mjs"), /no-such-plugin\.mjs: no such plugin module \(.*no-such-plugin\.mjs\)$/],
    ["a domain name where a module belongs", "tau2_retail", /tau2_retail: no such plugin module \(.*\); to select the scenarios of a domain, use --domain tau2_retail$/],
    ["a module that throws on load", sample("broken.mjs"), /broken\.mjs: cannot load: plugin exploded$/],
    ["a module that exports no domain", sample("nothing.mjs"), /nothing\.mjs: exports no domain/],
    ["a domain name already registered", sample("clash.mjs"), /clash\.mjs: domain 'eva_airline' is already registered \(by evalsim's built-in domains\)$/],
  ];
  for (const [what, file, message] of cases) {
    it(what, async () => {
      const r = await runCli(["list-domains", "--domains", file]);
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/^eva_airline\s+50  \(domain eva_airline\)$/m);
      expect(r.stdout).toMatch(/^tau2_telecom\s+\d+  \(domain tau2_telecom\)$/m);
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^evalsim list-domains: /);
      expect(lines[0]).toMatch(message);
    });
  }

  it("the same plugin twice (a config and --domains) is registered once", async () => {
    const r = await runCli(["list", "--domain", "shelf", "--domains", SHELF, "--domains", SHELF]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("shelf__one\nshelf__two\n");
  });

  it("an export that is not a domain", () => {
    expect(() => domainsOf({ domains: [{ name: "x" }] }, "m.mjs")).toThrow(new PluginError("m.mjs: export 'domains'[0] is not a domain (expected an object with name, tools.agent and scenarios(); see defineDomain)"));
  });
});

describe("the built-in domains are registered as a plugin is", () => {
  it("buildRegistry with no plugins holds exactly the built-in four, in order", async () => {
    const r = await buildRegistry([]);
    expect(r.domains.map((d) => d.name)).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom"]);
    expect(r.domains).toEqual(builtin);
  });

  it("a plugin's domains follow them", async () => {
    const r = await buildRegistry([SHELF]);
    expect(r.domains.map((d) => d.name)).toEqual(["eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom", "shelf"]);
  });
});

describe("a plugin domain through every command", () => {
  const withShelf = (...args: string[]): Promise<Awaited<ReturnType<typeof runCli>>> => runCli([...args, "--domains", SHELF]);

  it("list-domains and list", async () => {
    const domains = await withShelf("list-domains");
    expect(domains.code).toBe(0);
    expect(domains.stdout).toMatch(/^shelf\b.*2/m);
    const list = await withShelf("list", "--domain", "shelf");
    expect(list.code).toBe(0);
    expect(list.stdout).toBe("shelf__one\nshelf__two\n");
  });

  it("gold", async () => {
    const r = await withShelf("gold", "--domain", "shelf", "--json");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { name: string; actions: number }[];
    expect(rows.map((row) => [row.name, row.actions])).toEqual([
      ["shelf__one", 1],
      ["shelf__two", 1],
    ]);
  });

  it("replay", async () => {
    const dir = temp();
    const calls = join(dir, "calls.json");
    writeFileSync(calls, JSON.stringify([{ name: "restock_item", arguments: { item_id: "I1", amount: 5 } }]));
    const r = await withShelf("replay", "--scenario", "shelf__one", "--calls", calls, "--json");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"count": 7');
  });

  it("run, with worker threads that load the same plugin", async () => {
    const out = temp();
    const r = await withShelf("run", "--domain", "shelf", "--agent", "oracle", "--workers", "2", "--out", out, "--json");
    expect(r.stderr).toBe("");
    // Exit 0: both scenarios ran (in the workers) and passed.
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("shelf__one");
    expect(r.stdout).toContain("shelf__two");
  });

  it("validate-fixtures --domain for a plugin with no fixture folder", async () => {
    const r = await withShelf("validate-fixtures", "--domain", "shelf", "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { domains: string[]; findings: unknown[] };
    expect(report.domains).toEqual(["shelf"]);
    expect(report.findings).toEqual([]);
  });

  it("fuzz", async () => {
    const r = await withShelf("fuzz", "--domain", "shelf", "--calls", "20", "--seed", "1");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });
});

describe("evalsim.config.json", () => {
  it("lists plugins relative to the file and a data root", async () => {
    const dir = temp();
    writeFileSync(join(dir, "evalsim.config.json"), JSON.stringify({ domains: [SHELF], dataRoot: "data" }));
    const config = await readConfig(dir);
    expect(config).toEqual({ file: join(dir, "evalsim.config.json"), domains: [SHELF], dataRoot: join(dir, "data"), options: {} });
  });

  it("\"!builtin\" among the domains leaves the built-in domains out", async () => {
    const dir = temp();
    writeFileSync(join(dir, "evalsim.config.json"), JSON.stringify({ domains: ["!builtin", SHELF] }));
    const config = await readConfig(dir);
    expect(config).toEqual({ file: join(dir, "evalsim.config.json"), domains: [SHELF], builtin: false, options: {} });
    const registry = await buildRegistry(config?.domains, dir, { builtin: config?.builtin !== false });
    expect(registry.domains.map((d) => d.name)).toEqual(["shelf"]);
  });

  it("--no-builtin lists a plugin's domains alone", async () => {
    const r = await runCli(["--no-builtin", "list-domains", "--domains", SHELF]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("shelf                       2  (domain shelf)\n");
    expect(r.code).toBe(0);
  });

  it("rejects an unknown field in one line", async () => {
    const dir = temp();
    writeFileSync(join(dir, "evalsim.config.json"), JSON.stringify({ domain: ["x.mjs"] }));
    await expect(readConfig(dir)).rejects.toThrow(`${join(dir, "evalsim.config.json")}: domain: no such field (expected domains, dataRoot, options)`);
  });

  it("has none when the folder has no config file", async () => {
    expect(await readConfig(temp())).toBeUndefined();
  });

  it("the sample plugin file is plain JavaScript", () => {
    expect(readFileSync(SHELF, "utf8")).not.toMatch(/: (string|number)\b/);
  });
});
