#!/usr/bin/env python3
"""Build the recorded sessions in fixtures/sessions/ from the captured
CodeWhale payloads in fixtures/hosts/codewhale/.

Each session is a JSON-lines stream that `flowgate replay` runs: host calls
(with the captured env and stdin, varied only where a field must change,
e.g. the tool input or the message text) and the `flowgate` commands the
agent runs in its shell. Run from the repository root:

    python3 scripts/make-sessions.py
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
FX = ROOT / "fixtures/hosts/codewhale"
OUT = ROOT / "fixtures/sessions"


def fx(name):
    return json.loads((FX / f"{name}.json").read_text())


def hook(name, event=None, env=None, stdin=None, **expect):
    f = fx(name)
    call = {"host": "codewhale", "event": event or f["event"], "env": dict(f["env"])}
    call["env"].update(env or {})
    call["stdin"] = f["stdin"] if stdin is None else stdin
    call.update(expect)
    return call


def bash(command, **expect):
    return hook("tool_call_before.bash", env={"DEEPSEEK_TOOL_ARGS": json.dumps({"command": command}, separators=(",", ":"))}, **expect)


def message(text, **expect):
    f = fx("message_submit")
    body = json.loads(f["stdin"])
    body.update(text=text, text_bytes=len(text.encode()), text_original_bytes=len(text.encode()))
    return hook("message_submit", env={"DEEPSEEK_MESSAGE": text}, stdin=json.dumps(body, ensure_ascii=False, separators=(",", ":")) + "\n", **expect)


def cli(*argv, **expect):
    call = {"cli": list(argv)}
    call.update(expect)
    return call


def stop(body="{}", **expect):
    return hook("turn_end", event="agent_end", stdin=body, **expect)


def write(name, calls):
    lines = [json.dumps(c, ensure_ascii=False) for c in calls]
    (OUT / name).write_text("\n".join(lines) + "\n")
    print(f"wrote {name}: {len(calls)} calls")


write("bugfix-codewhale.jsonl", [
    hook("message_submit.flow_start", expect_exit=0, expect=["Start Bug Fix for: login fails on Safari", "▶ 1. 🔬 Diagnose"],
         note="the user starts a run by typing @flow start"),
    hook("tool_call_before.read", expect_exit=0, expect=['"allow"'], note="reading is fine in Diagnose"),
    hook("tool_call_before.edit", expect_exit=2, expect=["blocked edit in the Diagnose phase of Bug Fix"],
         note="Diagnose is read-only"),
    bash("cargo test login", expect_exit=0, note="running tests does not write"),
    bash("sed -i 's/false/true/' src/login.rs", expect_exit=2, expect=["read-only"],
         note="writing through the shell is caught too"),
    hook("tool_call_before.todo_write", expect_exit=0, note="CodeWhale's own todo tool is mirrored"),
    cli("status", "--line", expect_exit=0, expect=["Bug Fix > 🔬 Diagnose [1/3]  📋 1/3"]),
    bash("flowgate step next --summary 'cookie check ignores Safari'", expect_exit=0, expect=['"allow"'],
         note="flowgate's own command is always allowed"),
    cli("step", "next", "--summary", "cookie check ignores Safari", expect_exit=0, expect=["✓ Advanced: 🔬 Diagnose → 🔧 Fix"]),
    hook("tool_call_before.edit", expect_exit=0, note="Fix allows editing"),
    hook("turn_end", expect_exit=0, note="the turn ends with work left: a reminder is armed"),
    message("looks good, carry on", expect_exit=0, expect=["looks good, carry on\\n\\n<flowgate>", "still active", "Next action: flowgate todo complete 1"],
            note="the next message carries the reminder and the context"),
    cli("todo", "complete", "1", "2", expect_exit=0, expect=["Completed [1, 2]"]),
    cli("step", "next", expect_exit=0, expect=["→ ✅ Verify"]),
    bash("flowgate step next && rm -rf target", expect_exit=2, note="a chained command is not flowgate's own"),
    cli("step", "next", expect_exit=0, expect=["🎉 **All phases complete!**", "✅ **Bug Fix Complete**"]),
    message("thanks!", expect_exit=0, expect_not=["<flowgate>"], note="finished: messages pass unchanged"),
    hook("turn_end", expect_exit=0),
    stop(expect_exit=0, expect_not=["block"], note="nothing unfinished: the agent may stop"),
])

write("rpir-loop-codewhale.jsonl", [
    message("@flow start rpir add rate limiting to the login endpoint", expect_exit=0,
            expect=["Start Research, Plan, Implement, Review for: add rate limiting"]),
    hook("tool_call_before.write", expect_exit=2, expect=["blocked write in the Research phase"]),
    cli("step", "next", expect_exit=0, expect=["→ 📝 Plan"]),
    cli("todo", "write", "Add a limiter", "Wire it into login", expect_exit=0),
    cli("step", "next", expect_exit=0, expect=["✓ Entered subworkflow 'Implement': 📝 Plan → ⌨️ Code"]),
    cli("status", "--line", expect_exit=0, expect=["Research, Plan, Implement, Review > Implement [3/4] > ⌨️ Code [1/2]  📋 0/2"]),
    hook("tool_call_before.write", expect_exit=0, note="Code may write"),
    cli("step", "next", expect_exit=0, expect=["→ 🧪 Test"]),
    cli("todo", "complete", "0", expect_exit=0),
    cli("step", "loop", expect_exit=0, expect=["🔄 Looped 'Implement' back to: ⌨️ Code"]),
    cli("step", "next", expect_exit=0),
    cli("todo", "complete", "1", expect_exit=0),
    cli("step", "next", expect_exit=0, expect=["✓ Exited subworkflow, returning to Research, Plan, Implement, Review: 🧪 Test → 👀 Review"]),
    hook("tool_call_before.edit", expect_exit=2, expect=["Review phase"]),
    cli("step", "next", expect_exit=0, expect=["All phases complete"]),
])

write("todos-codewhale.jsonl", [
    cli("todo", "write", "Reproduce", "Write a failing test", "Fix the session check", expect_exit=0),
    cli("todo", "complete", "0", expect_exit=0),
    stop(expect_exit=2, expect=["Remaining items:\\n– [1] Write a failing test\\n– [2] Fix the session check", "Next action: flowgate todo start 1"],
         note="the agent stops with two open todos: one continuation"),
    stop('{"aborted":true}', expect_exit=0, note="the user interrupted: no continuation"),
    hook("turn_end.interrupted", expect_exit=0),
    message("hold on", expect_exit=0, expect_not=["There are still"], note="no reminder after an interrupt"),
    hook("turn_end", expect_exit=0),
    message("ok go", expect_exit=0, expect=["There are still 2 incomplete todo(s)"]),
    cli("todo", "start", "1", expect_exit=0),
    cli("todo", "complete", "1", "2", expect_exit=0),
    stop(expect_exit=0, expect_not=["limit"], note="all done: the agent may stop, no limit message"),
])
