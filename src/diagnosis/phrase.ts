/**
 * A diagnosis in words, the way the reason line leads with it
 * (`decisive: step 3 CancelReservationTool(XEHM4B) — extra write; gold had
 * UpdateReservationFlightsTool(XEHM4B, cabin business) first`), and the
 * diagnosis back from a metrics.json value.
 */
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import type { ShownCall } from "./calls.js";
import { callText } from "./calls.js";
import type { Diagnosis } from "./types.js";
import { DIAGNOSIS_KINDS } from "./types.js";

const MAX_VALUE = 40;
const valueText = (v: JsonValue | undefined): string => {
  if (v === undefined) return "(absent)";
  const s = JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
};

const named = (c: ShownCall): string => `${c.side === "user" ? "user " : ""}${callText(c)}`;

/** What went wrong at the decisive call, after the dash. */
function mistake(d: Diagnosis): string {
  const exp = d.expected ? named(d.expected) : undefined;
  switch (d.kind) {
    case "extra_write":
      return exp ? `extra write; gold had ${exp} first` : "extra write; gold needed no further write";
    case "wrong_arguments":
      return d.argument ? `wrong arguments: ${d.argument.path} expected ${valueText(d.argument.expected)}, got ${valueText(d.argument.got)}` : `wrong arguments; gold had ${exp ?? "another call"}`;
    case "wrong_tool":
      return `wrong tool; gold had ${exp ?? "another tool"}`;
    case "wrong_order":
      return `wrong order; gold had ${exp ?? "another write"} first`;
    case "policy":
      return `breaks policy rule ${d.rule ?? "(unnamed)"}${exp ? `; gold had ${exp}` : ""}`;
    default:
      return d.kind;
  }
}

/** The diagnosis as the reason line's lead. */
export function diagnosisPhrase(d: Diagnosis): string {
  if (d.step !== null && d.call) return `decisive: step ${d.step} ${named(d.call)} — ${mistake(d)}`;
  const exp = d.expected ? named(d.expected) : "a gold write";
  if (d.kind === "missing_write") return `decisive: missing write ${exp} (never made)`;
  if (d.kind === "premature_end") return `decisive: the conversation was cut off before ${exp}`;
  return "decisive: no tool call (the calls are not what failed)";
}

const isKind = (v: JsonValue | undefined): v is Diagnosis["kind"] => typeof v === "string" && (DIAGNOSIS_KINDS as readonly string[]).includes(v);

/** A metrics.json `diagnosis` value, when it has the shape one is written in. */
export function readDiagnosis(v: JsonValue | undefined): Diagnosis | undefined {
  if (!isJsonObject(v) || !isKind(v["kind"])) return undefined;
  const step = typeof v["step"] === "number" ? v["step"] : null;
  const call = (c: JsonValue | undefined): ShownCall | null =>
    isJsonObject(c) && typeof c["name"] === "string" ? { name: c["name"], side: c["side"] === "user" ? "user" : "agent", arguments: c["arguments"] ?? {} } : null;
  const arg = v["argument"];
  return {
    kind: v["kind"],
    step,
    turn: typeof v["turn"] === "number" ? v["turn"] : null,
    call: call(v["call"]),
    expected: call(v["expected"]),
    ...(isJsonObject(arg) && typeof arg["path"] === "string"
      ? { argument: { path: arg["path"], ...(arg["expected"] !== undefined ? { expected: arg["expected"] } : {}), ...(arg["got"] !== undefined ? { got: arg["got"] } : {}) } }
      : {}),
    ...(typeof v["rule"] === "string" ? { rule: v["rule"] } : {}),
  };
}
