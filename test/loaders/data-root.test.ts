/** Where fetched fixtures go: data/fixtures of a checkout, the user's data folder for an installed package. */
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataRootCandidates, defaultFixturesDir, INSTALLED, PROJECT_ROOT } from "../../src/loaders/data-root.js";

describe("the default fixtures folder", () => {
  it("is data/fixtures in a checkout", () => {
    expect(INSTALLED).toBe(false);
    expect(defaultFixturesDir({ XDG_DATA_HOME: "/x" })).toBe(join(PROJECT_ROOT, "data", "fixtures"));
    expect(dataRootCandidates({ env: {} })[0]).toEqual({ source: "data/fixtures", path: join(PROJECT_ROOT, "data", "fixtures") });
  });

  it("is $XDG_DATA_HOME/evalsim/fixtures for an installed package, else ~/.local/share/evalsim/fixtures", () => {
    expect(defaultFixturesDir({ XDG_DATA_HOME: "/data/me" }, true)).toBe("/data/me/evalsim/fixtures");
    expect(defaultFixturesDir({ HOME: "/home/me" }, true)).toBe("/home/me/.local/share/evalsim/fixtures");
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    expect(defaultFixturesDir({ XDG_DATA_HOME: "rel", HOME: "/home/me" }, true)).toBe("/home/me/.local/share/evalsim/fixtures");
    expect(defaultFixturesDir({}, true)).toBe(join(homedir(), ".local", "share", "evalsim", "fixtures"));
  });
});
