/** GetUserDetailsTool, GetReservationDetailsTool, ListAllAirportsTool, GetFlightStatusTool answer as the reference does: the reference cases of these tools (see replay-reference.ts). */
import { describe, it } from "vitest";
import { casesNamed, replayReferenceCase } from "../replay-reference.js";

describe("reads: reference cases", () => {
  it.each(casesNamed(
    "reads succeed with case-normalized ids",
    "reads report what they cannot find",
  ))("%s", (_name, c) => replayReferenceCase(c));
});
