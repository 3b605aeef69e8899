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
//! Every block exits 2 with the reason on stderr: an exit 2 with an empty
//! stderr blocks nothing in Gemini.
//!
//! MCP tools are named `mcp_<server>_<tool>` by current Gemini builds and
//! `<server>__<tool>` by older ones; flowgate names them `mcp__<server>__<tool>`
//! (from `mcp_context` when Gemini sends it), as on the other hosts, so one
//! rule like `mcp__github__*` works everywhere.
//!
//! Failures: Gemini acts on exit 0 JSON and on exit 2; any other exit is a
//! warning and the action proceeds. So an on_error `deny` for a tool call is
//! a deliberate block (exit 2, the error in the reason, `error-deny` in the
//! journal); everything else exits with the honest error code and one line
//! on stderr.

use serde_json::{Value, json};

use super::payload::{self, Payload};
use super::{Answer, Env, HookInput};
use crate::engine::event::{Decision, EventKind, ToolCall};
use crate::engine::rules::ShellInput;
use crate::engine::todos::TodoStatus;
use crate::exit::ExitStatus;

/// Gemini CLI's tool names by group. Subagents are tools named after the
/// agent; the built-in ones and the older `delegate_to_agent` are listed.
pub const GROUPS: &[(&str, &[&str])] = &[
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
        &["delegate_to_agent", "codebase_investigator", "cli_help"],
    ),
    ("@todo", &["write_todos"]),
    ("@web", &["google_web_search", "web_fetch"]),
];

const WRITE_TOOLS: &[&str] = &["write_file", "replace"];

const LAYOUT: payload::Layout = payload::Layout {
    label: "Gemini CLI",
    host: "gemini",
    prompt_event: "BeforeAgent",
    tool_name,
    tool_call,
    project_dir_var: Some("GEMINI_PROJECT_DIR"),
};

pub fn read(kind: EventKind, stdin: &str, env: Env<'_>) -> Result<HookInput, String> {
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

fn todo_status(word: &str) -> Option<TodoStatus> {
    match word {
        "cancelled" => Some(TodoStatus::Abandoned),
        other => payload::plan_status(other),
    }
}

fn tool_call(name: &str, input: Option<&Value>) -> ToolCall {
    let shell = if name == "run_shell_command" {
        payload::shell_command(input)
    } else {
        ShellInput::NotShell
    };
    let todo_mirror = (name == "write_todos")
        .then(|| payload::mirror(input, "todos", "description", todo_status));
    let writes = if WRITE_TOOLS.contains(&name) {
        payload::path_field(input, &["file_path"])
    } else {
        Vec::new()
    };
    ToolCall {
        name: name.to_string(),
        shell,
        own_tool: payload::is_own_mcp(name),
        todo_mirror,
        writes,
    }
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
        | (EventKind::AgentEnd, Decision::Continue(reason)) => payload::block(deny(reason), reason),
        (EventKind::AgentEnd, Decision::AllowStop(Some(msg))) => {
            payload::reply(json!({ "systemMessage": msg }))
        }
        (EventKind::SessionStart, Decision::AddContext(text)) => {
            payload::reply(payload::context("SessionStart", text))
        }
        _ => payload::pass(),
    }
}

/// See the module doc: a refused tool call is a deliberate block; anything
/// else is an honest error Gemini steps over.
pub fn failure(kind: EventKind, status: ExitStatus, message: &str, deny_call: bool) -> Answer {
    payload::failure(kind, status, message, deny_call, deny)
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

    #[test]
    fn write_todos_is_mirrored_with_cancelled_items() {
        let call = tool_call(
            "write_todos",
            Some(
                &json!({"todos": [{"description": "a", "status": "cancelled"}, {"description": "b", "status": "pending"}]}),
            ),
        );
        let items = call.todo_mirror.unwrap().unwrap();
        assert_eq!(items[0].status, TodoStatus::Abandoned);
        assert_eq!(items[1].status, TodoStatus::NotStarted);
    }
}
