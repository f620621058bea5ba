"""Python's own answers for src/python, one JSON request per line:
["float", x], ["int", x], ["bool", x], ["eq", a, b], ["repr", x], ["str", x],
["strip", s], ["type", x], and ["dumps_text", text] / ["repr_text", text]
for JSON text read with json.loads (json.dumps / repr of what it reads). Prints one JSON line per request:
{"ok": <result>} (repr/str/strip/type as text, float/int as repr text,
bool/eq as booleans) or {"err": "<ExceptionType>: <message>"}."""
import json
import sys

OPS = {
    "float": lambda x: repr(float(x)),
    "int": lambda x: repr(int(x)),
    "bool": lambda x: bool(x),
    "eq": lambda a, b: a == b,
    "repr": repr,
    "str": str,
    "strip": lambda s: s.strip(),
    "type": lambda x: type(x).__name__,
    "dumps_text": lambda t: json.dumps(json.loads(t)),
    "repr_text": lambda t: repr(json.loads(t)),
}

for line in sys.stdin:
    if not line.strip():
        continue
    op, *args = json.loads(line)
    try:
        out = {"ok": OPS[op](*args)}
    except Exception as e:  # the message is what is compared
        out = {"err": f"{type(e).__name__}: {e}"}
    print(json.dumps(out))
