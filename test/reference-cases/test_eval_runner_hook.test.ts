/**
 * The reference's tests/unit/test_eval_runner_hook.py: the data root
 * (EVAL_DATA_ROOT wins, read when asked, not at import), and the action
 * matcher's strict mode (`--strict-match`, the reference's
 * disallow_extra_items). The setup_shared_state cases are not applicable:
 * evalsim has no per-side shared-state dicts to seed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataRootCandidates, resolveDataRoot } from "../../src/loaders/data-root.js";
import { checkIfTaskSuccess } from "../../src/scoring/action-match.js";
import { existsSync } from "node:fs";
import { DEFAULT_SETTINGS } from "../../src/run/folder/config.js";

const tmp = mkdtempSync(join(tmpdir(), "ref-root-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("data root", () => {
  it("test_eval_data_root_falls_back_to_repo_path", () => {
    const root = resolveDataRoot({ env: {}, mustContain: "eva_airline" });
    expect(existsSync(join(root, "eva_airline", "eva_airline_dataset.jsonl"))).toBe(true);
  });
  it("test_eval_data_root_honors_env_var", () => {
    expect(dataRootCandidates({ env: { EVAL_DATA_ROOT: tmp } })).toEqual([{ source: "EVAL_DATA_ROOT", path: tmp }]);
  });
  it("test_eval_data_root_is_lazy", () => {
    const before = dataRootCandidates({ env: {} })[0]!.path;
    const after = dataRootCandidates({ env: { EVAL_DATA_ROOT: tmp } })[0]!.path;
    expect(before).not.toBe(after);
    expect(after).toBe(tmp);
  });
});

describe("strict action matching", () => {
  const strict = { disallowExtraItems: true };
  it("test_setup_shared_state_disallow_extra_items_default", () => {
    expect(DEFAULT_SETTINGS.strictMatch).toBe(false);
  });
  it("test_lenient_accepts_pred_with_extras", () => {
    expect(checkIfTaskSuccess([{ x: 1 }, { x: 2 }], [{ x: 1 }, { x: 2 }, { x: 3 }])).toBe(true);
    expect(checkIfTaskSuccess([{ x: 1 }, { x: 2 }], [{ x: 1 }, { x: 2 }, { x: 3 }], { disallowExtraItems: false })).toBe(true);
  });
  it("test_strict_rejects_pred_with_extras", () => {
    expect(checkIfTaskSuccess([{ x: 1 }, { x: 2 }], [{ x: 1 }, { x: 2 }, { x: 3 }], strict)).toBe(false);
  });
  it("test_pred_shorter_than_ref_fails_both_modes", () => {
    expect(checkIfTaskSuccess([{ x: 1 }, { x: 2 }], [{ x: 1 }])).toBe(false);
    expect(checkIfTaskSuccess([{ x: 1 }, { x: 2 }], [{ x: 1 }], strict)).toBe(false);
  });
  it("test_strict_accepts_exact_bijection_unordered", () => {
    expect(checkIfTaskSuccess([{ x: 1 }, { x: 2 }], [{ x: 2 }, { x: 1 }], strict)).toBe(true);
  });
  it("test_dict_reference_unaffected_by_strict", () => {
    expect(checkIfTaskSuccess({ x: 1 }, { x: 1, y: 2 })).toBe(true);
    expect(checkIfTaskSuccess({ x: 1 }, { x: 1, y: 2 }, strict)).toBe(true);
  });
  it("test_situation_2_unaffected_by_strict", () => {
    expect(checkIfTaskSuccess({ x: 2 }, [{ x: 1 }, { x: 2 }])).toBe(true);
    expect(checkIfTaskSuccess({ x: 2 }, [{ x: 1 }, { x: 2 }], strict)).toBe(true);
  });
});
