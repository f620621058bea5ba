/**
 * Re-hashing the tau2_airline DB after one write to a reservation, as a live
 * run does after each write: the DB was hashed before, the write is an immer
 * produce on it, and only the new version is timed.
 */
import { produce } from "immer";
import { Workspace } from "../../src/engine/workspace.js";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { loadAirlineDb } from "../../src/domains/tau2_airline/data.js";
import { compareCodePoints } from "../../src/json/py-string.js";
import type { JsonObject } from "../../src/json/types.js";
import { dbHash } from "../../src/hash/db/index.js";
import type { BenchContext } from "../lib/context.js";
import { timeTask, timing } from "../lib/measure.js";
import type { Row } from "../lib/report.js";

/** A conversation makes a handful of writes; start over from the fixture after this many. */
const WRITES_PER_CONVERSATION = 20;

function writeTo(db: JsonObject, id: string): JsonObject {
  return produce(db, (d) => {
    const r = (d["reservations"] as JsonObject)[id] as JsonObject;
    r["status"] = r["status"] === "cancelled" ? "active" : "cancelled";
  });
}

export async function rehashSection(ctx: BenchContext): Promise<Row[]> {
  const fixture = loadAirlineDb(resolveDataRoot({ mustContain: "tau2_airline" })) as unknown as JsonObject;
  dbHash(fixture);
  const ids = Object.keys(fixture["reservations"] as JsonObject).sort(compareCodePoints);
  const opts = { timeMs: ctx.quick ? 300 : 1500, iterations: ctx.quick ? 20 : 200 };
  const section = "rehash";

  // Writes spread over the table (a stride through the canonical order), chained as in a conversation.
  let step = 0;
  let current = fixture;
  const next = (): void => {
    if (step % WRITES_PER_CONVERSATION === 0) current = fixture;
    current = writeTo(current, ids[(step * 7919) % ids.length] as string);
    step++;
  };
  const spread = await timeTask("rehash spread", () => dbHash(current), { ...opts, beforeEach: next });

  // The longest suffix: the first reservation in canonical order, written on the fixture each time.
  let first = fixture;
  const worst = await timeTask("rehash first", () => dbHash(first), { ...opts, beforeEach: () => void (first = writeTo(fixture, ids[0] as string)) });

  let k = 0;
  const write = await timeTask("produce", () => writeTo(fixture, ids[k++ % ids.length] as string), opts);

  // The same writes as transactions of a run's workspace (what runs do), sealed every WRITES_PER_CONVERSATION.
  let ws = new Workspace(fixture);
  let w = 0;
  const inWorkspace = await timeTask(
    "workspace",
    () => {
      if (w % WRITES_PER_CONVERSATION === 0) {
        ws.seal();
        ws = new Workspace(fixture);
      }
      const d = ws.begin();
      const r = (d["reservations"] as JsonObject)[ids[(w++ * 7919) % ids.length] as string] as JsonObject;
      r["status"] = r["status"] === "cancelled" ? "active" : "cancelled";
      ws.commit();
    },
    opts,
  );
  return [
    { section, name: "tau2_airline: re-hash after one write to a reservation", ...timing(spread), targetMs: 2, note: `writes spread over ${ids.length} reservations, ${WRITES_PER_CONVERSATION} per chain` },
    { section, name: "tau2_airline: re-hash, write to the first reservation", ...timing(worst), note: "longest unchanged suffix to hash" },
    { section, name: "tau2_airline: the write itself (immer produce)", ...timing(write), note: "not part of the re-hash; copies the 2000-entry table each time" },
    { section, name: "tau2_airline: the write itself (workspace transaction)", ...timing(inWorkspace), note: `as runs write; the table is copied once per ${WRITES_PER_CONVERSATION} writes` },
  ];
}
