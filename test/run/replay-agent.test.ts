import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
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

  it("records where its calls are, so --resume DIR alone reads them again, refused once they changed or are gone", async () => {
    const two = PICK.slice(3, 5);
    const calls = scratch("replay-resume-calls");
    const listOf = (name: string): string => JSON.stringify(events(recorded, name).filter((e) => e.type === "tool_call").map((e) => ({ name: e.name, arguments: e.arguments, side: e.side })));
    for (const name of two) writeFileSync(join(calls, `${name}.json`), listOf(name));
    const out = scratch("replay-resume");
    const r = await evalsim(["run", "--agent", "replay", "--calls", calls, "--scenarios", ...two, "--seed", "2", "--workers", "1", "--out", out]);
    expect(r.code, r.err).toBe(0);
    const run = runFolder(out);
    const configFile = join(run, "run_config.json");
    const config = JSON.parse(readFileSync(configFile, "utf8")) as Record<string, unknown>;
    expect(config["calls_file"]).toBe(resolve(calls));
    expect(config["calls_digest"]).toMatch(/^[0-9a-f]{64}$/);
    const stopAt = (): void => rmSync(join(run, two[1] as string), { recursive: true, force: true });

    stopAt();
    const resumed = await evalsim(["run", "--resume", run]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toBe("");
    expect(hashes(run, two[1] as string)).toEqual(hashes(recorded, two[1] as string));

    // One recorded list changed since the run started: refused in one line naming the calls.
    stopAt();
    writeFileSync(join(calls, `${two[1]}.json`), "[]");
    const changed = await evalsim(["run", "--resume", run]);
    expect(changed.code).toBe(2);
    expect(changed.err).toBe(`evalsim run: --calls ${resolve(calls)}: changed since the run started (its digest differs from ${configFile}: calls_digest); restore it, or start a new run\n`);
    // Other calls given on the command line are refused as before.
    const given = await evalsim(["run", "--resume", run, "--calls", calls]);
    expect(given.code).toBe(2);
    expect(given.err).toMatch(/^evalsim run: .*run_config\.json: calls_digest is "[0-9a-f]{64}", but this resume gives "[0-9a-f]{64}"; give the run's --calls again, or leave it out to read the ones the run recorded\n$/);
    rmSync(calls, { recursive: true });
    const gone = await evalsim(["run", "--resume", run]);
    expect(gone.code).toBe(2);
    expect(gone.err).toBe(`evalsim run: --calls ${resolve(calls)}: gone since the run started (${configFile}: calls_file); give --calls with the run's recorded calls again\n`);
    // The same calls given again, from another place, are read.
    const moved = scratch("replay-resume-moved");
    for (const name of two) writeFileSync(join(moved, `${name}.json`), listOf(name));
    const again = await evalsim(["run", "--resume", run, "--calls", moved]);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toBe("");
    expect(hashes(run, two[1] as string)).toEqual(hashes(recorded, two[1] as string));
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
