"""Independent Python oracle for evalsim's canonical DB hash.

Reads JSON documents, one per line, from stdin and prints, one per line, the
SHA-256 of the canonical text the NeMo harness hashes: drop the top-level
"session" key, normalize (integral finite floats -> int, strings that are
"none"/"null" after strip().lower() -> None, lists under order-independent
keys sorted by their default json.dumps text), then
json.dumps(sort_keys=True, separators=(",", ":"), default=str).

With --canonical it prints the canonical text itself (JSON-encoded) instead.
With --plain it hashes json.dumps(sort_keys=True, separators=(",", ":")) of the
document as read, without the normalization (eva 0.1.3's recorded
result.json hashes).
Standard library only.
"""
import hashlib
import json
import math
import sys

ORDER_FREE = {"standby_list", "notifications", "bookings", "system_accounts", "group_memberships", "asset_recoveries"}


def norm(value):
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            item = norm(item)
            if key in ORDER_FREE and isinstance(item, list):
                item = sorted(item, key=lambda e: json.dumps(e, sort_keys=True, default=str))
            out[key] = item
        return out
    if isinstance(value, list):
        return [norm(v) for v in value]
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lower() in ("none", "null"):
        return None
    return value


def canonical(doc):
    if isinstance(doc, dict):
        doc = {k: v for k, v in doc.items() if k != "session"}
    return json.dumps(norm(doc), sort_keys=True, separators=(",", ":"), default=str)


def main():
    show_text = "--canonical" in sys.argv[1:]
    plain = "--plain" in sys.argv[1:]
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        doc = json.loads(line)
        text = json.dumps(doc, sort_keys=True, separators=(",", ":")) if plain else canonical(doc)
        out.write(json.dumps(text) if show_text else hashlib.sha256(text.encode()).hexdigest())
        out.write("\n")


if __name__ == "__main__":
    main()
