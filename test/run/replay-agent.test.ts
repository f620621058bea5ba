import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalsim, PICK, removeScratch, runFolder, scratch } from "./run-helpers.js";

interface Event {
  type: string;
  side?: string;
  name?: string;
  arguments?: unknown;
}

const events = (dir: string, name: string): Event[] =>
  readFileSync(join(dir, name, "transcript.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Event);
const hashes = (dir: string, name: string): unknown => {
  const m = JSON.parse(readFileSync(join(dir, name, "metrics.json"), "utf8")) as Record<string, unknown>;
  return { db: m["db_hash"], user: m["user_db_hash"], file: readFileSync(join(dir, name, "final_scenario_db_hash.txt"), "utf8") };
};

describe("--agent replay", () => {
  let recorded: string;
  beforeAll(async () => {
    const out = scratch("replay-src");
    expect((await evalsim(["run", "--scenarios", ...PICK, "--seed", "2", "--workers", "1", "--out", out])).code).toBe(0);
    recorded = runFolder(out);
  });

  it("re-issues the tool calls of an earlier run folder and reaches the same DB hashes", async () => {
    const out = scratch("replay-run");
    const r = await evalsim(["run", "--agent", "replay", "--calls", recorded, "--scenarios", ...PICK, "--seed", "2", "--workers", "1", "--out", out]);
    expect(r.code, r.err).toBe(0);
    const replayed = runFolder(out);
    for (const name of PICK) {
      expect(hashes(replayed, name), name).toEqual(hashes(recorded, name));
      const calls = (dir: string): unknown[] => events(dir, name).filter((e) => e.type === "tool_call").map(({ side, name: n, arguments: a }) => ({ type: "tool_call", side, name: n, arguments: a }));
      expect(calls(replayed), name).toEqual(calls(recorded));
    }
    // Telecom scenarios include phone-side calls, which the replay agent asks the user to make.
    expect(events(replayed, PICK[7] as string).some((e) => e.type === "tool_call" && e.side === "user")).toBe(true);
  });

  it("reads a folder of <scenario>.json call lists and a single chat-format file", async () => {
    const calls = scratch("replay-calls");
    for (const name of PICK) {
      const list = events(recorded, name).filter((e) => e.type === "tool_call").map((e) => ({ name: e.name, arguments: e.arguments, side: e.side }));
      writeFileSync(join(calls, `${name}.json`), JSON.stringify(list));
    }
    const out = scratch("replay-folder");
    const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", ...PICK, "--seed", "2", "--workers", "2", "--out", out]);
    expect(r.code, r.err).toBe(0);
    for (const name of PICK) expect(hashes(runFolder(out), name), name).toEqual(hashes(recorded, name));

    const retail = "tau2_retail__105";
    const messages = [
      { role: "user", content: "hi" },
      ...events(recorded, retail)
        .filter((e) => e.type === "tool_call")
        .map((e, i) => ({ role: "assistant", content: null, tool_calls: [{ id: `c${i}`, type: "function", function: { name: e.name, arguments: JSON.stringify(e.arguments) } }] })),
    ];
    const file = join(scratch("replay-chat"), "chat.json");
    writeFileSync(file, JSON.stringify(messages));
    const out2 = scratch("replay-one");
    const r2 = await evalsim(["run", "--agent", "replay", "--calls", file, "--scenarios", retail, "--seed", "2", "--workers", "1", "--out", out2]);
    expect(r2.code, r2.err).toBe(0);
    expect(hashes(runFolder(out2), retail)).toEqual(hashes(recorded, retail));
  });

  it("re-issues each trial's own calls from a run folder's trial_<k> folders", async () => {
    const name = "tau2_retail__105";
    const calls = scratch("replay-trials");
    mkdirSync(join(calls, name, "trial_1"), { recursive: true });
    mkdirSync(join(calls, name, "trial_2"), { recursive: true });
    writeFileSync(join(calls, name, "trial_1", "transcript.jsonl"), readFileSync(join(recorded, name, "transcript.jsonl")));
    writeFileSync(join(calls, name, "trial_2", "transcript.jsonl"), "");
    const out = scratch("replay-trials-run");
    const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", name, "--trials", "2", "--seed", "2", "--workers", "1", "--out", out]);
    expect(r.code === 0 || r.code === 1, r.err).toBe(true);
    const agentCalls = (dir: string): unknown[] => events(dir, "").filter((e) => e.type === "tool_call" && e.name !== "EndConversationTool").map((e) => e.name);
    const recordedCalls = agentCalls(join(recorded, name));
    expect(recordedCalls.length).toBeGreaterThan(0);
    expect(agentCalls(join(runFolder(out), name, "trial_1"))).toEqual(recordedCalls);
    expect(agentCalls(join(runFolder(out), name, "trial_2"))).toEqual([]);
  });

  it("lists the scenarios that have no recording and exits 2 without creating a run folder", async () => {
    const calls = scratch("replay-some");
    writeFileSync(join(calls, `${PICK[0]}.json`), "[]");
    mkdirSync(join(calls, "unrelated"));
    const out = scratch("replay-missing");
    const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", ...PICK.slice(0, 3), "--out", out]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`evalsim run: --calls ${calls}: no recorded calls for 2 scenario(s): ${PICK[1]}, ${PICK[2]}\n`);
    expect(() => runFolder(out)).toThrow(/found none/);
  });

  it("a calls file serves exactly one scenario; --agent replay needs --calls", async () => {
    const file = join(scratch("replay-file"), "calls.json");
    writeFileSync(file, "[]");
    const r = await evalsim(["run", "--agent", "replay", "--calls", file, "--scenarios", ...PICK.slice(0, 2)]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("a calls file serves one scenario, but 2 are selected");
    expect((await evalsim(["run", "--agent", "replay", "--scenarios", PICK[0] as string])).err).toContain("--agent replay needs --calls DIR_OR_FILE");
  });
});

afterAll(removeScratch);
