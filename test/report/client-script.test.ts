/**
 * The report's inlined script, as text: what it does in a browser is tested in
 * Chromium (browser.test.ts); here, what must hold of it wherever it runs.
 */
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { REPORT_SCRIPT } from "../../src/report/client-script.js";

describe("the report's script", () => {
  it("is one strict-mode function expression that compiles as a classic script (no modules, no build step)", () => {
    expect(() => new Script(REPORT_SCRIPT, { filename: "report-script.js" })).not.toThrow();
    expect(REPORT_SCRIPT.trim().startsWith('(function () {\n  "use strict";')).toBe(true);
    expect(REPORT_SCRIPT.trim().endsWith("})();")).toBe(true);
  });

  it("cannot end the <script> element it is inlined into", () => {
    expect(REPORT_SCRIPT.toLowerCase()).not.toContain("</script");
    expect(REPORT_SCRIPT).not.toContain("<!--");
  });

  it("inserts HTML only for the DB diff, which the generator escaped; everything else goes through textContent", () => {
    const inserts = REPORT_SCRIPT.match(/\.(innerHTML|outerHTML)\s*=[^;]*;|insertAdjacentHTML|document\.write/g) ?? [];
    expect(inserts).toEqual([".innerHTML = d.diff_html;"]);
  });

  it("loads nothing: no network calls, no dynamic code", () => {
    for (const api of ["fetch(", "XMLHttpRequest", "import(", "WebSocket", "EventSource", "sendBeacon", "eval(", "Function(", "setTimeout(\"", "http://", "https://"]) {
      expect(REPORT_SCRIPT, api).not.toContain(api);
    }
  });
});
