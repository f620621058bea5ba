/**
 * Reading the retail DB (`{products, users, orders}`) the way the reference's
 * dict helpers do: missing keys and non-object values read as absent, user ids
 * are matched lower-cased and order ids upper-cased with a leading '#', because
 * spoken ids arrive in any case and often without the '#'.
 */
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { pyValues } from "../../../json/py-key-order.js";
import { pyRound } from "../../../python/float.js";
import { compareCodePoints } from "../../../json/py-string.js";
import type { ToolResult } from "../../../engine/types.js";

/** `d.get(key)` on an own property only (ids such as "constructor" must miss). */
export function field(obj: JsonObject | undefined, key: string): JsonValue | undefined {
  return obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** `d.get(key)` where the value is expected to be an object (`or {}` reads as absent). */
export function child(obj: JsonObject | undefined, key: string): JsonObject | undefined {
  const v = field(obj, key);
  return isJsonObject(v) ? v : undefined;
}

/** `d.get(key) or []` for a list of objects. */
export function childList(obj: JsonObject | undefined, key: string): JsonValue[] {
  const v = field(obj, key);
  return Array.isArray(v) ? v : [];
}

/** `d.get(key) or ""` for text. */
export function text(obj: JsonObject | undefined, key: string): string {
  const v = field(obj, key);
  return typeof v === "string" ? v : "";
}

/** `float(d.get(key, 0))` for prices and amounts; `or 0` reads null as 0 too. */
export function amountOf(obj: JsonObject | undefined, key: string): number {
  const v = field(obj, key);
  if (v === undefined || v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  throw new TypeError(`retail DB: '${key}' holds ${JSON.stringify(v)}, not a number`);
}

/** Python `round(float(x), 2)`: half-to-even on the exact binary value. */
export function round2(x: number): number {
  return pyRound(x, 2);
}

export function findUser(db: JsonObject, userId: string): JsonObject | undefined {
  return child(child(db, "users"), userId.toLowerCase());
}

export function findOrder(db: JsonObject, orderId: string): JsonObject | undefined {
  if (orderId === "") return undefined;
  const upper = orderId.toUpperCase();
  return child(child(db, "orders"), upper.startsWith("#") ? upper : `#${upper}`);
}

export function findProduct(db: JsonObject, productId: string): JsonObject | undefined {
  return child(child(db, "products"), productId);
}

/** A variant by item id, searching every product in DB order. */
export function findItem(db: JsonObject, itemId: string): JsonObject | undefined {
  if (itemId === "") return undefined;
  for (const product of pyValues(child(db, "products") ?? {})) {
    const variants = isJsonObject(product) ? child(product, "variants") : undefined;
    if (variants !== undefined && Object.hasOwn(variants, itemId)) {
      const variant = variants[itemId];
      return isJsonObject(variant) ? variant : undefined;
    }
  }
  return undefined;
}

export function findVariant(db: JsonObject, productId: JsonValue | undefined, itemId: string): JsonObject | undefined {
  if (typeof productId !== "string") return undefined;
  return child(child(findProduct(db, productId), "variants"), itemId);
}

export function findPaymentMethod(user: JsonObject, paymentMethodId: JsonValue | undefined): JsonObject | undefined {
  if (typeof paymentMethodId !== "string") return undefined;
  return child(child(user, "payment_methods"), paymentMethodId);
}

/** The owner of an order (`order["user_id"]`). */
export function orderOwner(db: JsonObject, order: JsonObject): JsonObject | undefined {
  const userId = field(order, "user_id");
  return typeof userId === "string" && userId !== "" ? findUser(db, userId) : undefined;
}

/** Lenient pending test used by address and payment changes: "pending (item modified)" counts. */
export function isPendingLike(order: JsonObject): boolean {
  return text(order, "status").includes("pending");
}

export function isGiftCard(method: JsonObject): boolean {
  return field(method, "source") === "gift_card";
}

/** A gift card's `balance or 0`. */
export function giftCardBalance(method: JsonObject): number {
  return amountOf(method, "balance");
}

export function notFound(message: string): ToolResult {
  return { status: "error", error_type: "not_found", message };
}

export function valueError(message: string): ToolResult {
  return { status: "error", error_type: "value_error", message };
}

/** `sorted(list_of_str)`: code-point order. */
export function sortedIds(ids: readonly string[]): string[] {
  return [...ids].sort(compareCodePoints);
}

/** Item ids of an order's items, in order (`[item.get("item_id") for item in items]`). */
export function orderItemIds(order: JsonObject): (JsonValue | undefined)[] {
  return childList(order, "items").map((item) => (isJsonObject(item) ? field(item, "item_id") : undefined));
}

/** `xs.count(x)`. */
export function countOf<T>(xs: readonly T[], x: T): number {
  let n = 0;
  for (const y of xs) if (y === x) n++;
  return n;
}

/** Python truthiness (`x or {}`, `if not found`). */
export { truthy } from "../../../python/semantics.js";
