/**
 * Write a new domain package into a folder that does not exist yet (or is
 * empty). The files go into a hidden sibling first and the folder appears by
 * one rename, so an interrupted run leaves no half-written package.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { scaffoldFiles, type ScaffoldOptions } from "./templates.js";

/** A domain package that `evalsim new-domain` cannot write (a bad name, a folder that is not empty). */
export class ScaffoldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScaffoldError";
  }
}

/** Write the package into `dir`; returns the paths written, relative to it, in order. */
export function writeScaffold(dir: string, options: ScaffoldOptions): string[] {
  const target = resolve(dir);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new ScaffoldError(`${dir} exists and is not a folder`);
    if (readdirSync(target).length > 0) throw new ScaffoldError(`${dir} exists and is not empty; choose another --dir`);
  }
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const staging = join(parent, `.${basename(target)}.new-domain-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const files = scaffoldFiles(options);
  try {
    for (const [path, text] of files) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), text);
    }
    // rename(2) replaces an empty folder, and only an empty one.
    renameSync(staging, target);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  return [...files.keys()];
}
