/**
 * _signal_passes and check_if_task_success beside evalsim's: the values
 * sent, and how an answer that differs becomes a finding. The reference here
 * is a scripted answer (the family against a real tree runs in
 * scoring.test.ts and docs/crosscheck.md); what is under test is the
 * comparison, not the reference.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/engine/rng.js";
import { FindingSet } from "../../src/crosscheck/findings.js";
import type { Reference, ScoringRequest } from "../../src/crosscheck/reference-process.js";
import { compareActionMatch, compareSignalPasses, NON_DICT_ITEM, signalValues } from "../../src/crosscheck/scoring-signals.js";
import type { JsonValue } from "../../src/json/types.js";
import { signalPasses } from "../../src/scoring/signals.js";

/** A reference that answers each op with `answer(req)`. */
function scripted(answer: (req: ScoringRequest) => Record<string, unknown>): Reference {
  return { ask: (req) => Promise.resolve(answer(req as ScoringRequest) as never), close: () => Promise.resolve() };
}

describe("_signal_passes beside signalPasses", () => {
  it("sends the edges first (None, N/A, bools, pass rates around 1.0, lists, dicts), then seeded rates", () => {
    const values = signalValues(createRng("v"), 60);
    expect(values).toHaveLength(60);
    for (const edge of [null, "N/A", true, false, 1, 0.999999, 1.000001, [], {}]) expect(values).toContainEqual(edge);
    expect(signalValues(createRng("v"), 60)).toEqual(values);
  });

  it("records a differing value as a finding named by its kind, with the value and both results", async () => {
    const findings = new FindingSet();
    // The scripted reference agrees except that an exact pass rate of 1 fails.
    const ref = scripted((req) => ({ results: (req as unknown as { values: JsonValue[] }).values.map((v) => (v === 1 ? false : signalPasses(v))) }));
    const tally = await compareSignalPasses(ref, findings, 1, 40);
    expect(tally).toEqual({ compared: 40, differing: 1 });
    const [f] = findings.list([]);
    expect(f?.key).toBe("_signal_passes: int value");
    expect(f?.example.reference).toEqual({ value: 1, result: false });
    expect(f?.example.evalsim).toEqual({ value: 1, result: true });
  });

  it("reports a piece the tree lacks as not compared, not as a finding", async () => {
    const findings = new FindingSet();
    expect(await compareSignalPasses(scripted(() => ({ missing: "no _signal_passes" })), findings, 1, 10)).toEqual({ compared: 0, differing: 0, missing: "no _signal_passes" });
    expect(findings.size()).toBe(0);
  });
});

describe("check_if_task_success beside checkIfTaskSuccess", () => {
  it("marks the reference's raise on a non-dict prediction item as the known divergence, other differences not", async () => {
    const findings = new FindingSet();
    let sent: { reference: string; prediction: string }[] = [];
    const ref = scripted((req) => {
      if (req.op === "reference_answers") return { answers: { "eva_airline__1.1.2": JSON.stringify({ message: "Yes" }) } };
      sent = (req as unknown as { pairs: typeof sent }).pairs;
      // Raise where a prediction list holds a non-dict; say "true" for every real pair.
      return { results: sent.map((p, i) => (/^\[.*(,-?\d|,null|,")/.test(p.prediction) ? "<raised TypeError>" : i >= sent.length - 4 ? true : null)) };
    });
    const tally = await compareActionMatch(ref, findings, 1, 50, ["eva_airline"]);
    expect(sent).toHaveLength(54);
    expect(tally.compared).toBe(54);
    const list = findings.list([{ id: NON_DICT_ITEM, kind: "reference_behaviour", what: "", evidence: "", decision: "Keep" }]);
    const real = list.find((f) => f.key === "check_if_task_success: real reference answers");
    expect(real?.domain).toBe("eva_airline");
    expect(list.filter((x) => x.known).length).toBeGreaterThan(0);
    for (const f of list.filter((x) => x.known)) expect(f.key).toContain("(non-dict prediction item)");
    expect(list.filter((x) => !x.known && x.key.includes("generated")).every((f) => (f.example.reference as { result: unknown }).result === null)).toBe(true);
  });
});
