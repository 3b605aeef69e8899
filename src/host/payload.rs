//! What the JSON-on-stdin hosts (Claude Code, Codex, Gemini CLI) have in
//! common: one JSON object per event with `hook_event_name`, `session_id`
//! and `cwd`; tool input as an object; answers as one JSON object on exit 0,
//! or a block as JSON with exit 2 and the reason on stderr (Codex) or on
//! exit 0 (Claude Code, Gemini CLI). The per-host files keep
//! what differs (field names, output shapes); this keeps what does not.

use std::path::PathBuf;

use serde_json::{Map, Value, json};

use super::{Answer, Env, HookInput};
use crate::engine::call::{RawCall, RawInput};
use crate::engine::event::{Decision, Event, EventKind};
use crate::exit::ExitStatus;

/// One event's stdin object.
pub(super) struct Payload(Map<String, Value>);

/// What differs between the JSON hosts' inputs; the rest is [`read`].
pub(super) struct Layout {
    /// The host's name in messages (`Claude Code`).
    pub label: &'static str,
    /// The `--host` value (`claude`).
    pub host: &'static str,
    /// The host's name for the prompt event, in messages.
    pub prompt_event: &'static str,
    /// The tool's name, in flowgate's `mcp__<server>__<tool>` form.
    pub tool_name: fn(&Payload) -> Result<String, String>,
    /// The variable holding the host's project directory, if it sets one.
    pub project_dir_var: Option<&'static str>,
}

/// Read one event of a JSON host into the neutral form.
pub(super) fn read(
    layout: &Layout,
    kind: EventKind,
    stdin: &str,
    env: Env<'_>,
) -> Result<HookInput, String> {
    let mut p = Payload::parse(stdin, layout.label)?;
    p.check_event(kind, layout.host)?;
    let event = match kind {
        EventKind::MessageSubmit => Event::MessageSubmit {
            text: p.take_str("prompt", layout.prompt_event)?,
            complete: true,
        },
        EventKind::ToolCall => {
            let name = (layout.tool_name)(&p)?;
            Event::ToolCall(RawCall {
                name,
                input: p
                    .get("tool_input")
                    .map_or(RawInput::Missing, |v| RawInput::Json(v.clone())),
            })
        }
        EventKind::AgentEnd => Event::AgentEnd {
            // None of these hosts runs its stop hook when the user interrupts.
            aborted: false,
            stop_hook_active: p.flag("stop_hook_active", layout.label)?,
        },
        EventKind::SessionStart => Event::SessionStart {
            source: p.str("source").map(str::to_string),
        },
        EventKind::TurnEnd => unreachable!("check_event refuses turn_end"),
    };
    Ok(HookInput {
        event,
        session: p.session(),
        workspace: workspace(p.str("cwd"), layout.project_dir_var.and_then(env)),
    })
}

impl Payload {
    /// Parse stdin; `host` names the host in messages.
    pub fn parse(stdin: &str, host: &str) -> Result<Payload, String> {
        if stdin.trim().is_empty() {
            return Err(format!(
                "stdin is empty; {host} sends each hook event as one JSON object on stdin"
            ));
        }
        match serde_json::from_str::<Value>(stdin) {
            Ok(Value::Object(m)) => Ok(Payload(m)),
            Ok(_) => Err("stdin is JSON but not an object".into()),
            Err(e) => Err(format!("stdin is not valid JSON ({e})")),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    pub fn str(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(Value::as_str)
    }

    /// A required string field.
    pub fn need_str(&self, key: &str, event: &str) -> Result<&str, String> {
        match self.0.get(key) {
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(format!("{event}: \"{key}\" must be a string")),
            None => Err(format!("{event}: the payload has no \"{key}\"")),
        }
    }

    /// A required string field, moved out (a message may be long).
    pub fn take_str(&mut self, key: &str, event: &str) -> Result<String, String> {
        self.need_str(key, event)?;
        match self.0.remove(key) {
            Some(Value::String(s)) => Ok(s),
            _ => Err(format!("{event}: \"{key}\" must be a string")),
        }
    }

    /// A boolean field; missing or null is false. Any other type is a
    /// malformed payload, never read as false: a loop guard fed a wrong
    /// type must not be silently re-armed.
    pub fn flag(&self, key: &str, host: &str) -> Result<bool, String> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(format!(
                "{host} payload: \"{key}\" must be true or false, not {other}"
            )),
        }
    }

    pub fn session(&self) -> Option<String> {
        self.str("session_id")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    }

    /// The payload's `hook_event_name` must be the event flowgate was run
    /// as: a hook wired to the wrong subcommand is a setup error, said
    /// loudly rather than answered in the wrong shape.
    pub fn check_event(&self, kind: EventKind, host: &str) -> Result<(), String> {
        if kind == EventKind::TurnEnd {
            return Err(format!(
                "turn_end is CodeWhale's event; {host} has a stop hook, so wire it to `flowgate agent_end --host {host}`"
            ));
        }
        let Some(name) = self.str("hook_event_name") else {
            return Ok(());
        };
        match EventKind::parse(name) {
            Some(k) if k == kind => Ok(()),
            Some(k) => Err(format!(
                "the payload is a {name} event but flowgate was run as {}; wire {name} to `flowgate {} --host {host}`",
                kind.name(),
                k.name()
            )),
            None => Err(format!(
                "flowgate does not handle the {name} event; remove that hook from the {host} config (`flowgate init --host {host}` shows the events to wire)"
            )),
        }
    }
}

/// The workspace from the host: the nearest directory at or above `cwd`
/// (then the host's project directory) that holds `.flowgate/`, as git finds
/// `.git/`, so a session that moved into a subdirectory still finds its run;
/// else `cwd`, else the project directory.
///
/// Only absolute paths count: a relative one would be read against wherever
/// flowgate happens to run, so it is ignored (the other sources decide).
pub(super) fn workspace(cwd: Option<&str>, project_dir: Option<String>) -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = cwd
        .map(PathBuf::from)
        .into_iter()
        .chain(project_dir.map(PathBuf::from))
        .filter(|p| p.is_absolute())
        .collect();
    for c in &candidates {
        if let Some(found) = c.ancestors().find(|d| d.join(".flowgate").is_dir()) {
            return Some(found.to_path_buf());
        }
    }
    candidates.into_iter().next()
}

// ---- answers ----------------------------------------------------------

/// Exit 0 with nothing on stdout: the host goes on unchanged.
pub(super) fn pass() -> Answer {
    Answer {
        stdout: String::new(),
        stderr: String::new(),
        status: ExitStatus::Success,
    }
}

/// Exit 0 with one JSON object.
pub(super) fn reply(v: Value) -> Answer {
    Answer {
        stdout: super::json::to_string(&v),
        stderr: String::new(),
        status: ExitStatus::Success,
    }
}

/// A deliberate block: the host's block JSON on stdout, exit 2, and the
/// reason on stderr — never empty, since Codex and Gemini ignore an exit 2
/// with an empty stderr, and Claude Code shows stderr as the reason.
pub(super) fn block(v: Value, reason: &str) -> Answer {
    let reason = reason.trim();
    Answer {
        stdout: super::json::to_string(&v),
        stderr: if reason.is_empty() {
            "flowgate blocked this (no reason given)".into()
        } else {
            reason.to_string()
        },
        status: ExitStatus::Blocked,
    }
}

/// The same answer with a block given as JSON on exit 0 (for hosts that
/// read the JSON decision and report any non-zero exit as a hook error).
pub(super) fn on_exit_0(mut a: Answer) -> Answer {
    if a.status == ExitStatus::Blocked {
        a.status = ExitStatus::Success;
        a.stderr.clear();
    }
    a
}

/// `{"hookSpecificOutput":{"hookEventName":event,"additionalContext":text}}`.
pub(super) fn context(event: &str, text: &str) -> Value {
    json!({ "hookSpecificOutput": { "hookEventName": event, "additionalContext": text } })
}

/// flowgate failed and the host should go on: the honest exit code and one
/// `flowgate: …` line on stderr; these hosts then fail open.
pub(super) fn error(status: ExitStatus, message: &str) -> Answer {
    Answer {
        stdout: String::new(),
        stderr: format!("flowgate: {}", message.replace('\n', " ")),
        status,
    }
}

/// Claude Code's output for each event (Codex takes the same shapes): only
/// the fields valid for that event.
pub(super) fn claude_shaped(kind: EventKind, decision: &Decision) -> Answer {
    match (kind, decision) {
        (EventKind::MessageSubmit, Decision::AddContext(text) | Decision::Replace(text)) => {
            reply(context("UserPromptSubmit", text))
        }
        (EventKind::MessageSubmit, Decision::BlockMessage(reason)) => {
            block(json!({ "decision": "block", "reason": reason }), reason)
        }
        (EventKind::ToolCall, Decision::Deny(reason)) => block(pre_tool_deny(reason), reason),
        (EventKind::AgentEnd, Decision::Continue(reason)) => {
            block(json!({ "decision": "block", "reason": reason }), reason)
        }
        (EventKind::AgentEnd, Decision::AllowStop(Some(msg))) => {
            reply(json!({ "systemMessage": msg }))
        }
        (EventKind::SessionStart, Decision::AddContext(text)) => {
            reply(context("SessionStart", text))
        }
        _ => pass(),
    }
}

/// A PreToolUse denial in Claude Code's (and Codex's) shape.
pub(super) fn pre_tool_deny(reason: &str) -> Value {
    json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    })
}
