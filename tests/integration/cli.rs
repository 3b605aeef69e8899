//! Command-line behaviour: validate, list, init, status, step edge cases.

use crate::harness::{Ws, repo};

#[test]
fn validate_reports_every_error_with_location() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/workflows/plan.toml",
        "name = \"Plan\"\nloopable = 1\n[[phases]]\nid = \"plan\"\nname = \"Plan\"\ninstructions = \"x\"\ntools = { alow = [\"read\"] }\n[[phases]]\nid = \"plan\"\nname = \"Again\"\ninstructions_file = \"../../secret.md\"\n[[phases]]\nsubworkflow = \"ghost\"\n",
    );
    ws.write(
        ".flowgate/workflows/uses-plan.toml",
        "name = \"U\"\n[[phases]]\nsubworkflow = \"plan\"\n",
    );
    let out = ws.run(&["validate"]);
    out.code(78);
    let err = &out.stderr;
    for want in [
        "plan.toml:2:12: \"loopable\" must be true or false, found a number",
        "plan.toml:7:11: unknown key \"alow\" (tools) in phase \"plan\" (did you mean \"allow\"?)",
        "plan.toml:9:6: duplicate phase id \"plan\"",
        "escapes the workflows directory",
        "uses-plan.toml:3:15: subworkflow \"plan\" is invalid",
    ] {
        assert!(err.contains(want), "missing {want:?} in\n{err}");
    }
    assert!(err.lines().last().unwrap().ends_with("problem(s) found"));
    // validate FILE checks just that file.
    let out = ws.run(&[
        "validate",
        &repo()
            .join("src/workflow/builtin/bugfix.toml")
            .display()
            .to_string(),
    ]);
    out.ok();
    // list shows the good ones with their source and flags the bad ones.
    let out = ws.run(&["list"]);
    assert!(
        out.ok()
            .stdout
            .contains("bugfix           Bug Fix  (built-in)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("plan             INVALID"),
        "{}",
        out.stdout
    );
}

#[test]
fn list_shows_overrides() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/workflows/bugfix.toml",
        "name = \"Our Bug Fix\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n",
    );
    ws.write("home/workflows/tdd.toml", "");
    let out = ws.run(&["list"]);
    let line = out
        .ok()
        .stdout
        .lines()
        .find(|l| l.starts_with("bugfix"))
        .unwrap()
        .to_string();
    assert!(
        line.contains("Our Bug Fix")
            && line.contains("project:")
            && line.contains("overrides built-in"),
        "{line}"
    );
}

#[test]
fn init_creates_the_sample_and_prints_hooks_matching_the_example_file() {
    let ws = Ws::new();
    let out = ws.run(&["init", "--host", "codewhale"]);
    out.ok();
    assert!(ws.path().join(".flowgate/workflows/example.toml").is_file());
    ws.run(&["validate"]).ok();
    let printed = out.stdout.split_once("\n\n").unwrap().1.to_string();
    assert!(
        printed.contains(&format!(
            "command = \"{} tool_call --host codewhale\"",
            crate::harness::BIN
        )),
        "{printed}"
    );
    // hooks.example.toml is the same config with `flowgate` on PATH.
    let example = std::fs::read_to_string(repo().join("hooks.example.toml")).unwrap();
    assert_eq!(
        example.trim_end(),
        printed.replace(crate::harness::BIN, "flowgate").trim_end()
    );
    // Idempotent: nothing is overwritten.
    ws.write(".flowgate/workflows/example.toml", "# mine\n");
    ws.run(&["init"]).ok();
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".flowgate/workflows/example.toml")).unwrap(),
        "# mine\n"
    );
    // The sample workflow runs.
    ws.write(
        ".flowgate/workflows/example.toml",
        &std::fs::read_to_string(repo().join("fixtures/workflows/example.toml")).unwrap(),
    );
    ws.run(&["start", "example", "try it"]).ok();
}

#[test]
fn step_commands_without_a_run_and_cancel_confirmation() {
    let ws = Ws::new();
    let out = ws.run(&["step", "next"]);
    out.code(64);
    assert!(out.stderr.contains("No active workflow"));
    assert!(
        ws.run(&["step", "status"])
            .ok()
            .stdout
            .starts_with("No active workflow")
    );
    ws.run(&["start", "bugfix", "parse dates"]).ok();
    let out = ws.run(&["step", "cancel"]);
    assert!(out.ok().stdout.contains("Confirm cancellation"));
    assert_eq!(
        ws.state()["run"]["status"],
        "active",
        "asking is not cancelling"
    );
    ws.run(&["step", "next"]).ok();
    assert_eq!(
        ws.state()["run"]["status"],
        "active",
        "no confirmation leaks into a later step"
    );
    let out = ws.run(&["step", "cancel"]);
    assert!(out.ok().stdout.contains("Confirm cancellation"));
    let out = ws.run(&["step", "cancel", "--confirm"]);
    assert!(out.ok().stdout.starts_with("Workflow cancelled"));
    assert_eq!(ws.state()["run"]["status"], "cancelled");
    // Starting over is allowed once nothing is active; a second start is refused.
    ws.run(&["start", "tdd", "again"]).ok();
    let out = ws.run(&["start", "bugfix", "other"]);
    out.code(64);
    assert!(out.stderr.contains("already active"));
    ws.run(&["start", "--replace", "bugfix", "other"]).ok();
    assert_eq!(ws.state()["run"]["workflow"], "bugfix");
}

#[test]
fn status_forms() {
    let ws = Ws::new();
    assert_eq!(ws.run(&["status", "--line"]).ok().stdout, "");
    ws.run(&["start", "bugfix", "login"]).ok();
    ws.run(&["todo", "write", "a", "b", "c"]).ok();
    ws.run(&["todo", "complete", "0"]).ok();
    ws.run(&["todo", "abandon", "1"]).ok();
    assert_eq!(
        ws.run(&["status", "--line"]).ok().stdout.trim(),
        "Bug Fix > 🔬 Diagnose [1/3]  📋 2/3"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ws.run(&["status", "--json"]).ok().stdout).unwrap();
    assert_eq!(v["run"]["phase"], "diagnose");
    assert_eq!(v["todo_counts"]["done"], 2);
    let text = ws.run(&["status"]).ok().stdout;
    assert!(
        text.contains("**Phase:** 🔬 Diagnose [1/3]") && text.contains("– [2] c"),
        "{text}"
    );
    let text = ws.run(&["log", "-n", "3"]).ok().stdout;
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains("command todo"), "{text}");
}

#[test]
fn flow_status_and_list_block_the_message_with_an_answer() {
    let ws = Ws::new();
    let out = ws.message("@flow list");
    out.code(2);
    assert_eq!(out.reason(), "Workflows here are bugfix, rpir, tdd.");
    let out = ws.message("@flow status");
    out.code(2);
    assert_eq!(out.reason(), "No active workflow and no todos.");
    let out = ws.message("@flow");
    out.code(2);
    assert!(
        out.reason()
            .starts_with("flowgate commands are @flow start")
    );
    ws.message("@flow start tdd parse dates").ok();
    let out = ws.message("@flow start bugfix other");
    out.code(2);
    assert!(out.reason().contains("already active"));
    assert_eq!(
        ws.message("@flow status").reason(),
        "Test-Driven Development, phase 🔴 Red, step 1 of 3."
    );
}

#[test]
fn texts_use_the_tool_names_of_the_host_that_started_the_run() {
    let ws = Ws::new();
    // Started from CodeWhale (an @flow message): CodeWhale's names.
    ws.message("@flow start bugfix x").ok();
    assert!(ws.run(&["step", "status"]).ok().stdout.contains("Diagnose"));
    assert_eq!(ws.state()["run"]["host"], "codewhale");
    // Started by Claude Code's agent through its shell: Claude's names.
    let ws = Ws::new();
    let mut cmd = ws.command(&["start", "bugfix", "x"]);
    cmd.env("CLAUDECODE", "1");
    Ws::exec(cmd, "").ok();
    assert_eq!(ws.state()["run"]["host"], "claude");
    let out = ws.run(&["explain", "shell", "echo hi > notes.txt"]);
    assert!(out.ok().stdout.contains("Write, Edit"), "{}", out.stdout);
}
