import { AuthoringError } from "../engine/authoring-check.js";
import { SelectionError } from "../engine/catalog.js";
import { ScenarioDefinitionError } from "../engine/scenario.js";
import { DataRootError } from "../loaders/data-root.js";
import { FixtureError } from "../loaders/load-db.js";
import { PluginError } from "../plugins/load.js";
import { RunFolderRefusedError } from "../run/folder/guard.js";
import { EXIT, UsageError } from "./io.js";

/** Errors that are the user's input or usage, shown as their message with exit 2. */
const INPUT_ERRORS: readonly (abstract new (...args: never[]) => Error)[] = [UsageError, SelectionError, DataRootError, FixtureError, ScenarioDefinitionError, PluginError, RunFolderRefusedError];

/** What a file-system error means and what to do about it, by its code. */
const FS_HINTS: Readonly<Record<string, string>> = {
  ENOSPC: "no space left on the device; free some space or write elsewhere (--out DIR), then retry",
  EDQUOT: "disk quota exceeded; free some space or write elsewhere (--out DIR), then retry",
  EROFS: "the file system is read-only; write elsewhere (--out DIR)",
  ENOTDIR: "a part of the path is a file, not a folder; check the path",
  EACCES: "permission denied; check the permissions, or use another location",
  EPERM: "operation not permitted; check the permissions, or use another location",
  EISDIR: "it is a folder where a file was expected; check the path",
  ELOOP: "too many levels of symbolic links (a link loop?); fix the link",
  ENOENT: "no such file or folder; check the path",
  EMFILE: "too many open files; raise the limit (ulimit -n) or use fewer --workers",
  ENAMETOOLONG: "the path is too long; use a shorter one",
};

const VERBS: Readonly<Record<string, string>> = {
  open: "open",
  read: "read",
  write: "write",
  mkdir: "create the folder",
  rename: "rename",
  rmdir: "remove",
  rm: "remove",
  unlink: "remove",
  scandir: "list the folder",
  stat: "inspect",
  lstat: "inspect",
  copyfile: "copy",
  cp: "copy",
  symlink: "link",
  access: "access",
};

export interface FsError extends Error {
  code: string;
  path?: string;
  dest?: string;
  syscall?: string;
}

export function isFsError(e: unknown): e is FsError {
  return e instanceof Error && typeof (e as FsError).code === "string" && Object.hasOwn(FS_HINTS, (e as FsError).code);
}

/** What went wrong and what to do, without the path: `no such file or folder; check the path (ENOENT)`. */
export function describeFsProblem(e: FsError): string {
  return `${FS_HINTS[e.code] ?? e.code} (${e.code})`;
}

/** One line: which path, what happened, what to do. */
export function describeFsError(e: FsError): string {
  const verb = (e.syscall !== undefined && Object.hasOwn(VERBS, e.syscall) ? VERBS[e.syscall] : e.syscall) ?? "use";
  const target = e.path === undefined ? "a file" : e.dest === undefined ? e.path : `${e.path} -> ${e.dest}`;
  return `cannot ${verb} ${target}: ${FS_HINTS[e.code] ?? e.code} (${e.code})`;
}

/**
 * An error raised after a run folder was partly written: the message says
 * how to finish the run (`resumeCommand`, which carries the run's inputs and
 * its plugins' --domains; plain `evalsim run --resume runDir` when not given),
 * and the exit code is 1.
 */
export class RunStoppedError extends Error {
  readonly resumeCommand: string;
  constructor(
    message: string,
    readonly runDir: string,
    options?: { cause?: unknown; resumeCommand?: string },
  ) {
    super(message, options);
    this.name = "RunStoppedError";
    this.resumeCommand = options?.resumeCommand ?? `evalsim run --resume ${runDir}`;
  }
}

/** How main reports an error that reached it: the text for stderr and the exit code. */
export function reportError(e: unknown, command: string, debug: boolean): { text: string; code: number } {
  const prefix = command === "" ? "evalsim" : `evalsim ${command}`;
  const trace = debug && e instanceof Error && e.stack ? `${e.stack}\n` : "";
  if (e instanceof RunStoppedError) {
    const cause = isFsError(e.cause) ? describeFsError(e.cause) : e.message;
    return { text: `${trace}${prefix}: ${cause}\n  the finished scenarios are kept; continue with: ${e.resumeCommand}\n`, code: EXIT.failed };
  }
  if (e instanceof AuthoringError) return { text: trace + e.lines.map((l) => `${prefix}: ${l}\n`).join(""), code: EXIT.usage };
  if (INPUT_ERRORS.some((k) => e instanceof k)) return { text: `${trace}${prefix}: ${(e as Error).message}\n`, code: EXIT.usage };
  if (isFsError(e)) return { text: `${trace}${prefix}: ${describeFsError(e)}\n`, code: EXIT.usage };
  const message = e instanceof Error ? e.message : String(e);
  const hint = debug ? "" : " (run again with --debug for the stack trace)";
  return { text: `${trace}${prefix}: internal error: ${message.split("\n")[0]}${hint}\n`, code: EXIT.failed };
}
