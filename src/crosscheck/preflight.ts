/**
 * What the crosscheck needs before it starts, each checked with one line
 * saying what is missing and how to get it: python3, pydantic 2 for that
 * python, and a labs-Voice-Agent checkout (its nemo_voice_agent/evaluation).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export class PreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PreflightError";
  }
}

/** The marker files of a harness checkout: the evaluation package and its tools. */
const CHECKOUT_MARKERS = ["nemo_voice_agent/evaluation/__init__.py", "nemo_voice_agent/evaluation/tools/__init__.py"] as const;

export function checkPython(python: string): void {
  const r = spawnSync(python, ["-c", "import sys; print(sys.version_info[0])"], { encoding: "utf8", timeout: 30_000 });
  if (r.error || r.status !== 0 || r.stdout.trim() !== "3") {
    throw new PreflightError(`${python} not found or not Python 3: install Python 3 (e.g. 'apt-get install python3') or pass --python PATH`);
  }
}

export function checkPydantic(python: string): void {
  const r = spawnSync(python, ["-c", "import pydantic; print(pydantic.VERSION)"], { encoding: "utf8", timeout: 60_000 });
  const version = r.status === 0 ? r.stdout.trim() : "";
  if (!version.startsWith("2.")) {
    const found = version === "" ? "cannot import pydantic" : `has pydantic ${version}`;
    throw new PreflightError(`${python} ${found}; the reference's tools need pydantic 2: '${python} -m pip install "pydantic>=2,<3"'`);
  }
}

export function checkCheckout(reference: string): string {
  const root = resolve(reference);
  if (!existsSync(root)) throw new PreflightError(`--reference ${reference}: no such folder`);
  const missing = CHECKOUT_MARKERS.find((m) => !existsSync(join(root, m)));
  if (missing) throw new PreflightError(`--reference ${reference}: not a labs-Voice-Agent checkout (no ${missing}); clone https://github.com/NVIDIA-NeMo/labs-Voice-Agent and pass its root`);
  return root;
}

/** All three, cheapest first; returns the checkout's absolute root. */
export function preflight(reference: string, python: string): string {
  const root = checkCheckout(reference);
  checkPython(python);
  checkPydantic(python);
  return root;
}
