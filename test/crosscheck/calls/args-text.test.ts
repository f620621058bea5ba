/**
 * The argument texts the crosscheck sends both engines, read by Python's own
 * json module: raw number tokens reach Python as written, and the texts the
 * generator calls "not JSON" are the ones json.loads refuses.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { argsText, isRaw, NOT_JSON_TEXTS, NUMBER_TOKENS, raw } from "../../../src/crosscheck/calls/args-text.js";

/** Per text: Python's repr of json.loads(text), or the exception's class name. */
function pythonReads(texts: readonly string[]): string[] {
  const program = "import json,sys\nfor t in json.load(sys.stdin):\n    try:\n        v = json.loads(t)\n        print(json.dumps(type(v).__name__ + ':' + repr(v)[:60]))\n    except Exception as e:\n        print(json.dumps('!' + type(e).__name__))\n";
  const r = spawnSync("python3", ["-c", program], { input: JSON.stringify(texts), encoding: "utf8", maxBuffer: 1 << 24 });
  expect(r.status).toBe(0);
  return r.stdout.trim().split("\n").map((l) => JSON.parse(l) as string);
}

describe("argsText", () => {
  it("writes compact JSON in insertion order, raw tokens verbatim, a {raw} object as an object", () => {
    expect(argsText({ b: 1, a: [true, null, "é"], c: raw("25.0") })).toBe('{"b":1,"a":[true,null,"é"],"c":25.0}');
    expect(argsText({ raw: "x" })).toBe('{"raw":"x"}');
    expect(isRaw({ raw: "x" })).toBe(false);
    expect(isRaw(raw("x"))).toBe(true);
  });

  it("spells numbers as Python reads them back: ints as ints, floats with their float form", () => {
    const texts = [argsText({ n: 1e21 }), argsText({ n: 2 ** 53 }), argsText({ n: 0.1 }), argsText({ n: -0 })];
    expect(pythonReads(texts)).toEqual(["dict:{'n': 1e+21}", "dict:{'n': 9007199254740992}", "dict:{'n': 0.1}", "dict:{'n': -0.0}"]);
  });

  it("number tokens reach Python as the float or int they spell", () => {
    const read = pythonReads(NUMBER_TOKENS.map((t) => argsText({ n: raw(t) })));
    expect(read[NUMBER_TOKENS.indexOf("25.0")]).toBe("dict:{'n': 25.0}");
    expect(read[NUMBER_TOKENS.indexOf("9007199254740993")]).toBe("dict:{'n': 9007199254740993}");
    expect(read[NUMBER_TOKENS.indexOf("1e400")]).toBe("dict:{'n': inf}");
  });

  it("the not-JSON texts are refused by json.loads, except the boundary integer of 4300 digits", () => {
    const read = pythonReads(NOT_JSON_TEXTS);
    NOT_JSON_TEXTS.forEach((t, i) => {
      if (t === "9".repeat(4300)) expect(read[i]).toMatch(/^int:/);
      else expect(read[i], JSON.stringify(t.slice(0, 20))).toMatch(/^!(JSONDecodeError|ValueError)$/);
    });
  });
});
