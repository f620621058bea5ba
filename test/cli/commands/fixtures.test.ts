import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesCommand } from "../../../src/cli/commands/fixtures.js";
import { UsageError } from "../../../src/cli/io.js";
import { commandContext } from "../../helpers/command-context.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-fixtures-cmd-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// sha256sum of "hello\n".
const HELLO = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";

function dataRoot(): { root: string; manifest: string } {
  const root = mkdtempSync(join(dir, "root-"));
  writeFileSync(join(root, "a.txt"), "hello\n");
  writeFileSync(join(root, "b.txt"), "hello\n");
  writeFileSync(join(root, "extra.txt"), "x");
  const entry = (path: string, size: number, sha256: string, optional = false) => ({ path, size, sha256, source: `https://example.org/${path}`, ...(optional ? { optional: true } : {}) });
  const manifest = `${root}.manifest.json`;
  writeFileSync(manifest, JSON.stringify({ about: "test", files: [entry("a.txt", 6, HELLO), entry("b.txt", 7, HELLO), entry("c.txt", 6, HELLO), entry("d.txt", 6, HELLO, true)] }));
  return { root, manifest };
}

describe("evalsim fixtures verify", () => {
  it("names each missing or different file, then counts; exit 1", async () => {
    const { root, manifest } = dataRoot();
    const ctx = commandContext(root);
    expect(await fixturesCommand(["verify", "--manifest", manifest], ctx)).toBe(1);
    expect(ctx.io.stdout()).toBe(
      ["size     b.txt: 6 bytes, expected 7", "missing  c.txt: file not found", "unlisted extra.txt: not in the manifest", `3 files checked in ${root}: 2 problems (1 optional files absent)`, ""].join("\n"),
    );
  });

  it("--json gives the data root and the same findings", async () => {
    const { root, manifest } = dataRoot();
    const ctx = commandContext(root);
    expect(await fixturesCommand(["verify", "--manifest", manifest, "--json"], ctx)).toBe(1);
    const j = JSON.parse(ctx.io.stdout()) as { data_root: string; problems: { path: string; problem: string }[]; unlisted: string[]; absent_optional: string[] };
    expect(j.data_root).toBe(root);
    expect(j.problems.map((p) => [p.path, p.problem])).toEqual([["b.txt", "size"], ["c.txt", "missing"]]);
    expect(j.unlisted).toEqual(["extra.txt"]);
    expect(j.absent_optional).toEqual(["d.txt"]);
  });
});

describe("evalsim fixtures: bad usage", () => {
  it("needs a known subcommand, with a suggestion for a near miss", () => {
    expect(() => fixturesCommand([], commandContext())).toThrow(new UsageError("expected a subcommand (manifest, verify, fetch), got none"));
    expect(() => fixturesCommand(["verfy"], commandContext())).toThrow(/^expected a subcommand \(manifest, verify, fetch\), got 'verfy'.*verify/);
  });

  it("fetch --base-url must be an http(s) URL", async () => {
    await expect(fixturesCommand(["fetch", "--to", join(dir, "to"), "--base-url", "ftp://mirror/x"], commandContext())).rejects.toThrow(new UsageError("--base-url expects an http(s) URL, got 'ftp://mirror/x'"));
  });
});
