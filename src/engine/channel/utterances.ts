/**
 * Utterances to hear through a profile, one a line: plain text, or a JSON
 * object with `text`, optional `names` (the caller's name words) and
 * `scenario` (whose voice facts and task configs apply). Each line is heard
 * with its own stream (`seed`, line number), so a line's result does not
 * depend on the lines before it.
 */
import type { Side } from "../types.js";
import { channelProfile, hearOnce } from "./channel.js";
import { lineRng } from "./measure/replay.js";
import type { ChannelEffect, ScenarioVoice } from "./types.js";

export interface Utterance {
  readonly text: string;
  readonly names?: readonly string[];
  readonly scenario?: string;
}

export class UtteranceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UtteranceError";
  }
}

/** The utterances of an input text; blank lines are skipped. Errors name the source, line and field. */
export function parseUtterances(input: string, source: string): Utterance[] {
  const out: Utterance[] = [];
  input.split(/\r?\n/).forEach((line, i) => {
    if (line.trim().length === 0) return;
    const at = `${source}:${i + 1}`;
    if (!line.trimStart().startsWith("{")) {
      out.push({ text: line });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      throw new UtteranceError(`${at}: invalid JSON: ${(e as Error).message}`);
    }
    const o = raw as Record<string, unknown>;
    if (typeof o["text"] !== "string") throw new UtteranceError(`${at}: text: expected a string, got ${o["text"] === undefined ? "nothing" : JSON.stringify(o["text"])}`);
    const names = o["names"];
    if (names !== undefined && !(Array.isArray(names) && names.every((n) => typeof n === "string"))) throw new UtteranceError(`${at}: names: expected an array of strings`);
    const scenario = o["scenario"];
    if (scenario !== undefined && typeof scenario !== "string") throw new UtteranceError(`${at}: scenario: expected a scenario name (a string)`);
    out.push({ text: o["text"], ...(names ? { names: names } : {}), ...(scenario !== undefined ? { scenario } : {}) });
  });
  return out;
}

export interface HeardLine {
  readonly text: string;
  readonly heard: string;
  readonly effects: readonly ChannelEffect[];
}

/**
 * Each utterance as heard through the named profile. `voiceOf` gives a
 * scenario's voice facts (undefined for an unknown name, which is an error).
 */
export function hearUtterances(profileName: string, side: Side, seed: number, utterances: readonly Utterance[], voiceOf: (scenario: string) => ScenarioVoice | undefined): HeardLine[] {
  return utterances.map((u, i) => {
    let voice: ScenarioVoice | undefined;
    if (u.scenario !== undefined) {
      voice = voiceOf(u.scenario);
      if (voice === undefined) throw new UtteranceError(`scenario '${u.scenario}' (utterance ${i + 1}) is not a known scenario`);
    }
    const profile = channelProfile(profileName, voice);
    const withNames: ScenarioVoice = { ...(voice ?? {}), names: [...(voice?.names ?? []), ...(u.names ?? [])] };
    const heard = hearOnce(profile, side, u.text, withNames, lineRng(seed, i));
    return { text: u.text, heard: heard.text, effects: heard.effects };
  });
}
