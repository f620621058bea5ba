/**
 * Python's number kinds (src/python/num.ts) against python3 itself
 * (test/oracles/tool_call_edges.py "num"): generated pairs of JSON numbers,
 * ints of any size and floats, read from a parsed document as a tool reads
 * them; every result printed with json.dumps and compared as text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonObject, JsonValue } from "../../src/json/types.js";
import { pyJsonDumps } from "../../src/python/json-dumps.js";
import { PyError } from "../../src/python/error.js";
import { numAt, pyAdd, pyDict, pyEq, pyGt, pyLt, pyMax, pyMul, pyNeg, pyNumStr, pySub, type PyNum } from "../../src/python/num.js";
import { runPython } from "../helpers/python.js";

const SEED = 0x5e_ed_1e;

// Ints around 2^53 and 2^63, far past them (2^1100 no double holds), and floats of every kind.
const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
  fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }).map((b) => (b % 3n === 0n ? `-${b}` : `${b}`)),
  fc.bigInt({ min: 2n ** 1020n, max: 2n ** 1100n }).map((b) => (b % 2n === 0n ? `-${b}` : `${b}`)),
  fc.tuple(fc.integer({ min: -9999, max: 9999 }), fc.constantFrom(".0", ".5", "e18", "e300", "e308", ".25e2")).map(([m, s]) => `${m}${s}`),
  fc.constantFrom("0", "-0.0", "0.0", "1e18", "9007199254740993", "9007199254740992.0", "1.7976931348623157e308", "Infinity", "-Infinity", "NaN", "0.1"),
);

type Answer = Record<string, JsonValue>;

const OPS: [string, (a: PyNum, b: PyNum) => PyNum][] = [
  ["add", pyAdd],
  ["sub", pySub],
  ["mul", pyMul],
  ["neg", (a) => pyNeg(a)],
  ["max", pyMax],
];

function ours(op: (a: PyNum, b: PyNum) => PyNum, a: PyNum, b: PyNum): JsonValue {
  try {
    // Printed from inside a dict, where a float keeps its mark.
    return pyJsonDumps(pyDict({ v: op(a, b) })).slice('{"v": '.length, -1);
  } catch (e) {
    if (e instanceof PyError) return { err: e.message };
    throw e;
  }
}

describe("Python int and float arithmetic (differential)", () => {
  it("+, -, *, unary -, max, <, >, == and str() agree with python3 on generated numbers of both kinds", () => {
    const pairs = fc.sample(fc.tuple(numberText, numberText), { numRuns: 3000, seed: SEED });
    const answers = runPython("tool_call_edges.py", pairs.map(([a, b]) => JSON.stringify(["num", a, b])).join("\n") + "\n").map((l) => JSON.parse(l) as Answer);
    const mismatches: string[] = [];
    pairs.forEach(([aText, bText], i) => {
      const answer = answers[i] as Answer;
      const doc = parsePythonJson(`{"a": ${aText}, "b": ${bText}}`) as JsonObject;
      const a = numAt(doc, "a");
      const b = numAt(doc, "b");
      for (const [name, op] of OPS) {
        const got = ours(op, a, b);
        if (JSON.stringify(got) !== JSON.stringify(answer[name])) mismatches.push(`${name}(${aText}, ${bText}) → ${JSON.stringify(got)} | python ${JSON.stringify(answer[name])}`);
      }
      const compared = { lt: pyLt(a, b), gt: pyGt(a, b), eq: pyEq(a, b), str: pyNumStr(a) };
      for (const [k, v] of Object.entries(compared)) if (v !== answer[k]) mismatches.push(`${k}(${aText}, ${bText}) → ${String(v)} | python ${String(answer[k])}`);
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
