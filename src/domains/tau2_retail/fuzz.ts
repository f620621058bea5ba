/** What `evalsim fuzz` needs to know about tau2_retail beyond its tool schemas (see engine/fuzz-profile.ts). */
import type { FuzzProfile } from "../../engine/fuzz-profile.js";

export const tau2RetailFuzz: FuzzProfile = {
  uncheckedFields: [],
  records: "tau2",
  replayFromRecords: true,
  hints: {
    aliases: {
      new_item_id: ["linked:item_id"],
      // The order's user's payment methods, not only the one the order was paid with.
      payment_method_id: ["linked:id"],
    },
    shapes: {},
    constants: { expression: ["2+2", "1/0", "(3-1)*2.5", "2**8", "7//2", "--1", "()", "1e3", "0.1+0.2"] },
  },
  parityCrashes: [],
};
