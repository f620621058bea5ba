import { describe, expect, it } from "vitest";
import { describeFsError, describeFsProblem, isFsError, reportError, RunStoppedError, type FsError } from "../../src/cli/errors.js";
import { UsageError } from "../../src/cli/io.js";

const fsError = (code: string, fields: Partial<FsError> = {}): FsError => Object.assign(new Error(`${code}: raw text`), { code, ...fields });

describe("file-system errors", () => {
  it("are recognised by a code evalsim knows how to explain", () => {
    expect(isFsError(fsError("ENOSPC"))).toBe(true);
    expect(isFsError(fsError("ECONNRESET"))).toBe(false);
    expect(isFsError({ code: "ENOENT" })).toBe(false);
  });

  it("read as one line: what was done to which path, what it means, what to do", () => {
    expect(describeFsProblem(fsError("EROFS"))).toBe("the file system is read-only; write elsewhere (--out DIR) (EROFS)");
    expect(describeFsError(fsError("EACCES", { syscall: "mkdir", path: "/out/x" }))).toBe(
      "cannot create the folder /out/x: permission denied; check the permissions, or use another location (EACCES)",
    );
    expect(describeFsError(fsError("ENOENT", { syscall: "rename", path: "a", dest: "b" }))).toBe("cannot rename a -> b: no such file or folder; check the path (ENOENT)");
    expect(describeFsError(fsError("ELOOP"))).toBe("cannot use a file: too many levels of symbolic links (a link loop?); fix the link (ELOOP)");
  });
});

describe("reportError", () => {
  it("shows a usage error as its message, exit 2", () => {
    expect(reportError(new UsageError("--trials needs a value"), "run", false)).toEqual({ text: "evalsim run: --trials needs a value\n", code: 2 });
  });

  it("shows a file-system error as its one line, exit 2", () => {
    expect(reportError(fsError("ENOSPC", { syscall: "write", path: "/o/f" }), "", false)).toEqual({
      text: "evalsim: cannot write /o/f: no space left on the device; free some space or write elsewhere (--out DIR), then retry (ENOSPC)\n",
      code: 2,
    });
  });

  it("says how to finish a stopped run, exit 1", () => {
    const stopped = new RunStoppedError("stopped", "/runs/r1", { cause: fsError("ENOSPC", { syscall: "open", path: "/runs/r1/x" }) });
    expect(stopped.resumeCommand).toBe("evalsim run --resume /runs/r1");
    expect(reportError(stopped, "run", false)).toEqual({
      text:
        "evalsim run: cannot open /runs/r1/x: no space left on the device; free some space or write elsewhere (--out DIR), then retry (ENOSPC)\n" +
        "  the finished scenarios are kept; continue with: evalsim run --resume /runs/r1\n",
      code: 1,
    });
    expect(new RunStoppedError("m", "/r", { resumeCommand: "evalsim run --resume /r --domains ./d.js" }).resumeCommand).toBe("evalsim run --resume /r --domains ./d.js");
  });

  it("calls anything else an internal error, with the stack only under --debug", () => {
    expect(reportError(new TypeError("x is undefined\nmore"), "gold", false)).toEqual({
      text: "evalsim gold: internal error: x is undefined (run again with --debug for the stack trace)\n",
      code: 1,
    });
    const debug = reportError(new TypeError("boom"), "gold", true);
    expect(debug.text).toMatch(/^TypeError: boom\n\s+at /);
    expect(debug.text.endsWith("evalsim gold: internal error: boom\n")).toBe(true);
  });
});
