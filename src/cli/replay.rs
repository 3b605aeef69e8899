//! `flowgate replay FILE`: run a recorded stream of host calls against a
//! scratch copy of the workspace, one real `flowgate` process per call, and
//! print one line per call. Exits 1 if an expectation fails.
//!
//! Each line of FILE is a JSON object:
//! `{"host":"codewhale","event":"tool_call_before","env":{…},"stdin":"…",
//!   "expect_exit":2,"expect":["substring",…],"note":"…"}`, or, for what
//! the agent runs in its shell, `{"cli":["step","next"], …}`. Lines that are
//! blank or start with `//` are skipped.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Deserialize;

use super::Output;
use crate::app::resolve_workspace;
use crate::engine::event::EventKind;
use crate::exit::{ExitStatus, Failure};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The recorded session (JSON lines).
    pub file: PathBuf,
    /// Print each answer's stdout under its line.
    #[arg(long, short)]
    pub verbose: bool,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Call {
    #[serde(default)]
    host: Option<String>,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    cli: Option<Vec<String>>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    #[serde(default)]
    stdin: String,
    #[serde(default)]
    expect_exit: Option<i32>,
    #[serde(default)]
    expect: Vec<String>,
    #[serde(default)]
    expect_not: Vec<String>,
    #[serde(default)]
    note: Option<String>,
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let target = to.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_dir(&e.path(), &target)?;
        } else {
            std::fs::copy(e.path(), target)?;
        }
    }
    Ok(())
}

fn one_line(s: &str, max: usize) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() > max {
        format!("{}…", flat.chars().take(max).collect::<String>())
    } else {
        flat
    }
}

/// The reason or text of an answer, for the printed line.
fn summary(stdout: &str, stderr: &str) -> String {
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(stdout) {
        for k in ["reason", "text", "systemMessage"] {
            if let Some(s) = v.get(k).and_then(|x| x.as_str()) {
                return one_line(s, 110);
            }
        }
        if let Some(d) = v.get("decision").and_then(|x| x.as_str()) {
            return d.to_string();
        }
    }
    if !stdout.trim().is_empty() {
        return one_line(stdout, 110);
    }
    one_line(stderr, 110)
}

pub fn run(flag: Option<&Path>, args: &Args) -> Result<Output, Failure> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::runtime(format!("cannot read {}: {e}", args.file.display())))?;
    let mut calls = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        let call: Call = serde_json::from_str(t)
            .map_err(|e| Failure::input(format!("{}:{}: {e}", args.file.display(), i + 1)))?;
        if call.cli.is_none() && call.event.is_none() {
            return Err(Failure::input(format!(
                "{}:{}: a call needs \"event\" or \"cli\"",
                args.file.display(),
                i + 1
            )));
        }
        // Replay runs in its scratch copy and nowhere else.
        if let Some(flag) = call
            .cli
            .iter()
            .flatten()
            .find(|a| a.as_str() == "--workspace" || a.starts_with("--workspace="))
        {
            return Err(Failure::input(format!(
                "{}:{}: \"{flag}\" would leave the scratch workspace; replay runs every call in its own copy, so remove the flag from the line",
                args.file.display(),
                i + 1
            )));
        }
        if let Some(ev) = &call.event
            && EventKind::parse(ev).is_none()
        {
            return Err(Failure::input(format!(
                "{}:{}: unknown event \"{ev}\"",
                args.file.display(),
                i + 1
            )));
        }
        calls.push((i + 1, call));
    }
    let scratch = tempfile::tempdir()
        .map_err(|e| Failure::runtime(format!("cannot make a scratch directory: {e}")))?;
    let ws = scratch.path().join("workspace");
    let home = scratch.path().join("home");
    std::fs::create_dir_all(&ws)
        .and_then(|_| std::fs::create_dir_all(&home))
        .map_err(|e| Failure::runtime(e.to_string()))?;
    let source = resolve_workspace(flag, None).join(".flowgate");
    if source.is_dir() {
        copy_dir(&source, &ws.join(".flowgate"))
            .map_err(|e| Failure::runtime(format!("cannot copy {}: {e}", source.display())))?;
        for f in ["state.json", "journal.jsonl", "state.lock"] {
            let _ = std::fs::remove_file(ws.join(".flowgate").join(f));
        }
    }
    let exe = std::env::current_exe()
        .map_err(|e| Failure::runtime(format!("cannot find this binary: {e}")))?;
    let mut out = vec![format!(
        "replaying {} ({} calls) in a scratch workspace",
        args.file.display(),
        calls.len()
    )];
    let mut failures = 0;
    for (n, (line_no, call)) in calls.iter().enumerate() {
        let mut cmd = Command::new(&exe);
        let label = match (&call.cli, &call.event) {
            (Some(argv), _) => {
                cmd.args(argv);
                format!("$ flowgate {}", argv.join(" "))
            }
            (None, Some(event)) => {
                cmd.arg(event);
                if let Some(h) = &call.host {
                    cmd.args(["--host", h]);
                }
                match (
                    call.env.get("DEEPSEEK_TOOL_NAME"),
                    call.env.get("DEEPSEEK_TOOL_ARGS"),
                ) {
                    (Some(tool), Some(args)) if tool == "bash" => {
                        serde_json::from_str::<serde_json::Value>(args)
                            .ok()
                            .and_then(|v| {
                                v.get("command")
                                    .and_then(|c| c.as_str())
                                    .map(|c| format!("bash: {c}"))
                            })
                            .unwrap_or_else(|| "bash: (unreadable)".into())
                    }
                    (Some(tool), _) => format!("tool {tool}"),
                    _ => event.clone(),
                }
            }
            (None, None) => unreachable!("checked above"),
        };
        for (k, _) in std::env::vars() {
            if k.starts_with("DEEPSEEK_")
                || k.starts_with("CODEWHALE_")
                || k.starts_with("FLOWGATE_")
            {
                cmd.env_remove(k);
            }
        }
        cmd.envs(&call.env)
            .env("FLOWGATE_WORKSPACE", &ws)
            .env("FLOWGATE_HOME", &home)
            .env("HOME", &home)
            .current_dir(&ws)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .map_err(|e| Failure::runtime(format!("cannot run {}: {e}", exe.display())))?;
        if let Some(mut si) = child.stdin.take() {
            let _ = si.write_all(call.stdin.as_bytes());
        }
        let o = child
            .wait_with_output()
            .map_err(|e| Failure::runtime(e.to_string()))?;
        let stdout = String::from_utf8_lossy(&o.stdout).to_string();
        let stderr = String::from_utf8_lossy(&o.stderr).to_string();
        let code = o.status.code().unwrap_or(-1);
        let decision = match (code, call.cli.is_some()) {
            (0, true) => "ok".to_string(),
            (2, _) => "BLOCK".to_string(),
            (0, false) => serde_json::from_str::<serde_json::Value>(&stdout)
                .ok()
                .and_then(|v| {
                    v.get("decision")
                        .and_then(|d| d.as_str())
                        .map(str::to_string)
                        .or_else(|| v.get("text").map(|_| "context".to_string()))
                })
                .unwrap_or_else(|| "pass".into()),
            (c, _) => format!("exit {c}"),
        };
        let mut problems = Vec::new();
        if let Some(want) = call.expect_exit
            && want != code
        {
            problems.push(format!("expected exit {want}, got {code}"));
        }
        let both = format!("{stdout}\n{stderr}");
        for s in &call.expect {
            if !both.contains(s.as_str()) {
                problems.push(format!("expected output to contain {s:?}"));
            }
        }
        for s in &call.expect_not {
            if both.contains(s.as_str()) {
                problems.push(format!("expected output not to contain {s:?}"));
            }
        }
        let note = call
            .note
            .as_deref()
            .map(|n| format!("  # {n}"))
            .unwrap_or_default();
        out.push(format!(
            "{:>3} {:<26} {:<8} {}{note}",
            n + 1,
            one_line(&label, 26),
            decision,
            summary(&stdout, &stderr)
        ));
        if args.verbose && !stdout.trim().is_empty() {
            out.push(format!("      stdout: {}", stdout.trim()));
        }
        for p in &problems {
            out.push(format!("      FAILED (line {line_no}): {p}"));
        }
        failures += usize::from(!problems.is_empty());
    }
    let passed = calls.len() - failures;
    out.push(format!("{passed} passed, {failures} failed"));
    Ok(Output {
        stdout: out.join("\n"),
        stderr: String::new(),
        status: if failures == 0 {
            ExitStatus::Success
        } else {
            ExitStatus::Failure
        },
    })
}
