//! Settings from `config.toml` (project over user, key by key), each with a
//! documented default. Read strictly: unknown keys and wrong types are errors
//! (exit 78), reported as `FILE:LINE:COL: message`.

use std::collections::BTreeMap;
use std::path::Path;

use crate::diag::{Diag, Reader};
use crate::engine::todos::Limits;

/// What `tool_call` does when flowgate itself fails (bad input, I/O).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnError {
    Deny,
    Allow,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// `None`: deny while a run is active or the state is unreadable, else allow.
    pub on_error: Option<OnError>,
    pub command_prefix: String,
    pub context_max_bytes: usize,
    pub lock_timeout_ms: u64,
    pub max_auto_continue: u32,
    /// Continuations for one user prompt, progress or not.
    pub max_continue_per_prompt: u32,
    pub require_todo_in_progress: bool,
    /// The command `{testCommand}` stands for in checks; `None`: guessed
    /// from the workspace (`Cargo.toml` → `cargo test`, …).
    pub test_command: Option<String>,
    /// The host runs `flowgate mcp` (set by `flowgate init` when it
    /// registers the server): the context names the MCP tools too.
    pub mcp: bool,
    pub todo_limits: Limits,
    /// Extra tool groups, or extra members of the built-in ones.
    pub groups: BTreeMap<String, Vec<String>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            on_error: None,
            command_prefix: "@flow".into(),
            context_max_bytes: 4000,
            lock_timeout_ms: 3000,
            max_auto_continue: 20,
            max_continue_per_prompt: 50,
            require_todo_in_progress: false,
            test_command: None,
            mcp: false,
            todo_limits: Limits::default(),
            groups: BTreeMap::new(),
        }
    }
}

/// The built-in group names every host maps.
pub const BUILTIN_GROUPS: &[&str] = &["@read", "@write", "@shell", "@agent", "@todo", "@web"];

pub const KEYS: &[&str] = &[
    "on_error",
    "command_prefix",
    "context_max_bytes",
    "lock_timeout_ms",
    "max_auto_continue",
    "max_continue_per_prompt",
    "require_todo_in_progress",
    "test_command",
    "mcp",
    "todos",
    "groups",
];
pub const TODO_KEYS: &[&str] = &["max_items", "max_text", "max_indices"];

impl Settings {
    /// Every group name rules may use.
    pub fn group_names(&self) -> Vec<String> {
        let mut v: Vec<String> = BUILTIN_GROUPS.iter().map(|s| s.to_string()).collect();
        for k in self.groups.keys() {
            if !v.contains(k) {
                v.push(k.clone());
            }
        }
        v
    }

    /// Load the user file, then the project file over it. Missing files are
    /// fine; any problem in a present file is an error.
    pub fn load(user: Option<&Path>, project: &Path) -> Result<Settings, Vec<Diag>> {
        let mut s = Settings::default();
        let mut diags = Vec::new();
        for path in user.into_iter().chain(std::iter::once(project)) {
            match std::fs::read_to_string(path) {
                Ok(text) => diags.extend(s.apply(&path.display().to_string(), &text)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => diags.push(Diag {
                    file: path.display().to_string(),
                    line: 1,
                    col: 1,
                    message: format!("cannot read: {e}"),
                }),
            }
        }
        if diags.is_empty() { Ok(s) } else { Err(diags) }
    }

    /// Apply one file's keys over the current values.
    pub fn apply(&mut self, file: &str, text: &str) -> Vec<Diag> {
        let mut r = Reader::new(file, text);
        let Some(doc) = r.parse() else {
            return r.diags;
        };
        let doc = doc.get_ref();
        r.check_keys(doc, KEYS, "");
        if let Some(v) = r.string(doc, "on_error", "") {
            match v.get_ref().as_str() {
                "deny" => self.on_error = Some(OnError::Deny),
                "allow" => self.on_error = Some(OnError::Allow),
                other => r.error_at(
                    &v.span(),
                    format!("\"on_error\" must be \"deny\" or \"allow\", found \"{other}\""),
                ),
            }
        }
        if let Some(v) = r.string(doc, "command_prefix", "") {
            if v.get_ref().trim().is_empty() || v.get_ref().contains(char::is_whitespace) {
                r.error_at(
                    &v.span(),
                    "\"command_prefix\" must be one word, like \"@flow\"",
                );
            } else {
                self.command_prefix = v.into_inner();
            }
        }
        if let Some(n) = r.integer(doc, "context_max_bytes", "") {
            if n < 256 {
                let span = crate::diag::get(doc, "context_max_bytes")
                    .map(|v| v.span())
                    .unwrap_or(0..0);
                r.error_at(
                    &span,
                    format!("\"context_max_bytes\" must be at least 256 (found {n})"),
                );
            } else {
                self.context_max_bytes = n as usize;
            }
        }
        if let Some(n) = r.integer(doc, "lock_timeout_ms", "") {
            self.lock_timeout_ms = n;
        }
        if let Some(n) = r.integer(doc, "max_auto_continue", "") {
            self.max_auto_continue = n.min(u64::from(u32::MAX)) as u32;
        }
        if let Some(n) = r.integer(doc, "max_continue_per_prompt", "") {
            self.max_continue_per_prompt = n.min(u64::from(u32::MAX)) as u32;
        }
        if let Some(b) = r.boolean(doc, "require_todo_in_progress", "") {
            self.require_todo_in_progress = b;
        }
        if let Some(v) = r.string(doc, "test_command", "") {
            if v.get_ref().trim().is_empty() {
                r.error_at(
                    &v.span(),
                    "\"test_command\" is empty; give the command, like \"cargo test\"",
                );
            } else {
                self.test_command = Some(v.into_inner());
            }
        }
        if let Some(b) = r.boolean(doc, "mcp", "") {
            self.mcp = b;
        }
        if let Some(t) = r.table(doc, "todos", "") {
            let t = t.get_ref();
            r.check_keys(t, TODO_KEYS, " in [todos]");
            if let Some(n) = r.integer(t, "max_items", " in [todos]") {
                self.todo_limits.max_items = n as usize;
            }
            if let Some(n) = r.integer(t, "max_text", " in [todos]") {
                self.todo_limits.max_text = n as usize;
            }
            if let Some(n) = r.integer(t, "max_indices", " in [todos]") {
                self.todo_limits.max_indices = n as usize;
            }
        }
        if let Some(t) = r.table(doc, "groups", "") {
            let t = t.get_ref();
            for key in t.keys() {
                let name = key.get_ref().to_string();
                if !name.starts_with('@') || name.len() < 2 {
                    r.error_at(
                        &key.span(),
                        format!("group name \"{name}\" must start with '@', like \"@docs\""),
                    );
                    continue;
                }
                if let Some(list) = r.string_list(t, &name, " in [groups]") {
                    self.groups.insert(name, list.into_inner());
                }
            }
        }
        r.diags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_overrides_user_key_by_key() {
        let mut s = Settings::default();
        assert!(
            s.apply("u.toml", "max_auto_continue = 5\non_error = \"allow\"\n")
                .is_empty()
        );
        assert!(
            s.apply(
                "p.toml",
                "max_auto_continue = 7\nmcp = true\n[todos]\nmax_items = 3\n[groups]\n\"@docs\" = [\"read\"]\n"
            )
            .is_empty()
        );
        assert_eq!(s.max_auto_continue, 7);
        assert!(s.mcp);
        assert_eq!(s.on_error, Some(OnError::Allow));
        assert_eq!(s.todo_limits.max_items, 3);
        assert!(s.group_names().contains(&"@docs".to_string()));
    }

    #[test]
    fn errors_are_located() {
        let mut s = Settings::default();
        let d = s.apply("c.toml", "max_auto_continu = 5\non_error = \"maybe\"\n");
        let text: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        assert!(text.contains(&"c.toml:1:1: unknown key \"max_auto_continu\" (did you mean \"max_auto_continue\"?)".to_string()), "{text:?}");
        assert!(
            text.contains(
                &"c.toml:2:12: \"on_error\" must be \"deny\" or \"allow\", found \"maybe\""
                    .to_string()
            ),
            "{text:?}"
        );
    }
}
