/**
 * Applier cases with the NeMo reference's outcome for each: `apply_sync_delta(
 * "tau2_telecom", db, delta)` (sync_appliers.py → apply_telecom_sync_delta in
 * tau2_telecom_sync.py) on a fresh fixture DB with `set` applied. `expect.errors` are
 * the lines the reference logged at ERROR level; `changes` the leaf paths that changed.
 */
import type { JsonObject, JsonValue } from "../../../../src/json/types.js";

export interface ApplyCase {
  label: string;
  side: "agent" | "user";
  delta: JsonObject;
  set?: Record<string, JsonValue>;
  expect: { errors: string[]; changes: [string, JsonValue][] };
}

export const APPLY_CASES: readonly ApplyCase[] = [
  {"label": "surroundings key then a network search", "side": "user", "delta": {"surroundings.line_active": false}, "expect": {"errors": [], "changes": [["device.network_connection_status", "no_service"], ["device.network_signal_strength", "none"], ["device.network_technology_connected", "none"], ["surroundings.line_active", false]]}},
  {"label": "any surroundings key runs the search", "side": "user", "delta": {"surroundings.name": "John"}, "expect": {"errors": [], "changes": [["device.network_signal_strength", "excellent"], ["surroundings.name", "John"]]}},
  {"label": "payment request object", "side": "user", "delta": {"surroundings.payment_request": {"bill_id": "B1002", "amount_due": 150.0, "paid": false}}, "expect": {"errors": [], "changes": [["device.network_signal_strength", "excellent"], ["surroundings.payment_request", "<deleted>"], ["surroundings.payment_request.amount_due", 150.0], ["surroundings.payment_request.bill_id", "B1002"], ["surroundings.payment_request.paid", false]]}},
  {"label": "new surroundings key is created", "side": "user", "delta": {"surroundings.brand_new": 1}, "expect": {"errors": [], "changes": [["device.network_signal_strength", "excellent"], ["surroundings.brand_new", 1]]}},
  {"label": "rest of the key is one literal field", "side": "user", "delta": {"surroundings.signal_strength.5G": "none"}, "expect": {"errors": [], "changes": [["device.network_signal_strength", "excellent"], ["surroundings.signal_strength.5G", "none"]]}},
  {"label": "dotted path elsewhere: no search", "side": "user", "delta": {"device.airplane_mode": true}, "expect": {"errors": [], "changes": [["device.airplane_mode", true]]}},
  {"label": "empty delta does nothing", "side": "user", "delta": {}, "set": {"device.network_signal_strength": "poor"}, "expect": {"errors": [], "changes": []}},
  {"label": "surroundings missing: created, search skipped", "side": "user", "delta": {"surroundings.line_active": true}, "set": {"surroundings": "<delete>"}, "expect": {"errors": [], "changes": [["surroundings.line_active", true]]}},
  {"label": "surroundings null: error", "side": "user", "delta": {"surroundings.line_active": true}, "set": {"surroundings": null}, "expect": {"errors": ["apply_sync_delta failed on domain='tau2_telecom': TypeError: 'NoneType' object does not support item assignment"], "changes": []}},
  {"label": "search raising AttributeError is reported", "side": "user", "delta": {"surroundings.signal_strength": ["good"]}, "expect": {"errors": ["apply_sync_delta failed on domain='tau2_telecom': AttributeError: 'list' object has no attribute 'get'"], "changes": [["surroundings.signal_strength.0", "good"], ["surroundings.signal_strength.2G", "<deleted>"], ["surroundings.signal_strength.3G", "<deleted>"], ["surroundings.signal_strength.4G", "<deleted>"], ["surroundings.signal_strength.5G", "<deleted>"]]}},
  {"label": "bill field by id", "side": "agent", "delta": {"bills[B1002].status": "Paid"}, "expect": {"errors": [], "changes": [["bills.1.status", "Paid"]]}},
  {"label": "unknown bill is a no-op", "side": "agent", "delta": {"bills[B404].status": "Paid"}, "expect": {"errors": [], "changes": []}},
  {"label": "bill field may be new", "side": "agent", "delta": {"bills[B1003].paid_on": "2025-02-25"}, "expect": {"errors": [], "changes": [["bills.2.paid_on", "2025-02-25"]]}},
  {"label": "bill field with dots is one key", "side": "agent", "delta": {"bills[B1003].a.b": 1}, "expect": {"errors": [], "changes": [["bills.2.a.b", 1]]}},
  {"label": "bill path with a trailing newline", "side": "agent", "delta": {"bills[B1002].status\n": "Paid"}, "expect": {"errors": [], "changes": [["bills.1.status", "Paid"]]}},
  {"label": "bill id without field is a dotted path", "side": "agent", "delta": {"bills[B1002]": "x"}, "expect": {"errors": [], "changes": [["bills[B1002]", "x"]]}},
  {"label": "first bill with the id wins", "side": "agent", "delta": {"bills[B1002].status": "Paid"}, "set": {"bills.2.bill_id": "B1002"}, "expect": {"errors": [], "changes": [["bills.1.status", "Paid"]]}},
  {"label": "surroundings key on the agent DB: search skipped", "side": "agent", "delta": {"surroundings.line_active": false}, "expect": {"errors": [], "changes": [["surroundings.line_active", false]]}},
  {"label": "top-level dotted path", "side": "agent", "delta": {"note": "hi"}, "expect": {"errors": [], "changes": [["note", "hi"]]}},
  {"label": "missing intermediate stops the delta", "side": "agent", "delta": {"bills[B1002].status": "Paid", "meta.version": 2, "bills[B1003].status": "Paid"}, "expect": {"errors": ["apply_sync_delta failed on domain='tau2_telecom': KeyError: 'meta'"], "changes": [["bills.1.status", "Paid"]]}},
  {"label": "failure after a surroundings key skips the search", "side": "user", "delta": {"surroundings.line_active": false, "nothing.here": 1, "surroundings.name": "x"}, "expect": {"errors": ["apply_sync_delta failed on domain='tau2_telecom': KeyError: 'nothing'"], "changes": [["surroundings.line_active", false]]}},
  {"label": "list in the path", "side": "agent", "delta": {"lines.status": "Suspended"}, "expect": {"errors": ["apply_sync_delta failed on domain='tau2_telecom': TypeError: list indices must be integers or slices, not str"], "changes": []}},
  {"label": "bills not a list of dicts", "side": "agent", "delta": {"bills[B1].status": "Paid"}, "set": {"bills": ["B1"]}, "expect": {"errors": ["apply_sync_delta failed on domain='tau2_telecom': AttributeError: 'str' object has no attribute 'get'"], "changes": []}},
];
