//! Where each host keeps its hook config, and how it decides whether it
//! runs the hooks (from each host's source; see the README's doctor
//! section for what can and cannot be checked):
//!
//! - CodeWhale: `$CODEWHALE_CONFIG_PATH`, else `~/.codewhale/config.toml`
//!   (legacy `~/.deepseek/config.toml`), and `<ws>/.codewhale/hooks.toml`;
//!   `[hooks] enabled = true`; the gate fails closed only with
//!   `continue_on_error = false`.
//! - Claude Code: `<ws>/.claude/settings.json`, `settings.local.json`,
//!   `$CLAUDE_CONFIG_DIR` or `~/.claude/settings.json`; `disableAllHooks`.
//! - Codex: `<ws>/.codex/hooks.json` or `[hooks]` in `<ws>/.codex/config.toml`
//!   (project layer: needs `[projects."<dir>"] trust_level = "trusted"`),
//!   `$CODEX_HOME` (default `~/.codex`) `hooks.json` or `config.toml`
//!   (user layer); every non-managed hook also needs
//!   `[hooks.state."<file>:<event>:<group>:<handler>"] trusted_hash` equal to
//!   the hash of the hook as it is now (codex-rs/hooks `discovery.rs`).
//! - Gemini CLI: `<ws>/.gemini/settings.json` and `$GEMINI_CLI_HOME` (default
//!   `~`) `/.gemini/settings.json` (JSON with comments); project hooks load in
//!   a trusted folder only: `GEMINI_CLI_TRUST_WORKSPACE=true`, folder trust
//!   switched off, or a rule in `trustedFolders.json`
//!   (`$GEMINI_CLI_TRUSTED_FOLDERS_PATH`); `hooksConfig.enabled`/`disabled`.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use super::{Env, Finding, Section, Wired, json_wired, live, problem, programs, wiring};
use crate::engine::event::EventKind;
use crate::host::Host;

/// A file's text, `None` when it does not exist.
fn read(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// A JSON (or JSON-with-comments) settings file: `None` when absent; an
/// unreadable one becomes a problem.
fn read_json(path: &Path, comments: bool, env: &Env, f: &mut Vec<Finding>) -> Option<Value> {
    let text = match read(path) {
        Ok(t) => t?,
        Err(e) => {
            f.push(problem(
                format!("cannot read {}: {e}", env.show(path)),
                "check its permissions",
            ));
            return None;
        }
    };
    let text = if comments {
        super::super::host_config::blank_comments(&text)
    } else {
        text
    };
    if text.trim().is_empty() {
        return Some(json!({}));
    }
    match serde_json::from_str(&text) {
        Ok(v) => Some(v),
        Err(e) => {
            f.push(problem(
                format!(
                    "{}:{}:{}: not valid JSON ({e})",
                    env.show(path),
                    e.line(),
                    e.column()
                ),
                "fix the file; the host cannot read it either",
            ));
            None
        }
    }
}

fn read_toml(path: &Path, env: &Env, f: &mut Vec<Finding>) -> Option<toml::Table> {
    let text = match read(path) {
        Ok(t) => t?,
        Err(e) => {
            f.push(problem(
                format!("cannot read {}: {e}", env.show(path)),
                "check its permissions",
            ));
            return None;
        }
    };
    match toml::from_str::<toml::Table>(&text) {
        Ok(t) => Some(t),
        Err(e) => {
            f.push(problem(
                format!("{} is not valid TOML: {}", env.show(path), e.message()),
                "fix the file; the host cannot read it either",
            ));
            None
        }
    }
}

/// The live decision through each distinct tool-call command whose
/// program exists (a missing one is already a problem).
fn lives(host: Host, wired: &[Wired], env: &Env) -> Vec<Finding> {
    let mut seen = Vec::new();
    let mut f = Vec::new();
    for w in wired
        .iter()
        .filter(|w| w.kind == EventKind::ToolCall && super::program_exists(&w.command, env))
    {
        if !seen.contains(&w.command) {
            seen.push(w.command.clone());
            f.push(live(host, &w.command, env));
        }
    }
    f
}

/// A section for a host: its files, and what was found.
fn section(label: &str, files: &[PathBuf], env: &Env, findings: Vec<Finding>) -> Section {
    let shown: Vec<String> = files.iter().map(|p| env.show(p)).collect();
    Section {
        title: format!("{label} ({})", shown.join(", ")),
        findings,
    }
}

fn not_wired(host: Host) -> Finding {
    Finding::Note(format!(
        "has config here but no flowgate hook (`flowgate init --host {}` wires it)",
        host.name()
    ))
}

/// The standard checks after the host-specific ones found `wired`.
fn common(host: Host, wired: &[Wired], env: &Env, f: &mut Vec<Finding>) {
    let wanted = super::super::host_config::wanted(host);
    f.extend(wiring(host, &wanted, wired, env));
    f.extend(programs(host, wired, env));
}

// ---- Claude Code ----

pub(in crate::cli) fn claude(env: &Env) -> Option<Section> {
    let user_dir = env
        .var("CLAUDE_CONFIG_DIR")
        .map(PathBuf::from)
        .or_else(|| env.home().map(|h| h.join(".claude")));
    let mut files = vec![
        env.ws.join(".claude/settings.json"),
        env.ws.join(".claude/settings.local.json"),
    ];
    files.extend(user_dir.map(|d| d.join("settings.json")));
    let mut f = Vec::new();
    let mut wired = Vec::new();
    let mut present = Vec::new();
    for file in &files {
        let Some(root) = read_json(file, false, env, &mut f) else {
            continue;
        };
        present.push(file.clone());
        if root["disableAllHooks"] == json!(true) {
            f.push(problem(
                format!(
                    "{} sets \"disableAllHooks\": true, so Claude Code runs no hook",
                    env.show(file)
                ),
                "remove it",
            ));
        }
        wired.extend(json_wired(&root, file, Host::Claude));
    }
    if present.is_empty() && f.is_empty() {
        return None;
    }
    if wired.is_empty() {
        f.push(not_wired(Host::Claude));
        return Some(section("Claude Code", &present, env, f));
    }
    common(Host::Claude, &wired, env, &mut f);
    f.push(Finding::Note(
        "Claude Code runs project hooks once you have trusted the folder (its first-start prompt; `claude -p` does not ask); `/hooks` shows what is active".into(),
    ));
    f.extend(lives(Host::Claude, &wired, env));
    Some(section("Claude Code", &present, env, f))
}

// ---- Codex ----

/// Codex's label for an event in hook-state keys.
fn codex_label(event: &str) -> String {
    let mut s = String::new();
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    s
}

/// The hash Codex records when a user trusts this hook: SHA-256 of the
/// canonical JSON (keys sorted, compact) of the event label, the matcher
/// (not for UserPromptSubmit and Stop, which take none) and the normalized
/// handler (timeout made explicit, 600 s by default; `async` false by
/// default). As codex-rs/hooks `discovery.rs` `command_hook_hash`.
pub(super) fn codex_hash(event: &str, matcher: Option<&str>, handler: &Value) -> String {
    let timeout = handler["timeout"].as_u64().unwrap_or(600).max(1);
    // Keys inserted in sorted order: the map keeps insertion order.
    let mut h = Map::new();
    h.insert(
        "async".into(),
        json!(handler["async"].as_bool().unwrap_or(false)),
    );
    h.insert("command".into(), handler["command"].clone());
    if let Some(m) = handler["statusMessage"].as_str() {
        h.insert("statusMessage".into(), json!(m));
    }
    h.insert("timeout".into(), json!(timeout));
    h.insert("type".into(), json!("command"));
    let mut id = Map::new();
    id.insert("event_name".into(), json!(codex_label(event)));
    id.insert("hooks".into(), Value::Array(vec![Value::Object(h)]));
    let takes_matcher = !matches!(event, "UserPromptSubmit" | "Stop");
    if let (true, Some(m)) = (takes_matcher, matcher) {
        id.insert("matcher".into(), json!(m));
    }
    let text = serde_json::to_string(&Value::Object(id)).expect("JSON");
    format!("sha256:{}", super::sha256::hex(text.as_bytes()))
}

/// The nearest directory at or above `dir` holding `.git`.
fn git_root(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
}

/// The TOML `[hooks]` events of a Codex config.toml, as JSON.
fn codex_toml_hooks(t: &toml::Table) -> Value {
    let Some(hooks) = t.get("hooks") else {
        return json!({});
    };
    let mut v = serde_json::to_value(hooks).unwrap_or(json!({}));
    if let Some(o) = v.as_object_mut() {
        o.remove("state");
    }
    json!({ "hooks": v })
}

pub(in crate::cli) fn codex(env: &Env) -> Option<Section> {
    let codex_home = env
        .var("CODEX_HOME")
        .map(PathBuf::from)
        .or_else(|| env.home().map(|h| h.join(".codex")));
    let mut f = Vec::new();
    let user_cfg_path = codex_home.as_ref().map(|h| h.join("config.toml"));
    let user_cfg = user_cfg_path
        .as_ref()
        .and_then(|p| read_toml(p, env, &mut f));
    // (file, is the project layer)
    let mut sources: Vec<(PathBuf, bool)> = vec![
        (env.ws.join(".codex/hooks.json"), true),
        (env.ws.join(".codex/config.toml"), true),
    ];
    if let Some(h) = &codex_home {
        sources.push((h.join("hooks.json"), false));
        sources.push((h.join("config.toml"), false));
    }
    let mut wired: Vec<(Wired, bool)> = Vec::new();
    let mut present = Vec::new();
    for (file, project) in &sources {
        let root = if file.extension().is_some_and(|e| e == "toml") {
            if Some(file) == user_cfg_path.as_ref() {
                user_cfg.as_ref().map(codex_toml_hooks)
            } else {
                read_toml(file, env, &mut f).map(|t| codex_toml_hooks(&t))
            }
        } else {
            read_json(file, false, env, &mut f)
        };
        let Some(root) = root else { continue };
        present.push(file.clone());
        wired.extend(
            json_wired(&root, file, Host::Codex)
                .into_iter()
                .map(|w| (w, *project)),
        );
    }
    if present.is_empty() && f.is_empty() {
        return None;
    }
    if wired.is_empty() {
        f.push(not_wired(Host::Codex));
        return Some(section("Codex", &present, env, f));
    }
    let all: Vec<Wired> = wired.iter().map(|(w, _)| w.clone()).collect();
    common(Host::Codex, &all, env, &mut f);
    let cfg_shown = user_cfg_path
        .as_ref()
        .map(|p| env.show(p))
        .unwrap_or_else(|| "~/.codex/config.toml".into());
    let empty = toml::Table::new();
    let cfg = user_cfg.as_ref().unwrap_or(&empty);
    if cfg
        .get("features")
        .and_then(|t| t.get("hooks"))
        .and_then(toml::Value::as_bool)
        == Some(false)
    {
        f.push(problem(
            format!("{cfg_shown} sets [features] hooks = false, so Codex runs no hook"),
            "remove that line",
        ));
    }
    // Project trust, for hooks in the project's .codex/.
    if wired.iter().any(|(_, project)| *project) {
        let projects = cfg.get("projects").and_then(toml::Value::as_table);
        let mut candidates = vec![env.ws.clone()];
        candidates.extend(env.ws.canonicalize().ok());
        if let Some(g) = git_root(&env.ws) {
            candidates.extend(g.canonicalize().ok());
            candidates.push(g);
        }
        let level = candidates.iter().find_map(|c| {
            projects?
                .get(&c.display().to_string())?
                .get("trust_level")?
                .as_str()
                .map(|l| (c.clone(), l.to_string()))
        });
        let dir = git_root(&env.ws).unwrap_or_else(|| env.ws.clone());
        match level {
            Some((d, l)) if l == "trusted" => {
                f.push(Finding::Ok(format!("project {} is trusted", d.display())))
            }
            other => f.push(problem(
                format!(
                    "the project {} is {} in {cfg_shown}, so Codex skips the hooks in its .codex/",
                    dir.display(),
                    match other {
                        Some((_, l)) => format!("marked \"{l}\""),
                        None => "not trusted".into(),
                    }
                ),
                format!(
                    "trust it when Codex asks, or add the table [projects.\"{}\"] with trust_level = \"trusted\" to {cfg_shown}",
                    dir.display()
                ),
            )),
        }
    }
    // Per-hook trust: the recorded hash must be the hook's current one.
    let states = cfg
        .get("hooks")
        .and_then(|h| h.get("state"))
        .and_then(toml::Value::as_table);
    let mut trusted = Vec::new();
    for (w, _) in &wired {
        let label = codex_label(&w.event);
        let keys: Vec<String> = {
            let mut k = vec![w.file.display().to_string()];
            if let Ok(c) = w.file.canonicalize() {
                k.push(c.display().to_string());
            }
            k.into_iter()
                .map(|src| format!("{src}:{label}:{}:{}", w.group, w.handler))
                .collect()
        };
        let state = keys
            .iter()
            .find_map(|k| states?.get(k).map(|s| (k.clone(), s)));
        let hash = codex_hash(&w.event, w.matcher.as_deref(), &w.handler_json);
        let key = state
            .as_ref()
            .map(|(k, _)| k.clone())
            .unwrap_or_else(|| keys[0].clone());
        let add = format!(
            "review and trust it in Codex's /hooks (or add the table [hooks.state.\"{key}\"] with trusted_hash = \"{hash}\" to {cfg_shown})"
        );
        let enabled = state
            .as_ref()
            .and_then(|(_, s)| s.get("enabled"))
            .and_then(toml::Value::as_bool);
        let recorded = state
            .as_ref()
            .and_then(|(_, s)| s.get("trusted_hash"))
            .and_then(toml::Value::as_str);
        if enabled == Some(false) {
            f.push(problem(
                format!("the {} hook is disabled in Codex ({cfg_shown})", w.event),
                "enable it in /hooks, or remove enabled = false from its [hooks.state] entry",
            ));
        } else {
            match recorded {
                None => f.push(problem(
                    format!(
                        "the {} hook is not trusted by Codex, which skips untrusted hooks without a word",
                        w.event
                    ),
                    add,
                )),
                Some(h) if h != hash => f.push(problem(
                    format!(
                        "the {} hook changed since Codex trusted it (recorded {h}, now {hash}), so Codex skips it as modified",
                        w.event
                    ),
                    add,
                )),
                Some(_) => trusted.push(w.event.clone()),
            }
        }
    }
    if !trusted.is_empty() {
        f.push(Finding::Ok(format!(
            "trusted by Codex: {}",
            trusted.join(", ")
        )));
    }
    f.push(Finding::Note(
        "trust hashes are computed as codex-rs/hooks computes them (event, matcher, command, timeout, async, statusMessage); if Codex's /hooks disagrees, Codex is right. `codex --dangerously-bypass-hook-trust` skips trust for one run".into(),
    ));
    f.extend(lives(Host::Codex, &all, env));
    Some(section("Codex", &present, env, f))
}

// ---- Gemini CLI ----

/// Does a rule of `trustedFolders.json` trust `dir`? The longest matching
/// rule decides (Gemini's `isPathTrusted`); `TRUST_PARENT` covers the
/// rule's parent directory.
fn gemini_rule(rules: &Map<String, Value>, dir: &Path) -> Option<(String, String)> {
    let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let here = real(dir);
    let mut best: Option<(usize, String, String)> = None;
    for (path, level) in rules {
        let Some(level) = level.as_str() else {
            continue;
        };
        let effective = if level == "TRUST_PARENT" {
            Path::new(path)
                .parent()
                .unwrap_or(Path::new(path))
                .to_path_buf()
        } else {
            PathBuf::from(path)
        };
        if here.starts_with(real(&effective))
            && best.as_ref().is_none_or(|(n, _, _)| path.len() > *n)
        {
            best = Some((path.len(), path.clone(), level.to_string()));
        }
    }
    best.map(|(_, p, l)| (p, l))
}

pub(in crate::cli) fn gemini(env: &Env) -> Option<Section> {
    let gemini_dir = env
        .var("GEMINI_CLI_HOME")
        .map(PathBuf::from)
        .or_else(|| env.home())
        .map(|h| h.join(".gemini"));
    let project_file = env.ws.join(".gemini/settings.json");
    let user_file = gemini_dir.as_ref().map(|d| d.join("settings.json"));
    let mut f = Vec::new();
    let mut present = Vec::new();
    let mut wired: Vec<(Wired, bool)> = Vec::new();
    let mut user_settings = json!({});
    let mut disabled: Vec<String> = Vec::new();
    for (file, project) in std::iter::once((project_file.clone(), true))
        .chain(user_file.iter().map(|u| (u.clone(), false)))
    {
        let Some(root) = read_json(&file, true, env, &mut f) else {
            continue;
        };
        present.push(file.clone());
        if root.pointer("/hooksConfig/enabled") == Some(&json!(false)) {
            f.push(problem(
                format!(
                    "{} sets hooksConfig.enabled = false, so Gemini CLI runs no hook",
                    env.show(&file)
                ),
                "remove it or set it to true",
            ));
        }
        for name in root
            .pointer("/hooksConfig/disabled")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            disabled.push(name.to_string());
        }
        wired.extend(
            json_wired(&root, &file, Host::Gemini)
                .into_iter()
                .map(|w| (w, project)),
        );
        if !project {
            user_settings = root;
        }
    }
    if present.is_empty() && f.is_empty() {
        return None;
    }
    if wired.is_empty() {
        f.push(not_wired(Host::Gemini));
        return Some(section("Gemini CLI", &present, env, f));
    }
    let all: Vec<Wired> = wired.iter().map(|(w, _)| w.clone()).collect();
    common(Host::Gemini, &all, env, &mut f);
    for w in &all {
        if let Some(name) = w.handler_json["name"].as_str()
            && disabled.iter().any(|d| d == name)
        {
            f.push(problem(
                format!(
                    "the {} hook \"{name}\" is listed in hooksConfig.disabled",
                    w.event
                ),
                "remove it from that list",
            ));
        }
    }
    if wired.iter().any(|(_, project)| *project) {
        let trust_file = env
            .var("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
            .map(PathBuf::from)
            .or_else(|| gemini_dir.as_ref().map(|d| d.join("trustedFolders.json")));
        let shown = trust_file
            .as_ref()
            .map(|p| env.show(p))
            .unwrap_or_else(|| "~/.gemini/trustedFolders.json".into());
        let ws = env.ws.display().to_string();
        let fix = format!(
            "trust the folder when Gemini CLI asks, or add \"{ws}\": \"TRUST_FOLDER\" to {shown}, or set GEMINI_CLI_TRUST_WORKSPACE=true where Gemini runs"
        );
        if env.var("GEMINI_CLI_TRUST_WORKSPACE").as_deref() == Some("true") {
            f.push(Finding::Ok(
                "the folder is trusted through GEMINI_CLI_TRUST_WORKSPACE=true (set it where Gemini runs too)".into(),
            ));
        } else if user_settings.pointer("/security/folderTrust/enabled") == Some(&json!(false)) {
            f.push(Finding::Ok(
                "folder trust is switched off (security.folderTrust.enabled = false), so every folder is trusted".into(),
            ));
        } else {
            let mut rules = Map::new();
            if let Some(p) = &trust_file
                && let Some(v) = read_json(p, true, env, &mut f)
            {
                match v {
                    Value::Object(m) => rules = m,
                    _ => f.push(problem(
                        format!("{shown} is not a JSON object"),
                        "fix it; Gemini CLI refuses to start on it",
                    )),
                }
            }
            match gemini_rule(&rules, &env.ws) {
                Some((p, l)) if l == "TRUST_FOLDER" || l == "TRUST_PARENT" => {
                    f.push(Finding::Ok(format!("trusted folder (\"{p}\": \"{l}\" in {shown})")))
                }
                Some((p, l)) => f.push(problem(
                    format!("{ws} is not a trusted folder for Gemini CLI (\"{p}\": \"{l}\" in {shown}), so it skips the project's hooks"),
                    fix,
                )),
                None => f.push(problem(
                    format!("{ws} is not a trusted folder for Gemini CLI, so it skips the project's hooks (and `gemini -p` refuses to run)"),
                    fix,
                )),
            }
        }
    }
    f.extend(lives(Host::Gemini, &all, env));
    Some(section("Gemini CLI", &present, env, f))
}

// ---- CodeWhale ----

const CODEWHALE_EVENTS: &[(&str, EventKind)] = &[
    ("message_submit", EventKind::MessageSubmit),
    ("tool_call_before", EventKind::ToolCall),
    ("turn_end", EventKind::TurnEnd),
];

pub(in crate::cli) fn codewhale(env: &Env) -> Option<Section> {
    let user = match env.var("CODEWHALE_CONFIG_PATH") {
        Some(p) => Some(PathBuf::from(p)),
        None => env.home().map(|h| {
            let new = h.join(".codewhale/config.toml");
            let legacy = h.join(".deepseek/config.toml");
            if !new.exists() && legacy.exists() {
                legacy
            } else {
                new
            }
        }),
    };
    let files: Vec<PathBuf> = user
        .into_iter()
        .chain(std::iter::once(env.ws.join(".codewhale/hooks.toml")))
        .collect();
    let mut f = Vec::new();
    let mut present = Vec::new();
    let mut wired = Vec::new();
    let mut gates: Vec<(PathBuf, toml::Table)> = Vec::new();
    for file in &files {
        let Some(t) = read_toml(file, env, &mut f) else {
            continue;
        };
        present.push(file.clone());
        let hooks = t.get("hooks").and_then(toml::Value::as_table);
        let list = hooks
            .and_then(|h| h.get("hooks"))
            .and_then(toml::Value::as_array);
        let mut here = 0;
        for (i, h) in list.into_iter().flatten().enumerate() {
            let (Some(event), Some(cmd)) = (
                h.get("event").and_then(toml::Value::as_str),
                h.get("command").and_then(toml::Value::as_str),
            ) else {
                continue;
            };
            let Some((_, kind)) = CODEWHALE_EVENTS.iter().find(|(e, _)| *e == event) else {
                continue;
            };
            if !super::super::host_config::is_flowgate_hook(cmd, *kind, Host::Codewhale) {
                continue;
            }
            here += 1;
            wired.push(Wired {
                file: file.clone(),
                event: event.to_string(),
                kind: *kind,
                group: i,
                handler: 0,
                command: cmd.to_string(),
                matcher: None,
                handler_json: Value::Null,
            });
            if *kind == EventKind::ToolCall
                && let Some(t) = h.as_table()
            {
                gates.push((file.clone(), t.clone()));
            }
        }
        if here > 0
            && hooks
                .and_then(|h| h.get("enabled"))
                .and_then(toml::Value::as_bool)
                != Some(true)
        {
            f.push(problem(
                format!(
                    "{} does not set [hooks] enabled = true, so CodeWhale runs none of its hooks",
                    env.show(file)
                ),
                "add enabled = true under [hooks]",
            ));
        }
        if here > 0
            && let Some(n) = hooks
                .and_then(|h| h.get("default_timeout_secs"))
                .and_then(toml::Value::as_integer)
        {
            f.push(Finding::Note(format!(
                "[hooks] default_timeout_secs = {n} replaces every hook's own timeout"
            )));
        }
    }
    if present.is_empty() && f.is_empty() {
        return None;
    }
    if wired.is_empty() {
        f.push(not_wired(Host::Codewhale));
        return Some(section("CodeWhale", &present, env, f));
    }
    let wanted: Vec<(&str, EventKind, Option<&str>)> = CODEWHALE_EVENTS
        .iter()
        .map(|(e, k)| (*e, *k, None))
        .collect();
    f.extend(wiring(Host::Codewhale, &wanted, &wired, env));
    f.extend(programs(Host::Codewhale, &wired, env));
    for (file, gate) in &gates {
        if gate.get("continue_on_error").and_then(toml::Value::as_bool) != Some(false) {
            f.push(problem(
                format!(
                    "the tool_call_before gate in {} runs with continue_on_error = true (CodeWhale's default), so a gate that fails or times out lets the tool run",
                    env.show(file)
                ),
                "set continue_on_error = false on it",
            ));
        }
        if gate.contains_key("condition") {
            f.push(problem(
                format!(
                    "the tool_call_before gate in {} has a condition, so tools outside it are never checked",
                    env.show(file)
                ),
                "remove the condition",
            ));
        }
    }
    if wired
        .iter()
        .any(|w| w.file == env.ws.join(".codewhale/hooks.toml"))
    {
        f.push(Finding::Note(
            "CodeWhale reads .codewhale/hooks.toml only in a workspace it trusts; flowgate cannot see that trust".into(),
        ));
    }
    f.extend(lives(Host::Codewhale, &wired, env));
    Some(section("CodeWhale", &present, env, f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codex_labels_and_hash_shape() {
        assert_eq!(codex_label("PreToolUse"), "pre_tool_use");
        assert_eq!(codex_label("UserPromptSubmit"), "user_prompt_submit");
        assert_eq!(codex_label("Stop"), "stop");
        // A Stop matcher is not part of the identity; a PreToolUse one is.
        let h =
            json!({"type": "command", "command": "flowgate agent_end --host codex", "timeout": 30});
        assert_eq!(
            codex_hash("Stop", Some("*"), &h),
            codex_hash("Stop", None, &h)
        );
        assert_ne!(
            codex_hash("PreToolUse", Some("*"), &h),
            codex_hash("PreToolUse", None, &h)
        );
        // The default timeout is made explicit.
        let no_t = json!({"type": "command", "command": "x"});
        let t600 = json!({"type": "command", "command": "x", "timeout": 600});
        assert_eq!(
            codex_hash("Stop", None, &no_t),
            codex_hash("Stop", None, &t600)
        );
    }

    #[test]
    fn gemini_longest_rule_wins() {
        let rules: Map<String, Value> = serde_json::from_str(
            r#"{"/home/dev": "TRUST_FOLDER", "/home/dev/shop": "DO_NOT_TRUST", "/srv/x/y": "TRUST_PARENT"}"#,
        )
        .unwrap();
        assert_eq!(
            gemini_rule(&rules, Path::new("/home/dev/other")).unwrap().1,
            "TRUST_FOLDER"
        );
        assert_eq!(
            gemini_rule(&rules, Path::new("/home/dev/shop/sub"))
                .unwrap()
                .1,
            "DO_NOT_TRUST"
        );
        assert_eq!(
            gemini_rule(&rules, Path::new("/srv/x/z")).unwrap().1,
            "TRUST_PARENT"
        );
        assert!(gemini_rule(&rules, Path::new("/srv/q")).is_none());
    }
}
