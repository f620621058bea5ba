/** Compensation: a travel certificate added to the user's payment methods. */
import { z } from "zod";
import { laxIntExact, pyStr } from "../../../engine/lax.js";
import { PyError } from "../../../python/error.js";
import { defineTool } from "../../../engine/types.js";
import { integralToString } from "../../../json/python-float.js";
import { getUser, notFound, objectAt, valueError } from "./db.js";
import { withFloats } from "../../../json/py-float.js";

/** Upstream pre-assigns these certificate ids to every task; the first unused one is taken. */
const NEW_CERTIFICATE_IDS = ["certificate_3221322", "certificate_3221323", "certificate_3221324"] as const;

export const sendCertificateTool = defineTool({
  name: "SendCertificateTool",
  actionName: "send_certificate",
  description:
    "Send a certificate to a user (e.g., as compensation). Adds a new certificate " +
    "payment method to the user's profile. Be careful — irreversible.",
  args: z.object({
    user_id: pyStr().describe("The ID of the user to book the reservation, such as 'sara_doe_496'."),
    amount: laxIntExact("The amount of the certificate to send."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const user = getUser(db, args.user_id);
    if (!user) return notFound(`User ${args.user_id} not found`);
    const methods = objectAt(user, "payment_methods");
    const paymentId = NEW_CERTIFICATE_IDS.find((id) => !Object.hasOwn(methods, id));
    if (!paymentId) return valueError("Too many certificates");
    // Stored as a float (`float(amount)`); the record and the message keep the int.
    methods[paymentId] = withFloats({ source: "certificate", id: paymentId, amount: pythonFloatOfInt(args.amount) }, "amount");
    ctx.record({
      action_type: "send_certificate",
      name: "send_certificate",
      arguments: { user_id: args.user_id, amount: args.amount },
      result: { payment_id: paymentId, amount: args.amount },
    });
    return {
      status: "success",
      message: `Certificate ${paymentId} added to user ${args.user_id} with amount ${typeof args.amount === "bigint" ? args.amount.toString() : integralToString(args.amount)}.`,
    };
  },
});

/** `float(n)` of a Python int: the nearest double, or Python's OverflowError past the largest one. */
function pythonFloatOfInt(n: number | bigint): number {
  const x = Number(n);
  if (!Number.isFinite(x)) throw new PyError("OverflowError", "int too large to convert to float");
  return x;
}
