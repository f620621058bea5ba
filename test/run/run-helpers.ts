/** Running `evalsim` in-process and comparing output folders, for the run tests. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";

/** Eight scenarios from every registered domain and bucket. */
export const PICK = [
  "eva_airline__voluntary_date_change",
  "eva_airline__irrops_cancellation",
  "eva_airline__cancellation_refund",
  "tau2_retail__0",
  "tau2_retail__105",
  "tau2_telecom__service_issue__airplane_mode_on__lock_sim_card_pin__overdue_bill_suspension__easy",
  "tau2_telecom_workflow__mobile_data_issue__airplane_mode_on__user_abroad_roaming_enabled_off",
  "tau2_telecom_workflow__mobile_data_issue__data_mode_off__data_usage_exceeded",
];

export interface CliResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

export async function evalsim(argv: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env,
    isTty: false,
    readStdin: () => "",
    now: () => new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
  };
  const code = await main(argv, io);
  return { code, out, err };
}

const scratchDirs: string[] = [];

/** A new temporary folder, removed by `removeScratch`. */
export function scratch(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `evalsim-${label}-`));
  scratchDirs.push(dir);
  return dir;
}

export function removeScratch(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The one `eval_<stamp>` folder a run created under `out`. */
export function runFolder(out: string): string {
  const runs = readdirSync(out).filter((n) => n.startsWith("eval_"));
  if (runs.length !== 1) throw new Error(`expected one run folder in ${out}, found ${runs.join(", ") || "none"}`);
  return join(out, runs[0] as string);
}

/** Every file under `dir` by relative path, with its bytes as text. */
export function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.set(relative(dir, p), readFileSync(p, "latin1"));
    }
  };
  walk(dir);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Paths that are missing on one side or differ in content; empty when the trees are equal. */
export function treeDifferences(a: string, b: string): string[] {
  const ta = tree(a);
  const tb = tree(b);
  const paths = [...new Set([...ta.keys(), ...tb.keys()])].sort();
  return paths.filter((p) => ta.get(p) !== tb.get(p)).map((p) => `${p}${ta.has(p) ? "" : " (only in second)"}${tb.has(p) ? "" : " (only in first)"}`);
}
