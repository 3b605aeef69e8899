//! CodeWhale scenarios: whole runs driven through the captured hook shapes.

use crate::harness::{Ws, p};

#[test]
fn full_bugfix_run_from_flow_start_to_completion() {
    let ws = Ws::new();
    // The user types "@flow start bugfix login fails on Safari".
    let out = ws.cw("message_submit", "message_submit.flow_start");
    out.ok();
    let text = out.text();
    assert!(
        text.starts_with("Start Bug Fix for: login fails on Safari"),
        "{text}"
    );
    assert!(
        text.contains("<flowgate>") && text.contains("▶ 1. 🔬 Diagnose"),
        "{text}"
    );
    assert!(
        text.contains("Reproduce the bug: login fails on Safari"),
        "instructions are rendered: {text}"
    );
    let st = ws.state();
    assert_eq!(st["run"]["workflow"], "bugfix");
    assert_eq!(st["run"]["status"], "active");
    assert_eq!(st["run"]["description"], "login fails on Safari");
    assert_eq!(st["run"]["session_id"], "sess_4be1f0a2");
    assert_eq!(ws.path_of_run(), vec![p("bugfix", 0)]);
    let g = ws.generation();

    // Diagnose is read-only: edit is denied, read is allowed; nothing is written.
    let out = ws.cw("tool_call", "tool_call_before.edit");
    out.code(2);
    assert_eq!(out.json()["decision"], "deny");
    assert!(
        out.reason()
            .contains("edit in the Diagnose phase of Bug Fix"),
        "{}",
        out.reason()
    );
    assert!(!out.stderr.is_empty());
    ws.cw("tool_call", "tool_call_before.read").ok();
    assert_eq!(ws.json_decision("tool_call_before.read"), "allow");
    assert_eq!(
        ws.generation(),
        g,
        "tool calls without a change do not write the state"
    );

    // The agent advances through its shell tool: allowed, then run.
    assert_eq!(
        ws.cw("tool_call", "tool_call_before.flowgate_step")
            .ok()
            .json()["decision"],
        "allow"
    );
    let out = ws.run(&[
        "step",
        "next",
        "--summary",
        "cookie check uses the wrong domain",
    ]);
    out.ok();
    assert!(
        out.stdout.starts_with("✓ Advanced: 🔬 Diagnose → 🔧 Fix"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("Next: ✅ Verify"));
    assert_eq!(ws.path_of_run(), vec![p("bugfix", 1)]);
    assert_eq!(
        ws.state()["run"]["summaries"][0]["text"],
        "cookie check uses the wrong domain"
    );

    // Fix allows editing.
    ws.cw("tool_call", "tool_call_before.edit").ok();

    // A completed turn with the run open arms the reminder; the next message carries it once.
    ws.cw("turn_end", "turn_end").ok();
    assert_eq!(ws.state()["nudge"]["reminder_armed"], true);
    let out = ws.cw("message_submit", "message_submit");
    let text = out.ok().text();
    assert!(
        text.starts_with("please fix the login bug\n\n<flowgate>"),
        "user text first, verbatim: {text}"
    );
    assert!(
        text.contains("⚠️ The Bug Fix is still active. Current phase: 🔧 Fix."),
        "{text}"
    );
    assert!(text.ends_with("</flowgate>"));
    assert_eq!(ws.state()["nudge"]["reminder_armed"], false);
    let text = ws.cw("message_submit", "message_submit").ok().text();
    assert!(
        !text.contains("still active"),
        "the reminder is delivered once: {text}"
    );

    // Verify, then finish.
    assert!(
        ws.run(&["step", "next"])
            .ok()
            .stdout
            .contains("→ ✅ Verify")
    );
    let out = ws.run(&["step", "next"]);
    assert!(
        out.ok().stdout.contains("🎉 **All phases complete!**"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("✅ **Bug Fix Complete**"));
    let st = ws.state();
    assert_eq!(st["run"]["status"], "completed");
    assert_eq!(st["run"]["announced"], true);
    assert_eq!(st["run"]["steps"], 3);

    // Completion was announced by the step result: never again.
    let out = ws.cw("message_submit", "message_submit");
    assert_eq!(
        out.ok().stdout,
        "",
        "no run, no todos: the message passes unchanged"
    );
    ws.cw("turn_end", "turn_end").ok();
    assert_eq!(ws.state()["nudge"]["reminder_armed"], false);
    let out = ws.hook("agent_end", "codewhale", "turn_end", &[], Some("{}"));
    assert_eq!(out.ok().stdout, "");
}

#[test]
fn cancellation_is_announced_exactly_once() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "flaky", "login"]).ok();
    let out = ws.message("@flow cancel");
    out.code(2);
    assert!(
        out.reason().starts_with("Workflow cancelled"),
        "{}",
        out.reason()
    );
    assert_eq!(ws.state()["run"]["status"], "cancelled");
    // The next message tells the agent once.
    let text = ws.message("what now?").ok().text();
    assert!(text.contains("❌ **Bug Fix Cancelled**"), "{text}");
    assert_eq!(ws.message("and now?").ok().stdout, "");
    // agent_end after that has nothing to announce.
    assert_eq!(
        ws.hook("agent_end", "codewhale", "turn_end", &[], Some("{}"))
            .ok()
            .stdout,
        ""
    );
}

#[test]
fn agent_end_announces_completion_once_in_neutral_form() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    ws.run(&["cancel"]).ok();
    let out = ws.hook("agent_end", "codewhale", "turn_end", &[], Some("{}"));
    assert!(
        out.ok().json()["systemMessage"]
            .as_str()
            .unwrap()
            .contains("Bug Fix Cancelled")
    );
    assert_eq!(
        ws.hook("agent_end", "codewhale", "turn_end", &[], Some("{}"))
            .ok()
            .stdout,
        ""
    );
}

#[test]
fn own_command_allowed_but_not_when_chained() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    assert_eq!(
        ws.bash("flowgate step next").ok().json()["decision"],
        "allow"
    );
    assert_eq!(
        ws.bash("flowgate todo write 'a; b' \"c && d\"").ok().json()["decision"],
        "allow"
    );
    let out = ws.bash("flowgate step next && rm -rf x");
    out.code(2);
    assert_eq!(out.json()["decision"], "deny");
    let out = ws.bash("flowgate step next; echo done > notes.txt");
    out.code(2);
    // Reads are fine in a read-only phase.
    ws.bash("cargo test").ok();
    assert_eq!(
        ws.path_of_run(),
        vec![p("bugfix", 0)],
        "tool calls never move the run"
    );
}

#[test]
fn truncated_tool_args() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    // A cut `write` input: still a write tool, denied by name in Diagnose.
    let out = ws.cw("tool_call", "tool_call_before.truncated_args");
    out.code(2);
    assert!(out.reason().contains("blocked write"));
    // A cut bash input cannot be checked in a read-only phase: denied, saying so.
    let fx = crate::harness::fixture("codewhale", "tool_call_before.truncated_args");
    let args = fx["env"]["DEEPSEEK_TOOL_ARGS"]
        .as_str()
        .unwrap()
        .to_string();
    let out = ws.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.bash",
        &[("DEEPSEEK_TOOL_ARGS", &args)],
        None,
    );
    out.code(2);
    assert!(
        out.reason().contains("could not be read"),
        "{}",
        out.reason()
    );
    // In Fix (no write restriction) the same call is allowed.
    ws.run(&["step", "next"]).ok();
    ws.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.bash",
        &[("DEEPSEEK_TOOL_ARGS", &args)],
        None,
    )
    .ok();
    ws.cw("tool_call", "tool_call_before.truncated_args").ok();
}

#[test]
fn message_at_the_32k_limit_is_never_cut() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    // CodeWhale cut this message: replacing it would lose the rest, so flowgate leaves it.
    let out = ws.cw("message_submit", "message_submit.truncated");
    assert_eq!(out.ok().stdout, "");
    assert!(ws.journal().contains("the host cut the message"));
    // A long but whole message still gets context, within 32000 characters.
    let long = "y".repeat(30_000);
    let text = ws.message(&long).ok().text();
    assert!(text.starts_with(&long));
    assert!(text.chars().count() <= 32_000, "{}", text.chars().count());
    assert!(text.contains("<flowgate>"));
    // No room left: unchanged rather than cut.
    let full = "z".repeat(31_950);
    assert_eq!(ws.message(&full).ok().stdout, "");
}

#[test]
fn context_block_is_bounded() {
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", "context_max_bytes = 1200\n");
    ws.run(&["start", "rpir", "a big change"]).ok();
    let text = ws.message("go").ok().text();
    let block = text.strip_prefix("go\n\n").unwrap();
    assert!(block.len() <= 1200, "{} bytes", block.len());
    assert!(block.starts_with("<flowgate>") && block.ends_with("</flowgate>"));
}

#[test]
fn rpir_loops_in_its_subworkflow_and_breaks_out() {
    let ws = Ws::new();
    ws.run(&["start", "rpir", "add", "rate", "limiting"]).ok();
    assert_eq!(ws.path_of_run(), vec![p("rpir", 0)]);
    ws.run(&["step", "next"]).ok();
    let out = ws.run(&["step", "next"]);
    assert!(
        out.ok()
            .stdout
            .starts_with("✓ Entered subworkflow 'Implement': 📝 Plan → ⌨️ Code"),
        "{}",
        out.stdout
    );
    assert_eq!(ws.path_of_run(), vec![p("rpir", 2), p("rpir-implement", 0)]);
    assert_eq!(
        ws.run(&["status", "--line"]).ok().stdout.trim(),
        "Research, Plan, Implement, Review > Implement > ⌨️ Code [3/5]"
    );
    // Code is not read-only; research was.
    ws.cw("tool_call", "tool_call_before.edit").ok();
    ws.run(&["step", "next"]).ok();
    let out = ws.run(&["step", "loop"]);
    assert!(
        out.ok()
            .stdout
            .starts_with("🔄 Looped 'Implement' back to: ⌨️ Code"),
        "{}",
        out.stdout
    );
    assert_eq!(ws.path_of_run(), vec![p("rpir", 2), p("rpir-implement", 0)]);
    ws.run(&["step", "next"]).ok();
    let out = ws.run(&["step", "next"]);
    assert!(
        out.ok().stdout.starts_with("✓ Exited subworkflow, returning to Research, Plan, Implement, Review: 🧪 Test → 👀 Review"),
        "{}",
        out.stdout
    );
    assert_eq!(ws.path_of_run(), vec![p("rpir", 3)]);
    // Review is read-only again, and loop is refused at the root? rpir is loopable by default.
    ws.cw("tool_call", "tool_call_before.edit").code(2);
    let out = ws.run(&["step", "next"]);
    assert!(out.ok().stdout.contains("All phases complete"));
    assert_eq!(ws.state()["run"]["steps"], 7);
}

#[test]
fn breakout_cascades_through_nested_scopes() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/outer.toml", "name = \"Outer\"\n[[phases]]\nsubworkflow = \"middle\"\n[[phases]]\nid = \"last\"\nname = \"Last\"\ninstructions = \"wrap up {description}\"\n");
    ws.write(
        ".flowgate/workflows/middle.toml",
        "name = \"Middle\"\nhidden = true\n[[phases]]\nsubworkflow = \"inner\"\n",
    );
    ws.write(".flowgate/workflows/inner.toml", "name = \"Inner\"\nhidden = true\nloopable = false\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"do a\"\n[[phases]]\nid = \"b\"\nname = \"B\"\ninstructions = \"do b\"\n");
    ws.run(&["start", "outer", "t"]).ok();
    assert_eq!(
        ws.path_of_run(),
        vec![p("outer", 0), p("middle", 0), p("inner", 0)]
    );
    let out = ws.run(&["step", "loop"]);
    out.code(64);
    assert!(out.stderr.contains("Looping is disabled"), "{}", out.stderr);
    ws.run(&["step", "next"]).ok();
    let out = ws.run(&["step", "next"]);
    assert!(out.ok().stdout.contains("→ Last"), "{}", out.stdout);
    assert_eq!(ws.path_of_run(), vec![p("outer", 1)]);
    assert!(out.stdout.contains("wrap up t"));
    assert!(
        ws.run(&["step", "next"])
            .ok()
            .stdout
            .contains("All phases complete")
    );
    // A hidden workflow cannot be started directly.
    let out = ws.run(&["start", "inner", "t"]);
    out.code(64);
    assert!(
        out.stderr
            .contains("can only run as part of another workflow")
    );
}

#[test]
fn definitions_changed_under_a_run_are_reported_not_misread() {
    let ws = Ws::new();
    let wf = "name = \"Mini\"\n[[phases]]\nid = \"one\"\nname = \"One\"\ninstructions = \"first\"\n[[phases]]\nid = \"two\"\nname = \"Two\"\ninstructions = \"second\"\n";
    ws.write(".flowgate/workflows/mini.toml", wf);
    ws.run(&["start", "mini", "t"]).ok();
    // The file shrinks to one phase while the run is on phase 1.
    ws.write(
        ".flowgate/workflows/mini.toml",
        "name = \"Mini\"\n[[phases]]\nid = \"solo\"\nname = \"Solo\"\ninstructions = \"only\"\n",
    );
    let out = ws.run(&["step", "status"]);
    assert!(
        out.ok().stdout.contains("changed since this run started"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("**Phase:** One [1/2]"),
        "the run keeps its own snapshot: {}",
        out.stdout
    );
    let text = ws.message("hi").ok().text();
    assert!(text.contains("changed since this run started"));
    let out = ws.run(&["step", "next"]);
    assert!(out.ok().stdout.contains("→ Two"));
    assert_eq!(ws.path_of_run(), vec![p("mini", 1)]);
}

impl Ws {
    fn json_decision(&self, fixture: &str) -> String {
        self.cw("tool_call", fixture).json()["decision"]
            .as_str()
            .unwrap()
            .to_string()
    }
}

#[test]
fn the_agent_cannot_run_the_users_commands_during_a_run() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/strict.toml", "name = \"Strict\"\n[[phases]]\nid = \"look\"\nname = \"Look\"\ninstructions = \"look\"\ntools = { allow = [\"read\", \"bash\"] }\n");
    ws.run(&["start", "strict", "t"]).ok();
    for cmd in [
        "flowgate cancel",
        "flowgate start --replace bugfix x",
        "cd src && flowgate cancel",
        "env flowgate cancel",
        "FOO=1 flowgate cancel",
        "'flowgate' cancel",
        "sh -c 'flowgate cancel'",
        "command flowgate start --replace bugfix x",
        "/usr/local/bin/flowgate init",
    ] {
        let out = ws.bash(cmd);
        out.code(2);
        assert!(
            out.reason().contains("is for the user, not the agent"),
            "{cmd}: {}",
            out.reason()
        );
    }
    // Its own commands and flowgate's MCP tools pass even under an allow-list.
    ws.bash("flowgate step cancel").ok();
    ws.cw("tool_call", "tool_call_before.mcp_step").ok();
    ws.cw("tool_call", "tool_call_before.edit").code(2);
    ws.cw("tool_call", "tool_call_before.todo_write").code(2);
    assert_eq!(
        ws.state()["todos"],
        serde_json::json!([]),
        "a denied todo_write is not mirrored"
    );
    // Without a run, the user's commands are fine.
    ws.run(&["cancel"]).ok();
    ws.bash("flowgate cancel").ok();
}
