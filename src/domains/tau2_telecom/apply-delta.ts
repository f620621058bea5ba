/**
 * Applying a telecom sync delta to one side's DB. Keys are
 * `surroundings.<field>` (a single literal key), `bills[<id>].<field>`, or a
 * dotted path; a network search follows when any surroundings key landed.
 */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { simulateNetworkSearch } from "./network.js";
import { describeException, getItem, getOr, iterate, PyError, pyEquals, setDefault, setItem } from "../../python/semantics.js";

const SURROUNDINGS = "surroundings.";
// Python's `.` excludes only "\n", and `$` also matches before one final "\n".
const BILL_FIELD = /^bills\[([^\]]+)\]\.([^\n]+)\n?$/;

/** Set `value` at a dotted path; every intermediate key must already exist. */
export function setDottedPath(db: JsonObject, path: string, value: JsonValue): void {
  const parts = path.split(".");
  const last = parts.pop() ?? "";
  let target: JsonValue = db;
  for (const part of parts) target = getItem(target, part);
  setItem(target, last, value);
}

/** Set `field` on the first bill with that id; an unknown bill is a no-op. */
function setBillField(db: JsonObject, billId: string, field: string, value: JsonValue): void {
  const bill = iterate(getOr(db, "bills", [])).find((b) => pyEquals(getOr(b, "bill_id", null), billId));
  if (bill !== undefined) setItem(bill, field, value);
}

/** Apply every key in order; returns whether a surroundings key was among them. */
function applyKeys(db: JsonObject, delta: JsonObject): boolean {
  let surroundingsChanged = false;
  for (const [path, value] of Object.entries(delta)) {
    if (path.startsWith(SURROUNDINGS)) {
      setItem(setDefault(db, "surroundings", {}), path.slice(SURROUNDINGS.length), value);
      surroundingsChanged = true;
      continue;
    }
    const bill = BILL_FIELD.exec(path);
    if (bill) setBillField(db, bill[1] ?? "", bill[2] ?? "", value);
    else setDottedPath(db, path, value);
  }
  return surroundingsChanged;
}

/**
 * `apply_telecom_sync_delta` as `apply_sync_delta` runs it. A failing key
 * stops the delta: earlier keys stay applied, later ones and the network
 * search are skipped, and the reference's log line is returned instead of
 * only being logged. A network search that trips over a DB without the
 * device shape (KeyError/TypeError) is skipped silently, as in the reference.
 */
export function applyTelecomSyncDelta(db: JsonObject, delta: JsonObject): string[] {
  try {
    if (!applyKeys(db, delta)) return [];
    try {
      simulateNetworkSearch(db);
    } catch (e) {
      if (!(e instanceof PyError && (e.pyType === "KeyError" || e.pyType === "TypeError"))) throw e;
    }
    return [];
  } catch (e) {
    if (!(e instanceof PyError)) throw e;
    return [`apply_sync_delta failed on domain='tau2_telecom': ${describeException(e)}`];
  }
}
