"""Time Python's canonical hashing of one tau2 DB, for comparison with evalsim.

Usage: hash_bench.py DB_PATH NUMBER REPEAT

DB_PATH is a DB artifact as evalsim reads it: a JSON file, or a directory of
JSON shards that form the top-level keys (file stem -> content). Prints one
JSON object: per-operation times in milliseconds (best and median of REPEAT
timeit runs of NUMBER calls each) for

  dumps_sha256:  sha256(json.dumps(db, sort_keys=True, separators=(",", ":"),
                 default=str).encode()), the bare serialization + hash;
  get_dict_hash: the same after the harness's normalization (the project's
                 independent oracle, test/oracles/canonical_hash.py), i.e.
                 what the reference computes for a DB hash;

plus the byte length of the canonical text and the oracle's digest.
Standard library only.
"""
import hashlib
import importlib.util
import json
import os
import statistics
import sys
import timeit

# Loading the oracle must not leave bytecode caches in the repository.
sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "..", "..", "test", "oracles", "canonical_hash.py")


def load_db(path):
    if os.path.isdir(path):
        db = {}
        for name in sorted(os.listdir(path)):
            if name.endswith(".json"):
                with open(os.path.join(path, name), encoding="utf-8") as f:
                    db[name[: -len(".json")]] = json.load(f)
        return db
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def load_oracle():
    spec = importlib.util.spec_from_file_location("canonical_hash", ORACLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def per_op_ms(fn, number, repeat):
    runs = timeit.repeat(fn, number=number, repeat=repeat)
    per_op = [t / number * 1000.0 for t in runs]
    return {"best": min(per_op), "median": statistics.median(per_op), "runs": repeat, "number": number}


def main():
    path, number, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    db = load_db(path)
    oracle = load_oracle()

    def dumps_sha256():
        text = json.dumps(db, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def get_dict_hash():
        return hashlib.sha256(oracle.canonical(db).encode()).hexdigest()

    canonical = oracle.canonical(db)
    out = {
        "python": sys.version.split()[0],
        "dumps_sha256": per_op_ms(dumps_sha256, number, repeat),
        "get_dict_hash": per_op_ms(get_dict_hash, max(1, number // 2), repeat),
        "canonical_bytes": len(canonical.encode()),
        "digest": hashlib.sha256(canonical.encode()).hexdigest(),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
