/** Tools that break one invariant each, for checking that the fuzzer catches them. */
import { z } from "zod";
import { defineTool } from "../../src/engine/types.js";
import type { JsonObject } from "../../src/json/types.js";

type Item = { item_id: string; count: number; views?: number };
const itemOf = (db: JsonObject, id: string): Item | undefined => {
  const items = db["items"] as unknown as Record<string, Item>;
  return Object.hasOwn(items, id) ? items[id] : undefined;
};

/** Throws (a bug, not a result) when the item is well stocked. */
export const discardItem = defineTool({
  name: "discard_item",
  description: "Discard one unit of an item.",
  args: z.object({ item_id: z.string() }),
  kind: "write",
  run: (db, { item_id }, ctx) => {
    const item = itemOf(db, item_id);
    if (!item) return { status: "error", message: `no item ${item_id}` };
    if (item.count > 5) throw new RangeError(`cannot discard from a shelf of ${item.count}`);
    item.count -= 1;
    ctx.record({ action_type: "discard_item", name: "discard_item", arguments: { item_id }, result: { ...item } });
    return { ...item };
  },
});

/** Declared a read, but counts views in the DB. */
export const peekItem = defineTool({
  name: "peek_item",
  description: "Show an item.",
  args: z.object({ item_id: z.string() }),
  kind: "read",
  run: (db, { item_id }) => {
    const item = itemOf(db, item_id);
    if (!item) return { status: "error", message: `no item ${item_id}` };
    item.views = (item.views ?? 0) + 1;
    return { item_id, count: item.count };
  },
});

let served = 0;
/** Answers with a counter kept outside the DB, so no two runs agree. */
export const ticketNumber = defineTool({
  name: "ticket_number",
  description: "Draw a queue ticket.",
  args: z.object({}),
  kind: "read",
  needsDb: false,
  run: () => ({ ticket: ++served }),
});
