/** Small file helpers shared by the checks. */
import { readFileSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import type { JsonValue } from "../../json/types.js";
import { PROJECT_ROOT } from "../../loaders/data-root.js";
import { isFile } from "../../loaders/files.js";
import { FixtureError, readJsonFile } from "../../loaders/load-db.js";
import type { CheckName, Finding, ValidationContext } from "./types.js";

function under(root: string, p: string): string | undefined {
  const rel = relative(root, p);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : undefined;
}

/** A path as findings show it: relative to the data root, else to the project, else absolute. */
export function displayPath(ctx: Pick<ValidationContext, "dataRoot">, abs: string): string {
  return under(ctx.dataRoot, abs) ?? under(PROJECT_ROOT, abs) ?? abs;
}

/** Builds findings for one check, filling in the check name. */
export function reporter(check: CheckName, ctx: Pick<ValidationContext, "dataRoot">) {
  const out: Finding[] = [];
  const add = (f: Omit<Finding, "check" | "file"> & { readonly file: string }): void => {
    out.push({ check, ...f, file: displayPath(ctx, f.file) });
  };
  return { findings: out, add };
}

export type AddFinding = ReturnType<typeof reporter>["add"];

/** Parse a JSON file; a missing or unparsable file becomes an error finding and `undefined`. */
export function readJsonOrReport(file: string, add: AddFinding): JsonValue | undefined {
  if (!isFile(file)) {
    add({ severity: "error", file, message: "file not found" });
    return undefined;
  }
  try {
    return readJsonFile(file);
  } catch (e) {
    if (!(e instanceof FixtureError)) throw e;
    add({ severity: "error", file, message: e.detail, ...(e.jsonPath ? { path: e.jsonPath } : {}) });
    return undefined;
  }
}

export function readBytesOrReport(file: string, add: AddFinding): Buffer | undefined {
  if (!isFile(file)) {
    add({ severity: "error", file, message: "file not found" });
    return undefined;
  }
  return readFileSync(file);
}
