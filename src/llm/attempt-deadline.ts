/**
 * An attempt's timeout, as a transport can best use it. `fetch` takes an
 * `AbortSignal`; node:http's own handling of one (`addAbortSignal`, an
 * EventTarget listener per request) costs about 0.1 ms of CPU per request at
 * hundreds in flight (bench/README.md, section llm), a tenth of a model
 * turn's budget. So the signal is made only when a transport asks for it,
 * and evalsim's own transport registers a plain callback instead.
 */
export class Deadline {
  private controller: AbortController | undefined;
  private readonly callbacks: (() => void)[] = [];
  private passed = false;

  get expired(): boolean {
    return this.passed;
  }

  /** An `AbortSignal` that aborts when the deadline passes (made on first use). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.passed) this.controller.abort();
    }
    return this.controller.signal;
  }

  /** Run `callback` when the deadline passes (at once if it has). */
  onExpire(callback: () => void): void {
    if (this.passed) callback();
    else this.callbacks.push(callback);
  }

  expire(): void {
    if (this.passed) return;
    this.passed = true;
    this.controller?.abort();
    for (const callback of this.callbacks.splice(0)) callback();
  }
}
