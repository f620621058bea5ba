/**
 * The byte writer every serialization writes into: one growable buffer,
 * reused across calls, holding `out.buf[0, out.pos)`. `ensure_ascii` makes
 * the canonical text ASCII, so bytes and characters coincide.
 */
import { pyFloatRepr, pyIntStr } from "../../python/float.js";
import { pyJsonString } from "../../json/py-string.js";

export const out: { buf: Buffer; pos: number } = { buf: Buffer.allocUnsafe(1 << 16), pos: 0 };

export function ensure(n: number): void {
  if (out.pos + n <= out.buf.length) return;
  const next = Buffer.allocUnsafe(Math.max(out.buf.length * 2, out.pos + n));
  out.buf.copy(next, 0, 0, out.pos);
  out.buf = next;
}

export function putByte(c: number): void {
  ensure(1);
  out.buf[out.pos++] = c;
}

/** Text known to be ASCII. A loop beats a native call for the short pieces JSON is made of. */
export function putAscii(s: string): void {
  const n = s.length;
  ensure(n);
  const { buf, pos } = out;
  if (n > 32) {
    out.pos = pos + buf.write(s, pos, "latin1");
    return;
  }
  for (let i = 0; i < n; i++) buf[pos + i] = s.charCodeAt(i);
  out.pos = pos + n;
}

/** A JSON string literal; escaping is only needed from the first unsafe character on. */
export function putString(s: string): void {
  const n = s.length;
  ensure(n + 2);
  const { buf } = out;
  buf[out.pos] = 0x22;
  let p = out.pos + 1;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      out.pos = p;
      putAscii(pyJsonString(s.slice(i)).slice(1));
      return;
    }
    buf[p++] = c;
  }
  buf[p++] = 0x22;
  out.pos = p;
}

export function putNumber(x: number): void {
  if (Number.isInteger(x)) putAscii(x <= 2 ** 53 && x >= -(2 ** 53) ? `${x}` : pyIntStr(x));
  else {
    // In [1e-4, 1e16) both Python's repr and JS print the shortest round-trip
    // digits positionally; elsewhere their layouts differ.
    const a = x < 0 ? -x : x;
    putAscii(a >= 1e-4 && a < 1e16 ? `${x}` : pyFloatRepr(x));
  }
}

/** The bytes in `[from, to)` as text. */
export function textOf(from: number, to: number): string {
  return out.buf.toString("latin1", from, to);
}
