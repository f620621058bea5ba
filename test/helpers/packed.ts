/**
 * evalsim packed as users get it (`npm pack`, which builds), once per change
 * of the sources: the tarball is cached under the temp dir by a key of the
 * packed inputs, and test files that need it share it (a lock directory
 * makes the others wait while one builds).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PROJECT_ROOT } from "../../src/loaders/data-root.js";

const INPUTS = ["src", "bin", "scripts", "data", "docs", "examples", "python", "LICENSE", "README.md", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];

function walk(path: string, out: string[]): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name), out);
  else out.push(`${relative(PROJECT_ROOT, path)} ${st.size} ${st.mtimeMs}`);
}

function inputsKey(): string {
  const lines: string[] = [];
  for (const p of INPUTS) walk(join(PROJECT_ROOT, p), lines);
  return createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
}

const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The path of the packed tarball (built on first use). */
export function packedTarball(): string {
  const dir = join(tmpdir(), `evalsim-pack-${inputsKey()}`);
  const done = join(dir, "done");
  const lock = `${dir}.lock`;
  for (let waited = 0; !existsSync(done); waited += 500) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 600_000) throw new Error(`gave up waiting for ${lock}`);
      sleep(500);
      continue;
    }
    try {
      mkdirSync(dir, { recursive: true });
      execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: PROJECT_ROOT, stdio: ["ignore", "ignore", "pipe"] });
      writeFileSync(done, "");
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const tgz = readdirSync(dir).find((n) => n.endsWith(".tgz"));
  if (!tgz) throw new Error(`no tarball in ${dir}`);
  return join(dir, tgz);
}

/** A new project outside the repository with the tarball installed. */
export function installedProject(): string {
  const project = mkdtempSync(join(tmpdir(), "evalsim-user-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "evalsim-user", private: true, type: "module" }));
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--silent", packedTarball()], { cwd: project, stdio: ["ignore", "ignore", "pipe"] });
  return project;
}
