import { describe, expect, it } from "vitest";
import { esc, scriptJson } from "../../src/report/escape.js";

describe("esc", () => {
  it("escapes what would end HTML text or an attribute", () => {
    expect(esc(`<b class="x">Tom & Jerry's</b>`)).toBe("&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;");
    expect(esc("plain")).toBe("plain");
  });
});

describe("scriptJson", () => {
  it("cannot close the script element or open a comment, and parses back to the value", () => {
    const value = { text: "</script><!-- x", sep: "a\u2028b\u2029c" };
    const text = scriptJson(value);
    expect(text).toBe('{"text":"\\u003c/script>\\u003c!-- x","sep":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(text)).toEqual(value);
  });
});
