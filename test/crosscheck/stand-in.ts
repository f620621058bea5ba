/**
 * A small stand-in for a labs-Voice-Agent checkout: the few modules the
 * crosscheck's driver imports (the evaluation package, its tool registry,
 * the DB loader and hash), with one eva_airline tool whose framework entry
 * point a test may plant a change in. The suite needs no real checkout.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface StandIn {
  /** The body of the tool's `__call__` (Python, 8-space indent); `params` is the framework's call. */
  readonly call?: string;
  /** The scenarios the harness registers, with the prompts its bridge sends. */
  readonly scenarios?: Readonly<Record<string, { readonly agent: string; readonly user: string }>>;
  /** How the run aggregator compares an agent's turn count with min_agent_turns ("<": a stalled agent had fewer). */
  readonly turnRule?: "<" | "<=";
  /** How the runner's `_signal_passes` compares a pass rate with its threshold (">=": every assertion must pass). */
  readonly passRule?: ">=" | ">";
}

const ONCE = `        await params.result_callback({"status": "error", "message": "stand-in"})`;

export function buildStandIn(opts: StandIn = {}): string {
  const root = mkdtempSync(join(tmpdir(), "evalsim-standin-"));
  const files: Record<string, string> = {
    "nemo_voice_agent/__init__.py": "",
    "nemo_voice_agent/utils/__init__.py": "raise ImportError('the audio stack is not importable here')\n",
    "nemo_voice_agent/evaluation/__init__.py": [
      "import json, pathlib",
      "def load_db_artifact(path):",
      "    p = pathlib.Path(path)",
      "    if p.is_dir():",
      "        return {f.stem: json.loads(f.read_text()) for f in sorted(p.glob('*.json'))}",
      "    return json.loads(pathlib.Path(str(path) + '.json').read_text())",
      "",
    ].join("\n"),
    "nemo_voice_agent/evaluation/db_hash.py": ["import hashlib, json", "def get_dict_hash(d):", "    return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()", ""].join("\n"),
    "nemo_voice_agent/evaluation/tools/__init__.py": [
      "class GetReservationTool:",
      "    name = 'GetReservationTool'",
      "    description = 'Look up a reservation.'",
      "    properties = {'confirmation_number': {'type': 'string'}}",
      "    required_properties = ['confirmation_number']",
      "    def __init__(self, rtvi=None, shared_state=None):",
      "        self._rtvi = rtvi",
      "        self.state = shared_state",
      "    async def __call__(self, params):",
      opts.call ?? ONCE,
      "",
      "ALL_SCHEMA_TOOLS_FOR_EVAL = {'eva_airline': {'GetReservationTool': GetReservationTool}}",
      "",
      "def get_schema_tool_for_eval(name, domain, rtvi=None, shared_state=None):",
      "    cls = ALL_SCHEMA_TOOLS_FOR_EVAL.get(domain, {}).get(name)",
      "    return cls(rtvi=rtvi, shared_state=shared_state) if cls else None",
      "",
    ].join("\n"),
  };
  files["nemo_voice_agent/evaluation/scenarios/__init__.py"] = [
    "import json",
    `PROMPTS = json.loads(${JSON.stringify(JSON.stringify(opts.scenarios ?? {}))})`,
    "class Scenario:",
    "    def __init__(self, name):",
    "        self.name = name",
    "        self.domain = name.split('__')[0]",
    "    def get_agent_prompt(self):",
    "        return PROMPTS[self.name]['agent']",
    "    def get_user_prompt(self):",
    "        return PROMPTS[self.name]['user']",
    "    def get_agent_tools(self):",
    "        return json.dumps({'GetReservationTool': {}})",
    "    def get_user_tools(self):",
    "        return None",
    "def list_eval_scenarios():",
    "    return list(PROMPTS)",
    "def get_eval_scenario(name):",
    "    return Scenario(name)",
    "",
  ].join("\n");
  files["nemo_voice_agent/evaluation/scenarios/classes.py"] = [
    "import enum",
    "class SuccessSignal(str, enum.Enum):",
    "    ACTION_MATCH = 'is_action_match'",
    "    DB_STATE_MATCH = 'db_state_match'",
    "    DB_STATE_ASSERTION = 'db_state_assertion'",
    "    NL_ASSERTION = 'nl_assertion'",
    "    JUDGE_PASSED = 'judge_passed'",
    "    CLEAN_EXIT = 'clean_exit'",
    "class Scenario:",
    "    success_signals = []",
    "    def compute_is_successful(self, signals):",
    "        if not self.success_signals:",
    "            raise ValueError('success_signals is empty')",
    "        applicable = [signals.get(s) for s in self.success_signals if signals.get(s) is not None]",
    "        return all(applicable) if applicable else 'N/A'",
    "",
  ].join("\n");
  files["nemo_voice_agent/evaluation/runner.py"] = [
    "from dataclasses import dataclass, field",
    "@dataclass",
    "class RunAggregator:",
    ...["success_results", "task_success_results", "action_match_results", "judge_pass_results", "db_state_results", "db_state_assertion_results", "clean_exit_results", "insufficient_turns_skipped"].map((b) => `    ${b}: list = field(default_factory=list)`),
    "    def add_scenario(self, metrics, domain, min_agent_turns=0):",
    "        n = ((metrics.get('token_usage') or {}).get('agent') or {}).get('n_calls')",
    `        if min_agent_turns > 0 and isinstance(n, int) and n ${opts.turnRule ?? "<"} min_agent_turns:`,
    "            self.insufficient_turns_skipped.append(metrics.get('scenario_name'))",
    "            self.success_results.append(False)",
    "            self.task_success_results.append(False)",
    "            return",
    "        for key, bucket in (('is_action_match', self.action_match_results), ('judge_passed', self.judge_pass_results), ('db_state_match', self.db_state_results), ('clean_exit', self.clean_exit_results)):",
    "            if isinstance(metrics.get(key), bool):",
    "                bucket.append(metrics[key])",
    "        for v in metrics.get('db_state_assertion_verdicts') or []:",
    "            self.db_state_assertion_results.append(bool(v.get('passed')))",
    "        ok = metrics.get('is_successful')",
    "        if isinstance(ok, bool):",
    "            self.success_results.append(ok)",
    "            failed = [f for f in (metrics.get('success_breakdown') or {}).get('failed', []) if f != 'clean_exit']",
    "            self.task_success_results.append(not failed)",
    "",
    "async def run_dynamic_evaluation(**kwargs):",
    "    def _signal_passes(value, *, pass_rate_threshold=1.0):",
    "        if value is None or value == 'N/A':",
    "            return None",
    "        if isinstance(value, bool):",
    "            return value",
    "        if isinstance(value, (int, float)):",
    `            return float(value) ${opts.passRule ?? ">="} pass_rate_threshold`,
    "        return None",
    "    return []",
    "",
  ].join("\n");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The planted change: the tool delivers its result and then a second, spurious one for the same call. */
export const DELIVERS_TWICE = `${ONCE}\n        await params.result_callback(None)`;
