//! Gemini CLI (hosts/gemini.md, `docs/hooks/reference.md` and
//! `packages/core/src/hooks` of google-gemini/gemini-cli): one JSON object
//! on stdin per event with `hook_event_name` and a `timestamp`; its own
//! event names (`BeforeAgent`, `BeforeTool`, `AfterAgent`, `SessionStart`).
//! Gemini parses answers leniently, but plain stdout is shown to the user,
//! never given to the model, so every answer is JSON:
//!
//! | event | flowgate answer |
//! | --- | --- |
//! | `BeforeAgent` | `hookSpecificOutput.additionalContext` (added to the turn as `<hook_context>`; the prompt itself cannot be replaced, so an `@flow start` adds the run's whole first message); a block is `decision:"deny"` + `reason` |
//! | `BeforeTool` | allow: nothing; deny: `decision:"deny"` + `reason` (the model gets "Tool execution blocked: …" and the turn goes on); never `ask` |
//! | `AfterAgent` | continue: `decision:"deny"` + `reason` (Gemini sends the reason as the next prompt and sets `stop_hook_active`); an announcement or the loop guard's note: `systemMessage` |
//! | `SessionStart` | `hookSpecificOutput.additionalContext` (sources startup, resume, clear; Gemini has no compaction event that can add context) |
//!
//! Every block exits 0 with the decision in the JSON: Gemini honours it, and
//! reports any non-zero exit (2 included) to the user as a failed hook
//! (hosts/gemini.md, "Observed in the real program").
//!
//! MCP tools are named `mcp_<server>_<tool>` by current Gemini builds and
//! `<server>__<tool>` by older ones; flowgate names them `mcp__<server>__<tool>`
//! (from `mcp_context` when Gemini sends it), as on the other hosts, so one
//! rule like `mcp__github__*` works everywhere.
//!
//! Failures: Gemini acts on exit 0 JSON; any other exit is a warning and
//! the action proceeds. So a tool call the failure policy refuses is
//! answered as a deny like any other; everything else exits with the honest
//! error code and one line on stderr.

use serde_json::{Value, json};

use super::payload::{self, Payload};
use super::{Answer, Env, HookInput};
use crate::engine::call::{ShellLang, TodoShape, TodoTool, ToolTable};
use crate::engine::event::{Decision, EventKind};
use crate::engine::todos::TodoStatus;
use crate::exit::ExitStatus;

/// Gemini CLI's tools. Subagents are tools named after the agent; the
/// built-in ones, `invoke_agent` and the older `delegate_to_agent` are
/// listed.
pub const TOOLS: ToolTable = ToolTable {
    groups: &[
        (
            "@read",
            &[
                "read_file",
                "read_many_files",
                "grep_search",
                "search_file_content",
                "glob",
                "list_directory",
            ],
        ),
        ("@write", &["write_file", "replace"]),
        ("@shell", &["run_shell_command"]),
        (
            "@agent",
            &[
                "invoke_agent",
                "delegate_to_agent",
                "codebase_investigator",
                "cli_help",
            ],
        ),
        ("@todo", &["write_todos"]),
        ("@web", &["google_web_search", "web_fetch"]),
    ],
    shells: &[("run_shell_command", ShellLang::Posix)],
    patches: &[],
    file_writes: &[("write_file", &["file_path"]), ("replace", &["file_path"])],
    todos: &[TodoTool {
        tool: "write_todos",
        shape: TodoShape::List("todos"),
        text: "description",
        statuses: &[
            ("pending", TodoStatus::NotStarted),
            ("in_progress", TodoStatus::InProgress),
            ("completed", TodoStatus::Completed),
            ("cancelled", TodoStatus::Abandoned),
            // An item waiting on something is still open work.
            ("blocked", TodoStatus::NotStarted),
        ],
    }],
    model_names: &[],
};

const LAYOUT: payload::Layout = payload::Layout {
    label: "Gemini CLI",
    host: "gemini",
    prompt_event: "BeforeAgent",
    tool_name,
    project_dir_var: Some("GEMINI_PROJECT_DIR"),
};

pub fn read(kind: EventKind, stdin: String, env: Env<'_>) -> Result<HookInput, String> {
    payload::read(&LAYOUT, kind, stdin, env)
}

/// The tool's name, with MCP tools in the `mcp__<server>__<tool>` form.
fn tool_name(p: &Payload) -> Result<String, String> {
    let name = p.need_str("tool_name", "BeforeTool")?;
    let ctx = p.get("mcp_context");
    let field = |k: &str| ctx.and_then(|c| c.get(k)).and_then(Value::as_str);
    if let Some(server) = field("server_name").filter(|s| !s.is_empty()) {
        let tool = field("tool_name")
            .filter(|t| !t.is_empty())
            .or_else(|| name.strip_prefix(&format!("mcp_{server}_")))
            .or_else(|| name.strip_prefix(&format!("{server}__")))
            .unwrap_or(name);
        return Ok(format!("mcp__{server}__{tool}"));
    }
    if !name.starts_with("mcp_")
        && let Some((server, tool)) = name.split_once("__")
    {
        return Ok(format!("mcp__{server}__{tool}"));
    }
    Ok(name.to_string())
}

fn deny(reason: &str) -> Value {
    json!({ "decision": "deny", "reason": reason })
}

pub fn answer(kind: EventKind, decision: &Decision, _user_text: Option<&str>) -> Answer {
    match (kind, decision) {
        (EventKind::MessageSubmit, Decision::AddContext(text) | Decision::Replace(text)) => {
            payload::reply(payload::context("BeforeAgent", text))
        }
        (EventKind::MessageSubmit, Decision::BlockMessage(reason))
        | (EventKind::ToolCall, Decision::Deny(reason))
        | (EventKind::AgentEnd, Decision::Continue(reason)) => payload::reply(deny(reason)),
        (EventKind::AgentEnd, Decision::AllowStop(Some(msg))) => {
            payload::reply(json!({ "systemMessage": msg }))
        }
        (EventKind::SessionStart, Decision::AddContext(text)) => {
            payload::reply(payload::context("SessionStart", text))
        }
        _ => payload::pass(),
    }
}

/// flowgate failed and Gemini should go on (see the module doc).
pub fn error(status: ExitStatus, message: &str) -> Answer {
    payload::error(status, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name_of(stdin: &str) -> String {
        tool_name(&Payload::parse(stdin, "Gemini CLI").unwrap()).unwrap()
    }

    #[test]
    fn mcp_names_take_the_common_form() {
        assert_eq!(
            name_of(
                r#"{"tool_name":"mcp_git_hub_create_issue","mcp_context":{"server_name":"git_hub","tool_name":"create_issue"}}"#
            ),
            "mcp__git_hub__create_issue"
        );
        assert_eq!(
            name_of(r#"{"tool_name":"mcp_fg_workflow_step","mcp_context":{"server_name":"fg"}}"#),
            "mcp__fg__workflow_step"
        );
        assert_eq!(
            name_of(r#"{"tool_name":"fg__list_todos"}"#),
            "mcp__fg__list_todos"
        );
        assert_eq!(name_of(r#"{"tool_name":"read_file"}"#), "read_file");
    }
}
