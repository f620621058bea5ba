/** readDbOrReport: a DB artifact for a check, or an error finding instead of an exception. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reporter } from "../../../src/engine/data-checks/findings.js";
import { readDbOrReport } from "../../../src/engine/data-checks/read-db.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-read-db-"));
writeFileSync(join(dir, "single.json"), '{"users": {}}');
mkdirSync(join(dir, "sharded"));
writeFileSync(join(dir, "sharded", "b.json"), "[1]");
writeFileSync(join(dir, "sharded", "a.json"), "{}");
writeFileSync(join(dir, "broken.json"), '{"users": ');

describe("readDbOrReport", () => {
  it("reads the single-file and the sharded form without a finding", () => {
    const { findings, add } = reporter("db", { dataRoot: dir });
    expect(readDbOrReport(join(dir, "single"), add)?.db).toEqual({ users: {} });
    const sharded = readDbOrReport(join(dir, "sharded"), add);
    expect(sharded?.db).toEqual({ a: {}, b: [1] });
    expect(Object.keys(sharded?.db ?? {})).toEqual(["a", "b"]);
    expect(findings).toEqual([]);
  });

  it("reports a missing or unparsable artifact as an error finding on its file", () => {
    const { findings, add } = reporter("db", { dataRoot: dir });
    expect(readDbOrReport(join(dir, "absent"), add)).toBeUndefined();
    expect(readDbOrReport(join(dir, "broken"), add)).toBeUndefined();
    expect(findings.map((f) => [f.check, f.severity, f.file])).toEqual([
      ["db", "error", "absent.json"],
      ["db", "error", "broken.json"],
    ]);
    expect(findings[0]?.message).toBe(`no DB artifact at ${join(dir, "absent.json")} or ${join(dir, "absent")}/ (tried single-file and sharded forms)`);
  });
});
