/**
 * policy.md "Modify flight": what `update_reservation_flights` must keep.
 * "Cabin cannot be changed if any flight in the reservation has already been
 * flown" needs no rule: a cabin change re-prices every leg, and the tool
 * refuses a leg whose flight is no longer "available".
 */
import type { PolicyRule } from "../../../engine/policy-rule.js";
import type { JsonObject } from "../../../json/types.js";
import { isJsonObject } from "../../../json/types.js";
import { argText, reservationView, route, text } from "./read.js";

const SECTION = "Modify flight";

interface NewLeg {
  readonly flight: string;
  readonly date: string;
}

function newLegs(args: JsonObject): NewLeg[] {
  const flights = args["flights"];
  return (Array.isArray(flights) ? flights : []).filter(isJsonObject).map((f) => ({ flight: text(f["flight_number"]).toUpperCase(), date: text(f["date"]) }));
}

const legKey = (l: NewLeg): string => `${l.flight} ${l.date}`;

/** Do the new legs differ from the reservation's current ones (as a set of flight and date)? */
function flightsChanged(current: readonly NewLeg[], next: readonly NewLeg[]): boolean {
  const a = current.map(legKey).sort();
  const b = next.map(legKey).sort();
  return a.length !== b.length || a.some((k, i) => k !== b[i]);
}

export const basicEconomyChange: PolicyRule = {
  id: "airline.change.basic-economy",
  policy: { section: `${SECTION} > Change flights`, sentence: "Basic economy flights cannot be modified." },
  tools: ["update_reservation_flights"],
  check({ call, db }) {
    const r = reservationView(db, argText(call.args, "reservation_id"));
    if (!r || r.cabin !== "basic_economy") return null;
    const next = newLegs(call.args);
    if (!flightsChanged(r.legs, next)) return null;
    return { facts: { reservation: r.id, cabin: r.cabin, "flights before": r.legs.map((l) => `${l.flight} ${l.date}`), "flights after": next.map(legKey) } };
  },
};

export const keepRoute: PolicyRule = {
  id: "airline.change.route",
  policy: { section: `${SECTION} > Change flights`, sentence: "Other reservations can be modified without changing the origin, destination, and trip type." },
  tools: ["update_reservation_flights"],
  check({ call, db }) {
    const r = reservationView(db, argText(call.args, "reservation_id"));
    if (!r) return null;
    const next = newLegs(call.args);
    if (next.length === 0 || !flightsChanged(r.legs, next)) return null;
    const routes = next.map((l) => route(db, l.flight));
    if (routes.some((x) => x === undefined)) return null; // an unknown flight: the tool refuses the call
    const path = routes as { origin: string; destination: string }[];
    const start = path[0]?.origin ?? "";
    const end = path[path.length - 1]?.destination ?? "";
    const reaches = path.some((p) => p.destination === r.destination);
    const kept = r.flightType === "round_trip" ? start === r.origin && end === r.origin && reaches : start === r.origin && end === r.destination;
    if (kept) return null;
    return {
      facts: {
        reservation: r.id,
        "trip type": r.flightType,
        "booked route": r.flightType === "round_trip" ? `${r.origin} - ${r.destination} - ${r.origin}` : `${r.origin} - ${r.destination}`,
        "new flights": next.map((l, i) => `${legKey(l)} ${path[i]?.origin ?? "?"}-${path[i]?.destination ?? "?"}`),
      },
    };
  },
};
