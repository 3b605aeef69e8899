//! Phase rules for one tool call: tool names, globs and `@groups`, shell
//! rules on each simple command, and the exemption for flowgate's own
//! single commands.

use std::collections::BTreeMap;

use super::call::{Call, Does, ShellLang};
use crate::shell;
use crate::workflow::{FileRule, Phase, ShellRule, ToolRule};

/// Group name → member patterns, for one host plus config additions.
pub type GroupMap = BTreeMap<String, Vec<String>>;

/// Why a call is denied: the matched part, ready for a reason sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Denial {
    /// The tool itself is not allowed.
    Tool,
    /// A simple command matched a deny glob (the command text).
    ShellDenied(String),
    /// A simple command matched no allow glob.
    ShellNotAllowed(String),
    /// The command writes files (what was found).
    ShellWrites(String),
    /// The command could not be analysed in a restricted phase.
    ShellUnknown(String),
    /// A write to a path the phase's `files` rule does not allow (the path,
    /// relative to the workspace).
    PathNotAllowed(String),
    /// A write to a path outside the workspace, in a path-limited phase.
    PathOutside(String),
    /// A write whose targets cannot be named, in a path-limited phase.
    PathUnnamed(String),
}

/// Where a path a write names lands: relative to the workspace with `/`
/// separators, after `..` and symlinks are resolved, or `None` when it is
/// outside the workspace. Resolving needs the file system, so the caller
/// supplies it (the hooks: `app::resolve_in_workspace`).
pub type Resolve<'a> = &'a dyn Fn(&str) -> Option<String>;

/// A path glob: `/`-separated segments, each a [`glob`] that never crosses
/// a `/`, and `**` for any number of segments (`tests/**`, `**/*_test.go`).
pub fn path_glob(pattern: &str, path: &str) -> bool {
    let p: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    let t: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    segments(&p, &t)
}

fn segments(p: &[&str], t: &[&str]) -> bool {
    match p.split_first() {
        None => t.is_empty(),
        Some((&"**", rest)) => (0..=t.len()).any(|k| segments(rest, &t[k..])),
        Some((seg, rest)) => t
            .split_first()
            .is_some_and(|(first, more)| glob(seg, first) && segments(rest, more)),
    }
}

/// `*` (any run) and `?` (one character) glob. Runs on every simple
/// command of every shell call, so it does not allocate for ASCII text.
pub fn glob(pattern: &str, text: &str) -> bool {
    if pattern.is_ascii() && text.is_ascii() {
        wildcard(pattern.as_bytes(), text.as_bytes(), b'*', b'?')
    } else {
        let p: Vec<char> = pattern.chars().collect();
        let t: Vec<char> = text.chars().collect();
        wildcard(&p, &t, '*', '?')
    }
}

/// The part of a [`glob`] pattern before its first wildcard: every text
/// it matches starts with it.
fn literal_start(pattern: &str) -> &str {
    // Bytes, not `find(['*', '?'])`: this runs for every simple command of
    // a line, and a char-set search decodes UTF-8 as it goes.
    let at = pattern
        .bytes()
        .position(|b| b == b'*' || b == b'?')
        .unwrap_or(pattern.len());
    &pattern[..at]
}

/// Iterative wildcard match with one backtrack point (linear in practice).
fn wildcard<T: Copy + PartialEq>(p: &[T], t: &[T], star: T, one: T) -> bool {
    let (mut pi, mut ti) = (0, 0);
    let (mut last_star, mut mark) = (None, 0);
    while ti < t.len() {
        if pi < p.len() && p[pi] != star && (p[pi] == one || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == star {
            last_star = Some(pi);
            pi += 1;
            mark = ti;
        } else if let Some(s) = last_star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == star)
}

/// Does rule entry `entry` (name, glob or `@group`) cover tool `name`?
pub fn entry_matches(entry: &str, name: &str, groups: &GroupMap) -> bool {
    if entry.starts_with('@') {
        groups
            .get(entry)
            .is_some_and(|members| members.iter().any(|m| glob(m, name)))
    } else {
        glob(entry, name)
    }
}

/// Does the phase's tool rule allow a tool of this name?
fn tool_allowed(phase: &Phase, name: &str, groups: &GroupMap) -> bool {
    match &phase.tools {
        ToolRule::Any => true,
        ToolRule::Allow(list) => list.iter().any(|e| entry_matches(e, name, groups)),
        ToolRule::Deny(list) => !list.iter().any(|e| entry_matches(e, name, groups)),
    }
}

/// Check a tool call against a phase. `patch_tool` is the host's patch
/// tool: a shell script that runs an inline patch must be allowed both as
/// the shell tool it was called as and as that patch tool. `resolve` places
/// the paths a write names (for the phase's `files` rule). `commands` are
/// the user's additions to the shell analyser's table.
pub fn check(
    phase: &Phase,
    call: &Call,
    patch_tool: &str,
    groups: &GroupMap,
    resolve: Resolve<'_>,
    commands: &shell::UserCommands,
) -> Result<(), Denial> {
    let analysis = check_tools_and_shell(phase, call, patch_tool, groups, commands)?;
    if phase.files.is_any() {
        return Ok(());
    }
    match &call.does {
        Does::FileWrite { paths } | Does::Patch { paths } => {
            check_paths(&phase.files, paths, resolve)
        }
        Does::Shell {
            lang: ShellLang::Posix,
            command: Some(cmd),
            patch,
        } => {
            if let Some(p) = patch {
                check_paths(&phase.files, p, resolve)?;
            }
            let a = analysis.unwrap_or_else(|| shell::analyse_with(cmd, commands));
            if let Some(why) = a.unparsable {
                return Err(Denial::PathUnnamed(format!(
                    "the shell command cannot be analysed ({why})"
                )));
            }
            // Every file the writes name must pass the rule; then a write
            // that does not name its files cannot be checked, so it is
            // refused.
            if !a.targets.is_empty() {
                check_paths(&phase.files, &a.targets, resolve)?;
            }
            match a.unnamed.first() {
                None => Ok(()),
                Some(w) => Err(Denial::PathUnnamed(format!(
                    "the shell command writes ({w}) and flowgate cannot name every file it writes"
                ))),
            }
        }
        Does::Shell { .. } => Err(Denial::PathUnnamed(
            "the shell command cannot be analysed".into(),
        )),
        _ if entry_matches("@write", &call.name, groups) => Err(Denial::PathUnnamed(format!(
            "flowgate does not know which files {} writes",
            call.name
        ))),
        _ => Ok(()),
    }
}

/// Every path must land inside the workspace and pass the rule; a write
/// that names no path cannot be checked, so it is refused.
fn check_paths(rule: &FileRule, paths: &[String], resolve: Resolve<'_>) -> Result<(), Denial> {
    if paths.is_empty() {
        return Err(Denial::PathUnnamed(
            "the call names no file it writes".into(),
        ));
    }
    for p in paths {
        let Some(rel) = resolve(p) else {
            return Err(Denial::PathOutside(p.clone()));
        };
        let ok = match rule {
            FileRule::Any => true,
            FileRule::Allow(globs) => globs.iter().any(|g| path_glob(g, &rel)),
            FileRule::Deny(globs) => !globs.iter().any(|g| path_glob(g, &rel)),
        };
        if !ok {
            return Err(Denial::PathNotAllowed(rel));
        }
    }
    Ok(())
}

/// The tool and shell rules; the shell analysis, when one was made.
fn check_tools_and_shell(
    phase: &Phase,
    call: &Call,
    patch_tool: &str,
    groups: &GroupMap,
    commands: &shell::UserCommands,
) -> Result<Option<shell::Analysis>, Denial> {
    if !tool_allowed(phase, &call.name, groups) {
        return Err(Denial::Tool);
    }
    let Does::Shell {
        lang,
        command,
        patch,
    } = &call.does
    else {
        return Ok(None);
    };
    if patch.is_some() && !tool_allowed(phase, patch_tool, groups) {
        return Err(Denial::ShellWrites(format!(
            "{patch_tool} on an inline patch"
        )));
    }
    if phase.shell.is_empty() {
        return Ok(None);
    }
    let restricted = phase.shell.is_restricted();
    match (lang, command) {
        (_, None) if restricted => Err(Denial::ShellUnknown(
            "the shell input could not be read (the host cut or garbled it)".into(),
        )),
        (_, None) => Ok(None),
        (ShellLang::PowerShell, Some(cmd)) => {
            if let Some(p) = phase.shell.deny.iter().find(|p| glob(p, cmd.trim())) {
                return Err(Denial::ShellDenied(p.clone()));
            }
            if restricted {
                return Err(Denial::ShellUnknown(format!(
                    "{} commands cannot be analysed",
                    ShellLang::PowerShell.name()
                )));
            }
            Ok(None)
        }
        (ShellLang::Posix, Some(cmd)) => check_shell(&phase.shell, cmd, commands).map(Some),
    }
}

fn check_shell(
    rule: &ShellRule,
    cmd: &str,
    commands: &shell::UserCommands,
) -> Result<shell::Analysis, Denial> {
    // Globs are checked as the analyser finds each simple command, so the
    // commands are never collected (less memory on long command lines).
    let mut denied: Option<String> = None;
    let mut not_allowed: Option<String> = None;
    // A glob's literal start rules most commands out before their text is
    // built (a 10 KB line has hundreds of simple commands).
    // Each found once, not once per simple command.
    fn with_start(list: &[String]) -> Vec<(&str, &str)> {
        list.iter()
            .map(|p| (literal_start(p), p.as_str()))
            .collect()
    }
    let (deny, allow) = (with_start(&rule.deny), with_start(&rule.allow));
    let matches = |&(start, p): &(&str, &str), c: &mut shell::Shown<'_>| {
        c.text_starts_with(start) && glob(p, c.text())
    };
    let a = shell::analyse_each(cmd, commands, &mut |c| {
        if denied.is_none() && deny.iter().any(|p| matches(p, c)) {
            denied = Some(c.text().to_string());
        }
        if not_allowed.is_none() && !allow.is_empty() && !allow.iter().any(|p| matches(p, c)) {
            not_allowed = Some(c.text().to_string());
        }
    });
    if let Some(why) = &a.unparsable
        && rule.is_restricted()
    {
        return Err(Denial::ShellUnknown(format!(
            "the shell input could not be analysed ({why})"
        )));
    }
    if let Some(c) = denied {
        return Err(Denial::ShellDenied(c));
    }
    if let Some(c) = not_allowed {
        return Err(Denial::ShellNotAllowed(c));
    }
    if rule.deny_writes
        && let Some(w) = a.writes.first()
    {
        return Err(Denial::ShellWrites(w.clone()));
    }
    if !rule.unknown.is_allow()
        && let Some(u) = a.unknown.first()
    {
        return Err(Denial::ShellUnknown(format!(
            "flowgate does not know what “{u}” does (this phase runs only commands it knows)"
        )));
    }
    Ok(a)
}

/// Tool entries with `@groups` expanded to their members.
fn expand_entries(list: &[String], groups: &GroupMap) -> String {
    let mut names: Vec<String> = Vec::new();
    for e in list {
        match groups.get(e.as_str()).filter(|_| e.starts_with('@')) {
            Some(members) => names.extend(members.iter().cloned()),
            None => names.push(e.clone()),
        }
    }
    names.dedup();
    names.join(", ")
}

/// What a phase's shell rule still lets through, for `{allowedTools}`:
/// `shell commands may only run A, B, and may not write files or run C`.
/// `None` when the rule is empty or no shell tool is allowed at all.
fn shell_clause(phase: &Phase, groups: &GroupMap) -> Option<String> {
    let rule = &phase.shell;
    if rule.is_empty() {
        return None;
    }
    let shell_allowed = groups.get("@shell").is_none_or(|members| {
        members.iter().any(|m| match &phase.tools {
            ToolRule::Any => true,
            ToolRule::Allow(list) => list.iter().any(|e| entry_matches(e, m, groups)),
            ToolRule::Deny(list) => !list.iter().any(|e| entry_matches(e, m, groups)),
        })
    });
    if !shell_allowed {
        return None;
    }
    // Long pattern lists are cut short: the reason stays a sentence.
    let patterns = |list: &[String]| -> String {
        const SHOWN: usize = 4;
        let mut s = list
            .iter()
            .take(SHOWN)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if list.len() > SHOWN {
            s.push_str(&format!(" and {} more", list.len() - SHOWN));
        }
        s
    };
    let mut nots = Vec::new();
    if rule.deny_writes {
        nots.push("write files".to_string());
    }
    if !rule.unknown.is_allow() {
        nots.push("run commands flowgate does not know".to_string());
    }
    if !rule.deny.is_empty() {
        nots.push(format!("run {}", patterns(&rule.deny)));
    }
    let only = (!rule.allow.is_empty()).then(|| format!("may only run {}", patterns(&rule.allow)));
    Some(match only {
        Some(o) if nots.is_empty() => format!("shell commands {o}"),
        Some(o) if !rule.deny_writes && rule.unknown.is_allow() => {
            format!("shell commands {o}, and not {}", patterns(&rule.deny))
        }
        Some(o) => format!("shell commands {o}, and may not {}", nots.join(" or ")),
        None => format!("shell commands may not {}", nots.join(" or ")),
    })
}

/// What a phase allows, for `{allowedTools}`: the tools (`all except
/// write, edit`, `only read, grep`, `all tools`) and, when the phase has a
/// shell rule, what it leaves of the shell
/// (`…; shell commands may not write files or run git push*`).
pub fn allowed_tools(phase: &Phase, groups: &GroupMap) -> String {
    let tools = match &phase.tools {
        ToolRule::Any => "all tools".into(),
        ToolRule::Allow(list) => format!("only {}", expand_entries(list, groups)),
        ToolRule::Deny(list) => format!("all except {}", expand_entries(list, groups)),
    };
    let mut out = match shell_clause(phase, groups) {
        Some(shell) => format!("{tools}; {shell}"),
        None => tools,
    };
    if !phase.files.is_any() {
        out.push_str(&format!(
            "; writes may touch only {}",
            files_rule_words(&phase.files)
        ));
    }
    out
}

/// `tests/**, **/*_test.go` or `files except docs/**`, for texts: the
/// first three patterns, then how many more.
pub fn files_rule_words(rule: &FileRule) -> String {
    let list = |globs: &[String]| {
        let mut s = globs.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
        if globs.len() > 3 {
            s.push_str(&format!(" and {} more", globs.len() - 3));
        }
        s
    };
    match rule {
        FileRule::Any => "any file".into(),
        FileRule::Allow(globs) => list(globs),
        FileRule::Deny(globs) => format!("files except {}", list(globs)),
    }
}

/// Blocked tools for `{blockedToolsList}`: the deny list or `(none)`.
pub fn blocked_tools(phase: &Phase, groups: &GroupMap) -> String {
    match &phase.tools {
        ToolRule::Deny(list) => expand_entries(list, groups),
        _ => "(none)".into(),
    }
}

/// The user-only flowgate command (`cancel`, `start`, `init`) a shell call
/// runs, if any: the agent must not end or replace a run behind the user's
/// back (it can ask with `flowgate step cancel`).
pub fn user_only_command(cmd: &str) -> Option<&'static str> {
    if !cmd.contains("flowgate") {
        return None;
    }
    shell::analyse(cmd).commands.iter().find_map(|c| {
        let mut words = c.argv();
        let prog = words.next()?;
        if prog != "flowgate" && !prog.ends_with("/flowgate") {
            return None;
        }
        let mut sub = words.next()?;
        if sub == "--workspace" {
            words.next();
            sub = words.next()?;
        } else if sub.starts_with("--workspace=") {
            sub = words.next()?;
        }
        ["cancel", "start", "init"].into_iter().find(|u| *u == sub)
    })
}

/// Is `cmd` exactly one of flowgate's own agent commands
/// (`flowgate step|todo|status …`), with nothing chained, piped, redirected
/// or substituted? `exe` is the running binary's path, also accepted.
pub fn is_own_command(cmd: &str, exe: Option<&str>) -> bool {
    let Some(words) = shell::plain_words(cmd) else {
        return false;
    };
    let mut it = words.iter().map(String::as_str);
    match it.next() {
        Some("flowgate") => {}
        Some(p) if exe == Some(p) => {}
        _ => return false,
    }
    let mut sub = it.next();
    if sub == Some("--workspace") {
        it.next();
        sub = it.next();
    } else if sub.is_some_and(|s| s.starts_with("--workspace=")) {
        sub = it.next();
    }
    matches!(sub, Some("step" | "todo" | "status"))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(crate::proptest_config(256))]

        /// Whatever a glob matches starts with its literal start, so
        /// checking that first never hides a match.
        #[test]
        fn a_match_starts_with_the_literal_start(
            pattern in "[ab é*?]{0,8}",
            text in "[ab é]{0,10}",
        ) {
            if glob(&pattern, &text) {
                proptest::prop_assert!(text.starts_with(literal_start(&pattern)));
            }
        }
    }

    #[test]
    fn literal_starts() {
        assert_eq!(literal_start("git push*"), "git push");
        assert_eq!(literal_start("git ?ush"), "git ");
        assert_eq!(literal_start("*rm*"), "");
        assert_eq!(literal_start("make"), "make");
    }

    #[test]
    fn path_globs() {
        assert!(path_glob("tests/**", "tests/a.rs"));
        assert!(path_glob("tests/**", "tests/unit/deep/a.rs"));
        assert!(!path_glob("tests/**", "src/tests/a.rs"));
        assert!(path_glob("**/*_test.go", "pkg/x/y_test.go"));
        assert!(path_glob("**/*_test.go", "y_test.go"));
        assert!(!path_glob("**/*_test.go", "pkg/y.go"));
        assert!(!path_glob("src/*.rs", "src/a/b.rs"));
        assert!(path_glob("src/*.rs", "src/b.rs"));
    }

    #[test]
    fn globs() {
        assert!(glob("mcp__*", "mcp__github__create"));
        assert!(glob("git push*", "git push origin main"));
        assert!(!glob("git push*", "git status"));
        assert!(glob("a?c", "abc"));
        assert!(glob("*", ""));
        assert!(!glob("", "x"));
        assert!(glob("é*ü", "éaaü"));
        assert!(!glob("a*b", "aXbY"));
        assert!(glob("*a*b*", "xxaxxbxx"));
    }

    #[test]
    fn own_commands_only_when_plain() {
        assert!(is_own_command("flowgate step next", None));
        assert!(is_own_command(
            "flowgate step next --summary 'found it; the cache'",
            None
        ));
        assert!(is_own_command("flowgate todo write \"a b\" c", None));
        assert!(is_own_command(
            "flowgate --workspace /w status --line",
            None
        ));
        assert!(is_own_command(
            "/opt/bin/flowgate step status",
            Some("/opt/bin/flowgate")
        ));
        assert!(!is_own_command(
            "/tmp/x/flowgate step next",
            Some("/opt/bin/flowgate")
        ));
        for bad in [
            "flowgate step next && rm -rf x",
            "flowgate step next; rm x",
            "flowgate step next | tee x",
            "flowgate step next > x",
            "flowgate todo write $(rm x)",
            "flowgate todo write \"$(rm x)\"",
            "flowgate todo write `rm x`",
            "flowgate step next\nrm x",
            "flowgate start bugfix",
            "flowgate cancel",
            "flowgate todo write 'unterminated",
            "FOO=1 flowgate step next",
            "flowgate",
        ] {
            assert!(!is_own_command(bad, None), "{bad}");
        }
    }
}
