/**
 * tau2-bench's `audio_difficulty.json` (voice-user-sim-v1.0): per caller and
 * field, how hard the value is to transcribe and which names it is commonly
 * heard as; per task, which caller it is and the field difficulties that
 * task's authentication depends on. Read into the channel's ScenarioVoice.
 * The file is optional: a data root without it gives a channel with no
 * homophone table and medium difficulty everywhere.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { ScenarioVoice } from "../../engine/channel/types.js";
import { readJsonFile } from "../../loaders/load-db.js";
import { validateFixture } from "../../loaders/schema-check.js";

const Difficulty = z.enum(["easy", "medium", "hard"]);
type Difficulty = z.output<typeof Difficulty>;

const Field = z.looseObject({ value: z.string(), transcription_difficulty: Difficulty.optional(), homophones: z.array(z.string()).nullable().optional() });

const User = z.looseObject({
  name: z.looseObject({ first_name: Field.optional(), last_name: Field.optional() }).optional(),
  user_id_authentication: Field.optional(),
  email: Field.optional(),
  phone_number: Field.optional(),
});

const Task = z.looseObject({
  user_id: z.string().optional(),
  customer_id: z.string().optional(),
  field_difficulties: z.record(z.string(), Difficulty).optional(),
});

const Homophones = z.record(z.string(), z.array(z.string()));

export const AudioDifficultySchema = z.looseObject({
  _metadata: z
    .looseObject({
      sources: z.looseObject({ has_common_homophones: z.looseObject({ first_names: Homophones.optional(), last_names: Homophones.optional() }).optional() }).optional(),
    })
    .optional(),
  users: z.record(z.string(), User),
  tasks: z.record(z.string(), Task),
});
export type AudioDifficulty = z.output<typeof AudioDifficultySchema>;

const cache = new Map<string, AudioDifficulty | null>();

export function loadAudioDifficulty(root: string, domain: string): AudioDifficulty | undefined {
  const file = join(root, domain, "audio_difficulty.json");
  let hit = cache.get(file);
  if (hit === undefined) {
    hit = existsSync(file) ? validateFixture(file, readJsonFile(file), AudioDifficultySchema) : null;
    cache.set(file, hit);
  }
  return hit ?? undefined;
}

/** The field names of a task's `field_difficulties` that each caller value answers to. */
const FIELD_KEYS: readonly (readonly [string, (u: z.output<typeof User>) => z.output<typeof Field> | undefined])[] = [
  ["first_name", (u) => u.name?.first_name],
  ["last_name", (u) => u.name?.last_name],
  ["user_id", (u) => u.user_id_authentication],
  ["email", (u) => u.email],
  ["phone_number", (u) => u.phone_number],
];

/** The caller facts of one task: the shared homophone table with the caller's own, and each field's difficulty. */
export function taskVoice(audio: AudioDifficulty | undefined, taskId: string): Pick<ScenarioVoice, "homophones" | "fields"> {
  if (!audio) return {};
  const shared = audio._metadata?.sources?.has_common_homophones;
  const homophones: Record<string, string[]> = { ...(shared?.first_names ?? {}), ...(shared?.last_names ?? {}) };
  const task = Object.hasOwn(audio.tasks, taskId) ? audio.tasks[taskId] : undefined;
  const userKey = task?.user_id ?? task?.customer_id;
  const user = userKey !== undefined && Object.hasOwn(audio.users, userKey) ? audio.users[userKey] : undefined;
  const fields: { value: string; difficulty: Difficulty }[] = [];
  for (const [key, get] of FIELD_KEYS) {
    const f = user ? get(user) : undefined;
    if (!f) continue;
    const difficulty = task?.field_difficulties?.[key] ?? f.transcription_difficulty ?? "medium";
    fields.push({ value: f.value, difficulty });
    if (f.homophones && f.homophones.length > 0) homophones[f.value] = [...f.homophones];
  }
  return { homophones, fields };
}
