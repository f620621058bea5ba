/**
 * `_load_tau2_voice_task_index`: the ids in `tasks_voice.json.configs`,
 * intersected with the split, joined with `tasks.json`. Ordered by the
 * position of each task in `tasks.json`, so listings are stable.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { FixtureError } from "../../loaders/load-db.js";
import type { ScenarioVoice } from "../../engine/channel/types.js";
import { loadAudioDifficulty, taskVoice } from "./audio-difficulty.js";
import type { Tau2Task } from "./data.js";
import { loadTau2Split, loadTau2Tasks, loadTau2VoiceTasks } from "./data.js";

export interface Tau2IndexEntry {
  readonly task: Tau2Task;
  readonly personaName: string | null;
  /** The voice channel's view of the task: its speech-complexity configs and its caller's transcription difficulty. */
  readonly voice: ScenarioVoice;
}

export interface Tau2Index {
  readonly entries: readonly Tau2IndexEntry[];
  /** Voice ids absent from tasks.json (the reference logs and skips them). */
  readonly skipped: readonly string[];
}

export function loadTau2TaskIndex(root: string, domain: string, split = "base"): Tau2Index {
  const voice = loadTau2VoiceTasks(root, domain);
  let ids = new Set(Object.keys(voice.configs));
  const splitFile = join(root, domain, "split_tasks.json");
  if (existsSync(splitFile)) {
    const splits = loadTau2Split(root, domain);
    const members = splits[split];
    if (!members) throw new FixtureError(splitFile, "", `no '${split}' split; available: ${Object.keys(splits).sort().join(", ")}`);
    const inSplit = new Set(members);
    ids = new Set([...ids].filter((id) => inSplit.has(id)));
  }
  const tasks = loadTau2Tasks(root, domain);
  const known = new Set(tasks.map((t) => t.id));
  const audio = loadAudioDifficulty(root, domain);
  const entries = tasks
    .filter((t) => ids.has(t.id))
    .map((task) => {
      const configs = voice.configs[task.id]?.configs;
      return {
        task,
        personaName: configs?.control?.persona_name ?? null,
        voice: { ...(configs ? { configs } : {}), ...taskVoice(audio, task.id) },
      };
    });
  return { entries, skipped: [...ids].filter((id) => !known.has(id)).sort() };
}
