import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/io.js";
import { readInputFile } from "../../src/cli/read-input.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-read-input-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readInputFile", () => {
  it("returns a regular file's text", () => {
    const file = join(dir, "a.json");
    writeFileSync(file, '{"a": 1}');
    expect(readInputFile(file)).toBe('{"a": 1}');
  });

  it("refuses a folder in one line naming it, with the option as label", () => {
    const folder = join(dir, "sub");
    mkdirSync(folder);
    expect(() => readInputFile(folder, "--verify-against")).toThrow(new UsageError(`--verify-against ${folder}: is a folder, not a file; give the path of a file`));
  });

  it("says what a missing file means", () => {
    const missing = join(dir, "missing.json");
    expect(() => readInputFile(missing)).toThrow(new UsageError(`${missing}: no such file or folder; check the path (ENOENT)`));
  });

  it("refuses something that is not a regular file", () => {
    expect(() => readInputFile("/dev/null")).toThrow(new UsageError("/dev/null: is not a regular file (a named pipe, socket or device); give the path of a file"));
  });

  it("refuses a file over the cap of a document before reading any of it", () => {
    const huge = join(dir, "huge.json");
    writeFileSync(huge, "");
    // A sparse file: its size is 257 MiB, but nothing is written to the disk.
    truncateSync(huge, 257 * 1024 * 1024);
    expect(() => readInputFile(huge)).toThrow(
      new UsageError(`${huge}: the file is larger than the 256 MiB this kind of input may hold (269484032 bytes); --max-input-mb N raises the cap`),
    );
  });
});
