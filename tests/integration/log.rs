//! `flowgate log`: filters (`--blocks`, `--since`, `--event`), JSON lines,
//! and `--follow`, on a real journal written by real hook calls plus a few
//! old entries written by hand in the journal's own format.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::harness::Ws;

/// A workspace with three old entries (2020) and recent ones from real calls.
fn journal_ws() -> Ws {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "login fails"]).ok();
    let old = [
        r#"{"time":"2020-01-01T10:00:00.000Z","event":"tool_call","host":"codewhale","tool":"edit","decision":"deny","reason":"old deny"}"#,
        r#"{"time":"2020-01-01T10:00:01.000Z","event":"message_submit","host":"codewhale","decision":"context"}"#,
        r#"{"time":"2020-06-01T10:00:00.000Z","event":"agent_end","host":"claude","decision":"continue","reason":"old continue"}"#,
    ];
    let path = ws.path().join(".flowgate/journal.jsonl");
    let recent = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{}\n{recent}", old.join("\n"))).unwrap();
    // A recent deny (edit in Diagnose) and a recent allow (read).
    ws.cw("tool_call", "tool_call_before.edit").code(2);
    ws.cw("tool_call", "tool_call_before.read").ok();
    ws
}

#[test]
fn blocks_shows_only_what_was_refused() {
    let ws = journal_ws();
    let out = ws.run(&["log", "--blocks"]).ok().stdout;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].contains("old deny") && lines[1].contains("old continue"),
        "{out}"
    );
    assert!(
        lines[2].contains("tool_call [codewhale] edit (src/login.rs) → deny"),
        "{out}"
    );
}

#[test]
fn since_takes_a_duration_or_a_time() {
    let ws = journal_ws();
    let out = ws.run(&["log", "--since", "10m"]).ok().stdout;
    assert!(!out.contains("2020-"), "{out}");
    assert!(
        out.contains("command start") && out.contains("→ deny"),
        "{out}"
    );
    let out = ws.run(&["log", "--since", "2020-03-01"]).ok().stdout;
    assert!(
        !out.contains("old deny") && out.contains("old continue"),
        "{out}"
    );
    let out = ws
        .run(&["log", "--since", "2020-01-01T10:00:01Z"])
        .ok()
        .stdout;
    assert!(
        !out.contains("old deny") && out.contains("2020-01-01T10:00:01"),
        "{out}"
    );
    let out = ws.run(&["log", "--since", "soon"]);
    out.code(64);
    assert!(
        out.stderr.contains("--since") && out.stderr.contains("10m"),
        "{}",
        out.stderr
    );
}

#[test]
fn event_filters_by_name_or_host_alias() {
    let ws = journal_ws();
    let out = ws.run(&["log", "--event", "tool_call"]).ok().stdout;
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(out.lines().all(|l| l.contains(" tool_call ")), "{out}");
    let alias = ws.run(&["log", "--event", "PreToolUse"]).ok().stdout;
    assert_eq!(alias, out);
    let out = ws.run(&["log", "--event", "command"]).ok().stdout;
    assert!(
        out.lines().count() >= 1 && out.lines().all(|l| l.contains("command ")),
        "{out}"
    );
    let out = ws
        .run(&["log", "--event", "agent_end", "--event", "message_submit"])
        .ok()
        .stdout;
    assert_eq!(out.lines().count(), 2, "{out}");
}

#[test]
fn json_prints_the_entries_as_json_lines() {
    let ws = journal_ws();
    let out = ws
        .run(&["log", "--json", "--blocks", "-n", "2"])
        .ok()
        .stdout;
    let entries: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(entries.len(), 2, "{out}");
    assert_eq!(entries[0]["reason"], "old continue");
    assert_eq!(entries[1]["decision"], "deny");
    assert_eq!(entries[1]["tool"], "edit (src/login.rs)");
}

#[test]
fn n_counts_matching_entries() {
    let ws = journal_ws();
    let out = ws.run(&["log", "--blocks", "-n", "1"]).ok().stdout;
    assert_eq!(out.lines().count(), 1);
    assert!(out.contains("edit (src/login.rs) → deny"), "{out}");
    assert_eq!(ws.run(&["log", "-n", "0"]).ok().stdout, "");
    let none = ws.run(&["log", "--event", "session_start"]).ok().stdout;
    assert_eq!(none.trim(), "No journal entries match.");
}

#[test]
fn follow_prints_new_entries_until_its_time_is_up() {
    let ws = journal_ws();
    let mut cmd: Command = ws.command(&["log", "--follow", "--for", "3s", "--blocks", "-n", "1"]);
    let child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(ws.path().join(".flowgate/journal.jsonl"))
        .unwrap();
    writeln!(f, r#"{{"time":"2030-01-01T00:00:00.000Z","event":"tool_call","host":"codex","tool":"apply_patch","decision":"deny","reason":"late deny"}}"#).unwrap();
    writeln!(f, r#"{{"time":"2030-01-01T00:00:01.000Z","event":"tool_call","host":"codex","tool":"Read","decision":"pass"}}"#).unwrap();
    drop(f);
    let started = std::time::Instant::now();
    let o = child.wait_with_output().unwrap();
    assert!(started.elapsed().as_secs() < 10, "--for bounds --follow");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].contains("edit (src/login.rs) → deny"), "{out}");
    assert!(lines[1].contains("apply_patch → deny: late deny"), "{out}");
}
