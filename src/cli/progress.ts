/** A one-line progress bar on stderr for terminals: done/total, pass rate so far, ETA. */
export interface Progress {
  tick(passed: boolean): void;
  finish(): void;
}

export function createProgress(total: number, write: (s: string) => void, enabled: boolean, now: () => number): Progress {
  let done = 0;
  let passed = 0;
  const started = now();
  const render = (): void => {
    if (!enabled) return;
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const elapsed = (now() - started) / 1000;
    const eta = done === 0 ? "?" : `${Math.max(0, Math.round((elapsed / done) * (total - done)))}s`;
    const rate = done === 0 ? "-" : `${((passed / done) * 100).toFixed(0)}%`;
    write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} pass ${rate} eta ${eta}   `);
  };
  render();
  return {
    tick: (ok) => {
      done++;
      if (ok) passed++;
      render();
    },
    finish: () => {
      if (enabled) write("\n");
    },
  };
}
