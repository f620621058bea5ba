/**
 * The tau2 retail DB (`RetailDB` in `tau2_retail_params.py`),
 * `tau2_retail/db.json`. The data models admit unknown fields.
 */
import { z } from "zod";
import { recordKeyedBy } from "../../loaders/schema-parts.js";

export const ORDER_STATUSES = [
  "processed",
  "pending",
  "pending (item modified)",
  "delivered",
  "cancelled",
  "exchange requested",
  "return requested",
] as const;
export const CANCEL_REASONS = ["no longer needed", "ordered by mistake"] as const;

const Options = z.record(z.string(), z.string());

const Variant = z.looseObject({
  item_id: z.string(),
  options: Options,
  available: z.boolean(),
  price: z.number(),
});

const Product = z.looseObject({
  name: z.string(),
  product_id: z.string(),
  variants: recordKeyedBy("item_id", Variant),
});

const Address = z.looseObject({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  country: z.string(),
  state: z.string(),
  zip: z.string(),
});

const PaymentMethod = z.discriminatedUnion("source", [
  z.looseObject({ source: z.literal("credit_card"), id: z.string(), brand: z.string(), last_four: z.string() }),
  z.looseObject({ source: z.literal("gift_card"), id: z.string(), balance: z.number() }),
  z.looseObject({ source: z.literal("paypal"), id: z.string() }),
]);

const User = z.looseObject({
  user_id: z.string(),
  name: z.looseObject({ first_name: z.string(), last_name: z.string() }),
  address: Address,
  email: z.string(),
  payment_methods: recordKeyedBy("id", PaymentMethod),
  orders: z.array(z.string()),
});

const OrderItem = z.looseObject({
  name: z.string(),
  product_id: z.string(),
  item_id: z.string(),
  price: z.number(),
  options: Options,
});

const optional = <T extends z.ZodType>(t: T) => t.nullable().optional();

const Order = z.looseObject({
  order_id: z.string(),
  user_id: z.string(),
  address: Address,
  items: z.array(OrderItem),
  status: z.enum(ORDER_STATUSES),
  fulfillments: z.array(z.looseObject({ tracking_id: z.array(z.string()), item_ids: z.array(z.string()) })),
  payment_history: z.array(
    z.looseObject({
      transaction_type: z.enum(["payment", "refund"]),
      amount: z.number(),
      payment_method_id: z.string(),
    }),
  ),
  cancel_reason: optional(z.enum(CANCEL_REASONS)),
  exchange_items: optional(z.array(z.string())),
  exchange_new_items: optional(z.array(z.string())),
  exchange_payment_method_id: optional(z.string()),
  exchange_price_difference: optional(z.number()),
  return_items: optional(z.array(z.string())),
  return_payment_method_id: optional(z.string()),
});

export const Tau2RetailDbSchema = z.looseObject({
  products: recordKeyedBy("product_id", Product),
  users: recordKeyedBy("user_id", User),
  orders: recordKeyedBy("order_id", Order),
});

export type Tau2RetailDb = z.infer<typeof Tau2RetailDbSchema>;
