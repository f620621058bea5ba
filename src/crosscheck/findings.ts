/**
 * Findings: differences between the reference and evalsim, grouped by tool
 * or rule, each group with its smallest reproducing example. A group that
 * an entry of data/known-divergences.json explains is listed apart.
 */
import type { KnownDivergence } from "../loaders/known-divergences.js";
import type { Family } from "./families.js";

/** A reproducing example: the starting scenario, the calls (in order), and what each side answered. */
export interface Example {
  readonly scenario: string;
  readonly calls: readonly { readonly side: string; readonly name: string; readonly args: string }[];
  readonly reference: unknown;
  readonly evalsim: unknown;
  /** For state differences: the field paths where the two sides' DBs differ, per side. */
  readonly fields?: Readonly<Record<string, readonly string[]>>;
}

export interface Finding {
  readonly family: Family;
  /** The group: domain, tool or rule, and what differs. */
  readonly key: string;
  readonly domain: string;
  readonly count: number;
  readonly example: Example;
  /** The data/known-divergences.json entry that explains it. */
  readonly known?: { readonly id: string; readonly decision: string };
}

interface Group {
  family: Family;
  domain: string;
  count: number;
  example: Example;
  size: number;
  known?: string;
}

const sizeOf = (e: Example): number => JSON.stringify(e.calls).length + JSON.stringify(e.reference ?? null).length;

export class FindingSet {
  private readonly groups = new Map<string, Group>();

  /** Occurrences counted so far, all groups together. */
  size(): number {
    let n = 0;
    for (const g of this.groups.values()) n += g.count;
    return n;
  }

  /** Count one occurrence; the group keeps its smallest example (ties: the first seen). */
  add(family: Family, key: string, domain: string, example: Example, known?: string): void {
    const id = `${family}\u0000${key}`;
    const size = sizeOf(example);
    const g = this.groups.get(id);
    if (!g) {
      this.groups.set(id, { family, domain, count: 1, example, size, ...(known ? { known } : {}) });
      return;
    }
    g.count++;
    if (size < g.size) {
      g.example = example;
      g.size = size;
    }
  }

  /** Findings in a fixed order (family, then most frequent, then key): a report does not depend on timing. */
  list(divergences: readonly KnownDivergence[]): Finding[] {
    const order = (f: Family): number => ["gold", "calls", "delivery", "scoring", "surface"].indexOf(f);
    return [...this.groups.entries()]
      .map(([id, g]): Finding => {
        const entry = g.known ? divergences.find((d) => d.id === g.known) : undefined;
        return { family: g.family, key: id.slice(id.indexOf("\u0000") + 1), domain: g.domain, count: g.count, example: g.example, ...(entry ? { known: { id: entry.id, decision: entry.decision } } : {}) };
      })
      .sort((a, b) => order(a.family) - order(b.family) || b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}
