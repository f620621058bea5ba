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
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The planted change: the tool delivers its result and then a second, spurious one for the same call. */
export const DELIVERS_TWICE = `${ONCE}\n        await params.result_callback(None)`;
