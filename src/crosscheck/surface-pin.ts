/**
 * evalsim's record of the reference's surface: digests of every prompt
 * line and every prompt text the reference's bridge sent at the commit
 * evalsim was verified against (data/crosscheck/reference-surface.json).
 * evalsim's built-in prompts are its own wording (the reference's exact
 * texts reach a run through a prompt pack), so a reference prompt is
 * checked against this record, never against evalsim's text: a line the
 * record does not know is a prompt change evalsim has not been checked
 * against. Digests only; the reference's text is never stored.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PackEntry } from "../engine/prompt-pack.js";
import { writeFileAtomic } from "../json/atomic-write.js";
import { toJsonText } from "../json/stringify.js";
import type { JsonValue } from "../json/types.js";
import { isJsonObject } from "../json/types.js";
import { PROJECT_ROOT } from "../loaders/data-root.js";
import { FixtureError, readJsonFile } from "../loaders/load-db.js";
import { sha256Hex } from "../hash/sha256.js";

export const SURFACE_PIN_FILE = join(PROJECT_ROOT, "data", "crosscheck", "reference-surface.json");
const FORMAT = "evalsim-reference-surface";
export const PROMPT_FIELDS = ["agent_prompt", "user_prompt"] as const;
export type PromptField = (typeof PROMPT_FIELDS)[number];

export interface SurfacePin {
  readonly format: typeof FORMAT;
  readonly version: 1;
  /** Which reference tree the record was taken from. */
  readonly reference: string;
  /** Per `<bucket> <field>`: the sorted digests of every distinct line sent. */
  readonly lines: Readonly<Record<string, readonly string[]>>;
  /** Per scenario and field: the digest of the whole text. */
  readonly texts: Readonly<Record<string, Readonly<Record<PromptField, string>>>>;
}

export const digest = (text: string): string => sha256Hex(text).slice(0, 16);
export const bucketOf = (name: string): string => name.split("__", 1)[0] as string;

export function pinOf(scenarios: Readonly<Record<string, PackEntry>>, reference: string): SurfacePin {
  const lines: Record<string, Set<string>> = {};
  const texts: Record<string, Record<PromptField, string>> = {};
  for (const name of Object.keys(scenarios).sort()) {
    const entry = scenarios[name] as PackEntry;
    texts[name] = { agent_prompt: digest(entry.agent_prompt), user_prompt: digest(entry.user_prompt) };
    for (const field of PROMPT_FIELDS) {
      const set = (lines[`${bucketOf(name)} ${field}`] ??= new Set());
      for (const line of entry[field].split("\n")) set.add(digest(line));
    }
  }
  return { format: FORMAT, version: 1, reference, lines: Object.fromEntries(Object.entries(lines).sort().map(([k, v]) => [k, [...v].sort()])), texts };
}

export function writePin(file: string, pin: SurfacePin): void {
  writeFileAtomic(file, `${toJsonText(pin as unknown as JsonValue, 1)}\n`);
}

export function readPin(file: string): SurfacePin | undefined {
  if (!existsSync(file)) return undefined;
  const raw = readJsonFile(file);
  if (!isJsonObject(raw) || raw["format"] !== FORMAT || raw["version"] !== 1) throw new FixtureError(file, "format", `expected an ${FORMAT} record, version 1`);
  if (!isJsonObject(raw["lines"]) || !isJsonObject(raw["texts"])) throw new FixtureError(file, "lines", "expected the objects 'lines' and 'texts'");
  return raw as unknown as SurfacePin;
}

export type PromptCheck = { readonly kind: "same" } | { readonly kind: "unpinned-scenario" } | { readonly kind: "new-line"; readonly line: number; readonly text: string } | { readonly kind: "lines-moved"; readonly lines: number };

/** One reference prompt against the record. */
export function checkPrompt(pin: SurfacePin, scenario: string, field: PromptField, text: string): PromptCheck {
  const pinned = pin.texts[scenario];
  if (!pinned) return { kind: "unpinned-scenario" };
  if (pinned[field] === digest(text)) return { kind: "same" };
  const known = new Set(pin.lines[`${bucketOf(scenario)} ${field}`] ?? []);
  const lines = text.split("\n");
  const at = lines.findIndex((l) => !known.has(digest(l)));
  if (at >= 0) return { kind: "new-line", line: at + 1, text: lines[at] as string };
  return { kind: "lines-moved", lines: lines.length };
}
