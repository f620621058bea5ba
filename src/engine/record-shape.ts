/**
 * The shape of an action record, checked when a tool records it: a record
 * that replays and scoring cannot read is a mistake in the tool, named at
 * the call that made it rather than found later as a mismatch.
 *
 *   { action_type: "request_refill", name: "request_refill", arguments: { rx_id: "RX1" }, result: {...} }
 *
 * `action_type` names the tool that records it (its name, an alias or its
 * `actionName`). `name` and `arguments` are what a replay re-issues; a flat
 * record (eva's) leaves both out, and then carries its fields after
 * `action_type`.
 */
import type { JsonValue } from "../json/types.js";
import type { AnyToolDef } from "./types.js";

export class RecordShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RecordShapeError";
  }
}

const EXAMPLE = `ctx.record({ action_type: "<tool>", name: "<tool>", arguments: {...}, result: {...} }) (see "Action records" in docs/authoring-domains.md)`;

const show = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

/** Throws a RecordShapeError naming the tool and the fix when `action` does not have the record shape. */
export function checkRecordShape(tool: AnyToolDef, action: unknown): void {
  const fail = (what: string): never => {
    throw new RecordShapeError(`tool '${tool.name}': ctx.record: ${what}; record ${EXAMPLE}`);
  };
  if (typeof action !== "object" || action === null || Array.isArray(action)) fail(`expected an object, got ${show(action)}`);
  const rec = action as Readonly<Record<string, JsonValue>>;
  const type = rec["action_type"];
  const names = [tool.name, ...(tool.aliases ?? []), ...(tool.actionName === undefined ? [] : [tool.actionName])];
  if (typeof type !== "string" || !names.includes(type)) fail(`action_type ${show(type)} does not name the tool (expected ${names.map((n) => `'${n}'`).join(" or ")})`);
  if (!("name" in rec) && !("arguments" in rec)) return;
  if (rec["name"] !== type) fail(`name ${show(rec["name"])} differs from action_type '${String(type)}'`);
  const args = rec["arguments"];
  if (typeof args !== "object" || args === null || Array.isArray(args)) fail(`arguments: expected the call's arguments as an object, got ${show(args)}`);
}
