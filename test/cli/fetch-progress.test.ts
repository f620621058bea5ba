import { describe, expect, it } from "vitest";
import { failureSummary, fetchPlan, nothingReachable } from "../../src/cli/fetch-progress.js";

const entry = (path: string, size: number) => ({ path, size, sha256: "0".repeat(64), source: `https://example.org/${path}` });
const failure = (path: string) => ({ path, url: `https://example.org/${path}`, reason: "HTTP 404" });

describe("fetchPlan", () => {
  it("counts the files and megabytes and says where they go", () => {
    expect(fetchPlan({ files: [entry("a.json", 1_500_000), entry("b.json", 250_000)] }, "/data")).toBe(
      "2 files, 1.8 MB, into /data; each is checked against the manifest's size and SHA-256 before it is written",
    );
  });
});

describe("after a fetch", () => {
  it("nothing was reachable only when every file failed", () => {
    expect(nothingReachable({ fetched: [], kept: [], failed: [failure("a")], failed_optional: [] })).toBe(true);
    expect(nothingReachable({ fetched: [], kept: ["b"], failed: [failure("a")], failed_optional: [] })).toBe(false);
    expect(nothingReachable({ fetched: [], kept: [], failed: [], failed_optional: [] })).toBe(false);
  });

  it("the summary names the first failure", () => {
    expect(failureSummary({ fetched: ["c"], kept: ["b"], failed: [failure("a"), failure("d")], failed_optional: [] })).toBe(
      "2 of 4 files could not be downloaded (first: https://example.org/a: HTTP 404)",
    );
  });
});
