//! The recorded sessions under fixtures/sessions replay cleanly, and a
//! failed expectation makes replay exit 1.

use crate::harness::{Ws, repo};

#[test]
fn recorded_sessions_replay_with_every_expectation_met() {
    let dir = repo().join("fixtures/sessions");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "jsonl") {
            continue;
        }
        n += 1;
        let ws = Ws::new();
        let out = ws.run(&["replay", &path.display().to_string()]);
        out.ok();
        assert!(
            out.stdout.trim_end().ends_with(" 0 failed"),
            "{}:\n{}",
            path.display(),
            out.stdout
        );
    }
    assert!(n >= 2, "at least two recorded sessions");
}

#[test]
fn a_failed_expectation_fails_the_replay() {
    let ws = Ws::new();
    ws.write(
        "bad.jsonl",
        "{\"cli\":[\"start\",\"bugfix\",\"x\"],\"expect_exit\":0}\n{\"host\":\"codewhale\",\"event\":\"tool_call_before\",\"env\":{\"DEEPSEEK_TOOL_NAME\":\"edit\",\"DEEPSEEK_TOOL_ARGS\":\"{}\"},\"expect_exit\":0}\n",
    );
    let out = ws.run(&["replay", "bad.jsonl"]);
    out.code(1);
    assert!(
        out.stdout
            .contains("FAILED (line 2): expected exit 0, got 2"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.trim_end().ends_with("1 passed, 1 failed"));
    ws.write("worse.jsonl", "{\"event\":\"nope\"}\n");
    ws.run(&["replay", "worse.jsonl"]).code(65);
}
