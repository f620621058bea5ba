#!/usr/bin/env python3
"""Run tool calls through the reference harness's own Python tools.

Project-authored driver of `evalsim crosscheck` (src/crosscheck).
It imports the NeMo Voice-Agent evaluation package from a local checkout
(--nemo PATH, the repository root), stubs the audio/transport stack the tools
import but never use for a call (pipecat, loguru), and answers one JSON line
per request on file descriptor 3 (requests come on stdin; see private_channel):

  request  {"id", "op": "surface", "buckets"}  (the prompts and tool lists the bridge sends, per scenario)
  answer   {"id", "scenarios": {name: {"agent_prompt", "user_prompt", "agent_tools", "user_tools"}}}
  request  {"id", "op": "scoring" | "signal_passes" | "action_match" | "reference_answers" | "summary", ...}
           (the reference's scoring on generated values: crosscheck_reference_scoring.py)
  request  {"id", "world": {...}, "calls": [{"side", "name", "args", "draws"}], "hash_each", "return_dbs"}
  answer   {"id", "init": {side: hash}, "calls": [{"text", "exit", "draws", "deliveries", "ids", "exits", "hash"?}],
            "final": {side: hash}, "dbs"?: {side: db}}

Delivery: call i of a session runs under tool_call_id ``call_<i+1>``; every
result the tool delivers through ``params.result_callback`` is counted with
the tool_call_id it was delivered under ("deliveries", "ids"; "text" is the
first delivery), and every ``<exit>`` the call pushes is counted ("exits").
With "return_dbs" the answer carries each side's DB after the last call; with
"assertions_of" (a scenario name) it carries "verdicts": that scenario's
db_state_assertions judged by the reference's predicates on the DBs after the
last call.

"args" is the JSON text a model would send; it is parsed with json.loads and
the tool is called the way the bot's framework calls it: the tool instance's
``__call__(params)``, whose delivered result is what the model reads, as
pipecat's assistant aggregator writes it: ``json.dumps(result,
ensure_ascii=False)``. Unknown names get the bot's catch-all result.

Random ids: a call's "draws" are the hex strings evalsim's seeded RNG drew for
it (telecom's refuel_data bill id, 'B' + 8 hex digits). While the call runs,
``uuid.uuid4`` returns UUIDs whose hex starts with them, in order, so both
engines mint the same id; a uuid4 drawn past them is a real random one. The
answer's "draws" counts the uuid4 calls the call made.

Sync: after each ``action-applied`` message a tool pushes (the bridge's
trigger), when the world has both DBs, ``sync_telecom_state`` runs on the
two DBs and each non-empty delta is applied to its side through
``apply_sync_delta``, as the post-init sync does.

Worlds: {"kind": "eva", "file": "eva_airline/1.1.2.json"},
{"kind": "tau2", "domain": "tau2_airline"}, {"kind": "telecom", "task": id,
"today": "YYYY-MM-DD"} (initialization actions of that task applied to both
DBs, then one sync, as the reference's gold replay starts).
"""

import argparse
import asyncio
import datetime as _dt
import importlib.abc
import importlib.machinery
import json
import os
import pickle
import resource
import signal
import sys
import types
import uuid

import crosscheck_reference_scoring as scoring_ops

# ---------------------------------------------------------------- stubs -----


class _AnyMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything


class _Anything(metaclass=_AnyMeta):
    """Stands in for any class or function of a stubbed package."""

    def __init__(self, *args, **kwargs):
        self.__dict__.update(kwargs)

    def __call__(self, *args, **kwargs):
        return _Anything()

    def __getattr__(self, name):
        return _Anything()


class RTVIProcessor:
    """Collects what a tool pushes to the bridge (exit messages, action-applied)."""

    def __init__(self, *args, **kwargs):
        self.pushed = []

    async def push_transport_message(self, message, exclude_none=True):
        self.pushed.append(message)


class _Data:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def __getattr__(self, name):
        # A field the message was not given (the bridge reads `.type` at import).
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()


class _StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name == "RTVIProcessor":
            return RTVIProcessor
        if name in ("ServerMessage", "TextMessageData"):
            return _Data
        return _Anything


def _importer_is_checkout():
    """Whether the import statement being run sits in the checkout's code (or in a stubbed package)."""
    frame = sys._getframe(2)
    while frame is not None:
        file = frame.f_code.co_filename
        if not file.startswith("<frozen") and file != __file__:
            name = frame.f_globals.get("__name__", "")
            return name.split(".")[0] == "nemo_voice_agent" or isinstance(sys.modules.get(name), _StubModule)
        frame = frame.f_back
    return False


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Stubs the roots it is given, or (as the last finder) any module nothing else found."""

    def __init__(self, roots=None):
        self.roots = roots

    def find_spec(self, fullname, path, target=None):
        root = fullname.split(".")[0]
        if root == "nemo_voice_agent":
            return None
        if self.roots is not None and root in self.roots:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        # The catch-all stubs only what the checkout itself imports: an installed library's
        # optional import (requests' `import chardet`) must still fail as it expects.
        if self.roots is None and (fullname in sys.modules or _importer_is_checkout()):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        mod = _StubModule(spec.name)
        mod.__path__ = []
        return mod

    def exec_module(self, module):
        return None


class _Logger:
    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return self


def _install_omegaconf_shim():
    """OmegaConf's load/to_container for plain YAML (no interpolations), on PyYAML, where omegaconf is not installed.

    The scenario classes read their configs (eva's airline_agent.yaml) through it; a stub would hand them no text.
    """
    try:
        import yaml
    except ImportError:
        return

    class OmegaConf:
        @staticmethod
        def load(path):
            with open(path, encoding="utf-8") as f:
                return yaml.safe_load(f)

        @staticmethod
        def create(obj=None):
            return obj if obj is not None else {}

        @staticmethod
        def to_container(cfg, resolve=False, **kwargs):
            return cfg

    mod = types.ModuleType("omegaconf")
    mod.OmegaConf = OmegaConf
    mod.DictConfig = dict
    mod.ListConfig = list
    sys.modules["omegaconf"] = mod


def install_stubs():
    # The transport stack is always stubbed (the tools only push messages through it);
    # any other package the checkout imports but this machine lacks (omegaconf, audio
    # libraries) is stubbed only when it cannot be imported.
    # Which optional packages this machine has is asked before the catch-all stub is in place.
    import importlib.util

    has = {name: importlib.util.find_spec(name) is not None for name in ("omegaconf", "loguru")}
    sys.meta_path.insert(0, _StubFinder(roots=("pipecat",)))
    sys.meta_path.append(_StubFinder())
    if not has["omegaconf"]:
        _install_omegaconf_shim()
    if not has["loguru"]:
        loguru = types.ModuleType("loguru")
        loguru.logger = _Logger()
        sys.modules["loguru"] = loguru


class NotRun:
    """A call the framework does not run: its argument text did not parse."""

    def __init__(self, raised):
        self.raised = raised


# ---------------------------------------------------------------- worlds ----


class Reference:
    def __init__(self, nemo_root, data_root):
        sys.path.insert(0, nemo_root)
        install_stubs()
        # nemo_voice_agent.utils/__init__ pulls in the whole audio stack; the tools need only
        # its tool_calling subpackage, so the package is entered without running __init__.
        import nemo_voice_agent

        # Its submodules load from disk; a name its __init__ would export (setup_logging,
        # FileLogger, which the bridge and the runner import) is a stub.
        utils = _StubModule("nemo_voice_agent.utils")
        utils.__path__ = [f"{nemo_voice_agent.__path__[0]}/utils"]
        sys.modules["nemo_voice_agent.utils"] = utils
        import nemo_voice_agent.evaluation.tools as tools

        from nemo_voice_agent.evaluation import load_db_artifact
        from nemo_voice_agent.evaluation.db_hash import get_dict_hash

        self.tools = tools
        self.load_db_artifact = load_db_artifact
        self.hash = get_dict_hash
        self.data_root = data_root
        self.worlds = {}
        self.tasks = {}
        self.loop = asyncio.new_event_loop()
        self.today = None
        self._patch_clock()
        self.planned_ids = []
        self.drawn = 0
        self._patch_uuid4()

    def _patch_clock(self):
        ref = self

        class FixedDate(_dt.date):
            @classmethod
            def today(cls):
                return ref.today or _dt.date.today()

        # A tree without telecom (a stand-in checkout) has no clock to pin.
        for name in ("tau2_telecom_init_functions", "tau2_telecom_tools"):
            try:
                mod = importlib.import_module(f"nemo_voice_agent.evaluation.tools.{name}")
            except ImportError:
                continue
            if hasattr(mod, "date"):
                mod.date = FixedDate
        self.fixed_date = FixedDate

    def _patch_uuid4(self):
        ref = self
        real_uuid4 = uuid.uuid4

        def uuid4():
            ref.drawn += 1
            if ref.planned_ids:
                digits = ref.planned_ids.pop(0)
                return uuid.UUID(hex=(digits + "0" * 32)[:32], version=4)
            return real_uuid4()

        uuid.uuid4 = uuid4

    def _sync(self, domain, agent, user):
        """The cross-side sync: ``sync_telecom_state`` on both DBs, its deltas re-applied through the appliers."""
        from nemo_voice_agent.evaluation.sync_appliers import apply_sync_delta
        from nemo_voice_agent.evaluation.tools.tau2_telecom_sync import sync_telecom_state

        delta = sync_telecom_state(agent, user)
        if delta.get("agent"):
            apply_sync_delta(domain, agent, delta["agent"])
        if delta.get("user"):
            apply_sync_delta(domain, user, delta["user"])

    def side_names(self, domain, side):
        """The names a bot of this domain and side registers (its LLM-visible tools)."""

        def llm_name(cls):
            n = getattr(cls, "name", None)
            return n if isinstance(n, str) else cls.__name__

        def table(module, name):
            return getattr(importlib.import_module(f"nemo_voice_agent.evaluation.tools.{module}"), name)

        if domain == "tau2_telecom" and side == "user":
            return [llm_name(c) for c in table("tau2_telecom_user_tools", "TAU2_TELECOM_USER_TOOL_NAME_TO_CLASS").values()]
        by_domain = {
            "tau2_airline": ("tau2_airline_tools", "TAU2_AIRLINE_TOOL_NAME_TO_CLASS"),
            "tau2_retail": ("tau2_retail_tools", "TAU2_RETAIL_TOOL_NAME_TO_CLASS"),
            "tau2_telecom": ("tau2_telecom_tools", "TAU2_TELECOM_AGENT_TOOL_NAME_TO_CLASS"),
        }
        if domain in by_domain:
            return [llm_name(c) for c in table(*by_domain[domain]).values()] + ["EndConversationTool"]
        if domain == "eva_airline":
            names = [n for n in self.tools.ALL_SCHEMA_TOOLS_FOR_EVAL.get("eva_airline", {})]
            return names + ["EndConversationTool"]
        raise ValueError(f"unknown domain {domain}")

    def _telecom_task(self, task_id):
        if not self.tasks:
            with open(f"{self.data_root}/tau2_telecom/tasks.json") as f:
                for t in json.load(f):
                    self.tasks[t["id"]] = t
        return self.tasks[task_id]

    def _build_world(self, world):
        kind = world["kind"]
        if kind == "eva":
            with open(f"{self.data_root}/{world['file']}") as f:
                return "eva_airline", {"agent": json.load(f)}
        if kind == "tau2":
            d = world["domain"]
            return d, {"agent": self.load_db_artifact(f"{self.data_root}/{d}/db")}
        if kind == "telecom":
            from nemo_voice_agent.evaluation.initialization_functions import apply_initialization_actions
            from nemo_voice_agent.evaluation.scenarios.data.tau2_common import _normalize_env_record

            agent = self.load_db_artifact(f"{self.data_root}/tau2_telecom/db")
            user = self.load_db_artifact(f"{self.data_root}/tau2_telecom/user_db")
            task = self._telecom_task(world["task"])
            records = [_normalize_env_record(r) for r in ((task.get("initial_state") or {}).get("initialization_actions") or [])]
            # suspend_line_for_overdue_bill imports `date` from datetime when it runs: the
            # stdlib's attribute is swapped for the scenario's date while the init runs.
            real_date = _dt.date
            _dt.date = self.fixed_date
            try:
                for side, db in (("agent", agent), ("user", user)):
                    subset = [r for r in records if r.get("side") == side]
                    if subset:
                        apply_initialization_actions(domain="tau2_telecom", actions=subset, db=db)
            finally:
                _dt.date = real_date
            self._sync("tau2_telecom", agent, user)
            return "tau2_telecom", {"agent": agent, "user": user}
        raise ValueError(f"unknown world kind {kind}")

    def world(self, world):
        key = json.dumps(world, sort_keys=True)
        if key not in self.worlds:
            self.today = _dt.date.fromisoformat(world["today"]) if world.get("today") else None
            domain, dbs = self._build_world(world)
            self.worlds[key] = (domain, pickle.dumps(dbs), self._hashes(dbs))
        domain, blob, hashes = self.worlds[key]
        return domain, pickle.loads(blob), hashes

    # ------------------------------------------------------------ calls -----

    def _hashes(self, dbs):
        return {side: (self.hash(db) if db else None) for side, db in dbs.items()}

    def _call(self, tool, args_text, available, name, call_id):
        """One call as the bot framework makes it; returns (results delivered, exits pushed, actions applied)."""
        delivered = []

        def params_for(arguments):
            params = types.SimpleNamespace(function_name=name, tool_call_id=call_id, arguments=arguments, llm=None, context=None)

            async def result_callback(result, *a, **k):
                # pipecat binds the callback to the call it was made for.
                delivered.append((params.tool_call_id, result))

            params.result_callback = result_callback
            return params

        # pipecat's BaseOpenAILLMService._process_context: `json.loads(arguments or "{}")`; a
        # JSONDecodeError drops the call (logged, never run, not in the context), any other
        # exception fails the reply's function-call step (no call of the reply runs).
        try:
            arguments = json.loads(args_text or "{}")
        except Exception as e:
            return [(call_id, NotRun(type(e).__name__))], 0, 0
        params = params_for(arguments)
        if tool is None:
            result = {
                "status": "error",
                "error_type": "unknown_tool",
                "message": f"There is no tool named '{name}'. Use one of the available tools instead.",
                "available_tools": sorted(available),
            }
            return [(call_id, result)], 0, 0
        rtvis = [r for r in (getattr(tool, "_rtvi", None), tool.state.get("__rtvi__") if isinstance(getattr(tool, "state", None), dict) else None) if r is not None]
        before = [len(r.pushed) for r in rtvis]
        self.loop.run_until_complete(tool(params))
        # Pending fire-and-forget pushes (action-applied) are run, not awaited by the tool.
        self.loop.run_until_complete(asyncio.sleep(0))
        exits = 0
        applied = 0
        for r, n in zip(rtvis, before):
            for m in r.pushed[n:]:
                data = getattr(m, "data", None)
                text = getattr(data, "text", None)
                if isinstance(text, str) and text.startswith("<exit>"):
                    exits += 1
                if isinstance(data, dict) and data.get("type") == "action-applied":
                    applied += 1
        return delivered, exits, applied

    def _verdicts(self, name, domain, states):
        return _verdicts_of(name, domain, states)

    def session(self, req):
        world = req["world"]
        domain, dbs, init = self.world(world)
        self.today = _dt.date.fromisoformat(world["today"]) if world.get("today") else None
        out = {"id": req.get("id"), "init": init, "calls": []}
        states, instances = {}, {}
        for side, db in dbs.items():
            rtvi = RTVIProcessor()
            state = {"db": db, "actions": [], "__rtvi__": rtvi, "__tool_domain__": domain}
            states[side] = state
            names = self.side_names(domain, side)
            instances[side] = (names, {n: self.tools.get_schema_tool_for_eval(n, domain, rtvi=rtvi, shared_state=state) for n in names})
        for i, call in enumerate(req["calls"]):
            side = call["side"]
            names, tools = instances[side]
            self.planned_ids = list(call.get("draws") or [])
            self.drawn = 0
            applied = 0
            call_id = f"call_{i + 1}"
            delivered, ids = [], []
            try:
                delivered, exits, applied = self._call(tools.get(call["name"]), call["args"], names, call["name"], call_id)
                result = delivered[0][1] if delivered else None
                # A call the framework never ran delivers nothing.
                ids = [] if isinstance(result, NotRun) else [d[0] for d in delivered]
                exited = exits > 0
                try:
                    # pipecat's assistant aggregator: json.dumps(result, ensure_ascii=False) if result else "COMPLETED".
                    text = f"<call not run: {result.raised}>" if isinstance(result, NotRun) else (json.dumps(result, ensure_ascii=False) if result else "COMPLETED")
                except (TypeError, ValueError) as e:
                    text = f"<not JSON: {type(e).__name__}: {e}>"
            except Exception as e:  # a failure of the framework around the tool, not the tool
                text, exited, exits = f"<framework raised {type(e).__name__}: {e}>", False, 0
            # The bridge syncs once per action-applied message, only where both sides have a DB.
            if "user" in states and "agent" in states:
                for _ in range(applied):
                    self._sync(domain, states["agent"]["db"], states["user"]["db"])
            entry = {"text": text, "exit": exited, "draws": self.drawn, "deliveries": len(ids), "ids": ids, "exits": exits}
            if req.get("hash_each"):
                entry["hash"] = self._hashes({s: st["db"] for s, st in states.items()})
            out["calls"].append(entry)
        if req.get("assertions_of"):
            out["verdicts"] = self._verdicts(req["assertions_of"], domain, states)
        out["final"] = self._hashes({s: st["db"] for s, st in states.items()})
        if req.get("return_dbs"):
            out["dbs"] = {s: json.loads(json.dumps(st["db"], default=_plain)) for s, st in states.items()}
        return out


def _verdicts_of(name, domain, states):
    """The scenario's own db_state_assertions judged by the reference's evaluate_db_state_assertion on the session's DBs."""
    from nemo_voice_agent.evaluation.db_state_predicates import evaluate_db_state_assertion
    from nemo_voice_agent.evaluation.scenarios import get_eval_scenario

    scenario = get_eval_scenario(name)
    agent = states.get("agent", {}).get("db")
    user = states.get("user", {}).get("db")
    out = []
    for a in getattr(scenario, "db_state_assertions", None) or []:
        v = evaluate_db_state_assertion(domain=scenario.domain, assertion=a, db=agent, user_db=user)
        out.append(json.loads(json.dumps(v, default=_plain)))
    return out


def _plain(value):
    """A DB value json cannot write as it is (a model object, a date): its plain form."""
    dump = getattr(value, "model_dump", None)
    return dump(mode="json") if callable(dump) else str(value)


# --------------------------------------------------------------- surface ---

# The suites evalsim simulates; the harness registers other demo scenarios too.
SURFACE_BUCKETS = ("eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom", "tau2_telecom_workflow")


def _function_spec(tool):
    """A tool's entry in the model's `tools[]`: pipecat's FunctionSchema.to_default_dict in the OpenAI adapter's envelope."""
    function = {"name": tool.name, "description": tool.description, "parameters": {"type": "object", "properties": tool.properties, "required": tool.required_properties}}
    return {"type": "function", "function": function}


def surface(ref, req):
    """What the bridge sends each bot, per scenario: both prompts and both tool lists, built as the bot server builds them."""
    from nemo_voice_agent.evaluation.scenarios import get_eval_scenario, list_eval_scenarios

    buckets = set(req.get("buckets") or SURFACE_BUCKETS)
    out = {}
    for name in list_eval_scenarios():
        if name.split("__", 1)[0] not in buckets:
            continue
        scenario = get_eval_scenario(name)
        domain = getattr(scenario, "domain", "default")

        def specs(tools_json):
            tools = json.loads(tools_json) if tools_json else {}
            return [_function_spec(ref.tools.get_schema_tool_for_eval(n, domain=domain, rtvi=None, shared_state={}, **(kw or {}))) for n, kw in tools.items()]

        out[name] = {"agent_prompt": scenario.get_agent_prompt(), "user_prompt": scenario.get_user_prompt(), "agent_tools": specs(scenario.get_agent_tools()), "user_tools": specs(scenario.get_user_tools())}
    return {"id": req.get("id"), "scenarios": out}


# A generated expression can make the reference's calculator build an int no
# machine holds (2**82**8); bounded, Python raises MemoryError at once instead
# of growing until the machine runs out (known divergence
# calculate:ints-past-memory).
ADDRESS_SPACE_LIMIT = int(os.environ.get("EVALSIM_CROSSCHECK_REFERENCE_MEMORY", str(4 << 30)))


def die_with_evalsim():
    """Stop this whole process group when evalsim goes.

    evalsim starts the driver as the leader of a process group of its own, so
    that a failure stops everything the reference started; a Ctrl-C on
    evalsim's terminal then no longer reaches the driver. So the kernel tells
    the driver when evalsim dies (Linux's parent-death signal) and the driver
    takes its group with it; elsewhere the closed request pipe ends it.
    """
    signal.signal(signal.SIGTERM, lambda *_: os.killpg(0, signal.SIGKILL))
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:
        os.killpg(0, signal.SIGKILL)


def private_channel():
    """The driver's own channel to evalsim, which the reference's code cannot reach.

    The reference's modules share this process's stdout and stdin: a print()
    in them must not read as an answer, nor an input() take a request. Answers
    go to file descriptor 3 (evalsim opens it for them); requests are read from
    a private copy of stdin, and stdin itself then reads nothing (/dev/null).
    """
    answers = os.fdopen(3, "w", encoding="utf-8")
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return requests, answers


def main():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_LIMIT, ADDRESS_SPACE_LIMIT))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nemo", required=True, help="root of a labs-Voice-Agent checkout (holds nemo_voice_agent/)")
    ap.add_argument("--data-root", required=True, help="the fixture data root (eva_airline/, tau2_*/)")
    a = ap.parse_args()
    die_with_evalsim()
    requests, answers = private_channel()
    ref = Reference(a.nemo, a.data_root)
    answers.write(json.dumps({"ready": True}) + "\n")
    answers.flush()
    for line in requests:
        if not line.strip():
            continue
        req = json.loads(line)
        try:
            op = req.get("op")
            if op == "surface":
                ans = surface(ref, req)
            elif op in scoring_ops.OPS:
                ans = {"id": req.get("id"), **scoring_ops.OPS[op](req)}
            else:
                ans = ref.session(req)
        except Exception as e:
            import traceback

            ans = {"id": req.get("id"), "fatal": f"{type(e).__name__}: {e}", "trace": traceback.format_exc()}
        answers.write(json.dumps(ans) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
