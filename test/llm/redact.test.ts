/** Redaction of endpoint text and URLs before they are shown or stored. */
import { describe, expect, it } from "vitest";
import { endpointSnippet, redactSecrets, shownUrl, urlSecrets } from "../../src/llm/redact.js";

describe("redactSecrets", () => {
  it("redacts given secrets and token-like strings whoever they belong to", () => {
    expect(redactSecrets("Authorization: Bearer abc.DEF-123", [])).toBe("Authorization: Bearer [REDACTED]");
    expect(redactSecrets('{"api_key": "zzz999", "x": 1}')).toBe('{"api_key": "[REDACTED]", "x": 1}');
    expect(redactSecrets("key sk-proj-ABCDEFGH1234 and nvapi-abcdefgh_12")).toBe("key [REDACTED] and [REDACTED]");
    expect(redactSecrets("tok hf_abcdefghijklmnop1234")).toBe("tok [REDACTED]");
    expect(redactSecrets("my secret is hunter22", ["hunter22"])).toBe("my secret is [REDACTED]");
  });

  it("leaves secrets shorter than four characters alone", () => {
    expect(redactSecrets("the cat", ["cat"])).toBe("the cat");
  });
});

describe("endpointSnippet", () => {
  it("folds whitespace, shows control characters and cuts at the limit with an ellipsis", () => {
    expect(endpointSnippet("  bad\n\n gateway \t ")).toBe("bad gateway");
    expect(endpointSnippet("x".repeat(20), [], 10)).toBe("xxxxxxx...");
    expect(endpointSnippet("y".repeat(10), [], 10)).toBe("yyyyyyyyyy");
    expect(endpointSnippet("a\u001b[31mred")).not.toContain("\u001b");
  });
});

describe("urlSecrets and shownUrl", () => {
  it("finds the values of credential-named query parameters", () => {
    expect(urlSecrets("http://h/v1?api-key=K1&model=m&sig=S2#frag")).toEqual(["K1", "S2"]);
    expect(urlSecrets("http://h/v1")).toEqual([]);
  });

  it("shows a URL with those values redacted, anything else byte for byte", () => {
    expect(shownUrl("http://h/v1?api-key=K1&model=m&Token=T#x")).toBe("http://h/v1?api-key=[REDACTED]&model=m&Token=[REDACTED]#x");
    expect(shownUrl("http://h:8000/v1?a=%20b")).toBe("http://h:8000/v1?a=%20b");
    expect(shownUrl("http://h/v1")).toBe("http://h/v1");
  });
});
