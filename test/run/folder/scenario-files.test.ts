import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { partialDirOf } from "../../../src/run/layout.js";
import { writeScenarioDir } from "../../../src/run/folder/scenario-files.js";

describe("writeScenarioDir", () => {
  it("writes every file under the folder, nested ones included, and leaves no partial folder", () => {
    const root = mkdtempSync(join(tmpdir(), "evalsim-outputs-"));
    const dir = join(root, "run", "s1");
    writeScenarioDir(dir, new Map([["a.json", "{}\n"], ["sub/b.txt", "b"]]));
    expect(readFileSync(join(dir, "a.json"), "utf8")).toBe("{}\n");
    expect(readFileSync(join(dir, "sub", "b.txt"), "utf8")).toBe("b");
    expect(existsSync(partialDirOf(dir))).toBe(false);
  });

  it("drops what a crashed run left in the partial folder, and what the folder held before", () => {
    const root = mkdtempSync(join(tmpdir(), "evalsim-outputs-"));
    const dir = join(root, "s1");
    mkdirSync(join(partialDirOf(dir), "deep"), { recursive: true });
    writeFileSync(join(partialDirOf(dir), "deep", "stale.json"), "{");
    mkdirSync(dir);
    writeFileSync(join(dir, "old.json"), "{}");
    writeScenarioDir(dir, new Map([["new.json", "[]"]]));
    expect(readdirSync(dir)).toEqual(["new.json"]);
    expect(existsSync(partialDirOf(dir))).toBe(false);
  });
});
