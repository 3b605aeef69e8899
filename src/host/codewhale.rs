//! CodeWhale (hosts/codewhale.md): `message_submit` and `turn_end` send JSON
//! on stdin; `tool_call_before` sends nothing on stdin and everything in
//! `DEEPSEEK_*` variables, with the tool input capped at 10000 bytes (then
//! invalid JSON). stderr is never shown, and every denial reason is
//! sanitised by CodeWhale, so reasons are made to pass through unchanged.
//!
//! MCP tools reach the hook as CodeWhale names them for the model,
//! `mcp_<server>_<tool>` (`McpPool::mcp_model_tool_name`); the server cannot
//! be told from the tool in general (either may hold `_`), so only
//! flowgate's own tools are read as `mcp__flowgate__<tool>`, the form the
//! other hosts use; other MCP tools keep CodeWhale's name.

use serde_json::{Value, json};

use super::{Answer, Env, HookInput};
use crate::engine::call::{
    OWN_MCP_TOOLS, PLAN_STATUSES_CANCELLED, RawCall, RawInput, ShellLang, TodoShape, TodoTool,
    ToolTable,
};
use crate::engine::event::{Decision, Event, EventKind, TurnStatus};
use crate::exit::ExitStatus;

/// CodeWhale's tools (its own categories: shell = `bash`, `Bash`,
/// `exec_shell`, `run`; file_write = `write`, `edit`, `apply_patch`).
pub const TOOLS: ToolTable = ToolTable {
    groups: &[
        (
            "@read",
            &[
                "read",
                "file_search",
                "grep_files",
                "list_dir",
                "tool_search",
            ],
        ),
        ("@write", &["write", "edit", "apply_patch"]),
        ("@shell", &["bash", "Bash", "exec_shell", "run"]),
        ("@agent", &["agent"]),
        ("@todo", &["todo_write"]),
        ("@web", &["web_search", "web_fetch", "fetch_url"]),
    ],
    shells: &[
        ("bash", ShellLang::Posix),
        ("Bash", ShellLang::Posix),
        ("exec_shell", ShellLang::Posix),
        ("run", ShellLang::Posix),
    ],
    patches: &["apply_patch"],
    file_writes: &[
        ("write", &["path", "file_path"]),
        ("edit", &["path", "file_path"]),
    ],
    todos: &[TodoTool {
        tool: "todo_write",
        shape: TodoShape::List("todos"),
        text: "content",
        statuses: PLAN_STATUSES_CANCELLED,
    }],
    model_names: &[],
};

/// The most `text` CodeWhale accepts back from `message_submit`.
pub const MAX_TEXT_CHARS: usize = 32_000;
/// The longest reason CodeWhale shows.
pub const MAX_REASON_CHARS: usize = 240;

/// `mcp_flowgate_<tool>` (one of flowgate's own tools) as
/// `mcp__flowgate__<tool>`; any other name as it is.
fn tool_name(name: String) -> String {
    match name.strip_prefix("mcp_flowgate_") {
        Some(tool) if OWN_MCP_TOOLS.contains(&tool) => format!("mcp__flowgate__{tool}"),
        _ => name,
    }
}

fn env_any(env: Env<'_>, names: &[&str]) -> Option<String> {
    names.iter().find_map(|n| env(n).filter(|v| !v.is_empty()))
}

fn stdin_json(stdin: &str, what: &str) -> Result<Option<serde_json::Map<String, Value>>, String> {
    if stdin.trim().is_empty() {
        return Ok(None);
    }
    match serde_json::from_str::<Value>(stdin) {
        Ok(Value::Object(m)) => Ok(Some(m)),
        Ok(_) => Err(format!("{what}: stdin is JSON but not an object")),
        Err(e) => Err(format!("{what}: stdin is not valid JSON ({e})")),
    }
}

pub fn read(kind: EventKind, stdin: &str, env: Env<'_>) -> Result<HookInput, String> {
    let json = stdin_json(stdin, kind.name())?;
    let field = |k: &str| json.as_ref().and_then(|m| m.get(k));
    let session = field("session_id")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| env_any(env, &["DEEPSEEK_SESSION_ID", "CODEWHALE_SESSION_ID"]));
    let host_dir = field("workspace")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| env_any(env, &["DEEPSEEK_WORKSPACE", "CODEWHALE_WORKSPACE"]));
    let workspace = super::payload::workspace(host_dir.as_deref(), None);
    let event = match kind {
        EventKind::MessageSubmit => {
            let (text, complete) = match field("text") {
                Some(Value::String(t)) => {
                    let cut = field("text_truncated")
                        .and_then(Value::as_bool)
                        .unwrap_or(false);
                    (t.clone(), !cut)
                }
                Some(_) => return Err("message_submit: \"text\" must be a string".into()),
                None => match env_any(env, &["DEEPSEEK_MESSAGE", "CODEWHALE_MESSAGE"]) {
                    Some(t) => {
                        let cut = t.ends_with("...[truncated]") || t.len() >= 5000;
                        (t, !cut)
                    }
                    None => {
                        return Err(
                            "message_submit: no message (stdin has no \"text\" and DEEPSEEK_MESSAGE is not set)".into(),
                        );
                    }
                },
            };
            Event::MessageSubmit { text, complete }
        }
        EventKind::ToolCall => {
            let name = env_any(env, &["DEEPSEEK_TOOL_NAME", "CODEWHALE_TOOL_NAME"])
                .or_else(|| field("tool_name").and_then(Value::as_str).map(str::to_string))
                .ok_or("tool_call: DEEPSEEK_TOOL_NAME is not set (is this hook on the tool_call_before event?)")?;
            if name.contains(char::REPLACEMENT_CHARACTER) {
                return Err("tool_call: DEEPSEEK_TOOL_NAME is not valid UTF-8".into());
            }
            let input = match env_any(env, &["DEEPSEEK_TOOL_ARGS", "CODEWHALE_TOOL_ARGS"]) {
                None => RawInput::Missing,
                // Not UTF-8 (read lossily): the arguments cannot be trusted.
                Some(raw) if raw.contains(char::REPLACEMENT_CHARACTER) => RawInput::Cut,
                // Over 10000 bytes CodeWhale cuts the JSON and appends
                // `...[truncated]`: not JSON any more.
                Some(raw) => serde_json::from_str(&raw).map_or(RawInput::Cut, RawInput::Json),
            };
            Event::ToolCall(RawCall {
                name: tool_name(name),
                input,
            })
        }
        EventKind::TurnEnd => {
            let status = match field("status").and_then(Value::as_str) {
                Some("completed") => TurnStatus::Completed,
                Some("interrupted") => TurnStatus::Interrupted,
                Some("failed") => TurnStatus::Failed,
                _ => TurnStatus::Unknown,
            };
            if json.is_none() {
                return Err("turn_end: stdin is empty (CodeWhale sends the turn as JSON)".into());
            }
            Event::TurnEnd { status }
        }
        EventKind::AgentEnd => {
            let aborted = field("aborted").and_then(Value::as_bool).unwrap_or(false)
                || field("status").and_then(Value::as_str) == Some("interrupted");
            let stop_hook_active = match field("stop_hook_active") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(other) => {
                    return Err(format!(
                        "agent_end: \"stop_hook_active\" must be true or false, not {other}"
                    ));
                }
            };
            Event::AgentEnd {
                aborted,
                stop_hook_active,
            }
        }
        EventKind::SessionStart => Event::SessionStart {
            source: field("source").and_then(Value::as_str).map(str::to_string),
        },
    };
    Ok(HookInput {
        event,
        session,
        workspace,
    })
}

fn ok(stdout: String) -> Answer {
    Answer {
        stdout,
        stderr: String::new(),
        status: ExitStatus::Success,
    }
}

fn blocked(stdout: Value, reason: &str) -> Answer {
    Answer {
        stdout: super::json::to_string(&stdout),
        stderr: format!("flowgate: {}", reason.replace('\n', " ")),
        status: ExitStatus::Blocked,
    }
}

/// Append `block` to the user's text within CodeWhale's 32000-character cap,
/// cutting the block (never the user's text) to fit.
fn with_context(user: &str, block: &str) -> Option<String> {
    let user_chars = user.chars().count();
    let room = MAX_TEXT_CHARS.checked_sub(user_chars + 2)?;
    if room < crate::engine::decide::MIN_CONTEXT_CHARS {
        return None;
    }
    let block: String = if block.chars().count() > room {
        let mut cut: String = block.chars().take(room.saturating_sub(30)).collect();
        cut.push_str("\n… (cut)\n</flowgate>");
        cut
    } else {
        block.to_string()
    };
    Some(format!("{user}\n\n{block}"))
}

pub fn answer(kind: EventKind, decision: &Decision, user_text: Option<&str>) -> Answer {
    match decision {
        Decision::Pass | Decision::Allow | Decision::AllowStop(None) => match kind {
            EventKind::ToolCall => ok(json!({"decision": "allow"}).to_string()),
            _ => ok(String::new()),
        },
        Decision::AddContext(block) => match (kind, user_text) {
            (EventKind::MessageSubmit, Some(user)) => match with_context(user, block) {
                Some(text) => ok(super::json::to_string(&json!({ "text": text }))),
                None => ok(String::new()),
            },
            _ => ok(String::new()),
        },
        Decision::Replace(text) => {
            let text: String = text.chars().take(MAX_TEXT_CHARS).collect();
            ok(super::json::to_string(&json!({ "text": text })))
        }
        Decision::BlockMessage(reason) => {
            let reason = safe_reason(reason);
            blocked(json!({ "reason": reason }), &reason)
        }
        Decision::Deny(reason) => {
            // CodeWhale shows `…hook denied tool 'x': <reason>. Adjust
            // approval mode or request permission.`: its full stop, not ours.
            let reason = super::without_full_stop(&safe_reason(reason)).to_string();
            blocked(json!({ "decision": "deny", "reason": reason }), &reason)
        }
        Decision::Continue(reason) => {
            blocked(json!({ "decision": "block", "reason": reason }), reason)
        }
        Decision::AllowStop(Some(msg)) => {
            ok(super::json::to_string(&json!({ "systemMessage": msg })))
        }
    }
}

/// flowgate failed and the failure policy refuses the call: the deny on
/// stdout (CodeWhale honours it whatever the exit code), the failure's own
/// exit code, and the error on stderr.
pub fn refuse(kind: EventKind, status: ExitStatus, reason: &str) -> Answer {
    let mut a = answer(kind, &Decision::Deny(reason.to_string()), None);
    a.status = status;
    a
}

/// flowgate itself failed and CodeWhale should go on: say so on stderr
/// (which CodeWhale never shows; the journal has it too) with the honest
/// exit code, and for a tool call still give CodeWhale a decision on
/// stdout (it reads it whatever the exit code): allow, since the failure
/// policy chose not to refuse. A failed message keeps the user's text.
pub fn error(kind: EventKind, status: ExitStatus, message: &str) -> Answer {
    let line = format!("flowgate: {}", message.replace('\n', " "));
    let stdout = match kind {
        EventKind::ToolCall => json!({ "decision": "allow" }).to_string(),
        EventKind::MessageSubmit => {
            super::json::to_string(&json!({ "reason": safe_reason(&line) }))
        }
        _ => String::new(),
    };
    Answer {
        stdout,
        stderr: line,
        status,
    }
}

// ---- reasons that survive CodeWhale's sanitiser -------------------------

const SECRET_WORDS: &[&str] = &[
    "bearer",
    "token",
    "secret",
    "password",
    "passwd",
    "authorization",
];
const PATH_WORDS: &[&str] = &["path", "file", "directory", "cwd", "workspace"];
const COMMAND_WORDS: &[&str] = &["command", "cmd", "argv", "executable"];
const SECRET_KEY_WORDS: &[&str] = &[
    "token",
    "secret",
    "password",
    "passwd",
    "api_key",
    "apikey",
    "authorization",
    "bearer",
];

/// The core as CodeWhale documents it: without surrounding quotes,
/// backticks, brackets, braces, commas and semicolons.
fn narrow_core(field: &str) -> &str {
    field.trim_matches(|c: char| matches!(c, '"' | '\'' | '`' | '[' | ']' | '{' | '}' | ',' | ';'))
}

/// A wider core, also without parentheses, angle brackets and sentence marks.
fn core(field: &str) -> &str {
    field.trim_matches(|c: char| {
        matches!(
            c,
            '"' | '\''
                | '`'
                | '['
                | ']'
                | '('
                | ')'
                | '{'
                | '}'
                | '<'
                | '>'
                | ','
                | ';'
                | '.'
                | '!'
                | '?'
        )
    })
}

fn risky_word(word: &str) -> bool {
    let w = word.to_lowercase();
    SECRET_WORDS.contains(&w.as_str())
        || PATH_WORDS.contains(&w.as_str())
        || COMMAND_WORDS.contains(&w.as_str())
        || SECRET_KEY_WORDS.contains(&w.as_str())
        || w.ends_with("_token")
        || w.ends_with("_secret")
        || w.ends_with("_api_key")
}

/// Rewrite `text` so that CodeWhale's sanitiser leaves it unchanged, and
/// fit it in 240 characters by taking words out of its middle: the last
/// sentence (how to go on) is always kept whole when it fits, and the
/// start as far as there is room. Plain-word text (all of flowgate's own
/// wording) comes out exactly as it went in.
pub fn safe_reason(text: &str) -> String {
    // Straight quotes would make the sanitiser group words into one field:
    // use typographic ones instead.
    let mut flat = String::with_capacity(text.len());
    let mut prev = ' ';
    for c in text.chars() {
        let c = match c {
            c if c.is_control() => ' ',
            '"' if prev.is_whitespace() || prev == '(' => '“',
            '"' => '”',
            '\'' if prev.is_whitespace() || prev == '(' => '‘',
            '\'' => '’',
            c => c,
        };
        flat.push(c);
        prev = c;
    }
    let fields: Vec<String> = flat.split_whitespace().map(safe_field).collect();
    shorten_middle(&fields, MAX_REASON_CHARS)
}

/// One whitespace-free field rewritten so that the sanitiser keeps it.
fn safe_field(field: &str) -> String {
    let mut f = field.replace(['/', '\\'], "∕");
    // CodeWhale strips fewer characters around a field than `core`
    // does; check the field, both cores, and act if any is risky.
    // CodeWhale's exact set of stripped characters is not certain: check
    // the field, the narrow core, the core without sentence marks, and the
    // widest core.
    let views = |f: &str| -> [String; 4] {
        [
            f.to_string(),
            narrow_core(f).to_string(),
            f.trim_matches(|c: char| {
                matches!(
                    c,
                    '"' | '\'' | '`' | '[' | ']' | '{' | '}' | '(' | ')' | '<' | '>' | ',' | ';'
                )
            })
            .to_string(),
            core(f).to_string(),
        ]
    };
    if views(&f).iter().any(|c| c.starts_with('-')) {
        f = f.replace('-', "‑");
    }
    if views(&f).iter().any(|c| c.chars().nth(1) == Some(':')) {
        f = f.replace(':', "∶");
    }
    let risky = views(&f).iter().any(|c| {
        let key = c.split([':', '=']).next().unwrap_or("");
        (c.contains([':', '=']) && risky_word(key))
            || risky_word(c)
            || c.starts_with("sk-")
            || c.starts_with("ghp_")
            || c.starts_with("github_pat_")
    });
    if risky {
        f = format!("«{f}»");
    }
    f
}

/// Does this field end a sentence (`.`, `!` or `?`, maybe before a closing
/// quote or bracket)?
fn ends_sentence(field: &str) -> bool {
    field
        .trim_end_matches(['”', '’', ')', '»', '*', '`'])
        .ends_with(['.', '!', '?'])
}

/// `fields` joined with spaces in at most `max` characters: when too long,
/// the start and the last sentence with ` … ` between them. A last
/// sentence too long on its own keeps its end.
fn shorten_middle(fields: &[String], max: usize) -> String {
    let chars = |fs: &[String]| -> usize {
        fs.iter().map(|f| f.chars().count()).sum::<usize>() + fs.len().saturating_sub(1)
    };
    if chars(fields) <= max {
        return fields.join(" ");
    }
    const GAP: &str = " … ";
    let gap = GAP.chars().count();
    // The last sentence starts after the last sentence end before the
    // final field.
    let start = fields[..fields.len() - 1]
        .iter()
        .rposition(|f| ends_sentence(f))
        .map_or(fields.len() - 1, |k| k + 1);
    if chars(&fields[start..]) + 2 > max {
        // The instruction alone is too long: keep as much of its end as
        // fits, in whole fields, or the end of a single huge field (made
        // safe again, as cutting it changes how it starts).
        let mut from = fields.len() - 1;
        while from > 0 && chars(&fields[from - 1..]) + 2 <= max {
            from -= 1;
        }
        if chars(&fields[from..]) + 2 <= max {
            return format!("… {}", fields[from..].join(" "));
        }
        let last = &fields[fields.len() - 1];
        let keep = max.saturating_sub(6);
        let end: String = last.chars().skip(last.chars().count() - keep).collect();
        return format!("… {}", safe_field(&end));
    }
    let tail = fields[start..].join(" ");
    let room = max.saturating_sub(tail.chars().count() + gap);
    let mut head = String::new();
    for f in &fields[..start] {
        let extra = f.chars().count() + usize::from(!head.is_empty());
        if head.chars().count() + extra > room {
            break;
        }
        if !head.is_empty() {
            head.push(' ');
        }
        head.push_str(f);
    }
    if head.is_empty() {
        format!("… {tail}")
    } else {
        format!("{head}{GAP}{tail}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_reason_keeps_plain_text_and_defuses_the_rest() {
        let plain = "flowgate blocked edit in the Diagnose phase of Bug Fix. Allowed here are all except write, edit, apply_patch.";
        assert_eq!(safe_reason(plain), plain);
        let s = safe_reason("see /etc/passwd --force token=abc the file notes.md [1/3] 1:");
        assert!(!s.contains('/') && !s.contains(" --"), "{s}");
        assert!(s.contains("«token=abc»") && s.contains("«file»"), "{s}");
        let long = "word ".repeat(100);
        assert!(safe_reason(&long).chars().count() <= MAX_REASON_CHARS);
    }

    #[test]
    fn a_long_reason_loses_its_middle_not_its_instruction() {
        let text = format!(
            "flowgate blocked bash in {}. Allowed here are read. Finish this phase, then run flowgate step next.",
            "many words ".repeat(40).trim_end()
        );
        let r = safe_reason(&text);
        assert!(r.chars().count() <= MAX_REASON_CHARS, "{r}");
        assert!(r.starts_with("flowgate blocked bash in many words"), "{r}");
        assert!(
            r.ends_with(" … Finish this phase, then run flowgate step next."),
            "{r}"
        );
        // A last sentence too long for the room keeps its end.
        let r = safe_reason(&format!(
            "Start. {} then run flowgate step next.",
            "x ".repeat(200)
        ));
        assert!(r.chars().count() <= MAX_REASON_CHARS, "{r}");
        assert!(
            r.starts_with("… x x") && r.ends_with("x then run flowgate step next."),
            "{r}"
        );
        // One huge field: its end, made safe again.
        let r = safe_reason(&format!("a {}:b/c", "y".repeat(300)));
        assert!(r.chars().count() <= MAX_REASON_CHARS, "{r}");
        assert!(r.ends_with("y:b∕c"), "{r}");
    }

    #[test]
    fn context_fits_the_text_cap() {
        let user = "x".repeat(31_000);
        let block = format!("<flowgate>\n{}\n</flowgate>", "y".repeat(5000));
        let t = with_context(&user, &block).unwrap();
        assert!(t.chars().count() <= MAX_TEXT_CHARS);
        assert!(t.starts_with(&user));
        assert!(with_context(&"x".repeat(31_900), &block).is_none());
    }

    #[test]
    fn own_mcp_tools_take_the_common_form() {
        assert_eq!(
            tool_name("mcp_flowgate_workflow_step".into()),
            "mcp__flowgate__workflow_step"
        );
        assert_eq!(
            tool_name("mcp_flowgate_list_todos".into()),
            "mcp__flowgate__list_todos"
        );
        for other in [
            "mcp_flowgate_delete_everything",
            "mcp_flowgatex_workflow_step",
            "mcp_github_create_issue",
            "mcp__flowgate__workflow_step",
            "bash",
        ] {
            assert_eq!(tool_name(other.into()), other);
        }
    }
}
