import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { verifyCassetteDir } from "../../src/llm/cassette-verify.js";

// Key and digest from Python (see cassette-entry.test.ts): sha256 of the sorted compact JSON.
const request = { model: "m", messages: [{ role: "user", content: "héllo" }], temperature: 0.5 };
const response = { choices: [{ message: { content: "ok", role: "assistant" } }], id: "r1" };
const KEY = "56f826e7038c6039b86c43a8c0882b5b6e41b5a80209ef0da1797d51e6810350";
const DIGEST = "sha256:1a8dc8b0d9c296c5ac282bfd2ad8638df562761ce2b663d28e8afad5de512be2";
const ENTRY = JSON.stringify({ key: KEY, digest: DIGEST, request, response });

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cassette(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "cassette-verify-"));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe("verifyCassetteDir", () => {
  it("counts a good entry and reports nothing", () => {
    expect(verifyCassetteDir(cassette({ [`56/${KEY}.json`]: ENTRY }))).toEqual({ entries: 1, problems: [] });
  });

  it("skips the temporary file of an interrupted write", () => {
    expect(verifyCassetteDir(cassette({ [`56/${KEY}.json`]: ENTRY, [`56/.${KEY}.json.123-0.tmp`]: "{" }))).toEqual({ entries: 1, problems: [] });
  });

  it("reports misplaced files, bad folders and damaged entries by path, in sorted order", () => {
    const d = cassette({
      "README.txt": "x",
      "zz/a.json": "{}",
      [`00/${KEY}.json`]: ENTRY,
      [`56/notes.json`]: "{}",
      [`56/${KEY}.json`]: ENTRY.slice(0, 40),
    });
    const report = verifyCassetteDir(d);
    expect(report.entries).toBe(1);
    expect(report.problems[1]?.problem).toMatch(/^not valid JSON \(truncated or damaged\): /);
    expect(report.problems.map((p, i) => (i === 1 ? { ...p, problem: "" } : p))).toEqual(
      [
        { path: join(d, "00", `${KEY}.json`), problem: "not a cassette entry (expected <key>.json under the folder of its first two hex digits)" },
        { path: join(d, "56", `${KEY}.json`), problem: "" },
        { path: join(d, "56", "notes.json"), problem: "not a cassette entry (expected <key>.json under the folder of its first two hex digits)" },
        { path: join(d, "README.txt"), problem: "not a cassette entry folder (expected <2 hex digits>/<key>.json)" },
        { path: join(d, "zz"), problem: "not a cassette entry folder (its name is not two hex digits)" },
      ],
    );
  });

  it("reports an entry that is not UTF-8", () => {
    const d = cassette({});
    mkdirSync(join(d, "56"));
    writeFileSync(join(d, "56", `${KEY}.json`), Buffer.from([0x7b, 0xff, 0x7d]));
    expect(verifyCassetteDir(d)).toEqual({ entries: 1, problems: [{ path: join(d, "56", `${KEY}.json`), problem: "expected UTF-8 text, found invalid bytes" }] });
  });
});
