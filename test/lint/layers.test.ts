import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layer rule of eslint.config.js, read through ESLint itself: a scratch file written at a path of src/ is linted
// with the project's own config. Type-aware rules are switched off (typescript-eslint's disableTypeChecked), since a
// scratch file is in no TypeScript project; the layer rule needs no types.
const root = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: tseslint.configs.disableTypeChecked,
    ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports",
  });
});

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  expect(result?.fatalErrorCount, `${file} did not parse`).toBe(0);
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("an import that goes up the layers fails lint", () => {
  it("engine importing run", async () => {
    const errors = await layerErrors("src/engine/scratch.ts", 'import { runFile } from "../run/layout.js";\nexport const x = runFile;\n');
    expect(errors).toEqual([
      "no-restricted-imports: '../run/layout.js' import is restricted from being used by a pattern. " +
        "src/engine is on layer 3 of 8 and imports only json, python, hash, loaders, llm (docs/architecture.md).",
    ]);
  });

  it("from a subfolder, counting its ../", async () => {
    expect(await layerErrors("src/engine/conversation/scratch.ts", 'import { main } from "../../cli/main.js";\nexport { main };\n')).toHaveLength(1);
    expect(await layerErrors("src/domains/tau2_telecom/tools/scratch.ts", 'import { x } from "../../../run/layout.js";\nexport { x };\n')).toHaveLength(1);
  });

  it("type-only imports and re-exports count too", async () => {
    expect(await layerErrors("src/llm/scratch.ts", 'import type { Domain } from "../engine/domain.js";\nexport type D = Domain;\n')).toHaveLength(1);
    expect(await layerErrors("src/loaders/scratch.ts", 'export { runConversation } from "../engine/conversation/conversation.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/run/scratch.ts", 'export * from "../results/reasons.js";\n')).toHaveLength(1);
  });

  it("within a layer, a folder listed later is above", async () => {
    expect(await layerErrors("src/json/scratch.ts", 'export * from "../python/num.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/loaders/scratch.ts", 'export * from "../llm/client.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/scoring/scratch.ts", 'export * from "../replay/calls-file.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/domains/scratch.ts", 'export * from "../plugins/load.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/domains/tau2_airline/scratch.ts", 'export * from "../../replay/calls-file.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/compare/scratch.ts", 'export * from "../report/build.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/results/scratch.ts", 'export * from "../import/nemo.js";\n')).toHaveLength(1);
  });

  it("src/hash sits above json and python and below loaders", async () => {
    expect(await layerErrors("src/hash/scratch.ts", 'export * from "../json/types.js";\nexport * from "../python/num.js";\n')).toEqual([]);
    expect(await layerErrors("src/hash/scratch.ts", 'export * from "../loaders/files.js";\n')).toHaveLength(1);
    expect(await layerErrors("src/python/scratch.ts", 'export * from "../hash/index.js";\n')).toHaveLength(1);
  });

  it("nothing in src/ imports the public API", async () => {
    expect(await layerErrors("src/cli/scratch.ts", 'export * from "../index.js";\n')).toHaveLength(1);
  });
});

describe("imports the map allows pass", () => {
  it("downward, sideways to a folder listed earlier, and inside the folder", async () => {
    const allowed: [string, string][] = [
      ["src/cli/commands/scratch.ts", "../../run/layout.js"],
      ["src/report/scratch.ts", "../compare/compare.js"],
      ["src/replay/scratch.ts", "../scoring/signals.js"],
      ["src/fuzz/scratch.ts", "../replay/replay-calls.js"],
      ["src/plugins/scratch.ts", "../domains/index.js"],
      ["src/llm/scratch.ts", "../loaders/input-file.js"],
      ["src/engine/conversation/scratch.ts", "../../json/types.js"],
      ["src/engine/conversation/scratch.ts", "../bots/llm-bot.js"],
      ["src/engine/conversation/scratch.ts", "./conversation.js"],
      ["src/index.ts", "./cli/main.js"],
    ];
    for (const [file, from] of allowed) expect(await layerErrors(file, `export * from "${from}";\n`), `${file} -> ${from}`).toEqual([]);
  });
});

describe("every module of src/ is on the map", () => {
  it("each file but src/index.ts gets a layer rule", async () => {
    const files = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const unplaced: string[] = [];
    for (const file of files) {
      if (file === "index.ts") continue;
      const config = (await eslint.calculateConfigForFile(join(root, "src", file))) as { rules?: Record<string, unknown> };
      if (config.rules?.["no-restricted-imports"] === undefined) unplaced.push(relative(root, join(root, "src", file)));
    }
    expect(files.length).toBeGreaterThan(300);
    expect(unplaced).toEqual([]);
  });
});
