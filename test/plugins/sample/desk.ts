// A plugin domain written in TypeScript (type annotations, an interface, `as`),
// loaded by --domains through tsx.
import { z } from "zod";

interface Desk {
  desk_id: string;
  lamps: number;
}

type Db = { desks: Record<string, Desk> };

const addLamp = {
  name: "add_lamp",
  description: "Put one more lamp on a desk.",
  args: z.object({ desk_id: z.string() }),
  kind: "write" as const,
  run: (db: Db, { desk_id }: { desk_id: string }, ctx: { record(r: object): void }): object => {
    const desk = Object.hasOwn(db.desks, desk_id) ? db.desks[desk_id] : undefined;
    if (!desk) return { status: "error", message: `no desk ${desk_id}` };
    desk.lamps += 1;
    ctx.record({ action_type: "add_lamp", name: "add_lamp", arguments: { desk_id }, result: { ...desk } });
    return { ...desk };
  },
};

const end = {
  name: "EndConversationTool",
  description: "End the conversation with the user.",
  args: z.object({}),
  kind: "read" as const,
  exit: "always" as const,
  ignoresArgs: true,
  needsDb: false,
  run: (): object => ({ success: true, message: "Exit message sent." }),
};

const DB: Db = { desks: { D1: { desk_id: "D1", lamps: 0 } } };

export const desk = {
  name: "desk",
  tools: { agent: [addLamp, end] },
  unknownArgs: "reject" as const,
  argumentError: (): object => ({ status: "error", message: "invalid arguments" }),
  dbNotInitialized: (): object => ({ status: "error", message: "no DB" }),
  scenarios: () => [
    {
      name: "desk__one",
      bucket: "desk",
      domain: "desk",
      upstreamId: "one",
      description: "a lamp for desk D1",
      successSignals: ["db_state_match", "clean_exit"],
      today: "2026-01-05",
      todayFromClock: false,
      initialDbs: () => ({ agent: structuredClone(DB) }),
      initializationActions: [],
      dbStateAssertions: [],
      nlAssertions: [],
      goldCalls: () => [{ name: "add_lamp", arguments: { desk_id: "D1" } }],
      shippedExpectedDb: () => undefined,
      agentPrompt: () => "You run the office.",
      userPrompt: () => "You want a lamp.",
      user: { opening: "Hi", goal: "a lamp", knownInfo: "", unknownInfo: "", instructions: "" },
      labels: {},
    },
  ],
};
