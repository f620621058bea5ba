/**
 * The Markdown holds together: every relative link and `#anchor` resolves, every
 * CLI flag `--help` prints is documented, and every flag the docs name exists
 * (or belongs to another program the text is quoting, listed below).
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/main.js";
import { GLOBAL_OPTIONS } from "../../src/cli/global-options.js";
import { anchorsOf, linksOf, markdownFiles, read, ROOT } from "./markdown.js";

/** Flags of other programs that the docs quote, with whose they are. */
const FOREIGN: Readonly<Record<string, string>> = {
  "--enable-auto-tool-choice": "vllm serve",
  "--tool-call-parser": "vllm serve",
  "--reasoning-parser": "vllm serve",
  "--trust-remote-code": "vllm serve",
  "--import": "node",
  "--cpu-prof": "node",
  "--save-dev": "npm install",
  "--yes": "npx",
  "--for": "kubectl wait",
  "--list-domains": "the NeMo harness's run_evaluation.py",
  "--list": "the NeMo harness's run_evaluation.py",
  "--judge-threshold": "the NeMo harness's judge options",
  "--clone": "bench/crosscheck/history.ts",
  "--focus": "bench/crosscheck/history.ts",
  "--nemo": "the differential script's earlier options, quoted as history",
  "--session": "the differential script's earlier options, quoted as history",
};

const FLAG = /(?<![\w-])--[a-z][a-z0-9-]*/g;

function helpFlags(): Set<string> {
  const texts = [...COMMANDS.map((c) => c.help), ...Object.values(GLOBAL_OPTIONS).map((o) => o.usage)];
  const flags = new Set(texts.flatMap((t) => [...t.matchAll(FLAG)].map((m) => m[0])));
  // main's own: `evalsim --help`, `evalsim --version`.
  for (const f of ["--help", "--version"]) flags.add(f);
  return flags;
}

/** The CLI's docs: the README and docs/ (bench/README.md documents the bench's own flags). */
const cliDocs = (): string[] => markdownFiles().filter((f) => !f.startsWith("bench"));

describe("links in the Markdown", () => {
  const files = markdownFiles();
  const anchors = new Map(files.map((f) => [normalize(f), anchorsOf(read(f))]));

  it("every relative link names a file that exists, and every #anchor a heading of it", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const link of linksOf(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
        checked++;
        const [path = "", anchor] = link.split("#", 2);
        const target = path === "" ? normalize(file) : normalize(join(dirname(file), decodeURIComponent(path)));
        if (!existsSync(join(ROOT, target))) {
          broken.push(`${file}: ${link}: no such file`);
          continue;
        }
        if (anchor === undefined || anchor === "") continue;
        if (!target.endsWith(".md") || statSync(join(ROOT, target)).isDirectory()) {
          broken.push(`${file}: ${link}: an anchor into a file that is not Markdown`);
          continue;
        }
        if (!(anchors.get(target) ?? anchorsOf(read(target))).has(anchor)) broken.push(`${file}: ${link}: no heading makes #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it("makes anchors as GitHub does", () => {
    expect([...anchorsOf("# A\n## Voice channel (`--channel`)\n## Prompt packs: the voice harness's own prompts\n## A\n```\n# not a heading\n```\n")]).toEqual([
      "a",
      "voice-channel---channel",
      "prompt-packs-the-voice-harnesss-own-prompts",
      "a-1",
    ]);
  });
});

describe("CLI flags in the docs", () => {
  const documented = new Map<string, string>();
  for (const file of cliDocs()) for (const m of read(file).matchAll(FLAG)) if (!documented.has(m[0])) documented.set(m[0], file);
  const known = helpFlags();

  it("every flag --help prints appears in the docs", () => {
    expect([...known].filter((f) => !documented.has(f)).sort()).toEqual([]);
  });

  it("every flag the docs name exists (its --no- form included) or is another program's", () => {
    const exists = (f: string): boolean => known.has(f) || f in FOREIGN || f === "--no-" || (f.startsWith("--no-") && known.has(`--${f.slice(5)}`));
    expect([...documented].filter(([f]) => !exists(f)).map(([f, file]) => `${f} (${file})`)).toEqual([]);
  });

  it("the foreign list names only flags the docs quote and the CLI does not have", () => {
    for (const f of Object.keys(FOREIGN)) {
      expect(known.has(f), f).toBe(false);
      expect(documented.has(f), f).toBe(true);
    }
  });
});
