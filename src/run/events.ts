/**
 * What a run reports while it works, for a progress display: the plan, each
 * scenario trial as it starts and finishes (with how many are in flight),
 * and a stop. Events follow completion order, so they are for people only;
 * nothing written to the run folder depends on them.
 */
import type { ScenarioStatus } from "./scenario/trial.js";

export interface JobRef {
  readonly scenario: string;
  readonly trial: number;
}

/** What a run reports as it goes (planned, a scenario started or finished, stopping), for progress displays. */
export type RunEvent =
  | { readonly type: "planned"; readonly runDir: string; readonly total: number; readonly alreadyDone: number; readonly toRun: number }
  | { readonly type: "started"; readonly job: JobRef; readonly inFlight: number }
  | { readonly type: "finished"; readonly job: JobRef; readonly status: ScenarioStatus; readonly inFlight: number }
  | { readonly type: "stopping"; readonly reason: StopCause; readonly message: string }
  | { readonly type: "warning"; readonly message: string }
  /** Where the run's model requests go (host of each role's endpoint), before any is sent. */
  | { readonly type: "endpoints"; readonly endpoints: readonly { readonly role: string; readonly host: string }[] };

export type StopCause = "endpoint_failures" | "SIGINT" | "SIGTERM";
