import { z } from "zod";
import { defineTool } from "../../../engine/types.js";
import { compareCodePoints } from "../../../json/py-string.js";
import type { JsonObject, JsonValue } from "../../../json/types.js";
import { FARE_CLASSES, airportCode, boundedInt, dateString, fareClassOrAny, flightNumber } from "../params.js";
import { journeyAvailableSeats, journeyFares } from "./bookings.js";
import { cloneJson, get, getObject, getObjects, truthy } from "../../../python/dict.js";
import { pyDict, pyGet, type PyInt } from "../../../python/num.js";

function text(v: JsonValue | undefined): string {
  return typeof v === "string" ? v : "";
}

export const getFlightStatusTool = defineTool({
  name: "GetFlightStatusTool",
  aliases: ["get_flight_status"],
  description:
    "Get specific information about a flight (origin, destination, departure time) and " +
    "current status (delays, cancellations, gate). For connecting flights, any segment's " +
    "flight number works.",
  args: z.object({
    flight_number: flightNumber("Flight number (e.g., SK123). For connecting flights, any segment works."),
    flight_date: dateString("Flight date in YYYY-MM-DD format."),
  }),
  kind: "read",
  run(db, args) {
    const flightNo = args.flight_number.toUpperCase();
    const compactDate = args.flight_date.replaceAll("-", "");
    const journeys = getObject(db, "journeys") ?? {};
    let flight: JsonValue | undefined = get(journeys, `FL_${flightNo}_${compactDate}`);
    // Not the journey's own id (e.g. the second leg of a connection): find a journey that day with that leg.
    if (!truthy(flight)) {
      flight = Object.values(journeys).find(
        (j): j is JsonObject =>
          j !== null &&
          typeof j === "object" &&
          !Array.isArray(j) &&
          text(get(j, "date", "")).replaceAll("-", "") === compactDate &&
          getObjects(j, "segments").some((s) => text(get(s, "flight_number", "")).toUpperCase() === flightNo),
      );
    }
    if (!truthy(flight)) {
      return { status: "error", error_type: "not_found", message: `Flight ${args.flight_number} not found for date ${args.flight_date}` };
    }
    return { status: "success", journey: cloneJson(flight as JsonValue) };
  },
});

export const getDisruptionInfoTool = defineTool({
  name: "GetDisruptionInfoTool",
  aliases: ["get_disruption_info"],
  description:
    "Get detailed information about flight disruption for IRROPS handling. " +
    "Determines passenger rebooking entitlements based on disruption type and cause.",
  args: z.object({
    flight_number: flightNumber("Flight number to look up disruption for (e.g., SK123)."),
    date: dateString("Flight date in YYYY-MM-DD format."),
  }),
  kind: "read",
  run(db, args) {
    const flightNo = args.flight_number.toUpperCase();
    // The date is required and never empty, so the reference's date-less scan cannot run.
    const disruption = get(getObject(db, "disruptions") ?? {}, `${flightNo}_${args.date}`);
    if (!truthy(disruption)) {
      return { status: "error", error_type: "not_found", message: `No disruption info found for flight ${flightNo}` };
    }
    return { status: "success", disruption: cloneJson(disruption as JsonValue) };
  },
});

const BOOKABLE_STATUSES: readonly JsonValue[] = ["scheduled", "on_time", "delayed"];

/** The cheapest class with enough seats and a fare; `any` itself when there is none. */
function cheapestClass(seats: Record<string, number>, fares: JsonObject, passengers: PyInt): string {
  let best: { fc: string; fare: number } | undefined;
  for (const fc of FARE_CLASSES) {
    const fare = get(fares, fc);
    if ((seats[fc] ?? 0) < passengers || fare === undefined || fare === null) continue;
    if (!best || (fare as number) < best.fare) best = { fc, fare: fare as number };
  }
  return best?.fc ?? "any";
}

function searchOption(journeyId: string, flight: JsonObject, fareClass: string, passengers: PyInt): JsonObject | undefined {
  const seats = journeyAvailableSeats(flight);
  if (fareClass === "any") {
    if (!Object.values(seats).some((n) => n >= passengers)) return undefined;
  } else if ((seats[fareClass] ?? 0) < passengers) {
    return undefined;
  }
  const fares = journeyFares(flight);
  const actualClass = fareClass === "any" ? cheapestClass(seats, fares, passengers) : fareClass;
  const segments = get(flight, "segments", []);
  const segList = getObjects(flight, "segments");
  const first = segList[0];
  const last = segList[segList.length - 1];
  const available: JsonObject = {};
  for (const fc of FARE_CLASSES) available[fc] = seats[fc] ?? 0;
  return pyDict({
    journey_id: journeyId,
    origin: get(flight, "origin") ?? null,
    destination: get(flight, "destination") ?? null,
    num_stops: get(flight, "num_stops", 0),
    total_duration_minutes: get(flight, "total_duration_minutes") ?? null,
    segments: cloneJson(segments),
    departure_time: first ? (first["scheduled_departure"] ?? null) : null,
    arrival_time: last ? (last["scheduled_arrival"] ?? null) : null,
    available_seats: available,
    // `journey_fares.get(actual_fare_class)`: a fixture's 228.0 stays a float.
    fare: pyGet(fares, actualClass),
  });
}

export const searchRebookingOptionsTool = defineTool({
  name: "SearchRebookingOptionsTool",
  aliases: ["search_rebooking_options"],
  description:
    "Search for available flights to rebook a passenger. Returns options filtered by " + "rebooking rules and seat availability.",
  args: z.object({
    origin: airportCode("Origin airport code (e.g., JFK)."),
    destination: airportCode("Destination airport code (e.g., LAX)."),
    date: dateString("Travel date in YYYY-MM-DD format."),
    passenger_count: boundedInt("Number of passengers needing seats.", 1),
    fare_class: fareClassOrAny(
      "Fare class to search (basic_economy, main_cabin, premium_economy, " +
        "business, first, any). 'any' picks the cheapest available class.",
    ),
  }),
  kind: "read",
  run(db, args) {
    const origin = args.origin.toUpperCase();
    const destination = args.destination.toUpperCase();
    const options: JsonObject[] = [];
    for (const [journeyId, flight] of Object.entries(getObject(db, "journeys") ?? {})) {
      if (flight === null || typeof flight !== "object" || Array.isArray(flight)) continue;
      if (get(flight, "origin") !== origin || get(flight, "destination") !== destination || get(flight, "date") !== args.date) continue;
      if (!BOOKABLE_STATUSES.includes(get(flight, "status") ?? null) || !truthy(get(flight, "bookable", false))) continue;
      const option = searchOption(journeyId, flight, args.fare_class, args.passenger_count);
      if (option) options.push(option);
    }
    options.sort((a, b) => compareCodePoints(text(a["departure_time"]), text(b["departure_time"])));
    return { status: "success", options, count: options.length, message: `${options.length} flight(s) found` };
  },
});
