"""Regenerate fixtures/hosts/<host>/*.json from the hosts' documented
example payloads (see the note in each file). Run from the repository root:
    python3 scripts/host-fixtures.py
"""
import json, os
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "hosts"))

def write(host, name, note, event, payload, env):
    os.makedirs(host, exist_ok=True)
    doc = {"note": note, "event": event, "env": env,
           "stdin": json.dumps(payload, ensure_ascii=False, separators=(",", ":")) + "\n"}
    with open(f"{host}/{name}.json", "w") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")

PATCH = "*** Begin Patch\n*** Update File: src/pay.rs\n@@\n-    send(req)\n+    retry(|| send(req))\n*** Add File: tests/retry.rs\n+#[test]\n+fn retries() {}\n*** End Patch\n"

# ---------------- Claude Code ----------------
CS = "9f1c6a2e-3b7d-4c1e-9a55-1d2f0e8b7c41"
CT = "/home/u/.claude/projects/-home-u-shop/9f1c6a2e-3b7d-4c1e-9a55-1d2f0e8b7c41.jsonl"
cenv = {"CLAUDE_PROJECT_DIR": "/home/u/shop"}
def claude(event, extra, perm=True):
    p = {"session_id": CS, "transcript_path": CT, "cwd": "/home/u/shop"}
    if perm:
        p["permission_mode"] = "default"
    p["hook_event_name"] = event
    p.update(extra)
    return p
SRC = "Claude Code hooks reference (code.claude.com/docs/en/hooks), documented example shape"
def ctool(name, tool, inp, note, tid="toolu_01ABCxyz"):
    write("claude", f"PreToolUse.{name}", f"{SRC}: PreToolUse, {note}", "PreToolUse",
          claude("PreToolUse", {"tool_name": tool, "tool_input": inp, "tool_use_id": tid}), cenv)
write("claude", "UserPromptSubmit", f"{SRC}: UserPromptSubmit with a plain prompt.", "UserPromptSubmit",
      claude("UserPromptSubmit", {"prompt": "Add a retry to the payment client"}), cenv)
write("claude", "UserPromptSubmit.flow_start", f"{SRC}: UserPromptSubmit carrying an @flow start command.", "UserPromptSubmit",
      claude("UserPromptSubmit", {"prompt": "@flow start bugfix login fails on Safari"}), cenv)
write("claude", "UserPromptSubmit.flow_status", f"{SRC}: UserPromptSubmit carrying @flow status.", "UserPromptSubmit",
      claude("UserPromptSubmit", {"prompt": "@flow status"}), cenv)
ctool("bash", "Bash", {"command": "cargo test", "description": "Run tests"}, "Bash running the tests.")
ctool("bash_write", "Bash", {"command": "echo 'retry = 3' > pay.toml", "description": "Write config"}, "Bash writing a file through a redirection.")
ctool("flowgate_step", "Bash", {"command": "flowgate step next", "description": "Advance the workflow"}, "Bash running flowgate's own command.")
ctool("flowgate_chained", "Bash", {"command": "flowgate step next && rm -rf x", "description": "Advance and clean"}, "Bash chaining flowgate's command with another.")
ctool("write", "Write", {"file_path": "/home/u/shop/src/pay.rs", "content": "fn pay() {}\n"}, "Write creating a file.")
ctool("edit", "Edit", {"file_path": "/home/u/shop/src/pay.rs", "old_string": "send(req)", "new_string": "retry(|| send(req))", "replace_all": False}, "Edit changing a file.")
ctool("read", "Read", {"file_path": "/home/u/shop/src/pay.rs"}, "Read.")
ctool("todowrite", "TodoWrite", {"todos": [
    {"content": "Add a failing test for the retry", "status": "completed", "activeForm": "Adding a failing test"},
    {"content": "Wrap send in retry", "status": "in_progress", "activeForm": "Wrapping send in retry"},
    {"content": "Run the full test suite", "status": "pending", "activeForm": "Running the full test suite"}]},
    "TodoWrite with the documented {content, status, activeForm} items (Agent SDK todo-tracking page).")
ctool("mcp_step", "mcp__flowgate__workflow_step", {"action": "next"}, "flowgate's own MCP tool.")
ctool("mcp_other", "mcp__github__create_issue", {"title": "Retry"}, "another MCP server's tool.")
write("claude", "Stop", f"{SRC}: Stop, first stop of the turn.", "Stop",
      claude("Stop", {"stop_hook_active": False, "last_assistant_message": "Done. All tests pass.", "background_tasks": [], "session_crons": []}), cenv)
write("claude", "Stop.active", f"{SRC}: Stop after a stop hook already made Claude continue.", "Stop",
      claude("Stop", {"stop_hook_active": True, "last_assistant_message": "Still done.", "background_tasks": [], "session_crons": []}), cenv)
for src in ["startup", "resume", "compact"]:
    extra = {"source": src}
    if src == "startup":
        extra["model"] = "claude-opus-5"
    write("claude", f"SessionStart.{src}", f"{SRC}: SessionStart, source {src} (no permission_mode, as in the documented example).", "SessionStart",
          claude("SessionStart", extra, perm=False), cenv)

# ---------------- Codex ----------------
XS = "019a3c2e-5d1b-7f40-b6a2-3c9e8d7f1a20"
XT = "/home/u/.codex/sessions/2026/09/01/rollout-2026-09-01T10-30-00-019a3c2e.jsonl"
XSRC = "Codex hooks docs / codex-rs/hooks generated input schema, documented example shape"
def codex(event, extra, turn=True):
    p = {"session_id": XS}
    if turn:
        p["turn_id"] = "0"
    p.update({"transcript_path": XT, "cwd": "/home/u/shop", "hook_event_name": event,
              "model": "gpt-5.2-codex", "permission_mode": "default"})
    p.update(extra)
    return p
def xtool(name, tool, inp, note, tid="call_Xk3pQ9"):
    write("codex", f"PreToolUse.{name}", f"{XSRC}: PreToolUse, {note}", "PreToolUse",
          codex("PreToolUse", {"tool_name": tool, "tool_input": inp, "tool_use_id": tid}), {})
write("codex", "UserPromptSubmit", f"{XSRC}: UserPromptSubmit with a plain prompt.", "UserPromptSubmit",
      codex("UserPromptSubmit", {"prompt": "Add a retry to the payment client"}), {})
write("codex", "UserPromptSubmit.flow_start", f"{XSRC}: UserPromptSubmit carrying an @flow start command.", "UserPromptSubmit",
      codex("UserPromptSubmit", {"prompt": "@flow start bugfix login fails on Safari"}), {})
write("codex", "UserPromptSubmit.flow_status", f"{XSRC}: UserPromptSubmit carrying @flow status.", "UserPromptSubmit",
      codex("UserPromptSubmit", {"prompt": "@flow status"}), {})
xtool("bash", "Bash", {"command": "cargo test"}, "a shell call (every shell path is reported as Bash).")
xtool("bash_write", "Bash", {"command": "echo 'retry = 3' > pay.toml"}, "a shell call writing through a redirection.")
xtool("flowgate_step", "Bash", {"command": "flowgate step next"}, "flowgate's own command.")
xtool("flowgate_step_argv", "Bash", {"command": "bash -lc 'flowgate step next'"}, "flowgate's own command as Codex joins a shell argv.")
xtool("flowgate_chained", "Bash", {"command": "flowgate step next && rm -rf x"}, "flowgate's command chained with another.")
xtool("apply_patch", "apply_patch", {"command": PATCH}, "apply_patch with the raw patch in tool_input.command (codex-rs apply_patch handler tests).")
xtool("bash_apply_patch", "Bash", {"command": "bash -lc 'apply_patch <<'\"'\"'EOF'\"'\"'\n" + PATCH + "EOF\n'"}, "apply_patch invoked through the shell with a heredoc, as the apply_patch tool instructions show.")
xtool("read", "read_file", {"file_path": "src/pay.rs"}, "an experimental read tool under its own name.")
xtool("update_plan", "update_plan", {"explanation": "Fix the retry", "plan": [
    {"step": "Add a failing test for the retry", "status": "completed"},
    {"step": "Wrap send in retry", "status": "in_progress"},
    {"step": "Run the full test suite", "status": "pending"}]}, "update_plan with the documented {step, status} items.")
xtool("mcp_step", "mcp__flowgate__workflow_step", {"action": "next"}, "flowgate's own MCP tool.")
write("codex", "Stop", f"{XSRC}: Stop, first stop of the turn.", "Stop",
      codex("Stop", {"stop_hook_active": False, "last_assistant_message": "Done. Tests pass."}), {})
write("codex", "Stop.active", f"{XSRC}: Stop after a stop hook already made Codex continue.", "Stop",
      codex("Stop", {"stop_hook_active": True, "last_assistant_message": None}), {})
for src in ["startup", "resume", "compact"]:
    p = codex("SessionStart", {"source": src}, turn=False)
    if src == "startup":
        p["transcript_path"] = None
    write("codex", f"SessionStart.{src}", f"{XSRC}: SessionStart, source {src} (no turn_id on SessionStart).", "SessionStart", p, {})

# ---------------- Gemini CLI ----------------
GS = "5f0e2b9c-8a41-4d6e-a3f7-92c1b0d4e8aa"
GT = "/home/u/.gemini/tmp/8c2f1e/chats/session-2026-09-01T10-29-5f0e2b9c.json"
GSRC = "Gemini CLI docs/hooks/reference.md and packages/core/src/hooks/types.ts, documented example shape"
genv = {"GEMINI_PROJECT_DIR": "/home/u/shop", "CLAUDE_PROJECT_DIR": "/home/u/shop"}
def gem(event, extra, ts="2026-09-01T10:30:05.123Z"):
    p = {"session_id": GS, "transcript_path": GT, "cwd": "/home/u/shop", "hook_event_name": event, "timestamp": ts}
    p.update(extra)
    return p
def gtool(name, tool, inp, note, mcp=None):
    extra = {"tool_name": tool, "tool_input": inp}
    if mcp:
        extra["mcp_context"] = mcp
    write("gemini", f"BeforeTool.{name}", f"{GSRC}: BeforeTool, {note}", "BeforeTool", gem("BeforeTool", extra), genv)
write("gemini", "BeforeAgent", f"{GSRC}: BeforeAgent with a plain prompt.", "BeforeAgent",
      gem("BeforeAgent", {"prompt": "Add a retry to the payment client"}, "2026-09-01T10:30:00.000Z"), genv)
write("gemini", "BeforeAgent.flow_start", f"{GSRC}: BeforeAgent carrying an @flow start command.", "BeforeAgent",
      gem("BeforeAgent", {"prompt": "@flow start bugfix login fails on Safari"}, "2026-09-01T10:30:00.000Z"), genv)
write("gemini", "BeforeAgent.flow_status", f"{GSRC}: BeforeAgent carrying @flow status.", "BeforeAgent",
      gem("BeforeAgent", {"prompt": "@flow status"}, "2026-09-01T10:30:00.000Z"), genv)
gtool("shell", "run_shell_command", {"command": "cargo test", "description": "Run tests"}, "run_shell_command running the tests.")
gtool("shell_write", "run_shell_command", {"command": "echo 'retry = 3' > pay.toml", "description": "Write config"}, "run_shell_command writing through a redirection.")
gtool("flowgate_step", "run_shell_command", {"command": "flowgate step next", "description": "Advance the workflow"}, "flowgate's own command.")
gtool("flowgate_chained", "run_shell_command", {"command": "flowgate step next && rm -rf x", "description": "Advance and clean"}, "flowgate's command chained with another.")
gtool("write_file", "write_file", {"file_path": "src/pay.rs", "content": "fn pay() {}\n"}, "write_file creating a file.")
gtool("replace", "replace", {"file_path": "src/pay.rs", "old_string": "send(req)", "new_string": "retry(|| send(req))", "instruction": "Wrap send in retry"}, "replace editing a file.")
gtool("read_file", "read_file", {"file_path": "src/pay.rs"}, "read_file.")
gtool("write_todos", "write_todos", {"todos": [
    {"description": "Add a failing test for the retry", "status": "completed"},
    {"description": "Wrap send in retry", "status": "in_progress"},
    {"description": "Run the full test suite", "status": "pending"},
    {"description": "Rewrite the client", "status": "cancelled"}]}, "write_todos with the documented {description, status} items.")
gtool("mcp_step", "mcp_flowgate_workflow_step", {"action": "next"}, "flowgate's own MCP tool, named mcp_<server>_<tool> with mcp_context as current builds send it.",
      mcp={"server_name": "flowgate", "tool_name": "workflow_step", "command": "flowgate", "args": ["mcp"], "cwd": "/home/u/shop"})
gtool("mcp_other", "mcp_github_create_issue", {"title": "Retry"}, "another MCP server's tool.",
      mcp={"server_name": "github", "tool_name": "create_issue", "url": "https://api.example.com/mcp"})
write("gemini", "AfterAgent", f"{GSRC}: AfterAgent, first end of the turn.", "AfterAgent",
      gem("AfterAgent", {"prompt": "Add a retry to the payment client", "prompt_response": "Done. Tests pass.", "stop_hook_active": False}, "2026-09-01T10:31:40.002Z"), genv)
write("gemini", "AfterAgent.active", f"{GSRC}: AfterAgent on the retry a blocking AfterAgent caused.", "AfterAgent",
      gem("AfterAgent", {"prompt": "Add a retry to the payment client", "prompt_response": "Still done.", "stop_hook_active": True}, "2026-09-01T10:32:10.500Z"), genv)
for src in ["startup", "resume", "clear"]:
    p = gem("SessionStart", {"source": src}, "2026-09-01T10:29:58.410Z")
    if src == "startup":
        p["transcript_path"] = ""
    write("gemini", f"SessionStart.{src}", f"{GSRC}: SessionStart, source {src}.", "SessionStart", p, genv)
