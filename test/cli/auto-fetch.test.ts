/** The fetch on a fresh clone end to end is in fresh-clone.test.ts; here, when it must not happen. */
import { describe, expect, it } from "vitest";
import { fetchFixturesIfNone, fixturesUrlFromEnv } from "../../src/cli/auto-fetch.js";
import { registry } from "../../src/domains/index.js";
import { commandContext } from "../helpers/command-context.js";

describe("EVAL_FIXTURES_URL", () => {
  it("is the mirror when set and not empty", () => {
    expect(fixturesUrlFromEnv({ EVAL_FIXTURES_URL: "https://mirror.example/fixtures" })).toBe("https://mirror.example/fixtures");
    expect(fixturesUrlFromEnv({ EVAL_FIXTURES_URL: "" })).toBeUndefined();
    expect(fixturesUrlFromEnv({})).toBeUndefined();
  });
});

describe("fetching the fixtures when none are found", () => {
  it("never fetches when --data-root is given, even a folder that does not exist (its own error says why)", async () => {
    const ctx = commandContext("/nonexistent/evalsim-data");
    await fetchFixturesIfNone(ctx);
    expect(ctx.io.stderr()).toBe("");
  });

  it("never fetches when EVAL_DATA_ROOT is set", async () => {
    const ctx = commandContext();
    const io = { ...ctx.io, env: { EVAL_DATA_ROOT: "/nonexistent/evalsim-data" } };
    await fetchFixturesIfNone({ ...ctx, io });
    expect(ctx.io.stderr()).toBe("");
  });

  it("an empty EVAL_DATA_ROOT counts as unset: the default places are looked in, and the shared fixtures found", async () => {
    const ctx = commandContext();
    const io = { ...ctx.io, env: { EVAL_DATA_ROOT: "" } };
    await fetchFixturesIfNone({ ...ctx, io, registry });
    expect(ctx.io.stderr()).toBe("");
  });
});
