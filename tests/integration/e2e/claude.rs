//! Claude Code (`@anthropic-ai/claude-code`), headless: `claude -p PROMPT
//! --dangerously-skip-permissions --output-format stream-json --verbose`,
//! against the Anthropic Messages API on loopback
//! (`ANTHROPIC_BASE_URL`), with a debug log in the scratch directory.
//!
//! Tools: `Write`, `Bash`; the todo tools offered by default are
//! `TaskCreate`/`TaskUpdate` (incremental: one task per call, updated by
//! the id Claude Code gives it, `1`, `2`, … in a session).

use std::path::PathBuf;
use std::process::Command;

use serde_json::json;

use super::server::Api;
use super::{Act, Cx, Host, Input, Outcome, Project};

pub struct Claude;

pub static CLAUDE: Claude = Claude;

/// A model name Claude Code knows (its context size and tools).
const MODEL: &str = "claude-sonnet-4-5";

impl Host for Claude {
    fn name(&self) -> &'static str {
        "claude"
    }

    fn program(&self) -> Option<PathBuf> {
        super::npm_program("claude")
    }

    fn install_hint(&self) -> String {
        super::NPM_HINT.into()
    }

    fn api(&self) -> &'static dyn Api {
        &super::anthropic::MESSAGES
    }

    fn tools(&self, act: &Act, cx: &mut Cx) -> Vec<(String, Input)> {
        match act {
            Act::Say(_) => Vec::new(),
            Act::Write { path, content } => vec![(
                "Write".into(),
                Input::Json(json!({"file_path": cx.ws.join(path), "content": content})),
            )],
            Act::Shell(cmd) => vec![(
                "Bash".into(),
                Input::Json(json!({"command": cmd, "description": "Run a command"})),
            )],
            Act::Todos(list) => {
                let mut calls = Vec::new();
                for (text, status) in list {
                    let id = match cx.task_ids.iter().find(|(t, _)| t == text) {
                        Some((_, id)) => id.clone(),
                        None => {
                            calls.push((
                                "TaskCreate".to_string(),
                                Input::Json(json!({"subject": text, "description": text})),
                            ));
                            let id = (cx.task_ids.len() + 1).to_string();
                            cx.task_ids.push((text.clone(), id.clone()));
                            cx.todos.push((text.clone(), "pending".into()));
                            id
                        }
                    };
                    let before = cx
                        .todos
                        .iter()
                        .find(|(t, _)| t == text)
                        .map(|(_, s)| s.clone());
                    if before.as_deref() != Some(status.as_str()) {
                        calls.push((
                            "TaskUpdate".to_string(),
                            Input::Json(json!({"taskId": id, "status": status})),
                        ));
                    }
                }
                cx.todos = list.clone();
                calls
            }
        }
    }

    fn configure(&self, _p: &Project, _url: &str) {}

    fn command(&self, p: &Project, url: &str, prompt: &str) -> Command {
        let mut c = p.clean_command(&p.program);
        c.args(["-p", prompt, "--dangerously-skip-permissions"])
            .args(["--output-format", "stream-json", "--verbose"])
            .args(["--model", MODEL, "--max-turns", "30"])
            .arg("--debug-file")
            .arg(p.scratch.join("claude-debug.log"))
            .env("ANTHROPIC_BASE_URL", url)
            .env("ANTHROPIC_API_KEY", "sk-ant-e2e-not-a-key")
            // root may skip permissions only in a declared sandbox
            .env("IS_SANDBOX", "1")
            .env("DISABLE_AUTOUPDATER", "1")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            .env("DISABLE_TELEMETRY", "1")
            .env("DISABLE_ERROR_REPORTING", "1");
        c
    }

    /// Claude Code logs a hook that exits non-zero as an error (`[ERROR]
    /// "Hook PreToolUse:Write (PreToolUse) error: status code 2 …`), and
    /// JSON it cannot use as `Hook JSON output validation failed`; a JSON
    /// decision on exit 0 is its clean block.
    fn hook_failures(&self, out: &Outcome) -> Vec<String> {
        let log = std::fs::read_to_string(out.scratch.join("claude-debug.log")).unwrap_or_default();
        log.lines()
            .filter(|l| {
                (l.contains("[ERROR]") && l.contains("Hook"))
                    || l.contains("validation failed")
                    || l.contains("non-blocking")
            })
            .map(|l| l.chars().take(200).collect())
            .collect()
    }
}

super::scenario_tests!(CLAUDE);
