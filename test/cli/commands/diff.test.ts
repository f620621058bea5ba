import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-diff-"));
const write = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe("evalsim diff", () => {
  it("exits 0 on equal hashes and 1 with a structured diff otherwise", async () => {
    const a = write("a.json", '{"users": {"u1": {"name": "A", "n": 1}}, "session": 1}');
    const b = write("b.json", '{"users": {"u1": {"name": "A", "n": 1.0}}}');
    const c = write("c.json", '{"users": {"u1": {"name": "B", "n": 1}}}');
    expect((await runCli(["diff", a, b])).code).toBe(0);
    const r = await runCli(["diff", a, c, "--json"]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { match: boolean; diff: { tables_modified: Record<string, unknown> } };
    expect(out.match).toBe(false);
    expect(out.diff.tables_modified["users"]).toEqual({
      records_added: [],
      records_removed: [],
      records_modified: { u1: { fields_added: [], fields_removed: [], fields_modified: { name: { type: "value_mismatch", expected: "A", actual: "B" } } } },
    });
  });

  it("needs two files", async () => {
    expect((await runCli(["diff", "x"])).code).toBe(2);
  });
});
