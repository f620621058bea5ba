/** CancelReservationTool and the UpdateReservation*Tool family answer as the reference does: the reference cases of these tools (see replay-reference.ts). */
import { describe, it } from "vitest";
import { casesNamed, replayReferenceCase } from "../replay-reference.js";

describe("reservation-updates: reference cases", () => {
  it.each(casesNamed(
    "cancel appends refunds, also when cancelled twice",
    "baggage updates charge $50 per added non-free bag",
    "flight updates keep unchanged legs, re-quote the rest, and refund to gift cards",
    "flight update failures",
    "passenger updates must keep the count",
  ))("%s", (_name, c) => replayReferenceCase(c));
});
