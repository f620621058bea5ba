/**
 * Every shipped fixture fits its schema, and corrupted copies (made in a temp
 * dir, never in the shared fixtures) fail with one precise line.
 *
 * Expected messages follow the format `<file>[: line <n>][: <json path>]:
 * expected <what>, found <what>`. Where a tau2 data model decides the
 * question, pydantic (`tau2_*_params.py`, run on the same corruption) rejects
 * it too unless a comment says otherwise.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveDataRoot } from "../../src/loaders/data-root.js";
import { loadEvaAgentConfig, loadEvaDataset, loadEvaScenarioDb } from "../../src/domains/eva_airline/data.js";
import { loadAirlineDb } from "../../src/domains/tau2_airline/data.js";
import { loadTau2Split, loadTau2Tasks, loadTau2VoiceTasks } from "../../src/domains/tau2_common/data.js";
import { loadRetailDb } from "../../src/domains/tau2_retail/data.js";
import { loadTelecomDb, loadTelecomUserDb } from "../../src/domains/tau2_telecom/data.js";
import { FixtureError, readJsonFile } from "../../src/loaders/load-db.js";
import { isoDate, isoDateTime, isoDateTimeOrDate } from "../../src/loaders/schema-parts.js";
import { formatJsonPath } from "../../src/loaders/schema-check.js";
import { setFixtureChecks, type FixtureChecks } from "../../src/loaders/vetted.js";

const ROOT = resolveDataRoot({ mustContain: "tau2_airline" });
const TAU2 = ["tau2_airline", "tau2_retail", "tau2_telecom"] as const;

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A fresh data root holding copies of the given domain folders. */
function copyRoot(...domains: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "evalsim-fixtures-"));
  temps.push(root);
  for (const d of domains) cpSync(join(ROOT, d), join(root, d), { recursive: true });
  return root;
}

type Path = readonly (string | number)[];
type Container = Record<string | number, unknown>;

function get(doc: unknown, path: Path): unknown {
  return path.reduce<unknown>((cur, key) => (cur as Container)[key], doc);
}

function set(doc: unknown, path: Path, value: unknown): void {
  (get(doc, path.slice(0, -1)) as Container)[path[path.length - 1] as string | number] = value;
}

function remove(doc: unknown, path: Path): void {
  delete (get(doc, path.slice(0, -1)) as Container)[path[path.length - 1] as string | number];
}

/** Rewrite a JSON file of a temp root through `mutate`; returns its path. */
function editJson(root: string, rel: string, mutate: (doc: unknown) => void): string {
  const file = join(root, rel);
  const doc: unknown = JSON.parse(readFileSync(file, "utf8"));
  mutate(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

function writeText(root: string, rel: string, text: string): string {
  const file = join(root, rel);
  writeFileSync(file, text);
  return file;
}

function failure(load: () => unknown): string {
  try {
    load();
  } catch (e) {
    expect(e).toBeInstanceOf(FixtureError);
    const message = (e as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected the load to fail");
}

// Loading skips the schema check of files the manifest pins; this is the
// check that makes that safe: every pinned file, checked in full.
describe("shipped fixtures", () => {
  let previous: FixtureChecks;
  beforeAll(() => {
    previous = setFixtureChecks("full");
  });
  afterAll(() => {
    setFixtureChecks(previous);
  });

  it("all 50 eva scenario DBs", () => {
    const ids = readdirSync(join(ROOT, "eva_airline"))
      .filter((n) => /^\d+\.\d+\.\d+\.json$/.test(n))
      .map((n) => n.slice(0, -".json".length));
    expect(ids).toHaveLength(50);
    for (const id of ids) expect(loadEvaScenarioDb(ROOT, id)._current_date).toMatch(/^2026-\d\d-\d\d$/);
    expect(Object.keys(loadEvaScenarioDb(ROOT, "1.1.2").reservations)).toEqual(["ZK3FFW"]);
  });

  it("the eva dataset (50 lines) and agent config", () => {
    const entries = loadEvaDataset(ROOT);
    expect(entries.map((e) => e.id).slice(0, 3)).toEqual(["1.1.2", "1.1.3", "1.1.4"]);
    expect(entries).toHaveLength(50);
    expect(entries[0]?.ground_truth.expected_scenario_db.session).toBeDefined();
    const config = loadEvaAgentConfig(ROOT);
    expect(config.role).toBe(
      "You are a voice agent for SkyWay Airlines handling inbound calls for flight changes, rebooking, " +
        "and cancellations.",
    );
    expect(config.instructions.startsWith("## Authentication\n")).toBe(true);
    expect(config.tools).toHaveLength(15);
  });

  it("tau2 tasks, voice tasks and splits", () => {
    // Counts from the fixture README: 50 airline, 114 retail, 114 telecom base tasks.
    const counts = { tau2_airline: 50, tau2_retail: 114, tau2_telecom: 114 };
    for (const d of TAU2) {
      expect(loadTau2Tasks(ROOT, d)).toHaveLength(counts[d]);
      expect(Object.keys(loadTau2VoiceTasks(ROOT, d).configs)).toHaveLength(counts[d]);
      expect(loadTau2Split(ROOT, d)["base"]).toHaveLength(counts[d]);
    }
  });

  it("tau2 DBs, with key order and unknown fields as in the files", () => {
    const airline = loadAirlineDb(ROOT);
    expect([Object.keys(airline.flights).length, Object.keys(airline.reservations).length]).toEqual([300, 2000]);
    expect(Object.keys(airline.users)).toHaveLength(500);
    // flights.json lists origin before flight_number; the schema names them the other way round.
    const hat001 = Object.keys(airline.flights["HAT001"] ?? {});
    expect(hat001.slice(0, 3)).toEqual(["origin", "destination", "flight_number"]);
    expect(Object.keys(loadRetailDb(ROOT).orders)).toHaveLength(1000);
    expect(loadTelecomDb(ROOT).customers.map((c) => c.customer_id)).toEqual([
      "C1001",
      "C1002",
      "C1003",
      "C1004",
    ]);
    expect(loadTelecomUserDb(ROOT).device.battery_level).toBe(80);
    // Airline tasks carry `annotations`, which tau2's Task model does not declare.
    expect(Object.keys(loadTau2Tasks(ROOT, "tau2_airline")[0] ?? {})).toContain("annotations");
  });

  it("hands out one deep-frozen value per file", () => {
    const db = loadRetailDb(ROOT);
    expect(loadRetailDb(ROOT)).toBe(db);
    const item = db.orders["#W2611340"]?.items[0];
    expect(item).toBeTypeOf("object");
    expect(Object.isFrozen(item)).toBe(true);
    expect(loadEvaDataset(ROOT)).toBe(loadEvaDataset(ROOT));
    const scenario = loadTau2Tasks(ROOT, "tau2_telecom")[0]?.user_scenario;
    expect(scenario).toBeTypeOf("object");
    expect(Object.isFrozen(scenario)).toBe(true);
    expect(() => {
      (db.orders as Record<string, unknown>)["#W1"] = {};
    }).toThrow(TypeError);
  });
});

describe("corrupted copies fail with one precise line", () => {
  it("a wrong type deep inside a reservation", () => {
    const r = copyRoot("eva_airline");
    const file = editJson(r, "eva_airline/1.1.2.json", (db) =>
      set(db, ["reservations", "ZK3FFW", "bookings", 0, "segments", 0, "fare_paid"], "260.0"),
    );
    expect(failure(() => loadEvaScenarioDb(r, "1.1.2"))).toBe(
      `${file}: reservations.ZK3FFW.bookings[0].segments[0].fare_paid: expected a number, found "260.0"`,
    );
  });

  it("a missing required field", () => {
    const r = copyRoot("tau2_retail");
    const file = editJson(r, "tau2_retail/db.json", (db) => remove(db, ["users", "noah_brown_6181", "email"]));
    expect(failure(() => loadRetailDb(r))).toBe(
      `${file}: users.noah_brown_6181.email: expected a string, found nothing (the field is missing)`,
    );
  });

  it("a value outside the model's enum", () => {
    const r = copyRoot("tau2_retail");
    const file = editJson(r, "tau2_retail/db.json", (db) => set(db, ["orders", "#W2611340", "status"], "shipped"));
    expect(failure(() => loadRetailDb(r))).toBe(
      `${file}: orders["#W2611340"].status: expected one of "processed", "pending", "pending (item modified)", ` +
        `"delivered", "cancelled", "exchange requested", "return requested", found "shipped"`,
    );
  });

  it("a payment method with an unknown source (tagged union)", () => {
    const r = copyRoot("tau2_airline");
    const file = editJson(r, "tau2_airline/db/users.json", (users) =>
      set(users, ["mia_li_3668", "payment_methods", "credit_card_4421486", "source"], "paypal"),
    );
    expect(failure(() => loadAirlineDb(r))).toBe(
      `${file}: users.mia_li_3668.payment_methods.credit_card_4421486.source: ` +
        `expected one of "credit_card", "gift_card", "certificate", found "paypal"`,
    );
  });

  it("a negative amount where the tool parameters require a positive one", () => {
    // eva's IssueTravelCreditParams has amount > 0, so no tool writes such a credit.
    const r = copyRoot("eva_airline");
    const file = editJson(r, "eva_airline/1.1.2.json", (db) => {
      set(db, ["travel_credits", "TCZK3FFWPAX"], {
        credit_code: "TCZK3FFWPAX",
        confirmation_number: "ZK3FFW",
        passenger_id: "PAX001",
        amount: -50,
        credit_reason: "goodwill",
        issued_date: "2026-03-17",
        expiry_date: "2027-03-17",
        status: "active",
      });
    });
    expect(failure(() => loadEvaScenarioDb(r, "1.1.2"))).toBe(
      `${file}: travel_credits.TCZK3FFWPAX.amount: expected a number > 0, found -50`,
    );
  });

  it("NaN in an integer field", () => {
    // Python's json reads the NaN token; pydantic rejects it as not a finite number.
    const r = copyRoot("tau2_telecom");
    const original = readFileSync(join(r, "tau2_telecom/user_db.json"), "utf8");
    const corrupted = original.replace('"battery_level": 80', '"battery_level": NaN');
    const file = writeText(r, "tau2_telecom/user_db.json", corrupted);
    expect(failure(() => loadTelecomUserDb(r))).toBe(`${file}: device.battery_level: expected an integer, found NaN`);
  });

  it("an impossible calendar date", () => {
    const r = copyRoot("tau2_telecom");
    const file = editJson(r, "tau2_telecom/db.json", (db) => set(db, ["bills", 0, "due_date"], "2025-02-30"));
    expect(failure(() => loadTelecomDb(r))).toBe(
      `${file}: bills[0].due_date: expected a date (YYYY-MM-DD), found "2025-02-30"`,
    );
  });

  it("a flight date key in the wrong format", () => {
    // Stricter than pydantic (Dict[str, ...]): tools look dates up by their YYYY-MM-DD text.
    const r = copyRoot("tau2_airline");
    const file = editJson(r, "tau2_airline/db/flights.json", (flights) =>
      set(flights, ["HAT001", "dates", "2024-5-01"], get(flights, ["HAT001", "dates", "2024-05-01"])),
    );
    expect(failure(() => loadAirlineDb(r))).toBe(
      `${file}: flights.HAT001.dates.2024-5-01: expected a key that is a date (YYYY-MM-DD), found the key "2024-5-01"`,
    );
  });

  it("an unknown field where the model forbids extras, and not where it allows them", () => {
    const r = copyRoot("tau2_telecom");
    const file = editJson(r, "tau2_telecom/db.json", (db) => set(db, ["lines", 2, "nickname"], "x"));
    expect(failure(() => loadTelecomDb(r))).toBe(
      `${file}: lines[2].nickname: expected no such field (unknown fields are not allowed here), found "x"`,
    );
    // tau2's Task model admits unknown fields.
    editJson(r, "tau2_telecom/tasks.json", (tasks) => set(tasks, [0, "x_note"], { anything: [1, 2] }));
    expect(loadTau2Tasks(r, "tau2_telecom")[0]).toHaveProperty("x_note");
  });

  it("a record whose id field contradicts its key", () => {
    // Stricter than pydantic: tools find orders by key and report `order_id`.
    const r = copyRoot("tau2_retail");
    const file = editJson(r, "tau2_retail/db.json", (db) => set(db, ["orders", "#W4817420", "order_id"], "#W0000000"));
    expect(failure(() => loadRetailDb(r))).toBe(
      `${file}: orders["#W4817420"].order_id: expected "#W4817420" (the key of its entry), found "#W0000000"`,
    );
  });

  it("truncated JSON, with line and column", () => {
    const r = copyRoot("tau2_telecom");
    const head = readFileSync(join(r, "tau2_telecom/db.json"), "utf8").split("\n").slice(0, 4);
    expect(head[3]).toBe('      "plan_id": "P1001",');
    const file = writeText(r, "tau2_telecom/db.json", head.map((l) => `${l}\n`).join(""));
    // Python: "Expecting property name enclosed in double quotes: line 5 column 1".
    expect(failure(() => loadTelecomDb(r))).toBe(
      `${file}: invalid JSON: unexpected end of input at line 5 column 1`,
    );
  });

  it("an empty file", () => {
    const r = copyRoot("tau2_retail");
    const file = writeText(r, "tau2_retail/split_tasks.json", " \n");
    expect(failure(() => loadTau2Split(r, "tau2_retail"))).toBe(
      `${file}: expected a JSON document, found an empty file`,
    );
  });

  it("bytes that are not UTF-8", () => {
    const r = copyRoot("tau2_retail");
    const file = join(r, "tau2_retail/split_tasks.json");
    writeFileSync(file, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x5b, 0x5d, 0x7d]));
    expect(failure(() => loadTau2Split(r, "tau2_retail"))).toBe(`${file}: expected UTF-8 text, found invalid bytes`);
  });

  describe("sharded DB", () => {
    it("a shard that is not JSON names the shard", () => {
      const r = copyRoot("tau2_airline");
      const head = readFileSync(join(r, "tau2_airline/db/flights.json"), "utf8").split("\n").slice(0, 3);
      expect(head).toEqual(["{", '  "HAT001": {', '    "origin": "PHL",']);
      const file = writeText(r, "tau2_airline/db/flights.json", head.map((l) => `${l}\n`).join(""));
      expect(failure(() => loadAirlineDb(r))).toBe(
        `${file}: invalid JSON: unexpected end of input at line 4 column 1`,
      );
    });

    it("a problem inside a shard names the shard and the full DB path", () => {
      const r = copyRoot("tau2_airline");
      const file = editJson(r, "tau2_airline/db/reservations.json", (reservations) =>
        set(reservations, ["4WQ150", "flights", 0, "price"], 883.5),
      );
      expect(failure(() => loadAirlineDb(r))).toBe(
        `${file}: reservations.4WQ150.flights[0].price: expected an integer, found 883.5`,
      );
    });

    it("a missing shard names the directory", () => {
      const r = copyRoot("tau2_airline");
      rmSync(join(r, "tau2_airline/db/users.json"));
      expect(failure(() => loadAirlineDb(r))).toBe(
        `${join(r, "tau2_airline/db")}: users: expected an object, found nothing (the field is missing)`,
      );
    });
  });

  it("several problems: the first in document order is reported, the rest counted", () => {
    // flights.json lists `origin` before `flight_number` (the schema has them the other way round).
    const r = copyRoot("tau2_airline");
    const file = editJson(r, "tau2_airline/db/flights.json", (flights) => {
      set(flights, ["HAT002", "scheduled_departure_time_est"], "9am");
      set(flights, ["HAT001", "flight_number"], 1);
      set(flights, ["HAT001", "origin"], 7);
    });
    expect(failure(() => loadAirlineDb(r))).toBe(
      `${file}: flights.HAT001.origin: expected a string, found 7 (and 2 more problems)`,
    );
  });

  describe("tau2 tasks", () => {
    it("instructions that are neither structured nor text", () => {
      const r = copyRoot("tau2_retail");
      const file = editJson(r, "tau2_retail/tasks.json", (tasks) =>
        set(tasks, [3, "user_scenario", "instructions"], 5),
      );
      expect(failure(() => loadTau2Tasks(r, "tau2_retail"))).toBe(
        `${file}: [3].user_scenario.instructions: expected an object or a string, found 5`,
      );
    });

    it("a structured-instructions field of the wrong type", () => {
      const r = copyRoot("tau2_retail");
      const file = editJson(r, "tau2_retail/tasks.json", (tasks) =>
        set(tasks, [3, "user_scenario", "instructions", "reason_for_call"], ["x"]),
      );
      expect(failure(() => loadTau2Tasks(r, "tau2_retail"))).toBe(
        `${file}: [3].user_scenario.instructions.reason_for_call: expected a string, found an array (1 item)`,
      );
    });

    it("a bad requestor", () => {
      const r = copyRoot("tau2_telecom");
      const file = editJson(r, "tau2_telecom/tasks.json", (tasks) =>
        set(tasks, [1, "evaluation_criteria", "actions", 0, "requestor"], "agent"),
      );
      expect(failure(() => loadTau2Tasks(r, "tau2_telecom"))).toBe(
        `${file}: [1].evaluation_criteria.actions[0].requestor: expected one of "user", "assistant", found "agent"`,
      );
    });

    it("a repeated task id", () => {
      // The reference's index would silently keep the later task.
      const r = copyRoot("tau2_retail");
      const file = editJson(r, "tau2_retail/tasks.json", (tasks) => set(tasks, [7, "id"], "2"));
      expect(failure(() => loadTau2Tasks(r, "tau2_retail"))).toBe(
        `${file}: [7].id: expected an id not already used (by task [2]), found "2"`,
      );
    });

    it("voice tasks without their configs table", () => {
      // The reference's `.get("configs", {})` would silently yield no voice tasks.
      const r = copyRoot("tau2_airline");
      const file = editJson(r, "tau2_airline/tasks_voice.json", (voice) => remove(voice, ["configs"]));
      expect(failure(() => loadTau2VoiceTasks(r, "tau2_airline"))).toBe(
        `${file}: configs: expected an object, found nothing (the field is missing)`,
      );
    });

    it("a split listing a number", () => {
      // The reference would intersect string ids with it and silently drop the task.
      const r = copyRoot("tau2_airline");
      const file = editJson(r, "tau2_airline/split_tasks.json", (splits) => set(splits, ["base", 3], 3));
      expect(failure(() => loadTau2Split(r, "tau2_airline"))).toBe(`${file}: base[3]: expected a string, found 3`);
    });
  });

  describe("eva dataset (JSONL)", () => {
    function editLines(r: string, edit: (lines: string[]) => void): string {
      const file = join(r, "eva_airline/eva_airline_dataset.jsonl");
      const lines = readFileSync(file, "utf8").split("\n");
      edit(lines);
      writeFileSync(file, lines.join("\n"));
      return file;
    }

    it("a line that is not JSON; blank lines are skipped but counted", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        lines.splice(2, 0, "   ");
        lines[6] = '{"id": "2.1.1", "user_goal": }';
      });
      expect(failure(() => loadEvaDataset(r))).toBe(`${file}: line 7: invalid JSON: unexpected character at column 30`);
    });

    it("a line whose entry has the wrong shape", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        const entry: unknown = JSON.parse(lines[2] as string);
        set(entry, ["user_config", "user_persona_id"], "2");
        lines[2] = JSON.stringify(entry);
      });
      expect(failure(() => loadEvaDataset(r))).toBe(
        `${file}: line 3: user_config.user_persona_id: expected an integer, found "2"`,
      );
    });

    it("a bad expected DB inside a line", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        const entry: unknown = JSON.parse(lines[4] as string);
        set(entry, ["ground_truth", "expected_scenario_db", "_current_date"], "03/17/2026");
        lines[4] = JSON.stringify(entry);
      });
      expect(failure(() => loadEvaDataset(r))).toBe(
        `${file}: line 5: ground_truth.expected_scenario_db._current_date: ` +
          `expected a date (YYYY-MM-DD), found "03/17/2026"`,
      );
    });

    it("a repeated scenario id", () => {
      const r = copyRoot("eva_airline");
      const file = editLines(r, (lines) => {
        const entry: unknown = JSON.parse(lines[3] as string);
        set(entry, ["id"], "1.1.2");
        lines[3] = JSON.stringify(entry);
      });
      expect(failure(() => loadEvaDataset(r))).toBe(
        `${file}: line 4: id: expected an id not used before, found "1.1.2" (also on line 1)`,
      );
    });
  });

  describe("eva agent config (YAML)", () => {
    it("a YAML syntax error", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "role: x\ninstructions: |\n  a\n b: c\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: invalid YAML: All mapping items must start at the same column at line 4, column 1`,
      );
    });

    it("YAML of the wrong shape", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "role:\n  - a\n  - b\ninstructions: '   '\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: role: expected a string, found an array (2 items) (and 1 more problem)`,
      );
      writeText(r, "eva_airline/airline_agent.yaml", "role: x\ninstructions: '   '\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: instructions: expected a non-empty string, found "   "`,
      );
    });

    it("a YAML document that is not a mapping", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "- role\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(`${file}: expected an object, found an array (1 item)`);
    });

    it("YAML 1.1 scalars as PyYAML reads them, and no language-specific tags", () => {
      const r = copyRoot("eva_airline");
      const file = writeText(r, "eva_airline/airline_agent.yaml", "role: yes\ninstructions: x\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(`${file}: role: expected a string, found true`);
      writeText(r, "eva_airline/airline_agent.yaml", "role: !!python/object:os.system {}\ninstructions: x\n");
      expect(failure(() => loadEvaAgentConfig(r))).toBe(
        `${file}: invalid YAML: Unresolved tag: tag:yaml.org,2002:python/object:os.system at line 1, column 7`,
      );
    });
  });

  it("an eva scenario id that is not one", () => {
    expect(() => loadEvaScenarioDb(ROOT, "../tau2_retail/db")).toThrow(
      'not an eva scenario id: "../tau2_retail/db" (expected <digits>.<digits>.<digits>)',
    );
  });
});

describe("formatJsonPath", () => {
  it("dots for simple keys, [i] for indices, quotes for the rest", () => {
    expect(formatJsonPath(["reservations", "ZK3FFW", "bookings", 0, "segments", 0, "fare_paid"])).toBe(
      "reservations.ZK3FFW.bookings[0].segments[0].fare_paid",
    );
    expect(formatJsonPath([0, "id"])).toBe("[0].id");
    expect(formatJsonPath(["orders", "#W1", "a.b", "", 'q"'])).toBe('orders["#W1"]["a.b"][""]["q\\""]');
  });
});

describe("readJsonFile", () => {
  it("reads Python-only tokens", () => {
    const r = copyRoot();
    const file = writeText(r, "x.json", '{"a": NaN, "b": 12345678901234567890}');
    expect(readJsonFile(file)).toEqual({ a: NaN, b: 12345678901234567890n });
  });
});

describe("date formats", () => {
  it("checks the calendar, leap years included", () => {
    const ok = (s: string): boolean => isoDate().safeParse(s).success;
    expect(["2024-02-29", "2000-02-29", "2025-12-31", "2025-04-30"].map(ok)).toEqual([true, true, true, true]);
    expect(["2025-02-29", "1900-02-29", "2025-04-31", "2025-13-01", "2025-1-01", "2025-01-01 "].map(ok)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const okTime = (s: string): boolean => isoDateTime().safeParse(s).success;
    expect(["2025-01-15T10:30:00", "2025-01-15T24:00:00", "2025-01-15", "2025-01-15T10:30:00Z"].map(okTime)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    // A pydantic datetime field also takes a bare date (telecom `created_at`'s default dumps as one).
    const okEither = (s: string): boolean => isoDateTimeOrDate().safeParse(s).success;
    expect(["2025-01-01", "2025-01-15T10:30:00", "2025-01-15T10:30", "2025-02-30"].map(okEither)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
