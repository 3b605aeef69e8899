//! TOML → `Workflow`, strictly.
//!
//! Every problem becomes a located diagnostic; a file with any problem yields
//! no workflow. Cross-file checks (missing subworkflows, cycles) happen in
//! `catalog.rs`, which needs the reference locations collected here.

use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use super::model::{
    Check, Entry, Expect, FileRule, Messages, Phase, ShellRule, ToolRule, UnknownCommands, Workflow,
};
use crate::diag::{Diag, Reader, key_span};

/// A parsed file: the workflow, or the reasons it is unusable, plus where each
/// subworkflow reference stands (for cross-file errors).
pub struct Parsed {
    pub workflow: Option<Workflow>,
    pub diags: Vec<Diag>,
    pub refs: Vec<Reference>,
}

#[derive(Clone, Debug)]
pub struct Reference {
    pub target: String,
    pub file: String,
    pub line: usize,
    pub col: usize,
}

impl Reference {
    pub fn diag(&self, message: String) -> Diag {
        Diag {
            file: self.file.clone(),
            line: self.line,
            col: self.col,
            message,
        }
    }
}

pub const TOP_KEYS: &[&str] = &[
    "name",
    "description",
    "hidden",
    "loopable",
    "initial_message",
    "messages",
    "phases",
];
pub const MESSAGE_KEYS: &[&str] = &[
    "role",
    "advance",
    "blocked",
    "not_done",
    "completed",
    "cancelled",
];
pub const PHASE_KEYS: &[&str] = &[
    "id",
    "name",
    "emoji",
    "instructions",
    "instructions_file",
    "profiles",
    "tools",
    "shell",
    "files",
    "checks",
    "subworkflow",
];
pub const TOOLS_KEYS: &[&str] = &["allow", "deny"];
pub const CHECK_KEYS: &[&str] = &["run", "expect", "timeout_secs", "shell"];
/// A check's time limit when it sets none.
pub const DEFAULT_CHECK_TIMEOUT_SECS: u64 = 300;
pub const SHELL_KEYS: &[&str] = &["allow", "deny", "deny_writes", "unknown"];

/// True for a valid workflow key (the file stem): `[a-z0-9_-]+`.
pub fn valid_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

/// Parse one workflow file.
///
/// `workflows_dir` is the directory `instructions_file` paths are relative
/// to (`None` for built-ins, which must inline their instructions).
/// `groups` lists the tool group names (`@read`, …) that rules may use.
pub fn parse_workflow(
    key: &str,
    file: &str,
    src: &str,
    workflows_dir: Option<&Path>,
    groups: &[String],
) -> Parsed {
    let mut r = Reader::new(file, src);
    let mut refs = Vec::new();
    let workflow = r.parse().and_then(|doc| {
        read_workflow(&mut r, key, doc.get_ref(), workflows_dir, groups, &mut refs)
    });
    let mut diags = r.diags;
    diags.sort_by_key(|d| (d.line, d.col));
    let workflow = if diags.is_empty() { workflow } else { None };
    Parsed {
        workflow,
        diags,
        refs,
    }
}

fn read_workflow(
    r: &mut Reader<'_>,
    key: &str,
    doc: &DeTable<'_>,
    dir: Option<&Path>,
    groups: &[String],
    refs: &mut Vec<Reference>,
) -> Option<Workflow> {
    if !valid_key(key) {
        r.error_at(
            &(0..0),
            format!(
                "workflow key \"{key}\" (the file name) may only use a-z, 0-9, '_' and '-'; rename the file"
            ),
        );
    }
    r.check_keys(doc, TOP_KEYS, "");
    let name = r.string(doc, "name", "");
    match &name {
        None if crate::diag::get(doc, "name").is_none() => {
            r.error_at(&(0..0), "missing required key \"name\"")
        }
        Some(n) if n.get_ref().trim().is_empty() => {
            r.error_at(&n.span(), "\"name\" must not be empty")
        }
        _ => {}
    }
    let description = r.string(doc, "description", "").map(|s| s.into_inner());
    let hidden = r.boolean(doc, "hidden", "").unwrap_or(false);
    let loopable = r.boolean(doc, "loopable", "").unwrap_or(true);
    let initial_message = r.string(doc, "initial_message", "").map(|s| s.into_inner());
    let messages = r
        .table(doc, "messages", "")
        .map(|t| read_messages(r, t.get_ref()))
        .unwrap_or_default();

    let mut phases = Vec::new();
    match crate::diag::get(doc, "phases") {
        None => r.error_at(
            &(0..0),
            "missing required key \"phases\" (add at least one [[phases]] table)",
        ),
        Some(value) => match value.get_ref() {
            DeValue::Array(items) if items.is_empty() => {
                r.error_at(&value.span(), "\"phases\" must have at least one entry")
            }
            DeValue::Array(items) => {
                let mut seen: Vec<String> = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let DeValue::Table(t) = item.get_ref() else {
                        r.error_at(&item.span(), format!("phase {} must be a table", i + 1));
                        continue;
                    };
                    if let Some(DeValue::String(id)) =
                        crate::diag::get(t, "id").map(|v| v.get_ref())
                    {
                        if seen.iter().any(|s| s == id.as_ref()) {
                            let span = crate::diag::get(t, "id")
                                .map(|v| v.span())
                                .unwrap_or(item.span());
                            r.error_at(&span, format!("duplicate phase id \"{id}\""));
                        }
                        seen.push(id.to_string());
                    }
                    if let Some(entry) = read_entry(r, t, &item.span(), i, dir, groups, refs) {
                        phases.push(entry);
                    }
                }
            }
            other => {
                let found = crate::diag::kind(other);
                r.error_at(
                    &value.span(),
                    format!("\"phases\" must be a list of [[phases]] tables, found {found}"),
                )
            }
        },
    }
    Some(Workflow {
        key: key.to_string(),
        name: name?.into_inner(),
        description: description.unwrap_or_default(),
        hidden,
        loopable,
        initial_message,
        messages,
        phases,
    })
}

fn read_messages(r: &mut Reader<'_>, t: &DeTable<'_>) -> Messages {
    r.check_keys(t, MESSAGE_KEYS, " in [messages]");
    let mut get = |k: &str| r.string(t, k, " in [messages]").map(|s| s.into_inner());
    Messages {
        role: get("role"),
        advance: get("advance"),
        blocked: get("blocked"),
        not_done: get("not_done"),
        completed: get("completed"),
        cancelled: get("cancelled"),
    }
}

fn read_entry(
    r: &mut Reader<'_>,
    t: &DeTable<'_>,
    span: &std::ops::Range<usize>,
    index: usize,
    dir: Option<&Path>,
    groups: &[String],
    refs: &mut Vec<Reference>,
) -> Option<Entry> {
    let label = match crate::diag::get(t, "id").map(|v| v.get_ref()) {
        Some(DeValue::String(id)) => format!(" in phase \"{id}\""),
        _ => format!(" in phase {}", index + 1),
    };
    if let Some(sub) = crate::diag::get(t, "subworkflow") {
        for k in t.keys().filter(|k| k.get_ref().as_ref() != "subworkflow") {
            r.error_at(
                &k.span(),
                format!(
                    "a subworkflow entry takes no other keys; remove \"{}\" or make it a separate phase",
                    k.get_ref()
                ),
            );
        }
        let target = r.string(t, "subworkflow", &label)?;
        if !super::parse::valid_key(target.get_ref()) {
            r.error_at(
                &sub.span(),
                format!(
                    "\"subworkflow\" must name a workflow key (a-z, 0-9, '_', '-'), found \"{}\"",
                    target.get_ref()
                ),
            );
            return None;
        }
        let (line, col) = r.position(sub.span().start);
        refs.push(Reference {
            target: target.get_ref().clone(),
            file: r.file.clone(),
            line,
            col,
        });
        return Some(Entry::Subworkflow(target.into_inner()));
    }

    r.check_keys(t, PHASE_KEYS, &label);
    let id = required_string(r, t, "id", &label, span);
    let name = required_string(r, t, "name", &label, span);
    let emoji = r
        .string(t, "emoji", &label)
        .map(|s| s.into_inner())
        .unwrap_or_default();
    let profiles = r
        .string_list(t, "profiles", &label)
        .map(|s| s.into_inner())
        .unwrap_or_default();
    let instructions = read_instructions(r, t, &label, span, dir);
    let tools = match r.table(t, "tools", &label) {
        Some(tt) => read_tools(r, tt.get_ref(), &tt.span(), &label, groups),
        None => ToolRule::Any,
    };
    let shell = match r.table(t, "shell", &label) {
        Some(st) => {
            let st = st.get_ref();
            let ctx = format!(" (shell){label}");
            r.check_keys(st, SHELL_KEYS, &ctx);
            ShellRule {
                allow: r
                    .string_list(st, "allow", &ctx)
                    .map(|s| s.into_inner())
                    .unwrap_or_default(),
                deny: r
                    .string_list(st, "deny", &ctx)
                    .map(|s| s.into_inner())
                    .unwrap_or_default(),
                deny_writes: r.boolean(st, "deny_writes", &ctx).unwrap_or(false),
                unknown: match r.string(st, "unknown", &ctx) {
                    None => UnknownCommands::Allow,
                    Some(v) => match v.get_ref().as_str() {
                        "allow" => UnknownCommands::Allow,
                        "deny" => UnknownCommands::Deny,
                        other => {
                            r.error_at(
                                &v.span(),
                                format!(
                                    "\"unknown\"{ctx} must be \"allow\" or \"deny\", found \"{other}\""
                                ),
                            );
                            UnknownCommands::Allow
                        }
                    },
                },
            }
        }
        None => ShellRule::default(),
    };
    let files = match r.table(t, "files", &label) {
        Some(ft) => read_files(r, ft.get_ref(), &ft.span(), &label),
        None => FileRule::Any,
    };
    let checks = read_checks(r, t, &label);
    Some(Entry::Phase(Phase {
        id: id?,
        name: name?,
        emoji,
        instructions: instructions?,
        profiles,
        tools,
        shell,
        files,
        checks,
    }))
}

fn required_string(
    r: &mut Reader<'_>,
    t: &DeTable<'_>,
    key: &str,
    label: &str,
    span: &std::ops::Range<usize>,
) -> Option<String> {
    if crate::diag::get(t, key).is_none() {
        r.error_at(span, format!("missing required key \"{key}\"{label}"));
        return None;
    }
    let v = r.string(t, key, label)?;
    if v.get_ref().trim().is_empty() {
        r.error_at(&v.span(), format!("\"{key}\"{label} must not be empty"));
        return None;
    }
    Some(v.into_inner())
}

fn read_instructions(
    r: &mut Reader<'_>,
    t: &DeTable<'_>,
    label: &str,
    span: &std::ops::Range<usize>,
    dir: Option<&Path>,
) -> Option<String> {
    let inline = crate::diag::get(t, "instructions").is_some();
    let file = crate::diag::get(t, "instructions_file").is_some();
    if inline && file {
        let s = key_span(t, "instructions_file").unwrap_or(span.clone());
        r.error_at(
            &s,
            format!("set \"instructions\" or \"instructions_file\"{label}, not both"),
        );
        return None;
    }
    if inline {
        let v = r.string(t, "instructions", label)?;
        if v.get_ref().trim().is_empty() {
            r.error_at(
                &v.span(),
                format!("\"instructions\"{label} must not be empty"),
            );
            return None;
        }
        return Some(v.get_ref().trim().to_string());
    }
    if !file {
        r.error_at(
            span,
            format!("missing required key \"instructions\" (or \"instructions_file\"){label}"),
        );
        return None;
    }
    let rel = r.string(t, "instructions_file", label)?;
    let Some(dir) = dir else {
        r.error_at(
            &rel.span(),
            "built-in workflows must inline their instructions",
        );
        return None;
    };
    match resolve_inside(dir, rel.get_ref()) {
        Err(why) => {
            r.error_at(&rel.span(), format!("\"instructions_file\"{label}: {why}"));
            None
        }
        Ok(path) => match std::fs::read_to_string(&path) {
            Ok(text) if text.trim().is_empty() => {
                r.error_at(
                    &rel.span(),
                    format!("\"instructions_file\"{label} is empty"),
                );
                None
            }
            Ok(text) => Some(text.trim().to_string()),
            Err(e) => {
                r.error_at(
                    &rel.span(),
                    format!(
                        "cannot read instructions_file \"{}\"{label}: {e}",
                        rel.get_ref()
                    ),
                );
                None
            }
        },
    }
}

/// Resolve `rel` against `dir`, refusing anything that ends up outside it
/// (absolute paths, `..` escapes, symlinks pointing out).
fn resolve_inside(dir: &Path, rel: &str) -> Result<PathBuf, String> {
    let candidate = Path::new(rel);
    if candidate.is_absolute() {
        return Err(format!(
            "\"{rel}\" must be relative to the workflows directory"
        ));
    }
    let mut depth: i32 = 0;
    for part in candidate.components() {
        match part {
            std::path::Component::ParentDir => depth -= 1,
            std::path::Component::Normal(_) => depth += 1,
            _ => {}
        }
        if depth < 0 {
            return Err(format!("\"{rel}\" escapes the workflows directory"));
        }
    }
    let root = dir
        .canonicalize()
        .map_err(|e| format!("cannot resolve the workflows directory: {e}"))?;
    let joined = root.join(candidate);
    let target = joined
        .canonicalize()
        .map_err(|_| format!("\"{rel}\" does not exist in the workflows directory"))?;
    if !target.starts_with(&root) || target == root {
        return Err(format!("\"{rel}\" escapes the workflows directory"));
    }
    Ok(target)
}

/// An exclusive `{ allow = [...] }` or `{ deny = [...] }` table (`tools`,
/// `files`): each entry checked by `check_entry`; `None` when neither is
/// set or both are (an error).
enum AllowDeny {
    Allow(Vec<String>),
    Deny(Vec<String>),
}

fn read_allow_deny(
    r: &mut Reader<'_>,
    t: &DeTable<'_>,
    span: &std::ops::Range<usize>,
    ctx: &str,
    mut check_entry: impl FnMut(&mut Reader<'_>, &std::ops::Range<usize>, &str),
) -> Option<AllowDeny> {
    r.check_keys(t, TOOLS_KEYS, ctx);
    let allow = r.string_list(t, "allow", ctx);
    let deny = r.string_list(t, "deny", ctx);
    for list in [&allow, &deny].into_iter().flatten() {
        for entry in list.get_ref() {
            check_entry(r, &list.span(), entry);
        }
    }
    match (allow, deny) {
        (Some(_), Some(_)) => {
            let s = key_span(t, "deny").unwrap_or(span.clone());
            r.error_at(
                &s,
                format!("\"allow\" and \"deny\" cannot both be set{ctx}; keep one"),
            );
            None
        }
        (Some(a), None) => Some(AllowDeny::Allow(a.into_inner())),
        (None, Some(d)) => Some(AllowDeny::Deny(d.into_inner())),
        (None, None) => None,
    }
}

fn read_tools(
    r: &mut Reader<'_>,
    t: &DeTable<'_>,
    span: &std::ops::Range<usize>,
    label: &str,
    groups: &[String],
) -> ToolRule {
    let ctx = format!(" (tools){label}");
    let check = |r: &mut Reader<'_>, s: &std::ops::Range<usize>, e: &str| {
        check_tool_entry(r, s, e, groups, &ctx)
    };
    match read_allow_deny(r, t, span, &ctx, check) {
        Some(AllowDeny::Allow(a)) => ToolRule::Allow(a),
        Some(AllowDeny::Deny(d)) => ToolRule::Deny(d),
        None => ToolRule::Any,
    }
}

fn read_files(
    r: &mut Reader<'_>,
    t: &DeTable<'_>,
    span: &std::ops::Range<usize>,
    label: &str,
) -> FileRule {
    let ctx = format!(" (files){label}");
    let check = |r: &mut Reader<'_>, s: &std::ops::Range<usize>, entry: &str| {
        if entry.trim().is_empty() {
            r.error_at(s, format!("empty path pattern{ctx}"));
        } else if entry.starts_with('/') || entry.split('/').any(|s| s == "..") {
            r.error_at(
                s,
                format!(
                    "path pattern \"{entry}\"{ctx} must be relative to the workspace, without \"..\" (like \"tests/**\")"
                ),
            );
        }
    };
    match read_allow_deny(r, t, span, &ctx, check) {
        Some(AllowDeny::Allow(a)) => FileRule::Allow(a),
        Some(AllowDeny::Deny(d)) => FileRule::Deny(d),
        None => FileRule::Any,
    }
}

/// `checks = [{ run = "cargo test", expect = "fail", timeout_secs = 300 }]`.
fn read_checks(r: &mut Reader<'_>, t: &DeTable<'_>, label: &str) -> Vec<Check> {
    let Some(value) = crate::diag::get(t, "checks") else {
        return Vec::new();
    };
    let DeValue::Array(items) = value.get_ref() else {
        let found = crate::diag::kind(value.get_ref());
        r.error_at(
            &value.span(),
            format!("\"checks\"{label} must be a list of tables like {{ run = \"cargo test\" }}, found {found}"),
        );
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let ctx = format!(" (check {}){label}", i + 1);
        let DeValue::Table(ct) = item.get_ref() else {
            let found = crate::diag::kind(item.get_ref());
            r.error_at(
                &item.span(),
                format!("each check{label} must be a table like {{ run = \"cargo test\" }}, found {found}"),
            );
            continue;
        };
        r.check_keys(ct, CHECK_KEYS, &ctx);
        let run = match r.string(ct, "run", &ctx) {
            Some(s) if !s.get_ref().trim().is_empty() => Some(s.into_inner()),
            Some(s) => {
                r.error_at(&s.span(), format!("\"run\"{ctx} is empty"));
                None
            }
            None => {
                if crate::diag::get(ct, "run").is_none() {
                    r.error_at(&item.span(), format!("missing \"run\"{ctx}"));
                }
                None
            }
        };
        let expect = match r.string(ct, "expect", &ctx) {
            None => Some(Expect::Pass),
            Some(e) => match e.get_ref().as_str() {
                "pass" => Some(Expect::Pass),
                "fail" => Some(Expect::Fail),
                other => {
                    r.error_at(
                        &e.span(),
                        format!("\"expect\"{ctx} must be \"pass\" or \"fail\", found \"{other}\""),
                    );
                    None
                }
            },
        };
        let timeout_secs = match r.integer(ct, "timeout_secs", &ctx) {
            None => Some(DEFAULT_CHECK_TIMEOUT_SECS),
            Some(0) => {
                let span = crate::diag::get(ct, "timeout_secs").map_or(item.span(), |v| v.span());
                r.error_at(&span, format!("\"timeout_secs\"{ctx} must be at least 1"));
                None
            }
            Some(n) => Some(n),
        };
        let shell = r.boolean(ct, "shell", &ctx).unwrap_or(false);
        if let (Some(run), Some(expect), Some(timeout_secs)) = (run, expect, timeout_secs) {
            if !shell && crate::shell::plain_words(&run).is_none() && !run.contains("{testCommand}")
            {
                let span = crate::diag::get(ct, "run").map_or(item.span(), |v| v.span());
                r.error_at(
                    &span,
                    format!("\"run\"{ctx} uses shell syntax (operators, quotes left open, $ or globs); add shell = true to run it with sh -c"),
                );
                continue;
            }
            out.push(Check {
                run,
                expect,
                timeout_secs,
                shell,
            });
        }
    }
    out
}

fn check_tool_entry(
    r: &mut Reader<'_>,
    span: &std::ops::Range<usize>,
    entry: &str,
    groups: &[String],
    ctx: &str,
) {
    if entry.trim().is_empty() {
        r.error_at(span, format!("empty tool name{ctx}"));
    } else if entry.starts_with('@') && !groups.iter().any(|g| g == entry) {
        let hint = crate::diag::did_you_mean(entry, groups.iter().map(String::as_str))
            .map(|g| format!(" (did you mean \"{g}\"?)"))
            .unwrap_or_else(|| format!(" (known groups: {})", groups.join(", ")));
        r.error_at(span, format!("unknown tool group \"{entry}\"{ctx}{hint}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups() -> Vec<String> {
        ["@read", "@write", "@shell", "@agent", "@todo", "@web"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn errors(src: &str) -> Vec<String> {
        parse_workflow("w", "w.toml", src, None, &groups())
            .diags
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    #[test]
    fn parses_a_complete_workflow() {
        let src = r#"
name = "Bug Fix"
loopable = false
[[phases]]
id = "diagnose"
name = "Diagnose"
emoji = "🔬"
instructions = "  Find {description}.  "
tools = { deny = ["@write"] }
shell = { deny = ["git push*"], deny_writes = true }
[[phases]]
subworkflow = "review-loop"
"#;
        let p = parse_workflow("bugfix", "b.toml", src, None, &groups());
        assert!(p.diags.is_empty(), "{:?}", p.diags);
        let w = p.workflow.unwrap();
        assert_eq!(w.name, "Bug Fix");
        assert!(!w.loopable);
        let ph = w.phases[0].as_phase().unwrap();
        assert_eq!(ph.instructions, "Find {description}.");
        assert_eq!(ph.tools, ToolRule::Deny(vec!["@write".into()]));
        assert!(ph.shell.deny_writes);
        assert_eq!(w.phases[1], Entry::Subworkflow("review-loop".into()));
        assert_eq!(p.refs[0].target, "review-loop");
        assert_eq!((p.refs[0].line, p.refs[0].col), (12, 15));
    }

    #[test]
    fn reports_every_problem_with_location() {
        let src = r#"name = "X"
loopable = "yes"
[[phases]]
id = "plan"
name = "Plan"
instructions = "x"
tools = { alow = ["read"] }
[[phases]]
id = "plan"
name = "Again"
instructions = "y"
tools = { allow = ["read"], deny = ["@wirte"] }
"#;
        let e = errors(src);
        assert!(
            e.contains(
                &"w.toml:2:12: \"loopable\" must be true or false, found a string".to_string()
            ),
            "{e:?}"
        );
        assert!(e.contains(&"w.toml:7:11: unknown key \"alow\" (tools) in phase \"plan\" (did you mean \"allow\"?)".to_string()), "{e:?}");
        assert!(
            e.contains(&"w.toml:9:6: duplicate phase id \"plan\"".to_string()),
            "{e:?}"
        );
        assert!(
            e.iter()
                .any(|m| m.contains("\"allow\" and \"deny\" cannot both be set")),
            "{e:?}"
        );
        assert!(
            e.iter().any(|m| m.contains("unknown tool group \"@wirte\"")
                && m.contains("did you mean \"@write\"")),
            "{e:?}"
        );
    }

    #[test]
    fn missing_fields_and_subworkflow_extras() {
        let e = errors("[[phases]]\nid = \"a\"\n[[phases]]\nsubworkflow = \"b\"\nname = \"x\"\n");
        assert!(
            e.iter()
                .any(|m| m.contains("missing required key \"name\"")),
            "{e:?}"
        );
        assert!(
            e.iter()
                .any(|m| m.contains("missing required key \"instructions\"")),
            "{e:?}"
        );
        assert!(
            e.iter()
                .any(|m| m.contains("a subworkflow entry takes no other keys")),
            "{e:?}"
        );
        let e = errors("name = \"x\"\nphases = []\n");
        assert!(e.iter().any(|m| m.contains("at least one entry")), "{e:?}");
        let e = errors("name = \"x\"\n[[phases]\n");
        assert!(
            e.iter()
                .any(|m| m.starts_with("w.toml:2:") && m.contains("invalid TOML")),
            "{e:?}"
        );
    }

    #[test]
    fn instructions_file_must_stay_inside() {
        let dir = tempfile::tempdir().unwrap();
        let wf = dir.path().join("workflows");
        std::fs::create_dir_all(wf.join("lib")).unwrap();
        std::fs::write(wf.join("lib/a.md"), "Do {description}\n").unwrap();
        std::fs::write(dir.path().join("secret.md"), "nope").unwrap();
        let ok = "name = \"x\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions_file = \"lib/a.md\"\n";
        let p = parse_workflow("x", "x.toml", ok, Some(&wf), &groups());
        assert!(p.diags.is_empty(), "{:?}", p.diags);
        assert_eq!(
            p.workflow.unwrap().phases[0]
                .as_phase()
                .unwrap()
                .instructions,
            "Do {description}"
        );
        let bad = ok.replace("lib/a.md", "../secret.md");
        let p = parse_workflow("x", "x.toml", &bad, Some(&wf), &groups());
        assert!(
            p.diags[0]
                .message
                .contains("escapes the workflows directory"),
            "{:?}",
            p.diags
        );
        let abs = ok.replace("lib/a.md", "/etc/passwd");
        let p = parse_workflow("x", "x.toml", &abs, Some(&wf), &groups());
        assert!(
            p.diags[0].message.contains("must be relative"),
            "{:?}",
            p.diags
        );
    }
}
