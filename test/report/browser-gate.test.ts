/**
 * The browser tests' gate: without Chromium they are skipped with one line
 * saying what and how to install it; with EVALSIM_REQUIRE_BROWSER=1 (as
 * `.ci/run` sets) a missing browser is an error, so CI cannot skip them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { browserGate } from "../helpers/chromium.js";

const none = (): boolean => false;
const any = (): boolean => true;

describe("the browser tests' gate", () => {
  it("skips with one line naming what was skipped and how to install the browser", () => {
    const gate = browserGate("the report's browser tests", {}, none);
    expect(gate.skip).not.toBeNull();
    expect(gate.skip).not.toContain("\n");
    expect(gate.skip).toContain("the report's browser tests");
    expect(gate.skip).toContain("apt-get install -y chromium");
    expect(gate.skip).toContain("/usr/bin/chromium");
  });

  it("runs where the browser is, at CHROMIUM_PATH when set", () => {
    expect(browserGate("x", {}, any)).toEqual({ path: "/usr/bin/chromium", skip: null });
    expect(browserGate("x", { CHROMIUM_PATH: "/opt/c" }, (p) => p === "/opt/c")).toEqual({ path: "/opt/c", skip: null });
  });

  it("fails instead of skipping when the browser is required", () => {
    expect(() => browserGate("the report's browser tests", { EVALSIM_REQUIRE_BROWSER: "1" }, none)).toThrow(/EVALSIM_REQUIRE_BROWSER=1 requires it/);
  });

  it("is required by the CI script, which installs the browser", () => {
    const script = readFileSync(".ci/run", "utf8");
    expect(script).toMatch(/^EVALSIM_REQUIRE_BROWSER=1 npm test$/m);
  });
});
