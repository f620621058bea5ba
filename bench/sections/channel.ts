/**
 * The calibration report of the voice channel (not a timing): the real
 * intended caller utterances of eva's airline calls, and the agent turns of
 * eva's recorded call, replayed through each preset profile with many seeds,
 * each error kind's pooled rate beside the real rate and its 95 % interval;
 * a `*` marks a rate outside the interval.
 *
 *   npm run bench -- --only channel [--quick]
 */
import { loadEvaCalls } from "../../src/engine/channel/measure/eva-calls.js";
import type { TtsKind } from "../../src/engine/channel/measure/eva-record.js";
import { EVA_RECORD_FOLDER, evaRecordRoot, loadEvaRecord, measureAgentTurns, TTS_KINDS, TTS_LABELS } from "../../src/engine/channel/measure/eva-record.js";
import type { ErrorKind, Rate } from "../../src/engine/channel/measure/rates.js";
import { ERROR_KINDS, KIND_LABELS, measurePairs } from "../../src/engine/channel/measure/rates.js";
import { replayAgentRates, replayRates } from "../../src/engine/channel/measure/replay.js";
import { CHANNEL_NAMES, presetProfile } from "../../src/engine/channel/profile.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import type { BenchContext } from "../lib/context.js";
import type { Row } from "../lib/report.js";

const pct = (x: number): string => `${(x * 100).toFixed(2)} %`;
const outside = (rate: number, real: Rate): boolean => rate < real.low || rate > real.high;

export function calibrationTable<K extends string = ErrorKind>(
  real: Record<K, Rate>,
  profiles: readonly { name: string; rates: Record<K, Rate> }[],
  kinds: readonly K[] = ERROR_KINDS as unknown as readonly K[],
  labels: Readonly<Record<K, string>> = KIND_LABELS as unknown as Readonly<Record<K, string>>,
): string {
  const header = ["error kind", "real", "95 % interval", ...profiles.map((p) => p.name)];
  const body = kinds.map((k) => [
    labels[k],
    pct(real[k].rate),
    `${pct(real[k].low)} - ${pct(real[k].high)}`,
    ...profiles.map((p) => `${pct(p.rates[k].rate)}${outside(p.rates[k].rate, real[k]) ? " *" : "  "}`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n") + "\n";
}

export function channelSection(ctx: BenchContext): Row[] {
  const calls = loadEvaCalls(resolveDataRoot({ mustContain: "upstream/eva-main-997ae97" }));
  const pairs = calls.turns.map((t) => ({ intended: t.intended, heard: t.transcribed, names: t.names }));
  const real = measurePairs(pairs);
  const seeds = Array.from({ length: ctx.quick ? 5 : 40 }, (_, i) => i + 1);
  const names = CHANNEL_NAMES.filter((n) => n !== "clean");
  const profiles = names.map((name) => ({ name, rates: replayRates(presetProfile(name) ?? { name, source: "preset", tts: false }, pairs, seeds) }));
  process.stdout.write(
    `\nvoice channel calibration: ${calls.turns.length} clean caller turns of eva's real airline calls (${calls.setAside.length} set aside, ${calls.repaired} deliberately corrupted spans put back), ` +
      `each profile over ${seeds.length} seeds; * = outside the real 95 % interval\n\n${calibrationTable(real, profiles)}\n`,
  );
  const extra = (rates: Record<ErrorKind, Rate>, withInterval: boolean): Record<string, number | boolean> => rateColumns(ERROR_KINDS, rates, real, withInterval);
  return [
    { section: "channel", name: "real calls", medianMs: null, samples: calls.turns.length, note: "real rates and 95 % intervals", extra: extra(real, true) },
    ...profiles.map((p) => {
      const out = ERROR_KINDS.filter((k) => outside(p.rates[k].rate, real[k]));
      return { section: "channel", name: p.name, medianMs: null, samples: seeds.length, note: out.length === 0 ? "every kind inside the real interval" : `outside: ${out.join(", ")}`, extra: extra(p.rates, false) };
    }),
    ...agentSideRows(seeds, names),
  ];
}

/** A row's rate columns: each kind's rate, with the real interval (`withInterval`) or whether it falls outside it. */
function rateColumns<K extends string>(kinds: readonly K[], rates: Record<K, Rate>, real: Record<K, Rate>, withInterval: boolean): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const k of kinds) {
    out[k] = rates[k].rate;
    if (withInterval) {
      out[`${k}_low`] = rates[k].low;
      out[`${k}_high`] = rates[k].high;
    } else out[`${k}_outside`] = outside(rates[k].rate, real[k]);
  }
  return out;
}

/**
 * The agent side: the intended agent turns of eva 0.1.3's recorded call
 * replayed through each profile beside what the caller's side really heard.
 * The record is optional under the data root; without it the section says so.
 */
function agentSideRows(seeds: readonly number[], names: readonly string[]): Row[] {
  const root = evaRecordRoot();
  if (root === undefined) {
    process.stdout.write(`agent side skipped: no data root holds ${EVA_RECORD_FOLDER} (an optional fixture; 'evalsim fixtures fetch' downloads it)\n`);
    return [];
  }
  const record = loadEvaRecord(root);
  const real = measureAgentTurns(record.agentTurns);
  const profiles = names.map((name) => ({ name, rates: replayAgentRates(presetProfile(name) ?? { name, source: "preset", tts: false }, record.agentTurns, seeds) }));
  process.stdout.write(
    `voice channel calibration, agent -> caller: ${record.agentTurns.length} agent turns of eva 0.1.3's recorded call (one call: wide intervals), each profile over ${seeds.length} seeds; ` +
      `the same call's caller side: ${record.callerUtterances} utterances written as ${record.callerFragments} fragments\n\n${calibrationTable(real, profiles, TTS_KINDS, TTS_LABELS)}\n`,
  );
  const outsideAny = (rates: Record<TtsKind, Rate>): TtsKind[] => TTS_KINDS.filter((k) => outside(rates[k].rate, real[k]));
  const extra = (rates: Record<TtsKind, Rate>, withInterval: boolean): Record<string, number | boolean> => rateColumns(TTS_KINDS, rates, real, withInterval);
  return [
    { section: "channel", name: "real call, agent side", medianMs: null, samples: record.agentTurns.length, note: `real rates and 95 % intervals; caller fragments ${record.callerFragments} of ${record.callerUtterances} utterances`, extra: { ...extra(real, true), caller_utterances: record.callerUtterances, caller_fragments: record.callerFragments } },
    ...profiles.map((p) => {
      const out = outsideAny(p.rates);
      return { section: "channel", name: `${p.name}, agent side`, medianMs: null, samples: seeds.length, note: out.length === 0 ? "every kind inside the real interval" : `outside: ${out.join(", ")}`, extra: extra(p.rates, false) };
    }),
  ];
}
