/**
 * Is a replayed result the one the recording says the call got? A recorded
 * text is what the model read: pipecat's tool message, `json.dumps` of the
 * delivered result (an empty result replaced by the harness's
 * `_normalize_empty_result` text), floats spelled as Python spells them. A
 * recorded value (evalsim's transcript) is compared with the raw result. A
 * difference is named by its first JSON path.
 */
import { describe, expect, it } from "vitest";
import { parsePythonJson } from "../../src/json/parse.js";
import type { JsonValue } from "../../src/json/types.js";
import { compareRecordedResult } from "../../src/replay/recorded-result.js";

/** A result as evalsim holds it: read from Python JSON text, so a float stays marked as one. */
const result = (text: string): JsonValue => parsePythonJson(text);

describe("compareRecordedResult", () => {
  it("a recorded text equal to the delivered result, floats and key order included, is the same", () => {
    expect(compareRecordedResult({ text: '{"a": 1, "b": [1, 2.5], "c": 260.0}' }, result('{"a": 1, "b": [1, 2.5], "c": 260.0}'))).toStrictEqual({ same: true });
    expect(compareRecordedResult({ text: '"Airplane Mode is now OFF."' }, "Airplane Mode is now OFF.")).toStrictEqual({ same: true });
  });

  it("a float the recording has where evalsim has an int (or the reverse) differs, at its path", () => {
    expect(compareRecordedResult({ text: '{"reservation": {"fare": 260.0}}' }, result('{"reservation": {"fare": 260}}'))).toStrictEqual({ same: false, diff: "$.reservation.fare: recorded 260.0, evalsim 260" });
    expect(compareRecordedResult({ text: "[1]" }, result("[1.0]"))).toStrictEqual({ same: false, diff: "$[0]: recorded 1, evalsim 1.0" });
  });

  it("an empty result is compared as delivered live for a text, and as it is for a value", () => {
    const delivered = '{"status": "success", "results": [], "count": 0, "message": "No matching records found."}';
    expect(compareRecordedResult({ text: delivered }, [])).toStrictEqual({ same: true });
    expect(compareRecordedResult({ value: [] }, [])).toStrictEqual({ same: true });
    expect(compareRecordedResult({ text: "[]" }, [])).toStrictEqual({ same: false, diff: '$: recorded [], evalsim {"status": "success", "results": [], "count": 0, "message": ...' });
  });

  it("names missing and extra keys, a list of another length, and keys in another order", () => {
    expect(compareRecordedResult({ value: { a: 1, b: 2, c: 3 } }, { a: 1 })).toStrictEqual({ same: false, diff: '$: evalsim lacks "b", "c"' });
    expect(compareRecordedResult({ value: { a: 1 } }, { a: 1, z: 0 })).toStrictEqual({ same: false, diff: '$: evalsim adds "z"' });
    expect(compareRecordedResult({ value: { x: [1, 2] } }, { x: [1] })).toStrictEqual({ same: false, diff: "$.x: recorded 2 items, evalsim 1" });
    expect(compareRecordedResult({ text: '{"b": 1, "a": 2}' }, { a: 2, b: 1 })).toStrictEqual({ same: false, diff: "$: key order differs (recorded b, a)" });
  });

  it("the first difference in document order is the one named", () => {
    expect(compareRecordedResult({ value: { a: [1, { b: "x" }], c: 1 } }, { a: [1, { b: "y" }], c: 2 })).toStrictEqual({ same: false, diff: '$.a[1].b: recorded "x", evalsim "y"' });
  });

  it("a recorded text that is not JSON is shown as it is, cut at 60 characters", () => {
    const text = `Error: ${"x".repeat(80)}`;
    expect(compareRecordedResult({ text }, { status: "error" })).toStrictEqual({ same: false, diff: `$: recorded ${text.slice(0, 60)}... (not JSON), evalsim {"status": "error"}` });
  });
});
