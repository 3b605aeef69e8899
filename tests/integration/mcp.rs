//! `flowgate mcp` spoken to over stdio, as a host does: the real binary,
//! JSON-RPC lines in, JSON-RPC lines out. The tools answer with the command
//! line's texts, bad arguments are tool errors that leave the server
//! serving, and MCP calls, command-line calls and hook calls share one state
//! with no lost update. Also: every host's hook lets flowgate's MCP tools
//! through under that host's name for them, and `flowgate init` registers
//! the server.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::{Out, Ws, fixture};

/// How long any single answer may take before the test fails (not hangs).
const PATIENCE: Duration = Duration::from_secs(60);

/// A client of one `flowgate mcp` process.
struct Mcp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Mcp {
    /// Start the server in `ws` (FLOWGATE_WORKSPACE is the scratch
    /// workspace) and initialize the session.
    fn start(ws: &Ws) -> Mcp {
        let mut mcp = Mcp::spawn(ws);
        let init = mcp.initialize();
        assert_eq!(init["serverInfo"]["name"], "flowgate", "{init}");
        mcp
    }

    fn spawn(ws: &Ws) -> Mcp {
        Mcp::spawn_command(ws.command(&["mcp"]))
    }

    fn spawn_command(mut command: std::process::Command) -> Mcp {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn flowgate mcp");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Mcp {
            stdin: child.stdin.take(),
            child,
            lines,
            next_id: 1,
        }
    }

    fn initialize(&mut self) -> Value {
        let init = self.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "flowgate-tests", "version": "1"}
            }),
        );
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string());
        init["result"].clone()
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to flowgate mcp");
        stdin.flush().unwrap();
    }

    /// Send a request and wait for the response with its id (skipping
    /// anything else the server sends meanwhile).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        self.response(id)
    }

    fn response(&mut self, id: u64) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|e| panic!("no answer to request {id}: {e}"));
            let msg: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("not JSON on stdout ({e}): {line}"));
            if msg["id"] == id {
                return msg;
            }
        }
    }

    /// Call a tool: `(isError, the texts joined by a blank line)`.
    fn call(&mut self, tool: &str, args: Value) -> (bool, String) {
        let msg = self.request("tools/call", json!({"name": tool, "arguments": args}));
        let result = &msg["result"];
        assert!(result.is_object(), "a tool result, not {msg}");
        let text = result["content"]
            .as_array()
            .expect("content")
            .iter()
            .map(|c| {
                assert_eq!(c["type"], "text", "{msg}");
                c["text"].as_str().unwrap().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n\n");
        (result["isError"] == true, text)
    }

    #[track_caller]
    fn ok(&mut self, tool: &str, args: Value) -> String {
        let (err, text) = self.call(tool, args.clone());
        assert!(!err, "{tool} {args} failed: {text}");
        text
    }

    #[track_caller]
    fn tool_error(&mut self, tool: &str, args: Value) -> String {
        let (err, text) = self.call(tool, args.clone());
        assert!(err, "{tool} {args} should be a tool error, got: {text}");
        text
    }

    /// Close stdin and wait for a clean exit.
    fn finish(mut self) {
        drop(self.stdin.take());
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "flowgate mcp exited with {status}");
                return;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "flowgate mcp did not exit after stdin closed"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Mcp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A workflow of `n` plain phases, `p0` … (texts without ids or times, so
/// two workspaces give the same texts).
fn steps_workflow(n: usize) -> String {
    let mut s = String::from("name = \"Steps\"\n");
    for i in 0..n {
        s.push_str(&format!(
            "\n[[phases]]\nid = \"p{i}\"\nname = \"Phase {i}\"\ninstructions = \"Do part {i}.\"\n"
        ));
    }
    s
}

/// A workflow whose one phase allows reading only.
const READ_ONLY: &str = "name = \"RO\"\n[[phases]]\nid = \"r\"\nname = \"R\"\ninstructions = \"read\"\ntools = { allow = [\"read\", \"Read\", \"read_file\"] }\n";

/// `flowgate tool_call --host <host>` with a fixture's payload, optionally
/// with some environment replaced or the stdin edited.
fn hook(ws: &Ws, host: &str, name: &str, env: &[(&str, &str)], edit: fn(&mut Value)) -> Out {
    let fx = fixture(host, name);
    let mut cmd = ws.command(&["tool_call", "--host", host]);
    for (k, v) in fx["env"].as_object().unwrap() {
        cmd.env(k, v.as_str().unwrap());
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut stdin = fx["stdin"].as_str().unwrap().to_string();
    if !stdin.trim().is_empty() {
        let mut v: Value = serde_json::from_str(&stdin).unwrap();
        edit(&mut v);
        stdin = v.to_string();
    }
    Ws::exec(cmd, &stdin)
}

fn allowed(out: &Out) -> bool {
    out.code == 0 && !out.stdout.contains("deny") && !out.stdout.contains("block")
}

fn keep(_: &mut Value) {}

// ---- the protocol ------------------------------------------------------

#[test]
fn initialize_and_list_the_four_tools_with_their_schemas() {
    let ws = Ws::new();
    let mut mcp = Mcp::spawn(&ws);
    let init = mcp.initialize();
    assert_eq!(init["serverInfo"]["name"], "flowgate");
    assert!(init["capabilities"]["tools"].is_object(), "{init}");
    assert!(
        init["instructions"]
            .as_str()
            .unwrap()
            .contains("workflow_step"),
        "{init}"
    );
    let list = mcp.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().expect("tools").clone();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["workflow_step", "write_todos", "edit_todos", "list_todos"]
    );
    let tool = |n: &str| tools.iter().find(|t| t["name"] == n).unwrap().clone();

    let step = tool("workflow_step");
    let s = &step["inputSchema"];
    assert_eq!(s["type"], "object");
    assert_eq!(s["required"], json!(["action"]));
    assert_eq!(
        s["properties"]["action"]["enum"],
        json!(["next", "loop", "status", "cancel"])
    );
    assert_eq!(s["properties"]["confirm"]["type"], "boolean");
    assert_eq!(s["properties"]["summary"]["type"], "string");
    assert_eq!(s["additionalProperties"], false);
    let d = step["description"].as_str().unwrap();
    for guideline in [
        "action \"next\"",
        "action \"status\"",
        "action \"loop\"",
        "confirm: true",
    ] {
        assert!(d.contains(guideline), "workflow_step: {guideline}: {d}");
    }

    let write = tool("write_todos");
    let s = &write["inputSchema"];
    assert_eq!(s["required"], json!(["mode", "todos"]));
    assert_eq!(
        s["properties"]["mode"]["enum"],
        json!(["replace", "append", "insert"])
    );
    assert_eq!(s["properties"]["index"]["type"], "integer");
    assert_eq!(s["properties"]["todos"]["maxItems"], 100);
    let item = &s["properties"]["todos"]["items"];
    assert_eq!(item["required"], json!(["text"]));
    assert_eq!(item["properties"]["text"]["maxLength"], 1000);
    let d = write["description"].as_str().unwrap();
    assert!(
        d.contains("Always start the next item before working on it, then complete it."),
        "{d}"
    );
    assert!(d.matches("\n- ").count() >= 8, "8 guidelines: {d}");

    let edit = tool("edit_todos");
    let s = &edit["inputSchema"];
    assert_eq!(s["required"], json!(["action", "indices"]));
    assert_eq!(
        s["properties"]["action"]["enum"],
        json!(["start", "complete", "abandon"])
    );
    assert_eq!(s["properties"]["indices"]["items"]["type"], "integer");
    assert_eq!(s["properties"]["indices"]["maxItems"], 50);

    let list = tool("list_todos");
    assert_eq!(list["inputSchema"]["properties"], json!({}));
    assert_eq!(list["annotations"]["readOnlyHint"], true);
    mcp.finish();
}

#[test]
fn the_todo_limits_in_the_schema_are_the_configured_ones() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/config.toml",
        "[todos]\nmax_items = 7\nmax_indices = 3\n",
    );
    let mut mcp = Mcp::start(&ws);
    let list = mcp.request("tools/list", json!({}));
    let tools = &list["result"]["tools"];
    assert_eq!(
        tools[1]["inputSchema"]["properties"]["todos"]["maxItems"],
        7
    );
    assert_eq!(
        tools[2]["inputSchema"]["properties"]["indices"]["maxItems"],
        3
    );
}

/// Every tool answers with exactly what the command line prints: the same
/// operations in two workspaces, one through MCP, one through `flowgate`.
#[test]
fn every_tool_answers_with_the_command_lines_text() {
    let (m, c) = (Ws::new(), Ws::new());
    for ws in [&m, &c] {
        ws.write(".flowgate/workflows/steps.toml", &steps_workflow(4));
        ws.run(&["start", "steps", "the task"]).ok();
    }
    let mut mcp = Mcp::start(&m);
    let same = |mcp_text: String, cli: Out| {
        assert_eq!(mcp_text, cli.ok().stdout.trim_end_matches('\n'));
    };
    let todos = json!([{"text": "one"}, {"text": "two"}]);
    same(
        mcp.ok("write_todos", json!({"mode": "replace", "todos": todos})),
        c.run(&["todo", "write", "one", "two"]),
    );
    same(
        mcp.ok(
            "write_todos",
            json!({"mode": "append", "todos": [{"text": "four"}]}),
        ),
        c.run(&["todo", "append", "four"]),
    );
    same(
        mcp.ok(
            "write_todos",
            json!({"mode": "insert", "index": 2, "todos": [{"text": "three"}]}),
        ),
        c.run(&["todo", "insert", "2", "three"]),
    );
    for (action, cmd) in [
        ("start", "start"),
        ("complete", "complete"),
        ("abandon", "abandon"),
    ] {
        same(
            mcp.ok(
                "edit_todos",
                json!({"action": action, "indices": [1, 0, 1]}),
            ),
            c.run(&["todo", cmd, "1", "0", "1"]),
        );
    }
    same(mcp.ok("list_todos", json!({})), c.run(&["todo", "list"]));
    same(
        mcp.ok("workflow_step", json!({"action": "status"})),
        m.run(&["step", "status"]),
    );
    same(
        mcp.ok(
            "workflow_step",
            json!({"action": "next", "summary": "did part 0"}),
        ),
        c.run(&["step", "next", "--summary", "did part 0"]),
    );
    same(
        mcp.ok("workflow_step", json!({"action": "loop"})),
        c.run(&["step", "loop"]),
    );
    same(
        mcp.ok("workflow_step", json!({"action": "cancel"})),
        c.run(&["step", "cancel"]),
    );
    same(
        mcp.ok(
            "workflow_step",
            json!({"action": "cancel", "confirm": true}),
        ),
        c.run(&["step", "cancel", "--confirm"]),
    );
    same(
        mcp.ok("write_todos", json!({"mode": "replace", "todos": []})),
        c.run(&["todo", "clear"]),
    );
    // The command line's errors are the tools' errors, word for word.
    for (tool, args, cli) in [
        (
            "workflow_step",
            json!({"action": "next"}),
            &["step", "next"][..],
        ),
        (
            "edit_todos",
            json!({"action": "start", "indices": [0]}),
            &["todo", "start", "0"][..],
        ),
    ] {
        let text = mcp.tool_error(tool, args);
        let out = c.run(cli).code(64);
        // The todo tools keep pi-til-done's "Error: " before a refusal.
        let text = text.strip_prefix("Error: ").unwrap_or(&text);
        assert_eq!(out.stderr.trim_end(), format!("flowgate: {text}"));
    }
    assert_eq!(m.state()["todos"], c.state()["todos"]);
    assert_eq!(m.state()["run"]["status"], "cancelled");
    assert_eq!(m.state()["run"]["summaries"], c.state()["run"]["summaries"]);
    mcp.finish();
}

#[test]
fn invalid_arguments_are_tool_errors_and_the_server_keeps_serving() {
    let ws = Ws::new();
    let mut mcp = Mcp::start(&ws);
    mcp.ok(
        "write_todos",
        json!({"mode": "replace", "todos": [{"text": "a"}, {"text": "b"}]}),
    );
    let generation = ws.generation();
    for (tool, args, says) in [
        ("workflow_step", json!({}), "\"action\" is required"),
        (
            "workflow_step",
            json!({"action": "skip"}),
            "must be one of \"next\", \"loop\", \"status\", \"cancel\"",
        ),
        (
            "workflow_step",
            json!({"action": "cancel", "confirm": "yes"}),
            "\"confirm\" must be true or false",
        ),
        (
            "workflow_step",
            json!({"action": "next", "sumary": "x"}),
            "did you mean \"summary\"?",
        ),
        (
            "write_todos",
            json!({"mode": "insert", "todos": [{"text": "c"}]}),
            "Error: 'index' is required for the 'insert' mode",
        ),
        (
            "write_todos",
            json!({"mode": "append", "todos": "c"}),
            "\"todos\" must be a list",
        ),
        (
            "write_todos",
            json!({"mode": "append", "todos": [{"text": ""}]}),
            "Error: item 1 is empty; every todo needs text.",
        ),
        (
            "write_todos",
            json!({"mode": "append", "todos": [{"text": "x".repeat(1001)}]}),
            "Error: item 1 text exceeds 1000 characters.",
        ),
        (
            "write_todos",
            json!({"mode": "insert", "index": 9, "todos": [{"text": "c"}]}),
            "Error: index 9 out of range (0 to 2)",
        ),
        (
            "edit_todos",
            json!({"action": "start", "indices": [0, 7]}),
            "Error: indices [7] out of range (0 to 1)",
        ),
        (
            "edit_todos",
            json!({"action": "start", "indices": [-1]}),
            "indices[0] must be a whole number",
        ),
        (
            "edit_todos",
            json!({"action": "start", "indices": []}),
            "Error: give at least one index",
        ),
        ("list_todos", json!({"verbose": true}), "takes no arguments"),
    ] {
        let text = mcp.tool_error(tool, args.clone());
        assert!(text.contains(says), "{tool} {args}: {text}");
        // The next request is served as usual, and nothing changed.
        assert_eq!(mcp.ok("list_todos", json!({})), "– [0] a\n– [1] b");
    }
    // A tool that does not exist is a protocol error, not a dead server.
    let msg = mcp.request(
        "tools/call",
        json!({"name": "delete_everything", "arguments": {}}),
    );
    assert_eq!(msg["error"]["code"], -32602, "{msg}");
    // Garbage on the line is skipped.
    mcp.send("this is not JSON");
    mcp.send("{\"jsonrpc\": \"2.0\", \"id\": ");
    assert_eq!(mcp.ok("list_todos", json!({})), "– [0] a\n– [1] b");
    assert_eq!(
        ws.generation(),
        generation,
        "no failed call wrote the state"
    );
    mcp.finish();
}

#[test]
fn a_broken_state_is_a_tool_error_and_the_server_recovers_with_it() {
    let ws = Ws::new();
    let mut mcp = Mcp::start(&ws);
    mcp.ok(
        "write_todos",
        json!({"mode": "replace", "todos": [{"text": "a"}]}),
    );
    ws.write(".flowgate/state.json", "{ not json");
    let text = mcp.tool_error("list_todos", json!({}));
    assert!(text.contains("state.json"), "{text}");
    // A change moves the corrupt file aside and says so.
    let text = mcp.ok(
        "write_todos",
        json!({"mode": "replace", "todos": [{"text": "b"}]}),
    );
    assert!(text.starts_with("Wrote 1 todo item(s)"), "{text}");
    assert!(
        text.contains("flowgate: "),
        "the notice comes along: {text}"
    );
    assert_eq!(mcp.ok("list_todos", json!({})), "– [0] b");
    // A broken config is reported on every call, and fixing it is enough.
    ws.write(".flowgate/config.toml", "mcp = \"yes\"\n");
    let text = mcp.tool_error("list_todos", json!({}));
    assert!(text.contains("config.toml:1:"), "{text}");
    ws.write(".flowgate/config.toml", "mcp = true\n");
    assert_eq!(mcp.ok("list_todos", json!({})), "– [0] b");
    mcp.finish();
}

// ---- one state for MCP, the command line and the hooks -----------------

#[test]
fn changes_through_mcp_are_seen_by_the_cli_and_the_hooks_and_the_reverse() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/steps.toml", &steps_workflow(3));
    let mut mcp = Mcp::start(&ws);

    // MCP → command line and hooks.
    mcp.ok(
        "write_todos",
        json!({"mode": "replace", "todos": [{"text": "alpha"}, {"text": "beta"}]}),
    );
    assert_eq!(
        ws.run(&["todo", "list"]).ok().stdout,
        "– [0] alpha\n– [1] beta\n"
    );
    let text = ws.message("go on").ok().text();
    assert!(text.contains("– [0] alpha"), "{text}");

    // Command line → MCP.
    ws.run(&["todo", "start", "1"]).ok();
    assert_eq!(mcp.ok("list_todos", json!({})), "– [0] alpha\n● [1] beta");
    ws.run(&["start", "steps", "the task"]).ok();
    let status = mcp.ok("workflow_step", json!({"action": "status"}));
    assert!(status.contains("Phase 0"), "{status}");

    // MCP advances; the command line and the hooks see the new phase.
    let moved = mcp.ok("workflow_step", json!({"action": "next"}));
    assert!(moved.contains("Phase 1"), "{moved}");
    assert!(
        ws.run(&["status", "--line"])
            .ok()
            .stdout
            .contains("Phase 1")
    );
    let text = ws.message("what now").ok().text();
    assert!(text.contains("**Current Phase:** Phase 1"), "{text}");

    // A hook's mirrored todo list → MCP.
    let args = json!({"todos": [{"content": "gamma", "status": "in_progress"}]}).to_string();
    ws.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.todo_write",
        &[("DEEPSEEK_TOOL_ARGS", &args)],
        None,
    )
    .ok();
    assert_eq!(mcp.ok("list_todos", json!({})), "● [0] gamma");

    // The user's cancel → MCP.
    ws.run(&["cancel"]).ok();
    let text = mcp.ok("workflow_step", json!({"action": "status"}));
    assert!(text.starts_with("No active workflow"), "{text}");
    let journal = ws.journal();
    assert!(journal.contains("\"event\":\"mcp step next\""), "{journal}");
    assert!(journal.contains("\"event\":\"mcp todo\""), "{journal}");
    mcp.finish();
}

/// A run advanced step by step through `workflow_step` while other writers
/// (a second MCP client appending todos, `flowgate todo append`) and hook
/// calls (`flowgate tool_call --host codewhale`, allowed and denied) run at
/// the same time: every change lands, every hook answers by the rules.
#[test]
fn a_run_advanced_through_mcp_while_hooks_and_the_cli_run_concurrently() {
    const STEPS: usize = 12;
    const CLI_APPENDS: usize = 12;
    const MCP_APPENDS: usize = 12;
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", "lock_timeout_ms = 60000\n");
    ws.write(".flowgate/workflows/steps.toml", &steps_workflow(STEPS + 1));
    ws.run(&["start", "steps", "race"]).ok();
    let start_generation = ws.generation();
    let ws = &ws;
    std::thread::scope(|s| {
        let stepper = s.spawn(move || {
            let mut mcp = Mcp::start(ws);
            for i in 0..STEPS {
                let text = mcp.ok("workflow_step", json!({"action": "next"}));
                assert!(
                    text.contains(&format!("Phase {}", i + 1)),
                    "step {i}: {text}"
                );
            }
            mcp.finish();
        });
        let todo_client = s.spawn(move || {
            let mut mcp = Mcp::start(ws);
            for i in 0..MCP_APPENDS {
                mcp.ok(
                    "write_todos",
                    json!({"mode": "append", "todos": [{"text": format!("mcp-{i}")}]}),
                );
            }
            mcp.finish();
        });
        let cli = s.spawn(move || {
            for i in 0..CLI_APPENDS {
                ws.run(&["todo", "append", &format!("cli-{i}")]).ok();
            }
        });
        let hooks: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(move || {
                    for _ in 0..10 {
                        let read = hook(ws, "codewhale", "tool_call_before.bash", &[], keep);
                        assert!(allowed(&read), "{read:?}");
                        let own = hook(ws, "codewhale", "tool_call_before.mcp_step", &[], keep);
                        assert!(allowed(&own), "{own:?}");
                    }
                })
            })
            .collect();
        for h in hooks {
            h.join().unwrap();
        }
        cli.join().unwrap();
        todo_client.join().unwrap();
        stepper.join().unwrap();
    });
    let st = ws.state();
    assert_eq!(st["run"]["steps"], STEPS);
    assert_eq!(
        ws.path_of_run(),
        vec![crate::harness::p("steps", STEPS as u64)]
    );
    assert_eq!(st["run"]["status"], "active");
    let mut texts: Vec<String> = st["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["text"].as_str().unwrap().to_string())
        .collect();
    texts.sort();
    let mut want: Vec<String> = (0..CLI_APPENDS)
        .map(|i| format!("cli-{i}"))
        .chain((0..MCP_APPENDS).map(|i| format!("mcp-{i}")))
        .collect();
    want.sort();
    assert_eq!(texts, want, "no append was lost");
    assert_eq!(
        ws.generation(),
        start_generation + (STEPS + CLI_APPENDS + MCP_APPENDS) as u64,
        "one write per change, none lost"
    );
}

// ---- hooks let flowgate's MCP tools through, under each host's name ----

/// CodeWhale names MCP tools `mcp_<server>_<tool>` (the fixture).
#[test]
fn codewhale_allows_flowgates_mcp_tools() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/ro.toml", READ_ONLY);
    ws.run(&["start", "ro", "x"]).ok();
    for tool in ["workflow_step", "write_todos", "edit_todos", "list_todos"] {
        let name = format!("mcp_flowgate_{tool}");
        let out = hook(
            &ws,
            "codewhale",
            "tool_call_before.mcp_step",
            &[("DEEPSEEK_TOOL_NAME", &name)],
            keep,
        );
        assert!(allowed(&out), "{name}: {out:?}");
    }
    let other = hook(
        &ws,
        "codewhale",
        "tool_call_before.mcp_step",
        &[("DEEPSEEK_TOOL_NAME", "mcp_other_workflow_step")],
        keep,
    );
    assert_eq!(other.code, 2, "another server's tool follows the rules");
}

/// Claude Code and Codex name them `mcp__<server>__<tool>` (Codex:
/// `McpHandler::hook_tool_name` in codex-rs/core/src/tools/handlers/mcp.rs).
#[test]
fn claude_allows_flowgates_mcp_tools() {
    mcp_double_underscore("claude", "PreToolUse.mcp_step");
}

#[test]
fn codex_allows_flowgates_mcp_tools() {
    mcp_double_underscore("codex", "PreToolUse.mcp_step");
}

fn mcp_double_underscore(host: &str, fx: &str) {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/ro.toml", READ_ONLY);
    ws.run(&["start", "ro", "x"]).ok();
    let out = hook(&ws, host, fx, &[], keep);
    assert!(allowed(&out), "{host}: {out:?}");
    let out = hook(&ws, host, fx, &[], |v| {
        v["tool_name"] = json!("mcp__flowgate__edit_todos");
        v["tool_input"] = json!({"action": "start", "indices": [0]});
    });
    assert!(allowed(&out), "{host}: {out:?}");
    let other = hook(&ws, host, fx, &[], |v| {
        v["tool_name"] = json!("mcp__other__workflow_step");
    });
    // A deny: exit 2 (Codex), or the JSON decision on exit 0 (Claude Code).
    assert!(
        other.stdout.contains("\"permissionDecision\":\"deny\""),
        "{host}: another server's tool follows the rules: {other:?}"
    );
}

/// Gemini CLI names them `mcp_<server>_<tool>` and says which server in
/// `mcp_context`.
#[test]
fn gemini_allows_flowgates_mcp_tools() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/ro.toml", READ_ONLY);
    ws.run(&["start", "ro", "x"]).ok();
    let out = hook(&ws, "gemini", "BeforeTool.mcp_step", &[], keep);
    assert!(allowed(&out), "{out:?}");
    let out = hook(&ws, "gemini", "BeforeTool.mcp_step", &[], |v| {
        v["tool_name"] = json!("mcp_flowgate_list_todos");
        v["mcp_context"]["tool_name"] = json!("list_todos");
    });
    assert!(allowed(&out), "{out:?}");
    let other = hook(&ws, "gemini", "BeforeTool.mcp_step", &[], |v| {
        v["tool_name"] = json!("mcp_other_workflow_step");
        v["mcp_context"]["server_name"] = json!("other");
    });
    assert_eq!(other.code, 0, "Gemini blocks on exit 0");
    assert_eq!(other.json()["decision"], "deny", "{other:?}");
}

// ---- the context names the tools when the server is configured ---------

#[test]
fn the_context_names_the_tools_when_mcp_is_set() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    let text = ws.message("hello").ok().text();
    assert!(!text.contains("workflow_step"), "{text}");
    ws.write(".flowgate/config.toml", "mcp = true\n");
    let text = ws.message("hello").ok().text();
    assert!(text.contains("workflow_step"), "{text}");
    assert!(text.contains("flowgate step next"), "{text}");
}

// ---- flowgate init registers the server ---------------------------------

fn read_json(ws: &Ws, rel: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(ws.path().join(rel)).unwrap()).unwrap()
}

/// The server as a host starts it from its config: `command` with `args`,
/// in the project directory, with no FLOWGATE_WORKSPACE.
fn start_registered(ws: &Ws, command: &str, args: &Value) -> Mcp {
    let mut c = std::process::Command::new(command);
    c.args(args.as_array().unwrap().iter().map(|a| a.as_str().unwrap()))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", ws.home.path())
        .env("FLOWGATE_HOME", ws.home.path())
        .current_dir(ws.path());
    let mut mcp = Mcp::spawn_command(c);
    assert_eq!(mcp.initialize()["serverInfo"]["name"], "flowgate");
    mcp
}

/// After `init --host H` the host's config starts a server that serves the
/// workspace, the `mcp` setting is on, and a second `init` changes nothing.
#[test]
fn init_registers_the_server_where_each_host_reads_it() {
    for (host, file) in [
        ("claude", ".mcp.json"),
        ("gemini", ".gemini/settings.json"),
        ("codex", ".codex/config.toml"),
    ] {
        let ws = Ws::new();
        let report = ws.run(&["init", "--host", host]).ok().stdout;
        assert!(report.contains("MCP server"), "{host}: {report}");
        let (command, args) = if host == "codex" {
            let doc: toml::Table =
                toml::from_str(&std::fs::read_to_string(ws.path().join(file)).unwrap()).unwrap();
            let entry = serde_json::to_value(&doc["mcp_servers"]["flowgate"]).unwrap();
            (
                entry["command"].as_str().unwrap().to_string(),
                entry["args"].clone(),
            )
        } else {
            let entry = read_json(&ws, file)["mcpServers"]["flowgate"].clone();
            if host == "claude" {
                assert_eq!(entry["type"], "stdio");
            }
            (
                entry["command"].as_str().unwrap().to_string(),
                entry["args"].clone(),
            )
        };
        assert_eq!(command, crate::harness::BIN, "{host}");
        assert_eq!(args, json!(["mcp"]), "{host}");
        let config = std::fs::read_to_string(ws.path().join(".flowgate/config.toml")).unwrap();
        assert!(config.contains("mcp = true"), "{host}: {config}");
        ws.run(&["validate"]).ok();

        // The registered server works on this workspace, found from its cwd.
        let mut mcp = start_registered(&ws, &command, &args);
        mcp.ok(
            "write_todos",
            json!({"mode": "replace", "todos": [{"text": "wired"}]}),
        );
        assert_eq!(ws.run(&["todo", "list"]).ok().stdout, "– [0] wired\n");
        mcp.finish();
        // ... and the context names the tools.
        let text = ws.message("hi").ok().text();
        assert!(text.contains("edit_todos"), "{host}: {text}");

        let bytes = std::fs::read(ws.path().join(file)).unwrap();
        let settings = std::fs::read(ws.path().join(".flowgate/config.toml")).unwrap();
        let again = ws.run(&["init", "--host", host]).ok().stdout;
        assert!(
            again.contains("already registered, kept"),
            "{host}: {again}"
        );
        assert_eq!(
            std::fs::read(ws.path().join(file)).unwrap(),
            bytes,
            "{host}"
        );
        assert_eq!(
            std::fs::read(ws.path().join(".flowgate/config.toml")).unwrap(),
            settings,
            "{host}"
        );
        assert!(
            !ws.path().join(format!("{file}.flowgate.bak")).exists(),
            "{host}"
        );
    }
}

#[test]
fn init_keeps_what_is_there() {
    let ws = Ws::new();
    // Claude: another server stays; flowgate's is added beside it.
    ws.write(
        ".mcp.json",
        "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"gh-mcp\" }\n  }\n}\n",
    );
    // Settings with tables: `mcp = true` goes among the top-level keys.
    ws.write(
        ".flowgate/config.toml",
        "# mine\non_error = \"deny\"\n\n[todos]\nmax_items = 5\n",
    );
    ws.run(&["init", "--host", "claude"]).ok();
    let servers = read_json(&ws, ".mcp.json")["mcpServers"].clone();
    assert_eq!(servers["github"], json!({"command": "gh-mcp"}));
    assert_eq!(servers["flowgate"]["args"], json!(["mcp"]));
    assert!(ws.path().join(".mcp.json.flowgate.bak").is_file());
    let config = std::fs::read_to_string(ws.path().join(".flowgate/config.toml")).unwrap();
    assert!(
        config.starts_with("# mine\non_error = \"deny\"\nmcp = true\n"),
        "{config}"
    );
    assert!(config.ends_with("[todos]\nmax_items = 5\n"), "{config}");
    ws.run(&["validate"]).ok();

    // A server called flowgate that is not flowgate is left alone.
    let ws = Ws::new();
    let foreign =
        "{\"mcpServers\": {\"flowgate\": {\"command\": \"node\", \"args\": [\"fg.js\"]}}}\n";
    ws.write(".gemini/settings.json", foreign);
    ws.write(".flowgate/config.toml", "mcp = false\n");
    let report = ws.run(&["init", "--host", "gemini"]).ok().stdout;
    assert!(
        report.contains("is not flowgate's; left as it is"),
        "{report}"
    );
    assert!(report.contains("mcp = false kept"), "{report}");
    assert_eq!(
        read_json(&ws, ".gemini/settings.json")["mcpServers"]["flowgate"],
        json!({"command": "node", "args": ["fg.js"]})
    );

    // Codex: the file is appended to, never rewritten.
    let ws = Ws::new();
    let mine = "model = \"o3\" # mine\n\n[mcp_servers.github]\ncommand = \"gh-mcp\"\n";
    ws.write(".codex/config.toml", mine);
    ws.run(&["init", "--host", "codex"]).ok();
    let now = std::fs::read_to_string(ws.path().join(".codex/config.toml")).unwrap();
    assert!(now.starts_with(mine), "{now}");
    assert!(now.contains("[mcp_servers.flowgate]\n"), "{now}");
    let again = ws.run(&["init", "--host", "codex"]).ok().stdout;
    assert!(
        !again.contains("also mentions flowgate"),
        "the MCP table is not a hook: {again}"
    );
}

#[test]
fn init_leaves_a_codex_config_it_cannot_extend() {
    let ws = Ws::new();
    let inline = "mcp_servers = { github = { command = \"gh-mcp\" } }\n";
    ws.write(".codex/config.toml", inline);
    let report = ws.run(&["init", "--host", "codex"]).ok().stdout;
    assert!(report.contains("add this yourself"), "{report}");
    assert!(report.contains("[mcp_servers.flowgate]"), "{report}");
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".codex/config.toml")).unwrap(),
        inline
    );
    // Not TOML at all: exit 78, nothing changed.
    let ws = Ws::new();
    ws.write(".codex/config.toml", "model = \n");
    let out = ws.run(&["init", "--host", "codex"]).code(78);
    assert!(out.stderr.contains(".codex/config.toml:1:"), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".codex/config.toml")).unwrap(),
        "model = \n"
    );
}

#[test]
fn init_prints_the_codewhale_mcp_entry() {
    let ws = Ws::new();
    let out = ws.run(&["init", "--host", "codewhale"]).ok().stdout;
    let line = out
        .lines()
        .find(|l| l.starts_with("# { \"mcpServers\""))
        .unwrap_or_else(|| panic!("{out}"));
    let entry: Value = serde_json::from_str(line.trim_start_matches("# ")).unwrap();
    assert_eq!(
        entry["mcpServers"]["flowgate"]["command"],
        crate::harness::BIN
    );
    assert_eq!(entry["mcpServers"]["flowgate"]["args"], json!(["mcp"]));
    assert!(out.contains(".codewhale/mcp.json"), "{out}");
    // Only printed: nothing is registered, so the setting stays off.
    assert!(!ws.path().join(".flowgate/config.toml").exists());
}
