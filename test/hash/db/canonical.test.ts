import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../../src/json/parse.js";
import type { JsonValue } from "../../../src/json/types.js";
import { canonicalJson, dbHash } from "../../../src/hash/db/index.js";
import { documentArb } from "../../helpers/json-arbitraries.js";
import { toLooseJsonText } from "../../helpers/json-text.js";
import { runPython } from "../../helpers/python.js";

const COUNT = 20_000;
const SEED = 0x5eed_2024;

describe("canonical hash vs Python's json.dumps (differential)", () => {
  it(`agrees on ${COUNT} generated documents (seed ${SEED})`, () => {
    // Lone surrogates sort at their code point; a surrogate pair after U+FFFF.
    const fixed: JsonValue[] = [{ "\ud800": 1, "\ue000": 3 }, { "\udfff": 1, "\ud83d\ude00": 2, "\uffff": 3, "\ud83d": 4, "\ud83dx": 5 }];
    const docs = [...fixed, ...fc.sample(documentArb, { numRuns: COUNT, seed: SEED })];
    const texts = docs.map(toLooseJsonText);
    const pyHashes = runPython("canonical_hash.py", texts.join("\n") + "\n");
    expect(pyHashes).toHaveLength(docs.length);
    const mismatches: string[] = [];
    docs.forEach((doc, i) => {
      if (dbHash(doc) !== pyHashes[i]) mismatches.push(texts[i] as string);
    });
    if (mismatches.length > 0) {
      const first = mismatches[0] as string;
      const [pyText] = runPython("canonical_hash.py", first + "\n", ["--canonical"]);
      expect({ input: first, ts: canonicalJson(parsePythonJson(first)), python: JSON.parse(pyText as string) as string }).toBeUndefined();
    }
    expect(mismatches).toEqual([]);
  });
});
