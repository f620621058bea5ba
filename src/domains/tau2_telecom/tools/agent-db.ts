/**
 * The agent-side (back-office) DB as the agent tools read it, its lookups, and
 * the tools' failure value: the reference raises ValueError and reports it as
 * `{status: "error", error_type: "tool_error", message}`.
 */
import type { JsonObject, JsonValue } from "../../../json/types.js";

export interface Customer extends JsonObject {
  customer_id: string;
  full_name: string;
  date_of_birth: string;
  phone_number: string;
  line_ids: string[];
  bill_ids: string[];
}

export interface Line extends JsonObject {
  line_id: string;
  phone_number: string;
  status: string;
  plan_id: string;
  data_used_gb: number;
  data_refueling_gb: number;
  roaming_enabled: boolean;
  suspension_start_date: string | null;
}

export interface Plan extends JsonObject {
  plan_id: string;
  data_limit_gb: number;
  data_refueling_price_per_gb: number;
}

export interface LineItem extends JsonObject {
  description: string;
  amount: number;
  date: string;
  item_type: string;
}

export interface Bill extends JsonObject {
  bill_id: string;
  customer_id: string;
  issue_date: string;
  total_due: number;
  line_items: LineItem[];
  status: string;
}

export interface AgentDb {
  customers: Customer[];
  lines: Line[];
  plans: Plan[];
  bills: Bill[];
  devices: JsonObject[];
}

export function agentDb(db: JsonObject): AgentDb {
  return db as unknown as AgentDb;
}

export interface ToolError extends JsonObject {
  status: "error";
  error_type: "tool_error";
  message: string;
}

export function toolError(message: string): ToolError {
  return { status: "error", error_type: "tool_error", message };
}

function findBy<T extends JsonObject>(rows: readonly T[], key: string, id: JsonValue): T | undefined {
  return rows.find((row) => row[key] === id);
}

export const findCustomer = (db: AgentDb, id: string): Customer | undefined => findBy(db.customers, "customer_id", id);
export const findLine = (db: AgentDb, id: string): Line | undefined => findBy(db.lines, "line_id", id);
export const findPlan = (db: AgentDb, id: string): Plan | undefined => findBy(db.plans, "plan_id", id);
export const findBill = (db: AgentDb, id: string): Bill | undefined => findBy(db.bills, "bill_id", id);
export const findDevice = (db: AgentDb, id: string): JsonObject | undefined => findBy(db.devices, "device_id", id);

/** A line, checked to belong to the customer, or the reference's failure message. */
export function targetLine(db: AgentDb, customerId: string, lineId: string): { line: Line } | { error: ToolError } {
  const customer = findCustomer(db, customerId);
  if (customer === undefined) return { error: toolError(`Customer with ID ${customerId} not found`) };
  if (!customer.line_ids.includes(lineId)) return { error: toolError(`Line ${lineId} not found for customer ${customerId}`) };
  const line = findLine(db, lineId);
  if (line === undefined) return { error: toolError(`Line with ID ${lineId} not found`) };
  return { line };
}
