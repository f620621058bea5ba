/** BookReservationTool answer as the reference does: the reference cases of these tools (see replay-reference.ts). */
import { describe, it } from "vitest";
import { casesNamed, replayReferenceCase } from "../replay-reference.js";

describe("book: reference cases", () => {
  it.each(casesNamed(
    "booking argument validation errors",
    "booking coerces lax arguments and ignores unknown nested keys",
    "booking takes payments, holds seats and hands out three ids",
    "booking failures leave the DB alone",
    "a certificate listed twice: the reference raises KeyError after taking payments",
    "a gift card listed twice is checked twice and can go negative",
  ))("%s", (_name, c) => replayReferenceCase(c));
});
