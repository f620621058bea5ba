"""Prints '<scenario id> <hash>' for each record of eva_airline_dataset.jsonl given as argv[1],
hashing ground_truth.expected_scenario_db with canonical_hash.canonical."""
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from canonical_hash import canonical  # noqa: E402

with open(sys.argv[1], encoding="utf-8") as fh:
    for line in fh:
        if line.strip():
            record = json.loads(line)
            expected = record["ground_truth"]["expected_scenario_db"]
            print(record["id"], hashlib.sha256(canonical(expected).encode()).hexdigest())
