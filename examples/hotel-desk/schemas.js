// @ts-check
/**
 * What each side's DB looks like. `validate-fixtures` checks the files
 * against these, and `evalsim fuzz` checks that no sequence of calls ever
 * leaves a DB that does not fit them.
 */
import { z } from "evalsim";

/** An id such as R101: the prefix, then digits. @param {string} prefix */
const id = (prefix) => z.string().regex(new RegExp(`^${prefix}\\d+$`));

export const HotelDbSchema = z.object({
  rooms: z.record(
    z.string(),
    z.object({
      room_id: id("R"),
      kind: z.enum(["single", "double", "suite"]),
      nightly_rate: z.number().positive(),
      status: z.enum(["free", "reserved", "occupied", "maintenance"]),
      do_not_disturb: z.boolean(),
    }),
  ),
  guests: z.record(z.string(), z.object({ guest_id: id("G"), name: z.string(), phone: z.string() })),
  bookings: z.record(
    z.string(),
    z.object({
      booking_id: id("B"),
      guest_id: id("G"),
      room_id: id("R").nullable(),
      nights: z.number().int().positive(),
      status: z.enum(["booked", "checked_in", "cancelled"]),
    }),
  ),
});

export const HotelAppDbSchema = z.object({
  wallet: z.object({ guest_id: id("G").nullable(), booking_id: z.string().nullable(), key_room: id("R").nullable(), key_active: z.boolean() }),
  preferences: z.object({ do_not_disturb: z.boolean() }),
});
