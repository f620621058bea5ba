"""Run the voice harness's own TTS text handling on each JSON line of stdin.

The methods `_handle_think_tokens` and `_drop_special_tokens` are taken from
nemo_voice_agent/pipecat/services/nemo/tts.py in the mirror given as argv[1]
at the commit argv[2] (read with git, never copied), and applied as
`run_tts` applies them to one text with a fresh service: think tokens, then
nothing when no text is left, then the ignore strings.
Input lines: {"text": str, "think_tokens": [open, close] | null, "ignore_strings": [str] | null}.
Output lines: the spoken text ("" when nothing is spoken).
"""
import ast
import json
import subprocess
import sys

source = subprocess.run(
    ["git", "-C", sys.argv[1], "show", f"{sys.argv[2]}:nemo_voice_agent/pipecat/services/nemo/tts.py"],
    check=True, capture_output=True, text=True,
).stdout
wanted = {"_handle_think_tokens", "_drop_special_tokens"}
defs = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name in wanted]
assert {d.name for d in defs} == wanted, "the methods moved"
module = ast.Module(body=defs, type_ignores=[])


class _Quiet:
    def debug(self, *a, **k):
        pass


namespace = {"Optional": __import__("typing").Optional, "logger": _Quiet()}
exec(compile(module, "tts.py", "exec"), namespace)


class Service:
    _handle_think_tokens = namespace["_handle_think_tokens"]
    _drop_special_tokens = namespace["_drop_special_tokens"]


for line in sys.stdin:
    case = json.loads(line)
    s = Service()
    s._think_tokens = case["think_tokens"]
    s._ignore_strings = set(case["ignore_strings"]) if case["ignore_strings"] is not None else None
    s._have_seen_think_tokens = False
    text = case["text"]
    if s._think_tokens is not None:
        text = s._handle_think_tokens(text)
    if not text:
        print(json.dumps(""))
        continue
    if s._ignore_strings is not None:
        text = s._drop_special_tokens(text)
    print(json.dumps(text))
