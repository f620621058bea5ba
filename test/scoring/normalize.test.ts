/**
 * The value transform the DB diff compares through, and its Python `==` and
 * type names. Expected values are python3's: `normalize_for_comparison` of
 * the reference's db_hash.py (float → int when integral, "none"/"null"
 * spellings → None, order-free lists sorted by their `json.dumps` text) and
 * the interpreter's own `==` and `type(x).__name__`.
 */
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import { normalizeForComparison, sortByDump } from "../../src/scoring/normalize.js";
import { pyEquals } from "../../src/python/semantics.js";
import { pyTypeName } from "../../src/python/text.js";

describe("normalizeForComparison", () => {
  it("is python3's normalize_for_comparison on a record with every rule in it", () => {
    const doc = parsePythonJson(
      '{"bookings": [{"b": 2, "a": "z"}, {"a": "Z"}, 10, "9", "None", [1]], "flights": [3, 1, 2], "note": " NULL\\t", "n": "nonE", "x": "None yet", "amount": -0.0, "f": 2.0, "g": 2.5, "notifications": [{"id": "n2"}, {"id": "n10"}, {"id": "n1"}]}',
    );
    // python3: json.dumps(normalize_for_comparison(doc))
    const python =
      '{"bookings": ["9", 10, [1], null, {"a": "Z"}, {"b": 2, "a": "z"}], "flights": [3, 1, 2], "note": null, "n": null, "x": "None yet", "amount": 0, "f": 2, "g": 2.5, "notifications": [{"id": "n1"}, {"id": "n10"}, {"id": "n2"}]}';
    const got = normalizeForComparison(doc);
    expect(got).toStrictEqual(JSON.parse(python));
    // Key order is kept (Python's dict keeps insertion order); only order-free lists are reordered.
    expect(Object.keys(got as object)).toStrictEqual(["bookings", "flights", "note", "n", "x", "amount", "f", "g", "notifications"]);
    expect(Object.is((got as Record<string, unknown>)["amount"], 0)).toBe(true);
  });

  it("sorts an order-free list only where it sits under its key, at any depth", () => {
    expect(normalizeForComparison({ users: [{ standby_list: ["b", "a"], other: ["b", "a"] }] })).toStrictEqual({ users: [{ standby_list: ["a", "b"], other: ["b", "a"] }] });
    // A value under an order-free key that is not a list is left as it is.
    expect(normalizeForComparison({ bookings: { b: 1, a: 2 } })).toStrictEqual({ bookings: { b: 1, a: 2 } });
  });
});

describe("sortByDump", () => {
  it("orders as python3's sorted(key=lambda x: json.dumps(x, sort_keys=True, default=str))", () => {
    const items = parsePythonJson('[{"id": "\u00e9"}, {"id": "e"}, {"id": "z"}, "a", 2, 10, true, null, [], {}]') as unknown[];
    // python3 prints: ['a', 10, 2, [], None, True, {'id': 'é'}, {'id': 'e'}, {'id': 'z'}, {}]
    // ("\u00e9" is dumped escaped, and "\\" sorts before "e"; 10 before 2 as text).
    expect(sortByDump(items as never)).toStrictEqual(["a", 10, 2, [], null, true, { id: "\u00e9" }, { id: "e" }, { id: "z" }, {}]);
  });

  it("leaves its input as it was", () => {
    const items = [3, 1, 2];
    expect(sortByDump(items)).toStrictEqual([1, 2, 3]);
    expect(items).toStrictEqual([3, 1, 2]);
  });
});

describe("the diff's type names (pyTypeName)", () => {
  it("names each JSON value as type(x).__name__ does", () => {
    const doc = parsePythonJson('[null, true, 1, 1.5, 12345678901234567890123, "s", [], {}]') as unknown[];
    expect(doc.map((v) => pyTypeName(v))).toStrictEqual(["NoneType", "bool", "int", "float", "int", "str", "list", "dict"]);
  });
});

describe("the diff's equality (pyEquals)", () => {
  // Each row: a, b and python3's `a == b`.
  const rows: [string, string, boolean][] = [
    ["1", "1.0", true],
    ["1", "true", true],
    ["0", "false", true],
    ['{"a": 1, "b": [1, 2]}', '{"b": [1.0, 2], "a": true}', true],
    ["[1, 2]", "[2, 1]", false],
    ["null", "0", false],
    ['"1"', "1", false],
    ["0.30000000000000004", "0.3", false],
    ['{"a": 1}', '{"a": 1, "b": null}', false],
    ['{"a": null}', '{"b": null}', false],
    ["[]", "{}", false],
    ['"None"', "null", false],
    // json shares one NaN object, and a list compares items by identity first; a bare NaN is never equal.
    ["[NaN]", "[NaN]", true],
    ["NaN", "NaN", false],
    // An int past 2**53 equals a float only when the float is exactly that int.
    ["1152921504606846976", "1.152921504606847e18", true],
    ["12345678901234567890", "1.2345678901234567e19", false],
  ];
  it.each(rows)("%s == %s is %s", (a, b, python) => {
    expect(pyEquals(parsePythonJson(a), parsePythonJson(b))).toBe(python);
    expect(pyEquals(parsePythonJson(b), parsePythonJson(a))).toBe(python);
  });
});
