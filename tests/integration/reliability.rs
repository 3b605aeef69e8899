//! Issue 11, the edges: refusals, errors nobody was told about, files
//! written where they must not be, unbounded growth, inputs read wrongly.
//! Each test failed on the main branch before the fix it guards.

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::{Out, Ws, fixture};

/// The journal's entries.
fn journal(ws: &Ws) -> Vec<Value> {
    std::fs::read_to_string(ws.path().join(".flowgate/journal.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every file and directory under `dir`, relative, sorted.
fn tree(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            out.push(p.strip_prefix(dir).unwrap().display().to_string());
            if e.file_type().unwrap().is_dir() {
                stack.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A Claude Code hook with this payload (the fixture's, edited).
fn claude(ws: &Ws, event: &str, fixture_name: &str, edit: impl FnOnce(&mut Value)) -> Out {
    let fx = fixture("claude", fixture_name);
    let mut payload: Value = serde_json::from_str(fx["stdin"].as_str().unwrap()).unwrap();
    edit(&mut payload);
    Ws::exec(
        ws.command(&[event, "--host", "claude"]),
        &payload.to_string(),
    )
}

#[test]
fn refusals_exit_64_in_one_style_and_cancelling_nothing_is_done() {
    let ws = Ws::new();
    let no_error_prefix = |o: &Out| {
        assert!(o.stderr.starts_with("flowgate: "), "{}", o.stderr);
        assert!(!o.stderr.contains("Error:"), "{}", o.stderr);
        assert_eq!(o.stderr.trim_end().lines().count(), 1, "{}", o.stderr);
    };
    // No run yet.
    no_error_prefix(&ws.run(&["step", "next"]).code(64));
    no_error_prefix(&ws.run(&["todo", "start", "99"]).code(64));
    no_error_prefix(&ws.run(&["todo", "append", ""]).code(64));
    assert!(
        ws.run(&["step", "cancel"])
            .ok()
            .stdout
            .contains("No active workflow")
    );
    assert!(
        ws.run(&["step", "cancel", "--confirm"])
            .ok()
            .stdout
            .contains("No active workflow")
    );
    assert!(
        ws.run(&["cancel"])
            .ok()
            .stdout
            .contains("No active workflow")
    );
    ws.run(&["start", "bugfix", "a bug"]).ok();
    no_error_prefix(&ws.run(&["start", "bugfix", "another"]).code(64));
    ws.run(&["todo", "write", "a"]).ok();
    let o = ws.run(&["todo", "complete", "5"]).code(64);
    no_error_prefix(&o);
    assert!(o.stderr.contains("out of range (0 to 0)"), "{}", o.stderr);
}

#[test]
fn every_failed_or_refused_command_is_journaled() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "a"]).ok();
    ws.run(&["start", "bugfx", "x"]).code(64);
    ws.run(&["todo", "start", "99"]).code(64);
    ws.run(&["stauts"]).code(64);
    let j = journal(&ws);
    let events: Vec<(&str, &str)> = j
        .iter()
        .map(|e| {
            (
                e["event"].as_str().unwrap(),
                e["decision"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        events[1..],
        [
            ("command start", "refused"),
            ("command todo start", "refused"),
            ("command", "refused"),
        ],
        "{j:?}"
    );
    assert!(j[1]["reason"].as_str().unwrap().contains("bugfx"));
    assert!(j[2]["reason"].as_str().unwrap().contains("out of range"));
}

#[test]
fn a_failing_command_still_says_the_corrupt_state_was_moved_aside() {
    for args in [
        vec!["step", "next"],
        vec!["step", "cancel", "--confirm"],
        vec!["todo", "start", "0"],
    ] {
        let ws = Ws::new();
        ws.run(&["start", "bugfix", "x"]).ok();
        let state = ws.path().join(".flowgate/state.json");
        let bytes = std::fs::read(&state).unwrap();
        std::fs::write(&state, &bytes[..bytes.len() / 2]).unwrap();
        let o = ws.run(&args);
        if o.code != 0 {
            assert!(
                o.stderr.contains("was unreadable"),
                "{args:?}: {}",
                o.stderr
            );
            assert!(
                o.stderr.contains("state.corrupt-"),
                "{args:?}: {}",
                o.stderr
            );
        } else {
            assert!(
                format!("{}{}", o.stdout, o.stderr).contains("state.corrupt-"),
                "{args:?}: {o:?}"
            );
        }
        assert!(
            tree(&ws.path().join(".flowgate"))
                .iter()
                .any(|n| n.starts_with("state.corrupt-")),
            "{args:?}"
        );
    }
}

/// A TodoWrite whose list cannot be stored (the lock is held by a stuck
/// process) is allowed, and the agent and the user are told.
#[test]
fn a_mirrored_todo_list_that_cannot_be_stored_is_not_dropped_silently() {
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", "lock_timeout_ms = 50\n");
    ws.run(&["start", "bugfix", "x"]).ok();
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(ws.path().join(".flowgate/state.lock"))
        .unwrap();
    lock.lock().unwrap();

    let o = claude(&ws, "tool_call", "PreToolUse.todowrite", |_| {}).ok();
    let answer = o.json();
    let told = answer["systemMessage"].as_str().unwrap_or_default();
    assert!(told.contains("could not record"), "{answer}");
    assert!(told.contains("state.lock"), "{answer}");
    assert_ne!(
        answer["hookSpecificOutput"]["permissionDecision"], "deny",
        "{answer}"
    );

    let o = ws.cw("tool_call", "tool_call_before.todo_write").ok();
    let answer = o.json();
    assert_eq!(answer["decision"], "allow", "{answer}");
    let told = answer["additionalContext"].as_str().unwrap_or_default();
    assert!(told.contains("could not record"), "{answer}");
    drop(lock);
    assert_eq!(ws.state()["todos"], json!([]), "nothing was stored");
}

#[test]
fn a_todo_list_over_the_limits_is_not_tracked_and_the_agent_is_told() {
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", "[todos]\nmax_items = 2\n");
    ws.run(&["start", "bugfix", "x"]).ok();
    let o = ws.cw("tool_call", "tool_call_before.todo_write").ok();
    let told = o.json()["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(told.contains("did not track"), "{}", o.stdout);
}

#[test]
fn no_directory_is_created_for_a_workspace_that_does_not_exist() {
    let scratch = tempfile::tempdir().unwrap();
    let missing = scratch.path().join("not/there");
    let ws = Ws::new();
    let o = ws.run(&[
        "--workspace",
        missing.to_str().unwrap(),
        "todo",
        "append",
        "x",
    ]);
    assert_ne!(o.code, 0);
    assert!(o.stderr.contains("does not exist"), "{}", o.stderr);
    assert!(!scratch.path().join("not").exists());

    // A payload whose cwd does not exist, or is relative.
    for cwd in [missing.to_str().unwrap(), "rel/dir"] {
        let fx = fixture("claude", "UserPromptSubmit.flow_start");
        let mut payload: Value = serde_json::from_str(fx["stdin"].as_str().unwrap()).unwrap();
        payload["cwd"] = json!(cwd);
        let mut cmd = ws.command(&["message_submit", "--host", "claude"]);
        cmd.env_remove("FLOWGATE_WORKSPACE")
            .current_dir(scratch.path());
        Ws::exec(cmd, &payload.to_string());
        assert!(!scratch.path().join("not").exists(), "{cwd}");
        assert!(!scratch.path().join("rel").exists(), "{cwd}");
    }
}

#[test]
fn replay_never_leaves_its_scratch_copy() {
    let real = Ws::new();
    real.run(&["todo", "write", "mine"]).ok();
    let before = std::fs::read(real.path().join(".flowgate/state.json")).unwrap();
    let other = Ws::new();
    let line =
        json!({"cli": ["--workspace", real.path().to_str().unwrap(), "todo", "append", "evil"]});
    other.write("calls.jsonl", &format!("{line}\n"));
    let o = other.run(&["replay", "calls.jsonl"]).code(65);
    assert!(o.stderr.contains("calls.jsonl:1"), "{}", o.stderr);
    assert_eq!(
        std::fs::read(real.path().join(".flowgate/state.json")).unwrap(),
        before
    );
}

#[test]
fn a_huge_tool_name_is_journaled_bounded() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "a"]).ok();
    let name = "x".repeat(10 * 1024 * 1024);
    for _ in 0..3 {
        claude(&ws, "tool_call", "PreToolUse.read", |p| {
            p["tool_name"] = json!(name);
        });
    }
    let size = std::fs::metadata(ws.path().join(".flowgate/journal.jsonl"))
        .unwrap()
        .len();
    assert!(size < 64 * 1024, "the journal holds {size} bytes");
}

#[test]
fn counters_do_not_wrap() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "a"]).ok();
    let mut state = ws.state();
    state["generation"] = json!(u64::MAX);
    ws.write_state(state);
    ws.run(&["todo", "append", "b"]).ok();
    assert_eq!(ws.generation(), u64::MAX);
}

#[test]
fn a_codewhale_tool_call_does_not_wait_for_stdin() {
    let ws = Ws::new();
    let fx = fixture("codewhale", "tool_call_before.read");
    let mut cmd = ws.command(&["tool_call", "--host", "codewhale"]);
    for (k, v) in fx["env"].as_object().unwrap() {
        cmd.env(k, v.as_str().unwrap());
    }
    // stdin stays open, as a pipe nobody closes.
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    drop(stdin);
    assert_eq!(
        status.and_then(|s| s.code()),
        Some(0),
        "the call waited for stdin to close"
    );
}

#[test]
fn stop_hook_active_of_a_wrong_type_is_refused_not_read_as_false() {
    let ws = Ws::new();
    let o = claude(&ws, "agent_end", "Stop", |p| {
        p["stop_hook_active"] = json!("yes");
    });
    assert_eq!(o.code, 65, "{o:?}");
    assert!(o.stderr.contains("stop_hook_active"), "{}", o.stderr);
    let mut cmd = ws.command(&["agent_end", "--host", "codewhale"]);
    cmd.stdin(Stdio::piped());
    let o = Ws::exec(
        cmd,
        &json!({"event": "agent_end", "stop_hook_active": 1}).to_string(),
    );
    assert_eq!(o.code, 65, "{o:?}");
}

#[cfg(unix)]
#[test]
fn a_tool_name_that_is_not_utf8_is_called_so() {
    use std::os::unix::ffi::OsStrExt;
    let ws = Ws::new();
    let mut cmd = ws.command(&["tool_call", "--host", "codewhale"]);
    cmd.env(
        "DEEPSEEK_TOOL_NAME",
        std::ffi::OsStr::from_bytes(b"wr\xffite"),
    )
    .env("DEEPSEEK_TOOL_ARGS", "{}");
    let o = Ws::exec(cmd, "");
    assert!(o.stderr.contains("not valid UTF-8"), "{o:?}");
    assert!(!o.stderr.contains("not set"), "{o:?}");
}

/// `init` writes flowgate's own files by the store's rules: a linked
/// `.flowgate/` is refused and nothing lands where it points.
#[cfg(unix)]
#[test]
fn init_never_writes_through_a_linked_flowgate_directory() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(outside.path(), ws.path().join(".flowgate")).unwrap();
    let o = ws.run(&["init", "--host", "claude"]);
    assert_ne!(o.code, 0, "{o:?}");
    assert!(o.stderr.contains("symbolic link"), "{}", o.stderr);
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);
}
