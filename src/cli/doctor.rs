//! `flowgate doctor`: is flowgate wired into the agent hosts here, will
//! they run it, and does it answer?
//!
//! For each host with config in the workspace or the user's home (the
//! files are listed in `hosts.rs`) it checks that every event flowgate
//! needs is wired, that each command runs this binary, that the host will
//! run the hooks (trust and switches), and makes one live decision through
//! each wired tool-call command with a harmless read call, compared with the
//! answer of this binary. Every problem is one line with its fix; exit 0
//! when there is none, 1 otherwise. Nothing is changed except the journal,
//! which records the live calls (session `flowgate-doctor`).

mod hosts;
mod sha256;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::Output;
use crate::engine::event::EventKind;
use crate::exit::{ExitStatus, Failure};
use crate::host::Host;

/// What doctor reads: the workspace and this binary (and the environment).
pub(super) struct Env {
    pub ws: PathBuf,
    pub exe: Option<PathBuf>,
}

impl Env {
    pub fn var(&self, name: &str) -> Option<String> {
        std::env::var(name).ok().filter(|v| !v.is_empty())
    }

    pub fn home(&self) -> Option<PathBuf> {
        self.var("HOME").map(PathBuf::from)
    }

    /// `~/…` for a path under the home directory, for shorter lines.
    pub fn show(&self, p: &Path) -> String {
        match self
            .home()
            .and_then(|h| p.strip_prefix(&h).ok().map(Path::to_path_buf))
        {
            Some(rest) => format!("~/{}", rest.display()),
            None => p.display().to_string(),
        }
    }
}

/// One finding of a check.
pub(super) enum Finding {
    Ok(String),
    Note(String),
    Problem { what: String, fix: String },
}

pub(super) fn problem(what: impl Into<String>, fix: impl Into<String>) -> Finding {
    Finding::Problem {
        what: what.into(),
        fix: fix.into(),
    }
}

/// A host's findings, under a title naming the files read.
pub(super) struct Section {
    pub title: String,
    pub findings: Vec<Finding>,
}

/// One flowgate hook found in a host's config file.
#[derive(Clone, Debug)]
pub(super) struct Wired {
    pub file: PathBuf,
    /// The host's event name (`PreToolUse`, `tool_call_before`).
    pub event: String,
    pub kind: EventKind,
    pub group: usize,
    pub handler: usize,
    pub command: String,
    pub matcher: Option<String>,
    /// The handler as written (JSON hosts; Codex hashes it).
    pub handler_json: Value,
}

pub fn run(flag: Option<&Path>) -> Result<Output, Failure> {
    let ws = crate::app::resolve_workspace(flag, None);
    let ws = std::path::absolute(&ws).unwrap_or(ws);
    let env = Env {
        ws,
        exe: std::env::current_exe().ok(),
    };
    let sections = check_all(&env);
    let (text, problems) = render(&sections);
    Ok(Output {
        stdout: text,
        stderr: String::new(),
        status: if problems == 0 {
            ExitStatus::Success
        } else {
            ExitStatus::Failure
        },
    })
}

fn check_all(env: &Env) -> Vec<Section> {
    let mut sections = vec![flowgate_section(env)];
    let hosts: Vec<Section> = [
        hosts::codewhale(env),
        hosts::claude(env),
        hosts::codex(env),
        hosts::gemini(env),
    ]
    .into_iter()
    .flatten()
    .collect();
    let wired_any = hosts
        .iter()
        .any(|s| !s.findings.iter().all(|f| matches!(f, Finding::Note(_))));
    sections.extend(hosts);
    if !wired_any {
        sections.push(Section {
            title: "Hosts".into(),
            findings: vec![problem(
                "no host runs flowgate: no hook config for CodeWhale, Claude Code, Codex or Gemini CLI here or in your home names it",
                "flowgate init --host codewhale|claude|codex|gemini",
            )],
        });
    }
    sections
}

/// The workspace itself: `.flowgate/`, the config and the workflows.
fn flowgate_section(env: &Env) -> Section {
    let mut f = Vec::new();
    let exe = env
        .exe
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "(unknown path)".into());
    f.push(Finding::Ok(format!(
        "this flowgate is {exe}, version {}",
        env!("CARGO_PKG_VERSION")
    )));
    if !env.ws.join(".flowgate").is_dir() {
        f.push(problem(
            format!("{} has no .flowgate/ directory", env.ws.display()),
            "flowgate init --host <your host> in the project's root",
        ));
        return Section {
            title: format!("flowgate in {}", env.ws.display()),
            findings: f,
        };
    }
    let (app, diags) = crate::app::App::open_lenient(env.ws.clone());
    if let Some(d) = diags.first() {
        f.push(problem(
            format!("the config is invalid: {d}"),
            "fix it; `flowgate validate` lists every problem",
        ));
    }
    let cat = crate::workflow::Catalog::load_all(&app.dirs(), &app.settings.group_names());
    if cat.broken.is_empty() {
        f.push(Finding::Ok(format!(
            "{} workflow(s) valid",
            cat.usable.len()
        )));
    } else {
        let keys: Vec<&str> = cat.broken.keys().map(String::as_str).collect();
        f.push(problem(
            format!("invalid workflow(s): {}", keys.join(", ")),
            "`flowgate validate` lists every problem with its line",
        ));
    }
    Section {
        title: format!("flowgate in {}", env.ws.display()),
        findings: f,
    }
}

fn render(sections: &[Section]) -> (String, usize) {
    let mut out = Vec::new();
    let mut problems = 0;
    for s in sections {
        out.push(s.title.clone());
        for f in &s.findings {
            out.push(match f {
                Finding::Ok(t) => format!("  ok       {t}"),
                Finding::Note(t) => format!("  note     {t}"),
                Finding::Problem { what, fix } => {
                    problems += 1;
                    format!("  PROBLEM  {what}; fix: {fix}")
                }
            });
        }
    }
    out.push(String::new());
    out.push(match problems {
        0 => "All is well.".to_string(),
        1 => "1 problem.".to_string(),
        n => format!("{n} problems."),
    });
    (out.join("\n"), problems)
}

// ---- checks every host shares ----

/// Is every wanted event wired once, with a matcher that lets every tool
/// through to the gate?
pub(super) fn wiring(
    host: Host,
    wanted: &[(&str, EventKind, Option<&str>)],
    wired: &[Wired],
    env: &Env,
) -> Vec<Finding> {
    let mut f = Vec::new();
    let mut fine = Vec::new();
    for (event, kind, _) in wanted {
        let here: Vec<&Wired> = wired.iter().filter(|w| w.event == *event).collect();
        match here.as_slice() {
            [] => f.push(problem(
                format!("{event} is not wired to flowgate"),
                format!("flowgate init --host {}", host.name()),
            )),
            [one] => {
                if *kind == EventKind::ToolCall
                    && let Some(m) = one.matcher.as_deref()
                    && !matches!(m.trim(), "" | "*" | ".*")
                {
                    f.push(problem(
                        format!(
                            "the {event} hook in {} only matches \"{m}\", so other tools are never checked",
                            env.show(&one.file)
                        ),
                        "set its matcher to \"*\"",
                    ));
                } else {
                    fine.push(event.to_string());
                }
            }
            many => {
                let files: Vec<String> = many.iter().map(|w| env.show(&w.file)).collect();
                let same = many.iter().all(|w| w.command == many[0].command);
                if same {
                    // Hosts that merge identical handlers run it once.
                    fine.push(event.to_string());
                    f.push(Finding::Note(format!(
                        "{event} is wired {} times with the same command ({}); a host that does not merge identical hooks answers it twice, so keep one to be sure",
                        many.len(),
                        files.join(", ")
                    )));
                } else {
                    f.push(problem(
                        format!(
                            "{event} runs flowgate {} times with different commands ({}), so each event is answered more than once",
                            many.len(),
                            files.join(", ")
                        ),
                        "keep one of them",
                    ));
                }
            }
        }
    }
    if !fine.is_empty() {
        f.insert(0, Finding::Ok(format!("wired: {}", fine.join(", "))));
    }
    f
}

/// The program a hook command runs: its first word.
fn program_of(cmd: &str, env: &Env) -> Option<String> {
    let first = crate::shell::plain_words(cmd)
        .and_then(|w| w.into_iter().next())
        .or_else(|| cmd.split_whitespace().next().map(str::to_string))?;
    Some(match (first.strip_prefix("~/"), env.home()) {
        (Some(rest), Some(h)) => h.join(rest).display().to_string(),
        _ => first,
    })
}

/// Where the shell would find `prog` (hooks run in the workspace).
fn resolve_program(prog: &str, env: &Env) -> Option<PathBuf> {
    if prog.contains('/') {
        let p = env.ws.join(prog);
        return p.is_file().then_some(p);
    }
    let path = env.var("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(prog))
        .find(|c| c.is_file())
}

/// Does the program `cmd` runs exist?
pub(super) fn program_exists(cmd: &str, env: &Env) -> bool {
    program_of(cmd, env).is_some_and(|p| resolve_program(&p, env).is_some())
}

/// Does each distinct command run this binary?
pub(super) fn programs(host: Host, wired: &[Wired], env: &Env) -> Vec<Finding> {
    let mut f = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let me = env.exe.as_ref().and_then(|p| p.canonicalize().ok());
    let fix = format!(
        "run `flowgate init --host {}` with this flowgate to write its path{}",
        host.name(),
        env.exe
            .as_ref()
            .map(|p| format!(" ({})", p.display()))
            .unwrap_or_default()
    );
    let mut same = Vec::new();
    for w in wired {
        let Some(prog) = program_of(&w.command, env) else {
            continue;
        };
        if seen.contains(&prog) {
            continue;
        }
        seen.push(prog.clone());
        match resolve_program(&prog, env) {
            None if prog.contains('/') => f.push(problem(
                format!("`{}` runs {prog}, which does not exist", w.command),
                fix.clone(),
            )),
            None => f.push(problem(
                format!(
                    "`{}` runs `{prog}`, which is not on PATH here (hosts usually inherit this PATH)",
                    w.command
                ),
                fix.clone(),
            )),
            Some(found) => {
                let canon = found.canonicalize().ok();
                if canon.is_some() && canon == me {
                    same.push(found.display().to_string());
                } else {
                    f.push(problem(
                        format!(
                            "`{}` runs {}, not this flowgate",
                            w.command,
                            found.display()
                        ),
                        fix.clone(),
                    ));
                }
            }
        }
    }
    if !same.is_empty() {
        f.insert(
            0,
            Finding::Ok(format!("hooks run this flowgate ({})", same.join(", "))),
        );
    }
    f
}

// ---- one live decision ----

/// A harmless read tool call as `host` sends it: stdin and environment.
fn read_call(host: Host, ws: &Path) -> (String, Vec<(String, String)>, &'static str) {
    let cwd = ws.display().to_string();
    let session = "flowgate-doctor";
    match host {
        Host::Codewhale => (
            String::new(),
            vec![
                ("DEEPSEEK_SESSION_ID".into(), session.into()),
                ("DEEPSEEK_WORKSPACE".into(), cwd),
                ("DEEPSEEK_MODE".into(), "Agent".into()),
                ("DEEPSEEK_TOOL_NAME".into(), "read".into()),
                ("DEEPSEEK_TOOL_CALL_ID".into(), session.into()),
                (
                    "DEEPSEEK_TOOL_ARGS".into(),
                    r#"{"path":"README.md"}"#.into(),
                ),
            ],
            "read",
        ),
        Host::Claude => (
            json!({
                "session_id": session, "transcript_path": "", "cwd": cwd,
                "permission_mode": "default", "hook_event_name": "PreToolUse",
                "tool_name": "Read", "tool_input": {"file_path": ws.join("README.md")},
                "tool_use_id": session,
            })
            .to_string(),
            vec![("CLAUDE_PROJECT_DIR".into(), cwd)],
            "Read",
        ),
        Host::Codex => (
            json!({
                "session_id": session, "turn_id": "0", "transcript_path": null, "cwd": cwd,
                "hook_event_name": "PreToolUse", "model": "flowgate-doctor",
                "permission_mode": "default", "tool_name": "read_file",
                "tool_input": {"file_path": "README.md"}, "tool_use_id": session,
            })
            .to_string(),
            Vec::new(),
            "read_file",
        ),
        Host::Gemini => (
            json!({
                "session_id": session, "transcript_path": "", "cwd": cwd,
                "hook_event_name": "BeforeTool", "timestamp": crate::time::now_iso(),
                "tool_name": "read_file", "tool_input": {"file_path": "README.md"},
            })
            .to_string(),
            vec![("GEMINI_PROJECT_DIR".into(), cwd)],
            "read_file",
        ),
    }
}

/// How an answer reads: allowed, or denied with the reason.
fn verdict(code: i32, stdout: &str) -> String {
    let v: Value = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    let decision = v["decision"]
        .as_str()
        .or_else(|| v["hookSpecificOutput"]["permissionDecision"].as_str());
    let reason = v["reason"]
        .as_str()
        .or_else(|| v["hookSpecificOutput"]["permissionDecisionReason"].as_str())
        .unwrap_or("");
    if code == 2 || matches!(decision, Some("deny" | "block")) {
        format!("denied ({reason})")
    } else {
        "allowed".into()
    }
}

/// Run `command` as the host would, with a read call, and compare the
/// answer with this binary's.
pub(super) fn live(host: Host, command: &str, env: &Env) -> Finding {
    let (stdin, vars, tool) = read_call(host, &env.ws);
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(command)
        .current_dir(&env.ws)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in &vars {
        cmd.env(k, v);
    }
    let got = match run_bounded(cmd, &stdin, Duration::from_secs(10)) {
        Ok(o) => o,
        Err(why) => {
            return problem(
                format!("the live {tool} call through `{command}` {why}"),
                format!("flowgate init --host {}", host.name()),
            );
        }
    };
    let lookup = |k: &str| -> Option<String> {
        vars.iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.clone())
            .or_else(|| env.var(k))
    };
    let want = super::hook::respond(
        None,
        EventKind::ToolCall,
        Some(host.name()),
        Ok(stdin.into_bytes()),
        &lookup,
    );
    let (code, out, err) = got;
    if code != 0 && code != 2 {
        let line = err.lines().next().unwrap_or("").trim().to_string();
        return problem(
            format!("the live {tool} call through `{command}` failed (exit {code}: {line})"),
            format!(
                "run `flowgate init --host {}` with this flowgate, then `flowgate doctor` again",
                host.name()
            ),
        );
    }
    let theirs = verdict(code, &out);
    let mine = verdict(want.status.code(), &want.stdout);
    if code == want.status.code() && out.trim() == want.stdout.trim() {
        Finding::Ok(format!(
            "live decision: {tool} → {theirs}, as this flowgate decides"
        ))
    } else {
        problem(
            format!(
                "the live {tool} call through `{command}` was {theirs} (exit {code}), but this flowgate answers {mine} (exit {})",
                want.status.code()
            ),
            format!(
                "point the hook at this flowgate: flowgate init --host {}",
                host.name()
            ),
        )
    }
}

/// Run with `stdin`, killed after `limit`: (exit code, stdout, stderr).
fn run_bounded(
    mut cmd: Command,
    stdin: &str,
    limit: Duration,
) -> Result<(i32, String, String), String> {
    let mut child = cmd.spawn().map_err(|e| format!("could not start ({e})"))?;
    if let Some(mut i) = child.stdin.take() {
        // A hook that does not read its stdin is not an error.
        let _ = i.write_all(stdin.as_bytes());
    }
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("did not answer within {} s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("could not be waited for ({e})")),
        }
    }
    let o = child
        .wait_with_output()
        .map_err(|e| format!("could not be read ({e})"))?;
    Ok((
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    ))
}

/// Each flowgate hook in a JSON hook config (`{"hooks": {EVENT: [{matcher,
/// hooks: [{command, …}]}]}}`): Claude Code, Codex and Gemini CLI.
pub(super) fn json_wired(root: &Value, file: &Path, host: Host) -> Vec<Wired> {
    let mut out = Vec::new();
    let Some(events) = root.get("hooks").and_then(Value::as_object) else {
        return out;
    };
    let wanted = super::host_config::wanted(host);
    for (event, groups) in events {
        let Some((_, kind, _)) = wanted.iter().find(|(e, _, _)| e == event) else {
            continue;
        };
        for (gi, g) in groups.as_array().into_iter().flatten().enumerate() {
            for (hi, h) in g["hooks"].as_array().into_iter().flatten().enumerate() {
                let Some(cmd) = h["command"].as_str() else {
                    continue;
                };
                if super::host_config::is_flowgate_hook(cmd, *kind, host) {
                    out.push(Wired {
                        file: file.to_path_buf(),
                        event: event.clone(),
                        kind: *kind,
                        group: gi,
                        handler: hi,
                        command: cmd.to_string(),
                        matcher: g["matcher"].as_str().map(str::to_string),
                        handler_json: h.clone(),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_of_each_host_shape() {
        assert_eq!(verdict(0, ""), "allowed");
        assert_eq!(verdict(0, r#"{"decision":"allow"}"#), "allowed");
        assert_eq!(
            verdict(0, r#"{"decision":"deny","reason":"no"}"#),
            "denied (no)"
        );
        assert_eq!(
            verdict(
                2,
                r#"{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"r"}}"#
            ),
            "denied (r)"
        );
    }
}
