import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import type { JsonValue } from "../../../json/types.js";
import { confirmationNumber, journeyId, passengerIds } from "../params.js";
import { findReservation } from "./bookings.js";
import { get, getObject, getObjects, truthy } from "../../../python/dict.js";

function listAt(record: Record<string, JsonValue>, key: string): JsonValue[] {
  if (!Object.prototype.hasOwnProperty.call(record, key)) record[key] = [];
  return record[key] as JsonValue[];
}

export const addToStandbyTool = defineTool({
  name: "AddToStandbyTool",
  aliases: ["add_to_standby"],
  description: "Add passenger(s) to the standby list for a flight.",
  args: z.object({
    confirmation_number: confirmationNumber("Booking confirmation code."),
    journey_id: journeyId("Journey ID to add passenger to standby for."),
    passenger_ids: passengerIds("Passenger IDs to add to standby (e.g. ['PAX002', 'PAX003'])."),
  }),
  kind: "write",
  run(db, args, ctx) {
    const conf = args.confirmation_number.toUpperCase();
    const { journey_id: journeyIdArg, passenger_ids: passengerIdList } = args;

    const flight = getObject(getObject(db, "journeys") ?? {}, journeyIdArg);
    if (!flight || !truthy(flight)) {
      return { status: "error", error_type: "flight_not_found", message: `Flight ${journeyIdArg} not found` };
    }
    if (get(flight, "status") === "cancelled") {
      return { status: "error", error_type: "flight_cancelled", message: "Cannot add to standby for cancelled flight" };
    }

    // An unknown confirmation number is not an error here: the flight's list still gets the passengers.
    const found = findReservation(db, conf);
    const reservation = found && truthy(found) ? found : undefined;
    if (reservation && passengerIdList.length > 0) {
      const known = new Set(getObjects(reservation, "passengers").map((p) => get(p, "passenger_id")));
      const unknown = passengerIdList.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        return { status: "error", error_type: "invalid_passengers", message: `Unknown passenger ID(s): ${unknown.join(", ")}` };
      }
    }

    const flightList = listAt(flight, "standby_list");
    const position = flightList.length + passengerIdList.length;
    if (reservation) {
      listAt(reservation, "standby_list").push({ journey_id: journeyIdArg, passenger_ids: [...passengerIdList], position, status: "pending" });
    }
    for (const passengerId of passengerIdList) {
      flightList.push({ confirmation_number: conf, passenger_id: passengerId, position: flightList.length + 1 });
    }

    ctx.record({ action_type: "add_to_standby", confirmation_number: conf, journey_id: journeyIdArg, passenger_ids: [...passengerIdList] });
    return {
      status: "success",
      confirmation_number: conf,
      journey_id: journeyIdArg,
      standby_list_position: position,
      message: `Added ${passengerIdList.length} passenger(s) to standby list`,
    };
  },
});
