import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { command } from "../../../src/cli/commands/cassettes.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";

const root = mkdtempSync(join(tmpdir(), "evalsim-cassettes-cmd-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("evalsim cassettes", () => {
  it("verify on an empty folder: no entry, all sound, exit 0", () => {
    const dir = join(root, "empty");
    mkdirSync(dir);
    const ctx = commandContext();
    expect(command.run(["verify", dir], ctx)).toBe(0);
    expect(ctx.io.stdout()).toBe(`0 entries checked in ${dir}: all sound\n`);
  });

  it("prints one line per bad entry, then the count, and exits 1", () => {
    const dir = join(root, "bad");
    mkdirSync(join(dir, "zz"), { recursive: true });
    mkdirSync(join(dir, "ab"), { recursive: true });
    writeFileSync(join(dir, "ab", "notes.txt"), "x");
    const ctx = commandContext();
    expect(command.run(["verify", dir], ctx)).toBe(1);
    const lines = ctx.io.stdout().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 2).sort()).toEqual([`${join(dir, "ab", "notes.txt")}: not a cassette entry (expected <key>.json under the folder of its first two hex digits)`, `${join(dir, "zz")}: not a cassette entry folder (its name is not two hex digits)`]);
    expect(lines[2]).toMatch(new RegExp(`entr(y|ies) checked in .*bad: 2 problems$`));
    expect(lines[3]).toBe("");
  });

  it("bad usage: no subcommand, another subcommand, no folder, two folders, a file", () => {
    const file = join(root, "f.json");
    writeFileSync(file, "{}");
    const cases: [string[], string][] = [
      [[], "cassettes needs a subcommand: verify DIR"],
      [["check", root], "unknown cassettes subcommand 'check' (expected: verify DIR)"],
      [["verify"], "cassettes verify needs the cassette folder: evalsim cassettes verify DIR"],
      [["verify", root, "other"], "cassettes verify takes one folder, got also 'other'"],
      [["verify", file], `${file}: not a folder (expected a cassette folder)`],
      [["verify", join(root, "absent")], `${join(root, "absent")}: cannot read the cassette folder (ENOENT)`],
    ];
    for (const [argv, message] of cases) {
      expect(() => command.run(argv, commandContext())).toThrow(new UsageError(message));
    }
  });
});
