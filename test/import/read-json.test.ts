import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pySpelledJsonText } from "../../src/python/spelled-json-text.js";
import { readSourceJson } from "../../src/import/read-json.js";
import { ImportError } from "../../src/import/types.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-read-json-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readSourceJson", () => {
  it("keeps key order and a float's spelling as Python wrote them", () => {
    const file = join(dir, "metrics.json");
    writeFileSync(file, '{"z": 1.0, "a": [2, 3.5], "m": {"k": null}}');
    expect(pySpelledJsonText(readSourceJson(file))).toBe('{"z":1.0,"a":[2,3.5],"m":{"k":null}}');
  });

  it("makes a bad or missing file an ImportError that names it", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"a": ');
    expect(() => readSourceJson(bad)).toThrow(ImportError);
    expect(() => readSourceJson(bad)).toThrow(bad);
    const missing = join(dir, "missing.json");
    expect(() => readSourceJson(missing)).toThrow(ImportError);
    expect(() => readSourceJson(missing)).toThrow(missing);
  });
});
