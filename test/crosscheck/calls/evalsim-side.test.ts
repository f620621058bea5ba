/**
 * evalsim's half of the differential run: the random hex strings a call
 * draws are recorded (the reference is handed them for its uuid4), and a
 * telecom write is followed by the sync a live run does.
 */
import { describe, expect, it } from "vitest";
import { recordingEnv, runCall } from "../../../src/crosscheck/calls/evalsim-side.js";
import { initialRunState } from "../../../src/engine/dispatch.js";
import { createRng } from "../../../src/engine/rng.js";
import { step } from "../../../src/engine/step.js";
import { domains } from "../../../src/domains/index.js";
import type { JsonObject } from "../../../src/json/types.js";
import { fixtureDb, TODAY } from "../../domains/tau2_telecom/telecom-harness.js";

const telecom = domains.find((d) => d.name === "tau2_telecom");
if (!telecom) throw new Error("tau2_telecom is not a built-in domain");

const billIds = (db: JsonObject | undefined): string[] => ((db?.["bills"] as JsonObject[]) ?? []).map((b) => b["bill_id"] as string);

function refuel(customer: string, line: string): { drawn: string[]; before: string[]; after: string[] } {
  const drawn: string[] = [];
  const env = recordingEnv({ today: TODAY, rng: createRng(7), names: "llm" }, drawn);
  const state = initialRunState({ agent: fixtureDb("agent"), user: fixtureDb("user") });
  const out = step(telecom as NonNullable<typeof telecom>, state, "agent", { name: "refuel_data", arguments: { customer_id: customer, line_id: line, gb_amount: 2 } }, env, "after-writes");
  expect(out.call.status).toBe("ok");
  return { drawn, before: billIds(state.dbs.agent), after: billIds(out.state.dbs.agent) };
}

describe("random ids", () => {
  it("records the hex string drawn for a new bill, which is the id's tail in the reference's format", () => {
    // C1003 has no Draft bill: a new one is minted.
    const { drawn, before, after } = refuel("C1003", "L1009");
    expect(drawn).toHaveLength(1);
    // The reference mints f"B{uuid.uuid4().hex[:8]}": UUID.hex is 32 lower-case hex digits.
    expect(drawn[0]).toMatch(/^[0-9a-f]{8}$/);
    expect(after.filter((id) => !before.includes(id))).toEqual([`B${drawn[0]}`]);
  });
  it("draws nothing when the customer has a Draft bill", () => {
    const { drawn, before, after } = refuel("C1001", "L1002");
    expect(drawn).toEqual([]);
    expect(after).toEqual(before);
  });
  it("records what the wrapped RNG returns, leaving its stream as it was", () => {
    const drawn: string[] = [];
    const env = recordingEnv({ today: TODAY, rng: createRng(42) }, drawn);
    const plain = createRng(42);
    const seen = [env.rng.hex(8), env.rng.next(), env.rng.hex(3)];
    const expected = [plain.hex(8), plain.next(), plain.hex(3)];
    expect(seen).toEqual(expected);
    expect(drawn).toEqual([expected[0], expected[2]]);
  });
});

describe("sync after a write", () => {
  // The user's phone is line L1001's number, so agent-side line changes reach the user's DB.
  function run(name: string, args: JsonObject): { synced: boolean; lineActive: unknown } {
    const agent = fixtureDb("agent");
    const user = fixtureDb("user");
    const line = (agent["lines"] as JsonObject[]).find((l) => l["line_id"] === "L1001") as JsonObject;
    (user["surroundings"] as JsonObject)["phone_number"] = line["phone_number"] as string;
    const drawn: string[] = [];
    const env = recordingEnv({ today: TODAY, rng: createRng(1), names: "llm" }, drawn);
    const out = runCall({ domain: telecom as NonNullable<typeof telecom> }, initialRunState({ agent, user }), env, drawn, { name, side: "agent", args: JSON.stringify(args), bend: "plan" });
    return { synced: out.synced, lineActive: (out.state.dbs.user?.["surroundings"] as JsonObject)["line_active"] };
  }
  it("a successful write is followed by sync, which updates the other side", () => {
    expect(run("suspend_line", { customer_id: "C1001", line_id: "L1001", reason: "travel" })).toEqual({ synced: true, lineActive: false });
  });
  it("a read or a refused write syncs nothing", () => {
    expect(run("get_details_by_id", { id: "L1001" })).toEqual({ synced: false, lineActive: true });
    expect(run("suspend_line", { customer_id: "C1002", line_id: "L1001", reason: "travel" })).toEqual({ synced: false, lineActive: true });
  });
});
