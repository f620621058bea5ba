// A plugin domain in plain JavaScript, written without evalsim imports (only
// zod), so it loads the same way inside and outside the repository.
import { z } from "zod";

const items = (db) => db.items;

const getItem = {
  name: "get_item",
  description: "Look an item up by its id.",
  args: z.object({ item_id: z.string() }),
  kind: "read",
  run: (db, { item_id }) => (Object.hasOwn(items(db), item_id) ? items(db)[item_id] : { status: "error", message: `no item ${item_id}` }),
};

const restock = {
  name: "restock_item",
  description: "Add to an item's count.",
  args: z.object({ item_id: z.string(), amount: z.number().int() }),
  kind: "write",
  run: (db, args, ctx) => {
    const item = Object.hasOwn(items(db), args.item_id) ? items(db)[args.item_id] : undefined;
    if (!item) return { status: "error", message: `no item ${args.item_id}` };
    item.count += args.amount;
    const result = { ...item };
    ctx.record({ action_type: "restock_item", name: "restock_item", arguments: { ...args }, result });
    return result;
  },
};

const end = {
  name: "EndConversationTool",
  description: "End the conversation with the user.",
  args: z.object({}),
  kind: "read",
  exit: "always",
  ignoresArgs: true,
  needsDb: false,
  run: () => ({ success: true, message: "Exit message sent." }),
};

const DB = Object.freeze({ items: Object.freeze({ I1: Object.freeze({ item_id: "I1", name: "lamp", count: 2 }) }) });

const scenario = (id, amount) => ({
  name: `shelf__${id}`,
  bucket: "shelf",
  domain: "shelf",
  upstreamId: id,
  description: `restock the lamp by ${amount}`,
  successSignals: ["db_state_match", "clean_exit"],
  today: "2026-01-05",
  todayFromClock: false,
  initialDbs: () => ({ agent: DB }),
  initializationActions: [],
  dbStateAssertions: [],
  nlAssertions: [],
  goldCalls: () => [{ name: "restock_item", arguments: { item_id: "I1", amount } }],
  shippedExpectedDb: () => undefined,
  agentPrompt: () => "You run the stock room.",
  userPrompt: () => "You want the lamp restocked.",
  user: { opening: "Hi", goal: "restock the lamp", knownInfo: "", unknownInfo: "", instructions: "" },
  labels: {},
});

export const shelf = {
  name: "shelf",
  tools: { agent: [getItem, restock, end] },
  unknownArgs: "reject",
  argumentError: () => ({ status: "error", message: "invalid arguments" }),
  dbNotInitialized: () => ({ status: "error", message: "no DB" }),
  scenarios: () => [scenario("one", 1), scenario("two", 3)],
};
