"""Python's answers for dict key order through edits, one JSON request per line:

{"doc": json_text, "txns": [{"keep": bool, "ops": [op, ...]}, ...]}

The document is read with json.loads; each transaction applies its ops to a
deep copy of the document and keeps the copy only when "keep" is true (a
rolled-back call leaves the document as it was). Ops (a path is a list of
keys and list indexes from the root):

["set", path, key, value_text]   d[key] = json.loads(value_text)
["del", path, key]               del d[key]
["readd", path, key]             d[key] = d.pop(key)
["copy", path, key, from_path]   d[key] = copy.deepcopy(value at from_path)
["dump", path]                   records json.dumps, repr and the compact
                                 json.dumps of the value at path now

Answer: {"dumps": [...], "reprs": [...], "compact": [...]}, the recorded
texts in order, then those of the whole document after the last transaction.

{"file": path, "paths": [path, ...]}

json.dumps of the values at those paths in json.load(file): {"dumps": [...]}.
"""
import copy
import json
import sys


def at(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def texts(v):
    return json.dumps(v), repr(v), json.dumps(v, separators=(",", ":"))


def answer(request):
    if "file" in request:
        with open(request["file"], encoding="utf-8") as f:
            doc = json.load(f)
        return {"dumps": [json.dumps(at(doc, p)) for p in request["paths"]]}
    doc = json.loads(request["doc"])
    out = {"dumps": [], "reprs": [], "compact": []}

    def record(v):
        d, r, c = texts(v)
        out["dumps"].append(d)
        out["reprs"].append(r)
        out["compact"].append(c)

    for txn in request["txns"]:
        work = copy.deepcopy(doc)
        for op in txn["ops"]:
            kind, path = op[0], op[1]
            if kind == "set":
                at(work, path)[op[2]] = json.loads(op[3])
            elif kind == "del":
                del at(work, path)[op[2]]
            elif kind == "readd":
                d = at(work, path)
                d[op[2]] = d.pop(op[2])
            elif kind == "copy":
                at(work, path)[op[2]] = copy.deepcopy(at(work, op[3]))
            elif kind == "dump":
                record(at(work, path))
            else:
                raise ValueError(kind)
        if txn["keep"]:
            doc = work
    record(doc)
    return out


for line in sys.stdin:
    if line.strip():
        print(json.dumps(answer(json.loads(line))))
