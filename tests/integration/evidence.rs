//! Evidence gates and path rules (issue 15), through the real binary on
//! every host: the built-in `tdd` lets red write only tests and leave only
//! on a failing test run; green writes only the rest and leaves only on a
//! passing one. The test command is a file check the test flips.

use serde_json::{Value, json};

use crate::harness::{Out, Ws};
use crate::leaks::{hook_bytes, is_host_deny, pre_tool_use};

/// "The tests pass" unless `tests/broken` exists.
const CONFIG: &str = "test_command = \"test ! -e tests/broken\"\n";

/// A file write of `path` as each host sends it.
fn write_call(ws: &Ws, host: &str, path: &str) -> Out {
    match host {
        "codewhale" => {
            let args = json!({ "path": path, "content": "x" }).to_string();
            ws.hook(
                "tool_call",
                "codewhale",
                "tool_call_before.write",
                &[("DEEPSEEK_TOOL_ARGS", &args)],
                None,
            )
        }
        _ => {
            let (tool, input): (&str, Value) = match host {
                "claude" => ("Write", json!({ "file_path": path, "content": "x" })),
                "gemini" => ("write_file", json!({ "file_path": path, "content": "x" })),
                _ => (
                    "apply_patch",
                    json!({ "command": format!("*** Begin Patch\n*** Add File: {path}\n+x\n*** End Patch\n") }),
                ),
            };
            let stdin = pre_tool_use(host, tool, input);
            hook_bytes(ws, "tool_call", host, stdin.as_bytes())
        }
    }
}

fn allowed(host: &str, out: &Out) -> bool {
    match host {
        "codewhale" => out.code == 0 && out.json()["decision"] == "allow",
        _ => out.code == 0 && out.stdout.trim().is_empty(),
    }
}

fn phase(ws: &Ws) -> String {
    let s = ws.state();
    let run = &s["run"];
    let top = run["path"].as_array().unwrap().last().unwrap().clone();
    let wf = top["workflow"].as_str().unwrap();
    let i = top["index"].as_u64().unwrap() as usize;
    run["definitions"][wf]["phases"][i]["phase"]["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn tdd_red_green_on_every_host() {
    for host in ["codewhale", "claude", "codex", "gemini"] {
        let ws = Ws::new();
        ws.write(".flowgate/config.toml", CONFIG);
        ws.write("src/lib.rs", "fn x() {}\n");
        std::fs::create_dir_all(ws.path().join("tests")).unwrap();
        ws.run(&["start", "tdd", "parse dates"]).ok();
        assert_eq!(phase(&ws), "red");

        // Red: a source write is denied, naming the rule; a test write is not.
        let out = write_call(&ws, host, "src/lib.rs");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        assert!(
            out.stdout.contains("tests")
                && out.stdout.contains("src")
                && out.stdout.contains("lib.rs"),
            "{host}: the reason names the rule and the path: {}",
            out.stdout
        );
        let out = write_call(&ws, host, "tests/dates.rs");
        assert!(allowed(host, &out), "{host}: {out:?}");

        // Passing tests: red stays and says why.
        let out = ws.run(&["step", "next"]);
        assert_eq!(out.code, 64, "{host}: {out:?}");
        assert!(
            out.stderr.starts_with("flowgate: Staying in"),
            "{host}: {out:?}"
        );
        assert!(
            out.stdout.contains("must fail, but it passed"),
            "{host}: {out:?}"
        );
        assert_eq!(phase(&ws), "red");

        // A failing test run: red is left.
        ws.write("tests/broken", "");
        ws.run(&["step", "next"]).ok();
        assert_eq!(phase(&ws), "green");

        // Green: test files may not change; a failing suite keeps the run.
        let out = write_call(&ws, host, "tests/dates.rs");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        let out = write_call(&ws, host, "src/lib.rs");
        assert!(allowed(host, &out), "{host}: {out:?}");
        let out = ws.run(&["step", "next"]);
        assert_eq!(out.code, 64, "{host}: {out:?}");
        assert!(
            out.stdout.contains("must pass, but it failed (exit 1)"),
            "{host}: {out:?}"
        );
        assert_eq!(phase(&ws), "green");
        std::fs::remove_file(ws.path().join("tests/broken")).unwrap();
        ws.run(&["step", "next"]).ok();
        assert_eq!(phase(&ws), "refactor");
    }
}

#[test]
fn a_path_rule_cannot_be_escaped() {
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", CONFIG);
    ws.write("src/lib.rs", "fn x() {}\n");
    std::fs::create_dir_all(ws.path().join("tests")).unwrap();
    std::os::unix::fs::symlink(ws.path().join("src"), ws.path().join("tests/src_link")).unwrap();
    ws.run(&["start", "tdd", "escape"]).ok();
    let abs = ws.path().join("src/lib.rs").display().to_string();
    for path in [
        "tests/../src/lib.rs",
        "tests/src_link/lib.rs",
        "tests/src_link/new.rs",
        abs.as_str(),
        "/etc/passwd",
        "../outside/tests/a.rs",
    ] {
        for host in ["codewhale", "claude", "codex", "gemini"] {
            let out = write_call(&ws, host, path);
            assert!(is_host_deny(host, &out), "{host} {path}: {out:?}");
        }
    }
    // Shell writes whose target is computed at run time, or not named.
    for cmd in [
        "echo x > \"$(echo src)/lib.rs\"",
        "cp /tmp/x src/lib.rs",
        "sed -i s/a/b/ src/lib.rs",
    ] {
        let out = ws.bash(cmd);
        assert_eq!(out.json()["decision"], "deny", "{cmd}: {out:?}");
    }
    // Reads are never limited.
    let out = ws.bash("cat src/lib.rs");
    assert_eq!(out.json()["decision"], "allow", "{out:?}");
}

#[test]
fn checks_are_validated_with_locations() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/workflows/bad.toml",
        "name = \"Bad\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\nchecks = [{ run = \"cargo test\", expect = \"maybe\" }, { run = \"a && b\" }, { expect = \"pass\" }]\nfiles = { allow = [\"../x\"], deny = [\"y\"] }\n",
    );
    let out = ws.run(&["validate"]);
    assert_eq!(out.code, 78, "{out:?}");
    let all = format!("{}{}", out.stdout, out.stderr);
    for want in [
        "bad.toml:6:",
        "\"expect\" (check 1)",
        "must be \"pass\" or \"fail\"",
        "add shell = true",
        "missing \"run\" (check 3)",
        "must be relative to the workspace",
        "\"allow\" and \"deny\" cannot both be set (files)",
    ] {
        assert!(all.contains(want), "{want}: {all}");
    }
}
