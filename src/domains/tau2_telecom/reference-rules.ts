/**
 * Which ids telecom calls name, on both sides. Agent side: customers, their
 * lines and bills; `suspend_line_for_overdue_bill` creates `new_bill_id`,
 * which must be free and which later assertions may name. User side: the
 * caller's phone number (sync finds the caller's line by it, in the agent
 * DB) and app names on the mock phone.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "../../json/types.js";
import { field, keyed, one, type RefRule, type RefRules, rules, str } from "../../engine/data-checks/reference-rules.js";

function byId(list: JsonValue | undefined, idField: string): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  if (Array.isArray(list)) for (const r of list) if (isJsonObject(r) && typeof r[idField] === "string") out.set(r[idField], r);
  return out;
}

function ownedIds(db: JsonObject, customerId: string | undefined, listField: string): Set<string> | undefined {
  const customer = customerId === undefined ? undefined : byId(db["customers"], "customer_id").get(customerId);
  const list = field(customer, listField);
  return Array.isArray(list) ? new Set(list.filter((x): x is string => typeof x === "string")) : undefined;
}

const customer: RefRule = (args, dbs) => one(args, "customer_id", "customers", (id) => byId(dbs.agent["customers"], "customer_id").has(id));

/** A line that exists and belongs to the named customer. */
const line: RefRule = (args, dbs) => {
  const exists = one(args, "line_id", "lines", (id) => byId(dbs.agent["lines"], "line_id").has(id));
  if (exists.length > 0) return exists;
  const customerId = str(args["customer_id"]);
  const owned = ownedIds(dbs.agent, customerId, "line_ids");
  return owned ? one(args, "line_id", "lines", (id) => owned.has(id), `of customer ${customerId}`) : [];
};

const bill: RefRule = (args, dbs, created) => {
  const exists = one(args, "bill_id", "bills", (id) => created.has(id) || byId(dbs.agent["bills"], "bill_id").has(id));
  if (exists.length > 0) return exists;
  const customerId = str(args["customer_id"]);
  const owned = ownedIds(dbs.agent, customerId, "bill_ids");
  return owned ? one(args, "bill_id", "bills", (id) => created.has(id) || owned.has(id), `of customer ${customerId}`) : [];
};

const overdueBill: RefRule = (args, dbs, created) =>
  one(args, "overdue_bill_id", "bills", (id) => created.has(id) || byId(dbs.agent["bills"], "bill_id").has(id), "(in db.json or created by an initialization action)");

const newBill: RefRule = (args, dbs, created) => {
  const id = str(args["new_bill_id"]);
  if (id === undefined) return [];
  const taken = byId(dbs.agent["bills"], "bill_id").has(id) || created.has(id);
  created.add(id);
  return taken ? [{ arg: ["new_bill_id"], table: "bills", id, problem: "is created here but is already taken" }] : [];
};

const callerPhone: RefRule = (args, dbs) => {
  const phones = new Set([...byId(dbs.agent["lines"], "line_id").values()].map((l) => l["phone_number"]));
  return one(args, "phone_number", "phone_numbers", (p) => phones.has(p), "of lines in db.json");
};

const app: RefRule = (args, dbs) => keyed(args, "app_name", "apps on the user's phone", field(dbs.user?.["device"], "app_statuses"));

const customerLine = rules(customer, line);

export const TAU2_TELECOM_REFERENCES: RefRules = {
  // Agent-side tools, init functions and predicates.
  get_customer_by_id: customer,
  get_data_usage: customerLine,
  enable_roaming: customerLine,
  disable_roaming: customerLine,
  resume_line: customerLine,
  refuel_data: customerLine,
  suspend_line: customerLine,
  set_data_usage: customerLine,
  send_payment_request: rules(customer, bill),
  suspend_line_for_overdue_bill: rules(customerLine, newBill),
  assert_data_refueling_amount: customerLine,
  assert_no_overdue_bill: overdueBill,
  // User side.
  set_user_info: callerPhone,
  remove_app_permission: app,
  grant_app_permission: app,
};
