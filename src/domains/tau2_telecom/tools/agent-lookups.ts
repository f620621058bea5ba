/** The agent's read-only lookups of customers, lines, bills, plans and data usage. */
import { z } from "zod";
import { laxInt } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";
import { compareCodePoints } from "../../../json/py-string.js";
import { lastDayOfMonth } from "./calendar.js";
import type { Bill } from "./agent-db.js";
import { agentDb, findBill, findCustomer, findDevice, findLine, findPlan, targetLine, toolError } from "./agent-db.js";
import { pyDict, pyGet, sliceBound, type PyInt } from "../../../python/num.js";

export const getCustomerByPhoneTool = defineTool({
  name: "get_customer_by_phone",
  description: "Finds a customer by their primary contact or line phone number. Returns the customer record if found, or an error if not.",
  args: z.object({ phone_number: z.string().describe("The phone number to search for.") }),
  kind: "read",
  run(raw, { phone_number }) {
    const db = agentDb(raw);
    // Each customer's primary number, then that customer's lines, before the next customer.
    for (const customer of db.customers) {
      if (customer.phone_number === phone_number) return { ...customer };
      for (const lineId of customer.line_ids) {
        if (findLine(db, lineId)?.phone_number === phone_number) return { ...customer };
      }
    }
    return toolError(`Customer with phone number ${phone_number} not found`);
  },
});

export const getCustomerByIdTool = defineTool({
  name: "get_customer_by_id",
  description: "Retrieves a customer directly by their unique customer ID.",
  args: z.object({ customer_id: z.string().describe("Customer ID (e.g., 'C1001').") }),
  kind: "read",
  run(raw, { customer_id }) {
    const customer = findCustomer(agentDb(raw), customer_id);
    return customer ? { ...customer } : toolError(`Customer with ID ${customer_id} not found`);
  },
});

export const getCustomerByNameTool = defineTool({
  name: "get_customer_by_name",
  description:
    "Searches for customers by full name + date of birth. DOB is required to disambiguate customers sharing a name. Returns a list of matching customer records (usually 0 or 1).",
  args: z.object({
    full_name: z.string().describe("Customer's full name."),
    dob: z.string().describe("Date of birth in YYYY-MM-DD format."),
  }),
  kind: "read",
  run(raw, { full_name, dob }) {
    const wanted = full_name.toLowerCase();
    // An empty list is a result, not an error.
    return agentDb(raw)
      .customers.filter((c) => c.full_name.toLowerCase() === wanted && c.date_of_birth === dob)
      .map((c) => ({ ...c }));
  },
});

export const getDetailsByIdTool = defineTool({
  name: "get_details_by_id",
  description:
    "Retrieves the details for a given ID. The ID must be a valid ID for a Customer (C-prefix), Line (L-prefix), Device (D-prefix), Bill (B-prefix), or Plan (P-prefix).",
  args: z.object({ id: z.string().describe("ID with prefix C/L/D/B/P (e.g., 'C1001', 'L1002', 'B1003').") }),
  kind: "read",
  run(raw, { id }) {
    const db = agentDb(raw);
    let found: JsonObject | undefined;
    if (id.startsWith("L")) found = findLine(db, id);
    else if (id.startsWith("D")) found = findDevice(db, id);
    else if (id.startsWith("B")) found = findBill(db, id);
    else if (id.startsWith("C")) found = findCustomer(db, id);
    else if (id.startsWith("P")) found = findPlan(db, id);
    else return toolError(`Unknown ID format or type: ${id}`);
    return found ? { ...found } : toolError(`Object with ID ${id} not found`);
  },
});

/** Python's `items[:limit]`, where a negative limit counts from the end. */
function headSlice<T>(items: readonly T[], limit: PyInt): T[] {
  const n = sliceBound(limit);
  return items.slice(0, n < 0 ? Math.max(0, items.length + n) : n);
}

export const getBillsForCustomerTool = defineTool({
  name: "get_bills_for_customer",
  description: "Retrieves a list of the customer's bills, most-recent-first. Optionally limits the number of bills returned.",
  args: z.object({
    customer_id: z.string().describe("Customer ID."),
    limit: laxInt().default(12).describe("Maximum number of bills to return (default 12)."),
  }),
  kind: "read",
  run(raw, { customer_id, limit }) {
    const db = agentDb(raw);
    const customer = findCustomer(db, customer_id);
    if (customer === undefined) return toolError(`Customer with ID ${customer_id} not found`);
    const bills = customer.bill_ids.map((id) => findBill(db, id)).filter((b): b is Bill => b !== undefined);
    // Stable, newest issue date first; equal dates keep their bill_ids order.
    bills.sort((a, b) => compareCodePoints(b.issue_date, a.issue_date));
    return headSlice(bills, limit).map((b) => ({ ...b }));
  },
});

export const getDataUsageTool = defineTool({
  name: "get_data_usage",
  description:
    "Retrieves current billing cycle data usage for a line, including data refueling amount, data limit, and cycle end date.",
  args: z.object({
    customer_id: z.string().describe("Customer ID."),
    line_id: z.string().describe("Line ID."),
  }),
  kind: "read",
  run(raw, { customer_id, line_id }, ctx) {
    const db = agentDb(raw);
    const target = targetLine(db, customer_id, line_id);
    if ("error" in target) return target.error;
    const { line } = target;
    const plan = findPlan(db, line.plan_id);
    if (plan === undefined) return toolError(`Plan ${line.plan_id} not found for line ${line_id}`);
    return pyDict({
      line_id,
      data_used_gb: pyGet(line, "data_used_gb"),
      data_limit_gb: pyGet(plan, "data_limit_gb"),
      data_refueling_gb: pyGet(line, "data_refueling_gb"),
      // The cycle ends on the last day of the current month.
      cycle_end_date: lastDayOfMonth(ctx.today),
    });
  },
});

export const agentLookupTools = [
  getCustomerByPhoneTool,
  getCustomerByIdTool,
  getCustomerByNameTool,
  getDetailsByIdTool,
  getBillsForCustomerTool,
  getDataUsageTool,
];
