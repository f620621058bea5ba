/**
 * The tau2 telecom agent-side DB (`TelecomDB` in `tau2_telecom_params.py`),
 * `tau2_telecom/db.json`.
 *
 * Telecom models forbid unknown fields, so these objects are strict. The
 * file is the models' dump with every default written out, and the tools
 * index fields directly, so every field is required here even where the
 * model has a default.
 */
import { z } from "zod";
import { isoDate, isoDateTimeOrDate, pattern } from "../../loaders/schema-parts.js";

export const DEVICE_TYPES = ["phone", "router", "tablet", "watch", "other"] as const;
export const LINE_STATUSES = ["Active", "Suspended", "Pending Activation", "Closed"] as const;
export const BILL_STATUSES = ["Draft", "Issued", "Awaiting Payment", "Paid", "Overdue", "Disputed"] as const;
export const ACCOUNT_STATUSES = ["Active", "Suspended", "Pending Verification", "Closed"] as const;
export const PAYMENT_METHOD_TYPES = ["Credit Card", "Debit Card", "PayPal"] as const;

const Plan = z.strictObject({
  plan_id: z.string(),
  name: z.string(),
  data_limit_gb: z.number(),
  price_per_month: z.number(),
  data_refueling_price_per_gb: z.number(),
});

const Device = z.strictObject({
  device_id: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  model: z.string(),
  imei: z.string().nullable(),
  is_esim_capable: z.boolean(),
  activated: z.boolean(),
  activation_date: isoDateTimeOrDate().nullable(),
  last_esim_transfer_date: isoDateTimeOrDate().nullable(),
});

const Line = z.strictObject({
  line_id: z.string(),
  phone_number: z.string(),
  status: z.enum(LINE_STATUSES),
  plan_id: z.string(),
  device_id: z.string().nullable(),
  data_used_gb: z.number(),
  data_refueling_gb: z.number(),
  roaming_enabled: z.boolean(),
  contract_end_date: isoDate().nullable(),
  last_plan_change_date: isoDate().nullable(),
  last_sim_replacement_date: isoDate().nullable(),
  suspension_start_date: isoDate().nullable(),
});

const LineItem = z.strictObject({
  description: z.string(),
  amount: z.number(),
  date: isoDate(),
  item_type: z.string(),
});

const Bill = z.strictObject({
  bill_id: z.string(),
  customer_id: z.string(),
  period_start: isoDate(),
  period_end: isoDate(),
  issue_date: isoDate(),
  total_due: z.number(),
  due_date: isoDate(),
  line_items: z.array(LineItem),
  status: z.enum(BILL_STATUSES),
});

const PaymentMethod = z.strictObject({
  method_type: z.enum(PAYMENT_METHOD_TYPES),
  account_number_last_4: z.string(),
  expiration_date: pattern(/^(?:0[1-9]|1[0-2])\/\d{4}$/, "an expiration date (MM/YYYY)"),
});

const Customer = z.strictObject({
  customer_id: z.string(),
  full_name: z.string(),
  /** Compared with what the caller says, so the format is part of the data. */
  date_of_birth: isoDate(),
  email: z.string(),
  phone_number: z.string(),
  address: z.strictObject({ street: z.string(), city: z.string(), state: z.string(), zip_code: z.string() }),
  account_status: z.enum(ACCOUNT_STATUSES),
  payment_methods: z.array(PaymentMethod),
  line_ids: z.array(z.string()),
  bill_ids: z.array(z.string()),
  created_at: isoDateTimeOrDate(),
  last_extension_date: isoDate().nullable(),
  goodwill_credit_used_this_year: z.number(),
});

export const Tau2TelecomDbSchema = z.strictObject({
  plans: z.array(Plan),
  customers: z.array(Customer),
  lines: z.array(Line),
  bills: z.array(Bill),
  devices: z.array(Device),
});

export type Tau2TelecomDb = z.infer<typeof Tau2TelecomDbSchema>;
