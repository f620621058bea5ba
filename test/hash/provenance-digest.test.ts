import { describe, expect, it } from "vitest";
import { fileSetDigest, jsonDigest } from "../../src/hash/provenance-digest.js";

// Expected digests from python3's hashlib over the texts written out in each comment.
describe("provenance digests", () => {
  it("digests a JSON value by its toJsonText text, keys in insertion order", () => {
    // sha256 of '{"b":[1,2.5,"é"],"a":null}'
    expect(jsonDigest({ b: [1, 2.5, "é"], a: null })).toBe("02d592d1053a58c60f69ec3907489bc15849687fd7b5f27d9c6cd3b21cd673e5");
  });

  it("digests a file set by `<path> <sha256>` lines, one per file and a final newline", () => {
    const files: Record<string, string> = { "x/a.json": "one", "x/b.txt": "two\n" };
    // sha256("x/a.json <sha256 of 'one'>\nx/b.txt <sha256 of 'two\n'>\n")
    expect(fileSetDigest(["x/a.json", "x/b.txt"], (p) => Buffer.from(files[p] as string))).toBe("cecb5fde3b1ae35b2ec3d7bd49443e75b3f1348ce7cc7be1e1af7426f9ec4596");
    // No files: sha256("\n").
    expect(fileSetDigest([], () => new Uint8Array())).toBe("01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b");
  });
});
