/**
 * eva's real airline calls (`key_entity_transcription.jsonl`): per call, what
 * the caller meant to say (`user_tts`) and what the agent's ASR wrote
 * (`transcription`), as clean turn pairs a rate can be measured on.
 *
 * Two things stand between the file and real ASR behaviour:
 * - eva corrupted some transcriptions on purpose (negative examples for its
 *   judge); the labels' `analysis` names each one ("Number mishearing: '4:30'
 *   transcribed as '4:13'"). Such a span is put back as it was; a turn whose
 *   corrupted span cannot be found in its transcript is set aside whole.
 * - a transcript list can be shifted against the utterances when the ASR
 *   split one utterance into fragments; transcripts are re-paired with
 *   utterances by the best monotone alignment, fragments joined.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { align } from "./align.js";
import { canonicalTokens } from "./canonical.js";

/** Where the datasets sit under the data root. */
export const EVA_CALLS_FOLDER = join("upstream", "eva-main-997ae97", "judge_validation_datasets");
export const KEY_ENTITY_FILE = "key_entity_transcription.jsonl";

const Entity = z.looseObject({ type: z.string(), value: z.string(), analysis: z.string().default("") });
const Record = z.looseObject({
  user_tts: z.array(z.string()),
  transcription: z.array(z.string()),
  labels: z.array(z.looseObject({ turn_id: z.number().int().min(0), entities: z.array(Entity) })),
});
type CallRecord = z.output<typeof Record>;

/** One clean caller turn: what was said, what was written, the caller's name words. */
export interface CallTurn {
  readonly call: number;
  readonly turn: number;
  readonly intended: string;
  readonly transcribed: string;
  readonly names: readonly string[];
}

export interface EvaCalls {
  readonly turns: readonly CallTurn[];
  /** Turn pairs before any was set aside, and why each set-aside one was. */
  readonly paired: number;
  readonly setAside: readonly { readonly call: number; readonly turn: number; readonly reason: string }[];
  /** Corrupted spans put back. */
  readonly repaired: number;
}

/** The analysis prefixes eva's corruption step writes. */
const CORRUPTION = /^(?:Number mishearing|Phonetically similar characters misheard|Character dropped from|Transcription error|Name variation)\b/;
const QUOTED = /'(.*)' (?:transcribed as|→) '(.*)'/;

export function readEvaCallsFile(path: string): CallRecord[] {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l.trim().length > 0);
  return lines.map((line, i) => {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new Error(`${path}:${i + 1}: invalid JSON: ${(e as Error).message}`);
    }
    const r = Record.safeParse(raw);
    if (!r.success) throw new Error(`${path}:${i + 1}: ${r.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
    return r.data;
  });
}

/** How well a transcript matches an utterance: matched tokens minus half the errors. */
function similarity(said: string, written: string): number {
  const ops = align(canonicalTokens(said).map((t) => t.text), canonicalTokens(written).map((t) => t.text));
  let score = 0;
  for (const o of ops) score += o.op === "match" ? 1 : -0.5;
  return score;
}

/**
 * Which transcripts belong to which utterance: every transcript to one
 * utterance, in order, up to three fragments to an utterance, an utterance
 * possibly untranscribed (the call ended, or the ASR missed it).
 */
export function pairTurns(said: readonly string[], written: readonly string[]): (readonly number[])[] {
  const n = said.length;
  const m = written.length;
  const best: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(-Infinity));
  const from: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  (best[0] as number[])[0] = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      let b = (best[i - 1] as number[])[j] as number;
      let k0 = 0;
      for (let k = 1; k <= 3 && k <= j; k++) {
        const prev = (best[i - 1] as number[])[j - k] as number;
        if (prev === -Infinity) continue;
        const s = prev + similarity(said[i - 1] as string, written.slice(j - k, j).join(" "));
        if (s > b) {
          b = s;
          k0 = k;
        }
      }
      (best[i] as number[])[j] = b;
      (from[i] as number[])[j] = k0;
    }
  }
  const out: number[][] = Array.from({ length: n }, () => []);
  let j = m;
  for (let i = n; i > 0; i--) {
    const k = (from[i] as number[])[j] as number;
    for (let x = j - k; x < j; x++) (out[i - 1] as number[]).push(x);
    j -= k;
  }
  return out;
}

const PLACE = /place|city|airport|origin|destination|location/;

/** A call's name words: one-word capitalised values of its name entities, places excluded. */
function nameWords(record: CallRecord): string[] {
  const entities = record.labels.flatMap((l) => l.entities);
  const places = new Set(entities.filter((e) => PLACE.test(e.type)).flatMap((e) => e.value.split(/\s+/)));
  const words = entities.filter((e) => /name/.test(e.type) && !PLACE.test(e.type)).flatMap((e) => e.value.split(/\s+/));
  return [...new Set(words.filter((w) => /^[A-Z][a-z]+$/.test(w) && !places.has(w)))].sort();
}

export function cleanEvaCalls(records: readonly CallRecord[]): EvaCalls {
  const turns: CallTurn[] = [];
  const setAside: { call: number; turn: number; reason: string }[] = [];
  let paired = 0;
  let repaired = 0;
  records.forEach((record, call) => {
    const pairs = pairTurns(record.user_tts, record.transcription);
    const names = nameWords(record);
    pairs.forEach((idx, turn) => {
      if (idx.length === 0) {
        if (turn < record.transcription.length) setAside.push({ call, turn, reason: "no transcript paired with this utterance" });
        return;
      }
      paired++;
      let written = idx.map((x) => record.transcription[x] as string).join(" ");
      const corrupted = record.labels.filter((l) => l.turn_id === turn).flatMap((l) => l.entities).filter((e) => CORRUPTION.test(e.analysis));
      for (const e of corrupted) {
        const q = QUOTED.exec(e.analysis);
        const at = q ? written.indexOf(q[2] as string) : -1;
        if (!q || at < 0 || (q[2] as string).length === 0) {
          setAside.push({ call, turn, reason: `corrupted span not found: ${e.analysis}` });
          return;
        }
        written = written.slice(0, at) + (q[1] as string) + written.slice(at + (q[2] as string).length);
        repaired++;
      }
      turns.push({ call, turn, intended: record.user_tts[turn] as string, transcribed: written.trim(), names });
    });
  });
  return { turns, paired, setAside, repaired };
}

/** The clean caller turns of eva's real calls, read from a data root. */
export function loadEvaCalls(dataRoot: string): EvaCalls {
  return cleanEvaCalls(readEvaCallsFile(join(dataRoot, EVA_CALLS_FOLDER, KEY_ENTITY_FILE)));
}
