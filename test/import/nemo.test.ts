/**
 * `evalsim import nemo` on a NeMo run folder of 20 scenarios, written here in
 * the layout NeMo's runner writes (HARNESS.md section 8): `eval_<ts>/` with
 * run_args.json, all_metrics.json and one folder per scenario holding
 * metrics.json (`is_successful`), final_scenario_db_hash.txt,
 * scenario_config/ and the bots' chat contexts. The agent's calls are each
 * task's upstream expected actions (tasks.json) under the LLM names NeMo's
 * agent calls (PascalCase + "Tool"), in pipecat's context shape. Sixteen
 * make every call and NeMo passed them; three stop before their last write
 * and NeMo failed them; one makes every call but NeMo failed it (its call
 * timed out before the goodbye): evalsim disagrees there.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { FIXTURES } from "../helpers/temp-data.js";
import { removeScratch, runFolder, scratch } from "../run/run-helpers.js";

interface Action {
  name: string;
  arguments: Record<string, unknown>;
}
interface Task {
  id: string;
  evaluation_criteria: { actions: Action[] | null };
}

const pascal = (snake: string): string => `${snake.replace(/(^|_)([a-z])/g, (_m, _u: string, c: string) => c.toUpperCase())}Tool`;
const WRITES = /^(book|cancel|exchange|modify|return|update|send)_/;

const tasks = (domain: string): Task[] => JSON.parse(readFileSync(join(FIXTURES, domain, "tasks.json"), "utf8")) as Task[];

interface Planned {
  name: string;
  actions: Action[];
  verdict: boolean;
}

/** 20 scenarios: 10 airline and 10 retail tasks that have a write among their actions. */
function plan(): Planned[] {
  const pick = (domain: string): Planned[] =>
    tasks(domain)
      .filter((t) => (t.evaluation_criteria.actions ?? []).some((a) => WRITES.test(a.name)))
      .slice(0, 10)
      .map((t) => ({ name: `${domain}__${t.id}`, actions: t.evaluation_criteria.actions ?? [], verdict: true }));
  const all = [...pick("tau2_airline"), ...pick("tau2_retail")];
  // Three stop before their last write: NeMo failed them (db_state_match false).
  for (const p of [all[1], all[12], all[15]]) {
    if (!p) continue;
    const last = p.actions.map((a) => WRITES.test(a.name)).lastIndexOf(true);
    p.actions = p.actions.slice(0, last);
    p.verdict = false;
  }
  // One makes every call, but NeMo failed it.
  (all[5] as Planned).verdict = false;
  return all;
}

function llmContext(actions: readonly Action[], end: boolean): unknown[] {
  const calls = [...actions.map((a) => ({ name: pascal(a.name), arguments: a.arguments })), ...(end ? [{ name: "EndConversationTool", arguments: {} }] : [])];
  return [
    { role: "system", content: "You are a customer service agent." },
    { role: "user", content: "Hello" },
    { role: "assistant", content: "Hi! How can I help you today?" },
    ...calls.flatMap((c, i) => [
      { role: "assistant", tool_calls: [{ id: `call_${i}`, function: { name: c.name, arguments: JSON.stringify(c.arguments) }, type: "function" }] },
      { role: "tool", content: '{"status": "success"}', tool_call_id: `call_${i}` },
    ]),
  ];
}

const hexOf = (s: string): string => Buffer.from(s.padEnd(32, "_").slice(0, 32)).toString("hex");

/** A NeMo run folder as run_evaluation.py writes it. */
function writeNemoRun(root: string, planned: readonly Planned[]): string {
  const run = join(root, "eval_20260301_101500");
  const all: unknown[] = [];
  for (const p of planned) {
    const dir = join(run, p.name);
    mkdirSync(join(dir, "scenario_config"), { recursive: true });
    mkdirSync(join(dir, "bot_logs_agent"), { recursive: true });
    mkdirSync(join(dir, "bot_logs_user"), { recursive: true });
    writeFileSync(join(dir, "scenario_config", "metadata.json"), JSON.stringify({ name: p.name, domain: p.name.split("__")[0], max_duration: 900 }, null, 2));
    writeFileSync(join(dir, "scenario_config", "agent_tools.json"), JSON.stringify("[]"));
    writeFileSync(join(dir, "bot_logs_agent", "llm_context.json"), JSON.stringify(llmContext(p.actions, p.name !== planned[5]?.name), null, 2));
    writeFileSync(join(dir, "bot_logs_user", "llm_context.json"), JSON.stringify([{ role: "system", content: "You are a caller." }], null, 2));
    writeFileSync(join(dir, "final_scenario_db_hash.txt"), `db_hash: ${hexOf(p.name)}\nuser_db_hash: None\n`);
    const metrics = {
      scenario_name: p.name,
      scenario_directory: dir,
      stop_reason: p.name === planned[5]?.name ? "max_duration" : "[EXIT]",
      clean_exit: p.name !== planned[5]?.name,
      db_state_match: p.verdict || p.name === planned[5]?.name,
      is_successful: p.verdict,
      success_breakdown: p.verdict
        ? { passed: ["db_state_match", "clean_exit"], failed: [], not_applicable: [], excluded: [] }
        : { passed: [], failed: p.name === planned[5]?.name ? ["clean_exit"] : ["db_state_match"], not_applicable: [], excluded: [] },
      total_turns: 6,
    };
    writeFileSync(join(dir, "metrics.json"), JSON.stringify(metrics, null, 2));
    all.push(metrics);
  }
  writeFileSync(join(run, "all_metrics.json"), JSON.stringify(all, null, 2));
  writeFileSync(join(run, "run_args.json"), JSON.stringify({ invocations: [{ started_at: "2026-03-01T10:15:00", argv: ["run_evaluation.py"] }] }, null, 2));
  return run;
}

describe("evalsim import nemo", () => {
  const planned = plan();
  let nemoRun: string;
  let imported: string;
  let importOut: { code: number; stdout: string; stderr: string };
  beforeAll(async () => {
    nemoRun = writeNemoRun(scratch("nemo-src"), planned);
    const out = scratch("nemo-imported");
    importOut = await runCli(["import", "nemo", nemoRun, "--out", out, "--workers", "1"]);
    imported = runFolder(out);
  }, 300_000);

  it("re-grades all 20 scenarios and names the one disagreement", () => {
    expect(planned).toHaveLength(20);
    expect(importOut.code, importOut.stderr).toBe(0);
    const disagreeing = planned[5]?.name as string;
    expect(importOut.stdout).toContain(
      `imported 20 scenario(s) from nemo ${nemoRun}: 1 disagree with evalsim's verdict\n  disagrees: ${disagreeing}: nemo says failed, evalsim says passed (nemo: failed clean_exit (stop_reason max_duration))\n`,
    );
    const summary = JSON.parse(readFileSync(join(imported, "imported.json"), "utf8")) as { scenarios: number; disagreements: number; disagreeing: { scenario: string }[]; unmatched: string[] };
    expect(summary).toMatchObject({ scenarios: 20, disagreements: 1, unmatched: [] });
    expect(summary.disagreeing.map((d) => d.scenario)).toEqual([disagreeing]);
    for (const p of planned) {
      const m = JSON.parse(readFileSync(join(imported, p.name, "metrics.json"), "utf8")) as { is_successful: unknown; imported: Record<string, unknown> };
      const reason = p.verdict ? {} : { source_reason: p.name === disagreeing ? "failed clean_exit (stop_reason max_duration)" : "failed db_state_match" };
      expect(m.imported, p.name).toEqual({ format: "nemo", source: p.name, source_verdict: p.verdict, source_hash: hexOf(p.name), agrees: p.name !== disagreeing, ...reason });
      expect(m.is_successful, p.name).toBe(p.verdict || p.name === disagreeing);
    }
    const all = JSON.parse(readFileSync(join(imported, "all_metrics.json"), "utf8")) as { imported?: unknown }[];
    expect(all.every((m) => m.imported !== undefined)).toBe(true);
  });

  it("compare, report, --junit and --markdown read the imported folder like any run", async () => {
    const textOut = scratch("nemo-text");
    const text = await runCli(["run", "--scenarios", ...planned.map((p) => p.name), "--workers", "1", "--out", textOut]);
    expect(text.code, text.stderr).toBe(0);
    const dir = scratch("nemo-ci");
    const c = await runCli(["compare", imported, runFolder(textOut), "--junit", join(dir, "j.xml"), "--markdown", join(dir, "m.md"), "--fail-on", "never"]);
    expect(c.code, c.stderr).toBe(0);
    // The three scenarios the recordings left unfinished fail in the imported run and pass in the text run.
    for (const p of planned.filter((q) => !q.verdict && q !== planned[5])) expect(c.stdout).toContain(p.name);
    expect(readFileSync(join(dir, "j.xml"), "utf8")).toContain("<testsuite");
    expect(readFileSync(join(dir, "m.md"), "utf8").length).toBeGreaterThan(0);
    const r = await runCli(["report", imported, "--out", join(dir, "report.html")]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, "report.html"), "utf8")).toContain(planned[1]?.name as string);
  }, 300_000);

  it("replay and --agent replay read the NeMo run folder's agent contexts directly", async () => {
    const name = planned[0]?.name as string;
    const r = await runCli(["replay", "--scenario", name, "--calls", nemoRun, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { format: string; calls: { name: string }[]; db_hash: string };
    expect(out.format).toBe("NeMo llm_context.json");
    expect(out.calls.map((c) => c.name)).toEqual([...(planned[0]?.actions ?? []).map((a) => pascal(a.name)), "EndConversationTool"]);
    const runOut = scratch("nemo-replay-run");
    const run = await runCli(["run", "--agent", "replay", "--calls", nemoRun, "--scenarios", name, "--workers", "1", "--out", runOut]);
    expect(run.code, run.stderr).toBe(0);
    const m = (dir: string): unknown => (JSON.parse(readFileSync(join(dir, name, "metrics.json"), "utf8")) as Record<string, unknown>)["db_hash"];
    expect(m(runFolder(runOut))).toBe(m(imported));
    expect(m(imported)).toBe(out.db_hash);
  });

  it("an unknown format, a folder with no recognisable run and a recording naming an unknown scenario: one line, exit 2, nothing written", async () => {
    const empty = scratch("nemo-empty");
    const unknown = scratch("nemo-unknown");
    mkdirSync(join(unknown, "eval_1", "tau2_retail__9999"), { recursive: true });
    writeFileSync(join(unknown, "eval_1", "tau2_retail__9999", "metrics.json"), JSON.stringify({ scenario_name: "tau2_retail__9999", is_successful: true }));
    const cases: [string[], RegExp][] = [
      [["import", "langsmith", nemoRun], /^evalsim import: import expects a format \(nemo, tau2, eva\), got 'langsmith'\n$/],
      [["import", "nemo", empty], /^evalsim import: \S+: no NeMo run here \(expected eval_<timestamp>\/<scenario>\/metrics\.json\)\n$/],
      [["import", "nemo", unknown], /^evalsim import: \S+: names no scenario evalsim knows \(tau2_retail__9999\)\n$/],
      [["import", "tau2", join(nemoRun, "all_metrics.json")], /^evalsim import: \S+: no tau2 results here \(.*\)\n$/],
    ];
    for (const [argv, line] of cases) {
      const out = join(scratch("nemo-bad"), "out");
      const r = await runCli([...argv, "--out", out]);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toMatch(line);
      expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    }
  });
});

afterAll(removeScratch);
