//! Cases found by trying to break flowgate: each was a real gap once.

use crate::harness::Ws;

#[test]
fn codewhale_in_a_subdirectory_finds_the_run_above() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    std::fs::create_dir_all(ws.path().join("sub/deeper")).unwrap();
    let sub = ws.path().join("sub/deeper").display().to_string();
    let fx = crate::harness::fixture("codewhale", "tool_call_before.edit");
    let mut cmd = ws.command(&["tool_call"]);
    cmd.env_remove("FLOWGATE_WORKSPACE");
    for (k, v) in fx["env"].as_object().unwrap() {
        cmd.env(k, v.as_str().unwrap());
    }
    cmd.env("DEEPSEEK_WORKSPACE", &sub);
    let out = Ws::exec(cmd, "");
    out.code(2);
    assert!(!ws.path().join("sub/deeper/.flowgate").exists());
}

#[test]
fn hooks_never_create_a_flowgate_directory() {
    let ws = Ws::new();
    ws.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.edit",
        &[("DEEPSEEK_TOOL_NAME", "")],
        None,
    )
    .code(65);
    ws.message("@flow status").code(2);
    ws.cw("tool_call", "tool_call_before.read").ok();
    assert!(!ws.path().join(".flowgate").exists());
}

#[test]
fn a_typo_in_host_follows_on_error() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    let out = ws.hook("tool_call", "codewhale", "tool_call_before.edit", &[], None);
    out.code(2);
    let mut cmd = ws.command(&["tool_call", "--host", "CodeWhale"]);
    for (k, v) in crate::harness::fixture("codewhale", "tool_call_before.edit")["env"]
        .as_object()
        .unwrap()
    {
        cmd.env(k, v.as_str().unwrap());
    }
    let out = Ws::exec(cmd, "");
    out.code(64);
    assert_eq!(
        out.json()["decision"],
        "deny",
        "a run is active: fail closed"
    );
}

#[test]
fn only_flowgates_own_mcp_server_is_exempt() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/ro.toml", "name = \"RO\"\n[[phases]]\nid = \"r\"\nname = \"R\"\ninstructions = \"read\"\ntools = { allow = [\"read\"] }\n");
    ws.run(&["start", "ro", "x"]).ok();
    ws.cw("tool_call", "tool_call_before.mcp_step").ok();
    for name in [
        "mcp__evil__write_todos",
        "mcp__flowgatex__workflow_step",
        "mcp__flowgate__delete_everything",
        // CodeWhale's own spelling, `mcp_<server>_<tool>`.
        "mcp_evil_write_todos",
        "mcp_flowgatex_workflow_step",
        "mcp_flowgate_delete_everything",
        "mcp_flowgate_",
    ] {
        let out = ws.hook(
            "tool_call",
            "codewhale",
            "tool_call_before.mcp_step",
            &[("DEEPSEEK_TOOL_NAME", name)],
            None,
        );
        out.code(2);
    }
}

#[test]
fn validate_lists_config_and_workflow_problems_together() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/config.toml",
        "context_max_byte = 1\nmax_auto_continue = \"x\"\ncontext_max_bytes = 10\n",
    );
    ws.write(".flowgate/workflows/w.toml", "name = 3\n");
    let out = ws.run(&["validate"]);
    out.code(78);
    for want in [
        "config.toml:1:1: unknown key \"context_max_byte\"",
        "config.toml:2:21: \"max_auto_continue\" must be a whole number",
        "config.toml:3:21: \"context_max_bytes\" must be at least 256 (found 10)",
        "w.toml:1:8: \"name\" must be a string",
    ] {
        assert!(
            out.stderr.contains(want),
            "missing {want:?}:\n{}",
            out.stderr
        );
    }
    assert!(!out.stderr.contains("run `flowgate validate`"));
}

#[test]
fn a_message_or_a_step_recovers_a_corrupt_state() {
    let ws = Ws::new();
    ws.write(".flowgate/state.json", "{not json");
    let text = ws.message("hello").ok().text();
    assert!(
        text.starts_with("hello\n\n<flowgate>\nflowgate: "),
        "{text}"
    );
    assert!(text.contains("was moved to"), "{text}");
    ws.run(&["status"]).ok();
    ws.write(".flowgate/state.json", "{not json");
    let out = ws.run(&["step", "next"]);
    out.code(64);
    assert!(out.stderr.contains("No active workflow"), "{}", out.stderr);
    assert!(out.stderr.contains("was moved to"), "{}", out.stderr);
    ws.run(&["status"]).ok();
}

#[test]
fn a_long_shell_denial_still_says_how_to_advance() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    let long = format!("echo {} > out.txt", "word ".repeat(60));
    let out = ws.bash(&long);
    out.code(2);
    let reason = out.reason();
    assert!(reason.chars().count() <= 240, "{reason}");
    // CodeWhale adds the full stop itself (`<reason>. Adjust approval mode …`).
    assert!(reason.ends_with("then run flowgate step next"), "{reason}");
}

#[test]
fn the_stale_notice_names_a_way_out_the_agent_may_take() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/workflows/m.toml",
        "name = \"M\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n",
    );
    ws.run(&["start", "m", "t"]).ok();
    ws.write(
        ".flowgate/workflows/m.toml",
        "name = \"M2\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n",
    );
    let text = ws.message("hi").ok().text();
    assert!(text.contains("flowgate step cancel --confirm"), "{text}");
    ws.bash("flowgate step cancel --confirm").ok();
}

#[test]
fn a_busy_lock_never_turns_an_allowed_call_into_a_denial() {
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", "lock_timeout_ms = 100\n");
    ws.run(&["todo", "write", "a"]).ok();
    ws.hook("agent_end", "codewhale", "turn_end", &[], Some("{}"))
        .code(2);
    assert_eq!(ws.state()["nudge"]["streak"], 1);
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(ws.path().join(".flowgate/state.lock"))
        .unwrap();
    lock.lock().unwrap();
    // A mirrored todo list needs a write; the lock is busy.
    let out = ws.cw("tool_call", "tool_call_before.todo_write");
    out.ok();
    assert_eq!(out.json()["decision"], "allow");
    assert!(ws.journal().contains("not recorded"));
}

#[test]
fn a_reminder_is_not_used_up_when_there_is_no_room() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "a"]).ok();
    ws.cw("turn_end", "turn_end").ok();
    assert_eq!(ws.message(&"x".repeat(31_990)).ok().stdout, "");
    assert_eq!(ws.state()["nudge"]["reminder_armed"], true, "still armed");
    assert!(
        ws.message("short")
            .ok()
            .text()
            .contains("There are still 1 incomplete todo(s)")
    );
}

#[test]
fn flow_commands_tolerate_extra_spaces() {
    let ws = Ws::new();
    ws.message("@flow start   bugfix   login  fails").ok();
    assert_eq!(ws.state()["run"]["description"], "login  fails");
    let out = ws.message("@flow start tdd x");
    out.code(2);
    assert!(
        !out.reason().contains("‑‑"),
        "no flags the user cannot pass here: {}",
        out.reason()
    );
}
