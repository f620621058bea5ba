/** Compensation: a travel certificate added to the user's payment methods. */
import { z } from "zod";
import { laxInt, pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import { getUser, notFound, objectAt, valueError } from "./db.js";
import { pyDict, pyFloatNum, pyFloatOf, pyIntNum } from "../../../python/num.js";

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
    amount: laxInt("The amount of the certificate to send."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const user = getUser(db, args.user_id);
    if (!user) return notFound(`User ${args.user_id} not found`);
    const methods = objectAt(user, "payment_methods");
    const paymentId = NEW_CERTIFICATE_IDS.find((id) => !Object.hasOwn(methods, id));
    if (!paymentId) return valueError("Too many certificates");
    // Stored as a float (`float(amount)`); the record and the message keep the int.
    methods[paymentId] = pyDict({ source: "certificate", id: paymentId, amount: pyFloatNum(pyFloatOf(pyIntNum(args.amount))) });
    ctx.record({
      action_type: "send_certificate",
      name: "send_certificate",
      arguments: { user_id: args.user_id, amount: args.amount },
      result: { payment_id: paymentId, amount: args.amount },
    });
    return {
      status: "success",
      message: `Certificate ${paymentId} added to user ${args.user_id} with amount ${args.amount.toString()}.`,
    };
  },
});
