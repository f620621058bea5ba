/**
 * A NeMo config is outside input: its `${...}` references are resolved once
 * each, within bounds, without recursion, and its duplicate-key check is
 * linear. A file whose references multiply (ten levels of ten copies), a
 * reference chain 10,000 long, and 50,000 keys used to take minutes and
 * gigabytes, end in "Maximum call stack size exceeded", and take 17 s; each
 * is now one error naming the key (or a quick answer), and what is within
 * the bounds still resolves as OmegaConf resolves it (omegaconf.test.ts).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { LlmConfigError, loadLlmConfig } from "../../src/llm/config.js";
import { MAX_REFERENCE_DEPTH } from "../../src/llm/omegaconf.js";
import { duplicateKey } from "../../src/loaders/yaml-unique-keys.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-omegaconf-bounds-"));
let n = 0;
const file = (text: string): string => {
  const path = join(dir, `c${n++}.yaml`);
  writeFileSync(path, text);
  return path;
};
const HEAD = "llm:\n  type: vllm\n  base_url: http://localhost:8000/v1\n";
const errorOf = (path: string): LlmConfigError => {
  try {
    loadLlmConfig(path);
  } catch (e) {
    if (e instanceof LlmConfigError) return e;
    throw e;
  }
  throw new Error("expected an LlmConfigError");
};

/** Ten levels, each ten copies of the one below: 10^10 characters in full (the billion laughs, in references). */
function laughs(inText: boolean): string {
  const lines = ['  l0: "xxxxxxxxxx"'];
  for (let i = 1; i <= 9; i++) {
    const ref = `\${l.l${i - 1}}`;
    lines.push(inText ? `  l${i}: "${ref.repeat(10)}"` : `  l${i}: [${Array.from({ length: 10 }, () => `"${ref}"`).join(", ")}]`);
  }
  return `${HEAD}  model: m\n  vllm_generation_params:\n    extra:\n      extra_body:\n        x: "\${l.l9}"\nl:\n${lines.join("\n")}\n`;
}

const chain = (length: number): string => `${HEAD}  model: "\${c.c0}"\nc:\n${Array.from({ length }, (_, i) => `  c${i}: "\${c.c${i + 1}}"`).join("\n")}\n  c${length}: served-model\n`;

describe("NeMo config references within bounds", () => {
  it("references that multiply past the size cap are one error naming the key where they do", () => {
    // As text, l6 is the first level past the cap (10^7 characters); as lists, l5's last element takes it past (one per value).
    for (const [inText, key] of [[true, "l.l6"], [false, "l.l5[9]"]] as const) {
      const e = errorOf(file(laughs(inText)));
      expect(e.message).toContain("the references expand past 1,000,000 characters");
      expect(e.field).toBe(key);
    }
  });

  it(`a chain of 10,000 references is one error naming the key (nested more than ${MAX_REFERENCE_DEPTH} deep), not a stack overflow`, () => {
    const e = errorOf(file(chain(10_000)));
    // The key whose reference goes one too deep; the message shows where the chain began.
    expect(e.field).toBe(`c.c${MAX_REFERENCE_DEPTH - 1}`);
    expect(e.message).toContain(`references nest more than ${MAX_REFERENCE_DEPTH} deep (llm -> c.c0 -> ... -> c.c${MAX_REFERENCE_DEPTH})`);
    expect(loadLlmConfig(file(chain(MAX_REFERENCE_DEPTH - 1))).model).toBe("served-model");
  });
});

describe("YAML duplicate keys", () => {
  it("50,000 keys are checked in linear time, the repeat named by line", () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: ${i}`).join("\n");
    const started = performance.now();
    const e = errorOf(file(`base_url: http://x\nmodel: m\n${keys}\nk7: again\n`));
    expect(e.message).toContain("invalid YAML: Map keys must be unique at line 50003, column 1");
    // The quadratic check took 17.5 s on a quiet machine; parsing takes about 1 s (5 on a busy one).
    expect(performance.now() - started).toBeLessThan(12_000);
  }, 30_000);

  it("finds the same repeats as the yaml package's own check", () => {
    const docs = ["a: 1\nb: 2\na: 3\n", "1: a\n1.0: b\n", '"1": a\n1: b\n', "~: a\nnull: b\n", ".nan: a\n.nan: b\n", "x: {a: 1, a: 2}\n", "- {q: 1}\n- {q: 2}\n", "a:\n  b: 1\n  c: {b: 2}\n", "true: 1\nTrue: 2\n", "[a]: 1\n[a]: 2\n"];
    for (const text of docs) {
      const theirs = parseDocument(text, { uniqueKeys: true }).errors.some((e) => e.code === "DUPLICATE_KEY");
      const ours = duplicateKey(parseDocument(text, { uniqueKeys: false }), text) !== undefined;
      expect(ours, text).toBe(theirs);
    }
  });
});
