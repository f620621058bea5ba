/**
 * The calls a diagnosis reasons about: which are writes (the tool definition's
 * `kind`, never the name), which gold writes an agent's writes account for,
 * and how a call reads in one line.
 */
import type { Domain } from "../engine/domain.js";
import type { NameSpace } from "../engine/toolbox.js";
import { findTool } from "../engine/toolbox.js";
import type { AnyToolDef, Side, ToolCall } from "../engine/types.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { matchItem } from "../scoring/action-match.js";

/** A call as a diagnosis shows it: the name it was made with, its side and its arguments. */
export interface ShownCall {
  readonly name: string;
  readonly side: Side;
  readonly arguments: JsonValue;
}

/** A gold write call, with its place among the gold calls. */
export interface GoldWrite {
  readonly index: number;
  readonly call: ShownCall;
  readonly tool: AnyToolDef;
}

export const shown = (call: ToolCall): ShownCall => ({ name: call.name, side: call.side ?? "agent", arguments: call.arguments });

/** The tool a call names on its side, or undefined for an unknown name. */
export const toolOf = (domain: Domain, call: ToolCall, names: NameSpace): AnyToolDef | undefined => findTool(domain, call.side ?? "agent", call.name, names);

/** The gold calls whose tools write, in gold order (a gold call naming no tool is skipped, as gold replay skips it). */
export function goldWrites(domain: Domain, gold: readonly ToolCall[]): GoldWrite[] {
  return gold.flatMap((call, index) => {
    const tool = toolOf(domain, call, "records");
    // Shown by the tool's own name (the one a model calls), whatever name the gold data uses.
    return tool?.kind === "write" ? [{ index, call: { ...shown(call), name: tool.name }, tool }] : [];
  });
}

/** Does an agent call with `tool` and `args` account for a gold write: the same tool on the same side, arguments matched as the scoring's action match matches them. */
export function accountsFor(gold: GoldWrite, tool: AnyToolDef, side: Side, args: JsonValue): boolean {
  return gold.tool === tool && gold.call.side === side && matchItem(gold.call.arguments, args, {});
}

const MAX_VALUE = 24;
const scalarText = (v: JsonValue): string => {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
};

/**
 * A call in one line, as a person names it: the first scalar argument bare,
 * the next ones as `key value`, lists and objects left out
 * (`UpdateReservationFlightsTool(XEHM4B, cabin business)`).
 */
export function callText(call: ShownCall): string {
  const args = call.arguments;
  if (!isJsonObject(args)) return `${call.name}(${args === null ? "" : scalarText(args)})`;
  const scalars = Object.entries(args).filter(([, v]) => v === null || typeof v !== "object");
  const parts = scalars.slice(0, 3).map(([k, v], i) => (i === 0 ? scalarText(v) : `${k} ${scalarText(v)}`));
  if (scalars.length > 3) parts.push("…");
  return `${call.name}(${parts.join(", ")})`;
}
