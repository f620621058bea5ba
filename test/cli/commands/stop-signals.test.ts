import { describe, expect, it, vi } from "vitest";
import { GRACE_SECONDS, withStopSignals } from "../../../src/cli/commands/stop-signals.js";
import type { CliIo } from "../../../src/cli/io.js";
import { createRunControl } from "../../../src/run/control.js";

function captureIo(): CliIo & { errors: string[] } {
  const errors: string[] = [];
  return { errors, out: () => undefined, err: (t) => void errors.push(t), env: {}, isTty: false, readStdin: () => "", now: () => new Date(0) };
}

describe("withStopSignals", () => {
  it("stops on the first signal with a grace period and abandons on the second", async () => {
    const timers: number[] = [];
    const control = createRunControl((ms) => (timers.push(ms), { cancel: () => undefined }));
    const io = captureIo();
    const listeners = process.listenerCount("SIGINT");
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const value = await withStopSignals(control, io, () => {
      expect(process.listenerCount("SIGINT")).toBe(listeners + 1);
      process.emit("SIGINT");
      expect(control.stopped).toEqual({ cause: "SIGINT", message: "SIGINT received" });
      expect(control.abandoned).toBe(false);
      process.emit("SIGINT");
      expect(control.abandoned).toBe(true);
      return Promise.resolve("done");
    });
    expect(value).toBe("done");
    expect(timers).toEqual([GRACE_SECONDS * 1000]);
    expect(io.errors).toEqual([
      "\nSIGINT: no new scenarios start; those in flight get 10 s to finish (Ctrl-C again abandons them)\n",
      "\nSIGINT again: abandoning the scenarios in flight\n",
    ]);
    expect(process.listenerCount("SIGINT")).toBe(listeners);
    // Abandoned conversations may still hold the event loop: the process exits once the command has returned.
    await new Promise((resolve) => setImmediate(resolve));
    expect(exit).toHaveBeenCalledTimes(1);
    exit.mockRestore();
  });

  it("removes its handlers when the run throws", async () => {
    const control = createRunControl(() => ({ cancel: () => undefined }));
    const listeners = process.listenerCount("SIGTERM");
    await expect(withStopSignals(control, captureIo(), () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(process.listenerCount("SIGTERM")).toBe(listeners);
    expect(control.stopped).toBeUndefined();
  });
});
