//! The README's invalid-input table, row by row: each case's message and
//! exit code; none exits 2 by accident, none panics, none loses state.

use crate::harness::Ws;

/// A workspace with a run and a todo, to check nothing stored is lost.
fn busy() -> (Ws, Vec<u8>) {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    ws.run(&["todo", "write", "keep me"]).ok();
    let bytes = ws.state_bytes().unwrap();
    (ws, bytes)
}

#[track_caller]
fn no_panic(out: &crate::harness::Out) {
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    assert_eq!(
        out.stderr
            .lines()
            .filter(|l| l.starts_with("flowgate: "))
            .count()
            .min(1),
        out.stderr.lines().count().min(1),
        "one flowgate: line: {}",
        out.stderr
    );
}

#[test]
fn malformed_stdin_is_65_and_leaves_the_message() {
    let (ws, bytes) = busy();
    let out = ws.hook(
        "message_submit",
        "codewhale",
        "message_submit",
        &[],
        Some("{\"event\":\"message_submit\",\"text\":"),
    );
    out.code(65);
    no_panic(&out);
    assert!(
        out.stderr
            .starts_with("flowgate: message_submit: stdin is not valid JSON"),
        "{}",
        out.stderr
    );
    let out = ws.hook("turn_end", "codewhale", "turn_end", &[], Some("[1,2]"));
    out.code(65);
    assert_eq!(ws.state_bytes().unwrap(), bytes);
}

#[test]
fn missing_environment_is_65_with_the_on_error_decision() {
    let (ws, bytes) = busy();
    let out = ws.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.edit",
        &[("DEEPSEEK_TOOL_NAME", "")],
        None,
    );
    out.code(65);
    no_panic(&out);
    assert!(out.stderr.contains("DEEPSEEK_TOOL_NAME is not set"));
    // A run is active: the default policy denies (CodeWhale reads stdout whatever the exit code).
    assert_eq!(out.json()["decision"], "deny");
    // With on_error = "allow" the call goes through.
    ws.write(".flowgate/config.toml", "on_error = \"allow\"\n");
    let out = ws.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.edit",
        &[("DEEPSEEK_TOOL_NAME", "")],
        None,
    );
    out.code(65);
    assert_eq!(out.json()["decision"], "allow");
    assert_eq!(ws.state_bytes().unwrap(), bytes);
    // No run: errors do not block by default.
    let idle = Ws::new();
    let out = idle.hook(
        "tool_call",
        "codewhale",
        "tool_call_before.edit",
        &[("DEEPSEEK_TOOL_NAME", "")],
        None,
    );
    out.code(65);
    assert_eq!(out.json()["decision"], "allow");
    // message_submit with neither stdin text nor DEEPSEEK_MESSAGE.
    let out = ws.hook(
        "message_submit",
        "codewhale",
        "message_submit",
        &[("DEEPSEEK_MESSAGE", "")],
        Some(""),
    );
    out.code(65);
}

#[test]
fn unknown_event_or_flag_is_64() {
    let ws = Ws::new();
    let out = ws.run(&["tool_called"]);
    out.code(64);
    no_panic(&out);
    assert!(
        out.stderr
            .starts_with("flowgate: unrecognized subcommand 'tool_called'"),
        "{}",
        out.stderr
    );
    ws.run(&["status", "--bogus"]).code(64);
    ws.run(&[]).code(64);
    let out = ws.run(&["tool_call", "--host", "vscode"]);
    out.code(64);
    assert!(out.stderr.contains("unknown host \"vscode\""));
    ws.run(&["--help"]).ok();
}

#[test]
fn unknown_workflow_is_64_with_a_suggestion() {
    let (ws, bytes) = busy();
    ws.run(&["cancel"]).ok();
    let bytes2 = ws.state_bytes().unwrap();
    assert_ne!(bytes, bytes2);
    let out = ws.run(&["start", "bugfx", "x"]);
    out.code(64);
    assert_eq!(
        out.stderr.trim(),
        "flowgate: unknown workflow \"bugfx\" (did you mean \"bugfix\"?). Available: bugfix, rpir, tdd"
    );
    let out = ws.message("@flow start nope thing");
    out.code(2);
    assert!(
        out.reason().contains("unknown workflow “nope”")
            || out.reason().contains("unknown workflow"),
        "{}",
        out.reason()
    );
    assert_eq!(ws.state_bytes().unwrap(), bytes2);
}

#[test]
fn invalid_toml_is_78_located() {
    let (ws, bytes) = busy();
    ws.write(
        ".flowgate/workflows/broken.toml",
        "name = \"B\"\n[[phases]\nid = 1\n",
    );
    let out = ws.run(&["validate"]);
    out.code(78);
    let first = out.stderr.lines().next().unwrap();
    assert!(
        first.ends_with(
            "broken.toml:2:9: invalid TOML: unclosed array of tables header; expected `]]`"
        ) || first.contains("broken.toml:2:"),
        "{first}"
    );
    let out = ws.run(&["start", "broken", "x"]);
    out.code(78);
    assert!(out.stderr.contains("broken.toml:2:"), "{}", out.stderr);
    // A broken config stops every command with 78 and its location.
    ws.write(".flowgate/config.toml", "max_auto_continue = \"lots\"\n");
    let out = ws.run(&["status"]);
    out.code(78);
    assert!(
        out.stderr.contains(
            "config.toml:1:21: \"max_auto_continue\" must be a whole number, found a string"
        ),
        "{}",
        out.stderr
    );
    let out = ws.cw("tool_call", "tool_call_before.edit");
    out.code(78);
    assert_eq!(
        out.json()["decision"],
        "deny",
        "a run is active: fail closed"
    );
    assert_eq!(ws.state_bytes().unwrap(), bytes);
}

#[test]
fn corrupt_state_is_reported_then_moved_aside() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/state.json",
        "{\"version\": 1, \"generation\": 3, \"run\": ",
    );
    let out = ws.run(&["status"]);
    out.code(1);
    no_panic(&out);
    assert!(
        out.stderr.contains("state.json is unreadable"),
        "{}",
        out.stderr
    );
    let out = ws.cw("tool_call", "tool_call_before.read");
    out.code(1);
    assert_eq!(
        out.json()["decision"],
        "deny",
        "unreadable state: fail closed"
    );
    // flowgate's own commands still go through, so the agent is never stuck.
    ws.bash("flowgate todo list").code(1);
    // The next writer moves it aside, reports it, and nothing is lost.
    let out = ws.run(&["todo", "write", "a"]);
    out.ok();
    assert!(out.stderr.contains("was moved to"), "{}", out.stderr);
    let aside: Vec<_> = std::fs::read_dir(ws.path().join(".flowgate"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("state.corrupt-")
        })
        .collect();
    assert_eq!(
        std::fs::read_to_string(aside[0].path()).unwrap(),
        "{\"version\": 1, \"generation\": 3, \"run\": "
    );
    // A newer schema version is refused rather than misread or moved aside.
    ws.write(
        ".flowgate/state.json",
        "{\"version\": 99, \"generation\": 1}",
    );
    let out = ws.run(&["status"]);
    out.code(1);
    assert!(
        out.stderr
            .contains("written by a newer flowgate (state schema 99"),
        "{}",
        out.stderr
    );
}

#[test]
fn lock_held_elsewhere_is_1_naming_the_lock() {
    let (ws, bytes) = busy();
    ws.write(".flowgate/config.toml", "lock_timeout_ms = 200\n");
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(ws.path().join(".flowgate/state.lock"))
        .unwrap();
    lock.lock().unwrap();
    let out = ws.run(&["todo", "append", "b"]);
    out.code(1);
    no_panic(&out);
    assert!(
        out.stderr.contains("timed out after 200 ms waiting for")
            && out.stderr.contains("state.lock"),
        "{}",
        out.stderr
    );
    // Read-only events do not need the lock.
    ws.cw("tool_call", "tool_call_before.read").ok();
    drop(lock);
    assert_eq!(ws.state_bytes().unwrap(), bytes);
    ws.run(&["todo", "append", "b"]).ok();
}
