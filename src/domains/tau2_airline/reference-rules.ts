/** Which ids the tau2 airline tools name: users, reservations, flights on a date, a user's payment methods. */
import type { JsonObject, JsonValue } from "../../json/types.js";
import { type Dangling, dangling, field, hasKey, keyed, type RefRule, type RefRules, rules, str } from "../../engine/data-checks/reference-rules.js";

const user: RefRule = (args, dbs) => keyed(args, "user_id", "users", dbs.agent["users"]);
const reservation: RefRule = (args, dbs) => keyed(args, "reservation_id", "reservations", dbs.agent["reservations"]);

/** The user a call acts for: its `user_id`, else the owner of its reservation. */
function ownerOf(args: JsonObject, db: JsonObject): string | undefined {
  const rid = str(args["reservation_id"]);
  return str(args["user_id"]) ?? (rid === undefined ? undefined : str(field(field(db["reservations"], rid), "user_id")));
}

function paymentMethods(db: JsonObject, owner: string): JsonValue | undefined {
  return field(field(db["users"], owner), "payment_methods");
}

const paymentId: RefRule = (args, dbs) => {
  const owner = ownerOf(args, dbs.agent);
  if (owner === undefined || !hasKey(dbs.agent["users"], owner)) return [];
  return keyed(args, "payment_id", "payment_methods", paymentMethods(dbs.agent, owner), `of user ${owner}`);
};

const paymentList: RefRule = (args, dbs) => {
  const owner = ownerOf(args, dbs.agent);
  const list = args["payment_methods"];
  if (owner === undefined || !hasKey(dbs.agent["users"], owner) || !Array.isArray(list)) return [];
  const methods = paymentMethods(dbs.agent, owner);
  return list.flatMap((p, i): Dangling[] => {
    const id = str(field(p, "payment_id"));
    return id === undefined || hasKey(methods, id) ? [] : [dangling(["payment_methods", i, "payment_id"], "payment_methods", id, `of user ${owner}`)];
  });
};

const flights: RefRule = (args, dbs) => {
  const list = args["flights"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((f, i): Dangling[] => {
    const number = str(field(f, "flight_number"));
    const date = str(field(f, "date"));
    if (number === undefined) return [];
    const flight = field(dbs.agent["flights"], number);
    if (flight === undefined) return [dangling(["flights", i, "flight_number"], "flights", number)];
    return date === undefined || hasKey(field(flight, "dates"), date) ? [] : [dangling(["flights", i, "date"], "flight_dates", date, `of flight ${number}`)];
  });
};

export const TAU2_AIRLINE_REFERENCES: RefRules = {
  get_user_details: user,
  get_reservation_details: reservation,
  cancel_reservation: reservation,
  update_reservation_passengers: reservation,
  update_reservation_baggages: rules(reservation, paymentId),
  update_reservation_flights: rules(reservation, flights, paymentId),
  book_reservation: rules(user, flights, paymentList),
  send_certificate: user,
};
