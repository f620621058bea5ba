/**
 * A profile replayed over real intended utterances: each utterance heard
 * through the profile once per seed (with the stream `evalsim channel` gives
 * the utterance on that line), the results pooled and measured exactly as
 * the real transcripts are.
 */
import { hearOnce } from "../channel.js";
import type { ChannelProfile } from "../profile.js";
import { createRng } from "../../rng.js";
import type { ErrorKind, Rate, UtteranceCounts, UtterancePair } from "./rates.js";
import { countUtterance, ratesOf } from "./rates.js";
import type { AgentTurn, TtsCounts, TtsKind } from "./eva-record.js";
import { countAgentTurn, ttsRatesOf } from "./eva-record.js";

/** The random stream of input line `line` (0-based) under seed `seed`. */
export const lineRng = (seed: number, line: number): ReturnType<typeof createRng> => createRng(seed).fork(`line:${line}`);

export function replayCounts(profile: ChannelProfile, pairs: readonly UtterancePair[], seeds: readonly number[]): UtteranceCounts[] {
  const out: UtteranceCounts[] = [];
  for (const seed of seeds) {
    pairs.forEach((p, i) => {
      const heard = hearOnce(profile, "user", p.intended, { names: p.names ?? [] }, lineRng(seed, i));
      out.push(countUtterance({ intended: p.intended, heard: heard.text, names: p.names ?? [] }));
    });
  }
  return out;
}

/** The profile's rate of each error kind over the pooled replays. */
export function replayRates(profile: ChannelProfile, pairs: readonly UtterancePair[], seeds: readonly number[]): Record<ErrorKind, Rate> {
  return ratesOf(replayCounts(profile, pairs, seeds));
}

/** The agent side: each real agent turn heard through the profile once per seed, measured as the real heard turns are. */
export function replayAgentRates(profile: ChannelProfile, turns: readonly AgentTurn[], seeds: readonly number[]): Record<TtsKind, Rate> {
  const out: TtsCounts[] = [];
  for (const seed of seeds) {
    turns.forEach((t, i) => {
      const heard = hearOnce(profile, "agent", t.intended, {}, lineRng(seed, i));
      out.push(countAgentTurn({ intended: t.intended, heard: heard.text }));
    });
  }
  return ttsRatesOf(out);
}
