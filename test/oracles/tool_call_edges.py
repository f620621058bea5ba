"""Python's own answers for the edges of a tool call, one JSON request per line
(arguments are JSON text, read with json.loads as the reference's framework does):

["bind", "module.Class._execute", args_text]
    calls a function of that name as the reference calls a tool,
    `_execute(**(arguments or {}))`: {"none": true} when the arguments are
    falsy (the tool runs without arguments), {"ok": true} when they bind, or
    {"err": str(TypeError)}.
["value", args_text, key]
    repr, str and type name of arguments[key]: {"repr", "str", "type"}.
["int", args_text, key, count]
    arguments[key] read as an int the way pydantic's lax int reads a JSON
    number (an int as is, an integral float strictly inside i64, else the
    error type), and the length of a list of `count` items sliced [:n]:
    {"int": text, "len": n} or {"err": type}.
["dumps", json_text, path]
    json.dumps of the value at path (keys and indexes) in json.loads(json_text).
"""
import json
import sys

I64 = 2**63


def named(qualified):
    module, _, qualname = qualified.rpartition(".")
    module, _, owner = module.rpartition(".")
    qualname = f"{owner}.{qualname}"

    def _execute(self, **kwargs):
        return kwargs

    _execute.__module__ = module
    _execute.__qualname__ = qualname
    _execute.__code__ = _execute.__code__.replace(co_qualname=qualname)
    return _execute


def bind(qualified, text):
    args = json.loads(text)
    if not args:
        return {"none": True}
    try:
        named(qualified)(object(), **args)
    except TypeError as e:
        return {"err": str(e), "text": json.dumps({"error": str(e)})}
    return {"ok": True}


def value(text, key):
    v = json.loads(text)[key]
    return {"repr": repr(v), "str": str(v), "type": type(v).__name__}


def as_int(text, key, count):
    got = int_of(json.loads(text)[key])
    if "int" in got:
        got["len"] = len(range(count)[: int(got["int"])])
    return got


def int_of(v):
    if isinstance(v, bool) or isinstance(v, int):
        return {"int": str(int(v))}
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            return {"err": "finite_number"}
        if v != int(v):
            return {"err": "int_from_float"}
        if not -I64 < v < I64:
            return {"err": "int_parsing_size"}
        return {"int": str(int(v))}
    return {"err": "int_type"}


def dumps(text, path):
    v = json.loads(text)
    for p in path:
        v = v[p]
    return {"text": json.dumps(v)}


OPS = {"bind": bind, "value": value, "int": as_int, "dumps": dumps}

for line in sys.stdin:
    if line.strip():
        op, *args = json.loads(line)
        print(json.dumps(OPS[op](*args)))
