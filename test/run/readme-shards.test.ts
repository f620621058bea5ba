/**
 * The "Past one machine" examples of docs/scaling-out.md: the GitHub Actions workflow and
 * the Kubernetes manifest parse, have the shape that makes them work
 * (a matrix whose index reaches `--shard auto`, an upload per shard, a merge
 * job after them; an Indexed Job whose completions match the shard count),
 * and every evalsim command they run exists and accepts the flags used.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { main } from "../../src/cli/main.js";
import { bufferIo } from "../helpers/buffer-io.js";

const readme = readFileSync(new URL("../../docs/scaling-out.md", import.meta.url), "utf8");
const start = readme.indexOf("\n## Past one machine\n");
const end = readme.indexOf("\n## ", start + 1);
const section = readme.slice(start, end === -1 ? undefined : end);
const yamlBlocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parseYaml(m[1] ?? "") as Record<string, unknown>);
const shBlocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every shell text of a parsed document (`run:` steps, container args). */
function shellTexts(v: unknown): string[] {
  if (typeof v === "string") return v.includes("evalsim") ? [v] : [];
  if (Array.isArray(v)) return v.flatMap(shellTexts);
  if (v && typeof v === "object") return Object.values(v).flatMap(shellTexts);
  return [];
}

/** `npx evalsim CMD [SUB] --flag ...` invocations in a shell text, up to the end of each command. */
function invocations(text: string): { command: string; words: string[] }[] {
  const joined = text.replace(/\\\n/g, " ");
  const out: { command: string; words: string[] }[] = [];
  for (const m of joined.matchAll(/\bnpx evalsim\s+([a-z-]+)([^;\n&|]*)/g)) out.push({ command: m[1] ?? "", words: (m[2] ?? "").trim().split(/\s+/).filter(Boolean) });
  return out;
}

describe("docs/scaling-out.md: Past one machine", () => {
  it("has a workflow, a Kubernetes manifest and a merge command", () => {
    expect(start).toBeGreaterThan(-1);
    expect(yamlBlocks).toHaveLength(2);
    expect(shBlocks.length).toBeGreaterThan(0);
  });

  it("the GitHub Actions workflow shards by the matrix, uploads each shard and merges after all of them", () => {
    const jobs = obj(yamlBlocks[0]?.["jobs"]);
    const shard = obj(jobs["shard"]);
    expect(list(obj(obj(shard["strategy"])["matrix"])["shard"]).length).toBeGreaterThan(1);
    const steps = list(shard["steps"]).map(obj);
    const runStep = steps.find((s) => String(s["run"] ?? "").includes("--shard auto"));
    expect(obj(runStep?.["env"])).toMatchObject({ EVALSIM_SHARD_INDEX: "${{ strategy.job-index }}", EVALSIM_SHARD_COUNT: "${{ strategy.job-total }}" });
    expect(steps.some((s) => String(s["uses"]).startsWith("actions/upload-artifact@"))).toBe(true);
    const merge = obj(jobs["merge"]);
    expect(merge["needs"]).toBe("shard");
    const mergeSteps = list(merge["steps"]).map(obj);
    expect(mergeSteps.some((s) => String(s["uses"]).startsWith("actions/download-artifact@"))).toBe(true);
    expect(mergeSteps.some((s) => String(s["run"] ?? "").includes("evalsim merge"))).toBe(true);
  });

  it("the Kubernetes manifest is an Indexed Job whose shard count is its completions", () => {
    const job = yamlBlocks[1] ?? {};
    expect(job["kind"]).toBe("Job");
    const spec = obj(job["spec"]);
    expect(spec["completionMode"]).toBe("Indexed");
    const container = obj(list(obj(obj(spec["template"])["spec"])["containers"])[0]);
    const text = shellTexts(container).join("\n");
    const countEnv = /--shard-count-env (\w+)/.exec(text)?.[1];
    expect(countEnv).toBeDefined();
    const env = list(container["env"]).map(obj);
    expect(env.find((e) => e["name"] === countEnv)?.["value"]).toBe(String(spec["completions"]));
  });

  it("every evalsim command used exists and accepts the flags given", async () => {
    const calls = [...yamlBlocks.flatMap(shellTexts), ...shBlocks].flatMap(invocations);
    expect(new Set(calls.map((c) => c.command))).toEqual(new Set(["fixtures", "run", "merge"]));
    for (const { command, words } of calls) {
      const io = bufferIo();
      expect(await main([command, "--help"], io), command).toBe(0);
      const help = io.stdout() + io.stderr();
      for (const w of words.filter((x) => x.startsWith("--"))) expect(help, `evalsim ${command} ${w}`).toMatch(new RegExp(`${w.replace(/[-]/g, "\\-")}\\b`));
      // A subcommand (fixtures fetch) is one its help names.
      const sub = words[0];
      if (sub !== undefined && /^[a-z]+$/.test(sub)) expect(help, `evalsim ${command} ${sub}`).toContain(`${command} ${sub}`);
    }
  });
});
