/** The one input reader: regular files only, a cap per kind, strict UTF-8, errors naming the path. */
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INPUT_CAPS, inputCap, MAX_INPUT_ENV, readInputJson, readInputText } from "../../src/loaders/input-file.js";
import { tempDir } from "../helpers/temp-data.js";

const dir = tempDir("evalsim-input-file-");
const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return "no error";
};

describe("readInputText", () => {
  it("reads a regular file", () => {
    const f = join(dir, "ok.json");
    writeFileSync(f, '{"a": 1.0}');
    expect(readInputText(f, "json")).toBe('{"a": 1.0}');
    expect(readInputJson(f)).toEqual({ a: 1 });
  });

  it("refuses a device without reading it (/dev/zero never ends)", () => {
    expect(message(() => readInputText("/dev/zero", "config"))).toBe("/dev/zero: not a regular file (a device); give the path of a plain file");
  });

  it("names a symlink loop as such, not as a missing file", () => {
    const a = join(dir, "loop-a");
    const b = join(dir, "loop-b");
    symlinkSync(b, a);
    symlinkSync(a, b);
    expect(message(() => readInputText(a, "json"))).toBe(`${a}: cannot read the file (ELOOP): too many levels of symbolic links: a link loop`);
  });

  it("refuses a file over its kind's cap before reading it; the environment raises the cap", () => {
    expect(inputCap("config", {})).toBe(INPUT_CAPS.config);
    expect(inputCap("config", { [MAX_INPUT_ENV]: "64" })).toBe(64 * 1024 * 1024);
    expect(inputCap("json", { [MAX_INPUT_ENV]: "1" })).toBe(INPUT_CAPS.json);
    expect(inputCap("json", { [MAX_INPUT_ENV]: "nonsense" })).toBe(INPUT_CAPS.json);
  });

  it("refuses invalid UTF-8 and too-deep JSON with the path", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, Buffer.from([0x22, 0xff, 0x22]));
    expect(message(() => readInputText(bad, "json"))).toBe(`${bad}: expected UTF-8 text, found invalid bytes`);
    const deep = join(dir, "deep.json");
    writeFileSync(deep, `${"[".repeat(600)}${"]".repeat(600)}`);
    expect(message(() => readInputJson(deep))).toMatch(new RegExp(`^${deep}: invalid JSON: nesting deeper than 512 levels`));
  });
});
