import type { Domain } from "./domain.js";
import type { AnyToolDef, Side } from "./types.js";

interface ToolIndex {
  readonly byName: ReadonlyMap<string, AnyToolDef>;
  readonly names: readonly string[];
}

const indexes = new WeakMap<Domain, Partial<Record<Side, ToolIndex>>>();

/**
 * Index a side's tools by LLM name, aliases and action-record name. Built once
 * per domain; a clash between two tools' names is a bug and throws.
 */
function indexOf(domain: Domain, side: Side): ToolIndex {
  let perDomain = indexes.get(domain);
  if (!perDomain) indexes.set(domain, (perDomain = {}));
  const cached = perDomain[side];
  if (cached) return cached;
  const byName = new Map<string, AnyToolDef>();
  const tools = domain.tools[side] ?? [];
  for (const tool of tools) {
    for (const key of new Set([tool.name, tool.actionName, ...(tool.aliases ?? [])])) {
      if (key === undefined) continue;
      const other = byName.get(key);
      if (other && other !== tool) {
        throw new Error(`domain ${domain.name}: tool name '${key}' is claimed by both ${other.name} and ${tool.name}`);
      }
      byName.set(key, tool);
    }
  }
  const index = { byName, names: tools.map((t) => t.name).sort() };
  perDomain[side] = index;
  return index;
}

export function findTool(domain: Domain, side: Side, name: string): AnyToolDef | undefined {
  return indexOf(domain, side).byName.get(name);
}

/** The LLM-visible names of a side's tools, sorted. */
export function toolNames(domain: Domain, side: Side): readonly string[] {
  return indexOf(domain, side).names;
}
