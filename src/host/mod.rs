//! Host adapters: translate a host's hook input into a neutral `Event`, and a
//! neutral `Decision` into the host's own output and exit code. Adapters
//! hold no policy.

pub mod codewhale;

use std::path::PathBuf;

use crate::config::{BUILTIN_GROUPS, Settings};
use crate::engine::event::{Decision, Event, EventKind};
use crate::engine::rules::GroupMap;
use crate::exit::ExitStatus;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    Codewhale,
    Claude,
    Codex,
    Gemini,
}

impl Host {
    pub fn name(self) -> &'static str {
        match self {
            Host::Codewhale => "codewhale",
            Host::Claude => "claude",
            Host::Codex => "codex",
            Host::Gemini => "gemini",
        }
    }

    pub fn parse(s: &str) -> Option<Host> {
        Some(match s {
            "codewhale" => Host::Codewhale,
            "claude" | "claude-code" => Host::Claude,
            "codex" => Host::Codex,
            "gemini" => Host::Gemini,
            _ => return None,
        })
    }

    /// Guess the host from the payload: Codex sends `turn_id` with
    /// `hook_event_name`, Gemini its own event names, Claude Code
    /// `hook_event_name`; no JSON or CodeWhale's `event` means CodeWhale.
    pub fn detect(stdin: &str) -> Host {
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(stdin)
        else {
            return Host::Codewhale;
        };
        match map.get("hook_event_name").and_then(|v| v.as_str()) {
            None => Host::Codewhale,
            Some(_) if map.contains_key("turn_id") => Host::Codex,
            Some(
                "BeforeTool"
                | "AfterTool"
                | "BeforeAgent"
                | "AfterAgent"
                | "BeforeModel"
                | "AfterModel"
                | "BeforeToolSelection",
            ) => Host::Gemini,
            Some(_) if map.contains_key("timestamp") => Host::Gemini,
            Some(_) => Host::Claude,
        }
    }

    /// Tool groups for this host, plus any the config adds.
    pub fn groups(self, settings: &Settings) -> GroupMap {
        let table: &[(&str, &[&str])] = match self {
            Host::Codewhale => codewhale::GROUPS,
            // Other hosts arrive with their adapters; until then they share
            // the neutral names below so rules still resolve.
            _ => &[],
        };
        let mut map = GroupMap::new();
        for g in BUILTIN_GROUPS {
            map.insert(g.to_string(), Vec::new());
        }
        for (g, members) in table {
            map.entry(g.to_string())
                .or_default()
                .extend(members.iter().map(|s| s.to_string()));
        }
        for (g, members) in &settings.groups {
            map.entry(g.clone())
                .or_default()
                .extend(members.iter().cloned());
        }
        map
    }
}

/// What an adapter read from the host.
#[derive(Clone, Debug)]
pub struct HookInput {
    pub event: Event,
    pub session: Option<String>,
    pub workspace: Option<PathBuf>,
}

/// What flowgate prints and how it exits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub stdout: String,
    pub stderr: String,
    pub status: ExitStatus,
}

/// Environment lookup, so tests and `replay` can supply their own.
pub type Env<'a> = &'a dyn Fn(&str) -> Option<String>;

pub fn read(host: Host, kind: EventKind, stdin: &str, env: Env<'_>) -> Result<HookInput, String> {
    match host {
        Host::Codewhale => codewhale::read(kind, stdin, env),
        other => Err(format!(
            "host {} is not supported by this build yet; use --host codewhale",
            other.name()
        )),
    }
}

pub fn answer(host: Host, kind: EventKind, decision: &Decision, user_text: Option<&str>) -> Answer {
    match host {
        Host::Codewhale => codewhale::answer(kind, decision, user_text),
        _ => codewhale::answer(kind, decision, user_text),
    }
}

/// The answer when flowgate failed; `deny` is the on_error policy for tool calls.
pub fn failure(
    _host: Host,
    kind: EventKind,
    status: ExitStatus,
    message: &str,
    deny: bool,
) -> Answer {
    codewhale::failure(kind, status, message, deny)
}
