/** Charging (or refunding) an existing reservation's change to a stored payment method. */
import type { JsonObject } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { entry, valueError } from "./db.js";
import { numAt, pyDict, pyEq, pyIntNum, pyLt, pySub, putNum, type PyNum } from "../../../python/num.js";

export type PaymentOutcome = { ok: true; payment: JsonObject | null } | { ok: false; error: JsonObject };

/**
 * upstream `_payment_for_update`: certificates cannot pay for changes, gift
 * cards need the balance (and are debited here, in place), credit cards are
 * not checked. A zero amount validates the method but records no payment;
 * a negative amount refunds (a gift card's balance grows).
 */
export function paymentForUpdate(user: JsonObject, paymentId: string, amount: PyNum): PaymentOutcome {
  const methods = entry(user, "payment_methods");
  const method = entry(methods, paymentId);
  if (!isJsonObject(method)) return { ok: false, error: valueError("Payment method not found") };
  const source = entry(method, "source");
  if (source === "certificate") {
    return { ok: false, error: valueError("Certificate cannot be used to update reservation") };
  }
  if (source === "gift_card") {
    if (pyLt(numAt(method, "amount"), amount)) return { ok: false, error: valueError("Gift card balance is not enough") };
    // `method["amount"] -= total_price`: a balance held as a float stays one.
    putNum(method, "amount", pySub(numAt(method, "amount"), amount));
  }
  return { ok: true, payment: pyEq(amount, pyIntNum(0)) ? null : pyDict({ payment_id: paymentId, amount }) };
}
