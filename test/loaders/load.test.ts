/**
 * Every shipped fixture fits its schema, and corrupted copies (made in a temp
 * dir, never in the shared fixtures) fail with one precise line.
 *
 * Expected messages follow the format `<file>[: line <n>][: <json path>]:
 * expected <what>, found <what>`. Where a tau2 data model decides the
 * question, pydantic (`tau2_*_params.py`, run on the same corruption) rejects
 * it too unless a comment says otherwise.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEvaDataset, loadEvaScenarioDb } from "../../src/domains/eva_airline/data.js";
import { loadAirlineDb } from "../../src/domains/tau2_airline/data.js";
import { loadTau2Split, loadTau2Tasks } from "../../src/domains/tau2_common/data.js";
import { loadRetailDb } from "../../src/domains/tau2_retail/data.js";
import { loadTelecomDb, loadTelecomUserDb } from "../../src/domains/tau2_telecom/data.js";
import { readJsonFile } from "../../src/loaders/load-db.js";
import { setFixtureChecks, type FixtureChecks } from "../../src/loaders/vetted.js";
import { copyRoot, editJson, failure, get, remove, removeCopies, ROOT, set, writeText } from "../helpers/fixture-copies.js";

afterAll(removeCopies);

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

  it("several problems: each is listed with its path, in document order", () => {
    // flights.json lists `origin` before `flight_number` (the schema has them the other way round).
    const r = copyRoot("tau2_airline");
    const file = editJson(r, "tau2_airline/db/flights.json", (flights) => {
      set(flights, ["HAT002", "scheduled_departure_time_est"], "9am");
      set(flights, ["HAT001", "flight_number"], 1);
      set(flights, ["HAT001", "origin"], 7);
    });
    expect(failure(() => loadAirlineDb(r))).toBe(
      `${file}: flights.HAT001.origin: expected a string, found 7 (and 2 more problems: flights.HAT001.flight_number: expected a string, found 1; flights.HAT002.scheduled_departure_time_est: expected a time (HH:MM:SS, optionally +1), found "9am")`,
    );
  });

});

describe("readJsonFile", () => {
  it("reads Python-only tokens", () => {
    const r = copyRoot();
    const file = writeText(r, "x.json", '{"a": NaN, "b": 12345678901234567890}');
    expect(readJsonFile(file)).toEqual({ a: NaN, b: 12345678901234567890n });
  });
});

