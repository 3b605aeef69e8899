//! `flowgate init --host claude|codex|gemini`: merge flowgate's hooks into
//! the host's JSON hook config in the workspace (`.claude/settings.json`,
//! `.codex/hooks.json`, `.gemini/settings.json`).
//!
//! The merge keeps every existing setting and hook: keys keep their order
//! (serde_json's `preserve_order`) and values their meaning; only the
//! whitespace may change, and the file's indentation is reused. A flowgate
//! hook already wired for an event is kept (its command is updated if the
//! binary moved); a missing one is appended after the others. When nothing
//! changes the file is not touched, so a second run is a no-op. Before a
//! change the old file is copied to `<file>.flowgate.bak` (never over an
//! older backup), and the new one replaces it atomically.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::engine::event::EventKind;
use crate::exit::Failure;
use crate::host::Host;

/// One hook flowgate wants: the host's event name, flowgate's event, the
/// matcher (if the event takes one) and the timeout in the host's unit.
struct Want {
    event: &'static str,
    kind: EventKind,
    matcher: Option<&'static str>,
    timeout: u64,
}

/// Where a host keeps its project hook config, what flowgate adds to it,
/// and what the user should know.
struct Plan {
    label: &'static str,
    file: &'static str,
    wants: &'static [Want],
    /// Gemini handlers carry a `name`.
    named: bool,
}

const CLAUDE: Plan = Plan {
    label: "Claude Code",
    file: ".claude/settings.json",
    named: false,
    wants: &[
        Want {
            event: "UserPromptSubmit",
            kind: EventKind::MessageSubmit,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "PreToolUse",
            kind: EventKind::ToolCall,
            matcher: Some("*"),
            timeout: 10,
        },
        Want {
            event: "Stop",
            kind: EventKind::AgentEnd,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "SessionStart",
            kind: EventKind::SessionStart,
            matcher: Some("startup|resume|clear|compact|fork"),
            timeout: 10,
        },
    ],
};

const CODEX: Plan = Plan {
    label: "Codex",
    file: ".codex/hooks.json",
    named: false,
    wants: &[
        Want {
            event: "UserPromptSubmit",
            kind: EventKind::MessageSubmit,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "PreToolUse",
            kind: EventKind::ToolCall,
            matcher: Some("*"),
            timeout: 10,
        },
        Want {
            event: "Stop",
            kind: EventKind::AgentEnd,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "SessionStart",
            kind: EventKind::SessionStart,
            matcher: Some("startup|resume|clear|compact"),
            timeout: 10,
        },
    ],
};

/// Gemini timeouts are in milliseconds; lifecycle matchers are exact
/// strings, so SessionStart has none (it then matches every source).
const GEMINI: Plan = Plan {
    label: "Gemini CLI",
    file: ".gemini/settings.json",
    named: true,
    wants: &[
        Want {
            event: "BeforeAgent",
            kind: EventKind::MessageSubmit,
            matcher: None,
            timeout: 30_000,
        },
        Want {
            event: "BeforeTool",
            kind: EventKind::ToolCall,
            matcher: Some("*"),
            timeout: 10_000,
        },
        Want {
            event: "AfterAgent",
            kind: EventKind::AgentEnd,
            matcher: None,
            timeout: 30_000,
        },
        Want {
            event: "SessionStart",
            kind: EventKind::SessionStart,
            matcher: None,
            timeout: 10_000,
        },
    ],
};

fn plan(host: Host) -> Option<&'static Plan> {
    match host {
        Host::Claude => Some(&CLAUDE),
        Host::Codex => Some(&CODEX),
        Host::Gemini => Some(&GEMINI),
        Host::Codewhale => None,
    }
}

/// The shell command a hook runs: `<exe> <event> --host <host>`.
fn command(exe: &str, kind: EventKind, host: Host) -> String {
    format!("{exe} {} --host {}", kind.name(), host.name())
}

/// The matcher group flowgate adds for `want`.
fn group(want: &Want, cmd: &str, named: bool) -> Value {
    let mut handler = Map::new();
    if named {
        handler.insert(
            "name".into(),
            json!(format!("flowgate-{}", want.kind.name().replace('_', "-"))),
        );
    }
    handler.insert("type".into(), json!("command"));
    handler.insert("command".into(), json!(cmd));
    handler.insert("timeout".into(), json!(want.timeout));
    let mut g = Map::new();
    if let Some(m) = want.matcher {
        g.insert("matcher".into(), json!(m));
    }
    g.insert("hooks".into(), json!([Value::Object(handler)]));
    Value::Object(g)
}

/// Is `cmd` a flowgate hook for `kind` (and this host, or no `--host`)?
fn is_flowgate_hook(cmd: &str, kind: EventKind, host: Host) -> bool {
    let cmd = cmd.trim_start();
    // The program may be quoted (a path with spaces); the rest is plain words.
    let (first, rest) = match cmd.chars().next() {
        Some(q @ ('\'' | '"')) => match cmd[1..].split_once(q) {
            Some((prog, rest)) => (prog, rest),
            None => return false,
        },
        _ => cmd.split_once(char::is_whitespace).unwrap_or((cmd, "")),
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let prog = Path::new(first).file_name().and_then(|n| n.to_str());
    if prog != Some("flowgate") {
        return false;
    }
    let event = words.iter().any(|w| EventKind::parse(w) == Some(kind));
    let named_host = words.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("--host=").or_else(|| {
            (*w == "--host")
                .then(|| words.get(i + 1).copied())
                .flatten()
        })
    });
    event && named_host.is_none_or(|h| Host::parse(h) == Some(host))
}

/// What happened to one event's hook.
enum Step {
    Added,
    Kept,
    Updated(String),
}

/// Merge the wanted hooks into `root`; the steps say what changed.
fn merge(root: &mut Value, p: &Plan, exe: &str, host: Host) -> Result<Vec<(String, Step)>, String> {
    let obj = root
        .as_object_mut()
        .ok_or("the file is not a JSON object")?;
    let hooks = obj
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or("\"hooks\" is not an object")?;
    let mut steps = Vec::new();
    for want in p.wants {
        let cmd = command(exe, want.kind, host);
        let groups = hooks
            .entry(want.event)
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .ok_or(format!("\"hooks.{}\" is not a list", want.event))?;
        let mut found = None;
        for g in groups.iter_mut() {
            let Some(handlers) = g.get_mut("hooks").and_then(Value::as_array_mut) else {
                continue;
            };
            for h in handlers.iter_mut() {
                let Some(c) = h.get("command").and_then(Value::as_str) else {
                    continue;
                };
                if found.is_none() && is_flowgate_hook(c, want.kind, host) {
                    found = Some(if c == cmd {
                        Step::Kept
                    } else {
                        let old = c.to_string();
                        h["command"] = json!(cmd);
                        Step::Updated(old)
                    });
                }
            }
        }
        let step = match found {
            Some(s) => s,
            None => {
                groups.push(group(want, &cmd, p.named));
                Step::Added
            }
        };
        steps.push((want.event.to_string(), step));
    }
    Ok(steps)
}

/// The indentation of the first indented line, to write the file back in
/// its own style (two spaces for a new file).
fn indent_of(text: &str) -> Vec<u8> {
    text.lines()
        .skip(1)
        .find_map(|l| {
            let ws: String = l.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            (!ws.is_empty() && ws.len() < l.len()).then_some(ws)
        })
        .unwrap_or_else(|| "  ".into())
        .into_bytes()
}

fn pretty(v: &Value, indent: &[u8]) -> String {
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    v.serialize(&mut ser)
        .expect("a JSON value always serialises");
    let mut s = String::from_utf8(out).expect("serde_json writes UTF-8");
    s.push('\n');
    s
}

/// `<file>.flowgate.bak`, or `.flowgate.bak.2`, … if that exists.
fn backup_path(file: &Path) -> PathBuf {
    let base = format!("{}.flowgate.bak", file.display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    while candidate.exists() {
        candidate = PathBuf::from(format!("{base}.{n}"));
        n += 1;
    }
    candidate
}

fn write_atomic(file: &Path, text: &str, like: Option<&std::fs::Metadata>) -> std::io::Result<()> {
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = tempfile::NamedTempFile::new_in(dir)?;
    std::fs::write(tmp.path(), text)?;
    if let Some(meta) = like {
        std::fs::set_permissions(tmp.path(), meta.permissions())?;
    }
    tmp.persist(file).map_err(|e| e.error)?;
    Ok(())
}

/// Merge flowgate's hooks into `host`'s config under `ws`; returns the
/// report to print. `None` for CodeWhale (its config is printed instead).
pub fn install(ws: &Path, host: Host, exe: &str) -> Option<Result<String, Failure>> {
    let p = plan(host)?;
    Some(install_plan(ws, host, p, exe))
}

fn install_plan(ws: &Path, host: Host, p: &Plan, exe: &str) -> Result<String, Failure> {
    let file = ws.join(p.file);
    let shown = file.display().to_string();
    let old = match std::fs::read_to_string(&file) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Failure::runtime(format!("cannot read {shown}: {e}"))),
    };
    let mut root = match old.as_deref().map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(t) => serde_json::from_str::<Value>(t).map_err(|e| {
            Failure::config(format!(
                "{shown}:{}:{}: {e}; flowgate changed nothing (fix the file, or add the hooks by hand as the README shows)",
                e.line(),
                e.column()
            ))
        })?,
    };
    let steps = merge(&mut root, p, exe, host)
        .map_err(|why| Failure::config(format!("{shown}: {why}; flowgate changed nothing")))?;
    let mut lines = vec![format!("{} hooks in {shown}:", p.label)];
    for (event, step) in &steps {
        lines.push(match step {
            Step::Added => format!("  {event}: added `{}`", command_for(p, event, exe, host)),
            Step::Kept => format!("  {event}: already wired, kept"),
            Step::Updated(old) => format!(
                "  {event}: updated `{old}` to `{}`",
                command_for(p, event, exe, host)
            ),
        });
    }
    let changed = steps.iter().any(|(_, s)| !matches!(s, Step::Kept));
    if !changed {
        lines.push("  nothing changed; the file was not touched".into());
    } else {
        let meta = std::fs::metadata(&file).ok();
        if old.is_some() {
            let bak = backup_path(&file);
            std::fs::copy(&file, &bak).map_err(|e| {
                Failure::runtime(format!("cannot back up {shown} to {}: {e}", bak.display()))
            })?;
            lines.push(format!(
                "  backed up the previous file to {}",
                bak.display()
            ));
        } else {
            lines.push(format!("  created {shown}"));
        }
        let text = pretty(&root, &indent_of(old.as_deref().unwrap_or("")));
        write_atomic(&file, &text, meta.as_ref())
            .map_err(|e| Failure::runtime(format!("cannot write {shown}: {e}")))?;
    }
    lines.extend(notes(ws, host, &root).into_iter().map(|n| format!("\n{n}")));
    Ok(lines.join("\n"))
}

fn command_for(p: &Plan, event: &str, exe: &str, host: Host) -> String {
    let kind = p
        .wants
        .iter()
        .find(|w| w.event == event)
        .map_or(EventKind::ToolCall, |w| w.kind);
    command(exe, kind, host)
}

/// What the user must still do for the hooks to run.
fn notes(ws: &Path, host: Host, root: &Value) -> Vec<String> {
    let mut notes = Vec::new();
    match host {
        Host::Claude => notes.push(
            "Claude Code reads hooks when a session starts: restart running sessions (`/hooks` shows what is active).".to_string(),
        ),
        Host::Codex => {
            notes.push(format!(
                "Codex skips untrusted project hooks silently. Trust this project (answer Codex's prompt, `codex exec --trust`, or add `[projects.\"{}\"]` with `trust_level = \"trusted\"` to ~/.codex/config.toml), then trust each flowgate hook: open `/hooks` in the Codex TUI and approve them (again whenever they change). For `codex exec` in CI, where no one can approve them, pass `--dangerously-bypass-hook-trust`. Older Codex builds also need `[features] codex_hooks = true` in ~/.codex/config.toml.",
                ws.display()
            ));
            notes.push("Codex's todo tool `update_plan` (mirrored into flowgate's todos) is offered only with `[tools.update_plan]` `enabled = true` in ~/.codex/config.toml.".to_string());
            let toml = ws.join(".codex/config.toml");
            if std::fs::read_to_string(&toml).is_ok_and(|t| t.contains("flowgate")) {
                notes.push(format!(
                    "Note: {} also mentions flowgate; if it wires the same events, remove them there so each hook runs once.",
                    toml.display()
                ));
            }
        }
        Host::Gemini => {
            notes.push("Gemini CLI runs project hooks only in a trusted folder. Hooks are on by default since v0.27; older builds need `\"hooksConfig\": {\"enabled\": true}` (or `tools.enableHooks`).".to_string());
            if root.pointer("/hooksConfig/enabled") == Some(&Value::Bool(false)) {
                notes.push("Warning: this file sets hooksConfig.enabled = false, so Gemini will not run any hook until you enable it.".to_string());
            }
        }
        Host::Codewhale => {}
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_its_own_hooks() {
        let k = EventKind::ToolCall;
        assert!(is_flowgate_hook(
            "flowgate tool_call --host claude",
            k,
            Host::Claude
        ));
        assert!(is_flowgate_hook(
            "'/opt/x y/flowgate' PreToolUse",
            k,
            Host::Claude
        ));
        assert!(is_flowgate_hook(
            "/usr/bin/flowgate tool_call --host=claude",
            k,
            Host::Claude
        ));
        assert!(!is_flowgate_hook(
            "flowgate tool_call --host codex",
            k,
            Host::Claude
        ));
        assert!(!is_flowgate_hook(
            "flowgate agent_end --host claude",
            k,
            Host::Claude
        ));
        assert!(!is_flowgate_hook("./lint.sh tool_call", k, Host::Claude));
    }

    #[test]
    fn merge_appends_once_and_keeps_the_rest() {
        let mut root = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint.sh"}]}]}});
        let first = merge(&mut root, &CLAUDE, "flowgate", Host::Claude).unwrap();
        assert!(first.iter().all(|(_, s)| matches!(s, Step::Added)));
        assert_eq!(root["hooks"]["PreToolUse"].as_array().unwrap().len(), 2);
        assert_eq!(
            root["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
            "./lint.sh"
        );
        let again = root.clone();
        let second = merge(&mut root, &CLAUDE, "flowgate", Host::Claude).unwrap();
        assert!(second.iter().all(|(_, s)| matches!(s, Step::Kept)));
        assert_eq!(root, again);
        let third = merge(&mut root, &CLAUDE, "/new/flowgate", Host::Claude).unwrap();
        assert!(third.iter().all(|(_, s)| matches!(s, Step::Updated(_))));
    }

    #[test]
    fn indentation_is_reused() {
        assert_eq!(indent_of("{\n    \"a\": 1\n}"), b"    ");
        assert_eq!(indent_of("{\n\t\"a\": 1\n}"), b"\t");
        assert_eq!(indent_of("{}"), b"  ");
    }
}
