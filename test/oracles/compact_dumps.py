"""Prints, for each JSON document read from stdin (one per line), Python's
json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False):
compact JSON in Python's own spelling (float repr, insertion key order).
Standard library only."""
import json
import sys

for line in sys.stdin:
    if line.strip():
        print(json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False))
