/**
 * What `run` and `check` print and write about a finished run folder: the
 * failed and errored scenarios with their reason lines, and the `--junit` /
 * `--markdown` files.
 */
import { resolve } from "node:path";
import { writeFileAtomic } from "../json/atomic-write.js";
import { formatFailureList } from "../results/failure-list.js";
import { runJunit } from "../results/junit.js";
import { runMarkdown } from "../results/markdown.js";
import type { RunFolder } from "../results/read-run.js";
import { readRunFolder } from "../results/read-run.js";

/** The options every command that ends with results accepts. */
export const CI_OUTPUT_OPTIONS = {
  junit: { type: "string" },
  markdown: { type: "string" },
} as const;

export interface CiOutputs {
  readonly junit?: string | undefined;
  readonly markdown?: string | undefined;
}

export function ciOutputsOf(values: Record<string, unknown>): CiOutputs {
  return { junit: values["junit"] as string | undefined, markdown: values["markdown"] as string | undefined };
}

/** Write the requested CI files; `make` renders each one only when asked for. */
export function writeCiOutputs(outputs: CiOutputs, make: { junit: () => string; markdown: () => string }): void {
  if (outputs.junit) writeFileAtomic(resolve(outputs.junit), make.junit());
  if (outputs.markdown) writeFileAtomic(resolve(outputs.markdown), make.markdown());
}

/** After a run: its CI files, then (unless the output is JSON) the list of what did not pass. */
export function finishRun(runDir: string, outputs: CiOutputs, print: ((text: string) => void) | undefined, title: string, columns?: number): RunFolder {
  const run = readRunFolder(runDir);
  writeCiOutputs(outputs, { junit: () => runJunit(run.records), markdown: () => runMarkdown(run.records, title) });
  print?.(formatFailureList(run, { columns }));
  return run;
}

/** The last lines of a run: where its outputs are (the run folder and any CI files written), and how to read them. */
export function outputsLine(runDir: string, outputs: CiOutputs = {}): string {
  const files = [outputs.junit && `JUnit ${resolve(outputs.junit)}`, outputs.markdown && `Markdown ${resolve(outputs.markdown)}`].filter(Boolean);
  const quoted = /^[\w@%+=:,./-]+$/.test(runDir) ? runDir : `'${runDir.replace(/'/g, "'\\''")}'`;
  return `\noutputs are in ${runDir}${files.length > 0 ? ` (and ${files.join(", ")})` : ""}\nsee them in a browser: evalsim report ${quoted}\n`;
}
