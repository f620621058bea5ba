/**
 * The driver process: started on a (stand-in) checkout it answers requests in
 * order; a checkout whose tools do not import is refused with the driver's
 * last error line; a request the driver cannot run comes back as `fatal`.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ReferenceStartError, startReference } from "../../src/crosscheck/reference-process.js";
import { askScoring } from "../../src/crosscheck/scoring-ask.js";
import { buildStandIn } from "./stand-in.js";

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tree = (): string => {
  const t = buildStandIn();
  made.push(t);
  return t;
};

describe("the reference driver process", () => {
  it("answers requests in the order they were sent, through the checkout's own code", async () => {
    const ref = await startReference(tree(), "/nonexistent-data-root");
    try {
      const [a, b] = await Promise.all([askScoring(ref, { id: 1, op: "signal_passes", values: [1, 0.5, "N/A"] }), askScoring(ref, { id: 2, op: "signal_passes", values: [true] })]);
      expect(a).toEqual({ body: { id: 1, results: [true, false, null] } });
      expect(b).toEqual({ body: { id: 2, results: [true] } });
      // The stand-in has no check_if_task_success: a piece missing, not a failure.
      expect(await askScoring(ref, { id: 3, op: "action_match", pairs: [] })).toMatchObject({ missing: expect.stringMatching(/check_if_task_success/) as unknown });
    } finally {
      await ref.close();
    }
  }, 30_000);

  it("turns a request the driver cannot run into an error carrying its trace", async () => {
    const ref = await startReference(tree(), "/nonexistent-data-root");
    try {
      await expect(askScoring(ref, { id: 1, op: "scoring", min_agent_turns: 0, outcomes: [{ domain: "x", whitelist: ["no_such_signal"], signals: {}, metrics: {}, nl_verdicts: null }] })).rejects.toThrow(/reference driver failed scoring: ValueError/);
    } finally {
      await ref.close();
    }
  }, 30_000);

  it("refuses a checkout whose tools do not import, with the driver's last error line", async () => {
    const t = tree();
    writeFileSync(join(t, "nemo_voice_agent/evaluation/tools/__init__.py"), "raise RuntimeError('tools are broken here')\n");
    const started = startReference(t, "/nonexistent-data-root");
    await expect(started).rejects.toBeInstanceOf(ReferenceStartError);
    await expect(started).rejects.toThrow(/could not be loaded from .*: RuntimeError: tools are broken here/);
  }, 30_000);
});
