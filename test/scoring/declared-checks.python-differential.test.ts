/**
 * `communicate` is matched as tau2 matches communicate_info: generated
 * items and agent messages (cased letters whose lower case differs between
 * naive and full mappings, commas, blank messages, non-ASCII spaces) agree
 * with python3 running tau2's loop (test/oracles/tau2_communicate.py),
 * justification text included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { communicateVerdicts } from "../../src/scoring/declared-checks.js";
import { runPython } from "../helpers/python.js";

const CHARS = ["a", "B", "c", "Refill", " ", ",", ", ", "İ", "Σ", "ς", "ß", "ẞ", "Ǆ", "\u00a0", "\u2028", "\t", "\n", "RX2", "pharmacist", "PHARMACIST", "Ω", "K"];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }).map((parts) => parts.join(""));
const request = fc.record({ info: fc.array(text.filter((t) => t.length > 0), { minLength: 1, maxLength: 3 }), messages: fc.array(text, { maxLength: 4 }) });

describe("communicate agrees with tau2's communicate_info (differential)", () => {
  it("on generated items and messages", () => {
    const requests = fc.sample(request, { seed: 0x7a2c, numRuns: 400 });
    const answers = runPython("tau2_communicate.py", requests.map((r) => JSON.stringify(r)).join("\n") + "\n").map((l) => JSON.parse(l) as unknown);
    expect(answers).toHaveLength(requests.length);
    requests.forEach((r, i) => expect(communicateVerdicts(r.info, r.messages), JSON.stringify(r)).toEqual(answers[i]));
    // The sample exercises both outcomes.
    const met = answers.flatMap((a) => (a as { met: boolean }[]).map((x) => x.met));
    expect(met).toContain(true);
    expect(met).toContain(false);
  });
});
