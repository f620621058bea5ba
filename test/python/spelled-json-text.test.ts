import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import { isFloatDocument } from "../../src/json/py-float.js";
import { pySpelledJsonText } from "../../src/python/spelled-json-text.js";
import { toJsonText } from "../../src/json/stringify.js";
import { runPython } from "../helpers/python.js";

// Documents as Python writes them: integral floats, exponents, -0.0, big ints, numeric keys out of JavaScript's order.
const HAND = [
  '{"fare_paid":260.0,"bags":0,"rate":0.1}',
  '[1.0,2,3.5,-0.0,1e-05,1e+22,1.5e+16,123456789012345678901234567890]',
  '{"b":1,"10":2.0,"2":[{"x":1e+100}],"a":null}',
  '{"s":"caf\\u00e9 \\u0001 \\"q\\"","t":true,"n":NaN,"i":Infinity}',
  "2.0",
];

const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(260, 1e22, 1e-7, 2 ** 60));
const doc = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: "small" }, number, fc.string(), fc.boolean(), fc.constant(null), fc.array(tie("v"), { maxLength: 4 }), fc.dictionary(fc.oneof(fc.string(), fc.nat().map(String)), tie("v"), { maxKeys: 4 })),
}));

describe("pySpelledJsonText", () => {
  it("writes what Python's compact json.dumps writes, for hand-picked documents", () => {
    const python = runPython("compact_dumps.py", HAND.join("\n") + "\n");
    expect(HAND.map((t) => pySpelledJsonText(parsePythonJson(t), isFloatDocument(t)))).toEqual(python);
  });

  it("agrees with Python on generated documents whose floats Python prints with .0", () => {
    // Python's text of each document makes every JS number a float when it is written with a dot or exponent.
    const texts = fc.sample(doc.v, { numRuns: 300, seed: 31 }).map((v) => runPythonLiteral(v));
    const python = runPython("compact_dumps.py", texts.join("\n") + "\n");
    expect(texts.map((t) => pySpelledJsonText(parsePythonJson(t), isFloatDocument(t)))).toEqual(python);
  });

  it("reads back to the same text (floats stay floats), and spells a value without floats as toJsonText does", () => {
    for (const t of HAND.slice(0, 3)) {
      const once = pySpelledJsonText(parsePythonJson(t));
      expect(pySpelledJsonText(parsePythonJson(once))).toBe(once);
    }
    expect(pySpelledJsonText({ a: [1, "x", null, { b: false }], c: 2.5 })).toBe(toJsonText({ a: [1, "x", null, { b: false }], c: 2.5 }));
  });
});

/** A JSON text of `v` in which non-integral numbers and some integral ones are written as floats (`4.0`). */
function runPythonLiteral(v: unknown): string {
  let n = 0;
  const walk = (x: unknown): string => {
    if (typeof x === "number") return Number.isInteger(x) && n++ % 2 === 0 && Math.abs(x) < 1e16 ? `${x}.0` : JSON.stringify(x);
    if (Array.isArray(x)) return `[${x.map(walk).join(",")}]`;
    if (x !== null && typeof x === "object") return `{${Object.entries(x).map(([k, y]) => `${JSON.stringify(k)}:${walk(y)}`).join(",")}}`;
    return JSON.stringify(x);
  };
  return walk(v);
}
