/** Read-only lookups: users, reservations, flight status, the airport list. */
import { z } from "zod";
import { pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject } from "../../../json/types.js";
import { getFlightInstance, getReservation, getUser, notFound } from "./db.js";

export const getUserDetailsTool = defineTool({
  name: "GetUserDetailsTool",
  actionName: "get_user_details",
  description: "Get the details of a user, including their reservations.",
  args: z.object({ user_id: pyStr().describe("The user ID, such as 'sara_doe_496'.") }),
  kind: "read",
  run(db, args) {
    return getUser(db, args.user_id) ?? notFound(`User ${args.user_id} not found`);
  },
});

export const getReservationDetailsTool = defineTool({
  name: "GetReservationDetailsTool",
  actionName: "get_reservation_details",
  description: "Get the details of a reservation.",
  args: z.object({ reservation_id: pyStr().describe("The reservation ID, such as '8JX2WO'.") }),
  kind: "read",
  run(db, args) {
    return getReservation(db, args.reservation_id) ?? notFound(`Reservation ${args.reservation_id} not found`);
  },
});

/** The fixed airport list upstream tau2 returns. */
const ALL_AIRPORTS: readonly (readonly [iata: string, city: string])[] = [
  ["SFO", "San Francisco"],
  ["JFK", "New York"],
  ["LAX", "Los Angeles"],
  ["ORD", "Chicago"],
  ["DFW", "Dallas"],
  ["DEN", "Denver"],
  ["SEA", "Seattle"],
  ["ATL", "Atlanta"],
  ["MIA", "Miami"],
  ["BOS", "Boston"],
  ["PHX", "Phoenix"],
  ["IAH", "Houston"],
  ["LAS", "Las Vegas"],
  ["MCO", "Orlando"],
  ["EWR", "Newark"],
  ["CLT", "Charlotte"],
  ["MSP", "Minneapolis"],
  ["DTW", "Detroit"],
  ["PHL", "Philadelphia"],
  ["LGA", "LaGuardia"],
];

export const listAllAirportsTool = defineTool({
  name: "ListAllAirportsTool",
  actionName: "list_all_airports",
  description: "Returns a list of all available airports as IATA-code + city pairs.",
  args: z.object({}),
  kind: "read",
  // The reference answers from its constant list without checking the DB.
  needsDb: false,
  run() {
    return { status: "success", airports: ALL_AIRPORTS.map(([iata, city]): JsonObject => ({ iata, city })) };
  },
});

export const getFlightStatusTool = defineTool({
  name: "GetFlightStatusTool",
  actionName: "get_flight_status",
  description: "Get the status of a flight on a given date.",
  args: z.object({
    flight_number: pyStr().describe("The flight number."),
    date: pyStr().describe("The date of the flight."),
  }),
  kind: "read",
  run(db, args) {
    const instance = getFlightInstance(db, args.flight_number, args.date);
    if (!instance) return notFound(`Flight ${args.flight_number} not found on date ${args.date}`);
    return { status: "success", flight_status: instance["status"] ?? null };
  },
});
