/**
 * Text from outside files (a NeMo run's scenario names and reasons, a run
 * folder's scenario_name, a recording's tool names, an endpoint's tool call)
 * reaches the terminal as visible escapes, as every error line does: an OSC
 * that sets the window title, a CSI that clears the screen, BEL, a C1 CSI and
 * a right-to-left override are shown, never obeyed.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { escapeControls } from "../../src/json/control-chars.js";
import { METRICS_FILE } from "../../src/run/layout.js";
import type { MockServer } from "../llm/mock-openai.js";
import { completion, startMockServer } from "../llm/mock-openai.js";
import { evalsim, removeScratch, runFolder, scratch } from "../run/run-helpers.js";

const NAME = "tau2_retail__0";
const HOSTILE = "\x1b]0;owned\x07\x1b[2J\u202eevil\x9b";
const SHOWN = escapeControls(HOSTILE);
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let imported: { code: number; out: string; err: string };
let importedRun: string;

beforeAll(async () => {
  // A NeMo run folder: a scenario the source says passed for a hostile reason, another one, and one evalsim does not know.
  const nemo = join(scratch("nemo-hostile"), "eval_2026-03-01_10-15-00");
  const write = (folder: string, metrics: object): void => {
    mkdirSync(join(nemo, folder), { recursive: true });
    writeFileSync(join(nemo, folder, "metrics.json"), JSON.stringify(metrics));
  };
  write(NAME, { scenario_name: NAME, is_successful: true, success_breakdown: { failed: [HOSTILE] } });
  write("tau2_retail__1", { scenario_name: "tau2_retail__1", is_successful: false });
  write("alien", { scenario_name: `alien${HOSTILE}`, is_successful: true });
  const out = scratch("nemo-hostile-out");
  imported = await evalsim(["import", "nemo", nemo, "--out", out]);
  importedRun = runFolder(out);
});

afterAll(removeScratch);

describe("outside text on the terminal", () => {
  it("import: the unmatched: and disagrees: lines", () => {
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain(`  unmatched: alien${SHOWN}\n`);
    expect(imported.out).toMatch(new RegExp(`  disagrees: ${NAME}: nemo says passed, evalsim says failed \\(nemo: failed ${SHOWN.replace(/[\\[\]]/g, "\\$&")}`));
    expect(imported.out + imported.err).not.toMatch(RAW);
  });

  it("compare: a run folder's scenario_name", async () => {
    const other = join(scratch("compare-hostile"), "run");
    cpSync(importedRun, other, { recursive: true });
    const file = join(other, NAME, METRICS_FILE);
    writeFileSync(file, readFileSync(file, "utf8").replace(`"scenario_name": "${NAME}"`, `"scenario_name": ${JSON.stringify(NAME + HOSTILE)}`));
    const r = await evalsim(["compare", importedRun, other]);
    expect(r.err).toBe("");
    expect(r.out).toContain(`${NAME}${SHOWN}`);
    expect(r.out + r.err).not.toMatch(RAW);
  });

  it("replay: a recorded tool name, and its warning: line", async () => {
    const calls = join(scratch("replay-hostile"), "calls.json");
    writeFileSync(calls, JSON.stringify([{ name: `find_user${HOSTILE}`, arguments: { note: HOSTILE } }]));
    const r = await evalsim(["replay", "--scenario", NAME, "--calls", calls]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`#1 [agent] find_user${SHOWN} `);
    expect(r.err).toContain(`warning: recorded tool find_user${SHOWN} (agent) names no tool of tau2_retail`);
    expect(r.out + r.err).not.toMatch(RAW);
  });
});

describe("diff of two DB files", () => {
  it("shows their keys and values escaped", async () => {
    const dir = scratch("diff-hostile");
    writeFileSync(join(dir, "a.json"), JSON.stringify({ users: { [`u1${HOSTILE}`]: { name: "a" } } }));
    writeFileSync(join(dir, "b.json"), JSON.stringify({ users: { [`u1${HOSTILE}`]: { name: `b${HOSTILE}` } } }));
    const r = await evalsim(["diff", join(dir, "a.json"), join(dir, "b.json")]);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toContain(`u1${SHOWN}`);
    expect(r.out + r.err).not.toMatch(RAW);
  });
});

describe("config check --ping", () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("prints the tool an endpoint called instead, escaped", async () => {
    server = await startMockServer(() => completion({ calls: [{ name: `status${HOSTILE}`, arguments: "{}" }] }));
    const config = join(scratch("ping-hostile"), "agent.yaml");
    writeFileSync(config, `base_url: ${server.url}\nmodel: m\n`);
    const r = await evalsim(["config", "check", config, "--ping"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`tool calling: NOT working: the model called status${SHOWN}\n`);
    expect(r.out + r.err).not.toMatch(RAW);
  });
});
