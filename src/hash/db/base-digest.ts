/**
 * SHA-256 over a stream of base-byte ranges and new bytes (written to the
 * writer's buffer between `beforeText()` and the next range). While the
 * stream is still a prefix of the base's bytes nothing is hashed; at the
 * first departure the hash resumes from the nearest stored state
 * (`Hash.copy()`), so the cost is the bytes after the first change.
 */
import type { Sha256 } from "../sha256.js";
import { CHECKPOINT_BYTES, type Base } from "./bases.js";
import { out } from "./writer.js";

export class BaseDigest {
  private hash: Sha256 | undefined;
  private prefixEnd = 0;
  private rangeStart = 0;
  private rangeEnd = 0;

  constructor(private readonly base: Base) {
    out.pos = 0;
  }

  range(start: number, end: number): void {
    if (start === end) return;
    if (this.hash === undefined) {
      if (start === this.prefixEnd) {
        this.prefixEnd = end;
        return;
      }
      this.hash = this.resume();
    }
    if (out.pos > 0) this.flushText();
    else if (this.rangeEnd === start && this.rangeEnd > this.rangeStart) {
      this.rangeEnd = end;
      return;
    } else this.flushRange();
    this.rangeStart = start;
    this.rangeEnd = end;
  }

  /** Call before writing new bytes. */
  beforeText(): void {
    this.hash ??= this.resume();
    this.flushRange();
  }

  digest(): string {
    if (this.hash === undefined) return this.prefixEnd === this.base.bytes.length ? this.base.digest : this.resume().digest("hex");
    this.flushRange();
    this.flushText();
    return this.hash.digest("hex");
  }

  private resume(): Sha256 {
    const i = Math.floor(this.prefixEnd / CHECKPOINT_BYTES);
    const hash = (this.base.checkpoints[i] as Sha256).copy();
    return hash.update(this.base.bytes.subarray(i * CHECKPOINT_BYTES, this.prefixEnd));
  }

  private flushRange(): void {
    if (this.rangeEnd > this.rangeStart) this.hash?.update(this.base.bytes.subarray(this.rangeStart, this.rangeEnd));
    this.rangeStart = this.rangeEnd = 0;
  }

  private flushText(): void {
    if (out.pos > 0) this.hash?.update(out.buf.subarray(0, out.pos));
    out.pos = 0;
  }
}
