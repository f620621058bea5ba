/**
 * A small, explicit, seeded PRNG (sfc32 seeded through splitmix32), so every
 * random choice is a pure function of the seed. Never Math.random.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** `n` lower-case hex digits. */
  hex(n: number): string;
  /** An independent stream derived from this seed and a label. */
  fork(label: string): Rng;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a over the UTF-16 units of a label, to derive stream seeds. */
export function hashLabel(label: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function createRng(seed: number | string): Rng {
  const base = typeof seed === "number" ? seed >>> 0 : hashLabel(seed);
  const init = splitmix32(base);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextU32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) nextU32();
  return {
    next: () => nextU32() / 4294967296,
    int: (n) => Math.floor((nextU32() / 4294967296) * n),
    hex: (n) => {
      let out = "";
      while (out.length < n) out += nextU32().toString(16).padStart(8, "0");
      return out.slice(0, n);
    },
    fork: (label) => createRng(hashLabel(label, base)),
  };
}
