/** The agent's billing actions: request payment of a bill, sell extra data. */
import { z } from "zod";
import { laxFloat } from "../../../engine/binding/lax.js";
import type { ToolContext } from "../../../engine/types.js";
import { defineTool } from "../../../engine/types.js";
import { pyFixed2, pyFloatStr } from "../../../python/float.js";
import { pyFloatFieldStr } from "../../../python/text.js";
import { recordAction } from "./action-record.js";
import type { AgentDb, Bill, Customer } from "./agent-db.js";
import { agentDb, findBill, findCustomer, findPlan, targetLine, toolError } from "./agent-db.js";
import { addDays, firstOfMonthAfter, formatIsoDate, parseIsoDate } from "./calendar.js";
import { PyError } from "../../../python/error.js";
import { setFloat, withFloats } from "../../../json/py-float.js";

export const sendPaymentRequestTool = defineTool({
  name: "send_payment_request",
  description:
    "Sends a payment request to the customer for a specific bill. Sets the bill to AWAITING_PAYMENT. Fails if another bill is already awaiting payment for this customer (one open request at a time).",
  args: z.object({
    customer_id: z.string().describe("Customer ID."),
    bill_id: z.string().describe("Bill ID."),
  }),
  kind: "write",
  run(raw, { customer_id, bill_id }, ctx) {
    const db = agentDb(raw);
    const customer = findCustomer(db, customer_id);
    if (customer === undefined) return toolError(`Customer ${customer_id} not found`);
    const awaiting = customer.bill_ids.some((id) => findBill(db, id)?.status === "Awaiting Payment");
    if (awaiting) return toolError("A bill is already awaiting payment for this customer");
    if (!customer.bill_ids.includes(bill_id)) return toolError(`Bill ${bill_id} not found for customer ${customer_id}`);
    const bill = findBill(db, bill_id);
    // The customer lists a bill the DB does not hold: the reference crashes here too.
    if (bill === undefined) throw new PyError("TypeError", "'NoneType' object does not support item assignment");
    bill.status = "Awaiting Payment";
    recordAction(ctx, "send_payment_request", { customer_id, bill_id }, { bill_id, status: "Awaiting Payment" });
    return `Payment request sent to the customer for bill ${bill_id}`;
  },
});

/** The customer's first Draft bill, or a new empty Draft bill for next month. */
function draftBill(db: AgentDb, customer: Customer, ctx: ToolContext): Bill {
  for (const id of customer.bill_ids) {
    const bill = findBill(db, id);
    if (bill?.status === "Draft") return bill;
  }
  const today = parseIsoDate(ctx.today);
  const nextMonth = firstOfMonthAfter(today, 1);
  // The reference mints `B` + 8 random lower-case hex digits (a uuid4 prefix).
  const billId = `B${ctx.rng.hex(8)}`;
  const bill: Bill = {
    bill_id: billId,
    customer_id: customer.customer_id,
    period_start: formatIsoDate(nextMonth),
    period_end: formatIsoDate(addDays(firstOfMonthAfter(today, 2), -1)),
    issue_date: formatIsoDate(nextMonth),
    total_due: 0,
    due_date: formatIsoDate(addDays(nextMonth, 14)),
    line_items: [],
    status: "Draft",
  };
  db.bills.push(bill);
  customer.bill_ids.push(billId);
  return bill;
}

/** Add a charge (or, if negative, a credit) to the customer's Draft bill. */
function applyOneTimeCharge(db: AgentDb, customer: Customer, amount: number, description: string, ctx: ToolContext): void {
  const bill = draftBill(db, customer, ctx);
  // The amount is a float (a per-GB price times a float); so is any total it is added to.
  bill.line_items.push(withFloats({ description, amount, date: ctx.today, item_type: amount < 0 ? "Credit" : "Charge" }, "amount"));
  setFloat(bill, "total_due", (Object.hasOwn(bill, "total_due") ? bill.total_due : 0) + amount);
}

export const refuelDataTool = defineTool({
  name: "refuel_data",
  description:
    "Refuels data for a specific line with a positive GB amount. Adds a one-time charge to the customer's next bill at the plan's per-GB refueling rate.",
  args: z.object({
    customer_id: z.string().describe("Customer ID."),
    line_id: z.string().describe("Line ID."),
    gb_amount: laxFloat().describe("Amount of data to add, in GB (positive)."),
  }),
  kind: "write",
  run(raw, { customer_id, line_id, gb_amount }, ctx) {
    const db = agentDb(raw);
    if (gb_amount <= 0) return toolError("Refuel amount must be positive");
    const target = targetLine(db, customer_id, line_id);
    if ("error" in target) return target.error;
    const { line } = target;
    const plan = findPlan(db, line.plan_id);
    if (plan === undefined) return toolError("Plan not found for this line");
    const pricePerGb = plan.data_refueling_price_per_gb;
    const charge = gb_amount * pricePerGb;
    // `line.get("data_refueling_gb", 0.0) + gb_amount`: a float, gb_amount being one.
    setFloat(line, "data_refueling_gb", (Object.hasOwn(line, "data_refueling_gb") ? line.data_refueling_gb : 0) + gb_amount);
    const customer = findCustomer(db, customer_id) as Customer; // targetLine found it
    const description = `Data refueling: ${pyFloatStr(gb_amount)} GB at $${pyFloatFieldStr(pricePerGb)}/GB`;
    applyOneTimeCharge(db, customer, charge, description, ctx);
    recordAction(
      ctx,
      "refuel_data",
      withFloats({ customer_id, line_id, gb_amount }, "gb_amount"),
      withFloats({ new_data_refueling_gb: line.data_refueling_gb, charge }, "new_data_refueling_gb", "charge"),
    );
    return withFloats(
      {
        message: `Successfully added ${pyFloatStr(gb_amount)} GB of data for line ${line_id} for $${pyFixed2(charge)}`,
        new_data_refueling_gb: line.data_refueling_gb,
        charge,
      },
      "new_data_refueling_gb",
      "charge",
    );
  },
});

export const agentBillingTools = [sendPaymentRequestTool, refuelDataTool];
