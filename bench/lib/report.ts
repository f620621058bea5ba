/** What each benchmark case reports, and the printed table. */

export interface Row {
  readonly section: string;
  readonly name: string;
  /** Median wall time per operation, ms; null when the case was not measured. */
  readonly medianMs: number | null;
  readonly p75Ms?: number;
  readonly minMs?: number;
  readonly samples?: number;
  /** Mean process CPU time per operation, ms. */
  readonly cpuMs?: number;
  readonly peakRssMb?: number;
  /** The budget this case is held to, ms (median wall). */
  readonly targetMs?: number;
  readonly note?: string;
  readonly extra?: Readonly<Record<string, string | number | boolean | null>>;
}

const fmt = (x: number | null | undefined, digits = 2): string =>
  x === null || x === undefined || Number.isNaN(x) ? "-" : x >= 100 ? x.toFixed(0) : x.toFixed(digits);

function verdict(r: Row): string {
  if (r.targetMs === undefined || r.medianMs === null) return "";
  return r.medianMs <= r.targetMs ? `ok (<= ${fmt(r.targetMs)})` : `OVER (> ${fmt(r.targetMs)})`;
}

export function formatTable(rows: readonly Row[]): string {
  const header = ["section", "case", "median ms", "p75 ms", "min ms", "cpu ms/op", "n", "peak RSS MiB", "target", "note"];
  const body = rows.map((r) => [
    r.section,
    r.name,
    fmt(r.medianMs),
    fmt(r.p75Ms),
    fmt(r.minMs),
    fmt(r.cpuMs),
    r.samples === undefined ? "-" : String(r.samples),
    fmt(r.peakRssMb, 0),
    verdict(r),
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i >= 2 && i <= 7 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n") + "\n";
}
