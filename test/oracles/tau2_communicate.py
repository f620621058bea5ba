"""Oracle for tau2's communicate_info check (CommunicateEvaluator.evaluate_communicate_info
at tau2-bench voice-user-sim-v1.0, src/tau2/evaluator/evaluator_communicate.py): the same
loop over the agent's messages with text, the same lower-casing and comma removal.

Reads one JSON object {"info": [...], "messages": [...]} per line on stdin (the messages
are the agent's, in order) and prints [{"info", "met", "justification"}] per line.
"""
import json
import sys


def has_text_content(content):
    if content is None:
        return False
    return bool(content.strip())


def evaluate(info, messages):
    outputs = []
    for info_str in info:
        found = False
        for content in messages:
            if not has_text_content(content):
                continue
            if info_str.lower() in content.lower().replace(",", ""):
                found = True
                break
        if found:
            justification = f"Information '{info_str}' communicated in the message:\n '{content}'"
        else:
            justification = f"Information '{info_str}' not communicated."
        outputs.append({"info": info_str, "met": found, "justification": justification})
    return outputs


def main():
    out = []
    for line in sys.stdin:
        if line.strip():
            req = json.loads(line)
            out.append(json.dumps(evaluate(req["info"], req["messages"])))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
