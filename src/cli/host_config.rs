//! `flowgate init --host claude|codex|gemini`: merge flowgate's hooks into
//! the host's JSON hook config in the workspace (`.claude/settings.json`,
//! `.codex/hooks.json`, `.gemini/settings.json`), register flowgate's MCP
//! server where the host reads the project's servers (`.mcp.json`,
//! `[mcp_servers.flowgate]` in `.codex/config.toml`, `mcpServers` in
//! `.gemini/settings.json`), and turn on the `mcp` setting so the context
//! names the tools; with `--remove`, take those hooks and that server out
//! again.
//!
//! The merge keeps every existing setting and hook: keys keep their order
//! (serde_json's `preserve_order`) and values their meaning; only the
//! whitespace may change, and the file's indentation is reused. A flowgate
//! hook already wired for an event is kept (its command is updated if the
//! binary moved); a missing one is appended after the others. When nothing
//! changes the file is not touched, so a second run is a no-op. Removing
//! takes out each hook whose command runs flowgate and flowgate's server,
//! and the lists and objects that held nothing else; every other key, hook
//! and server stays. Gemini's settings may hold comments: they are read,
//! but a rewrite cannot keep them, which the report says (the backup keeps
//! them). A TOML file is only ever appended to (a new
//! `[mcp_servers.flowgate]` table), and only when the result still parses
//! and says what flowgate meant; removing cuts that table out again, only
//! when what is left parses to the same settings minus flowgate's server.
//!
//! Every file is planned before any is written (`edit.rs`): a file that
//! does not parse stops the run with its line and column, and nothing is
//! created.

mod edit;

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

pub(super) use edit::{Edit, Tense, apply, blank_comments};

use crate::engine::event::EventKind;
use crate::exit::Failure;
use crate::host::Host;

/// One hook flowgate wants: the host's event name, flowgate's event, the
/// matcher (if the event takes one) and the timeout in the host's unit.
struct Want {
    event: &'static str,
    kind: EventKind,
    matcher: Option<&'static str>,
    timeout: u64,
}

/// Where a host keeps its project hook config, what flowgate adds to it,
/// and what the user should know.
struct Plan {
    label: &'static str,
    file: &'static str,
    wants: &'static [Want],
    /// Gemini handlers carry a `name`.
    named: bool,
    /// Where the host reads the project's MCP servers.
    mcp: McpFile,
}

/// Where a host reads the project's MCP servers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum McpFile {
    /// `mcpServers.flowgate` in a JSON file; `typed`: entries say
    /// `"type": "stdio"` (Claude Code's `.mcp.json`).
    Json { file: &'static str, typed: bool },
    /// `[mcp_servers.flowgate]` in a TOML file (Codex's `config.toml`).
    Toml { file: &'static str },
}

const CLAUDE: Plan = Plan {
    label: "Claude Code",
    file: ".claude/settings.json",
    named: false,
    mcp: McpFile::Json {
        file: ".mcp.json",
        typed: true,
    },
    wants: &[
        Want {
            event: "UserPromptSubmit",
            kind: EventKind::MessageSubmit,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "PreToolUse",
            kind: EventKind::ToolCall,
            matcher: Some("*"),
            timeout: 10,
        },
        Want {
            event: "Stop",
            kind: EventKind::AgentEnd,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "SessionStart",
            kind: EventKind::SessionStart,
            matcher: Some("startup|resume|clear|compact|fork"),
            timeout: 10,
        },
    ],
};

const CODEX: Plan = Plan {
    label: "Codex",
    file: ".codex/hooks.json",
    named: false,
    mcp: McpFile::Toml {
        file: ".codex/config.toml",
    },
    wants: &[
        Want {
            event: "UserPromptSubmit",
            kind: EventKind::MessageSubmit,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "PreToolUse",
            kind: EventKind::ToolCall,
            matcher: Some("*"),
            timeout: 10,
        },
        Want {
            event: "Stop",
            kind: EventKind::AgentEnd,
            matcher: None,
            timeout: 30,
        },
        Want {
            event: "SessionStart",
            kind: EventKind::SessionStart,
            matcher: Some("startup|resume|clear|compact"),
            timeout: 10,
        },
    ],
};

/// Gemini timeouts are in milliseconds; lifecycle matchers are exact
/// strings, so SessionStart has none (it then matches every source).
const GEMINI: Plan = Plan {
    label: "Gemini CLI",
    file: ".gemini/settings.json",
    named: true,
    mcp: McpFile::Json {
        file: ".gemini/settings.json",
        typed: false,
    },
    wants: &[
        Want {
            event: "BeforeAgent",
            kind: EventKind::MessageSubmit,
            matcher: None,
            timeout: 30_000,
        },
        Want {
            event: "BeforeTool",
            kind: EventKind::ToolCall,
            matcher: Some("*"),
            timeout: 10_000,
        },
        Want {
            event: "AfterAgent",
            kind: EventKind::AgentEnd,
            matcher: None,
            timeout: 30_000,
        },
        Want {
            event: "SessionStart",
            kind: EventKind::SessionStart,
            matcher: None,
            timeout: 10_000,
        },
    ],
};

fn plan(host: Host) -> Option<&'static Plan> {
    match host {
        Host::Claude => Some(&CLAUDE),
        Host::Codex => Some(&CODEX),
        Host::Gemini => Some(&GEMINI),
        Host::Codewhale => None,
    }
}

/// The shell command a hook runs: `<exe> <event> --host <host>` (`exe` is
/// already a shell word: hosts run the command through `sh -c` or
/// `bash -c`).
fn command(exe: &str, kind: EventKind, host: Host) -> String {
    format!("{exe} {} --host {}", kind.name(), host.name())
}

/// The matcher group flowgate adds for `want`.
fn group(want: &Want, cmd: &str, named: bool) -> Value {
    let mut handler = Map::new();
    if named {
        handler.insert(
            "name".into(),
            json!(format!("flowgate-{}", want.kind.name().replace('_', "-"))),
        );
    }
    handler.insert("type".into(), json!("command"));
    handler.insert("command".into(), json!(cmd));
    handler.insert("timeout".into(), json!(want.timeout));
    let mut g = Map::new();
    if let Some(m) = want.matcher {
        g.insert("matcher".into(), json!(m));
    }
    g.insert("hooks".into(), json!([Value::Object(handler)]));
    Value::Object(g)
}

/// The events flowgate needs wired on `host` (the host's event name, the
/// flowgate event, the matcher it writes): what `doctor` checks against.
pub(super) fn wanted(host: Host) -> Vec<(&'static str, EventKind, Option<&'static str>)> {
    plan(host)
        .map(|p| {
            p.wants
                .iter()
                .map(|w| (w.event, w.kind, w.matcher))
                .collect()
        })
        .unwrap_or_default()
}

/// A hook command's words as the shell splits them; a command the strict
/// splitter declines (`$HOME/bin/flowgate …`) is read as a program, maybe
/// quoted, followed by plain words.
fn hook_words(cmd: &str) -> Option<Vec<String>> {
    if let Some(words) = crate::shell::plain_words(cmd) {
        return Some(words);
    }
    let cmd = cmd.trim_start();
    let (first, rest) = match cmd.chars().next() {
        Some(q @ ('\'' | '"')) => cmd[1..].split_once(q)?,
        _ => cmd.split_once(char::is_whitespace).unwrap_or((cmd, "")),
    };
    Some(
        std::iter::once(first)
            .chain(rest.split_whitespace())
            .map(str::to_string)
            .collect(),
    )
}

/// Is `cmd` a flowgate hook for `kind` (and this host, or no `--host`)?
pub(super) fn is_flowgate_hook(cmd: &str, kind: EventKind, host: Host) -> bool {
    let Some(words) = hook_words(cmd) else {
        return false;
    };
    let Some((first, words)) = words.split_first() else {
        return false;
    };
    let prog = Path::new(first).file_name().and_then(|n| n.to_str());
    if prog != Some("flowgate") {
        return false;
    }
    let event = words.iter().any(|w| EventKind::parse(w) == Some(kind));
    let named_host = words.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("--host=").or_else(|| {
            (w == "--host")
                .then(|| words.get(i + 1).map(String::as_str))
                .flatten()
        })
    });
    event && named_host.is_none_or(|h| Host::parse(h) == Some(host))
}

/// Does `cmd` run flowgate for any hook event of this host?
fn runs_flowgate_hook(cmd: &str, host: Host) -> bool {
    EventKind::ALL_NAMES
        .iter()
        .filter_map(|n| EventKind::parse(n))
        .any(|kind| is_flowgate_hook(cmd, kind, host))
}

/// What happened to one event's hook (or to the MCP server entry).
enum Step {
    Added,
    Kept,
    Updated(String),
    /// Left as it is, and why (the user decides).
    Left(String),
}

impl Step {
    /// The entry names this binary afterwards.
    fn names_binary(&self) -> bool {
        !matches!(self, Step::Left(_))
    }
}

/// Merge the wanted hooks into `root`; the steps say what changed.
fn merge(root: &mut Value, p: &Plan, exe: &str, host: Host) -> Result<Vec<(String, Step)>, String> {
    let obj = root
        .as_object_mut()
        .ok_or("the file is not a JSON object")?;
    let hooks = obj
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or("\"hooks\" is not an object")?;
    let mut steps = Vec::new();
    for want in p.wants {
        let cmd = command(exe, want.kind, host);
        let groups = hooks
            .entry(want.event)
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .ok_or(format!("\"hooks.{}\" is not a list", want.event))?;
        let mut found = None;
        for g in groups.iter_mut() {
            let Some(handlers) = g.get_mut("hooks").and_then(Value::as_array_mut) else {
                continue;
            };
            for h in handlers.iter_mut() {
                let Some(c) = h.get("command").and_then(Value::as_str) else {
                    continue;
                };
                if found.is_none() && is_flowgate_hook(c, want.kind, host) {
                    found = Some(if c == cmd {
                        Step::Kept
                    } else {
                        let old = c.to_string();
                        h["command"] = json!(cmd);
                        Step::Updated(old)
                    });
                }
            }
        }
        let step = match found {
            Some(s) => s,
            None => {
                groups.push(group(want, &cmd, p.named));
                Step::Added
            }
        };
        steps.push((want.event.to_string(), step));
    }
    Ok(steps)
}

/// Take every hook that runs flowgate out of `root`, and the groups, event
/// lists and `hooks` object that held nothing else; returns one report
/// line per hook taken out.
fn unmerge(root: &mut Value, host: Host, t: Tense) -> Result<Vec<(String, String)>, String> {
    let obj = root
        .as_object_mut()
        .ok_or("the file is not a JSON object")?;
    let Some(hooks) = obj.get_mut("hooks") else {
        return Ok(Vec::new());
    };
    let hooks = hooks.as_object_mut().ok_or("\"hooks\" is not an object")?;
    let mut report = Vec::new();
    let events: Vec<String> = hooks.keys().cloned().collect();
    for event in events {
        let Some(groups) = hooks.get_mut(&event).and_then(Value::as_array_mut) else {
            continue;
        };
        let had_groups = !groups.is_empty();
        groups.retain_mut(|g| {
            let Some(handlers) = g.get_mut("hooks").and_then(Value::as_array_mut) else {
                return true;
            };
            let had_handlers = !handlers.is_empty();
            handlers.retain(|h| {
                let Some(cmd) = h.get("command").and_then(Value::as_str) else {
                    return true;
                };
                if !runs_flowgate_hook(cmd, host) {
                    return true;
                }
                report.push((
                    event.clone(),
                    format!("{} `{cmd}`", t.pick("removed", "would remove")),
                ));
                false
            });
            !(had_handlers && handlers.is_empty())
        });
        if had_groups && groups.is_empty() {
            hooks.shift_remove(&event);
        }
    }
    if hooks.is_empty() && !report.is_empty() {
        obj.shift_remove("hooks");
    }
    Ok(report)
}

/// Is the report about adding or about taking out?
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Install,
    Remove,
}

impl Op {
    /// The way on when flowgate cannot edit a file.
    fn by_hand(self) -> &'static str {
        match self {
            Op::Install => "add the entries by hand as the README shows",
            Op::Remove => "take flowgate's entries out by hand",
        }
    }
}

/// What `init` (or `init --remove`) will do, worked out before anything
/// is written.
pub(super) struct Changes {
    /// One per file, in the order the report shows them.
    pub edits: Vec<Edit>,
    /// Files whose flowgate entries name the binary afterwards.
    pub naming: Vec<PathBuf>,
    /// Warnings and notes, one paragraph each.
    pub notes: Vec<String>,
    /// What the user does next, in order.
    pub next: Vec<String>,
}

/// Plan merging flowgate's hooks into `host`'s config under `ws` and
/// registering its MCP server (run as `server`, a program path, no shell
/// quoting; `exe` is the hook commands' program, a shell word). `None` for
/// CodeWhale (its config is printed instead).
pub(super) fn plan_install(
    ws: &Path,
    host: Host,
    exe: &str,
    server: &str,
    t: Tense,
) -> Option<Result<Changes, Failure>> {
    let p = plan(host)?;
    Some(install_plan(ws, host, p, exe, server, t))
}

/// Plan taking flowgate's hooks and MCP server out of `host`'s config
/// under `ws`. `None` for CodeWhale (init never wrote its config).
pub(super) fn plan_remove(ws: &Path, host: Host, t: Tense) -> Option<Result<Changes, Failure>> {
    let p = plan(host)?;
    Some(remove_plan(ws, host, p, t))
}

/// The file that holds the host's MCP servers, and whether it is the hook
/// file itself.
fn mcp_file(ws: &Path, p: &Plan) -> (PathBuf, bool) {
    match p.mcp {
        McpFile::Json { file, .. } => (ws.join(file), file == p.file),
        McpFile::Toml { file } => (ws.join(file), false),
    }
}

fn install_plan(
    ws: &Path,
    host: Host,
    p: &Plan,
    exe: &str,
    server: &str,
    t: Tense,
) -> Result<Changes, Failure> {
    let (server_file, mcp_here) = mcp_file(ws, p);
    let hooks_file = ws.join(p.file);
    let heading = format!(
        "{} hooks{} in {}:",
        p.label,
        if mcp_here { " and MCP server" } else { "" },
        hooks_file.display()
    );
    let mut naming = Vec::new();
    let mut names = false;
    let (hooks_edit, root) = edit_json(&hooks_file, heading, host, Op::Install, t, |root| {
        let mut report = Vec::new();
        for (event, step) in merge(root, p, exe, host)? {
            names |= step.names_binary();
            report.push((
                event.clone(),
                step_line(
                    &step,
                    &command_for(p, &event, exe, host),
                    "already wired, kept",
                    t,
                ),
            ));
        }
        if let McpFile::Json { typed, .. } = p.mcp
            && mcp_here
        {
            let step = merge_mcp_json(root, server, typed)?;
            names |= step.names_binary();
            report.push((
                format!("mcpServers.{}", crate::mcp::SERVER_NAME),
                step_line(&step, &mcp_command(server), "already registered, kept", t),
            ));
        }
        Ok(report)
    })?;
    if names {
        naming.push(hooks_file);
    }
    let mut edits = vec![hooks_edit];
    if !mcp_here {
        let heading = format!("{} MCP server in {}:", p.label, server_file.display());
        let (edit, names) = match p.mcp {
            McpFile::Json { typed, .. } => {
                let mut names = false;
                let (edit, _) = edit_json(&server_file, heading, host, Op::Install, t, |root| {
                    let step = merge_mcp_json(root, server, typed)?;
                    names = step.names_binary();
                    Ok(vec![(
                        crate::mcp::SERVER_NAME.to_string(),
                        step_line(&step, &mcp_command(server), "already registered, kept", t),
                    )])
                })?;
                (edit, names)
            }
            McpFile::Toml { .. } => plan_mcp_toml(&server_file, heading, server, t)?,
        };
        if names {
            naming.push(server_file);
        }
        edits.push(edit);
    }
    edits.push(plan_mcp_setting(ws, t)?);
    let (notes, next) = next_steps(ws, host, &root);
    Ok(Changes {
        edits,
        naming,
        notes,
        next,
    })
}

fn remove_plan(ws: &Path, host: Host, p: &Plan, t: Tense) -> Result<Changes, Failure> {
    let (server_file, mcp_here) = mcp_file(ws, p);
    let hooks_file = ws.join(p.file);
    let heading = format!(
        "{} hooks{} in {}:",
        p.label,
        if mcp_here { " and MCP server" } else { "" },
        hooks_file.display()
    );
    let (hooks_edit, _) = edit_json(&hooks_file, heading, host, Op::Remove, t, |root| {
        let mut report = unmerge(root, host, t)?;
        if mcp_here {
            report.extend(unmerge_mcp_json(root, t)?);
        }
        Ok(report)
    })?;
    let mut edits = vec![hooks_edit];
    if !mcp_here {
        let heading = format!("{} MCP server in {}:", p.label, server_file.display());
        edits.push(match p.mcp {
            McpFile::Json { .. } => {
                edit_json(&server_file, heading, host, Op::Remove, t, |root| {
                    unmerge_mcp_json(root, t)
                })?
                .0
            }
            McpFile::Toml { .. } => plan_unmcp_toml(&server_file, heading, t)?,
        });
    }
    let mut notes = Vec::new();
    let settings = ws.join(".flowgate/config.toml");
    let mcp_on = std::fs::read_to_string(&settings)
        .ok()
        .and_then(|t| toml::from_str::<toml::Table>(&t).ok())
        .and_then(|d| d.get("mcp").and_then(toml::Value::as_bool))
        == Some(true);
    notes.push(format!(
        "{} is kept as it is (workflows, state, journal, settings){}",
        ws.join(".flowgate").display(),
        if mcp_on {
            format!(
                ". It still says `mcp = true`: once no host runs flowgate's MCP server, set it to false in {} so the context stops naming the tools.",
                settings.display()
            )
        } else {
            ".".to_string()
        }
    ));
    if host == Host::Codex && codex_toml_mentions_flowgate(ws) {
        notes.push(format!(
            "Note: the [hooks] in {} also mention flowgate; init never writes there, so take them out by hand if you no longer want them.",
            ws.join(".codex/config.toml").display()
        ));
    }
    Ok(Changes {
        edits,
        naming: Vec::new(),
        notes,
        next: Vec::new(),
    })
}

/// `added …` and so on: what happened to one item, for the report.
fn step_line(step: &Step, now: &str, kept: &str, t: Tense) -> String {
    match step {
        Step::Added => format!("{} `{now}`", t.pick("added", "would add")),
        Step::Kept => kept.to_string(),
        Step::Updated(old) => format!("{} `{old}` to `{now}`", t.pick("updated", "would update")),
        Step::Left(why) => why.clone(),
    }
}

/// Read a JSON config file (missing or empty: `{}`; Gemini's may hold
/// comments), let `change` edit it and report one `(what, line)` per item,
/// and plan writing it back when something changed. Returns the plan and
/// the file as it will be.
fn edit_json(
    file: &Path,
    heading: String,
    host: Host,
    op: Op,
    t: Tense,
    change: impl FnOnce(&mut Value) -> Result<Vec<(String, String)>, String>,
) -> Result<(Edit, Value), Failure> {
    let shown = file.display();
    let parsed = edit::read_json(file, host == Host::Gemini, op.by_hand())?;
    let mut root = parsed.root;
    let mut lines = vec![heading];
    if op == Op::Remove && parsed.old.is_none() {
        lines.push("  the file does not exist; nothing to remove".into());
        return Ok((Edit::untouched(file, lines), root));
    }
    let before = root.clone();
    let report = change(&mut root).map_err(|why| {
        Failure::config(format!(
            "{shown}: {why}; flowgate changed nothing (fix the file, or {})",
            op.by_hand()
        ))
    })?;
    for (what, line) in report {
        lines.push(format!("  {what}: {line}"));
    }
    if root == before && parsed.old.is_some() {
        lines.push(
            match (op, t.dry) {
                (Op::Remove, _) => "  nothing to remove; the file is left as it is",
                (Op::Install, false) => "  nothing changed; the file was not touched",
                (Op::Install, true) => "  unchanged: nothing to add",
            }
            .into(),
        );
        return Ok((Edit::untouched(file, lines), root));
    }
    let old = parsed.old.as_deref();
    let text = edit::pretty(&root, &edit::indent_of(old.unwrap_or("")));
    let mut edit = Edit::change(file, lines, old, text, t);
    if parsed.had_comments
        && let Some(bak) = edit.backup().map(Path::to_path_buf)
    {
        edit.lines.push(format!(
            "  {} (flowgate rewrites the JSON and cannot keep them); {} in the backup {}",
            t.pick(
                "its comments were not kept",
                "its comments would not be kept"
            ),
            t.pick("they are", "they would be"),
            bak.display()
        ));
    }
    Ok((edit, root))
}

fn command_for(p: &Plan, event: &str, exe: &str, host: Host) -> String {
    let kind = p
        .wants
        .iter()
        .find(|w| w.event == event)
        .map_or(EventKind::ToolCall, |w| w.kind);
    command(exe, kind, host)
}

/// How a report shows the server's command.
fn mcp_command(server: &str) -> String {
    format!("{} mcp", crate::shell::quote(server))
}

/// The MCP server entry flowgate registers.
fn mcp_entry(server: &str, typed: bool) -> Value {
    let mut e = Map::new();
    if typed {
        e.insert("type".into(), json!("stdio"));
    }
    e.insert("command".into(), json!(server));
    e.insert("args".into(), json!(["mcp"]));
    Value::Object(e)
}

/// Is `command` with `args` some flowgate binary serving MCP?
fn is_flowgate_server(command: Option<&str>, args: Option<&Value>) -> bool {
    let prog = command.and_then(|c| Path::new(c).file_name()?.to_str());
    prog == Some("flowgate") && args.and_then(|a| a.get(0)).and_then(Value::as_str) == Some("mcp")
}

/// "a server named flowgate is there and is not flowgate's".
fn foreign_server() -> String {
    format!(
        "a server named \"{}\" is already there and is not flowgate's; left as it is",
        crate::mcp::SERVER_NAME
    )
}

/// Add (or update) `mcpServers.flowgate` in a JSON config.
fn merge_mcp_json(root: &mut Value, server: &str, typed: bool) -> Result<Step, String> {
    let servers = root
        .as_object_mut()
        .ok_or("the file is not a JSON object")?
        .entry("mcpServers")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or("\"mcpServers\" is not an object")?;
    let Some(old) = servers.get_mut(crate::mcp::SERVER_NAME) else {
        servers.insert(crate::mcp::SERVER_NAME.into(), mcp_entry(server, typed));
        return Ok(Step::Added);
    };
    let command = old
        .get("command")
        .and_then(Value::as_str)
        .map(str::to_string);
    if !is_flowgate_server(command.as_deref(), old.get("args")) {
        return Ok(Step::Left(format!(
            "{} (flowgate's tools are exempt from phase rules only under that name)",
            foreign_server()
        )));
    }
    if command.as_deref() == Some(server) {
        return Ok(Step::Kept);
    }
    old["command"] = json!(server);
    Ok(Step::Updated(mcp_command(&command.unwrap_or_default())))
}

/// Take `mcpServers.flowgate` out of a JSON config when it is flowgate's
/// (and `mcpServers` too when nothing else is left in it).
fn unmerge_mcp_json(root: &mut Value, t: Tense) -> Result<Vec<(String, String)>, String> {
    let name = crate::mcp::SERVER_NAME;
    let obj = root
        .as_object_mut()
        .ok_or("the file is not a JSON object")?;
    let Some(servers) = obj.get_mut("mcpServers") else {
        return Ok(Vec::new());
    };
    let servers = servers
        .as_object_mut()
        .ok_or("\"mcpServers\" is not an object")?;
    let Some(entry) = servers.get(name) else {
        return Ok(Vec::new());
    };
    let command = entry.get("command").and_then(Value::as_str);
    if !is_flowgate_server(command, entry.get("args")) {
        return Ok(vec![(format!("mcpServers.{name}"), foreign_server())]);
    }
    let line = format!(
        "{} `{}`",
        t.pick("removed", "would remove"),
        mcp_command(command.unwrap_or_default())
    );
    servers.shift_remove(name);
    if servers.is_empty() {
        obj.shift_remove("mcpServers");
    }
    Ok(vec![(format!("mcpServers.{name}"), line)])
}

/// `s` as a TOML basic string.
pub(super) fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The comment lines before the table `mcp_toml` writes.
const MCP_TOML_INTRO: [&str; 2] = [
    "# flowgate's MCP tools (workflow_step, write_todos, edit_todos, list_todos),",
    "# added by `flowgate init --host codex`.",
];

/// The `[mcp_servers.flowgate]` table for Codex.
fn mcp_toml(server: &str) -> String {
    format!(
        "{}\n{}\n[mcp_servers.{}]\ncommand = {}\nargs = [\"mcp\"]\n",
        MCP_TOML_INTRO[0],
        MCP_TOML_INTRO[1],
        crate::mcp::SERVER_NAME,
        toml_string(server)
    )
}

/// `mcp_servers.flowgate` of a parsed TOML document: its command and args.
fn toml_server(doc: &toml::Table) -> Option<(Option<String>, Value)> {
    let entry = doc
        .get("mcp_servers")?
        .as_table()?
        .get(crate::mcp::SERVER_NAME)?;
    let as_json = serde_json::to_value(entry).unwrap_or(Value::Null);
    let command = as_json
        .get("command")
        .and_then(Value::as_str)
        .map(str::to_string);
    Some((command, as_json.get("args").cloned().unwrap_or(Value::Null)))
}

/// Parse a TOML config; an error names the file, line and column.
fn parse_toml(file: &Path, text: &str, by_hand: &str) -> Result<toml::Table, Failure> {
    let shown = file.display().to_string();
    toml::from_str::<toml::Table>(text).map_err(|e| {
        let mut r = crate::diag::Reader::new(&shown, text);
        r.parse();
        let why = r.diags.first().map_or_else(
            || {
                let (line, col) = r.position(e.span().map_or(0, |s| s.start));
                format!("{shown}:{line}:{col}: {}", e.message())
            },
            |d| d.to_string(),
        );
        Failure::config(format!(
            "{why}; flowgate changed nothing. Fix the file and run init again, or {by_hand}"
        ))
    })
}

/// Plan registering the server in Codex's TOML config by appending a
/// table, never by rewriting what is there. Also says whether the file
/// names the binary afterwards.
fn plan_mcp_toml(
    file: &Path,
    heading: String,
    server: &str,
    t: Tense,
) -> Result<(Edit, bool), Failure> {
    let name = crate::mcp::SERVER_NAME;
    let mut lines = vec![heading];
    let old = edit::read(file)?;
    let text = old.clone().unwrap_or_default();
    let doc = parse_toml(file, &text, "add the server by hand as the README shows")?;
    if let Some((command, args)) = toml_server(&doc) {
        let mine = command.as_deref() == Some(server) && args == json!(["mcp"]);
        lines.push(if mine {
            format!(
                "  {name}: already registered, kept\n  {}",
                t.pick(
                    "nothing changed; the file was not touched",
                    "unchanged: nothing to add"
                )
            )
        } else if is_flowgate_server(command.as_deref(), Some(&args)) {
            format!(
                "  {name}: registered as `{}`; flowgate does not rewrite TOML, so change its command to {} yourself",
                mcp_command(command.as_deref().unwrap_or("")),
                toml_string(server)
            )
        } else {
            format!("  {name}: {}", foreign_server())
        });
        return Ok((Edit::untouched(file, lines), mine));
    }
    let mut new = text.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    if !new.is_empty() {
        new.push('\n');
    }
    new.push_str(&mcp_toml(server));
    let meant = toml::from_str::<toml::Table>(&new)
        .ok()
        .and_then(|d| toml_server(&d))
        .is_some_and(|(c, a)| c.as_deref() == Some(server) && a == json!(["mcp"]));
    if !meant {
        lines.push(format!(
            "  {name}: the file defines mcp_servers in a way a new table cannot extend; add this yourself:\n{}",
            mcp_toml(server)
                .lines()
                .map(|l| format!("    {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ));
        return Ok((Edit::untouched(file, lines), false));
    }
    lines.push(format!(
        "  {name}: {} `{}`",
        t.pick("added", "would add"),
        mcp_command(server)
    ));
    Ok((Edit::change(file, lines, old.as_deref(), new, t), true))
}

/// `doc` without `mcp_servers.flowgate` (nor an `mcp_servers` left empty).
fn without_server(mut doc: toml::Table) -> toml::Table {
    if let Some(servers) = doc
        .get_mut("mcp_servers")
        .and_then(toml::Value::as_table_mut)
    {
        servers.remove(crate::mcp::SERVER_NAME);
        if servers.is_empty() {
            doc.remove("mcp_servers");
        }
    }
    doc
}

/// `text` with the `[mcp_servers.flowgate]` table cut out (with the
/// comment lines and the blank line init put before it), if what is left
/// is the same document without that server.
fn cut_mcp_table(text: &str, doc: &toml::Table) -> Option<String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let header = format!("[mcp_servers.{}]", crate::mcp::SERVER_NAME);
    let start = lines.iter().position(|l| l.trim() == header)?;
    // The table's keys: up to a blank line, a comment or the next header.
    let end = (start + 1..lines.len())
        .find(|&i| {
            let l = lines[i].trim();
            l.is_empty() || l.starts_with('#') || l.starts_with('[')
        })
        .unwrap_or(lines.len());
    let mut from = start;
    if from >= 2
        && lines[from - 2].trim_end() == MCP_TOML_INTRO[0]
        && lines[from - 1].trim_end() == MCP_TOML_INTRO[1]
    {
        from -= 2;
    }
    let blank_after = lines.get(end).is_none_or(|l| l.trim().is_empty());
    if from >= 1 && lines[from - 1].trim().is_empty() && blank_after {
        from -= 1;
    }
    let new: String = lines[..from].concat() + &lines[end..].concat();
    let left = toml::from_str::<toml::Table>(&new).ok()?;
    (without_server(left) == without_server(doc.clone())).then_some(new)
}

/// Plan taking `[mcp_servers.flowgate]` out of Codex's TOML config.
fn plan_unmcp_toml(file: &Path, heading: String, t: Tense) -> Result<Edit, Failure> {
    let name = crate::mcp::SERVER_NAME;
    let mut lines = vec![heading];
    let Some(text) = edit::read(file)? else {
        lines.push("  the file does not exist; nothing to remove".into());
        return Ok(Edit::untouched(file, lines));
    };
    let doc = parse_toml(
        file,
        &text,
        "take the [mcp_servers.flowgate] table out by hand",
    )?;
    let Some((command, args)) = toml_server(&doc) else {
        lines.push("  nothing to remove; the file is left as it is".into());
        return Ok(Edit::untouched(file, lines));
    };
    if !is_flowgate_server(command.as_deref(), Some(&args)) {
        lines.push(format!("  {name}: {}", foreign_server()));
        lines.push("  nothing to remove; the file is left as it is".into());
        return Ok(Edit::untouched(file, lines));
    }
    let Some(new) = cut_mcp_table(&text, &doc) else {
        lines.push(format!(
            "  {name}: the [mcp_servers.{name}] table is not laid out as init writes it, so flowgate cannot take it out safely; remove it yourself"
        ));
        return Ok(Edit::untouched(file, lines));
    };
    lines.push(format!(
        "  {name}: {} `{}`",
        t.pick("removed", "would remove"),
        mcp_command(command.as_deref().unwrap_or(""))
    ));
    Ok(Edit::change(file, lines, Some(&text), new, t))
}

/// Plan turning on the `mcp` setting in `.flowgate/config.toml`, so the
/// context names the tools: a new file, or `mcp = true` added among the
/// top-level keys. An existing `mcp` is the user's.
fn plan_mcp_setting(ws: &Path, t: Tense) -> Result<Edit, Failure> {
    let file = ws.join(".flowgate/config.toml");
    let shown = file.display().to_string();
    let head = format!("flowgate setting in {shown}:");
    let old = edit::read(&file)?;
    let keep = |line: String| Ok(Edit::untouched(&file, vec![head.clone(), line]));
    let new = match &old {
        None => "# flowgate settings (README, \"Settings\").\n\n# The host runs `flowgate mcp`: the context names its tools.\nmcp = true\n".to_string(),
        Some(text) => {
            let Ok(doc) = toml::from_str::<toml::Table>(text) else {
                return keep("  the file does not parse (`flowgate validate` says why); add `mcp = true` once it does".into());
            };
            match doc.get("mcp").and_then(toml::Value::as_bool) {
                Some(true) => return keep("  mcp = true already, kept".into()),
                Some(false) => {
                    return keep(
                        "  mcp = false kept (yours); with `mcp = true` the context names the MCP tools".into(),
                    );
                }
                None => {}
            }
            // Top-level keys go before the first table header.
            let at = text
                .lines()
                .scan(0, |pos, l| {
                    let start = *pos;
                    *pos += l.len() + 1;
                    Some((start, l))
                })
                .find(|(_, l)| l.trim_start().starts_with('['))
                .map_or(text.len(), |(start, _)| start);
            // Right after the last top-level line, so blank lines and
            // comments before the tables stay where they were.
            let h = text[..at].trim_end().len();
            let t = if h == 0 {
                let gap = if text.trim().is_empty() { "" } else { "\n" };
                format!("mcp = true\n{gap}{text}")
            } else {
                let rest = if text[h..].is_empty() { "\n" } else { &text[h..] };
                format!("{}\nmcp = true{rest}", &text[..h])
            };
            let ok = toml::from_str::<toml::Table>(&t)
                .ok()
                .is_some_and(|d| d.get("mcp").and_then(toml::Value::as_bool) == Some(true));
            if !ok {
                return keep("  could not add `mcp = true` safely; add it yourself".into());
            }
            t
        }
    };
    let line = format!(
        "  mcp = true{} (the context names the MCP tools)",
        match (old.is_some(), t.dry) {
            (true, false) => " added",
            (true, true) => " would be added",
            (false, _) => "",
        }
    );
    Ok(Edit::change_own(
        &file,
        vec![head, line],
        old.as_deref(),
        new,
        t,
    ))
}

/// Does `.codex/config.toml` wire hooks that mention flowgate?
fn codex_toml_mentions_flowgate(ws: &Path) -> bool {
    std::fs::read_to_string(ws.join(".codex/config.toml"))
        .ok()
        .and_then(|t| toml::from_str::<toml::Table>(&t).ok())
        .and_then(|d| {
            d.get("hooks")
                .map(|h| serde_json::to_string(h).unwrap_or_default())
        })
        .is_some_and(|h| h.contains("flowgate"))
}

/// The last step on every host.
pub(super) fn doctor_step(ws: &Path) -> String {
    format!(
        "Run `flowgate doctor` in {}: it checks that every hook is wired once and runs this flowgate, that the host will run them (trust, switches), and makes one live call.",
        ws.display()
    )
}

/// Warnings about the host's config, and what the user must still do for
/// the hooks and the server to run, in order.
fn next_steps(ws: &Path, host: Host, root: &Value) -> (Vec<String>, Vec<String>) {
    let dir = ws.display();
    let mut notes = Vec::new();
    let mut next = Vec::new();
    match host {
        Host::Claude => {
            next.push(format!(
                "Start `claude` in {dir}: Claude Code reads hooks when a session starts, so restart sessions that are already running (`/hooks` shows what is active)."
            ));
            next.push("Approve flowgate's MCP server when Claude Code asks about the project's servers in .mcp.json (or in `/mcp`). For `claude -p`, approve it beforehand, for instance with `\"enabledMcpjsonServers\": [\"flowgate\"]` in .claude/settings.local.json.".to_string());
        }
        Host::Codex => {
            next.push(format!(
                "Trust this project: Codex skips untrusted project hooks silently, and reads the MCP servers in .codex/config.toml only in a trusted project. Answer Codex's prompt when you start `codex` in {dir}, run `codex exec --trust`, or add `[projects.\"{dir}\"]` with `trust_level = \"trusted\"` to ~/.codex/config.toml."
            ));
            next.push("Trust each flowgate hook: open `/hooks` in the Codex TUI and approve them (again whenever they change). For `codex exec` in CI, where no one can approve them, pass `--dangerously-bypass-hook-trust`. Older Codex builds also need `[features] codex_hooks = true` in ~/.codex/config.toml.".to_string());
            next.push("Turn on Codex's todo tool `update_plan` (flowgate mirrors it into its todos): `[tools.update_plan]` with `enabled = true` in ~/.codex/config.toml. `codex mcp list` shows whether flowgate's server is there.".to_string());
            if codex_toml_mentions_flowgate(ws) {
                notes.push(format!(
                    "Note: {} also mentions flowgate; if it wires the same events, remove them there so each hook runs once.",
                    ws.join(".codex/config.toml").display()
                ));
            }
        }
        Host::Gemini => {
            if root.pointer("/hooksConfig/enabled") == Some(&Value::Bool(false)) {
                notes.push("Warning: this file sets hooksConfig.enabled = false, so Gemini will not run any hook until you enable it.".to_string());
            }
            next.push(format!(
                "Trust this folder: Gemini CLI runs a project's hooks only in a trusted folder. Trust it when Gemini CLI asks as you start `gemini` in {dir}, or add `\"{dir}\": \"TRUST_FOLDER\"` to ~/.gemini/trustedFolders.json (headless `gemini -p` refuses an untrusted folder, and `--skip-trust` runs without the project's hooks). Hooks are on by default since v0.27; older builds need `\"hooksConfig\": {{\"enabled\": true}}` (or `tools.enableHooks`)."
            ));
            next.push("Gemini CLI asks before each MCP tool call unless the server is trusted: add `\"trust\": true` to mcpServers.flowgate to let flowgate's tools run without asking.".to_string());
        }
        Host::Codewhale => {}
    }
    next.push(doctor_step(ws));
    (notes, next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_its_own_hooks() {
        let k = EventKind::ToolCall;
        assert!(is_flowgate_hook(
            "flowgate tool_call --host claude",
            k,
            Host::Claude
        ));
        assert!(is_flowgate_hook(
            "'/opt/x y/flowgate' PreToolUse",
            k,
            Host::Claude
        ));
        assert!(is_flowgate_hook(
            "/usr/bin/flowgate tool_call --host=claude",
            k,
            Host::Claude
        ));
        assert!(!is_flowgate_hook(
            "flowgate tool_call --host codex",
            k,
            Host::Claude
        ));
        assert!(!is_flowgate_hook(
            "flowgate agent_end --host claude",
            k,
            Host::Claude
        ));
        assert!(!is_flowgate_hook("./lint.sh tool_call", k, Host::Claude));
    }

    #[test]
    fn merge_appends_once_and_keeps_the_rest() {
        let mut root = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint.sh"}]}]}});
        let first = merge(&mut root, &CLAUDE, "flowgate", Host::Claude).unwrap();
        assert!(first.iter().all(|(_, s)| matches!(s, Step::Added)));
        assert_eq!(root["hooks"]["PreToolUse"].as_array().unwrap().len(), 2);
        assert_eq!(
            root["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
            "./lint.sh"
        );
        let again = root.clone();
        let second = merge(&mut root, &CLAUDE, "flowgate", Host::Claude).unwrap();
        assert!(second.iter().all(|(_, s)| matches!(s, Step::Kept)));
        assert_eq!(root, again);
        let third = merge(&mut root, &CLAUDE, "/new/flowgate", Host::Claude).unwrap();
        assert!(third.iter().all(|(_, s)| matches!(s, Step::Updated(_))));
    }

    #[test]
    fn recognises_a_program_quoted_for_the_shell() {
        let exe = crate::shell::quote("/tmp/it's \"here\" \\ now/flowgate");
        let cmd = command(&exe, EventKind::ToolCall, Host::Claude);
        assert!(is_flowgate_hook(&cmd, EventKind::ToolCall, Host::Claude));
        assert!(!is_flowgate_hook(&cmd, EventKind::AgentEnd, Host::Claude));
        assert!(is_flowgate_hook(
            "$HOME/bin/flowgate tool_call --host claude",
            EventKind::ToolCall,
            Host::Claude
        ));
    }

    #[test]
    fn unmerge_takes_out_only_flowgate_and_what_it_emptied() {
        let original = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./lint.sh"}]}]}});
        let mut root = original.clone();
        merge(&mut root, &CLAUDE, "'/a b/flowgate'", Host::Claude).unwrap();
        // A flowgate hook beside another in one group: only it goes.
        root["hooks"]["Notification"] = json!([{"hooks": [{"type": "command", "command": "notify"}, {"type": "command", "command": "flowgate agent_end --host claude"}]}]);
        let t = Tense { dry: false };
        let report = unmerge(&mut root, Host::Claude, t).unwrap();
        assert_eq!(report.len(), 5, "{report:?}");
        let mut want = original.clone();
        want["hooks"]["Notification"] =
            json!([{"hooks": [{"type": "command", "command": "notify"}]}]);
        assert_eq!(root, want);
        assert_eq!(
            serde_json::to_string(&root).unwrap(),
            serde_json::to_string(&want).unwrap(),
            "key order kept"
        );
        // Other hosts' flowgate hooks stay.
        let mut codex = json!({"hooks": {"Stop": [{"hooks": [{"command": "flowgate agent_end --host codex"}]}]}});
        assert!(unmerge(&mut codex, Host::Claude, t).unwrap().is_empty());
        // A file with only flowgate's hooks ends up empty.
        let mut only = json!({});
        merge(&mut only, &GEMINI, "flowgate", Host::Gemini).unwrap();
        unmerge(&mut only, Host::Gemini, t).unwrap();
        assert_eq!(only, json!({}));
    }

    #[test]
    fn the_codex_table_is_cut_out_again() {
        let mine = "model = \"o3\" # mine\n\n[mcp_servers.github]\ncommand = \"gh-mcp\"\n";
        let with = format!("{mine}\n{}", mcp_toml("/opt/flowgate"));
        let doc: toml::Table = toml::from_str(&with).unwrap();
        assert_eq!(cut_mcp_table(&with, &doc).as_deref(), Some(mine));
        // A table that continues after a comment is not cut blindly.
        let odd = format!("{with}# more\nenv = {{ A = \"1\" }}\n");
        let doc: toml::Table = toml::from_str(&odd).unwrap();
        assert_eq!(cut_mcp_table(&odd, &doc), None);
    }

    #[test]
    fn toml_strings_are_escaped() {
        assert_eq!(toml_string("/opt/flowgate"), "\"/opt/flowgate\"");
        assert_eq!(toml_string("C:\\a \"b\""), "\"C:\\\\a \\\"b\\\"\"");
        let s = toml_string("x\ny");
        let doc: toml::Table = toml::from_str(&format!("k = {s}")).unwrap();
        assert_eq!(doc["k"].as_str(), Some("x\ny"));
    }

    #[test]
    fn the_mcp_entry_is_added_kept_updated_or_left() {
        let mut root = json!({"mcpServers": {"other": {"command": "x"}}});
        assert!(matches!(
            merge_mcp_json(&mut root, "flowgate", true).unwrap(),
            Step::Added
        ));
        assert_eq!(
            root["mcpServers"]["flowgate"],
            json!({"type": "stdio", "command": "flowgate", "args": ["mcp"]})
        );
        assert!(matches!(
            merge_mcp_json(&mut root, "flowgate", true).unwrap(),
            Step::Kept
        ));
        assert!(matches!(
            merge_mcp_json(&mut root, "/new/flowgate", true).unwrap(),
            Step::Updated(_)
        ));
        assert_eq!(root["mcpServers"]["flowgate"]["command"], "/new/flowgate");
        let mut foreign =
            json!({"mcpServers": {"flowgate": {"command": "node", "args": ["x.js"]}}});
        let before = foreign.clone();
        assert!(matches!(
            merge_mcp_json(&mut foreign, "flowgate", false).unwrap(),
            Step::Left(_)
        ));
        assert_eq!(foreign, before);
        assert!(merge_mcp_json(&mut json!({"mcpServers": []}), "flowgate", false).is_err());
    }
}
