/**
 * Default options in evalsim.config.{json,mjs}: `options.<command>.<option>`
 * is used when the command line does not give that option, the command line
 * always wins (a repeatable option too), `run --resume` keeps the run's own
 * options, and a key that is not an option a config may set is one line
 * naming the file and the key, exit 2, whatever command runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { withConfigDefaults } from "../../src/cli/config-defaults.js";
import type { Command } from "../../src/cli/command.js";
import { readConfig, type EvalsimConfig } from "../../src/plugins/config.js";
import { runCli, type CliRun } from "../helpers/cli.js";

const SHELF = fileURLToPath(new URL("../plugins/sample/shelf.mjs", import.meta.url));
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A folder holding `evalsim.config.<ext>` with `text`. */
function project(text: string, ext = "json"): string {
  const dir = mkdtempSync(join(tmpdir(), "evalsim-config-"));
  temps.push(dir);
  writeFileSync(join(dir, `evalsim.config.${ext}`), text);
  return dir;
}

/** The CLI run in `dir`, as a user runs it there. */
async function cliIn(dir: string, argv: readonly string[]): Promise<CliRun> {
  const was = process.cwd();
  process.chdir(dir);
  try {
    return await runCli(argv);
  } finally {
    process.chdir(was);
  }
}

const json = (options: unknown): string => JSON.stringify({ domains: [SHELF], options });

describe("defaults are used where the command line says nothing", () => {
  it("fuzz takes --calls and --seed from the config; --seed on the command line wins", async () => {
    const dir = project(json({ fuzz: { domain: "shelf", calls: 7, seed: 5 } }));
    const plain = await cliIn(dir, ["fuzz"]);
    expect(plain.stderr).toBe("");
    expect(plain.stdout.split("\n")[0]).toBe("fuzz: seed 5, 7 calls per domain, up to 12 calls per sequence");
    // Only the shelf domain: the config's --domain applies.
    expect(plain.stdout).toMatch(/^shelf: /m);
    expect(plain.stdout).not.toMatch(/^eva_airline: /m);
    const flag = await cliIn(dir, ["fuzz", "--seed", "9"]);
    expect(flag.stdout.split("\n")[0]).toBe("fuzz: seed 9, 7 calls per domain, up to 12 calls per sequence");
  });

  it("run takes agent, domain, output folder and --json from an .mjs config", async () => {
    const dir = project(`export default { domains: [${JSON.stringify(SHELF)}], options: { run: { agent: "oracle", domain: "shelf", out: "runs", json: true, trials: 2 } } };\n`, "mjs");
    const r = await cliIn(dir, ["run"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { run_dir: string; scenarios: unknown[] };
    expect(report.run_dir.startsWith(join(dir, "runs", "eval_"))).toBe(true);
    // Two scenarios, two trials each.
    expect(report.scenarios).toHaveLength(4);
  });

  it("run --agent oracle sets a configured LLM agent aside, its config file included", async () => {
    const dir = project(json({ run: { agent: "llm", "agent-config": "agent.yaml", domain: "shelf", out: "runs", json: true } }));
    const r = await cliIn(dir, ["run", "--agent", "oracle"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("run --no-json turns a configured --json off", async () => {
    const dir = project(json({ run: { domain: "shelf", out: "runs", json: true } }));
    const on = await cliIn(dir, ["run"]);
    expect(() => JSON.parse(on.stdout) as unknown).not.toThrow();
    const off = await cliIn(dir, ["run", "--no-json"]);
    expect(off.stderr).toBe("");
    expect(off.code).toBe(0);
    expect(() => JSON.parse(off.stdout) as unknown).toThrow();
    expect(off.stdout).toContain("outputs are in");
  });

  it("a false boolean default adds nothing; list takes its --domain", async () => {
    const dir = project(json({ list: { domain: "shelf", json: false } }));
    const r = await cliIn(dir, ["list"]);
    expect(r.stdout).toBe("shelf__one\nshelf__two\n");
  });
});

describe("withConfigDefaults", () => {
  const repeatable: Command = {
    name: "demo",
    summary: "",
    help: "",
    defaults: { options: { gate: { type: "string", multiple: true }, fast: { type: "boolean" }, n: { type: "string" } }, ignoredWith: ["resume"] },
    run: () => 0,
  };
  const config: EvalsimConfig = { file: "/p/evalsim.config.json", domains: [], options: { demo: { gate: ["a", "b"], fast: true, n: 3 } } };

  it("puts the defaults in front, as --name=value", () => {
    expect(withConfigDefaults(repeatable, ["--x"], config)).toEqual(["--gate=a", "--gate=b", "--fast", "--n=3", "--x"]);
  });

  it("drops a default the command line gives, a repeatable one whole", () => {
    expect(withConfigDefaults(repeatable, ["--gate", "c", "--n=4"], config)).toEqual(["--fast", "--gate", "c", "--n=4"]);
  });

  it("applies none with a flag that keeps a run's own options", () => {
    expect(withConfigDefaults(repeatable, ["--resume", "DIR"], config)).toEqual(["--resume", "DIR"]);
  });

  it("drops a default that needs another option's value the command line changed", () => {
    const run: Command = { ...repeatable, defaults: { options: { agent: { type: "string" }, "agent-config": { type: "string" } }, requires: { "agent-config": { option: "agent", value: "llm" } } } };
    const llm: EvalsimConfig = { ...config, options: { demo: { agent: "llm", "agent-config": "a.yaml" } } };
    expect(withConfigDefaults(run, [], llm)).toEqual(["--agent=llm", "--agent-config=a.yaml"]);
    expect(withConfigDefaults(run, ["--agent", "oracle"], llm)).toEqual(["--agent", "oracle"]);
    expect(withConfigDefaults(run, ["--agent=llm"], llm)).toEqual(["--agent-config=a.yaml", "--agent=llm"]);
  });

  it("turns a configured boolean off with --no-FLAG, which is gone from the arguments", () => {
    expect(withConfigDefaults(repeatable, ["--no-fast", "--x"], config)).toEqual(["--gate=a", "--gate=b", "--n=3", "--x"]);
  });

  it("takes --no-FLAG without a config or a default for it, changing nothing", () => {
    expect(withConfigDefaults(repeatable, ["--no-fast", "--n", "1"], undefined)).toEqual(["--n", "1"]);
    const none: EvalsimConfig = { ...config, options: { demo: { n: 2 } } };
    expect(withConfigDefaults(repeatable, ["--no-fast"], none)).toEqual(["--n=2"]);
  });

  it("leaves --no- alone for an option that is not a boolean a config may set, and after --", () => {
    expect(withConfigDefaults(repeatable, ["--no-n", "--no-gate", "--", "--no-fast"], undefined)).toEqual(["--no-n", "--no-gate", "--", "--no-fast"]);
  });

  it("refuses --no-FLAG with a value, and with --FLAG beside it", () => {
    expect(() => withConfigDefaults(repeatable, ["--no-fast=1"], config)).toThrow("--no-fast takes no value");
    expect(() => withConfigDefaults(repeatable, ["--fast", "--no-fast"], undefined)).toThrow("--fast and --no-fast are both given; give one");
  });

  it("reads nothing after --", () => {
    expect(withConfigDefaults(repeatable, ["--", "--n"], config)).toEqual(["--gate=a", "--gate=b", "--fast", "--n=3", "--", "--n"]);
  });
});

describe("a bad default is one line naming the file and the key, exit 2", () => {
  const cases: [string, unknown, string][] = [
    ["an option the command does not have", { fuzz: { seeds: 3 } }, "options.fuzz.seeds: evalsim fuzz has no such option a config may set; did you mean 'seed'? (it may set: domain, calls, seed, max-calls)"],
    ["an option a config may not set", { run: { resume: "x" } }, "options.run.resume: evalsim run has no such option a config may set"],
    ["a command that does not exist", { rnu: { agent: "oracle" } }, "options.rnu: no such command; did you mean 'run'? (commands with defaults: "],
    ["a command that takes no defaults", { hash: {} }, "options.hash: evalsim hash takes no default options (commands with defaults: "],
    ["a value for a flag without one", { run: { "strict-match": "yes" } }, `options.run.strict-match: expected true or false (--strict-match takes no value), got "yes"`],
    ["true for a flag that needs a value", { fuzz: { calls: true } }, "options.fuzz.calls: expected a value for --calls, got true"],
    ["a list for a flag that is not repeatable", { run: { agent: ["oracle"] } }, "options.run.agent: expected one value (--agent is not repeatable), got a list"],
    ["a value that is no option value", { run: { trials: { n: 2 } } }, "options.run.trials: expected a string, number, true/false or a list of strings, got an object"],
    ["options that are not an object", ["run"], "options: expected an object {command: {option: value}}, got a list"],
  ];
  it.each(cases)("%s (checked whatever command runs)", async (_what, options, message) => {
    const dir = project(json(options));
    const r = await cliIn(dir, ["list-domains"]);
    expect(r.stdout).toBe("");
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith(`evalsim list-domains: ${join(dir, "evalsim.config.json")}: ${message}`), lines[0]).toBe(true);
  });

  it("readConfig keeps the options as given", async () => {
    const dir = project(json({ run: { trials: 2, gate: ["voice_readability"] } }));
    expect((await readConfig(dir))?.options).toEqual({ run: { trials: 2, gate: ["voice_readability"] } });
  });
});
