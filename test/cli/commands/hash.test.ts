import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";
import { runPython } from "../../helpers/python.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-hash-"));
const write = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

describe("evalsim hash", () => {
  it("prints sha256sum-style lines that equal Python's canonical hash", async () => {
    const docs = ['{"b": 1.0, "a": "None", "session": {"x": 1}}', '{"bookings": [3, 1, 2], "k\\u00e9": [1e-05, 12345678901234567890]}'];
    const files = docs.map((d, i) => write(`d${i}.json`, d));
    const r = await runCli(["hash", ...files]);
    expect(r.code).toBe(0);
    const py = runPython("canonical_hash.py", docs.join("\n") + "\n");
    expect(r.stdout).toBe(files.map((f, i) => `${py[i]}  ${f}\n`).join(""));
  });

  it("reads stdin for '-' and rejects bad JSON with exit code 2", async () => {
    const r = await runCli(["hash", "-"], { stdin: '{"a": 1}' });
    expect(r.stdout).toMatch(/^[0-9a-f]{64} {2}-\n$/);
    const bad = await runCli(["hash", write("bad.json", "{")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("bad.json");
  });
});
