import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { compareCodePoints } from "../../../json/py-string.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { confirmationNumber } from "../params.js";
import { findReservation, reservationNotFound } from "./bookings.js";
import { cloneJson, get, getObjects, truthy } from "../../../python/dict.js";
import { PyError } from "../../../python/error.js";

/** Python's IndexError, for a booking whose `segments` list is empty. */
class IndexOutOfRange extends PyError {
  constructor() {
    super("IndexError", "list index out of range");
  }
}

function text(v: JsonValue | undefined): string {
  return typeof v === "string" ? v : "";
}

/** Bookings are listed by first-segment date, then journey id. */
function bookingSortKey(booking: JsonObject): [string, string] {
  const segments = get(booking, "segments", [{}]);
  const first = Array.isArray(segments) ? segments[0] : undefined;
  if (first === undefined) throw new IndexOutOfRange();
  const date = first !== null && typeof first === "object" && !Array.isArray(first) ? get(first, "date", "") : "";
  return [text(date), text(get(booking, "journey_id", ""))];
}

export const getReservationTool = defineTool({
  name: "GetReservationTool",
  aliases: ["get_reservation"],
  description:
    "Retrieve flight reservation using confirmation number and passenger last name. " +
    "This is typically the first tool called to authenticate the caller and load " +
    "their flight numbers.",
  args: z.object({
    confirmation_number: confirmationNumber("6-character alphanumeric booking confirmation code."),
    last_name: z.string().describe("Passenger last name for verification."),
  }),
  kind: "read",
  run(db, args) {
    const conf = args.confirmation_number.toUpperCase();
    const reservation = findReservation(db, conf);
    if (!reservation || !truthy(reservation)) return reservationNotFound(conf);

    // An empty last name skips the check, as in the reference.
    if (args.last_name) {
      const wanted = args.last_name.toLowerCase();
      const matches = getObjects(reservation, "passengers").some((p) => text(get(p, "last_name", "")).toLowerCase() === wanted);
      if (!matches) {
        return { status: "error", error_type: "authentication_failed", message: `Last name does not match reservation ${conf}` };
      }
    }

    const copy = cloneJson(reservation);
    const bookings = getObjects(copy, "bookings").map((b) => ({ b, key: bookingSortKey(b) }));
    bookings.sort((x, y) => compareCodePoints(x.key[0], y.key[0]) || compareCodePoints(x.key[1], y.key[1]));
    copy["bookings"] = bookings.map(({ b }) => b);
    return { status: "success", reservation: copy };
  },
});
