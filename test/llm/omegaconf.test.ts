/**
 * `${...}` references resolved as OmegaConf itself resolves them, on NeMo's
 * shipped configs: a differential test against the real library where a
 * python3 with omegaconf is on the machine (Debian's python3-omegaconf).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { InterpolationError, resolveAt } from "../../src/llm/omegaconf.js";
import { PYTHON_DIR } from "../helpers/python.js";

const NEMO = join(resolveDataRoot({ mustContain: "upstream/nemo-1a83139" }), "upstream", "nemo-1a83139");
const SHIPPED = ["server_configs", "llm_configs"].flatMap((d) => readdirSync(join(NEMO, d)).map((f) => join(NEMO, d, f)));

/** Within the bounds (omegaconf-bounds.test.ts): a chain of 60 references, nodes shared by many references, references in text. */
function boundedFile(): string {
  const chain = Array.from({ length: 60 }, (_, i) => `  c${i}: "\${c.c${i + 1}}"`).join("\n");
  const levels = [1, 2, 3].map((i) => `  l${i}: ["\${s.l${i - 1}}", "\${s.l${i - 1}}", "\${s.t${i - 1}}"]\n  t${i}: "\${s.t${i - 1}}-\${s.t${i - 1}}-\${s.l0.a}"`).join("\n");
  const text = `llm:\n  type: vllm\n  model: "\${c.c0}"\n  extra: ["\${s.l3}", "\${s.t3}", "\${c.c5}"]\nc:\n${chain}\n  c60: 0.5\ns:\n  l0: {a: 1, b: [true, null]}\n  t0: "x"\n${levels}\n`;
  const file = join(mkdtempSync(join(tmpdir(), "evalsim-omegaconf-")), "bounded.yaml");
  writeFileSync(file, text);
  return file;
}
const FILES = [...SHIPPED, boundedFile()];

const python = ["python3", "/usr/bin/python3"].find((p) => spawnSync(p, ["-c", "import omegaconf"]).status === 0);

describe("OmegaConf references", () => {
  it.skipIf(python === undefined)("resolve as OmegaConf resolves them, in all 15 shipped NeMo configs and a file of long chains and shared nodes", () => {
    const res = spawnSync(python ?? "python3", [join(PYTHON_DIR, "omegaconf_resolve.py"), ...FILES], { encoding: "utf8" });
    expect(res.status, res.stderr).toBe(0);
    const expected = res.stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown);
    expect(expected).toHaveLength(16);
    FILES.forEach((f, i) => {
      const data = parse(readFileSync(f, "utf8")) as Record<string, unknown>;
      const root = "llm" in data ? data : { llm: data };
      expect({ llm: resolveAt(root, "llm"), tts: resolveAt(root, "tts") ?? null }, f).toEqual(expected[i]);
    });
  });

  it("a whole-value reference keeps the type; inside text it is Python's str()", () => {
    const root = { a: { t: 0.5, on: true, n: null, i: 3, list: [1, 2] }, b: { x: "${a.t}", y: "${a.on}", z: "t=${a.t} on=${a.on} n=${a.n} i=${a.i}", l: "${a.list}", e: "\\${a.t}", idx: "${a.list[1]}" } };
    expect(resolveAt(root, "b")).toEqual({ x: 0.5, y: true, z: "t=0.5 on=True n=None i=3", l: [1, 2], e: "${a.t}", idx: 2 });
  });

  it("chains of references resolve; loops, missing keys, resolvers and relative references are errors at their key", () => {
    expect(resolveAt({ a: "${b}", b: "${c}", c: 7 }, "a")).toBe(7);
    const err = (root: unknown, path: string): InterpolationError => {
      try {
        resolveAt(root, path);
      } catch (e) {
        if (e instanceof InterpolationError) return e;
      }
      throw new Error("expected an InterpolationError");
    };
    expect(err({ a: { b: "${a}" } }, "a").message).toContain("loops back");
    expect(err({ a: { b: "${nope.x}" } }, "a").path).toBe("a.b");
    expect(err({ a: "${oc.env:HOME}" }, "a").message).toContain("resolvers are not supported");
    expect(err({ a: { b: "${.c}", c: 1 } }, "a").message).toContain("only absolute references");
  });
});
