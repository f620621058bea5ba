/**
 * File-system errors reach the user as one line naming the path and what to
 * do (exit 2), never as a stack trace unless --debug asks for one.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reportError, RunStoppedError } from "../../src/cli/errors.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/temp-data.js";

const dir = tempDir("evalsim-fs-");

function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

describe("file-system errors from the CLI", () => {
  it("ENOTDIR: --out under a file", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "x");
    const r = await runCli(["run", "--scenarios", "tau2_retail__0", "--workers", "1", "--out", join(file, "sub")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^evalsim run: cannot create the folder ${file}/sub\\S*: a part of the path is a file, not a folder; check the path \\(ENOTDIR\\)\\n$`));
  });

  it("ELOOP: --out through a symbolic link loop", async () => {
    const loop = join(dir, "loop");
    symlinkSync(loop, loop);
    const r = await runCli(["run", "--scenarios", "tau2_retail__0", "--workers", "1", "--out", join(loop, "sub")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^evalsim run: cannot create the folder ${loop}/sub\\S*: too many levels of symbolic links \\(a link loop\\?\\); fix the link \\(ELOOP\\)\\n$`));
  });

  it("EISDIR: a folder where a file is to be written", async () => {
    const folder = join(dir, "a-folder");
    mkdirSync(folder);
    const calls = join(dir, "calls.json");
    writeFileSync(calls, "[]");
    const r = await runCli(["replay", "--scenario", "tau2_retail__0", "--calls", calls, "--dump-db", folder]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^evalsim replay: cannot rename \\S+ -> ${folder}: it is a folder where a file was expected; check the path \\(EISDIR\\)\\n$`));
  });
});

describe("reportError", () => {
  it.each([
    ["ENOSPC", "write", "/out/x.json", "cannot write /out/x.json: no space left on the device; free some space or write elsewhere (--out DIR), then retry (ENOSPC)"],
    ["EROFS", "mkdir", "/ro/out", "cannot create the folder /ro/out: the file system is read-only; write elsewhere (--out DIR) (EROFS)"],
    ["EACCES", "open", "/data/db.json", "cannot open /data/db.json: permission denied; check the permissions, or use another location (EACCES)"],
  ])("%s is one line naming the path, exit 2, no stack", (code, syscall, path, line) => {
    const r = reportError(fsError(code, syscall, path), "validate-fixtures", false);
    expect(r).toEqual({ text: `evalsim validate-fixtures: ${line}\n`, code: 2 });
  });

  it("a run stopped midway gives the resume command, exit 1", () => {
    const e = new RunStoppedError("stopped", "/runs/eval_1", { cause: fsError("ENOSPC", "write", "/runs/eval_1/x/metrics.json") });
    expect(reportError(e, "run", false)).toEqual({
      text: "evalsim run: cannot write /runs/eval_1/x/metrics.json: no space left on the device; free some space or write elsewhere (--out DIR), then retry (ENOSPC)\n  the finished scenarios are kept; continue with: evalsim run --resume /runs/eval_1\n",
      code: 1,
    });
  });

  it("an unexpected error is one line without --debug and shows its stack with it", () => {
    const e = new TypeError("x is not a function");
    expect(reportError(e, "gold", false)).toEqual({ text: "evalsim gold: internal error: x is not a function (run again with --debug for the stack trace)\n", code: 1 });
    const debug = reportError(e, "gold", true);
    expect(debug.text.startsWith(`${e.stack ?? "?"}\n`)).toBe(true);
  });
});
