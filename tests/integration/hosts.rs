//! Claude Code, Codex and Gemini CLI, driven through the real binary with
//! each host's payloads from `fixtures/hosts/<host>/`.
//!
//! Every scenario runs on every host (the `scenarios!` macro at the bottom
//! makes one test per host and scenario). Every hook answer any test sees is
//! checked against the host's documented output schema for that event
//! (`schema`), and exit 2 always comes with a reason on stderr.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

// ---- hosts ------------------------------------------------------------

/// One host: its names, and which fixture plays which part.
struct H {
    name: &'static str,
    submit: &'static str,
    tool: &'static str,
    stop: &'static str,
    session: &'static str,
    /// Fixture names (`<Event>.<case>`, no `.json`).
    f_submit: &'static str,
    f_flow_start: &'static str,
    f_flow_status: &'static str,
    f_read: &'static str,
    f_shell: &'static str,
    f_shell_write: &'static str,
    f_step: &'static str,
    f_chained: &'static str,
    f_write: &'static str,
    f_todo: &'static str,
    f_mcp_own: &'static str,
    f_stop: &'static str,
    f_stop_active: &'static str,
    f_sessions: &'static [&'static str],
    /// The write tool's name as flowgate reports it, and the host's @write
    /// members as a deny reason lists them.
    write_tool: &'static str,
    write_group: &'static str,
    /// The native todo fixture's items as flowgate stores them.
    todos: &'static [(&'static str, &'static str)],
}

const PLAN: &[(&str, &str)] = &[
    ("Add a failing test for the retry", "completed"),
    ("Wrap send in retry", "in_progress"),
    ("Run the full test suite", "not_started"),
];

const CLAUDE: H = H {
    name: "claude",
    submit: "UserPromptSubmit",
    tool: "PreToolUse",
    stop: "Stop",
    session: "SessionStart",
    f_submit: "UserPromptSubmit",
    f_flow_start: "UserPromptSubmit.flow_start",
    f_flow_status: "UserPromptSubmit.flow_status",
    f_read: "PreToolUse.read",
    f_shell: "PreToolUse.bash",
    f_shell_write: "PreToolUse.bash_write",
    f_step: "PreToolUse.flowgate_step",
    f_chained: "PreToolUse.flowgate_chained",
    f_write: "PreToolUse.write",
    f_todo: "PreToolUse.todowrite",
    f_mcp_own: "PreToolUse.mcp_step",
    f_stop: "Stop",
    f_stop_active: "Stop.active",
    f_sessions: &[
        "SessionStart.startup",
        "SessionStart.resume",
        "SessionStart.compact",
    ],
    write_tool: "Write",
    write_group: "Write, Edit, MultiEdit, NotebookEdit",
    todos: PLAN,
};

const CODEX: H = H {
    name: "codex",
    submit: "UserPromptSubmit",
    tool: "PreToolUse",
    stop: "Stop",
    session: "SessionStart",
    f_submit: "UserPromptSubmit",
    f_flow_start: "UserPromptSubmit.flow_start",
    f_flow_status: "UserPromptSubmit.flow_status",
    f_read: "PreToolUse.read",
    f_shell: "PreToolUse.bash",
    f_shell_write: "PreToolUse.bash_write",
    f_step: "PreToolUse.flowgate_step",
    f_chained: "PreToolUse.flowgate_chained",
    f_write: "PreToolUse.apply_patch",
    f_todo: "PreToolUse.update_plan",
    f_mcp_own: "PreToolUse.mcp_step",
    f_stop: "Stop",
    f_stop_active: "Stop.active",
    f_sessions: &[
        "SessionStart.startup",
        "SessionStart.resume",
        "SessionStart.compact",
    ],
    write_tool: "apply_patch",
    write_group: "apply_patch",
    todos: PLAN,
};

const GEMINI: H = H {
    name: "gemini",
    submit: "BeforeAgent",
    tool: "BeforeTool",
    stop: "AfterAgent",
    session: "SessionStart",
    f_submit: "BeforeAgent",
    f_flow_start: "BeforeAgent.flow_start",
    f_flow_status: "BeforeAgent.flow_status",
    f_read: "BeforeTool.read_file",
    f_shell: "BeforeTool.shell",
    f_shell_write: "BeforeTool.shell_write",
    f_step: "BeforeTool.flowgate_step",
    f_chained: "BeforeTool.flowgate_chained",
    f_write: "BeforeTool.write_file",
    f_todo: "BeforeTool.write_todos",
    f_mcp_own: "BeforeTool.mcp_step",
    f_stop: "AfterAgent",
    f_stop_active: "AfterAgent.active",
    f_sessions: &[
        "SessionStart.startup",
        "SessionStart.resume",
        "SessionStart.clear",
    ],
    write_tool: "write_file",
    write_group: "write_file, replace",
    todos: &[
        ("Add a failing test for the retry", "completed"),
        ("Wrap send in retry", "in_progress"),
        ("Run the full test suite", "not_started"),
        ("Rewrite the client", "abandoned"),
    ],
};

/// Hosts that take a block as exit-0 JSON (a non-zero exit is a hook
/// error to them).
fn clean_blocks(host: &str) -> bool {
    matches!(host, "claude" | "gemini")
}

/// flowgate's neutral subcommand for a host event name.
fn neutral(event: &str) -> &'static str {
    match event {
        "UserPromptSubmit" | "BeforeAgent" => "message_submit",
        "PreToolUse" | "BeforeTool" => "tool_call",
        "Stop" | "AfterAgent" => "agent_end",
        "SessionStart" => "session_start",
        other => panic!("no neutral name for {other}"),
    }
}

// ---- the expected answers, per host -----------------------------------

fn context(event: &str, text: &str) -> Value {
    json!({"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}})
}

fn deny(h: &H, reason: &str) -> Value {
    match h.name {
        "gemini" => json!({"decision": "deny", "reason": reason}),
        _ => json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }}),
    }
}

/// The block of a prompt or of a stop (continue): Gemini says `deny`.
fn block(h: &H, reason: &str) -> Value {
    match h.name {
        "gemini" => json!({"decision": "deny", "reason": reason}),
        _ => json!({"decision": "block", "reason": reason}),
    }
}

// ---- running the binary -----------------------------------------------

#[derive(Debug, Clone)]
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
    /// Claude Code and Gemini CLI take blocks on exit 0 (they report any
    /// other exit as a failed hook); Codex on exit 2 with the reason on
    /// stderr.
    clean_block: bool,
}

impl Out {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {:?}", self.stdout))
    }

    fn passes(&self) {
        assert_eq!(
            (self.code, self.stdout.as_str(), self.stderr.as_str()),
            (0, "", ""),
            "expected a silent pass"
        );
    }

    /// A block: `expected(reason)` on stdout; exit 2 and the same reason
    /// on stderr, or on Claude Code and Gemini CLI exit 0 and nothing on
    /// stderr.
    fn blocks(&self, expected: impl Fn(&str) -> Value) -> String {
        if self.clean_block {
            assert_eq!(self.code, 0, "expected a clean block: {self:?}");
            assert!(self.stderr.is_empty(), "{self:?}");
            let v = self.json();
            let reason = v["reason"]
                .as_str()
                .or_else(|| v["hookSpecificOutput"]["permissionDecisionReason"].as_str())
                .expect("a block has a reason");
            assert!(!reason.trim().is_empty(), "a block needs a reason");
            assert_eq!(v, expected(reason));
            return reason.to_string();
        }
        assert_eq!(self.code, 2, "expected a block: {self:?}");
        let reason = self.stderr.clone();
        assert!(
            !reason.trim().is_empty(),
            "a block needs a reason on stderr"
        );
        assert_eq!(self.json(), expected(&reason), "stdout vs stderr reason");
        reason
    }

    /// Exit 0 with `expected(text)` on stdout; returns the text.
    fn replies(&self, expected: impl Fn(&str) -> Value, text_at: &str) -> String {
        assert_eq!(self.code, 0, "{self:?}");
        assert!(self.stderr.is_empty(), "{self:?}");
        let v = self.json();
        let text = v
            .pointer(text_at)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no {text_at} in {v}"))
            .to_string();
        assert_eq!(v, expected(&text));
        text
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/hosts")
}

/// `{note, event, env, stdin}` from `fixtures/hosts/<host>/<name>.json`.
fn fixture(h: &H, name: &str) -> (String, Vec<(String, String)>, String) {
    let path = fixtures().join(h.name).join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value = serde_json::from_str(&text).unwrap();
    let env = v["env"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    (
        v["event"].as_str().unwrap().to_string(),
        env,
        v["stdin"].as_str().unwrap().to_string(),
    )
}

/// A scratch workspace and FLOWGATE_HOME; every hook answer is recorded and
/// checked against the host schema.
struct Ws {
    ws: tempfile::TempDir,
    home: tempfile::TempDir,
    seen: RefCell<Vec<(&'static str, String, Out)>>,
}

impl Ws {
    fn new() -> Ws {
        Ws {
            ws: tempfile::tempdir().unwrap(),
            home: tempfile::tempdir().unwrap(),
            seen: RefCell::new(Vec::new()),
        }
    }

    fn path(&self) -> &Path {
        self.ws.path()
    }

    fn command(&self, with_workspace: bool) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_flowgate"));
        c.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.home.path())
            .env("FLOWGATE_HOME", self.home.path().join("flowgate"))
            .current_dir(self.home.path());
        if with_workspace {
            c.env("FLOWGATE_WORKSPACE", self.path());
        }
        c
    }

    fn exec(mut c: Command, stdin: &str) -> Out {
        use std::io::Write;
        let mut child = c
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        Out {
            code: o.status.code().unwrap_or(-1),
            stdout: String::from_utf8(o.stdout).unwrap().trim_end().to_string(),
            stderr: String::from_utf8(o.stderr).unwrap().trim_end().to_string(),
            clean_block: false,
        }
    }

    /// A CLI call (what the user or the agent's shell runs); must succeed.
    fn cli(&self, args: &[&str]) -> String {
        let mut c = self.command(true);
        c.args(args);
        let out = Self::exec(c, "");
        assert_eq!(out.code, 0, "flowgate {args:?}: {out:?}");
        out.stdout
    }

    fn config(&self, text: &str) {
        std::fs::create_dir_all(self.path().join(".flowgate")).unwrap();
        std::fs::write(self.path().join(".flowgate/config.toml"), text).unwrap();
    }

    fn workflow(&self, key: &str, text: &str) {
        let dir = self.path().join(".flowgate/workflows");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{key}.toml")), text).unwrap();
    }

    /// Run a hook as `flowgate init` wires it: the neutral event with
    /// `--host`.
    fn hook(&self, h: &H, name: &str) -> Out {
        self.hook_edit(h, name, |_| {})
    }

    /// Same, with the payload changed first.
    fn hook_edit(&self, h: &H, name: &str, edit: impl FnOnce(&mut Value)) -> Out {
        let (event, env, stdin) = fixture(h, name);
        let mut v: Value = serde_json::from_str(&stdin).unwrap();
        edit(&mut v);
        self.raw(h, &event, &env, &v.to_string(), true, true)
    }

    /// The fixture as the host sends it, under the host's own event name and
    /// without `--host`: flowgate must detect the host.
    fn hook_detect(&self, h: &H, name: &str) -> Out {
        let (event, env, stdin) = fixture(h, name);
        self.raw(h, &event, &env, &stdin, false, true)
    }

    fn raw(
        &self,
        h: &H,
        event: &str,
        env: &[(String, String)],
        stdin: &str,
        explicit: bool,
        with_workspace: bool,
    ) -> Out {
        let mut c = self.command(with_workspace);
        if explicit {
            c.args([neutral(event), "--host", h.name]);
        } else {
            c.arg(event);
        }
        c.envs(env.iter().map(|(k, v)| (k, v)));
        let mut out = Self::exec(c, stdin);
        out.clean_block = clean_blocks(h.name);
        schema::check(h.name, event, &out);
        self.seen
            .borrow_mut()
            .push((h.name, event.to_string(), out.clone()));
        out
    }

    fn state(&self) -> Value {
        let text = std::fs::read_to_string(self.path().join(".flowgate/state.json"))
            .expect("state.json exists");
        serde_json::from_str(&text).unwrap()
    }

    fn generation(&self) -> u64 {
        self.state()["generation"].as_u64().unwrap()
    }

    /// The current phase id of the run, and the run's status.
    fn phase(&self) -> (String, String) {
        let s = self.state();
        let run = &s["run"];
        let top = run["path"].as_array().unwrap().last().unwrap().clone();
        let wf = top["workflow"].as_str().unwrap();
        let i = top["index"].as_u64().unwrap() as usize;
        let id = run["definitions"][wf]["phases"][i]["phase"]["id"]
            .as_str()
            .unwrap()
            .to_string();
        (id, run["status"].as_str().unwrap().to_string())
    }

    fn todos(&self) -> Vec<(String, String)> {
        self.state()["todos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["text"].as_str().unwrap().to_string(),
                    t["status"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    }

    /// The loop guard's counters: (streak, since_prompt).
    fn nudge(&self) -> (u64, u64) {
        let s = self.state();
        (
            s["nudge"]["streak"].as_u64().unwrap_or(0),
            s["nudge"]["since_prompt"].as_u64().unwrap_or(0),
        )
    }

    fn journal_last(&self) -> Value {
        let text = std::fs::read_to_string(self.path().join(".flowgate/journal.jsonl")).unwrap();
        serde_json::from_str(text.lines().last().unwrap()).unwrap()
    }
}

/// A small workflow whose first phase allows only reading, `cargo test` in
/// the shell, and nothing else.
const GATE: &str = r#"
name = "Gate"
description = "A phase with allow-lists"

[[phases]]
id = "look"
name = "Look"
instructions = "Read only; run the tests."
tools = { allow = ["@read", "@shell"] }
shell = { allow = ["cargo test*"] }

[[phases]]
id = "done"
name = "Done"
instructions = "Nothing left."
"#;

// ---- scenarios --------------------------------------------------------

/// The bugfix workflow end to end: started from the CLI, advanced with
/// `step next`, with the gates and the context checked in each phase.
fn full_bugfix_run(h: &H) {
    let w = Ws::new();
    w.cli(&["start", "bugfix", "login", "fails", "on", "Safari"]);
    assert_eq!(w.phase(), ("diagnose".into(), "active".into()));
    let g = w.generation();

    let ctx = w.hook(h, h.f_submit).replies(
        |t| context(h.submit, t),
        "/hookSpecificOutput/additionalContext",
    );
    assert!(ctx.starts_with("<flowgate>") && ctx.ends_with("</flowgate>"));
    assert!(ctx.contains("Diagnose") && ctx.contains("login fails on Safari"));
    w.hook(h, h.f_read).passes();
    w.hook(h, h.f_shell).passes();
    let reason = w.hook(h, h.f_write).blocks(|r| deny(h, r));
    assert!(reason.contains(h.write_tool) && reason.contains("Diagnose"));
    assert!(reason.contains(h.write_group), "{reason}");
    w.hook(h, h.f_step).passes();
    assert_eq!(w.generation(), g, "read-only answers never write the state");

    w.cli(&["step", "next", "--summary", "the session cookie is dropped"]);
    assert_eq!(w.phase(), ("fix".into(), "active".into()));
    w.hook(h, h.f_write).passes();
    w.hook(h, h.f_shell_write).passes();

    w.cli(&["step", "next"]);
    assert_eq!(w.phase(), ("verify".into(), "active".into()));
    let reason = w.hook(h, h.f_write).blocks(|r| deny(h, r));
    assert!(reason.contains("Verify"), "{reason}");

    let done = w.cli(&["step", "next"]);
    assert!(done.contains("All phases complete"), "{done}");
    assert_eq!(w.phase(), ("verify".into(), "completed".into()));
    // step next announced the completion; the stop goes through quietly.
    w.hook(h, h.f_stop).passes();
    w.hook(h, h.f_submit).passes();
    w.hook(h, h.f_write).passes();
}

/// A write in the read-only Diagnose phase, by the write tool and by the
/// shell: denied, nothing written, the denial journaled.
fn denied_write(h: &H) {
    let w = Ws::new();
    w.cli(&["start", "bugfix", "crash on save"]);
    let g = w.generation();
    let reason = w.hook(h, h.f_write).blocks(|r| deny(h, r));
    assert!(
        reason.starts_with(&format!("flowgate blocked {}", h.write_tool)),
        "{reason}"
    );
    let shell = w.hook(h, h.f_shell_write).blocks(|r| deny(h, r));
    assert!(shell.contains("writes"), "{shell}");
    assert_eq!(w.generation(), g);
    assert_eq!(w.phase(), ("diagnose".into(), "active".into()));
    let last = w.journal_last();
    assert_eq!(last["decision"], "deny");
    assert_eq!(last["host"], h.name);
}

/// `flowgate step next` as the whole command is always allowed, even where
/// the shell allow-list does not name it; chained with anything it is an
/// ordinary command again. The same for flowgate's own MCP tool.
fn own_command(h: &H) {
    let w = Ws::new();
    w.workflow("gate", GATE);
    w.cli(&["start", "gate", "check the gate"]);
    w.hook(h, h.f_step).passes();
    assert_eq!(
        w.journal_last()["reason"],
        "flowgate's own command",
        "allowed as flowgate's own command"
    );
    let reason = w.hook(h, h.f_chained).blocks(|r| deny(h, r));
    assert!(
        reason.contains("not on this phase's allow list"),
        "{reason}"
    );
    w.hook(h, h.f_shell).passes();
    w.hook(h, h.f_mcp_own).passes();
    w.hook(h, h.f_write).blocks(|r| deny(h, r));
    assert_eq!(w.phase(), ("look".into(), "active".into()));
}

/// Open todos at the stop: the agent is sent back with one reminder that
/// lists exactly the open items.
fn todo_continuation(h: &H) {
    let w = Ws::new();
    w.cli(&[
        "todo",
        "write",
        "Reproduce the crash",
        "Fix the parser",
        "Run the suite",
    ]);
    w.cli(&["todo", "complete", "0"]);
    let reason = w.hook(h, h.f_stop).blocks(|r| block(h, r));
    let listed: Vec<&str> = reason
        .lines()
        .filter_map(|l| l.split_once("] ").map(|(_, t)| t))
        .collect();
    assert_eq!(listed, vec!["Fix the parser", "Run the suite"], "{reason}");
    assert_eq!(w.nudge(), (1, 1));
    // Progress, then the work is done: the stop goes through.
    w.cli(&["todo", "complete", "1", "2"]);
    w.hook(h, h.f_stop).passes();
}

/// Stop until the host lets the agent stop, with a harmless tool call
/// before each stop (the oscillation that once never ended on Codex).
/// Returns how many continuations were given and the final message.
fn oscillate(w: &Ws, h: &H, first: &str) -> (u32, String) {
    let mut stop = first;
    for n in 0..100 {
        w.hook(h, h.f_read).passes();
        let out = w.hook(h, stop);
        if schema::kind(&out) != "block" {
            let msg = out.replies(|m| json!({"systemMessage": m}), "/systemMessage");
            return (n, msg);
        }
        out.blocks(|r| block(h, r));
        stop = h.f_stop_active;
    }
    panic!("the loop guard never let the agent stop");
}

/// The loop guard (README "Loop guard"): a harmless tool call is not
/// progress, so an agent that runs a read and stops, again and again, is
/// continued exactly `max_auto_continue` times; progress re-arms that; the
/// per-prompt cap holds whatever happens in between; a stop that follows a
/// user prompt (`stop_hook_active` false) starts the per-prompt count again.
fn loop_guard(h: &H) {
    let w = Ws::new();
    w.config("max_auto_continue = 3\nmax_continue_per_prompt = 5\n");
    w.cli(&["todo", "write", "Ship it"]);

    let (n, msg) = oscillate(&w, h, h.f_stop);
    assert_eq!(n, 3, "exactly max_auto_continue continuations");
    assert!(msg.starts_with("flowgate stopped auto-continuing"), "{msg}");
    assert!(msg.contains("3 continuation(s) in a row"), "{msg}");
    assert!(msg.contains("1 todo(s) are open"), "{msg}");
    assert_eq!(w.nudge(), (3, 3));

    // Progress re-arms the streak; the per-prompt cap (5) ends it after 2.
    w.cli(&["todo", "append", "Tell the user"]);
    assert_eq!(w.nudge(), (0, 3));
    let (n, msg) = oscillate(&w, h, h.f_stop_active);
    assert_eq!(n, 2, "the per-prompt cap counts across progress");
    assert!(msg.contains("5 continuation(s) since the user"), "{msg}");

    // A new prompt: the per-prompt count starts again once there is progress.
    w.cli(&["todo", "start", "0"]);
    let (n, _) = oscillate(&w, h, h.f_stop);
    assert_eq!(n, 3);
}

/// The prompt carries the context; session start (re)injects the same;
/// `@flow` commands work from the prompt.
fn prompt_context(h: &H) {
    let w = Ws::new();
    w.hook(h, h.f_submit).passes();
    for s in h.f_sessions {
        w.hook(h, s).passes();
    }

    let first = w.hook(h, h.f_flow_start).replies(
        |t| context(h.submit, t),
        "/hookSpecificOutput/additionalContext",
    );
    assert!(
        first.starts_with("Start Bug Fix for: login fails on Safari"),
        "{first}"
    );
    assert!(first.contains("<flowgate>"));
    assert_eq!(w.phase(), ("diagnose".into(), "active".into()));
    let session = fixture(h, h.f_submit).2;
    let sid: Value = serde_json::from_str(&session).unwrap();
    assert_eq!(w.state()["run"]["session_id"], sid["session_id"]);

    let ctx = w.hook(h, h.f_submit).replies(
        |t| context(h.submit, t),
        "/hookSpecificOutput/additionalContext",
    );
    assert!(
        first.ends_with(&format!("\n\n{ctx}")),
        "the run's first message ends with the context"
    );
    // Session start adds nothing (the prompt carries the context, after the
    // user's words: once per request), except after a compaction.
    for s in h.f_sessions {
        let out = w.hook(h, s);
        if s.ends_with(".compact") {
            let again = out.replies(
                |t| context(h.session, t),
                "/hookSpecificOutput/additionalContext",
            );
            assert_eq!(again, ctx, "{s} re-injects the same context");
        } else {
            out.passes();
        }
    }

    let status = w.hook(h, h.f_flow_status).blocks(|r| block(h, r));
    assert!(status.contains("Diagnose"), "{status}");
}

/// The host's own todo tool is mirrored into flowgate's list.
fn native_todos(h: &H) {
    let w = Ws::new();
    w.hook(h, h.f_todo).passes();
    let want: Vec<(String, String)> = h
        .todos
        .iter()
        .map(|(t, s)| (t.to_string(), s.to_string()))
        .collect();
    assert_eq!(w.todos(), want);
    let g = w.generation();
    w.hook(h, h.f_todo).passes();
    assert_eq!(w.generation(), g, "the same list again changes nothing");
    let ctx = w.hook(h, h.f_submit).replies(
        |t| context(h.submit, t),
        "/hookSpecificOutput/additionalContext",
    );
    assert!(ctx.contains("Wrap send in retry"), "{ctx}");
}

/// Without `--host`, the payload tells the host: the answers are the same.
/// Without FLOWGATE_WORKSPACE, the payload's `cwd` (or a directory above
/// it holding `.flowgate/`) is the workspace.
fn detection(h: &H) {
    let w = Ws::new();
    w.cli(&["start", "bugfix", "detect me"]);
    let dir = fixtures().join(h.name);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .trim_end_matches(".json")
                .to_string()
        })
        .filter(|n| !n.contains("flow_start") && !n.contains("todo") && !n.contains("plan"))
        .collect();
    names.sort();
    assert!(names.len() >= 12, "{names:?}");
    for name in &names {
        let with = w.hook(h, name);
        let without = w.hook_detect(h, name);
        assert_eq!(
            (with.code, &with.stdout),
            (without.code, &without.stdout),
            "{name}"
        );
    }

    let sub = w.path().join("src/deep");
    std::fs::create_dir_all(&sub).unwrap();
    let (event, env, stdin) = fixture(h, h.f_write);
    let mut v: Value = serde_json::from_str(&stdin).unwrap();
    v["cwd"] = json!(sub.to_str().unwrap());
    let out = w.raw(h, &event, &env, &v.to_string(), false, false);
    out.blocks(|r| deny(h, r));
}

/// flowgate's own failures: a tool call it cannot decide is refused as a
/// deliberate block while a run is active (Codex's exit 2, or the exit 0 deny of Claude Code and Gemini,
/// the error in the reason); everything else exits with the error code and
/// one stderr line.
fn failures(h: &H) {
    let w = Ws::new();
    let bad = |event: &str| {
        let mut c = w.command(true);
        c.args([neutral(event), "--host", h.name]);
        let mut out = Ws::exec(c, "{not json");
        out.clean_block = clean_blocks(h.name);
        schema::check(h.name, event, &out);
        out
    };
    let out = bad(h.tool);
    assert_eq!((out.code, out.stdout.as_str()), (65, ""), "{out:?}");
    w.cli(&["start", "bugfix", "x"]);
    let out = bad(h.tool);
    let reason = out.blocks(|r| deny(h, r));
    assert!(reason.contains("could not decide"), "{reason}");
    assert_eq!(w.journal_last()["decision"], "error-deny");
    for event in [h.submit, h.stop, h.session] {
        let out = bad(event);
        assert_eq!(out.code, 65, "{event}: {out:?}");
        assert!(out.stdout.is_empty() && out.stderr.starts_with("flowgate: "));
        assert_eq!(out.stderr.lines().count(), 1);
    }
    w.config("on_error = \"allow\"\n");
    let out = bad(h.tool);
    assert_eq!((out.code, out.stdout.as_str()), (65, ""), "{out:?}");

    // A hook wired to the wrong subcommand says so.
    let (_, env, stdin) = fixture(h, h.f_stop);
    let mut c = w.command(true);
    c.args(["message_submit", "--host", h.name]).envs(env);
    let out = Ws::exec(c, &stdin);
    assert_eq!(out.code, 65);
    assert!(out.stderr.contains("agent_end"), "{out:?}");
}

/// Every kind of answer the adapter gives, for every event, produced through
/// the binary; each checked against the host's schema as it is seen (see
/// `Ws::raw`), and the set of kinds checked complete.
fn schema_tour(h: &H) {
    let w = Ws::new();
    w.hook(h, h.f_submit); // pass
    w.hook(h, h.f_sessions[0]); // pass
    w.hook(h, h.f_stop); // pass
    w.hook(h, h.f_read); // pass (allow)
    w.hook(h, h.f_flow_start); // context (replace)
    w.hook(h, h.f_submit); // context
    w.hook(h, h.f_flow_status); // block
    for s in h.f_sessions {
        w.hook(h, s); // context
    }
    w.hook(h, h.f_write); // deny
    w.hook(h, h.f_stop); // continue
    w.hook(h, h.f_stop_active); // system (loop guard)
    w.cli(&["cancel"]);
    w.hook(h, h.f_stop); // system (announcement)
    w.hook(h, h.f_todo); // allow + mirror
    let mut kinds: Vec<(String, &str)> = w
        .seen
        .borrow()
        .iter()
        .map(|(_, event, out)| (event.clone(), schema::kind(out)))
        .collect();
    kinds.sort();
    kinds.dedup();
    let want: Vec<(String, &str)> = [
        (h.submit, "pass"),
        (h.submit, "context"),
        (h.submit, "block"),
        (h.tool, "pass"),
        (h.tool, "block"),
        (h.stop, "pass"),
        (h.stop, "block"),
        (h.stop, "system"),
        (h.session, "pass"),
    ]
    .into_iter()
    // Session start adds context only after a compaction (Gemini CLI has
    // no compaction source).
    .chain((h.name != "gemini").then_some((h.session, "context")))
    .map(|(e, k)| (e.to_string(), k))
    .collect();
    for k in &want {
        assert!(kinds.contains(k), "{k:?} not produced; saw {kinds:?}");
    }
    for k in &kinds {
        assert!(want.contains(k), "unexpected answer kind {k:?}");
    }
}

// ---- schemas ----------------------------------------------------------

/// Each host's documented output schema per event, as field whitelists:
/// the keys allowed at the top and in `hookSpecificOutput`, the enum values,
/// `hookEventName` equal to the event, and the exit-code rules.
mod schema {
    use serde_json::{Map, Value};

    /// A field and the JSON type (or enum) it must have.
    enum T {
        Str,
        Bool,
        Any,
        OneOf(&'static [&'static str]),
    }
    use T::*;

    /// Claude Code and Codex: `continue`, `stopReason`, `suppressOutput`,
    /// `systemMessage` are accepted on every event.
    const UNIVERSAL: &[(&str, T)] = &[
        ("continue", Bool),
        ("stopReason", Str),
        ("suppressOutput", Bool),
        ("systemMessage", Str),
    ];

    struct Event {
        top: &'static [(&'static str, T)],
        /// `None`: `hookSpecificOutput` is not a field of this event.
        specific: Option<&'static [(&'static str, T)]>,
    }

    fn claude(event: &str) -> Event {
        match event {
            "UserPromptSubmit" => Event {
                top: &[("decision", OneOf(&["block"])), ("reason", Str)],
                specific: Some(&[
                    ("additionalContext", Str),
                    ("sessionTitle", Str),
                    ("suppressOriginalPrompt", Bool),
                ]),
            },
            // The legacy top-level decision/reason are deprecated: not emitted.
            "PreToolUse" => Event {
                top: &[],
                specific: Some(&[
                    (
                        "permissionDecision",
                        OneOf(&["allow", "deny", "ask", "defer"]),
                    ),
                    ("permissionDecisionReason", Str),
                    ("updatedInput", Any),
                    ("additionalContext", Str),
                ]),
            },
            // Recent versions accept hookSpecificOutput.additionalContext on
            // Stop; older ones reject it, so flowgate never sends it.
            "Stop" => Event {
                top: &[("decision", OneOf(&["block"])), ("reason", Str)],
                specific: None,
            },
            "SessionStart" => Event {
                top: &[],
                specific: Some(&[
                    ("additionalContext", Str),
                    ("initialUserMessage", Str),
                    ("sessionTitle", Str),
                    ("watchPaths", Any),
                    ("reloadSkills", Bool),
                ]),
            },
            other => panic!("no Claude Code schema for {other}"),
        }
    }

    fn codex(event: &str) -> Event {
        match event {
            "UserPromptSubmit" => Event {
                top: &[("decision", OneOf(&["block"])), ("reason", Str)],
                specific: Some(&[("additionalContext", Str)]),
            },
            // `ask` is parsed but unsupported (the hook fails open): not in
            // the list, so never emitted.
            "PreToolUse" => Event {
                top: &[("decision", OneOf(&["approve", "block"])), ("reason", Str)],
                specific: Some(&[
                    ("permissionDecision", OneOf(&["allow", "deny"])),
                    ("permissionDecisionReason", Str),
                    ("updatedInput", Any),
                    ("additionalContext", Str),
                ]),
            },
            "Stop" => Event {
                top: &[("decision", OneOf(&["block"])), ("reason", Str)],
                specific: None,
            },
            "SessionStart" => Event {
                top: &[],
                specific: Some(&[("additionalContext", Str)]),
            },
            other => panic!("no Codex schema for {other}"),
        }
    }

    const GEMINI_TOP: &[(&str, T)] = &[
        ("continue", Bool),
        ("stopReason", Str),
        ("suppressOutput", Bool),
        ("systemMessage", Str),
        // `ask` is accepted by the type with no documented effect: never sent.
        ("decision", OneOf(&["allow", "approve", "deny", "block"])),
        ("reason", Str),
    ];

    fn gemini(event: &str) -> Event {
        match event {
            "BeforeAgent" => Event {
                top: GEMINI_TOP,
                specific: Some(&[("additionalContext", Str)]),
            },
            "BeforeTool" => Event {
                top: GEMINI_TOP,
                specific: Some(&[("tool_input", Any)]),
            },
            "AfterAgent" => Event {
                top: GEMINI_TOP,
                specific: Some(&[("clearContext", Bool)]),
            },
            // decision and continue are ignored at SessionStart.
            "SessionStart" => Event {
                top: &[("suppressOutput", Bool), ("systemMessage", Str)],
                specific: Some(&[("additionalContext", Str)]),
            },
            other => panic!("no Gemini CLI schema for {other}"),
        }
    }

    fn type_ok(t: &T, v: &Value) -> bool {
        match t {
            Str => v.is_string(),
            Bool => v.is_boolean(),
            Any => true,
            OneOf(values) => v.as_str().is_some_and(|s| values.contains(&s)),
        }
    }

    fn fields(
        what: &str,
        obj: &Map<String, Value>,
        allowed: &[&[(&str, T)]],
    ) -> Result<(), String> {
        for (k, v) in obj {
            let spec = allowed.iter().flat_map(|a| a.iter()).find(|(n, _)| n == k);
            match spec {
                None => return Err(format!("{what}: field \"{k}\" is not allowed")),
                Some((_, t)) if !type_ok(t, v) => {
                    return Err(format!(
                        "{what}: field \"{k}\" has a wrong type or value: {v}"
                    ));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// Validate one JSON answer of `host` for `event`.
    pub fn validate(host: &str, event: &str, v: &Value) -> Result<(), String> {
        let spec = match host {
            "claude" => claude(event),
            "codex" => codex(event),
            "gemini" => gemini(event),
            other => panic!("unknown host {other}"),
        };
        let obj = v.as_object().ok_or("the answer is not a JSON object")?;
        let universal: &[(&str, T)] = if host == "gemini" { &[] } else { UNIVERSAL };
        let mut top = obj.clone();
        let specific = top.remove("hookSpecificOutput");
        fields(&format!("{host} {event}"), &top, &[universal, spec.top])?;
        if let Some(s) = specific {
            let allowed = spec.specific.ok_or(format!(
                "{host} {event}: hookSpecificOutput is not a field of this event"
            ))?;
            let mut s = s
                .as_object()
                .ok_or("hookSpecificOutput is not an object")?
                .clone();
            match s.remove("hookEventName") {
                Some(Value::String(name)) if name == event => {}
                // Gemini does not check it, but flowgate always sends it right.
                other => {
                    return Err(format!(
                        "{host} {event}: hookEventName must be \"{event}\", found {other:?}"
                    ));
                }
            }
            fields(
                &format!("{host} {event} hookSpecificOutput"),
                &s,
                &[allowed],
            )?;
        }
        if obj.contains_key("reason") && !obj.contains_key("decision") {
            return Err(format!("{host} {event}: reason without decision"));
        }
        if let Some(r) = obj.get("reason").and_then(Value::as_str)
            && r.trim().is_empty()
        {
            return Err(format!("{host} {event}: empty reason"));
        }
        if host == "codex" && event == "PreToolUse" {
            let hso = obj.get("hookSpecificOutput");
            let decision = hso.and_then(|h| h.get("permissionDecision"));
            let reason = hso
                .and_then(|h| h.get("permissionDecisionReason"))
                .and_then(Value::as_str);
            if decision.is_some_and(|d| d == "deny") && reason.is_none_or(|r| r.trim().is_empty()) {
                return Err("codex PreToolUse: deny needs a non-empty reason".into());
            }
            if reason.is_some() && decision.is_none() {
                return Err("codex PreToolUse: permissionDecisionReason without a decision".into());
            }
            if decision.is_some_and(|d| d == "deny")
                && hso.and_then(|h| h.get("additionalContext")).is_some()
            {
                return Err(
                    "codex PreToolUse: older Codex drops a deny that carries additionalContext"
                        .into(),
                );
            }
            for k in ["continue", "stopReason", "suppressOutput"] {
                if obj.contains_key(k) {
                    return Err(format!("codex PreToolUse: {k} makes the hook fail"));
                }
            }
        }
        Ok(())
    }

    /// Is this answer a block for the host (what must come with exit 2)?
    fn is_block(v: &Value) -> bool {
        matches!(
            v.get("decision").and_then(Value::as_str),
            Some("block" | "deny")
        ) || v.pointer("/hookSpecificOutput/permissionDecision") == Some(&Value::from("deny"))
    }

    /// Check a whole answer: schema, and exit 2 ⇔ a block with a reason on
    /// stderr; any other failure exits with one `flowgate:` line and no
    /// stdout.
    pub fn check(host: &str, event: &str, out: &super::Out) {
        let ctx = format!("{host} {event}: {out:?}");
        assert!(!out.stdout.contains("\"ask\""), "never ask: {ctx}");
        match out.code {
            0 | 2 => {
                if out.stdout.is_empty() {
                    assert_eq!(out.code, 0, "a block needs JSON: {ctx}");
                    return;
                }
                assert_eq!(out.stdout.lines().count(), 1, "one JSON object: {ctx}");
                let v: Value = serde_json::from_str(&out.stdout)
                    .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {ctx}"));
                if let Err(e) = validate(host, event, &v) {
                    panic!("{e}\n{ctx}");
                }
                if super::clean_blocks(host) {
                    assert_eq!(out.code, 0, "{host} blocks on exit 0: {ctx}");
                } else {
                    assert_eq!(is_block(&v), out.code == 2, "exit 2 ⇔ block: {ctx}");
                }
                if out.code == 2 {
                    assert!(!out.stderr.trim().is_empty(), "exit 2 needs stderr: {ctx}");
                } else {
                    assert!(out.stderr.is_empty(), "{ctx}");
                }
            }
            1 | 64 | 65 | 78 => {
                assert!(out.stdout.is_empty(), "{ctx}");
                assert!(out.stderr.starts_with("flowgate: "), "{ctx}");
            }
            other => panic!("unexpected exit {other}: {ctx}"),
        }
    }

    /// What kind of answer this is, for the coverage check.
    pub fn kind(out: &super::Out) -> &'static str {
        match out.code {
            2 => "block",
            0 if out.stdout.is_empty() => "pass",
            0 => {
                let v: Value = serde_json::from_str(&out.stdout).unwrap();
                if is_block(&v) {
                    "block"
                } else if v.pointer("/hookSpecificOutput/additionalContext").is_some() {
                    "context"
                } else if v.get("systemMessage").is_some() {
                    "system"
                } else {
                    "other"
                }
            }
            _ => "error",
        }
    }

    #[test]
    fn the_schemas_reject_what_hosts_reject() {
        let bad = [
            (
                "codex",
                "Stop",
                serde_json::json!({"decision": "block", "reason": "r", "hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "x"}}),
            ),
            (
                "codex",
                "PreToolUse",
                serde_json::json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "r"}}),
            ),
            (
                "codex",
                "PreToolUse",
                serde_json::json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": ""}}),
            ),
            (
                "claude",
                "UserPromptSubmit",
                serde_json::json!({"additionalContext": "misplaced"}),
            ),
            (
                "claude",
                "Stop",
                serde_json::json!({"decision": "continue"}),
            ),
            (
                "claude",
                "SessionStart",
                serde_json::json!({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "x"}}),
            ),
            (
                "gemini",
                "BeforeTool",
                serde_json::json!({"decision": "ask", "reason": "r"}),
            ),
            (
                "gemini",
                "SessionStart",
                serde_json::json!({"decision": "deny", "reason": "r"}),
            ),
        ];
        for (host, event, v) in bad {
            assert!(validate(host, event, &v).is_err(), "{host} {event} {v}");
        }
        assert!(
            validate(
                "codex",
                "Stop",
                &serde_json::json!({"decision": "block", "reason": "go on"})
            )
            .is_ok()
        );
    }
}

// ---- init -------------------------------------------------------------

/// `init --host` on a config with unrelated settings: they are kept, the
/// hooks are added, a backup of the old file is kept, and a second run
/// changes nothing. The hooks it writes then work.
fn init_merges(h: &H) {
    let w = Ws::new();
    let (file, original) = match h.name {
        "claude" => (
            ".claude/settings.json",
            "{\n    \"model\": \"opus\",\n    \"permissions\": { \"allow\": [\"Bash(cargo test:*)\"], \"deny\": [] },\n    \"hooks\": {\n        \"PreToolUse\": [ { \"matcher\": \"Bash\", \"hooks\": [ { \"type\": \"command\", \"command\": \"./scripts/lint.sh\", \"timeout\": 7 } ] } ],\n        \"Notification\": [ { \"hooks\": [ { \"type\": \"command\", \"command\": \"notify-send claude\" } ] } ]\n    },\n    \"env\": { \"RUST_LOG\": \"info\" }\n}\n",
        ),
        "codex" => (
            ".codex/hooks.json",
            "{\n  \"description\": \"team hooks\",\n  \"hooks\": {\n    \"Stop\": [ { \"hooks\": [ { \"type\": \"command\", \"command\": \"./scripts/summary.sh\", \"statusMessage\": \"summing up\" } ] } ]\n  }\n}\n",
        ),
        _ => (
            ".gemini/settings.json",
            "{\n  \"theme\": \"GitHub\",\n  \"general\": { \"vimMode\": true },\n  \"hooks\": {\n    \"BeforeTool\": [ { \"matcher\": \"write_file|replace\", \"hooks\": [ { \"name\": \"fmt\", \"type\": \"command\", \"command\": \"./scripts/fmt-check.sh\", \"timeout\": 5000 } ] } ]\n  }\n}\n",
        ),
    };
    let path = w.path().join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, original).unwrap();

    let report = w.cli(&["init", "--host", h.name]);
    assert!(report.contains("added"), "{report}");
    let before: Value = serde_json::from_str(original).unwrap();
    let after: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // Every unrelated setting is unchanged, key order included.
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    let mut want_keys = keys(&before);
    if h.name == "gemini" {
        // Gemini reads MCP servers from the same file.
        want_keys.push("mcpServers".into());
    }
    assert_eq!(want_keys, keys(&after));
    for (k, v) in before.as_object().unwrap() {
        if k != "hooks" {
            assert_eq!(&after[k], v, "{k}");
        }
    }
    // Existing hooks stay, first; flowgate's come after them.
    for (event, groups) in before["hooks"].as_object().unwrap() {
        let now = after["hooks"][event].as_array().unwrap();
        for (i, g) in groups.as_array().unwrap().iter().enumerate() {
            assert_eq!(&now[i], g, "{event}");
        }
    }
    let commands: Vec<(String, String)> = after["hooks"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(e, groups)| {
            groups
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|g| g["hooks"].as_array().unwrap().clone())
                .map(move |x| (e.clone(), x["command"].as_str().unwrap().to_string()))
        })
        .filter(|(_, c)| c.contains("flowgate"))
        .collect();
    let events: Vec<&str> = commands.iter().map(|(e, _)| e.as_str()).collect();
    let mut want = vec![h.submit, h.tool, h.stop, h.session];
    want.sort();
    let mut got = events.clone();
    got.sort();
    assert_eq!(got, want, "one flowgate hook per event");
    let backup = std::fs::read_to_string(format!("{}.flowgate.bak", path.display())).unwrap();
    assert_eq!(backup, original, "the backup is the old file");

    // Second run: nothing changes, not a byte, and no new backup.
    let bytes = std::fs::read(&path).unwrap();
    let report = w.cli(&["init", "--host", h.name]);
    assert!(report.contains("nothing changed"), "{report}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    assert!(!Path::new(&format!("{}.flowgate.bak.2", path.display())).exists());

    // The PreToolUse hook as written denies a write in Diagnose.
    w.cli(&["start", "bugfix", "wired"]);
    let (_, cmd) = commands.iter().find(|(e, _)| e == h.tool).unwrap();
    let mut words = cmd.split_whitespace();
    assert!(words.next().unwrap().ends_with("flowgate"), "{cmd}");
    let mut c = w.command(true);
    c.args(words);
    let mut out = Ws::exec(c, &fixture(h, h.f_write).2);
    out.clean_block = clean_blocks(h.name);
    schema::check(h.name, h.tool, &out);
    out.blocks(|r| deny(h, r));
}

/// Without a config file, `init --host` creates one, with no backup.
fn init_creates(h: &H) {
    let w = Ws::new();
    let report = w.cli(&["init", "--host", h.name]);
    assert!(report.contains("created"), "{report}");
    let dir = w.path().join(match h.name {
        "claude" => ".claude",
        "codex" => ".codex",
        _ => ".gemini",
    });
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    // Codex's MCP servers live in config.toml beside hooks.json.
    let (want_files, hooks_file) = match h.name {
        "codex" => (vec!["config.toml", "hooks.json"], "hooks.json"),
        _ => (vec!["settings.json"], "settings.json"),
    };
    assert_eq!(files, want_files);
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join(hooks_file)).unwrap()).unwrap();
    // Gemini's MCP servers share its settings file.
    let want_keys = match h.name {
        "gemini" => vec!["hooks", "mcpServers"],
        _ => vec!["hooks"],
    };
    assert_eq!(v.as_object().unwrap().keys().collect::<Vec<_>>(), want_keys);
    for event in [h.submit, h.tool, h.stop, h.session] {
        assert_eq!(v["hooks"][event].as_array().unwrap().len(), 1, "{event}");
    }
    assert!(w.path().join(".flowgate/workflows/example.toml").is_file());
}

/// A config file that is not JSON is left alone, with exit 78.
fn init_refuses_broken_json(h: &H) {
    let w = Ws::new();
    let file = match h.name {
        "claude" => ".claude/settings.json",
        "codex" => ".codex/hooks.json",
        _ => ".gemini/settings.json",
    };
    let path = w.path().join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "{ \"theme\": \"x\", // a comment\n}\n").unwrap();
    let mut c = w.command(true);
    c.args(["init", "--host", h.name]);
    let out = Ws::exec(c, "");
    assert_eq!(out.code, 78, "{out:?}");
    assert!(out.stderr.contains(file), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{ \"theme\": \"x\", // a comment\n}\n"
    );
    assert!(!Path::new(&format!("{}.flowgate.bak", path.display())).exists());
}

// ---- host-specific ----------------------------------------------------

/// Codex edits files with `apply_patch`: it is `@write`, the files come from
/// the patch text, and the same patch run through the shell is caught too.
#[test]
fn codex_apply_patch_is_a_write() {
    let h = &CODEX;
    let w = Ws::new();
    w.cli(&["start", "bugfix", "retry payments"]);
    let reason = w.hook(h, "PreToolUse.apply_patch").blocks(|r| deny(h, r));
    assert!(reason.contains("apply_patch"), "{reason}");
    assert_eq!(
        w.journal_last()["tool"],
        "apply_patch (src/pay.rs, tests/retry.rs)"
    );
    // Through the shell it stays the shell tool the model called, and the
    // patch inside is checked as a write too.
    let reason = w
        .hook(h, "PreToolUse.bash_apply_patch")
        .blocks(|r| deny(h, r));
    assert!(reason.contains("exec_command"), "{reason}");
    assert_eq!(
        w.journal_last()["tool"],
        "Bash (src/pay.rs, tests/retry.rs)"
    );
    w.hook(h, "PreToolUse.flowgate_step_argv").passes();
    assert_eq!(w.journal_last()["reason"], "flowgate's own command");
    w.cli(&["step", "next"]);
    w.hook(h, "PreToolUse.apply_patch").passes();
    w.hook(h, "PreToolUse.bash_apply_patch").passes();
}

/// Codex SessionStart has no `turn_id`: `model` with `permission_mode`
/// still says Codex.
#[test]
fn codex_session_start_is_detected() {
    let w = Ws::new();
    w.cli(&["start", "bugfix", "x"]);
    let out = w.hook_detect(&CODEX, "SessionStart.compact");
    out.replies(
        |t| context("SessionStart", t),
        "/hookSpecificOutput/additionalContext",
    );
    assert_eq!(w.journal_last()["host"], "codex");
}

/// Gemini MCP tools are named `mcp_<server>_<tool>`; flowgate reads them as
/// `mcp__<server>__<tool>`, so its own are exempt and `mcp__*` rules apply.
#[test]
fn gemini_mcp_names() {
    let h = &GEMINI;
    let w = Ws::new();
    w.workflow("gate", GATE);
    w.cli(&["start", "gate", "mcp"]);
    w.hook(h, "BeforeTool.mcp_step").passes();
    let reason = w.hook(h, "BeforeTool.mcp_other").blocks(|r| deny(h, r));
    assert!(reason.contains("mcp__github__create_issue"), "{reason}");
}

/// Claude MCP tools other than flowgate's follow the phase rules.
#[test]
fn claude_mcp_tools_follow_the_rules() {
    let h = &CLAUDE;
    let w = Ws::new();
    w.workflow("gate", GATE);
    w.cli(&["start", "gate", "mcp"]);
    w.hook(h, "PreToolUse.mcp_step").passes();
    w.hook(h, "PreToolUse.mcp_other").blocks(|r| deny(h, r));
}

// ---- one test per host and scenario ------------------------------------

macro_rules! scenarios {
    ($($scenario:ident),* $(,)?) => {
        mod claude { $( #[test] fn $scenario() { super::$scenario(&super::CLAUDE) } )* }
        mod codex { $( #[test] fn $scenario() { super::$scenario(&super::CODEX) } )* }
        mod gemini { $( #[test] fn $scenario() { super::$scenario(&super::GEMINI) } )* }
    };
}

scenarios!(
    full_bugfix_run,
    denied_write,
    own_command,
    todo_continuation,
    loop_guard,
    prompt_context,
    native_todos,
    detection,
    failures,
    schema_tour,
    init_merges,
    init_creates,
    init_refuses_broken_json,
);
