import type { Domain } from "./domain.js";
import type { AnyToolDef, Side } from "./types.js";

/**
 * Which names a call may use. A model calls tools by their LLM-visible name
 * only: the reference's bot registers each tool under that one name and
 * answers any other with `unknown_tool`. Gold data, action records and call
 * lists may also use a declared alias or the record name (snake_case).
 */
export type NameSpace = "llm" | "records";

interface ToolIndex {
  readonly llm: ReadonlyMap<string, AnyToolDef>;
  readonly records: ReadonlyMap<string, AnyToolDef>;
  readonly names: readonly string[];
}

const indexes = new WeakMap<Domain, Partial<Record<Side, ToolIndex>>>();

function claim(map: Map<string, AnyToolDef>, key: string, tool: AnyToolDef, domain: Domain): void {
  const other = map.get(key);
  if (other && other !== tool) throw new Error(`domain ${domain.name}: tool name '${key}' is claimed by both ${other.name} and ${tool.name}`);
  map.set(key, tool);
}

/** Built once per domain and side; a clash between two tools' names is a bug and throws. */
function indexOf(domain: Domain, side: Side): ToolIndex {
  let perDomain = indexes.get(domain);
  if (!perDomain) indexes.set(domain, (perDomain = {}));
  const cached = perDomain[side];
  if (cached) return cached;
  const llm = new Map<string, AnyToolDef>();
  const records = new Map<string, AnyToolDef>();
  const tools = domain.tools[side] ?? [];
  for (const tool of tools) {
    claim(llm, tool.name, tool, domain);
    for (const key of [tool.name, ...(tool.aliases ?? [])]) claim(records, key, tool, domain);
    if (tool.actionName !== undefined) claim(records, tool.actionName, tool, domain);
  }
  const index = { llm, records, names: tools.map((t) => t.name).sort() };
  perDomain[side] = index;
  return index;
}

export function findTool(domain: Domain, side: Side, name: string, space: NameSpace = "records"): AnyToolDef | undefined {
  return indexOf(domain, side)[space].get(name);
}

/** The LLM-visible names of a side's tools, sorted. */
export function toolNames(domain: Domain, side: Side): readonly string[] {
  return indexOf(domain, side).names;
}
