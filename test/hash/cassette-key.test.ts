import { describe, expect, it } from "vitest";
import { cassetteEntryDigest, cassetteKey } from "../../src/hash/cassette-key.js";

// For these values RFC 8785 text equals python3's json.dumps(v, sort_keys=True, separators=(",", ":"),
// ensure_ascii=False); the expected digests are hashlib.sha256 of that text's UTF-8.
const body = { model: "m", temperature: 0, messages: [{ role: "user", content: "hé" }] };

describe("cassette key", () => {
  it("is the SHA-256 of the request's canonical (JCS) text, whatever its key order", () => {
    expect(cassetteKey(body)).toBe("78354d4e5cd29484461daed66f9fe8dadd8b6c0e9da492bddc004a9025552b21");
    expect(cassetteKey({ messages: body.messages, temperature: 0, model: "m" })).toBe(cassetteKey(body));
  });

  it("digests request and response together, with its sha256: prefix", () => {
    expect(cassetteEntryDigest(body, { id: "r1" })).toBe("sha256:f534ab09530d7d18cbf1f1fce9b640542ab0cb142187ff4c3de53829da4135dd");
  });

  it("keys a value holding a lone surrogate by its escaped text instead of throwing", () => {
    // sha256 of the text {"a":"\ud800"} (the escape spelled out, as JSON.stringify writes it)
    expect(cassetteKey({ a: "\ud800" })).toBe("89f8ca88ea20e6cd48ed0ab6b731b66377cab0c8fb9a7187ea96ac6813ed24e4");
  });
});
