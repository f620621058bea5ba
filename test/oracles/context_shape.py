"""Python's answers for how a reply's tool calls enter the model's context,
one JSON request per line: a list of argument texts (one reply's calls).

The reference's LLM service reads each text with json.loads(text or "{}");
a JSONDecodeError drops that call, any other exception (ValueError for an
int of more than 4300 digits, RecursionError for deep nesting) ends the
reply's function-call step, so none of its calls runs. A call that runs
enters the context with arguments json.dumps(parsed, ensure_ascii=False).

Answer, one line per request: a list with, per call, the arguments text the
context holds, or {"dropped": "JSONDecodeError"}; or {"step": exception name}.
"""
import json
import sys


def reply(texts):
    out = []
    for text in texts:
        try:
            parsed = json.loads(text or "{}")
        except json.JSONDecodeError:
            out.append({"dropped": "JSONDecodeError"})
            continue
        except (ValueError, RecursionError) as e:
            return {"step": type(e).__name__}
        out.append(json.dumps(parsed, ensure_ascii=False))
    return out


for line in sys.stdin:
    if line.strip():
        print(json.dumps(reply(json.loads(line))))
