/**
 * Prompt packs: per scenario, the agent prompt, the user prompt and both tool
 * lists a run sends the models. `evalsim prompts export` writes evalsim's
 * own; a pack written from the voice harness (scripts/export_nemo_prompt_pack.py)
 * makes a run send exactly the harness's texts and tool specs.
 */
import { deepFreeze } from "../json/freeze.js";
import { parsePythonJson } from "../json/parse.js";
import type { JsonObject, JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { Catalog, CatalogEntry } from "./catalog.js";
import { toolSpec } from "./json-schema.js";
import type { AnyToolDef, Side } from "./types.js";
import { readInputText } from "../loaders/input-file.js";
import { FixtureError } from "../loaders/load-db.js";

export const PACK_FORMAT = "evalsim-prompt-pack";
export const PACK_VERSION = 1;

export interface PackEntry {
  readonly agent_prompt: string;
  readonly user_prompt: string;
  readonly agent_tools: readonly JsonObject[];
  readonly user_tools: readonly JsonObject[];
}

/** A prompt pack: per scenario, the agent's and caller's prompts and tool lists to send instead of the built-in ones. */
export interface PromptPack {
  readonly format: typeof PACK_FORMAT;
  readonly version: typeof PACK_VERSION;
  /** Who wrote it: `evalsim`, or the harness the export script read. */
  readonly source: string;
  readonly scenarios: Readonly<Record<string, PackEntry>>;
}

export const PACK_FIELDS = ["agent_prompt", "user_prompt", "agent_tools", "user_tools"] as const;
export type PackField = (typeof PACK_FIELDS)[number];

/** A pack that cannot be used: one line naming the file, the JSON path and what was expected. */
export class PromptPackError extends Error {
  constructor(file: string, path: string, expected: string) {
    super(`${file}: ${path}: ${expected}`);
    this.name = "PromptPackError";
  }
}

const key = (name: string): string => `scenarios[${JSON.stringify(name)}]`;

function checkTool(file: string, path: string, v: JsonValue): JsonObject {
  if (!isJsonObject(v) || v["type"] !== "function") throw new PromptPackError(file, path, 'expected a tool spec {"type": "function", "function": {...}}');
  const fn = v["function"];
  if (!isJsonObject(fn)) throw new PromptPackError(file, `${path}.function`, "expected an object with name, description and parameters");
  if (typeof fn["name"] !== "string" || fn["name"] === "") throw new PromptPackError(file, `${path}.function.name`, "expected the tool's name, a non-empty string");
  if (typeof fn["description"] !== "string") throw new PromptPackError(file, `${path}.function.description`, "expected a string");
  const params = fn["parameters"];
  if (!isJsonObject(params) || params["type"] !== "object") throw new PromptPackError(file, `${path}.function.parameters`, 'expected a JSON schema object with "type": "object"');
  return v;
}

function checkEntry(file: string, name: string, v: JsonValue): PackEntry {
  const at = key(name);
  if (!isJsonObject(v)) throw new PromptPackError(file, at, `expected an object with ${PACK_FIELDS.join(", ")}`);
  for (const f of ["agent_prompt", "user_prompt"] as const) {
    if (typeof v[f] !== "string") throw new PromptPackError(file, `${at}.${f}`, "expected a string");
  }
  const tools = (f: "agent_tools" | "user_tools"): JsonObject[] => {
    const list = v[f];
    if (!Array.isArray(list)) throw new PromptPackError(file, `${at}.${f}`, "expected an array of tool specs");
    const seen = new Set<string>();
    return list.map((t, i) => {
      const spec = checkTool(file, `${at}.${f}[${i}]`, t);
      const toolName = (spec["function"] as JsonObject)["name"] as string;
      if (seen.has(toolName)) throw new PromptPackError(file, `${at}.${f}[${i}].function.name`, `expected each tool once; '${toolName}' repeats`);
      seen.add(toolName);
      return spec;
    });
  };
  return { agent_prompt: v["agent_prompt"] as string, user_prompt: v["user_prompt"] as string, agent_tools: tools("agent_tools"), user_tools: tools("user_tools") };
}

/** Check a parsed pack; the first problem throws, naming its JSON path. */
export function parsePromptPack(value: JsonValue, file: string): PromptPack {
  if (!isJsonObject(value)) throw new PromptPackError(file, "$", "expected a JSON object");
  if (value["format"] !== PACK_FORMAT) throw new PromptPackError(file, "format", `expected "${PACK_FORMAT}"`);
  if (value["version"] !== PACK_VERSION) throw new PromptPackError(file, "version", `expected ${PACK_VERSION}`);
  if (typeof value["source"] !== "string") throw new PromptPackError(file, "source", "expected a string");
  const scenarios = value["scenarios"];
  if (!isJsonObject(scenarios)) throw new PromptPackError(file, "scenarios", "expected an object keyed by scenario name");
  const out: Record<string, PackEntry> = {};
  for (const [name, entry] of Object.entries(scenarios)) out[name] = checkEntry(file, name, entry);
  return { format: PACK_FORMAT, version: PACK_VERSION, source: value["source"], scenarios: out };
}

/** Read and check a prompt pack file; a problem is one error naming its JSON path. */
export function readPromptPack(file: string): PromptPack {
  let text: string;
  try {
    text = readInputText(file, "config");
  } catch (e) {
    if (e instanceof FixtureError) throw new PromptPackError(file, "$", `expected a readable prompt pack file: ${e.detail}`);
    throw new PromptPackError(file, "$", `expected a readable prompt pack file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  let value: JsonValue;
  try {
    value = parsePythonJson(text);
  } catch (e) {
    throw new PromptPackError(file, "$", `expected JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return parsePromptPack(value, file);
}

// A domain's specs are the same for all its scenarios: generate them once per tool list.
const domainSpecs = new WeakMap<readonly AnyToolDef[], readonly JsonObject[]>();
const NO_SPECS: readonly JsonObject[] = Object.freeze([]);

/**
 * The tool specs a scenario's side sends: the pack's, when one is applied,
 * else its domain's. The same list comes back for every scenario of a domain,
 * so callers may cache what they derive from it by identity.
 */
export function toolSpecsFor(entry: CatalogEntry, side: Side): readonly JsonObject[] {
  const packed = entry.scenario.toolSpecs?.[side];
  if (packed) return packed;
  const tools = entry.domain.tools[side];
  if (!tools) return NO_SPECS;
  let specs = domainSpecs.get(tools);
  if (!specs) domainSpecs.set(tools, (specs = deepFreeze(tools.map(toolSpec))));
  return specs;
}

/** What evalsim itself sends for one scenario. */
export function packEntryOf(entry: CatalogEntry): PackEntry {
  return {
    agent_prompt: entry.scenario.agentPrompt(),
    user_prompt: entry.scenario.userPrompt(),
    agent_tools: toolSpecsFor(entry, "agent"),
    user_tools: toolSpecsFor(entry, "user"),
  };
}

/** The prompts and tool lists evalsim sends for the given scenarios, as a prompt pack (`evalsim prompts export`). */
export function buildPromptPack(entries: readonly CatalogEntry[], source = "evalsim"): PromptPack {
  const scenarios: Record<string, PackEntry> = {};
  for (const e of entries) scenarios[e.scenario.name] = packEntryOf(e);
  return { format: PACK_FORMAT, version: PACK_VERSION, source, scenarios };
}

/**
 * The catalog with every selected scenario's prompts and tool specs taken
 * from the pack. A selected scenario the pack lacks is an error: a run would
 * otherwise mix the pack's texts with evalsim's.
 */
export function applyPromptPack(catalog: Catalog, pack: PromptPack, file: string, selected: ReadonlySet<string> = new Set(catalog.byName.keys())): Catalog {
  const missing = [...selected].filter((n) => pack.scenarios[n] === undefined);
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(", ") + (missing.length > 5 ? `, ... (${missing.length} in all)` : "");
    throw new PromptPackError(file, "scenarios", `expected an entry for every selected scenario; missing: ${shown}`);
  }
  const entries = catalog.entries.map((e) => {
    const p = pack.scenarios[e.scenario.name];
    if (!p || !selected.has(e.scenario.name)) return e;
    const scenario = { ...e.scenario, agentPrompt: () => p.agent_prompt, userPrompt: () => p.user_prompt, toolSpecs: { agent: p.agent_tools, user: p.user_tools } };
    return { ...e, scenario };
  });
  return { entries, byName: new Map(entries.map((e) => [e.scenario.name, e])) };
}
