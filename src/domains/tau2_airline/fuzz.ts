/** What `evalsim fuzz` needs to know about tau2_airline beyond its tool schemas (see engine/fuzz-profile.ts). */
import type { FuzzProfile } from "../../engine/fuzz-profile.js";

export const tau2AirlineFuzz: FuzzProfile = {
  // `Passenger.dob` is a plain `str` in the reference's parameter model: UpdateReservationPassengersTool
  // and BookReservationTool store "1955" or "x" as given.
  uncheckedFields: [["reservations", "*", "passengers", "*", "dob"]],
  records: "tau2",
  replayFromRecords: true,
  hints: {
    aliases: {
      payment_id: ["payment_id", "id"],
      date: ["date", "keys:dates"],
    },
    shapes: {},
    constants: { expression: ["2+2", "1/0", "100*3"], amount: [0, 50, 100, 500, 5000] },
  },
  parityCrashes: [],
};
