"""The scoring half of `evalsim crosscheck`'s reference driver.

Project-authored (see crosscheck_reference_driver.py, which answers these ops).
Each op runs the checkout's own scoring code on values evalsim generated:

  scoring            Scenario.compute_is_successful per outcome, RunAggregator.add_scenario
                     over each outcome alone and over all (NL verdicts read back from a
                     judge_result.json, as the aggregator does)
  signal_passes      the runner's ``_signal_passes`` on each value
  action_match       ``check_if_task_success`` on each (reference, prediction, flags) pair
  reference_answers  each scenario's reference answer, as its reference file holds it
  predicates_available  whether the checkout has ``evaluate_db_state_assertion`` (the
                     predicates themselves run in a session: the driver's "assertions_of")
  summary            ``run_dynamic_evaluation`` over finished scenario folders (its resume
                     path): the ``all_summary.txt`` it writes

A piece the checkout lacks is answered as {"missing": "..."}; evalsim reports it as
not compared.
"""

import ast
import asyncio
import copy
import json
import os
import tempfile
import types


def _raised(e):
    return f"<raised {type(e).__name__}>"


def _buckets(agg):
    out = {
        "success": agg.success_results,
        "task_success": agg.task_success_results,
        "is_action_match": agg.action_match_results,
        "db_state_match": agg.db_state_results,
        "db_state_assertion": agg.db_state_assertion_results,
        "clean_exit": agg.clean_exit_results,
        "judge_passed": agg.judge_pass_results,
        "insufficient_agent_turns": len(agg.insufficient_turns_skipped),
    }
    # Buckets an older (or stand-in) aggregator may not keep.
    if hasattr(agg, "nl_assertion_results"):
        out["nl_assertion"] = agg.nl_assertion_results
    if hasattr(agg, "judge_score_results"):
        scores = agg.judge_score_results
        out["judge_score_mean"] = (sum(scores) / len(scores)) if scores else None
    return out


def _with_judge_file(metrics, verdicts, folder):
    """Metrics whose NL verdicts sit in <folder>/judge_result.json, where the aggregator reads them."""
    m = copy.deepcopy(metrics)
    if verdicts is not None:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "judge_result.json"), "w") as f:
            json.dump({"nl_assertion_verdicts": [{"passed": v} for v in verdicts]}, f)
        m["scenario_directory"] = folder
    return m


def scoring(req):
    """Outcomes through the reference's composite and aggregation.

    An outcome gives its whitelist, each signal's verdict (true, false or null: not
    applicable), the metrics a run writes and its NL verdicts (or null).
    """
    from nemo_voice_agent.evaluation.runner import RunAggregator
    from nemo_voice_agent.evaluation.scenarios.classes import Scenario, SuccessSignal

    min_turns = int(req.get("min_agent_turns") or 0)
    composites, single = [], []
    whole = RunAggregator()
    with tempfile.TemporaryDirectory(prefix="evalsim-crosscheck-") as tmp:
        for i, o in enumerate(req["outcomes"]):
            holder = types.SimpleNamespace(success_signals=[SuccessSignal(s) for s in o["whitelist"]])
            signals = {SuccessSignal(k): v for k, v in o["signals"].items()}
            try:
                composites.append(Scenario.compute_is_successful(holder, signals))
            except Exception as e:
                composites.append(_raised(e))
            metrics = _with_judge_file(o["metrics"], o.get("nl_verdicts"), os.path.join(tmp, str(i)))
            one = RunAggregator()
            one.add_scenario(copy.deepcopy(metrics), o["domain"], min_agent_turns=min_turns)
            single.append(_buckets(one))
            whole.add_scenario(copy.deepcopy(metrics), o["domain"], min_agent_turns=min_turns)
    return {"composites": composites, "single": single, "all": _buckets(whole)}


def _nested_function(module, outer, name):
    """A function defined inside another (the runner's ``_signal_passes``), compiled from the module's source."""
    import inspect

    tree = ast.parse(inspect.getsource(module))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == outer:
            for inner in ast.walk(node):
                if isinstance(inner, ast.FunctionDef) and inner.name == name:
                    namespace = dict(vars(module))
                    code = compile(ast.Module(body=[inner], type_ignores=[]), module.__file__, "exec")
                    exec(code, namespace)  # the checkout's own function, as written there
                    return namespace[name]
    return None


def signal_passes(req):
    from nemo_voice_agent.evaluation import runner

    fn = _nested_function(runner, "run_dynamic_evaluation", "_signal_passes")
    if fn is None:
        return {"missing": "runner.run_dynamic_evaluation has no _signal_passes"}
    out = []
    for v in req["values"]:
        try:
            r = fn(v)
            out.append(r if r is None or isinstance(r, bool) else f"<returned {type(r).__name__} {r!r}>")
        except Exception as e:
            out.append(_raised(e))
    return {"results": out}


def action_match(req):
    try:
        from nemo_voice_agent.evaluation.utils import check_if_task_success
    except ImportError as e:
        return {"missing": f"check_if_task_success does not import ({e})"}
    out = []
    with tempfile.TemporaryDirectory(prefix="evalsim-crosscheck-") as tmp:
        ref_file, pred_file = os.path.join(tmp, "reference.json"), os.path.join(tmp, "prediction.json")
        for p in req["pairs"]:
            # The texts are written as given: the files a run leaves are what the comparator reads.
            with open(ref_file, "w") as f:
                f.write(p["reference"])
            with open(pred_file, "w") as f:
                f.write(p["prediction"])
            flags = p.get("flags") or {}
            try:
                r = check_if_task_success(reference=ref_file, prediction=pred_file, **flags)
                out.append(r if isinstance(r, bool) else f"<returned {type(r).__name__}>")
            except Exception as e:
                out.append(_raised(e))
    return {"results": out}


def reference_answers(req):
    from nemo_voice_agent.evaluation.scenarios import get_eval_scenario, list_eval_scenarios

    buckets = set(req.get("buckets") or ())
    out = {}
    for name in list_eval_scenarios():
        if name.split("__", 1)[0] not in buckets:
            continue
        answer = getattr(get_eval_scenario(name), "reference_answer", None)
        if answer:
            # Scenario.save's rule: a text answer is written as {"message": text}.
            out[name] = json.dumps({"message": answer} if isinstance(answer, str) else answer, indent=4)
    return {"answers": out}


class _Logger:
    def info(self, message):
        pass


class _NoBridge:
    """Every scenario is a finished folder, so the runner never drives a bridge."""

    final_response_file = "final_agent_response.json"

    def __init__(self, *args, **kwargs):
        pass


# What the summary writer reads of a scenario besides its scores (timing, turns, latency).
_SUMMARY_DEFAULTS = {
    "total_turns": 2,
    "scenario_duration": 1.0,
    "latencies": [],
    "latency_stats": {"count": 0, "mean_ms": 0.0, "p50_ms": 0.0, "p95_ms": 0.0, "min_ms": 0.0, "max_ms": 0.0},
    "stop_reason": "[EXIT]",
}


def summary(req):
    from nemo_voice_agent.evaluation import runner

    if not hasattr(runner, "run_dynamic_evaluation"):
        return {"missing": "runner has no run_dynamic_evaluation"}
    scenarios = []
    with tempfile.TemporaryDirectory(prefix="evalsim-crosscheck-") as tmp:
        for o in req["outcomes"]:
            folder = os.path.join(tmp, o["metrics"]["scenario_name"])
            metrics = _with_judge_file(o["metrics"], o.get("nl_verdicts"), folder)
            os.makedirs(folder, exist_ok=True)
            for k, v in _SUMMARY_DEFAULTS.items():
                metrics.setdefault(k, v)
            with open(os.path.join(folder, "metrics.json"), "w") as f:
                json.dump(metrics, f)
            scenarios.append(types.SimpleNamespace(name=metrics["scenario_name"], domain=o["domain"], success_signals=list(o["whitelist"])))
        real_bridge = getattr(runner, "VoiceAgentEvaluationBridge", None)
        runner.VoiceAgentEvaluationBridge = _NoBridge
        try:
            asyncio.run(
                runner.run_dynamic_evaluation(
                    user_url="ws://none",
                    agent_url="ws://none",
                    output_dir=tmp,
                    scenarios=scenarios,
                    pause_between_scenarios=0.0,
                    logger=_Logger(),
                    min_agent_turns=int(req.get("min_agent_turns") or 0),
                )
            )
        finally:
            runner.VoiceAgentEvaluationBridge = real_bridge
        path = os.path.join(tmp, "all_summary.txt")
        if not os.path.exists(path):
            return {"missing": "run_dynamic_evaluation wrote no all_summary.txt"}
        with open(path) as f:
            return {"text": f.read()}


def predicates_available(req):
    try:
        from nemo_voice_agent.evaluation.db_state_predicates import evaluate_db_state_assertion  # noqa: F401
    except ImportError as e:
        return {"missing": f"evaluate_db_state_assertion does not import ({e})"}
    return {}


OPS = {"predicates_available": predicates_available, "scoring": scoring, "signal_passes": signal_passes, "action_match": action_match, "reference_answers": reference_answers, "summary": summary}
