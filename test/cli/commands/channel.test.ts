/**
 * `evalsim channel`: each utterance through a profile, as JSONL. The
 * acceptance runs the 228 clean intended caller utterances of eva's real
 * calls through `eva-asr` with ten seeds and measures the pooled output
 * against the real transcripts.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEvaCalls } from "../../../src/engine/channel/measure/eva-calls.js";
import type { UtteranceCounts } from "../../../src/engine/channel/measure/rates.js";
import { countUtterance, measurePairs, ratesOf } from "../../../src/engine/channel/measure/rates.js";
import { resolveDataRoot } from "../../../src/loaders/data-root.js";
import { runCli } from "../../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "evalsim-channel-"));
const write = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
type Line = { text: string; heard: string; effects: { kind: string }[] };
const lines = (stdout: string): Line[] => stdout.trim().split("\n").map((l) => JSON.parse(l) as Line);

describe("evalsim channel", () => {
  it("writes one {text, heard, effects} line per utterance, plain text or JSONL, the same for the same seed", async () => {
    const input = "My code is Z K three F F W.\n\n" + JSON.stringify({ text: "The last name is Allen, spelled A L L E N.", names: ["Allen"] }) + "\n";
    const a = await runCli(["channel", "eva-asr", "--seed", "3", "-"], { stdin: input });
    expect(a.stderr).toBe("");
    expect(a.code).toBe(0);
    const out = lines(a.stdout);
    expect(out.map((l) => Object.keys(l))).toEqual([["text", "heard", "effects"], ["text", "heard", "effects"]]);
    expect(out[0]?.text).toBe("My code is Z K three F F W.");
    expect(out[0]?.effects[0]?.kind).toBe("spelled_code");
    expect((await runCli(["channel", "eva-asr", "--seed", "3"], { stdin: input })).stdout).toBe(a.stdout);
    const seeds = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((s) => runCli(["channel", "eva-asr", "--seed", String(s), write("in.txt", input.repeat(6))])));
    expect(new Set(seeds.map((r) => r.stdout)).size).toBeGreaterThan(1);
  });

  it("on clean hears every line verbatim; --side agent is the synthesizer side", async () => {
    const clean = await runCli(["channel", "clean"], { stdin: "My code is Z K three.\n" });
    expect(lines(clean.stdout)).toEqual([{ text: "My code is Z K three.", heard: "My code is Z K three.", effects: [] }]);
    const agent = await runCli(["channel", "light", "--side", "agent"], { stdin: "**Your code is ZK3FFW**\n" });
    expect(lines(agent.stdout)[0]?.heard).toBe("Your code is zk three ffw");
  });

  it("uses a scenario's voice facts when a line names one", async () => {
    // tau2_airline__0's caller table says Mia is heard as Mya: a homophone effect only with the scenario named.
    const said = "Hello, this is Mia Li and I need help with my booking.\n";
    const withScenario = JSON.stringify({ text: said.trim(), scenario: "tau2_airline__0" }) + "\n";
    const kinds = async (stdin: string): Promise<string[]> => {
      const all: string[] = [];
      for (let seed = 1; seed <= 12; seed++) all.push(...lines((await runCli(["channel", "regular", "--seed", String(seed)], { stdin })).stdout).flatMap((l) => l.effects.map((e) => e.kind)));
      return all;
    };
    expect(await kinds(withScenario)).toContain("homophone");
    expect(await kinds(said)).not.toContain("homophone");
    const bad = await runCli(["channel", "regular"], { stdin: JSON.stringify({ text: "Hi", scenario: "nope__x" }) + "\n" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'nope__x'");
  });

  it("refuses bad input with one line and exit 2", async () => {
    const cases: [string[], string, string][] = [
      [["channel"], "", "needs a PROFILE"],
      [["channel", "loud"], "", "unknown profile 'loud'"],
      [["channel", "light", "--side", "both"], "", "--side must be caller or agent"],
      [["channel", "light", "--seed", "x"], "", "--seed expects an integer"],
      [["channel", "light"], '{"text": 3}\n', "stdin:1: text: expected a string"],
      [["channel", "light"], 'hello\n{"text": "a", "names": "Al"}\n', "stdin:2: names: expected an array of strings"],
      [["channel", "light"], "{oops\n", "stdin:1: invalid JSON"],
    ];
    for (const [argv, stdin, message] of cases) {
      const r = await runCli(argv, { stdin });
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stdout).toBe("");
    }
  });
});

describe("evalsim channel eva-asr over the real calls' 228 clean caller utterances, pooled over 10 seeds", () => {
  it("has a word error rate, a share of utterances with an error, a letter-substitution and a digit-drop rate inside the real 95 % intervals, and no [inaudible]", async () => {
    const calls = loadEvaCalls(resolveDataRoot({ mustContain: "upstream/eva-main-997ae97" }));
    expect(calls.turns).toHaveLength(228);
    const real = measurePairs(calls.turns.map((t) => ({ intended: t.intended, heard: t.transcribed, names: t.names })));
    const input = write("eva.jsonl", calls.turns.map((t) => JSON.stringify({ text: t.intended, names: t.names })).join("\n") + "\n");
    const counts: UtteranceCounts[] = [];
    for (let seed = 1; seed <= 10; seed++) {
      const r = await runCli(["channel", "eva-asr", "--seed", String(seed), input]);
      expect(r.code).toBe(0);
      const out = lines(r.stdout);
      expect(out).toHaveLength(228);
      out.forEach((l, i) => counts.push(countUtterance({ intended: l.text, heard: l.heard, names: calls.turns[i]?.names ?? [] })));
      expect(r.stdout).not.toContain("[inaudible]");
    }
    const fitted = ratesOf(counts);
    for (const kind of ["wer", "utterances_with_error", "letter_substitution", "digit_drop"] as const) {
      expect(fitted[kind].rate, kind).toBeGreaterThanOrEqual(real[kind].low);
      expect(fitted[kind].rate, kind).toBeLessThanOrEqual(real[kind].high);
    }
    expect(fitted.inaudible.events).toBe(0);
  });
});
