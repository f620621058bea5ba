/**
 * Typed, validated fixture loaders. Each file is read and checked once per
 * process (keyed by absolute path) and handed out deep-frozen, since every
 * scenario of a domain shares it; mutate copies (immer drafts), never these.
 *
 * `root` is the data root (`resolveDataRoot()`).
 */
import { join, resolve } from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { deepFreeze } from "../engine/snapshot.js";
import { pyStrip } from "../python/strip.js";
import type { OnRead } from "./load-db.js";
import { FixtureError, parseJsonText, readDbArtifact, readJsonFile, readTextFile } from "./load-db.js";
import type { TypedDb } from "./schema-parts.js";
import { EvaAgentConfigSchema, type EvaAgentConfig } from "../domains/eva_airline/schemas/agent-config.js";
import { EvaDatasetEntrySchema, EvaIdSchema, type EvaDatasetEntry } from "../domains/eva_airline/schemas/dataset.js";
import { EvaScenarioDbSchema, type EvaScenarioDb } from "../domains/eva_airline/schemas/scenario-db.js";
import { Tau2AirlineDbSchema, type Tau2AirlineDb } from "../domains/tau2_airline/db-schema.js";
import { Tau2RetailDbSchema, type Tau2RetailDb } from "../domains/tau2_retail/db-schema.js";
import {
  Tau2SplitSchema,
  Tau2TasksSchema,
  Tau2VoiceTasksSchema,
  type Tau2Split,
  type Tau2Tasks,
  type Tau2VoiceTasks,
} from "../domains/tau2_common/tasks-schema.js";
import { Tau2TelecomDbSchema, type Tau2TelecomDb } from "../domains/tau2_telecom/db-schema.js";
import { Tau2TelecomUserDbSchema, type Tau2TelecomUserDb } from "../domains/tau2_telecom/user-db-schema.js";
import { findProblem, formatJsonPath, validateFixture } from "./schema-check.js";
import { allVetted } from "./vetted.js";

export type { TypedDb };

/** The tau2 domains whose agent DB has a schema. */
export type Tau2Domain = "tau2_airline" | "tau2_retail" | "tau2_telecom";

export interface Tau2DbByDomain {
  tau2_airline: Tau2AirlineDb;
  tau2_retail: Tau2RetailDb;
  tau2_telecom: Tau2TelecomDb;
}

const TAU2_DB_SCHEMAS = {
  tau2_airline: Tau2AirlineDbSchema,
  tau2_retail: Tau2RetailDbSchema,
  tau2_telecom: Tau2TelecomDbSchema,
} satisfies Record<Tau2Domain, z.ZodType>;

const cache = new Map<string, unknown>();

function once<T>(path: string, load: (abs: string) => T): T {
  const abs = resolve(path);
  if (cache.has(abs)) return cache.get(abs) as T;
  const value = deepFreeze(load(abs));
  cache.set(abs, value);
  return value;
}

/** Collects the files a loader reads, to ask whether they are all vetted. */
function readLog(root: string): { onRead: OnRead; vetted: (shardDir?: string) => boolean } {
  const files: { path: string; bytes: Buffer }[] = [];
  return { onRead: (path, bytes) => void files.push({ path, bytes }), vetted: (shardDir) => allVetted(root, files, shardDir) };
}

function loadJson<S extends z.ZodType>(root: string, path: string, schema: S): z.output<S> {
  return once(path, (abs) => {
    const log = readLog(root);
    const value = readJsonFile(abs, log.onRead);
    return log.vetted() ? (value as z.output<S>) : validateFixture(abs, value, schema);
  });
}

export function loadEvaScenarioDb(root: string, id: string): TypedDb<EvaScenarioDb> {
  if (!EvaIdSchema.safeParse(id).success) {
    throw new RangeError(`not an eva scenario id: ${JSON.stringify(id)} (expected <digits>.<digits>.<digits>)`);
  }
  return loadJson(root, join(root, "eva_airline", `${id}.json`), EvaScenarioDbSchema) as TypedDb<EvaScenarioDb>;
}

// str.splitlines() boundaries, so line numbers agree with the reference's reading.
export const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/**
 * The dataset's entries in file order; blank lines are skipped. The reference
 * indexes them by id and keeps the last of a repeated id; here a repeated id
 * is an error, so no entry is ever shadowed.
 */
function parseEvaDataset(root: string, file: string): EvaDatasetEntry[] {
  const entries: EvaDatasetEntry[] = [];
  const lineOf = new Map<string, number>();
  const log = readLog(root);
  const text = readTextFile(file, log.onRead);
  const vetted = log.vetted();
  text
    .split(LINE_BREAK)
    .forEach((text, i) => {
      const line = i + 1;
      if (pyStrip(text) === "") return;
      const value = parseJsonText(text, file, line);
      const problem = vetted ? undefined : findProblem(value, EvaDatasetEntrySchema);
      if (problem) throw new FixtureError(file, formatJsonPath(problem.path), problem.detail, line);
      const entry = value as EvaDatasetEntry;
      const seen = lineOf.get(entry.id);
      if (seen !== undefined) {
        const detail = `expected an id not used before, found ${JSON.stringify(entry.id)} (also on line ${seen})`;
        throw new FixtureError(file, "id", detail, line);
      }
      lineOf.set(entry.id, line);
      entries.push(entry);
    });
  if (entries.length === 0) throw new FixtureError(file, "", "expected JSON lines, found none");
  return entries;
}

export function loadEvaDataset(root: string): readonly EvaDatasetEntry[] {
  return once(join(root, "eva_airline", "eva_airline_dataset.jsonl"), (abs) => parseEvaDataset(root, abs));
}

// YAML 1.1 as OmegaConf reads it (PyYAML's SafeLoader without the timestamp
// resolver): `yes` is a boolean, dates stay strings. Only JSON-shaped values
// are produced; any other tag is an error.
const NON_JSON_TAGS = new Set(["binary", "omap", "pairs", "set", "timestamp"].map((t) => `tag:yaml.org,2002:${t}`));

export function parseYamlFile(file: string, onRead?: OnRead): unknown {
  const doc = parseDocument(readTextFile(file, onRead), {
    version: "1.1",
    customTags: (tags) => tags.filter((t) => typeof t === "string" || !NON_JSON_TAGS.has(t.tag)),
    uniqueKeys: true,
  });
  const error = doc.errors[0] ?? doc.warnings.find((w) => w.code === "TAG_RESOLVE_FAILED");
  if (error) throw new FixtureError(file, "", `invalid YAML: ${firstLine(error.message)}`);
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw new FixtureError(file, "", `invalid YAML: ${firstLine((e as Error).message)}`);
  }
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? "").replace(/:$/, "");
}

export function loadEvaAgentConfig(root: string): EvaAgentConfig {
  return once(join(root, "eva_airline", "airline_agent.yaml"), (abs) => {
    const log = readLog(root);
    const value = parseYamlFile(abs, log.onRead);
    return log.vetted() ? (value as EvaAgentConfig) : validateFixture(abs, value, EvaAgentConfigSchema);
  });
}

export function loadTau2Tasks(root: string, domain: string): Tau2Tasks {
  return loadJson(root, join(root, domain, "tasks.json"), Tau2TasksSchema);
}

export function loadTau2VoiceTasks(root: string, domain: string): Tau2VoiceTasks {
  return loadJson(root, join(root, domain, "tasks_voice.json"), Tau2VoiceTasksSchema);
}

export function loadTau2Split(root: string, domain: string): Tau2Split {
  return loadJson(root, join(root, domain, "split_tasks.json"), Tau2SplitSchema);
}

/** A DB artifact (single file or shard directory), validated; errors name the shard at fault. */
function loadDbArtifactChecked<S extends z.ZodType>(root: string, path: string, schema: S): z.output<S> {
  return once(path, (abs) => {
    const log = readLog(root);
    const artifact = readDbArtifact(abs, log.onRead);
    const problem = log.vetted(artifact.shards ? artifact.path : undefined) ? undefined : findProblem(artifact.db, schema);
    if (!problem) return artifact.db as z.output<S>;
    const top = problem.path[0];
    const file = (typeof top === "string" ? artifact.shards?.[top] : undefined) ?? artifact.path;
    throw new FixtureError(file, formatJsonPath(problem.path), problem.detail);
  });
}

/** The agent-side DB: `tau2_airline/db/` shards, `db.json` for the others. */
export function loadTau2Db<D extends Tau2Domain>(root: string, domain: D): TypedDb<Tau2DbByDomain[D]> {
  const schema: z.ZodType = TAU2_DB_SCHEMAS[domain];
  return loadDbArtifactChecked(root, join(root, domain, "db"), schema) as TypedDb<Tau2DbByDomain[D]>;
}

export function loadTelecomUserDb(root: string): TypedDb<Tau2TelecomUserDb> {
  const path = join(root, "tau2_telecom", "user_db");
  return loadDbArtifactChecked(root, path, Tau2TelecomUserDbSchema) as TypedDb<Tau2TelecomUserDb>;
}
