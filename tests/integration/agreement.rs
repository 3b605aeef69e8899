//! `explain` and the hooks decide the same: every command of the shell
//! corpus and every tool of every group, in every phase of every built-in
//! workflow, on every host. The hook's answer is read back from the host's
//! own output shape; explain's from its `--json` line. Both run in-process
//! (the whole matrix is tens of thousands of calls); `leaks.rs` and the
//! host tests run the same paths as processes.

use std::path::Path;

use flowgate::app::App;
use flowgate::cli::explain;
use flowgate::cli::hook;
use flowgate::engine::event::EventKind;
use flowgate::host::Host;
use serde_json::{Value, json};

const HOSTS: [Host; 4] = [Host::Codewhale, Host::Claude, Host::Codex, Host::Gemini];

fn corpus() -> Vec<String> {
    let mut out = Vec::new();
    for name in ["writes.txt", "readonly.txt"] {
        let path = format!("{}/tests/shell-corpus/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        for l in text.lines() {
            if l.trim().is_empty() || l.starts_with('#') {
                continue;
            }
            let (cmd, _) = l.rsplit_once('\t').unwrap();
            out.push(cmd.replace('⏎', "\n"));
        }
    }
    out
}

/// The hook's decision: ("allow" | "deny", reason) from the host's answer.
fn hook_decision(ws: &Path, host: Host, tool: &str, input: &Value) -> (String, Option<String>) {
    let (stdin, env): (String, Vec<(&str, String)>) = match host {
        Host::Codewhale => (
            String::new(),
            vec![
                ("DEEPSEEK_TOOL_NAME", tool.to_string()),
                ("DEEPSEEK_TOOL_ARGS", input.to_string()),
            ],
        ),
        _ => {
            let mut v = json!({
                "session_id": "s-1",
                "cwd": "/home/dev/shop",
                "hook_event_name": if host == Host::Gemini { "BeforeTool" } else { "PreToolUse" },
                "tool_name": tool,
                "tool_input": input,
            });
            if host == Host::Codex {
                v["turn_id"] = json!("t-1");
            }
            (v.to_string(), Vec::new())
        }
    };
    let lookup = |k: &str| env.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
    let out = hook::respond(
        Some(ws),
        EventKind::ToolCall,
        Some(host.name()),
        Ok(stdin.into_bytes()),
        &lookup,
    );
    let v: Value = if out.stdout.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&out.stdout).unwrap()
    };
    let deny = match host {
        Host::Codewhale => v["decision"] == "deny",
        Host::Gemini => v["decision"] == "deny",
        _ => v.pointer("/hookSpecificOutput/permissionDecision") == Some(&json!("deny")),
    };
    assert!(
        deny || out.stderr.is_empty(),
        "an allow has no error: {}",
        out.stderr
    );
    let reason = match host {
        // CodeWhale's reasons are made safe for its sanitiser; compare the
        // decision only.
        Host::Codewhale => None,
        Host::Gemini => v["reason"].as_str().map(str::to_string),
        _ => v
            .pointer("/hookSpecificOutput/permissionDecisionReason")
            .and_then(Value::as_str)
            .map(str::to_string),
    };
    (if deny { "deny" } else { "allow" }.to_string(), reason)
}

fn explain_decision(app: &App, host: Host, what: explain::What) -> (String, Option<String>) {
    let args = explain::Args {
        what,
        host: Some(host.name().into()),
        json: true,
    };
    let out = explain::run(app, &args).unwrap_or_else(|f| panic!("{}", f.message));
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    (
        v["decision"].as_str().unwrap().to_string(),
        v["reason"].as_str().map(str::to_string),
    )
}

/// Both decide; they must agree. Returns whether the call was denied.
fn agree(
    app: &App,
    host: Host,
    tool: &str,
    input: Value,
    what: explain::What,
    place: &str,
) -> bool {
    let (h, h_reason) = hook_decision(&app.workspace, host, tool, &input);
    let (e, e_reason) = explain_decision(app, host, what);
    assert_eq!(h, e, "{place}, {host:?}, {tool} {input}");
    // Codex adds its own full stop after a denial's reason, so flowgate
    // leaves its one out there.
    let e_reason = match host {
        Host::Codex => e_reason.map(|r| r.strip_suffix('.').map_or(r.clone(), str::to_string)),
        _ => e_reason,
    };
    if host != Host::Codewhale {
        assert_eq!(h_reason, e_reason, "{place}, {host:?}, {tool} {input}");
    }
    h == "deny"
}

#[test]
fn explain_and_the_hook_decide_the_same_everywhere() {
    let commands = corpus();
    let mut checked = 0usize;
    let mut denied = 0usize;
    for host in HOSTS {
        for key in ["bugfix", "rpir", "tdd"] {
            let dir = tempfile::tempdir().unwrap();
            std::fs::create_dir_all(dir.path().join(".flowgate")).unwrap();
            // tdd's checks: "tests" pass while `.flowgate/pass` exists.
            std::fs::write(
                dir.path().join(".flowgate/config.toml"),
                "test_command = \"test -e .flowgate/pass\"\n",
            )
            .unwrap();
            let app = App::open(dir.path().to_path_buf()).unwrap();
            app.start(key, "agree", false, None, host).unwrap();
            for _ in 0..12 {
                let state = app.store.load().unwrap();
                let Some(run) = state.active_run() else {
                    break;
                };
                let place = format!("{key} {}", run.phase().id);
                let shell = host.tools().shell_tool();
                for cmd in &commands {
                    let input = json!({ "command": cmd });
                    let what = explain::What::Shell {
                        command: cmd.clone(),
                    };
                    denied += usize::from(agree(&app, host, shell, input, what, &place));
                    checked += 1;
                }
                for (_, members) in host.tools().groups {
                    for tool in *members {
                        let input = json!({ "command": "ls", "file_path": "src/a.rs" });
                        let what = explain::What::Tool {
                            name: tool.to_string(),
                            input: Some(input.to_string()),
                        };
                        agree(&app, host, tool, input, what, &place);
                        checked += 1;
                    }
                }
                if app.step_next(None).is_err() {
                    // A check did not hold: flip the test outcome and retry.
                    let pass = dir.path().join(".flowgate/pass");
                    if pass.exists() {
                        std::fs::remove_file(&pass).unwrap();
                    } else {
                        std::fs::write(&pass, "").unwrap();
                    }
                    app.step_next(None).unwrap();
                }
            }
        }
    }
    eprintln!("explain and the hook agreed on {checked} calls ({denied} shell denials)");
    assert!(checked > 10_000, "{checked}");
    assert!(denied > 1_000, "the matrix exercises denials: {denied}");
}
