/**
 * Diagnoses counted: failures by kind, and within each kind by where the
 * mistake was made (the tool, and for wrong arguments the argument:
 * `UpdateReservationFlightsTool.flights`), so a regression says what kind of
 * mistake grew.
 */
import type { Diagnosis, DiagnosisKind } from "./types.js";
import { DIAGNOSIS_KINDS } from "./types.js";

export interface KindTally {
  count: number;
  /** By tool (or tool.argument), most first, then by name. */
  where: Record<string, number>;
}

/** Failed trials by diagnosis kind, each with where the mistakes were made. */
export type FailureKinds = Partial<Record<DiagnosisKind, KindTally>>;

/** Where a diagnosed mistake was made: the decisive call's tool (the missing one's for a missing write), with the argument's top-level name for wrong arguments. */
export function diagnosisWhere(d: Diagnosis): string | undefined {
  const tool = (d.call ?? d.expected)?.name;
  if (tool === undefined) return undefined;
  const head = d.kind === "wrong_arguments" && d.argument ? /^[^.[]+/.exec(d.argument.path)?.[0] : undefined;
  return head !== undefined && head !== "(arguments)" ? `${tool}.${head}` : tool;
}

const byCountThenName = (a: [string, number], b: [string, number]): number => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Count diagnoses by kind, and within each kind by tool (and argument). */
export function tallyDiagnoses(diagnoses: readonly Diagnosis[]): FailureKinds {
  const out: FailureKinds = {};
  for (const kind of DIAGNOSIS_KINDS) {
    const of = diagnoses.filter((d) => d.kind === kind);
    if (of.length === 0) continue;
    const where = new Map<string, number>();
    for (const d of of) {
      const w = diagnosisWhere(d);
      if (w !== undefined) where.set(w, (where.get(w) ?? 0) + 1);
    }
    out[kind] = { count: of.length, where: Object.fromEntries([...where].sort(byCountThenName)) };
  }
  return out;
}

/** `12 wrong_arguments (8 of them in UpdateReservationFlightsTool.flights), 3 extra_write (2 of them in CancelReservationTool)`. */
export function failureKindsText(kinds: FailureKinds): string {
  return DIAGNOSIS_KINDS.flatMap((kind) => {
    const t = kinds[kind];
    if (!t) return [];
    const [top] = Object.entries(t.where);
    const detail = top ? (top[1] === t.count ? ` (${t.count === 1 ? "in" : "all in"} ${top[0]})` : ` (${top[1]} of them in ${top[0]})`) : "";
    return [`${t.count} ${kind}${detail}`];
  }).join(", ");
}
