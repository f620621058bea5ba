/**
 * The files of a new domain package, as text. Plain ESM JavaScript checked
 * by TypeScript through the installed package's types (`// @ts-check`), so
 * it runs from an installed evalsim with no build step. Every file says why
 * it is there; the data is small enough to read in one go.
 */
export interface ScaffoldOptions {
  readonly name: string;
  readonly dualSide: boolean;
}

const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

function packageJson(o: ScaffoldOptions): string {
  return json({ name: o.name.replace(/_/g, "-"), private: true, type: "module", description: `The ${o.name} domain for evalsim`, main: "index.js" });
}

function indexJs(o: ScaffoldOptions): string {
  const dual = o.dualSide;
  return `// @ts-check
/**
 * The ${o.name} domain: everything evalsim needs to know about it, as one value.
 * Load it with \`evalsim --domains ./${o.name}/index.js list-domains\` (or list it
 * under \`domains\` in evalsim.config.json).
 */
import { fileURLToPath } from "node:url";
import { defineDomain } from "evalsim";
import { ${o.name}Scenarios } from "./scenarios.js";
import { predicates${dual ? ", userInitFunctions, userDbSchema, sync" : ""}, agentDbSchema, policyRules } from "./rules.js";
import { agentTools${dual ? ", userTools" : ""} } from "./tools.js";

/** This folder's \`data/\`: the domain ships its own fixtures, in \`data/${o.name}/\`. */
const dataRoot = fileURLToPath(new URL("./data", import.meta.url));

export default defineDomain({
  name: "${o.name}",
  tools: { agent: agentTools${dual ? ", user: userTools" : ""} },
  predicates,${dual ? "\n  initFunctions: userInitFunctions,\n  sync," : ""}
  policyRules,
  fixtures: {
    dataRoot,
    files: [{ kind: "db", path: "db", schema: agentDbSchema }${dual ? ', { kind: "db", path: "user_db", schema: userDbSchema }' : ""}],
    dbSchemas: { agent: agentDbSchema${dual ? ", user: userDbSchema" : ""} },
  },
  scenarios: (root) => ${o.name}Scenarios(\`\${root}/${o.name}\`),
});
`;
}

function toolsJs(o: ScaffoldOptions): string {
  const user = o.dualSide
    ? `
// ---- the caller's side -------------------------------------------------------

/** A user-side tool works on the user DB; the oracle asks the caller to use it. */
export const checkApp = defineTool({
  name: "check_request_in_app",
  description: "Show the request the caller's app follows, and its status.",
  args: z.object({}),
  kind: "read",
  run: (db) => ({ ...(/** @type {JsonObject} */ (db["app"])) }),
});

export const userTools = [checkApp];
`
    : "";
  return `// @ts-check
/**
 * The tools. A tool is data: the name and description the model sees, a zod
 * schema for its arguments (the model's JSON schema is generated from it),
 * whether it reads or writes, and a handler that works on a draft of its
 * side's DB. A result \`{status: "error", ...}\` throws the draft away, so a
 * refused call never changes the DB; a handler that throws is a bug, which
 * \`evalsim fuzz\` reports.
 */
import { defineTool, endConversationTool, z } from "evalsim";

/** @typedef {import("evalsim").JsonObject} JsonObject */

/**
 * One request by id; own keys only, so an id such as \`__proto__\` finds nothing.
 * @param {JsonObject} db
 * @param {string} id
 * @returns {JsonObject | undefined}
 */
function request(db, id) {
  const requests = /** @type {Record<string, JsonObject>} */ (db["requests"]);
  return Object.hasOwn(requests, id) ? requests[id] : undefined;
}

export const getRequest = defineTool({
  name: "get_request",
  description: "Look up a request by its id (for example 'Q1'): who asked, what for, and its status.",
  args: z.object({ request_id: z.string().describe("The request id, such as 'Q1'.") }),
  kind: "read",
  run: (db, { request_id }) => request(db, request_id) ?? { status: "error", message: \`No request with id \${request_id}.\` },
});

export const closeRequest = defineTool({
  name: "close_request",
  description: "Mark an open request as done.",
  args: z.object({ request_id: z.string() }),
  kind: "write",
  run: (db, args, ctx) => {
    const found = request(db, args.request_id);
    if (!found) return { status: "error", message: \`No request with id \${args.request_id}.\` };
    if (found["status"] !== "open") return { status: "error", message: \`Request \${args.request_id} is \${found["status"]}, not open.\` };
    found["status"] = "done";
    const result = { request_id: args.request_id, status: "done" };
    // One action per successful write, with the name and arguments that replay it.
    ctx.record({ action_type: "close_request", name: "close_request", arguments: { ...args }, result });
    return result;
  },
});

/** The agent's tools; \`end_conversation\` is how every domain's agent hangs up. */
export const agentTools = [getRequest, closeRequest, endConversationTool];
${user}`;
}

function rulesJs(o: ScaffoldOptions): string {
  const dual = o.dualSide;
  const dualPart = dual
    ? `
export const userDbSchema = z.object({ app: z.object({ request_id: z.string().nullable(), status: z.string().nullable() }) });

/**
 * Init functions prepare a DB before the conversation (a scenario's
 * \`initialization_actions\`, each naming its side). One that throws is
 * reported, and the run goes on.
 * @type {Record<string, import("evalsim").InitFunction>}
 */
export const userInitFunctions = {
  /** Point the caller's app at one request. */
  link_request(db, args) {
    if (typeof args["request_id"] !== "string") throw new TypeError("link_request() needs a request_id string");
    /** @type {JsonObject} */ (db["app"])["request_id"] = args["request_id"];
  },
};

/**
 * The sync rule keeps the two DBs in agreement after initialization and after
 * every successful write: the app shows the status of the request it follows.
 * \`sync\` changes the DBs and returns what it changed, per side, as
 * \`{"dotted.path": value}\`; \`applyDelta\` applies such a delta to one DB.
 * @type {import("evalsim").SyncSpec}
 */
export const sync = {
  sync(agentDb, userDb) {
    const app = /** @type {JsonObject} */ (userDb["app"]);
    const requests = /** @type {Record<string, JsonObject>} */ (agentDb["requests"]);
    const id = app["request_id"];
    const status = typeof id === "string" && Object.hasOwn(requests, id) ? (requests[id]?.["status"] ?? null) : null;
    if (app["status"] === status) return {};
    app["status"] = status;
    return { user: { "app.status": status } };
  },
  applyDelta(db, delta) {
    /** @type {string[]} */
    const errors = [];
    for (const [path, value] of Object.entries(delta)) {
      const [top, key] = path.split(".");
      const node = top === undefined ? undefined : db[top];
      if (key === undefined || !node || typeof node !== "object" || Array.isArray(node)) errors.push(\`\${path}: no such field\`);
      else node[key] = value ?? null;
    }
    return errors;
  },
};
`
    : "";
  return `// @ts-check
/**
 * What the domain knows beyond its tools: the shape of its DB${dual ? "s" : ""}, the
 * predicates its scenarios' assertions call${dual ? ", the init function and the sync rule" : ""}, and its policy rules.
 */
import { z } from "evalsim";

/** @typedef {import("evalsim").JsonObject} JsonObject */

/** \`validate-fixtures\` checks the DB file against this; \`evalsim fuzz\` checks that no calls break it. */
export const agentDbSchema = z.object({
  requests: z.record(z.string(), z.object({ request_id: z.string(), customer: z.string(), summary: z.string(), status: z.enum(["open", "done"]) })),
});

/**
 * Predicates answer a question about one side's DB; an assertion names one,
 * its side and arguments, and the value it must return.
 * @type {Record<string, import("evalsim").Predicate>}
 */
export const predicates = {
  request_status: (db, args) => {
    const requests = /** @type {Record<string, JsonObject>} */ (db["requests"]);
    const id = String(args["request_id"]);
    return Object.hasOwn(requests, id) ? (requests[id]?.["status"] ?? null) : null;
  },${dual ? '\n  app_status: (db) => /** @type {JsonObject} */ (db["app"])["status"] ?? null,' : ""}
};

/**
 * The policy the agent works under, as rules a call and the DB just before it
 * decide (\`evalsim audit --policy\` checks the gold calls against them, and
 * every run lists the agent's violations). A rule cites the sentence it
 * implements and returns the facts it read when a call breaks it, null when
 * the call keeps it. A call the tool refused breaks no rule.
 * @type {import("evalsim").PolicyRule[]}
 */
export const policyRules = [
  {
    id: "requests.close.look-up-first",
    policy: { section: "Closing requests", sentence: "Look a request up and read it back to the caller before closing it." },
    tools: ["close_request"],
    check({ call, db, before }) {
      const id = String(call.args["request_id"]);
      if (before.some((c) => c.ok === true && c.tool === "get_request" && c.args["request_id"] === id)) return null;
      const requests = /** @type {Record<string, JsonObject>} */ (db["requests"]);
      const customer = Object.hasOwn(requests, id) ? String(requests[id]?.["customer"] ?? "") : "";
      return { facts: { request: id, customer, "looked up before": false } };
    },
  },
];
${dualPart}`;
}

function scenariosJs(o: ScaffoldOptions): string {
  return `// @ts-check
/**
 * The scenarios, read from \`data/${o.name}/scenarios.json\`: the caller's brief,
 * the gold calls a correct agent makes, the assertions on the end DBs, and
 * the agent DB a correct conversation ends with (\`evalsim gold\` checks it).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defineScenario } from "evalsim";

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/**
 * @param {string} dir the domain's fixture folder
 * @returns {import("evalsim").Scenario[]}
 */
export function ${o.name}Scenarios(dir) {
  const agentDb = readJson(join(dir, "db.json"));${o.dualSide ? '\n  const userDb = readJson(join(dir, "user_db.json"));' : ""}
  /** @type {any[]} */
  const list = readJson(join(dir, "scenarios.json"));
  return list.map((s) =>
    defineScenario({
      name: \`${o.name}__\${s.id}\`,
      domain: "${o.name}",
      description: s.description,
      successSignals: ["db_state_match", "db_state_assertion", "clean_exit"],
      // The agent's rules: its prompt is built from them, with the date; the description never reaches it.
      policy: "You are a help desk. Look the caller's request up and close it once it is done. Then end the call.",
      initialDbs: () => ({ agent: agentDb${o.dualSide ? ", user: userDb" : ""} }),
      initializationActions: s.initialization_actions ?? [],
      dbStateAssertions: s.db_state_assertions ?? [],
      goldCalls: () => s.gold_calls,
      shippedExpectedDb: () => readJson(join(dir, s.expected_db)),
      // What the agent must and must not do or say, decided from the conversation (mustCall, mustNotCall, communicate).
      ...(s.checks ? { checks: s.checks } : {}),
      user: { opening: s.opening, goal: s.goal, knownInfo: s.known_info },
    }),
  );
}
`;
}

const AGENT_DB = {
  requests: {
    Q1: { request_id: "Q1", customer: "Dana Reyes", summary: "Replace a broken badge", status: "open" },
    Q2: { request_id: "Q2", customer: "Eli Park", summary: "Reset a password", status: "done" },
  },
};

function scenariosJson(o: ScaffoldOptions): string {
  const assertions: unknown[] = [{ side: "agent", func_name: "request_status", arguments: { request_id: "Q1" }, assert_value: "done" }];
  if (o.dualSide) assertions.push({ side: "user", func_name: "app_status", arguments: {}, assert_value: "done" });
  const gold: unknown[] = [
    { name: "get_request", arguments: { request_id: "Q1" } },
    { name: "close_request", arguments: { request_id: "Q1" } },
  ];
  if (o.dualSide) gold.push({ name: "check_request_in_app", arguments: {}, side: "user" });
  return json([
    {
      id: "close_request",
      description: "The badge was replaced; the caller wants the request closed.",
      opening: "Hi, my new badge works. Can you close my request?",
      goal: "Have your request closed.",
      known_info: "Your request id is Q1.",
      ...(o.dualSide ? { initialization_actions: [{ side: "user", func_name: "link_request", arguments: { request_id: "Q1" } }] } : {}),
      gold_calls: gold,
      db_state_assertions: assertions,
      checks: { mustCall: ["close_request"], communicate: ["closed"] },
      expected_db: "expected/close_request.json",
    },
  ]);
}

function readme(o: ScaffoldOptions): string {
  return `# ${o.name}

An evalsim domain${o.dualSide ? " with a user side" : ""}, written by \`evalsim new-domain\`.

- \`index.js\`: the domain value (tools, ${o.dualSide ? "init functions, sync, " : ""}predicates, fixtures, scenarios)
- \`tools.js\`: the tools
- \`rules.js\`: DB schema${o.dualSide ? "s, predicates, the init function and the sync rule" : " and predicates"}
- \`scenarios.js\` and \`data/${o.name}/\`: the DB${o.dualSide ? "s" : ""}, the scenarios and their expected end DBs

From the folder above this one:

    npx evalsim --domains ./${o.name}/index.js list-domains
    npx evalsim --domains ./${o.name}/index.js gold --domain ${o.name}
    npx evalsim --domains ./${o.name}/index.js run --domain ${o.name} --agent oracle
    npx evalsim --domains ./${o.name}/index.js fuzz --domain ${o.name}
`;
}

/** Every file of the package, by path relative to its folder. */
export function scaffoldFiles(o: ScaffoldOptions): ReadonlyMap<string, string> {
  const files = new Map<string, string>([
    ["package.json", packageJson(o)],
    ["README.md", readme(o)],
    ["index.js", indexJs(o)],
    ["tools.js", toolsJs(o)],
    ["rules.js", rulesJs(o)],
    ["scenarios.js", scenariosJs(o)],
    [`data/${o.name}/db.json`, json(AGENT_DB)],
    [`data/${o.name}/scenarios.json`, scenariosJson(o)],
    [`data/${o.name}/expected/close_request.json`, json({ requests: { ...AGENT_DB.requests, Q1: { ...AGENT_DB.requests.Q1, status: "done" } } })],
  ]);
  if (o.dualSide) files.set(`data/${o.name}/user_db.json`, json({ app: { request_id: null, status: null } }));
  return files;
}
