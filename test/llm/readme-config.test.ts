import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, loadLlmConfig } from "../../src/llm/config.js";

const readme = readFileSync(new URL("../../docs/models.md", import.meta.url), "utf8");
const landing = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = (title: string): string => {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, title).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
};

describe("docs/models.md: Run your model", () => {
  const text = section("Run your model");

  it("its example configs are valid", () => {
    const blocks = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
    expect(blocks.length).toBe(3);
    const dir = mkdtempSync(join(tmpdir(), "evalsim-readme-"));
    blocks.forEach((yaml, i) => {
      const path = join(dir, `c${i}.yaml`);
      writeFileSync(path, yaml);
      expect(() => loadLlmConfig(path)).not.toThrow();
    });
  });

  it("the config reference lists every key, and no other", () => {
    const rows = [...text.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect([...rows].sort()).toEqual([...CONFIG_KEYS].sort());
  });

  it("the README's short form of the agent config is valid", () => {
    const start = landing.indexOf("\n## Run your model\n");
    expect(start).toBeGreaterThan(-1);
    const blocks = [...landing.slice(start, landing.indexOf("\n## ", start + 1)).matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
    expect(blocks).toHaveLength(1);
    const path = join(mkdtempSync(join(tmpdir(), "evalsim-readme-")), "agent.yaml");
    writeFileSync(path, blocks[0] ?? "");
    expect(() => loadLlmConfig(path)).not.toThrow();
  });
});
