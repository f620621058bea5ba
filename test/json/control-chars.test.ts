import { describe, expect, it } from "vitest";
import { escapeControls } from "../../src/json/control-chars.js";

describe("escapeControls", () => {
  it("writes terminal controls as visible escapes and keeps tab, newline and plain text", () => {
    expect(escapeControls("\x1b[2Jclear\x07")).toBe("\\x1b[2Jclear\\x07");
    expect(escapeControls("a\tb\nc")).toBe("a\tb\nc");
    expect(escapeControls("\x9b\x7f")).toBe("\\x9b\\x7f");
    expect(escapeControls("\u202eevil\u2066")).toBe("\\u202eevil\\u2066");
    expect(escapeControls("héllo ✓")).toBe("héllo ✓");
  });
});
