// @ts-check
/**
 * The two sides of a call: the front desk's system (agent DB) and the
 * guest's hotel app (user DB). They meet in two places, and the sync rule
 * keeps both in agreement after initialization and after every successful
 * write, on either side:
 * - the app's digital key follows the booking the app is linked to: active,
 *   for its room, exactly while the guest is checked in;
 * - the app's do-not-disturb switch shows on that room's door (the room record).
 */

/** @typedef {import("evalsim").JsonObject} JsonObject */
/** @typedef {import("evalsim").JsonValue} JsonValue */

/**
 * @param {JsonObject} db
 * @param {string} key
 * @returns {JsonObject}
 */
const part = (db, key) => /** @type {JsonObject} */ (db[key]);

/**
 * The record at `table[id]`, own keys only.
 * @param {JsonObject} db
 * @param {string} table
 * @param {JsonValue | undefined} id
 * @returns {JsonObject | undefined}
 */
function record(db, table, id) {
  const t = part(db, table);
  return typeof id === "string" && Object.hasOwn(t, id) ? /** @type {JsonObject} */ (t[id]) : undefined;
}

/**
 * Set `path` ("wallet.key_room", "rooms.R101.do_not_disturb") to `value` if
 * it differs, noting the change in `delta`.
 * @param {JsonObject} db
 * @param {string} path
 * @param {JsonValue} value
 * @param {JsonObject} delta
 */
function put(db, path, value, delta) {
  const keys = path.split(".");
  const last = /** @type {string} */ (keys.pop());
  /** @type {JsonObject} */
  let node = db;
  for (const k of keys) node = /** @type {JsonObject} */ (node[k]);
  if (node[last] === value) return;
  node[last] = value;
  delta[path] = value;
}

/** @type {import("evalsim").SyncSpec} */
export const hotelSync = {
  sync(agentDb, userDb) {
    /** @type {JsonObject} */
    const agent = {};
    /** @type {JsonObject} */
    const user = {};
    const wallet = part(userDb, "wallet");
    const booking = record(agentDb, "bookings", wallet["booking_id"]);
    const inHouse = booking !== undefined && booking["status"] === "checked_in" && typeof booking["room_id"] === "string";
    put(userDb, "wallet.key_active", inHouse, user);
    put(userDb, "wallet.key_room", inHouse && booking ? booking["room_id"] ?? null : null, user);
    if (inHouse && booking && record(agentDb, "rooms", booking["room_id"])) {
      put(agentDb, `rooms.${String(booking["room_id"])}.do_not_disturb`, part(userDb, "preferences")["do_not_disturb"] ?? false, agent);
    }
    return { agent, user };
  },

  /** The applier: one delta (as sync returned it) applied to its side's DB; a path that does not exist is an error. */
  applyDelta(db, delta) {
    /** @type {string[]} */
    const errors = [];
    for (const [path, value] of Object.entries(delta)) {
      const keys = path.split(".");
      const last = /** @type {string} */ (keys.pop());
      /** @type {JsonValue | undefined} */
      let node = db;
      for (const k of keys) node = node && typeof node === "object" && !Array.isArray(node) && Object.hasOwn(node, k) ? node[k] : undefined;
      if (!node || typeof node !== "object" || Array.isArray(node)) errors.push(`${path}: no such field`);
      else node[last] = /** @type {JsonValue} */ (value);
    }
    return errors;
  },
};

/**
 * Init functions run before the conversation (a scenario's
 * `initialization_actions`); one that throws is reported as the reference
 * reports it and the run goes on.
 * @type {Record<string, import("evalsim").InitFunction>}
 */
export const userInitFunctions = {
  /** Sign the app in as the guest, linked to one booking. */
  link_booking(db, args) {
    if (typeof args["booking_id"] !== "string") throw new TypeError("link_booking() needs a booking_id string");
    const wallet = part(db, "wallet");
    wallet["booking_id"] = args["booking_id"];
  },
};

/**
 * Predicates answer a question about one side's DB; a scenario's assertions
 * compare their answer with `assert_value`.
 * @type {Record<string, import("evalsim").Predicate>}
 */
export const predicates = {
  /** The app's key opens `room_id`. */
  key_opens: (db, args) => {
    const wallet = part(db, "wallet");
    return wallet["key_active"] === true && wallet["key_room"] === args["room_id"];
  },
  /** The room's door shows do-not-disturb (agent side). */
  room_quiet: (db, args) => record(db, "rooms", args["room_id"])?.["do_not_disturb"] === true,
};
