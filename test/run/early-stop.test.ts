/**
 * The early stop: once K scenarios in a row errored by the same endpoint
 * failure, the run starts no more scenarios, writes its run-level files,
 * prints the resume command and exits 3; the scenarios it never started have
 * no folder, and `--resume` (with the endpoint back) finishes the run to the
 * same tree as a run that was never interrupted.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/domains/index.js";
import { loadCatalog, selectScenarios } from "../../src/engine/catalog.js";
import type { MockServer } from "../llm/mock-openai.js";
import { isAgentRequest, startMockServer } from "../llm/mock-openai.js";
import { playEntries } from "../llm/scenario-script.js";
import { evalsim, PICK, removeScratch, runFolder, scratch, tree, treeDifferences } from "./run-helpers.js";

const NAMES = PICK.slice(0, 5);
const entries = selectScenarios(loadCatalog(registry, {}), { scenarios: NAMES });
const userPrompts = new Map(entries.map((e) => [e.scenario.userPrompt(), e.scenario.name]));
/** The endpoint goes down when the user of this scenario first speaks, and stays down. */
const OUTAGE_FROM = NAMES[2] as string;

let server: MockServer;
let outageEnabled = false;
let down = false;
let cfg = "";

beforeAll(async () => {
  server = await startMockServer(
    playEntries(entries, (body) => {
      if (outageEnabled && !isAgentRequest(body) && userPrompts.get(body.messages[0]?.content ?? "") === OUTAGE_FROM) down = true;
      return down ? { kind: "text", status: 503, text: "upstream connect error" } : undefined;
    }),
  );
  cfg = join(scratch("early-stop-cfg"), "model.yaml");
  writeFileSync(cfg, `base_url: ${server.url}\nmodel: mock-model\ntemperature: 0\nretries: 0\ntimeout_seconds: 10\n`);
});

afterAll(async () => {
  await server.stop();
  removeScratch();
});

const args = (out: string[]): string[] => ["run", "--scenarios", ...NAMES, "--seed", "2", "--agent", "llm", "--agent-config", cfg, "--user", "llm", "--user-config", cfg, "--workers", "1", "--max-concurrency", "1", "--max-endpoint-failures", "2", ...out];
const status = (dir: string, name: string): unknown => (JSON.parse(readFileSync(join(dir, name, "metrics.json"), "utf8")) as { status: unknown }).status;

describe("--max-endpoint-failures", () => {
  it("stops after K failures in a row (exit 3), leaves never-started scenarios without a folder, and --resume completes the run", async () => {
    outageEnabled = false;
    down = false;
    const wholeOut = scratch("uninterrupted");
    const whole = await evalsim(args(["--out", wholeOut]));
    expect(whole.code, whole.err).toBe(0);
    const reference = runFolder(wholeOut);

    outageEnabled = true;
    const out = scratch("stopped");
    const stopped = await evalsim(args(["--out", out]));
    const dir = runFolder(out);
    expect(stopped.code, stopped.err).toBe(3);
    expect(stopped.err).toContain("2 scenarios in a row errored with the same endpoint failure");
    expect(stopped.err).toContain("HTTP 503: upstream connect error");
    expect(stopped.err).toContain(`evalsim run --resume ${dir} --agent-config ${cfg} --user-config ${cfg}`);
    // Before the outage: passed. The two it hit: errored by their own failed requests. After: never started, no folder.
    expect([status(dir, NAMES[0] as string), status(dir, NAMES[1] as string)]).toEqual(["passed", "passed"]);
    expect([status(dir, NAMES[2] as string), status(dir, NAMES[3] as string)]).toEqual(["errored", "errored"]);
    for (const name of NAMES.slice(4)) expect(existsSync(join(dir, name)), name).toBe(false);
    // The run-level files are written for what ran.
    const summary = JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")) as { totals: { scenarios: number; errored: number } };
    expect(summary.totals).toMatchObject({ errored: 2 });
    expect([...tree(dir).keys()].some((p) => p.endsWith(".partial") || p.includes(".tmp"))).toBe(false);

    outageEnabled = false;
    down = false;
    const resumed = await evalsim(["run", "--resume", dir, "--agent-config", cfg, "--user-config", cfg, "--workers", "1"]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(treeDifferences(reference, dir)).toEqual([]);
  }, 60_000);
});
