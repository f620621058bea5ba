/** The loaders' file helpers: isFile, isDir and listNames. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isDir, isFile, listNames } from "../../src/loaders/files.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-files-"));
for (const n of ["b.json", "B.json", "a.json", "é.json", "z.txt", "10.json", "9.json"]) writeFileSync(join(dir, n), "{}");
mkdirSync(join(dir, "sub.json"));

describe("files", () => {
  it("tells files from folders and from nothing", () => {
    expect(isFile(join(dir, "a.json"))).toBe(true);
    expect(isFile(join(dir, "sub.json"))).toBe(false);
    expect(isDir(join(dir, "sub.json"))).toBe(true);
    expect(isFile(join(dir, "none"))).toBe(false);
    expect(isDir(join(dir, "none"))).toBe(false);
  });

  it("lists matching names in code-point order (Python's sorted), none for a missing folder", () => {
    // sorted(["b.json", "B.json", "a.json", "é.json", "10.json", "9.json", "sub.json"]) in Python.
    expect(listNames(dir, /\.json$/)).toEqual(["10.json", "9.json", "B.json", "a.json", "b.json", "sub.json", "é.json"]);
    expect(listNames(join(dir, "none"), /./)).toEqual([]);
  });
});
