// @ts-check
/**
 * The hotel desk's tools. A tool is data: a name, a description the model
 * reads, a zod schema for its arguments (the model's JSON schema is generated
 * from it), whether it reads or writes, and a handler that works on a draft
 * of its side's DB. A handler that returns `{status: "error", ...}` has its
 * draft and its records thrown away, so a refused call never changes the DB.
 */
import { defineTool, endConversationTool, z } from "evalsim";

/** @typedef {import("evalsim").JsonObject} JsonObject */
/** @typedef {import("evalsim").ToolContext} ToolContext */

/** @param {string} message */
const refuse = (message) => ({ status: "error", message });

/**
 * A table of the DB, as a record of records.
 * @param {JsonObject} db
 * @param {string} table
 * @returns {Record<string, JsonObject>}
 */
const table = (db, table) => /** @type {Record<string, JsonObject>} */ (db[table]);

/**
 * One record by id, or undefined (own keys only: an id like `__proto__` finds nothing).
 * @param {JsonObject} db
 * @param {string} name
 * @param {string} id
 */
const find = (db, name, id) => (Object.hasOwn(table(db, name), id) ? table(db, name)[id] : undefined);

/**
 * Every write records one action, in the replayable shape (`name` and
 * `arguments` let `evalsim fuzz` and `replay` re-issue it).
 * @param {ToolContext} ctx
 * @param {string} name
 * @param {JsonObject} args
 * @param {import("evalsim").JsonValue} result
 */
function record(ctx, name, args, result) {
  ctx.record({ action_type: name, name, arguments: { ...args }, result });
}

// ---- the agent's side: the front desk system ---------------------------------

export const getBooking = defineTool({
  name: "get_booking",
  description: "Look up a booking by its id (for example 'B1'): guest, room, nights and status.",
  args: z.object({ booking_id: z.string().describe("The booking id, such as 'B1'.") }),
  kind: "read",
  run: (db, { booking_id }) => {
    const booking = find(db, "bookings", booking_id);
    if (!booking) return refuse(`No booking with id ${booking_id}.`);
    const guest = find(db, "guests", String(booking["guest_id"]));
    return { ...booking, guest_name: guest ? guest["name"] : null };
  },
});

export const listFreeRooms = defineTool({
  name: "list_free_rooms",
  description: "List the rooms that are free tonight, optionally of one kind (single, double or suite).",
  args: z.object({ kind: z.enum(["single", "double", "suite"]).optional() }),
  kind: "read",
  run: (db, { kind }) =>
    Object.values(table(db, "rooms"))
      .filter((r) => r["status"] === "free" && (kind === undefined || r["kind"] === kind))
      .map((r) => ({ room_id: r["room_id"], kind: r["kind"], nightly_rate: r["nightly_rate"] })),
});

export const checkIn = defineTool({
  name: "check_in",
  description: "Check a guest in on their booking. A booking without a room needs room_id, a free room.",
  args: z.object({ booking_id: z.string(), room_id: z.string().optional() }),
  kind: "write",
  run: (db, args, ctx) => {
    const booking = find(db, "bookings", args.booking_id);
    if (!booking) return refuse(`No booking with id ${args.booking_id}.`);
    if (booking["status"] !== "booked") return refuse(`Booking ${args.booking_id} is ${booking["status"]}, not booked.`);
    const roomId = args.room_id ?? (typeof booking["room_id"] === "string" ? booking["room_id"] : undefined);
    if (roomId === undefined) return refuse(`Booking ${args.booking_id} has no room yet: give a free room_id.`);
    const room = find(db, "rooms", roomId);
    if (!room) return refuse(`No room with id ${roomId}.`);
    const own = booking["room_id"] === roomId && room["status"] === "reserved";
    if (!own && room["status"] !== "free") return refuse(`Room ${roomId} is ${room["status"]}.`);
    booking["room_id"] = roomId;
    booking["status"] = "checked_in";
    room["status"] = "occupied";
    const result = { booking_id: args.booking_id, room_id: roomId, status: "checked_in" };
    record(ctx, "check_in", args, result);
    return result;
  },
});

export const cancelBooking = defineTool({
  name: "cancel_booking",
  description: "Cancel a booking that has not been checked in yet; its reserved room becomes free.",
  args: z.object({ booking_id: z.string() }),
  kind: "write",
  run: (db, args, ctx) => {
    const booking = find(db, "bookings", args.booking_id);
    if (!booking) return refuse(`No booking with id ${args.booking_id}.`);
    if (booking["status"] !== "booked") return refuse(`Booking ${args.booking_id} is ${booking["status"]} and cannot be cancelled.`);
    const room = typeof booking["room_id"] === "string" ? find(db, "rooms", booking["room_id"]) : undefined;
    if (room && room["status"] === "reserved") room["status"] = "free";
    booking["status"] = "cancelled";
    const result = { booking_id: args.booking_id, status: "cancelled" };
    record(ctx, "cancel_booking", args, result);
    return result;
  },
});

/** The agent's tools; `end_conversation` is every domain's way to hang up. */
export const agentTools = [getBooking, listFreeRooms, checkIn, cancelBooking, endConversationTool];

// ---- the guest's side: the hotel app on their phone --------------------------

export const showDigitalKey = defineTool({
  name: "show_digital_key",
  description: "Show the room key in the hotel app: which room it opens, and whether it is active.",
  args: z.object({}),
  kind: "read",
  run: (db) => ({ ...(/** @type {JsonObject} */ (db["wallet"])) }),
});

export const setDoNotDisturb = defineTool({
  name: "set_do_not_disturb",
  description: "Turn the do-not-disturb sign of the guest's room on or off in the hotel app.",
  args: z.object({ on: z.boolean() }),
  kind: "write",
  run: (db, args, ctx) => {
    const preferences = /** @type {JsonObject} */ (db["preferences"]);
    preferences["do_not_disturb"] = args.on;
    const result = { do_not_disturb: args.on };
    record(ctx, "set_do_not_disturb", args, result);
    return result;
  },
});

export const userTools = [showDigitalKey, setDoNotDisturb];
