//! What a tool call does, worked out once for every host.
//!
//! An adapter only reports what the host sent: the tool's name and its raw
//! input ([`RawCall`]). [`interpret`] turns that into what the call does
//! ([`Does`]: a shell command in a known language, a patch, a file write, a
//! todo list, one of flowgate's own MCP tools, or something else), reading
//! the host's [`ToolTable`] — data, one table per host, no code. The
//! decision core decides on the result; nothing else classifies a call.

use serde_json::Value;

use super::event::{MirroredTodo, TodoChange};
use super::todos::TodoStatus;

/// The tool input as the host handed it over.
#[derive(Clone, Debug, PartialEq)]
pub enum RawInput {
    /// The input object (or whatever JSON value the host sent).
    Json(Value),
    /// The host sent no input.
    Missing,
    /// The host sent input that is not JSON, usually because it cut it
    /// (CodeWhale caps tool input at 10000 bytes).
    Cut,
}

/// A tool call as the host reported it, not yet interpreted.
#[derive(Clone, Debug, PartialEq)]
pub struct RawCall {
    /// The tool's name as the hook saw it, MCP tools as `mcp__<server>__<tool>`.
    pub name: String,
    pub input: RawInput,
}

/// The language a shell tool runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellLang {
    /// `sh`/`bash`: flowgate's analyser reads it.
    Posix,
    /// PowerShell (Claude Code on Windows): not analysable here.
    PowerShell,
}

impl ShellLang {
    pub fn name(self) -> &'static str {
        match self {
            ShellLang::Posix => "POSIX shell",
            ShellLang::PowerShell => "PowerShell",
        }
    }
}

/// A host's native todo tool: what a call carries, where each item's text
/// and status are, and what the status words mean.
#[derive(Debug)]
pub struct TodoTool {
    pub tool: &'static str,
    pub shape: TodoShape,
    pub text: &'static str,
    pub statuses: &'static [(&'static str, TodoStatus)],
}

/// What one call of a todo tool carries.
#[derive(Debug)]
pub enum TodoShape {
    /// The whole list, under this key.
    List(&'static str),
    /// One new item (its text; the host numbers it).
    Add,
    /// A change to one item: the key of the host's id, and the status word
    /// that deletes the item.
    Update {
        id: &'static str,
        deleted: &'static str,
    },
}

/// Everything flowgate knows about one host's tools. Pure data.
#[derive(Debug)]
pub struct ToolTable {
    /// Tool names by group (`@read`, `@write`, …).
    pub groups: &'static [(&'static str, &'static [&'static str])],
    /// Shell tools and the language each runs; the command is the input's
    /// `command` (a string, or an argv array).
    pub shells: &'static [(&'static str, ShellLang)],
    /// Tools whose input (`command`, `input` or `patch`) is an
    /// `*** Begin Patch` patch.
    pub patches: &'static [&'static str],
    /// Tools that write the file named in one of these input fields.
    pub file_writes: &'static [(&'static str, &'static [&'static str])],
    /// The host's native todo tools, mirrored into flowgate's list.
    pub todos: &'static [TodoTool],
    /// Names the hook reports for a tool the model calls by another name
    /// (Codex's hook says `Bash` for the model's `exec_command`).
    pub model_names: &'static [(&'static str, &'static str)],
}

impl ToolTable {
    /// The first shell tool: what `explain shell` runs a command as.
    pub fn shell_tool(&self) -> &'static str {
        self.shells.first().map_or("bash", |(n, _)| n)
    }

    /// The name the model knows the tool by.
    pub fn model_name<'a>(&self, name: &'a str) -> &'a str {
        self.model_names
            .iter()
            .find(|(hook, _)| *hook == name)
            .map_or(name, |(_, model)| model)
    }

    /// The patch tool's name, for rules on a patch run through the shell.
    pub fn patch_tool(&self) -> &'static str {
        self.patches.first().copied().unwrap_or("apply_patch")
    }
}

/// `pending | in_progress | completed`, the words Claude Code and Codex use.
pub const PLAN_STATUSES: &[(&str, TodoStatus)] = &[
    ("pending", TodoStatus::NotStarted),
    ("in_progress", TodoStatus::InProgress),
    ("completed", TodoStatus::Completed),
];

/// The same plus `cancelled` (CodeWhale's `todo_write`, Gemini's
/// `write_todos`).
pub const PLAN_STATUSES_CANCELLED: &[(&str, TodoStatus)] = &[
    ("pending", TodoStatus::NotStarted),
    ("in_progress", TodoStatus::InProgress),
    ("completed", TodoStatus::Completed),
    ("cancelled", TodoStatus::Abandoned),
];

/// The tools of `flowgate mcp`. Exempt from phase rules only when served
/// by the server registered as `flowgate`: another server's tool that
/// happens to share a name gets no exemption.
pub const OWN_MCP_TOOLS: &[&str] = &["workflow_step", "write_todos", "edit_todos", "list_todos"];

/// What a call does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Does {
    /// A shell command. `command` is `None` when the input could not be read
    /// (cut or malformed). `patch` holds the files of an inline
    /// `apply_patch` the script runs, if it runs one.
    Shell {
        lang: ShellLang,
        command: Option<String>,
        patch: Option<Vec<String>>,
    },
    /// A patch (`apply_patch`) writing these files (empty: unreadable).
    Patch { paths: Vec<String> },
    /// A file tool writing these files (empty: not named in the input).
    FileWrite { paths: Vec<String> },
    /// The host's todo tool: the change to the list, or why it could not
    /// be read.
    Todo(Result<TodoChange, String>),
    /// One of flowgate's own MCP tools.
    Own,
    /// Anything else: rules decide by name alone.
    Other,
}

/// A tool call with what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The name rules match (the hook's name).
    pub name: String,
    /// The name the model called the tool by, for texts.
    pub shown: String,
    pub does: Does,
}

impl Call {
    /// The files the call writes, as far as its input names them.
    pub fn paths(&self) -> &[String] {
        match &self.does {
            Does::Patch { paths } | Does::FileWrite { paths } => paths,
            Does::Shell { patch: Some(p), .. } => p,
            _ => &[],
        }
    }
}

/// Turn what the host sent into what the call does.
pub fn interpret(raw: &RawCall, table: &ToolTable) -> Call {
    let name = raw.name.as_str();
    let json = match &raw.input {
        RawInput::Json(v) => Some(v),
        _ => None,
    };
    let does = if let Some(tool) = name.strip_prefix("mcp__flowgate__")
        && OWN_MCP_TOOLS.contains(&tool)
    {
        Does::Own
    } else if let Some((_, lang)) = table.shells.iter().find(|(n, _)| *n == name) {
        let command = shell_command(json).map(|c| unwrap_shell(&c).unwrap_or(c));
        let patch = command
            .as_deref()
            .filter(|c| *lang == ShellLang::Posix && runs_inline_patch(c))
            .map(patch_paths);
        Does::Shell {
            lang: *lang,
            command,
            patch,
        }
    } else if table.patches.contains(&name) {
        let text = ["command", "input", "patch"]
            .iter()
            .find_map(|k| json.and_then(|i| i.get(*k)).and_then(Value::as_str))
            .unwrap_or("");
        Does::Patch {
            paths: patch_paths(text),
        }
    } else if let Some((_, keys)) = table.file_writes.iter().find(|(n, _)| *n == name) {
        Does::FileWrite {
            paths: path_field(json, keys),
        }
    } else if let Some(t) = table.todos.iter().find(|t| t.tool == name) {
        Does::Todo(match &raw.input {
            RawInput::Json(v) => todo_change(v, t),
            RawInput::Cut => Err("the tool input was cut by the host".into()),
            RawInput::Missing => Err("the tool input is missing".into()),
        })
    } else {
        Does::Other
    };
    Call {
        name: raw.name.clone(),
        shown: table.model_name(name).to_string(),
        does,
    }
}

/// `command` of a shell tool's input: a string, or an argv array joined
/// with shell quoting.
fn shell_command(input: Option<&Value>) -> Option<String> {
    match input?.get("command")? {
        Value::String(c) => Some(c.clone()),
        Value::Array(argv) => {
            let words: Option<Vec<&str>> = argv.iter().map(Value::as_str).collect();
            Some(
                words?
                    .iter()
                    .map(|s| crate::shell::quote(s))
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        }
        _ => None,
    }
}

/// The shells whose `-c`/`-lc` script is unwrapped, so rules and the
/// own-command exemption see the script itself.
const SHELLS: &[&str] = &["bash", "sh", "zsh", "dash"];

/// `bash -lc '<script>'` (as Codex joins a shell argv) → `<script>`.
fn unwrap_shell(cmd: &str) -> Option<String> {
    let w = crate::shell::plain_words(cmd)?;
    match w.as_slice() {
        [shell, flag, script]
            if SHELLS.contains(&program(shell)) && matches!(flag.as_str(), "-c" | "-lc") =>
        {
            Some(script.clone())
        }
        _ => None,
    }
}

/// The file name of a command word (`/usr/bin/bash` → `bash`).
fn program(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// A shell script that runs `apply_patch` on an inline patch. It stays a
/// shell command (shell rules apply, under the tool's own name); the patch
/// is checked as a write as well.
fn runs_inline_patch(script: &str) -> bool {
    script.contains("*** Begin Patch")
        && (script.contains("apply_patch") || script.contains("applypatch"))
}

/// The files a patch adds, updates, deletes or moves to, in order, once each.
pub fn patch_paths(patch: &str) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for line in patch.lines() {
        let line = line.trim_end();
        let path = [
            "*** Add File: ",
            "*** Update File: ",
            "*** Delete File: ",
            "*** Move to: ",
        ]
        .iter()
        .find_map(|marker| line.strip_prefix(marker))
        .map(str::trim);
        if let Some(p) = path.filter(|p| !p.is_empty())
            && !paths.iter().any(|q| q == p)
        {
            paths.push(p.to_string());
        }
    }
    paths
}

/// The first non-empty path field of a tool input.
fn path_field(input: Option<&Value>, keys: &[&str]) -> Vec<String> {
    keys.iter()
        .find_map(|k| input.and_then(|i| i.get(*k)).and_then(Value::as_str))
        .filter(|p| !p.is_empty())
        .map(|p| vec![p.to_string()])
        .unwrap_or_default()
}

/// What a todo tool's input does to the list, with the host's status
/// words mapped.
fn todo_change(input: &Value, t: &TodoTool) -> Result<TodoChange, String> {
    let status_of = |word: &str, what: &str| {
        t.statuses
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, s)| *s)
            .ok_or(format!("{what} has unknown status \"{word}\""))
    };
    let item = |item: &Value, what: &str| -> Result<MirroredTodo, String> {
        let text = item
            .get(t.text)
            .and_then(Value::as_str)
            .ok_or(format!("{what} has no \"{}\"", t.text))?;
        let status = match item.get("status").and_then(Value::as_str) {
            None => TodoStatus::NotStarted,
            Some(word) => status_of(word, what)?,
        };
        Ok(MirroredTodo {
            text: text.to_string(),
            status,
        })
    };
    match t.shape {
        TodoShape::List(key) => input
            .get(key)
            .and_then(Value::as_array)
            .ok_or(format!("no \"{key}\" list in the input"))?
            .iter()
            .enumerate()
            .map(|(i, it)| item(it, &format!("item {i}")))
            .collect::<Result<_, _>>()
            .map(TodoChange::List),
        TodoShape::Add => item(input, "the new item").map(TodoChange::Add),
        TodoShape::Update { id, deleted } => {
            let id = match input.get(id) {
                Some(Value::String(s)) => s.clone(),
                Some(Value::Number(n)) => n.to_string(),
                _ => return Err(format!("no \"{id}\" in the input")),
            };
            let word = input.get("status").and_then(Value::as_str);
            let status = match word {
                Some(w) if w != deleted => Some(status_of(w, "the update")?),
                _ => None,
            };
            Ok(TodoChange::Update {
                id,
                text: input
                    .get(t.text)
                    .and_then(Value::as_str)
                    .map(str::to_string),
                status,
                delete: word == Some(deleted),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const TABLE: ToolTable = ToolTable {
        groups: &[],
        shells: &[
            ("Bash", ShellLang::Posix),
            ("PowerShell", ShellLang::PowerShell),
        ],
        patches: &["apply_patch"],
        file_writes: &[("Write", &["file_path"])],
        todos: &[TodoTool {
            tool: "TodoWrite",
            shape: TodoShape::List("todos"),
            text: "content",
            statuses: &[
                ("pending", TodoStatus::NotStarted),
                ("completed", TodoStatus::Completed),
            ],
        }],
        model_names: &[("Bash", "exec_command")],
    };

    fn call(name: &str, input: Value) -> Call {
        interpret(
            &RawCall {
                name: name.into(),
                input: RawInput::Json(input),
            },
            &TABLE,
        )
    }

    #[test]
    fn patch_paths_cover_every_operation() {
        let patch = "*** Begin Patch\n*** Add File: src/new.rs\n+fn x() {}\n*** Update File: src/pay.rs\n*** Move to: src/payment.rs\n@@\n-a\n+b\n*** Delete File: old.txt\n*** Update File: src/pay.rs\n*** End Patch\n";
        assert_eq!(
            patch_paths(patch),
            vec!["src/new.rs", "src/pay.rs", "src/payment.rs", "old.txt"]
        );
        assert!(patch_paths("").is_empty());
    }

    #[test]
    fn shell_argv_is_joined_and_unwrapped() {
        let c = call(
            "Bash",
            json!({"command": ["bash", "-lc", "flowgate step next"]}),
        );
        assert_eq!(
            c.does,
            Does::Shell {
                lang: ShellLang::Posix,
                command: Some("flowgate step next".into()),
                patch: None
            }
        );
        assert_eq!(c.shown, "exec_command");
        let c = call(
            "Bash",
            json!({"command": "bash -lc 'flowgate step next' && rm -rf x"}),
        );
        assert!(
            matches!(c.does, Does::Shell { command: Some(ref s), .. } if s.ends_with("rm -rf x"))
        );
    }

    #[test]
    fn a_patch_in_a_script_stays_a_shell_command() {
        let script = "curl x | sh # *** Begin Patch apply_patch";
        let c = call("Bash", json!({ "command": ["bash", "-lc", script] }));
        assert_eq!(c.name, "Bash");
        assert!(matches!(c.does, Does::Shell { patch: Some(_), .. }));
    }

    #[test]
    fn powershell_is_its_own_language() {
        let c = call("PowerShell", json!({"command": "Remove-Item -Recurse src"}));
        assert!(matches!(
            c.does,
            Does::Shell {
                lang: ShellLang::PowerShell,
                ..
            }
        ));
    }

    #[test]
    fn own_tools_only_from_the_flowgate_server() {
        assert_eq!(
            call("mcp__flowgate__workflow_step", json!({})).does,
            Does::Own
        );
        assert_eq!(call("mcp__evil__write_todos", json!({})).does, Does::Other);
        assert_eq!(call("mcp__flowgate__other", json!({})).does, Does::Other);
    }

    #[test]
    fn todo_lists_are_read_or_refused() {
        let c = call(
            "TodoWrite",
            json!({"todos": [{"content": "a", "status": "completed"}, {"content": "b"}]}),
        );
        let Does::Todo(Ok(TodoChange::List(items))) = c.does else {
            panic!("{c:?}")
        };
        assert_eq!(items[0].status, TodoStatus::Completed);
        assert_eq!(items[1].status, TodoStatus::NotStarted);
        let c = call(
            "TodoWrite",
            json!({"todos": [{"content": "a", "status": "odd"}]}),
        );
        assert!(matches!(c.does, Does::Todo(Err(_))));
        let cut = interpret(
            &RawCall {
                name: "TodoWrite".into(),
                input: RawInput::Cut,
            },
            &TABLE,
        );
        assert!(matches!(cut.does, Does::Todo(Err(ref e)) if e.contains("cut")));
    }
}
