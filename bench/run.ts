/**
 * `npm run bench`: the performance suite. Prints a table and writes
 * bench/results/latest.json (atomically).
 *
 *   npm run bench -- [--quick] [--no-build] [--full-serial] [--only hash,rehash,gold,simulation,report,llm,floats,channel,diagnosis]
 *
 * `--only channel` is the voice channel's calibration report, not a timing.
 *
 * The host may be shared: every case reports median wall time and CPU time
 * per operation, and the results record the load average before and after.
 */
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../src/json/atomic-write.js";
import type { BenchContext } from "./lib/context.js";
import { peakRssMb } from "./lib/measure.js";
import type { Row } from "./lib/report.js";
import { formatTable } from "./lib/report.js";
import { channelSection } from "./sections/channel.js";
import { diagnosisSection } from "./sections/diagnosis.js";
import { goldSection } from "./sections/gold.js";
import { floatsSection } from "./sections/floats.js";
import { hashSection } from "./sections/hash.js";
import { llmScaleSection } from "./sections/llm-scale.js";
import { rehashSection } from "./sections/rehash.js";
import { reportSection } from "./sections/report.js";
import { fullSimulationSection } from "./sections/simulation.js";

const SECTIONS = {
  hash: hashSection,
  rehash: rehashSection,
  gold: goldSection,
  simulation: fullSimulationSection,
  report: reportSection,
  llm: llmScaleSection,
  floats: floatsSection,
  channel: channelSection,
  diagnosis: diagnosisSection,
} satisfies Record<string, (ctx: BenchContext) => Row[] | Promise<Row[]>>;
type SectionName = keyof typeof SECTIONS;

const RESULTS = fileURLToPath(new URL("./results/latest.json", import.meta.url));

function pythonVersion(): string {
  try {
    return execFileSync("python3", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "unavailable";
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { quick: { type: "boolean" }, "no-build": { type: "boolean" }, "full-serial": { type: "boolean" }, only: { type: "string" } } });
  const ctx: BenchContext = { quick: values.quick === true, build: values["no-build"] !== true, fullSerial: values["full-serial"] === true };
  const names = (values.only ? values.only.split(",") : Object.keys(SECTIONS)) as SectionName[];
  const unknown = names.filter((n) => !(n in SECTIONS));
  if (unknown.length > 0) throw new Error(`unknown section(s) ${unknown.join(", ")}; known: ${Object.keys(SECTIONS).join(", ")}`);

  const loadBefore = loadavg();
  const rows: Row[] = [];
  for (const name of names) {
    process.stderr.write(`bench: ${name}...\n`);
    rows.push(...(await SECTIONS[name](ctx)));
  }
  const loadAfter = loadavg();

  const host = {
    node: process.version,
    python: pythonVersion(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    loadAverageBefore: loadBefore.map((x) => Number(x.toFixed(2))),
    loadAverageAfter: loadAfter.map((x) => Number(x.toFixed(2))),
  };
  process.stdout.write(formatTable(rows));
  process.stdout.write(`\nnode ${host.node}, ${host.python}, ${host.cpus} x ${host.cpuModel}; load average ${host.loadAverageBefore.join(" ")} before, ${host.loadAverageAfter.join(" ")} after; bench process peak RSS ${peakRssMb().toFixed(0)} MiB\n`);
  const report = {
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    startedAt: new Date(performance.timeOrigin).toISOString(),
    quick: ctx.quick,
    host,
    rows,
  };
  writeFileAtomic(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
  process.stderr.write(`bench: wrote ${RESULTS}\n`);
}

await main();
