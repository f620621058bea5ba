/** The data checks' file helpers: paths as findings show them, and reads that report instead of throwing. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { displayPath, readBytesOrReport, readJsonOrReport, reporter } from "../../../src/engine/data-checks/findings.js";
import { PROJECT_ROOT } from "../../../src/loaders/data-root.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-findings-"));

describe("displayPath", () => {
  it("is relative to the data root, else to the project, else absolute", () => {
    expect(displayPath({ dataRoot: dir }, join(dir, "tau2_retail", "db.json"))).toBe("tau2_retail/db.json");
    expect(displayPath({ dataRoot: dir }, join(PROJECT_ROOT, "data", "provenance.json"))).toBe("data/provenance.json");
    expect(displayPath({ dataRoot: dir }, "/elsewhere/x.json")).toBe("/elsewhere/x.json");
    expect(displayPath({ dataRoot: dir }, dir)).toBe(dir);
  });
});

describe("reporter and the reads", () => {
  it("fills in the check name and shows the file's display path", () => {
    const { findings, add } = reporter("layout", { dataRoot: dir });
    expect(readJsonOrReport(join(dir, "missing.json"), add)).toBeUndefined();
    expect(readBytesOrReport(join(dir, "missing.bin"), add)).toBeUndefined();
    expect(findings).toEqual([
      { check: "layout", severity: "error", file: "missing.json", message: "file not found" },
      { check: "layout", severity: "error", file: "missing.bin", message: "file not found" },
    ]);
  });

  it("reads a good file, and reports a file that is not JSON", () => {
    writeFileSync(join(dir, "good.json"), '{"a": NaN}');
    writeFileSync(join(dir, "bad.json"), '{"a": ');
    const { findings, add } = reporter("layout", { dataRoot: dir });
    expect(readJsonOrReport(join(dir, "good.json"), add)).toEqual({ a: NaN });
    expect(readBytesOrReport(join(dir, "good.json"), add)?.toString()).toBe('{"a": NaN}');
    expect(readJsonOrReport(join(dir, "bad.json"), add)).toBeUndefined();
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ check: "layout", severity: "error", file: "bad.json" });
  });
});
