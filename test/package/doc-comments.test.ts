/**
 * Every export of the package (src/index.ts) carries a doc comment, which the
 * API reference (`npm run docs`, TypeDoc) is generated from. Read with the
 * TypeScript compiler API, following each re-export to its declaration.
 */
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Re-exported from a dependency and documented there (zod's `z`). */
const THIRD_PARTY = new Set(["z"]);

const root = fileURLToPath(new URL("../../", import.meta.url));

function exportsAndDocs(): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram([`${root}src/index.ts`], { ...(config?.options ?? {}), noEmit: true });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(`${root}src/index.ts`);
  const mod = file ? checker.getSymbolAtLocation(file) : undefined;
  if (!mod) throw new Error("src/index.ts has no module symbol");
  const out = new Map<string, string>();
  for (const e of checker.getExportsOfModule(mod)) {
    const s = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
    out.set(e.name, ts.displayPartsToString(s.getDocumentationComment(checker)).trim());
  }
  return out;
}

describe("the public API's doc comments", () => {
  const docs = exportsAndDocs();

  it("every export has a doc comment", () => {
    const missing = [...docs].filter(([name, doc]) => doc === "" && !THIRD_PARTY.has(name)).map(([name]) => name);
    expect(missing).toEqual([]);
    expect(docs.size).toBeGreaterThan(100);
  });
});
