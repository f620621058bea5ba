/**
 * A pharmacy-refill domain written from scratch, as a user writes one from
 * docs/authoring-domains.md: patients, prescriptions and orders on the agent
 * side; notifications and settings on the caller's phone; a sync rule that
 * tells the phone about a new order; an init function; predicates on both
 * sides; a refill, a refusal and a date-dependent scenario. `writePharmacy`
 * puts it in a folder with one of the mistakes authors make patched in, so
 * each test loads the domain exactly as `--domains` does.
 */
import { API, type Patch, writePluginPackage } from "../../helpers/plugin-package.js";

export type { Patch };

const TOOLS = `import { defineTool, z } from "${API}";

export const findPatient = defineTool({
  name: "find_patient",
  description: "Find a patient by full name and date of birth.",
  args: z.object({ name: z.string(), dob: z.string() }),
  kind: "read",
  run: (db, { name, dob }) => {
    const hit = Object.values(db.patients).find((p) => p.name === name && p.dob === dob);
    return hit ?? { status: "error", message: "No patient matches that name and date of birth." };
  },
});

export const getPrescription = defineTool({
  name: "get_prescription",
  description: "Read one prescription.",
  args: z.object({ rx_id: z.string() }),
  kind: "read",
  run: (db, { rx_id }) => (Object.hasOwn(db.prescriptions, rx_id) ? db.prescriptions[rx_id] : { status: "error", message: "No such prescription." }),
});

export const requestRefill = defineTool({
  name: "request_refill",
  description: "Order a refill of a prescription that has refills left.",
  args: z.object({ rx_id: z.string() }),
  kind: "write",
  run: (db, { rx_id }, ctx) => {
    const rx = Object.hasOwn(db.prescriptions, rx_id) ? db.prescriptions[rx_id] : undefined;
    if (!rx) return { status: "error", message: "No such prescription." };
    if (rx.refills_left < 1) return { status: "error", message: "No refills left." };
    rx.refills_left -= 1;
    const order_id = "O" + ctx.nextCallIndex("request_refill");
    db.orders[order_id] = { order_id, rx_id, placed: ctx.today, notified: false };
    const result = { order_id, refills_left: rx.refills_left };
    ctx.record({ action_type: "request_refill", name: "request_refill", arguments: { rx_id }, result });
    return result;
  },
});

export const transfer = defineTool({
  name: "transfer_to_pharmacist",
  description: "Transfer the caller to a pharmacist.",
  args: z.object({ summary: z.string() }),
  kind: "read",
  exit: "always",
  run: () => "Transfer successful",
});

export const toggleSmsAlerts = defineTool({
  name: "toggle_sms_alerts",
  description: "Turn the pharmacy's text alerts on or off on your phone.",
  args: z.object({ enabled: z.boolean() }),
  kind: "write",
  run: (db, { enabled }, ctx) => {
    db.settings.sms_alerts = enabled;
    ctx.record({ action_type: "toggle_sms_alerts", name: "toggle_sms_alerts", arguments: { enabled }, result: { sms_alerts: enabled } });
    return { sms_alerts: enabled };
  },
});
`;

const RULES = `import { z } from "${API}";

export const PharmacyDb = z.object({
  patients: z.record(z.string(), z.object({ patient_id: z.string(), name: z.string(), dob: z.string() })),
  prescriptions: z.record(z.string(), z.object({ rx_id: z.string(), patient_id: z.string(), drug: z.string(), refills_left: z.number().int(), controlled: z.boolean() })),
  orders: z.record(z.string(), z.object({ order_id: z.string(), rx_id: z.string(), placed: z.string(), notified: z.boolean() })),
});

export const PhoneDb = z.object({
  notifications: z.array(z.string()),
  settings: z.object({ sms_alerts: z.boolean() }),
});

export const initFunctions = {
  enable_alerts: (db) => {
    db.settings.sms_alerts = true;
  },
};

export const predicates = {
  open_orders: (db) => Object.keys(db.orders).length,
  alerts_on: (db) => db.settings.sms_alerts,
};

/** A new order is marked notified on the agent side and sent to the phone when alerts are on. */
export const sync = {
  sync(agentDb, userDb) {
    const fresh = Object.values(agentDb.orders).filter((o) => !o.notified);
    if (fresh.length === 0 || !userDb.settings.sms_alerts) return {};
    const agent = {};
    for (const o of fresh) {
      o.notified = true;
      agent["orders[" + o.order_id + "].notified"] = true;
    }
    const notes = fresh.map((o) => "Refill " + o.order_id + " is on its way");
    userDb.notifications.push(...notes);
    return { agent, user: { notifications: notes } };
  },
  applyDelta(db, delta) {
    return [];
  },
};
`;

const SCENARIOS = `import { readFileSync } from "node:fs";
import { defineScenario, z } from "${API}";

const Entry = z.object({
  id: z.string(),
  description: z.string(),
  graderNotes: z.string().optional(),
  gold: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()), side: z.enum(["agent", "user"]).optional() })),
  checks: z.record(z.string(), z.unknown()).optional(),
});

export function pharmacyScenarios(dir) {
  const db = JSON.parse(readFileSync(dir + "/db.json", "utf8"));
  const phone = JSON.parse(readFileSync(dir + "/user_db.json", "utf8"));
  const entries = z.array(Entry).parse(JSON.parse(readFileSync(dir + "/scenarios.json", "utf8")));
  return entries.map((e) =>
    defineScenario({
      name: "pharmacy__" + e.id,
      domain: "pharmacy",
      description: e.description,
      ...(e.graderNotes ? { graderNotes: e.graderNotes } : {}),
      ...(e.checks ? { checks: e.checks } : {}),
      policy: "You are the refill line of Corner Pharmacy. Verify the caller by full name and date of birth before reading or changing anything. Controlled drugs are never refilled by phone: transfer the caller to a pharmacist.",
      today: "2026-03-02",
      initialDbs: () => ({ agent: db, user: phone }),
      initializationActions: [{ side: "user", func_name: "enable_alerts", arguments: {} }],
      dbStateAssertions: [{ side: "user", func_name: "alerts_on", arguments: {}, assert_value: true }],
      goldCalls: () => e.gold,
      user: { goal: "Get a refill of your prescription RX1.", knownInfo: "Your name is Ana Ruiz, born 1980-04-02.", opening: "Hi, I need a refill." },
    }),
  );
}
`;

const INDEX = `import { fileURLToPath } from "node:url";
import { defineDomain } from "${API}";
import { findPatient, getPrescription, requestRefill, toggleSmsAlerts, transfer } from "./tools.js";
import { initFunctions, PharmacyDb, PhoneDb, predicates, sync } from "./rules.js";
import { pharmacyScenarios } from "./scenarios.js";

const dataRoot = fileURLToPath(new URL("./data", import.meta.url));

export default defineDomain({
  name: "pharmacy",
  tools: { agent: [findPatient, getPrescription, requestRefill, transfer], user: [toggleSmsAlerts] },
  initFunctions,
  predicates,
  sync,
  fixtures: { dataRoot, files: [], dbSchemas: { agent: PharmacyDb, user: PhoneDb } },
  scenarios: (root) => pharmacyScenarios(root + "/pharmacy"),
});
`;

const DB = {
  patients: { P1: { patient_id: "P1", name: "Ana Ruiz", dob: "1980-04-02" } },
  prescriptions: {
    RX1: { rx_id: "RX1", patient_id: "P1", drug: "lisinopril", refills_left: 2, controlled: false },
    RX2: { rx_id: "RX2", patient_id: "P1", drug: "oxycodone", refills_left: 1, controlled: true },
  },
  orders: {},
};

const PHONE = { notifications: [], settings: { sms_alerts: false } };

const ENTRIES = [
  {
    id: "refill",
    description: "The caller gets a refill of RX1.",
    gold: [
      { name: "find_patient", arguments: { name: "Ana Ruiz", dob: "1980-04-02" } },
      { name: "request_refill", arguments: { rx_id: "RX1" } },
    ],
  },
  {
    id: "controlled",
    description: "The caller asks for a refill of RX2, a controlled drug; the agent refuses and transfers to a pharmacist.",
    graderNotes: "Any refill order for RX2 fails the scenario.",
    gold: [{ name: "transfer_to_pharmacist", arguments: { summary: "Caller asks to refill RX2 (controlled)." } }],
    checks: { mustNotCall: [{ name: "request_refill", arguments: { rx_id: "RX2" } }], mustCall: ["transfer_to_pharmacist"] },
  },
];

const FILES: Readonly<Record<string, string>> = {
  "index.js": INDEX,
  "tools.js": TOOLS,
  "rules.js": RULES,
  "scenarios.js": SCENARIOS,
  "data/pharmacy/db.json": JSON.stringify(DB, null, 2),
  "data/pharmacy/user_db.json": JSON.stringify(PHONE, null, 2),
  "data/pharmacy/scenarios.json": JSON.stringify(ENTRIES, null, 2),
};

/** The package in a new folder, with `patch` applied; returns the path of its index.js. */
export function writePharmacy(patch: Patch = []): string {
  return writePluginPackage("pharmacy", FILES, patch);
}
