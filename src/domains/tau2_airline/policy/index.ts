/** tau2_airline's policy rules, in the order of policy.md's sections. */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import { bookingBagAllowance, noBagRemoval } from "./bags.js";
import { bookPassengers, bookPaymentLimits } from "./book.js";
import { cancelEligibility, cancelFlown } from "./cancel.js";
import { basicEconomyChange, keepRoute } from "./change.js";
import { compensationAmount, compensationEligibility, delayCertificateWithChange } from "./compensation.js";

export const airlinePolicyRules: readonly PolicyRule[] = [
  bookPassengers,
  bookPaymentLimits,
  bookingBagAllowance,
  basicEconomyChange,
  keepRoute,
  noBagRemoval,
  cancelFlown,
  cancelEligibility,
  compensationEligibility,
  compensationAmount,
  delayCertificateWithChange,
];
