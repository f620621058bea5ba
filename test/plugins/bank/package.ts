/**
 * A small agent-only bank domain written from the authoring guide alone:
 * accounts, cards and transfers with a daily limit; four tools; scenarios
 * decided by DB assertions and by declared checks (`communicate`,
 * `mustCall`, `mustNotCall`). It is correct as written: gold, the oracle
 * run and `check` pass. `writeBank` puts it in a folder with one mistake
 * patched in, so each test loads it exactly as `--domains` does.
 */
import { API, type Patch, writePluginPackage } from "../../helpers/plugin-package.js";

export type { Patch };

const TOOLS = `import { defineTool, z } from "${API}";

const row = (table, id) => (Object.hasOwn(table, id) ? table[id] : undefined);
const cents = (x) => Math.round(x * 100) / 100;

export const getAccount = defineTool({
  name: "get_account",
  description: "Read an account: its owner, balance and what it has sent today.",
  args: z.object({ account_id: z.string() }),
  kind: "read",
  run: (db, { account_id }) => row(db.accounts, account_id) ?? { status: "error", message: "No account with id " + account_id + "." },
});

export const getCard = defineTool({
  name: "get_card",
  description: "Read a card: its account and status.",
  args: z.object({ card_id: z.string() }),
  kind: "read",
  run: (db, { card_id }) => row(db.cards, card_id) ?? { status: "error", message: "No card with id " + card_id + "." },
});

export const transferFunds = defineTool({
  name: "transfer_funds",
  description: "Move money between two accounts; at most 1000.00 a day from one account.",
  args: z.object({ from_account_id: z.string(), to_account_id: z.string(), amount: z.number() }),
  kind: "write",
  run: (db, { from_account_id, to_account_id, amount }, ctx) => {
    const from = row(db.accounts, from_account_id);
    const to = row(db.accounts, to_account_id);
    if (!from) return { status: "error", message: "No account with id " + from_account_id + "." };
    if (!to) return { status: "error", message: "No account with id " + to_account_id + "." };
    if (from_account_id === to_account_id) return { status: "error", message: "The two accounts are the same." };
    if (!(amount > 0)) return { status: "error", message: "The amount must be positive." };
    if (from.sent_today + amount > 1000) return { status: "error", message: "That is over the daily limit of 1000.00." };
    if (from.balance < amount) return { status: "error", message: "Insufficient funds." };
    from.balance = cents(from.balance - amount);
    to.balance = cents(to.balance + amount);
    from.sent_today = cents(from.sent_today + amount);
    const transfer_id = "T" + ctx.nextCallIndex("transfer_funds");
    db.transfers[transfer_id] = { transfer_id, from_account_id, to_account_id, amount, date: ctx.today };
    const result = { transfer_id, balance: from.balance };
    ctx.record({ action_type: "transfer_funds", name: "transfer_funds", arguments: { from_account_id, to_account_id, amount }, result });
    return result;
  },
});

export const freezeCard = defineTool({
  name: "freeze_card",
  description: "Freeze a card that is lost or stolen.",
  args: z.object({ card_id: z.string() }),
  kind: "write",
  run: (db, { card_id }, ctx) => {
    const card = row(db.cards, card_id);
    if (!card) return { status: "error", message: "No card with id " + card_id + "." };
    if (card.status === "frozen") return { status: "error", message: "The card is already frozen." };
    card.status = "frozen";
    const result = { card_id, status: "frozen" };
    ctx.record({ action_type: "freeze_card", name: "freeze_card", arguments: { card_id }, result });
    return result;
  },
});
`;

const RULES = `import { z } from "${API}";

export const BankDb = z.object({
  accounts: z.record(z.string(), z.object({ account_id: z.string(), owner: z.string(), balance: z.number(), sent_today: z.number() })),
  cards: z.record(z.string(), z.object({ card_id: z.string(), account_id: z.string(), status: z.enum(["active", "frozen"]) })),
  transfers: z.record(z.string(), z.object({ transfer_id: z.string(), from_account_id: z.string(), to_account_id: z.string(), amount: z.number(), date: z.string() })),
});

export const predicates = {
  balance: (db, { account_id }) => db.accounts[account_id].balance,
  card_status: (db, { card_id }) => db.cards[card_id].status,
};
`;

const SCENARIOS = `import { readFileSync } from "node:fs";
import { defineScenario, z } from "${API}";

const Entry = z.object({
  id: z.string(),
  description: z.string(),
  goal: z.string(),
  gold: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })),
  assertions: z.array(z.object({ func_name: z.string(), arguments: z.record(z.string(), z.unknown()), assert_value: z.unknown() })),
  checks: z.record(z.string(), z.unknown()).optional(),
});

const POLICY = "You are the phone line of Harbor Bank. Verify the caller by full name before reading or changing anything. An account sends at most 1000.00 a day: refuse a transfer over that and tell the caller the daily limit. Freeze a card the caller reports lost. After a transfer, tell the caller the new balance.";

export function bankScenarios(dir) {
  const db = JSON.parse(readFileSync(dir + "/db.json", "utf8"));
  const entries = z.array(Entry).parse(JSON.parse(readFileSync(dir + "/scenarios.json", "utf8")));
  return entries.map((e) =>
    defineScenario({
      name: "bank__" + e.id,
      domain: "bank",
      description: e.description,
      policy: POLICY,
      today: "2026-05-04",
      initialDbs: () => ({ agent: db }),
      dbStateAssertions: e.assertions.map((a) => ({ side: "agent", ...a })),
      goldCalls: () => e.gold,
      ...(e.checks ? { checks: e.checks } : {}),
      user: { goal: e.goal, knownInfo: "Your name is Lena Park. Your checking account is A1 and your savings account A2; your card is C1.", opening: "Hi, this is Lena Park." },
    }),
  );
}
`;

const INDEX = `import { fileURLToPath } from "node:url";
import { defineDomain } from "${API}";
import { freezeCard, getAccount, getCard, transferFunds } from "./tools.js";
import { BankDb, predicates } from "./rules.js";
import { bankScenarios } from "./scenarios.js";

const dataRoot = fileURLToPath(new URL("./data", import.meta.url));

export default defineDomain({
  name: "bank",
  tools: { agent: [getAccount, getCard, transferFunds, freezeCard] },
  predicates,
  fixtures: { dataRoot, files: [], dbSchemas: { agent: BankDb } },
  scenarios: (root) => bankScenarios(root + "/bank"),
});
`;

const DB = {
  accounts: {
    A1: { account_id: "A1", owner: "Lena Park", balance: 2750.75, sent_today: 0 },
    A2: { account_id: "A2", owner: "Lena Park", balance: 120.5, sent_today: 0 },
    A3: { account_id: "A3", owner: "Omar Diaz", balance: 40.25, sent_today: 0 },
  },
  cards: { C1: { card_id: "C1", account_id: "A1", status: "active" } },
  transfers: {},
};

const ENTRIES = [
  {
    id: "transfer",
    description: "Lena moves 300.00 from checking to savings; the agent makes the transfer and tells her the new checking balance.",
    goal: "Move 300.00 from your checking account to your savings account, and ask what is left in checking.",
    gold: [
      { name: "get_account", arguments: { account_id: "A1" } },
      { name: "transfer_funds", arguments: { from_account_id: "A1", to_account_id: "A2", amount: 300 } },
    ],
    assertions: [{ func_name: "balance", arguments: { account_id: "A1" }, assert_value: 2450.75 }],
    checks: { mustCall: ["transfer_funds"], communicate: ["2450.75"] },
  },
  {
    id: "over_limit",
    description: "Lena asks to send 1500.00 to another customer's account; that is over the daily limit, so the agent refuses and says so.",
    goal: "Send 1500.00 from your checking account to Omar Diaz's account A3.",
    gold: [{ name: "get_account", arguments: { account_id: "A1" } }],
    assertions: [{ func_name: "balance", arguments: { account_id: "A1" }, assert_value: 2750.75 }],
    checks: { mustNotCall: [{ name: "transfer_funds", arguments: { to_account_id: "A3" } }], communicate: ["daily limit"] },
  },
  {
    id: "lost_card",
    description: "Lena has lost her card; the agent freezes it.",
    goal: "Your card is lost: have it frozen.",
    gold: [{ name: "freeze_card", arguments: { card_id: "C1" } }],
    assertions: [{ func_name: "card_status", arguments: { card_id: "C1" }, assert_value: "frozen" }],
    checks: { mustCall: ["freeze_card"] },
  },
];

const FILES: Readonly<Record<string, string>> = {
  "index.js": INDEX,
  "tools.js": TOOLS,
  "rules.js": RULES,
  "scenarios.js": SCENARIOS,
  "data/bank/db.json": JSON.stringify(DB, null, 2),
  "data/bank/scenarios.json": JSON.stringify(ENTRIES, null, 2),
};

/** The bank package in a new folder, with `patch` applied; returns the path of its index.js. */
export function writeBank(patch: Patch = []): string {
  return writePluginPackage("bank", FILES, patch);
}
