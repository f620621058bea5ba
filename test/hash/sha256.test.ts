import { describe, expect, it } from "vitest";
import { sha256, sha256Hex } from "../../src/hash/sha256.js";

// Expected digests from python3's hashlib.sha256(...).hexdigest().
describe("sha256", () => {
  it("digests bytes, and a string as its UTF-8", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("héllo")).toBe("3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179");
    expect(sha256Hex(new Uint8Array([0, 255, 16]))).toBe("2da45f2cd1f9c8e69a67abf7a6b26c282533d0a7686787a9533265418680d4d2");
  });

  it("digests a stream fed in pieces, and resumes from a copied state", () => {
    const h = sha256().update("hé");
    const copy = h.copy();
    expect(h.update("llo").digest("hex")).toBe(sha256Hex("héllo"));
    expect(copy.update(Buffer.from("llo")).digest("hex")).toBe("3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179");
  });
});
