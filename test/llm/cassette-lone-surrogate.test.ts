/**
 * A reply (or a request carrying an earlier reply) with a lone surrogate is
 * stored and found again like any other; it used to error its scenario with
 * "Lone surrogate is not allowed" and no context (RFC 8785 refuses one).
 * Well-formed values keep their RFC 8785 keys, so existing cassettes match.
 */
import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openCassette } from "../../src/llm/cassette.js";
import { cassetteKey } from "../../src/hash/cassette-key.js";
import type { JsonValue } from "../../src/json/types.js";
import { tempDir } from "../helpers/temp-data.js";

describe("cassette entries with lone surrogates", () => {
  it("are stored and found again, with distinct keys", () => {
    const cassette = openCassette(tempDir("evalsim-lone-surrogate-"), "record");
    const a: JsonValue = { model: "m", messages: [{ role: "assistant", content: "x\ud800y" }] };
    const b: JsonValue = { model: "m", messages: [{ role: "assistant", content: "x\udfffy" }] };
    const response: JsonValue = { choices: [{ index: 0, message: { role: "assistant", content: "\udc00 alone" } }] };
    cassette.store(a, response);
    expect(cassette.find(a)).toEqual(response);
    expect(cassette.find(b)).toBeUndefined();
    expect(cassetteKey(a)).not.toBe(cassetteKey(b));
  });

  it("well-formed values keep their RFC 8785 key", () => {
    const v: JsonValue = { z: [1, 2.5, "é\ud83d\ude00", null, true], a: { "\u20ac": 1e21, b: -0 } };
    expect(cassetteKey(v)).toBe(createHash("sha256").update(canonicalize(v) ?? "", "utf8").digest("hex"));
  });
});
