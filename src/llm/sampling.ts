/**
 * The sampling settings of an LLM config beyond `temperature`, `seed` and
 * `max_tokens`: each typed and bounded, sent only when set, so a config that
 * sets none of them sends (and hashes into a cassette key) exactly the body
 * it always did. `extra_body` is merged into the request body as the OpenAI
 * client's `extra_body` is (`chat_template_kwargs`, `thinking_token_budget`,
 * anything a server takes), except the fields evalsim itself fills.
 *
 * `tool_choice` and `parallel_tool_calls` go only with a request that offers
 * tools (the judge's never does; servers refuse them without `tools`).
 */
import { z } from "zod";
import type { JsonObject, JsonValue } from "../json/types.js";

/** Fields of the body an `extra_body` may not set: evalsim fills them, or a typed setting does. */
const OWN_FIELDS = ["model", "messages", "tools", "stream", "temperature", "seed", "max_tokens"] as const;

const jsonValue: z.ZodType<JsonValue> = z.lazy(() => z.union([z.null(), z.boolean(), z.number().finite(), z.bigint(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)]));

/** A field name that holds a credential: a key must come from the environment (api_key_env), never from a file that is recorded. */
const SECRET_NAME = /^(api_?key|key|secret|password|passwd|token|access_token|authorization)$|_(key|secret|password|token)$/i;

function secretPath(v: JsonValue, at: string): string | undefined {
  if (v === null || typeof v !== "object") return undefined;
  for (const [k, x] of Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v)) {
    if (!Array.isArray(v) && SECRET_NAME.test(k)) return `${at}.${k}`;
    const inner = secretPath(x, `${at}.${k}`);
    if (inner) return inner;
  }
  return undefined;
}

const toolChoice = z.union([
  z.enum(["auto", "none", "required"]),
  z.object({ type: z.literal("function"), function: z.object({ name: z.string().min(1) }).strict() }).strict(),
]);

/** The config-file keys, in the order they are sent. */
export const SAMPLING_SHAPE = {
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(-1).optional(),
  min_p: z.number().min(0).max(1).optional(),
  frequency_penalty: z.number().min(-2).max(2).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  stop: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(16)]).optional(),
  tool_choice: toolChoice.optional(),
  parallel_tool_calls: z.boolean().optional(),
  extra_body: z
    .record(z.string(), jsonValue)
    .superRefine((o, ctx) => {
      const own = OWN_FIELDS.find((k) => Object.hasOwn(o, k)) ?? Object.keys(SAMPLING_KEYS_SET).find((k) => Object.hasOwn(o, k));
      if (own !== undefined) ctx.addIssue({ code: "custom", message: `must not set "${own}" (evalsim fills it${OWN_FIELDS.includes(own as never) ? "" : `; use the ${own} setting`})` });
      const secret = secretPath(o, "extra_body");
      if (secret !== undefined) ctx.addIssue({ code: "custom", message: `${secret} looks like a credential: it would be recorded in run_config.json and the cassettes; a key goes in an environment variable named by api_key_env` });
    })
    .optional(),
} as const;

export type SamplingKey = keyof typeof SAMPLING_SHAPE;
export const SAMPLING_KEYS = Object.keys(SAMPLING_SHAPE) as readonly SamplingKey[];
const SAMPLING_KEYS_SET: Record<string, true> = Object.fromEntries(SAMPLING_KEYS.filter((k) => k !== "extra_body").map((k) => [k, true]));

/** The settings a config sets, under their config-file (and wire) names. */
export type Sampling = { readonly [K in SamplingKey]?: z.output<(typeof SAMPLING_SHAPE)[K]> };

/** The settings present in a parsed config, or undefined when it sets none (the config then reads as before). */
export function samplingOf(parsed: Partial<Record<string, unknown>>): Sampling | undefined {
  const out: Record<string, unknown> = {};
  for (const k of SAMPLING_KEYS) if (parsed[k] !== undefined) out[k] = parsed[k];
  return Object.keys(out).length > 0 ? (out) : undefined;
}

/** The request-body fields of the settings; `withTools`: the request offers tools. */
export function samplingBody(s: Sampling | undefined, withTools: boolean): JsonObject {
  if (s === undefined) return {};
  const out: JsonObject = {};
  for (const k of SAMPLING_KEYS) {
    const v = s[k];
    if (v === undefined || k === "extra_body") continue;
    if (!withTools && (k === "tool_choice" || k === "parallel_tool_calls")) continue;
    out[k] = v;
  }
  return { ...out, ...(s.extra_body ?? {}) };
}

/** The settings as run_config.json and `config check` show them (config-file names). */
export function samplingProvenance(s: Sampling | undefined): JsonObject {
  if (s === undefined) return {};
  const out: JsonObject = {};
  for (const k of SAMPLING_KEYS) if (s[k] !== undefined) out[k] = s[k];
  return out;
}
