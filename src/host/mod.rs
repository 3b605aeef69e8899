//! Host adapters: translate a host's hook input into a neutral `Event`, and a
//! neutral `Decision` into the host's own output and exit code. Adapters
//! hold no policy and classify nothing: each reports the tool's name and raw
//! input, and carries its host's tool table as data (`engine::call` reads
//! it). One file per host; `payload` holds what the JSON-on-stdin hosts
//! (Claude Code, Codex, Gemini CLI) share.

pub mod claude;
pub mod codewhale;
pub mod codex;
pub mod gemini;
mod json;
mod payload;

use std::path::PathBuf;

use crate::config::{BUILTIN_GROUPS, Settings};
use crate::engine::call::ToolTable;
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

    /// Guess the host from the payload (an explicit `--host` is safer):
    ///
    /// - no JSON object, or no `hook_event_name` (CodeWhale sends `event`,
    ///   or nothing at all on stdin) → CodeWhale;
    /// - `turn_id` (Codex's turn events), or `model` with `permission_mode`
    ///   (Codex sends both on every event, older builds lack `turn_id`;
    ///   Claude Code sends `model` only on SessionStart) → Codex;
    /// - a Gemini-only event name, or `timestamp` (only Gemini sends it,
    ///   and it shares `SessionStart` with the others) → Gemini;
    /// - any other `hook_event_name` → Claude Code.
    ///
    /// A Claude Code SessionStart that carried `permission_mode` would read
    /// as Codex; the two answer SessionStart identically, so no harm.
    pub fn detect(stdin: &str) -> Host {
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(stdin)
        else {
            return Host::Codewhale;
        };
        let Some(event) = map.get("hook_event_name").and_then(|v| v.as_str()) else {
            return Host::Codewhale;
        };
        if map.contains_key("turn_id")
            || (map.contains_key("model") && map.contains_key("permission_mode"))
        {
            return Host::Codex;
        }
        match event {
            "BeforeTool"
            | "AfterTool"
            | "BeforeAgent"
            | "AfterAgent"
            | "BeforeModel"
            | "AfterModel"
            | "BeforeToolSelection"
            | "PreCompress" => Host::Gemini,
            _ if map.contains_key("timestamp") => Host::Gemini,
            _ => Host::Claude,
        }
    }

    /// The host whose agent is running this command, from its shell
    /// environment: CodeWhale passes `DEEPSEEK_*`/`CODEWHALE_*`, Claude Code
    /// sets `CLAUDECODE`, Gemini CLI `GEMINI_CLI`, Codex `CODEX_*`.
    pub fn from_env() -> Option<Host> {
        let has = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
        if has("DEEPSEEK_SESSION_ID") || has("CODEWHALE_SESSION_ID") {
            Some(Host::Codewhale)
        } else if has("CLAUDECODE") {
            Some(Host::Claude)
        } else if has("GEMINI_CLI") {
            Some(Host::Gemini)
        } else if std::env::vars_os().any(|(k, _)| k.to_string_lossy().starts_with("CODEX_")) {
            Some(Host::Codex)
        } else {
            None
        }
    }

    /// The longest message text the host accepts back, when it caps it
    /// (CodeWhale replaces the message and takes at most 32000 characters).
    pub fn max_message_chars(self) -> Option<usize> {
        match self {
            Host::Codewhale => Some(codewhale::MAX_TEXT_CHARS),
            _ => None,
        }
    }

    /// What this host's tools are and do (data, read by `engine::call`).
    pub fn tools(self) -> &'static ToolTable {
        match self {
            Host::Codewhale => &codewhale::TOOLS,
            Host::Claude => &claude::TOOLS,
            Host::Codex => &codex::TOOLS,
            Host::Gemini => &gemini::TOOLS,
        }
    }

    /// Tool groups for this host, plus any the config adds.
    pub fn groups(self, settings: &Settings) -> GroupMap {
        let mut map = GroupMap::new();
        for g in BUILTIN_GROUPS {
            map.insert(g.to_string(), Vec::new());
        }
        for (g, members) in self.tools().groups {
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

impl HookInput {
    /// The user's message, if this is one.
    pub fn into_message(self) -> Option<String> {
        match self.event {
            Event::MessageSubmit { text, .. } => Some(text),
            _ => None,
        }
    }
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

/// Read one event; stdin is handed over (a long message keeps its buffer).
pub fn read(host: Host, kind: EventKind, stdin: String, env: Env<'_>) -> Result<HookInput, String> {
    match host {
        Host::Codewhale => codewhale::read(kind, &stdin, env),
        Host::Claude => claude::read(kind, stdin, env),
        Host::Codex => codex::read(kind, stdin, env),
        Host::Gemini => gemini::read(kind, stdin, env),
    }
}

pub fn answer(host: Host, kind: EventKind, decision: &Decision, user_text: Option<&str>) -> Answer {
    match host {
        Host::Codewhale => codewhale::answer(kind, decision, user_text),
        Host::Claude => claude::answer(kind, decision, user_text),
        Host::Codex => codex::answer(kind, decision, user_text),
        Host::Gemini => gemini::answer(kind, decision, user_text),
    }
}

/// `reason` without a final full stop (an ellipsis stays), for hosts that
/// add their own after a denial's reason (Codex: `<reason>. Command: …`;
/// CodeWhale: `<reason>. Adjust approval mode or request permission.`).
pub(crate) fn without_full_stop(reason: &str) -> &str {
    let r = reason.trim_end();
    match r.strip_suffix('.') {
        Some(rest) if !rest.ends_with('.') => rest,
        _ => r,
    }
}

/// `answer` with a one-line notice that the agent and the user should
/// hear although the call goes on (something flowgate decided was not
/// stored). On exit 0 the host's own channel carries it: CodeWhale appends
/// a tool call's `additionalContext` to the tool's result (the agent reads
/// it); Claude Code, Codex and Gemini CLI show `systemMessage` to the user.
/// Where there is no such channel (another CodeWhale event, an answer that
/// is plain context, a failure's exit code) it goes on stderr.
pub fn with_notice(host: Host, kind: EventKind, mut answer: Answer, notice: &str) -> Answer {
    let notice: String = crate::engine::text::one_line(notice)
        .chars()
        .take(1000)
        .collect();
    let field = match host {
        Host::Codewhale if kind == EventKind::ToolCall => Some("additionalContext"),
        Host::Codewhale => None,
        _ => Some("systemMessage"),
    };
    let object = match answer.stdout.trim() {
        "" => Some(serde_json::Map::new()),
        text => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(m)) => Some(m),
            _ => None,
        },
    };
    match (field, object) {
        (Some(field), Some(mut obj)) if answer.status == ExitStatus::Success => {
            obj.insert(field.into(), serde_json::Value::String(notice));
            answer.stdout = json::to_string(&serde_json::Value::Object(obj));
        }
        _ => {
            answer.stderr = if answer.stderr.is_empty() {
                format!("flowgate: {notice}")
            } else {
                format!("{}; {notice}", answer.stderr.trim_end())
            };
        }
    }
    answer
}

/// flowgate failed and the failure policy refuses the tool call: a real
/// block for this host. CodeWhale reads the decision on stdout whatever
/// the exit code, so it keeps the failure's honest code; Codex acts only on
/// exit 2; Claude Code and Gemini CLI block cleanly with JSON on exit 0.
pub fn refuse(host: Host, kind: EventKind, status: ExitStatus, reason: &str) -> Answer {
    match host {
        Host::Codewhale => codewhale::refuse(kind, status, reason),
        _ => answer(host, kind, &Decision::Deny(reason.to_string()), None),
    }
}

/// flowgate failed and the host should go on without it (the failure
/// policy, `engine::failure`, chose not to refuse): the honest exit code,
/// one stderr line, and whatever the host needs on stdout to go on.
pub fn error(host: Host, kind: EventKind, status: ExitStatus, message: &str) -> Answer {
    match host {
        Host::Codewhale => codewhale::error(kind, status, message),
        Host::Claude => claude::error(status, message),
        Host::Codex => codex::error(status, message),
        Host::Gemini => gemini::error(status, message),
    }
}

#[cfg(test)]
mod tests {
    use super::Host;

    #[test]
    fn detection_follows_the_payload() {
        let d = Host::detect;
        assert_eq!(d(""), Host::Codewhale);
        assert_eq!(d(r#"{"event":"turn_end","turn_id":"t"}"#), Host::Codewhale);
        assert_eq!(
            d(r#"{"hook_event_name":"Stop","turn_id":"0"}"#),
            Host::Codex
        );
        assert_eq!(
            d(r#"{"hook_event_name":"SessionStart","model":"gpt","permission_mode":"default"}"#),
            Host::Codex
        );
        assert_eq!(d(r#"{"hook_event_name":"AfterAgent"}"#), Host::Gemini);
        assert_eq!(
            d(r#"{"hook_event_name":"SessionStart","timestamp":"2026-09-01T10:29:58.410Z"}"#),
            Host::Gemini
        );
        assert_eq!(
            d(r#"{"hook_event_name":"SessionStart","model":"claude-opus-5"}"#),
            Host::Claude
        );
        assert_eq!(d(r#"{"hook_event_name":"PreToolUse"}"#), Host::Claude);
    }
}
