"""Reads [float_text, ndigits] JSON pairs per line; prints repr(round(float(x), n))."""
import json
import sys

for line in sys.stdin:
    if line.strip():
        text, ndigits = json.loads(line)
        print(repr(round(float(text), ndigits)))
