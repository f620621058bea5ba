/**
 * The agent side of a real call: eva 0.1.3's recorded conversation
 * (`tests/artifacts/records/1.1.2/`, an optional data-root entry). Its
 * `transcript.jsonl` holds what the agent meant to say (role `assistant`) and
 * what the agent's ASR wrote of the caller (role `user`, one entry per
 * fragment); `elevenlabs_events.jsonl` holds what the caller's side heard of
 * the agent (`assistant_speech`) and what the caller meant to say
 * (`user_speech`). Agent turns are paired with heard ones in order.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { DataRootError, resolveDataRoot } from "../../../loaders/data-root.js";
import { align } from "./align.js";
import { canonicalTokens } from "./canonical.js";
import type { Rate } from "./rates.js";
import { clusteredRate, wilson } from "./rates.js";

/** Where the record sits under the data root. */
export const EVA_RECORD_FOLDER = join("upstream", "eva-0.1.3", "records", "1.1.2");
export const EVA_RECORD_FILES = ["transcript.jsonl", "elevenlabs_events.jsonl"] as const;

const TranscriptLine = z.looseObject({ role: z.string(), content: z.string() });
/** Only the speech events are read; their `data.text` must be a string. */
const SPEECH = new Set(["assistant_speech", "user_speech"]);
const EventLine = z.union([
  z.looseObject({ type: z.enum(["assistant_speech", "user_speech"]), data: z.looseObject({ text: z.string() }) }),
  z.looseObject({ type: z.string().refine((t) => !SPEECH.has(t)).optional() }),
]);

/** One agent turn: what the agent meant to say and what the caller's side heard. */
export interface AgentTurn {
  readonly intended: string;
  readonly heard: string;
}

export interface EvaRecord {
  readonly agentTurns: readonly AgentTurn[];
  /** What the caller meant to say, and the fragments the agent's ASR wrote of it. */
  readonly callerUtterances: number;
  readonly callerFragments: number;
}

function jsonLines<T>(path: string, schema: z.ZodType<T>): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim().length > 0)
    .map(({ line, i }) => {
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch (e) {
        throw new Error(`${path}:${i + 1}: invalid JSON: ${(e as Error).message}`);
      }
      const r = schema.safeParse(raw);
      if (!r.success) throw new Error(`${path}:${i + 1}: ${r.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
      return r.data;
    });
}

/** True when the data root holds the record's files (it is optional). */
export function hasEvaRecord(dataRoot: string): boolean {
  return EVA_RECORD_FILES.every((f) => existsSync(join(dataRoot, EVA_RECORD_FOLDER, f)));
}

/** The data root that holds the record, or undefined when none does (it is optional). */
export function evaRecordRoot(): string | undefined {
  try {
    const root = resolveDataRoot({ mustContain: EVA_RECORD_FOLDER });
    return hasEvaRecord(root) ? root : undefined;
  } catch (e) {
    if (e instanceof DataRootError) return undefined;
    throw e;
  }
}

export function loadEvaRecord(dataRoot: string): EvaRecord {
  const folder = join(dataRoot, EVA_RECORD_FOLDER);
  const transcript = jsonLines(join(folder, "transcript.jsonl"), TranscriptLine);
  const events = jsonLines(join(folder, "elevenlabs_events.jsonl"), EventLine);
  const intended = transcript.filter((t) => t.role === "assistant").map((t) => t.content);
  const speech = (type: string): string[] => events.flatMap((e) => (e.type === type && "data" in e ? [(e.data as { text: string }).text] : []));
  const heard = speech("assistant_speech");
  if (intended.length !== heard.length) {
    throw new Error(`${folder}: ${intended.length} agent turns in transcript.jsonl but ${heard.length} assistant_speech events in elevenlabs_events.jsonl; expected one heard per turn`);
  }
  return {
    agentTurns: intended.map((text, i) => ({ intended: text, heard: heard[i] as string })),
    callerUtterances: speech("user_speech").length,
    callerFragments: transcript.filter((t) => t.role === "user").length,
  };
}

/** What one agent turn contributes: tokens and errors, whether its first words were lost, its entity runs. */
export interface TtsCounts {
  readonly tokens: number;
  readonly errors: number;
  readonly firstLost: boolean;
  readonly runs: number;
  readonly runsWrong: number;
}

/**
 * Counts of one turn. An entity run (spelled letters and digits, said
 * numbers) is misread when one of its tokens is not heard as said, or when a
 * letter or digit is heard just beside it instead of a word ("seat twenty-two
 * A" heard as "C twenty-two A").
 */
export function countAgentTurn(turn: AgentTurn): TtsCounts {
  const said = canonicalTokens(turn.intended);
  const heard = canonicalTokens(turn.heard);
  const ops = align(said.map((t) => t.text), heard.map((t) => t.text));
  const fate: string[] = new Array<string>(said.length).fill("match");
  const strayBefore = new Set<number>();
  for (const o of ops) {
    if (o.op === "ins") {
      if (heard[o.hyp]?.kind !== "word") strayBefore.add(o.before);
    } else {
      fate[o.ref] = o.op === "sub" && heard[o.hyp]?.kind !== "word" && said[o.ref]?.kind === "word" ? "stray" : o.op;
    }
  }
  let runs = 0;
  let runsWrong = 0;
  for (let a = 0; a < said.length; ) {
    if (said[a]?.kind === "word") {
      a++;
      continue;
    }
    let b = a;
    while (b + 1 < said.length && said[b + 1]?.kind !== "word") b++;
    runs++;
    let wrong = fate[a - 1] === "stray" || fate[b + 1] === "stray" || strayBefore.has(a) || strayBefore.has(b + 1);
    for (let i = a; i <= b && !wrong; i++) if (fate[i] !== "match" || (i > a && strayBefore.has(i))) wrong = true;
    if (wrong) runsWrong++;
    a = b + 1;
  }
  return { tokens: said.length, errors: ops.filter((o) => o.op !== "match").length, firstLost: said.length > 0 && fate[0] !== "match", runs, runsWrong };
}

export const TTS_KINDS = ["tts_wer", "tts_first_words_lost", "tts_entity_misread"] as const;
export type TtsKind = (typeof TTS_KINDS)[number];

export const TTS_LABELS: Readonly<Record<TtsKind, string>> = {
  tts_wer: "agent -> caller: word error rate",
  tts_first_words_lost: "agent -> caller: first words lost (per turn)",
  tts_entity_misread: "agent -> caller: entity run misread",
};

export function ttsRatesOf(counts: readonly TtsCounts[]): Record<TtsKind, Rate> {
  return {
    tts_wer: clusteredRate(counts.map((c) => [c.errors, c.tokens] as const)),
    tts_first_words_lost: wilson(counts.filter((c) => c.firstLost).length, counts.length),
    tts_entity_misread: clusteredRate(counts.map((c) => [c.runsWrong, c.runs] as const)),
  };
}

export function measureAgentTurns(turns: readonly AgentTurn[]): Record<TtsKind, Rate> {
  return ttsRatesOf(turns.map(countAgentTurn));
}
