/**
 * Word-level edit distance between what was said and what was heard, with
 * the alignment itself: each step is a match, a substitution, a deletion (a
 * said word missing from the transcript) or an insertion. Ties are broken in
 * a fixed order (match or substitution, then deletion, then insertion), so
 * the alignment, and every rate counted from it, is deterministic.
 */

export type AlignOp =
  | { readonly op: "match"; readonly ref: number; readonly hyp: number }
  | { readonly op: "sub"; readonly ref: number; readonly hyp: number }
  | { readonly op: "del"; readonly ref: number }
  | { readonly op: "ins"; readonly hyp: number; readonly before: number };

export function align(ref: readonly string[], hyp: readonly string[]): AlignOp[] {
  const n = ref.length;
  const m = hyp.length;
  const w = m + 1;
  const d = new Uint32Array((n + 1) * w);
  for (let i = 0; i <= n; i++) d[i * w] = i;
  for (let j = 0; j <= m; j++) d[j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diag = (d[(i - 1) * w + j - 1] as number) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      const up = (d[(i - 1) * w + j] as number) + 1;
      const left = (d[i * w + j - 1] as number) + 1;
      d[i * w + j] = Math.min(diag, up, left);
    }
  }
  const ops: AlignOp[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = d[i * w + j] as number;
    if (i > 0 && j > 0) {
      const same = ref[i - 1] === hyp[j - 1];
      if ((d[(i - 1) * w + j - 1] as number) + (same ? 0 : 1) === here) {
        ops.push({ op: same ? "match" : "sub", ref: i - 1, hyp: j - 1 });
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && (d[(i - 1) * w + j] as number) + 1 === here) {
      ops.push({ op: "del", ref: i - 1 });
      i--;
      continue;
    }
    ops.push({ op: "ins", hyp: j - 1, before: i });
    j--;
  }
  return ops.reverse();
}

/** Substitutions, deletions and insertions of an alignment. */
export function errorCount(ops: readonly AlignOp[]): number {
  return ops.filter((o) => o.op !== "match").length;
}
