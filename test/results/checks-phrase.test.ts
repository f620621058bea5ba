import { describe, expect, it } from "vitest";
import { checksPhrase } from "../../src/results/checks-phrase.js";

describe("checksPhrase", () => {
  it("names each unmet check: forbidden calls made, required calls missed, things never said", () => {
    const metrics = {
      checks: {
        must_not_call: [
          { name: "request_refill", arguments: { rx: "RX2" }, met: false, calls: [{}, {}] },
          { name: "cancel", met: true, calls: [] },
        ],
        must_call: [{ name: "verify_identity", met: false }],
        communicate: [
          { info: "refill denied", met: false },
          { info: "goodbye", met: true },
        ],
      },
    };
    expect(checksPhrase(metrics)).toBe(
      `checks: called request_refill {"rx":"RX2"}, which it must not (2 call(s)); never called verify_identity successfully; never said 'refill denied'`,
    );
  });

  it("falls back to a plain phrase when the evidence is missing", () => {
    expect(checksPhrase({})).toBe("checks failed");
    expect(checksPhrase({ checks: { must_call: [{ name: "x", met: true }] } })).toBe("checks: failed");
  });
});
