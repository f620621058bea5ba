/**
 * Span edits on an utterance: each replaces `[at, end)` of the spoken text
 * (or inserts at `at` when the two are equal). Edits are proposed in
 * priority order; one that overlaps an accepted edit is dropped, so every
 * effect in the record refers to text that is really gone or really new.
 */
import type { ChannelEffect } from "./types.js";

export interface Edit {
  readonly at: number;
  readonly end: number;
  readonly replacement: string;
  readonly effect: ChannelEffect;
  /** Effects inside the replaced span (a confused letter inside a code written anew). */
  readonly within?: readonly ChannelEffect[];
}

export class EditList {
  private readonly accepted: Edit[] = [];

  /** True when `[at, end)` touches no accepted replacement (insertions may sit at a replacement's edge). */
  free(at: number, end: number): boolean {
    return this.accepted.every((e) => {
      if (e.at === e.end || at === end) return !(at > e.at && at < e.end) && !(e.at > at && e.at < end);
      return end <= e.at || at >= e.end;
    });
  }

  add(edit: Edit): boolean {
    if (!this.free(edit.at, edit.end)) return false;
    this.accepted.push(edit);
    return true;
  }

  /** The text with every edit applied, and the effects in text order. */
  apply(text: string): { text: string; effects: ChannelEffect[] } {
    const sorted = [...this.accepted].sort((a, b) => a.at - b.at || a.end - b.end);
    let out = "";
    let pos = 0;
    for (const e of sorted) {
      out += text.slice(pos, e.at) + e.replacement;
      pos = Math.max(pos, e.end);
    }
    out += text.slice(pos);
    return { text: tidy(out), effects: sorted.flatMap((e) => [e.effect, ...(e.within ?? [])]) };
  }
}

/** Remove the gaps a dropped word leaves: doubled spaces, a space before punctuation. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([,.;:!?])/g, "$1")
    .replace(/,{2,}/g, ",")
    .replace(/^[ ,]+/, "")
    .replace(/[ \t]+$/gm, "");
}

/** Words of a text with their offsets. */
export function wordsOf(text: string): { start: number; end: number; text: string }[] {
  return [...text.matchAll(/[A-Za-z0-9'#_@.\-]+/g)].map((m) => {
    const t = m[0].replace(/[.\-]+$/, "");
    return { start: m.index, end: m.index + t.length, text: t };
  }).filter((w) => w.text.length > 0);
}
