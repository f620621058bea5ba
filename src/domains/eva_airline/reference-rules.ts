/**
 * Which ids the eva airline tools name: reservations by confirmation number,
 * journeys, the reservation's passengers, flights scheduled in the scenario.
 */
import { isJsonObject, type JsonObject } from "../../json/types.js";
import { eachOf, field, keyed, one, type RefRule, type RefRules, rules, str } from "../../engine/data-checks/reference-rules.js";

const reservation: RefRule = (args, dbs) => keyed(args, "confirmation_number", "reservations", dbs.agent["reservations"]);

const journeys: RefRule = (args, dbs) => [
  ...keyed(args, "journey_id", "journeys", dbs.agent["journeys"]),
  ...keyed(args, "new_journey_id", "journeys", dbs.agent["journeys"]),
];

function passengerIds(db: JsonObject, confirmation: string | undefined): Set<string> | undefined {
  const passengers = confirmation === undefined ? undefined : field(field(db["reservations"], confirmation), "passengers");
  return Array.isArray(passengers) ? new Set(passengers.map((p) => str(field(p, "passenger_id")) ?? "")) : undefined;
}

const passengers: RefRule = (args, dbs) => {
  const confirmation = str(args["confirmation_number"]);
  const ids = passengerIds(dbs.agent, confirmation);
  if (!ids) return [];
  const within = `of reservation ${confirmation}`;
  const has = (id: string): boolean => ids.has(id);
  return [...one(args, "passenger_id", "passengers", has, within), ...eachOf(args, "passenger_ids", "passengers", has, within)];
};

const flight: RefRule = (args, dbs) => {
  const numbers = new Set<string>();
  const all = dbs.agent["journeys"];
  if (isJsonObject(all)) {
    for (const j of Object.values(all)) {
      const segments = field(j, "segments");
      if (Array.isArray(segments)) for (const s of segments) numbers.add(str(field(s, "flight_number")) ?? "");
    }
  }
  return one(args, "flight_number", "flights", (n) => numbers.has(n), "of the scenario's journeys");
};

const booking = rules(reservation, journeys, passengers);

export const EVA_AIRLINE_REFERENCES: RefRules = {
  GetReservationTool: reservation,
  GetFlightStatusTool: flight,
  GetDisruptionInfoTool: flight,
  RebookFlightTool: booking,
  AssignSeatTool: booking,
  AddMealRequestTool: booking,
  AddToStandbyTool: booking,
  CancelReservationTool: booking,
  IssueHotelVoucherTool: booking,
  IssueMealVoucherTool: booking,
  IssueTravelCreditTool: booking,
  ProcessRefundTool: reservation,
  TransferToAgentTool: reservation,
};
