/**
 * Whether a run folder comes from this user on this machine. A run folder
 * is shared as a CI artifact or a tarball, and `run_config.json` names code
 * (plugin modules), endpoints with the variables holding their keys, a
 * prompt pack and a cassette folder: on resume these are taken from the
 * folder only when the folder proves it was written here, by this user.
 *
 * The proof is an HMAC-SHA256 of run_config.json's exact bytes under a key
 * that lives in the user's data folder (never in a run folder), kept in
 * `.evalsim-run.sig` beside it. The file is written only when run_config.json
 * holds something to trust, so the tree of an ordinary run without models,
 * plugins or a pack is what it always was. Anything else (no signature, a
 * signature that does not match, another user's) counts as untrusted: resume
 * then stops, listing what the folder asks for and the flags that accept it.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, rmSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { writeFileAtomic } from "../../json/atomic-write.js";
import type { JsonObject } from "../../json/types.js";
import { isJsonObject } from "../../json/types.js";
import { RUN_CONFIG_FILE } from "../layout.js";
import { PLUGIN_MODULES_KEY, pluginModulesOf } from "./config.js";

/** The signature's file in a run folder. */
export const SIGNATURE_FILE = ".evalsim-run.sig";
/** Overrides where the signing key lives (a folder); tests point it at a temporary one. */
export const DATA_HOME_ENV = "EVALSIM_DATA_HOME";
const KEY_FILE = "run-signing.key";
const SIGNATURE_FORMAT = "evalsim-run-signature";

type Env = Readonly<Record<string, string | undefined>>;

/** The folder holding the user's signing key: $EVALSIM_DATA_HOME, else $XDG_DATA_HOME/evalsim, else ~/.local/share/evalsim. */
export function dataHome(env: Env = process.env): string {
  const own = env[DATA_HOME_ENV];
  if (own) return resolve(own);
  const xdg = env["XDG_DATA_HOME"];
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".local", "share"), "evalsim");
}

function readKey(file: string): Buffer | undefined {
  try {
    const text = readFileSync(file, "utf8").trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, "hex") : undefined;
  } catch {
    return undefined;
  }
}

/** The user's key; `create` makes one (0600, in a 0700 folder) when there is none. */
function signingKey(env: Env, create: boolean): Buffer | undefined {
  const dir = dataHome(env);
  const file = join(dir, KEY_FILE);
  const have = readKey(file);
  if (have || !create) return have;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let fd: number;
  try {
    // Exclusive: two runs starting at once agree on the one key the first wrote.
    fd = openSync(file, "wx", 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return readKey(file);
    throw e;
  }
  try {
    writeSync(fd, `${randomBytes(32).toString("hex")}\n`);
  } finally {
    closeSync(fd);
  }
  chmodSync(file, 0o600);
  return readKey(file);
}

const mac = (key: Buffer, text: string): string => createHmac("sha256", key).update(text, "utf8").digest("hex");

/** Does run_config.json name anything a resume would take on trust? */
export function needsTrust(config: JsonObject): boolean {
  return pluginModulesOf(config).length > 0 || ["agent_llm", "user_llm", "judge_llm", "cassettes", "prompt_pack_file"].some((k) => config[k] !== undefined);
}

/**
 * Sign run_config.json's text (as written on disk) when it names something to
 * trust; otherwise remove a signature left from before. A key that cannot
 * be made costs the signature only: the folder then resumes as an
 * untrusted one would (with the flags that accept what it asks for).
 */
export function signRunConfig(runDir: string, config: JsonObject, env: Env = process.env): void {
  const file = join(runDir, SIGNATURE_FILE);
  if (!needsTrust(config)) {
    rmSync(file, { force: true });
    return;
  }
  let key: Buffer | undefined;
  try {
    key = signingKey(env, true);
  } catch {
    key = undefined;
  }
  if (!key) {
    rmSync(file, { force: true });
    return;
  }
  const text = readFileSync(join(runDir, RUN_CONFIG_FILE), "utf8");
  writeFileAtomic(file, `${JSON.stringify({ format: SIGNATURE_FORMAT, version: 1, hmac_sha256: mac(key, text) })}\n`);
}

export type Provenance = { readonly trusted: true } | { readonly trusted: false; readonly why: string };

/** Is `runDir`'s run_config.json signed by this user's key, byte for byte? */
export function runFolderProvenance(runDir: string, env: Env = process.env): Provenance {
  const sigFile = join(runDir, SIGNATURE_FILE);
  let sig: unknown;
  try {
    if (!lstatSync(sigFile).isFile()) return { trusted: false, why: `${SIGNATURE_FILE} is not a plain file` };
    sig = JSON.parse(readFileSync(sigFile, "utf8"));
  } catch (e) {
    return { trusted: false, why: (e as NodeJS.ErrnoException).code === "ENOENT" ? `it has no ${SIGNATURE_FILE} (not started here, or by an older evalsim)` : `its ${SIGNATURE_FILE} is unreadable` };
  }
  const claimed = isJsonObject(sig) ? sig["hmac_sha256"] : undefined;
  if (typeof claimed !== "string" || !/^[0-9a-f]{64}$/.test(claimed)) return { trusted: false, why: `its ${SIGNATURE_FILE} is not a signature` };
  const key = signingKey(env, false);
  if (!key) return { trusted: false, why: "this user has no signing key yet, so it was not started by this user here" };
  let text: string;
  try {
    text = readFileSync(join(runDir, RUN_CONFIG_FILE), "utf8");
  } catch {
    return { trusted: false, why: `its ${RUN_CONFIG_FILE} is unreadable` };
  }
  const ok = timingSafeEqual(Buffer.from(mac(key, text), "hex"), Buffer.from(claimed, "hex"));
  return ok ? { trusted: true } : { trusted: false, why: `its ${SIGNATURE_FILE} does not match ${RUN_CONFIG_FILE} under this user's key (edited since, or written by someone else)` };
}

/** What the command line gave that accepts a folder's asks. */
export interface Acceptance {
  /** Plugin modules loaded by `--domains` or the evalsim config (absolute paths). */
  readonly modules: ReadonlySet<string>;
  /** `--agent-config` / `--user-config` / `--judge-config` given again. */
  readonly configs: Readonly<Partial<Record<"agent" | "user" | "judge", string>>>;
  /** `--base-url URL` (repeatable). */
  readonly baseUrls: readonly string[];
  /** `--api-key-env NAME` (repeatable). */
  readonly apiKeyEnvs: readonly string[];
  readonly cassettes?: string | undefined;
  readonly cassetteMode?: string | undefined;
  readonly promptPack?: string | undefined;
}

export interface Ask {
  /** What the folder asks for, in words. */
  readonly what: string;
  /** The flags that accept it. */
  readonly accept: string;
}

/** The real path of `p`'s nearest existing ancestor, with the rest appended: a link on the way is followed. */
function realish(p: string): string {
  const abs = resolve(p);
  let head = abs;
  for (;;) {
    try {
      return join(realpathSync(head), relative(head, abs));
    } catch {
      const up = dirname(head);
      if (up === head) return abs;
      head = up;
    }
  }
}

/** Is `path` inside `dir`, links followed (a link inside the run folder to elsewhere is elsewhere)? */
const inside = (dir: string, path: string): boolean => {
  const rel = relative(realish(dir), realish(path));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * What an untrusted folder's run_config.json asks a resume to take on its
 * word, less what the command line already accepted. `agent`/`user` are
 * the run's recorded bot kinds (a recorded model config of a side that is
 * not an LLM is never used).
 */
export function untrustedAsks(config: JsonObject, runDir: string, given: Acceptance): Ask[] {
  const asks: Ask[] = [];
  for (const m of pluginModulesOf(config)) if (!given.modules.has(resolve(m))) asks.push({ what: `plugin module ${m}`, accept: `--domains ${m}` });
  const used = { agent: config["agent"] === "llm", user: config["user"] === "llm", judge: true };
  for (const role of ["agent", "user", "judge"] as const) {
    const rec = config[`${role}_llm`];
    if (!used[role] || given.configs[role] !== undefined || !isJsonObject(rec)) continue;
    const url = typeof rec["base_url"] === "string" ? rec["base_url"] : "(no base_url)";
    const keyEnv = typeof rec["api_key_env"] === "string" ? rec["api_key_env"] : undefined;
    if (given.baseUrls.includes(url) && (keyEnv === undefined || given.apiKeyEnvs.includes(keyEnv))) continue;
    asks.push({
      what: `${role} endpoint ${url}${keyEnv === undefined ? "" : ` sent the key in $${keyEnv}`}`,
      accept: `--base-url ${url}${keyEnv === undefined ? "" : ` --api-key-env ${keyEnv}`}, or --${role}-config FILE`,
    });
  }
  const cas = config["cassettes"];
  if (given.cassettes === undefined && given.cassetteMode === undefined && isJsonObject(cas) && typeof cas["dir"] === "string" && !inside(runDir, cas["dir"])) {
    asks.push({ what: `cassette folder ${cas["dir"]} (written to)`, accept: `--cassettes ${cas["dir"]}` });
  }
  const pack = config["prompt_pack_file"];
  if (given.promptPack === undefined && typeof pack === "string") asks.push({ what: `prompt pack ${pack}`, accept: `--prompt-pack ${pack}` });
  return asks;
}

/** The plugin modules a resume may load before the run starts: only a trusted folder's. */
export function trustedPluginModules(runDir: string, config: JsonObject | undefined, env: Env = process.env): string[] {
  if (!config || config[PLUGIN_MODULES_KEY] === undefined) return [];
  return runFolderProvenance(runDir, env).trusted ? pluginModulesOf(config) : [];
}
