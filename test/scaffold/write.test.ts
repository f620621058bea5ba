import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scaffoldFiles } from "../../src/scaffold/templates.js";
import { ScaffoldError, writeScaffold } from "../../src/scaffold/write.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-scaffold-write-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("writeScaffold", () => {
  it("writes every file into a new folder and leaves no staging folder behind", () => {
    const dir = join(root, "deep", "desk");
    const written = writeScaffold(dir, { name: "desk", dualSide: false });
    const expected = scaffoldFiles({ name: "desk", dualSide: false });
    expect(written).toEqual([...expected.keys()]);
    for (const [path, text] of expected) expect(readFileSync(join(dir, path), "utf8")).toBe(text);
    expect(readdirSync(join(root, "deep"))).toEqual(["desk"]);
  });

  it("fills an empty folder", () => {
    const dir = join(root, "empty");
    mkdirSync(dir);
    expect(writeScaffold(dir, { name: "empty", dualSide: true })).toContain("data/empty/user_db.json");
  });

  it("refuses a folder that holds something, or a file, and touches neither", () => {
    const full = join(root, "full");
    mkdirSync(full);
    writeFileSync(join(full, "keep.txt"), "mine");
    expect(() => writeScaffold(full, { name: "full", dualSide: false })).toThrow(new ScaffoldError(`${full} exists and is not empty; choose another --dir`));
    expect(readdirSync(full)).toEqual(["keep.txt"]);
    const file = join(root, "file.txt");
    writeFileSync(file, "x");
    expect(() => writeScaffold(file, { name: "file", dualSide: false })).toThrow(new ScaffoldError(`${file} exists and is not a folder`));
    expect(readFileSync(file, "utf8")).toBe("x");
  });
});
