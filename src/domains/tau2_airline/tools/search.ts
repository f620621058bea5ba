/** Flight search: direct flights, and one-stop pairs built from two direct searches. */
import { z } from "zod";
import { pyStr } from "../../../engine/binding/lax.js";
import { defineTool } from "../../../engine/types.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { entry } from "./db.js";

interface DirectSearch {
  date: string;
  /** Absent (Python `None`) means any airport. */
  origin?: JsonValue;
  destination?: JsonValue;
  /** Keep only flights scheduled to depart at or after this `HH:MM:SS` text. */
  leaveAfter?: string;
}

/**
 * Flights (in DB order) flying between the airports that are bookable on
 * `date`, shaped like upstream's `DirectFlight` without its date. Airport
 * codes are compared verbatim; times compare as text, as in the reference.
 */
function searchDirect(db: JsonObject, search: DirectSearch): JsonObject[] {
  const flights = db["flights"];
  if (!isJsonObject(flights)) return [];
  const results: JsonObject[] = [];
  for (const flight of Object.values(flights)) {
    if (!isJsonObject(flight)) continue;
    const origin = entry(flight, "origin");
    const destination = entry(flight, "destination");
    if (search.origin !== undefined && origin !== search.origin) continue;
    if (search.destination !== undefined && destination !== search.destination) continue;
    const instance = entry(entry(flight, "dates"), search.date);
    if (!isJsonObject(instance) || entry(instance, "status") !== "available") continue;
    const departure = entry(flight, "scheduled_departure_time_est");
    if (search.leaveAfter !== undefined && (typeof departure === "string" ? departure : "") < search.leaveAfter) continue;
    results.push({
      flight_number: entry(flight, "flight_number") ?? null,
      origin: origin ?? null,
      destination: destination ?? null,
      status: "available",
      scheduled_departure_time_est: departure ?? null,
      scheduled_arrival_time_est: entry(flight, "scheduled_arrival_time_est") ?? null,
      available_seats: entry(instance, "available_seats") ?? null,
      prices: entry(instance, "prices") ?? null,
    });
  }
  return results;
}

const airportArgs = (exampleDate: string) => ({
  origin: pyStr().describe("The origin city airport in three letters, such as 'JFK'."),
  destination: pyStr().describe("The destination city airport in three letters, such as 'LAX'."),
  date: pyStr().describe(`The date of the flight in the format 'YYYY-MM-DD', such as '${exampleDate}'.`),
});

export const searchDirectFlightTool = defineTool({
  name: "SearchDirectFlightTool",
  actionName: "search_direct_flight",
  description: "Search for direct flights between two cities on a specific date.",
  args: z.object(airportArgs("2024-01-01")),
  kind: "read",
  run(db, args) {
    const flights = searchDirect(db, { date: args.date, origin: args.origin, destination: args.destination });
    return { status: "success", flights };
  },
});

export const searchOnestopFlightTool = defineTool({
  name: "SearchOnestopFlightTool",
  actionName: "search_onestop_flight",
  description: "Search for one-stop flights between two cities on a specific date.",
  args: z.object(airportArgs("2024-05-01")),
  kind: "read",
  run(db, args) {
    const pairs: JsonValue[] = [];
    for (const found of searchDirect(db, { date: args.date, origin: args.origin })) {
      const first: JsonObject = { ...found, date: args.date };
      const arrival = first["scheduled_arrival_time_est"];
      // Upstream quirk kept verbatim: an arrival marked "+1" continues on the next
      // day of May 2024, spelled without zero padding ("2024-05-2").
      const arrivesNextDay = typeof arrival === "string" && arrival.includes("+1");
      const secondDate = arrivesNextDay ? `2024-05-${Number(args.date.slice(-2)) + 1}` : args.date;
      const stopover = first["destination"] ?? null;
      const connections = searchDirect(db, {
        date: secondDate,
        ...(stopover === null ? {} : { origin: stopover }),
        destination: args.destination,
        ...(typeof arrival === "string" ? { leaveAfter: arrival } : {}),
      });
      for (const connection of connections) pairs.push([first, { ...connection, date: secondDate }]);
    }
    return { status: "success", onestop_flights: pairs };
  },
});
