//! Settings from `config.toml` (project over user, key by key), each with a
//! documented default. Read strictly: unknown keys and wrong types are errors
//! (exit 78), reported as `FILE:LINE:COL: message`.

use std::collections::BTreeMap;
use std::path::Path;

use toml::de::{DeTable, DeValue};

use crate::diag::{Diag, Reader};
use crate::engine::todos::Limits;
use crate::shell::spec::{
    CodeArgs, List, RunKind, Spec, Targets, Writes, cmd, leak_list, leak_specs,
};
use crate::shell::{Lang, UserCommands};

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
    /// Commands added to the shell analyser's table (`[shell.commands.NAME]`).
    pub shell_commands: UserCommands,
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
            shell_commands: UserCommands::default(),
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
    "shell",
];
pub const TODO_KEYS: &[&str] = &["max_items", "max_text", "max_indices"];
pub const SHELL_KEYS: &[&str] = &["commands"];
/// The fields of `[shell.commands.NAME]`: those of the built-in table.
pub const COMMAND_KEYS: &[&str] = &[
    "aliases",
    "values",
    "writes",
    "min_args",
    "targets",
    "output",
    "files",
    "write_flags",
    "read_only",
    "listing",
    "subcommands",
    "run",
    "runs",
    "run_after",
    "mounts",
    "code",
    "inline_code",
    "code_lang",
    "python_code",
    "code_args",
    "chdir",
    "tasks",
    "write_tasks",
    "project_tasks",
    "verbs",
];

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
        if let Some(t) = r.table(doc, "shell", "") {
            let t = t.get_ref();
            r.check_keys(t, SHELL_KEYS, " in [shell]");
            if let Some(cmds) = r.table(t, "commands", " in [shell]") {
                for (key, value) in cmds.get_ref().iter() {
                    let name = key.get_ref().to_string();
                    let ctx = format!(" in [shell.commands.{name}]");
                    if name.is_empty() || name.contains(['/', ' ', '\t', '*']) {
                        r.error_at(
                            &key.span(),
                            format!(
                                "command name \"{name}\" must be a program's name, like \"mytool\""
                            ),
                        );
                        continue;
                    }
                    let DeValue::Table(ct) = value.get_ref() else {
                        r.error_at(
                            &value.span(),
                            format!("[shell.commands.{name}] must be a table of fields"),
                        );
                        continue;
                    };
                    if let Some(spec) = read_command(&mut r, &name, ct, &ctx, 0) {
                        self.shell_commands.insert(spec);
                    }
                }
            }
        }
        r.diags
    }
}

/// One `[shell.commands.NAME]` (or a subcommand of one): the same fields as
/// the built-in table (`src/shell/spec.rs`).
fn read_command(
    r: &mut Reader<'_>,
    name: &str,
    t: &DeTable<'_>,
    ctx: &str,
    depth: usize,
) -> Option<Spec> {
    let before = r.diags.len();
    r.check_keys(t, COMMAND_KEYS, ctx);
    let mut names = vec![name.to_string()];
    if let Some(a) = r.string_list(t, "aliases", ctx) {
        names.extend(a.into_inner());
    }
    let mut spec = cmd(leak_list(names));
    let options = |r: &mut Reader<'_>, key: &str| -> List {
        let Some(list) = r.string_list(t, key, ctx) else {
            return &[];
        };
        let span = list.span();
        let list = list.into_inner();
        if let Some(bad) = list
            .iter()
            .find(|e| e.len() < 2 || !(e.starts_with('-') || e.ends_with('=')))
        {
            r.error_at(
                &span,
                format!("\"{key}\"{ctx} lists options like \"-o\" or \"--output\" (or \"of=\" for key=value words), found \"{bad}\""),
            );
        }
        leak_list(list)
    };
    spec.values = options(r, "values");
    spec.output = options(r, "output");
    spec.files = options(r, "files");
    spec.write_flags = options(r, "write_flags");
    spec.read_only = options(r, "read_only");
    spec.listing = options(r, "listing");
    spec.run_after = options(r, "run_after");
    spec.mounts = options(r, "mounts");
    spec.code = options(r, "code");
    let value_span = |key: &str| crate::diag::get(t, key).map(|v| v.span()).unwrap_or(0..0);
    spec.inline_code = options(r, "inline_code");
    // The field's first name, kept: inline Python.
    let python = options(r, "python_code");
    if !python.is_empty() {
        if !spec.inline_code.is_empty() {
            r.error_at(
                &value_span("python_code"),
                format!("\"python_code\"{ctx} is the older name of \"inline_code\" with code_lang = \"python\": give one of them"),
            );
        }
        spec.inline_code = python;
    }
    spec.chdir = options(r, "chdir");
    if let Some(w) = r.string_list(t, "write_tasks", ctx) {
        spec.write_tasks = leak_list(w.into_inner());
    }
    if let Some(b) = r.boolean(t, "tasks", ctx) {
        spec.tasks = b;
    }
    if let Some(b) = r.boolean(t, "project_tasks", ctx) {
        spec.project_tasks = b;
        spec.tasks |= b;
    }
    if let Some(b) = r.boolean(t, "verbs", ctx) {
        spec.verbs = b;
    }
    let min_args = r.integer(t, "min_args", ctx);
    if let Some(v) = r.string(t, "writes", ctx) {
        spec.writes = match v.get_ref().as_str() {
            "never" => Writes::Never,
            "targets" => Writes::Targets,
            "always" => Writes::Always,
            "args" => Writes::Args(min_args.unwrap_or(1).clamp(1, 255) as u8),
            other => {
                r.error_at(
                    &v.span(),
                    format!("\"writes\"{ctx} must be \"never\", \"targets\", \"always\" or \"args\", found \"{other}\""),
                );
                Writes::Never
            }
        };
    }
    if min_args.is_some() && !matches!(spec.writes, Writes::Args(_)) {
        r.error_at(
            &value_span("min_args"),
            format!("\"min_args\"{ctx} goes with writes = \"args\""),
        );
    }
    if let Some(v) = r.string(t, "targets", ctx) {
        match parse_targets(v.get_ref()) {
            Some(tg) => spec.targets = tg,
            None => r.error_at(
                &v.span(),
                format!("\"targets\"{ctx} must be \"none\", \"all\", \"first\", \"last\", \"dest\", a number (\"2\") or a number and on (\"2..\"), found \"{}\"", v.get_ref()),
            ),
        }
    }
    if spec.writes == Writes::Targets && spec.targets == Targets::None {
        r.error_at(
            &value_span("writes"),
            format!("writes = \"targets\"{ctx} needs \"targets\" (which arguments it writes)"),
        );
    }
    let kind = match r.string(t, "runs", ctx) {
        None => RunKind::Command,
        Some(v) => match v.get_ref().as_str() {
            "command" => RunKind::Command,
            "script" => RunKind::Script,
            "task" => RunKind::Task,
            "container" => RunKind::Container,
            other => {
                r.error_at(
                    &v.span(),
                    format!("\"runs\"{ctx} must be \"command\", \"script\", \"task\" or \"container\", found \"{other}\""),
                );
                RunKind::Command
            }
        },
    };
    if let Some(n) = r.integer(t, "run", ctx) {
        if n > 255 {
            r.error_at(
                &value_span("run"),
                format!("\"run\"{ctx} is the argument the command it runs starts at (0 for the first); found {n}"),
            );
        } else {
            spec.run = Some((n as u8, kind));
        }
    } else if crate::diag::get(t, "runs").is_some() {
        r.error_at(
            &value_span("runs"),
            format!("\"runs\"{ctx} goes with \"run\" (the argument the command starts at)"),
        );
    }
    if let Some(v) = r.string(t, "code_lang", ctx) {
        match Lang::from_name(v.get_ref()) {
            Some(_) if crate::diag::get(t, "python_code").is_some() => r.error_at(
                &v.span(),
                format!("\"code_lang\"{ctx} goes with \"inline_code\"; \"python_code\" is always Python"),
            ),
            Some(lang) if !spec.inline_code.is_empty() => spec.code_lang = lang,
            Some(_) => r.error_at(
                &v.span(),
                format!("\"code_lang\"{ctx} is the language of the \"inline_code\" options: add inline_code = [\"-e\"] (its options)"),
            ),
            None => r.error_at(
                &v.span(),
                format!("\"code_lang\"{ctx} must be one of {}, found \"{}\"", Lang::names().collect::<Vec<_>>().join(", "), v.get_ref()),
            ),
        }
    }
    if let Some(v) = r.string(t, "code_args", ctx) {
        spec.code_args = match v.get_ref().as_str() {
            "none" => CodeArgs::None,
            "first" => CodeArgs::First,
            "all" => CodeArgs::All,
            "each" => CodeArgs::Each,
            other => {
                r.error_at(
                    &v.span(),
                    format!("\"code_args\"{ctx} must be \"none\", \"first\", \"all\" or \"each\", found \"{other}\""),
                );
                CodeArgs::None
            }
        };
    }
    if let Some(subs) = r.table(t, "subcommands", ctx) {
        if depth >= 4 {
            r.error_at(
                &subs.span(),
                format!("subcommands{ctx} nest too deeply (at most 4 levels)"),
            );
        } else {
            let mut out = Vec::new();
            for (key, value) in subs.get_ref().iter() {
                let sub = key.get_ref().to_string();
                let sctx = format!("{} {sub}]", ctx.trim_end_matches(']'));
                let DeValue::Table(st) = value.get_ref() else {
                    r.error_at(
                        &value.span(),
                        format!("subcommand \"{sub}\"{ctx} must be a table of fields"),
                    );
                    continue;
                };
                if sub.is_empty() || sub.contains(char::is_whitespace) {
                    r.error_at(
                        &key.span(),
                        format!("subcommand name \"{sub}\"{ctx} must be one word"),
                    );
                    continue;
                }
                if let Some(s) = read_command(r, &sub, st, &sctx, depth + 1) {
                    out.push(s);
                }
            }
            spec.subcommands = leak_specs(out);
        }
    }
    (r.diags.len() == before).then_some(spec)
}

/// `targets` as written in config: `all`, `first`, `last`, `dest`, `none`,
/// `2`, `2..`.
fn parse_targets(s: &str) -> Option<Targets> {
    let n = |t: &str| t.parse::<u8>().ok().filter(|n| *n >= 1);
    Some(match s {
        "none" => Targets::None,
        "all" => Targets::All,
        "first" => Targets::First,
        "last" => Targets::Last,
        "dest" => Targets::Dest,
        _ => match s.strip_suffix("..") {
            Some(k) => Targets::From(n(k)?),
            None => Targets::Nth(n(s)?),
        },
    })
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
