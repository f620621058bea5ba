#!/usr/bin/env python3
"""Write an evalsim prompt pack from the NeMo Voice-Agent harness itself.

Run it where the harness is importable (its repository on PYTHONPATH, its
dependencies installed, EVAL_DATA_ROOT pointing at its data):

    python3 scripts/export_nemo_prompt_pack.py --out nemo-pack.json [--domain tau2_retail]

For every scenario it records what the harness's bridge sends each bot:
the scenario's get_agent_prompt() and get_user_prompt(), and each side's
tool list as the model receives it, built the way the bot server builds it
(each name of get_agent_tools() / get_user_tools() instantiated through
get_schema_tool_for_eval in the scenario's domain, then its function schema
in the OpenAI `tools[]` form). `evalsim run --prompt-pack nemo-pack.json`
then sends exactly these texts; `evalsim prompts diff nemo-pack.json` shows
where they differ from evalsim's built-in prompts.

Only the standard library is used here; everything else comes from the harness.
"""

import argparse
import json
import os
import sys
import tempfile

PACK_FORMAT = "evalsim-prompt-pack"
PACK_VERSION = 1
# The suites evalsim simulates; the harness registers other demo scenarios too.
BUCKETS = ("eva_airline", "tau2_airline", "tau2_retail", "tau2_telecom", "tau2_telecom_workflow")


def bucket_of(name):
    return name.split("__", 1)[0]


def function_spec(tool):
    """A tool's entry in the model's `tools[]`, as the OpenAI adapter writes a FunctionSchema."""
    schema = tool.schema
    if hasattr(schema, "to_default_dict"):
        function = schema.to_default_dict()
    else:
        function = {
            "name": tool.name,
            "description": tool.description,
            "parameters": {"type": "object", "properties": tool.properties, "required": tool.required_properties},
        }
    return {"type": "function", "function": function}


def tool_specs(tools_json, domain, get_schema_tool_for_eval):
    """The tool list of one side, in the order of the scenario's tools JSON."""
    tools = json.loads(tools_json) if tools_json else {}
    specs = []
    for name, kwargs in tools.items():
        tool = get_schema_tool_for_eval(name, domain=domain, rtvi=None, shared_state={}, **(kwargs or {}))
        specs.append(function_spec(tool))
    return specs


def scenario_entry(scenario, get_schema_tool_for_eval):
    domain = getattr(scenario, "domain", "default")
    return {
        "agent_prompt": scenario.get_agent_prompt(),
        "user_prompt": scenario.get_user_prompt(),
        "agent_tools": tool_specs(scenario.get_agent_tools(), domain, get_schema_tool_for_eval),
        "user_tools": tool_specs(scenario.get_user_tools(), domain, get_schema_tool_for_eval),
    }


def selected(names, domain):
    if domain is None:
        return [n for n in names if bucket_of(n) in BUCKETS]
    return [n for n in names if n.startswith(domain + "__")]


def write_atomic(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".prompt-pack.", dir=folder)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None):
    parser = argparse.ArgumentParser(description="Write an evalsim prompt pack from the NeMo harness's own prompts and tool schemas.")
    parser.add_argument("--out", required=True, help="pack file to write")
    parser.add_argument("--domain", help="only scenarios named <domain>__..., as the harness's --domain selects them")
    args = parser.parse_args(argv)

    try:
        from nemo_voice_agent.evaluation.scenarios import get_eval_scenario, list_eval_scenarios
        from nemo_voice_agent.evaluation.tools import get_schema_tool_for_eval
    except ImportError as e:
        print(f"export_nemo_prompt_pack: cannot import the NeMo harness ({e}); put its repository on PYTHONPATH", file=sys.stderr)
        return 2

    names = selected(list_eval_scenarios(), args.domain)
    if not names:
        print(f"export_nemo_prompt_pack: no scenarios match --domain {args.domain}", file=sys.stderr)
        return 2
    scenarios = {}
    for name in names:
        scenario = get_eval_scenario(name)
        scenarios[name] = scenario_entry(scenario, get_schema_tool_for_eval)
    pack = {"format": PACK_FORMAT, "version": PACK_VERSION, "source": "nemo_voice_agent", "scenarios": scenarios}
    write_atomic(args.out, json.dumps(pack, indent=2, ensure_ascii=False) + "\n")
    print(f"{args.out}: {len(scenarios)} scenario(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
