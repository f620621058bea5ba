import { describe, expect, it } from "vitest";
import { describeException, PyError } from "../../src/python/error.js";

describe("Python exceptions", () => {
  it("formats an exception as the reference's `f\"{type(e).__name__}: {e}\"`", () => {
    expect(describeException(new PyError("ValueError", "invalid literal for int() with base 10: 'x'"))).toBe("ValueError: invalid literal for int() with base 10: 'x'");
    expect(describeException(new TypeError("bad"))).toBe("TypeError: bad");
    expect(describeException("thrown text")).toBe("Exception: thrown text");
  });
});
