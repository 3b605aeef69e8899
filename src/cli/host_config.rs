//! `flowgate init --host claude|codex|gemini`: merge flowgate's hooks into
//! the host's JSON hook config in the workspace (`.claude/settings.json`,
//! `.codex/hooks.json`, `.gemini/settings.json`), register flowgate's MCP
//! server where the host reads the project's servers (`.mcp.json`,
//! `[mcp_servers.flowgate]` in `.codex/config.toml`, `mcpServers` in
//! `.gemini/settings.json`), and turn on the `mcp` setting so the context
//! names the tools.
//!
//! The merge keeps every existing setting and hook: keys keep their order
//! (serde_json's `preserve_order`) and values their meaning; only the
//! whitespace may change, and the file's indentation is reused. A flowgate
//! hook already wired for an event is kept (its command is updated if the
//! binary moved); a missing one is appended after the others. When nothing
//! changes the file is not touched, so a second run is a no-op. Before a
//! change the old file is copied to `<file>.flowgate.bak` (never over an
//! older backup), and the new one replaces it atomically. A TOML file is
//! only ever appended to (a new `[mcp_servers.flowgate]` table), and only
//! when the result still parses and says what flowgate meant.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value, json};

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

/// The shell command a hook runs: `<exe> <event> --host <host>`.
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

/// Is `cmd` a flowgate hook for `kind` (and this host, or no `--host`)?
pub(super) fn is_flowgate_hook(cmd: &str, kind: EventKind, host: Host) -> bool {
    let cmd = cmd.trim_start();
    // The program may be quoted (a path with spaces); the rest is plain words.
    let (first, rest) = match cmd.chars().next() {
        Some(q @ ('\'' | '"')) => match cmd[1..].split_once(q) {
            Some((prog, rest)) => (prog, rest),
            None => return false,
        },
        _ => cmd.split_once(char::is_whitespace).unwrap_or((cmd, "")),
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let prog = Path::new(first).file_name().and_then(|n| n.to_str());
    if prog != Some("flowgate") {
        return false;
    }
    let event = words.iter().any(|w| EventKind::parse(w) == Some(kind));
    let named_host = words.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("--host=").or_else(|| {
            (*w == "--host")
                .then(|| words.get(i + 1).copied())
                .flatten()
        })
    });
    event && named_host.is_none_or(|h| Host::parse(h) == Some(host))
}

/// What happened to one event's hook (or to the MCP server entry).
enum Step {
    Added,
    Kept,
    Updated(String),
    /// Left as it is, and why (the user decides).
    Left(String),
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

/// The indentation of the first indented line, to write the file back in
/// its own style (two spaces for a new file).
fn indent_of(text: &str) -> Vec<u8> {
    text.lines()
        .skip(1)
        .find_map(|l| {
            let ws: String = l.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            (!ws.is_empty() && ws.len() < l.len()).then_some(ws)
        })
        .unwrap_or_else(|| "  ".into())
        .into_bytes()
}

fn pretty(v: &Value, indent: &[u8]) -> String {
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    v.serialize(&mut ser)
        .expect("a JSON value always serialises");
    let mut s = String::from_utf8(out).expect("serde_json writes UTF-8");
    s.push('\n');
    s
}

/// `<file>.flowgate.bak`, or `.flowgate.bak.2`, … if that exists.
fn backup_path(file: &Path) -> PathBuf {
    let base = format!("{}.flowgate.bak", file.display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    while candidate.exists() {
        candidate = PathBuf::from(format!("{base}.{n}"));
        n += 1;
    }
    candidate
}

fn write_atomic(file: &Path, text: &str, like: Option<&std::fs::Metadata>) -> std::io::Result<()> {
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let tmp = tempfile::NamedTempFile::new_in(dir)?;
    std::fs::write(tmp.path(), text)?;
    if let Some(meta) = like {
        std::fs::set_permissions(tmp.path(), meta.permissions())?;
    }
    tmp.persist(file).map_err(|e| e.error)?;
    Ok(())
}

/// Merge flowgate's hooks into `host`'s config under `ws` and register its
/// MCP server (run as `server`, a program path, no shell quoting); returns
/// the report to print. `None` for CodeWhale (its config is printed
/// instead).
pub fn install(ws: &Path, host: Host, exe: &str, server: &str) -> Option<Result<String, Failure>> {
    let p = plan(host)?;
    Some(install_plan(ws, host, p, exe, server))
}

fn install_plan(
    ws: &Path,
    host: Host,
    p: &Plan,
    exe: &str,
    server: &str,
) -> Result<String, Failure> {
    let mcp_here = matches!(p.mcp, McpFile::Json { file, .. } if file == p.file);
    let mut lines = vec![format!(
        "{} hooks{} in {}:",
        p.label,
        if mcp_here { " and MCP server" } else { "" },
        ws.join(p.file).display()
    )];
    let root = edit_json(&ws.join(p.file), &mut lines, |root| {
        let mut report = Vec::new();
        for (event, step) in merge(root, p, exe, host)? {
            report.push((
                event.clone(),
                step_line(
                    &step,
                    &command_for(p, &event, exe, host),
                    "already wired, kept",
                ),
            ));
        }
        if let McpFile::Json { typed, .. } = p.mcp
            && mcp_here
        {
            let step = merge_mcp_json(root, server, typed)?;
            report.push((
                format!("mcpServers.{}", crate::mcp::SERVER_NAME),
                step_line(&step, &mcp_command(server), "already registered, kept"),
            ));
        }
        Ok(report)
    })?;
    if !mcp_here {
        let file = match p.mcp {
            McpFile::Json { file, .. } | McpFile::Toml { file } => ws.join(file),
        };
        lines.push(String::new());
        lines.push(format!("{} MCP server in {}:", p.label, file.display()));
        match p.mcp {
            McpFile::Json { typed, .. } => {
                edit_json(&file, &mut lines, |root| {
                    let step = merge_mcp_json(root, server, typed)?;
                    Ok(vec![(
                        crate::mcp::SERVER_NAME.to_string(),
                        step_line(&step, &mcp_command(server), "already registered, kept"),
                    )])
                })?;
            }
            McpFile::Toml { .. } => append_mcp_toml(&file, server, &mut lines)?,
        }
    }
    lines.push(String::new());
    lines.push(enable_mcp_setting(ws)?);
    lines.extend(notes(ws, host, &root).into_iter().map(|n| format!("\n{n}")));
    Ok(lines.join("\n"))
}

/// `added …` and so on: what happened to one item, for the report.
fn step_line(step: &Step, now: &str, kept: &str) -> String {
    match step {
        Step::Added => format!("added `{now}`"),
        Step::Kept => kept.to_string(),
        Step::Updated(old) => format!("updated `{old}` to `{now}`"),
        Step::Left(why) => why.clone(),
    }
}

/// Read a JSON config file (missing or empty: `{}`), let `change` edit it
/// and report one `(what, line)` per item, and write it back only when
/// something changed, after a backup. Returns the file as it is now.
fn edit_json(
    file: &Path,
    lines: &mut Vec<String>,
    change: impl FnOnce(&mut Value) -> Result<Vec<(String, String)>, String>,
) -> Result<Value, Failure> {
    let shown = file.display().to_string();
    let old = match std::fs::read_to_string(file) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Failure::runtime(format!("cannot read {shown}: {e}"))),
    };
    let mut root = match old.as_deref().map(str::trim) {
        None | Some("") => Value::Object(Map::new()),
        Some(t) => serde_json::from_str::<Value>(t).map_err(|e| {
            Failure::config(format!(
                "{shown}:{}:{}: {e}; flowgate changed nothing (fix the file, or add the entries by hand as the README shows)",
                e.line(),
                e.column()
            ))
        })?,
    };
    let before = root.clone();
    let report = change(&mut root)
        .map_err(|why| Failure::config(format!("{shown}: {why}; flowgate changed nothing")))?;
    for (what, line) in report {
        lines.push(format!("  {what}: {line}"));
    }
    if root == before && old.is_some() {
        lines.push("  nothing changed; the file was not touched".into());
        return Ok(root);
    }
    let meta = std::fs::metadata(file).ok();
    match &old {
        Some(_) => {
            let bak = backup(file)?;
            lines.push(format!(
                "  backed up the previous file to {}",
                bak.display()
            ));
        }
        None => lines.push(format!("  created {shown}")),
    }
    let text = pretty(&root, &indent_of(old.as_deref().unwrap_or("")));
    write_atomic(file, &text, meta.as_ref())
        .map_err(|e| Failure::runtime(format!("cannot write {shown}: {e}")))?;
    Ok(root)
}

/// Copy `file` to a fresh `<file>.flowgate.bak[.n]`.
fn backup(file: &Path) -> Result<PathBuf, Failure> {
    let bak = backup_path(file);
    std::fs::copy(file, &bak).map_err(|e| {
        Failure::runtime(format!(
            "cannot back up {} to {}: {e}",
            file.display(),
            bak.display()
        ))
    })?;
    Ok(bak)
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
            "a server named \"{}\" is already there and is not flowgate's; left as it is (flowgate's tools are exempt from phase rules only under that name)",
            crate::mcp::SERVER_NAME
        )));
    }
    if command.as_deref() == Some(server) {
        return Ok(Step::Kept);
    }
    old["command"] = json!(server);
    Ok(Step::Updated(mcp_command(&command.unwrap_or_default())))
}

/// `s` as a TOML basic string.
fn toml_string(s: &str) -> String {
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

/// The `[mcp_servers.flowgate]` table for Codex.
fn mcp_toml(server: &str) -> String {
    format!(
        "# flowgate's MCP tools (workflow_step, write_todos, edit_todos, list_todos),\n# added by `flowgate init --host codex`.\n[mcp_servers.{}]\ncommand = {}\nargs = [\"mcp\"]\n",
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

/// Register the server in Codex's TOML config by appending a table, never
/// by rewriting what is there.
fn append_mcp_toml(file: &Path, server: &str, lines: &mut Vec<String>) -> Result<(), Failure> {
    let shown = file.display().to_string();
    let name = crate::mcp::SERVER_NAME;
    let by_hand = |why: &str| {
        format!(
            "  {name}: {why}; add this yourself:\n{}",
            mcp_toml(server)
                .lines()
                .map(|l| format!("    {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        )
    };
    let old = match std::fs::read_to_string(file) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Failure::runtime(format!("cannot read {shown}: {e}"))),
    };
    let text = old.clone().unwrap_or_default();
    let doc = match toml::from_str::<toml::Table>(&text) {
        Ok(d) => d,
        Err(_) => {
            let mut r = crate::diag::Reader::new(&shown, &text);
            r.parse();
            let why = r
                .diags
                .first()
                .map_or_else(|| "the file does not parse".to_string(), |d| d.to_string());
            return Err(Failure::config(format!(
                "{why}; flowgate changed nothing (fix the file, or add the server by hand as the README shows)"
            )));
        }
    };
    if let Some((command, args)) = toml_server(&doc) {
        lines.push(if command.as_deref() == Some(server) && args == json!(["mcp"]) {
            format!("  {name}: already registered, kept\n  nothing changed; the file was not touched")
        } else if is_flowgate_server(command.as_deref(), Some(&args)) {
            format!(
                "  {name}: registered as `{}`; flowgate does not rewrite TOML, so change its command to {} yourself",
                mcp_command(command.as_deref().unwrap_or("")),
                toml_string(server)
            )
        } else {
            format!(
                "  {name}: a server named \"{name}\" is already there and is not flowgate's; left as it is"
            )
        });
        return Ok(());
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
        lines.push(by_hand(
            "the file defines mcp_servers in a way a new table cannot extend",
        ));
        return Ok(());
    }
    lines.push(format!("  {name}: added `{}`", mcp_command(server)));
    let meta = std::fs::metadata(file).ok();
    if old.is_some() {
        let bak = backup(file)?;
        lines.push(format!(
            "  backed up the previous file to {}",
            bak.display()
        ));
    } else {
        lines.push(format!("  created {shown}"));
    }
    write_atomic(file, &new, meta.as_ref())
        .map_err(|e| Failure::runtime(format!("cannot write {shown}: {e}")))?;
    Ok(())
}

/// Turn on the `mcp` setting in `.flowgate/config.toml`, so the context
/// names the tools: a new file, or `mcp = true` added among the top-level
/// keys. Returns the report's line; an existing `mcp` is the user's.
fn enable_mcp_setting(ws: &Path) -> Result<String, Failure> {
    let file = ws.join(".flowgate/config.toml");
    let shown = file.display().to_string();
    let head = format!("flowgate setting in {shown}:");
    let old = match std::fs::read_to_string(&file) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Failure::runtime(format!("cannot read {shown}: {e}"))),
    };
    let new = match &old {
        None => "# flowgate settings (README, \"Settings\").\n\n# The host runs `flowgate mcp`: the context names its tools.\nmcp = true\n".to_string(),
        Some(text) => {
            let Ok(doc) = toml::from_str::<toml::Table>(text) else {
                return Ok(format!("{head}\n  the file does not parse (`flowgate validate` says why); add `mcp = true` once it does"));
            };
            match doc.get("mcp").and_then(toml::Value::as_bool) {
                Some(true) => return Ok(format!("{head}\n  mcp = true already, kept")),
                Some(false) => {
                    return Ok(format!(
                        "{head}\n  mcp = false kept (yours); with `mcp = true` the context names the MCP tools"
                    ));
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
                return Ok(format!("{head}\n  could not add `mcp = true` safely; add it yourself"));
            }
            t
        }
    };
    let meta = std::fs::metadata(&file).ok();
    write_atomic(&file, &new, meta.as_ref())
        .map_err(|e| Failure::runtime(format!("cannot write {shown}: {e}")))?;
    Ok(format!(
        "{head}\n  mcp = true {} (the context names the MCP tools)",
        if old.is_some() {
            "added"
        } else {
            "set in a new file"
        }
    ))
}

/// What the user must still do for the hooks and the server to run.
fn notes(ws: &Path, host: Host, root: &Value) -> Vec<String> {
    let mut notes = Vec::new();
    match host {
        Host::Claude => {
            notes.push(
                "Claude Code reads hooks when a session starts: restart running sessions (`/hooks` shows what is active).".to_string(),
            );
            notes.push("Claude Code asks you to approve a project's MCP servers from .mcp.json when a session starts (or in `/mcp`). For `claude -p`, approve it beforehand, for instance with `\"enabledMcpjsonServers\": [\"flowgate\"]` in .claude/settings.local.json.".to_string());
        }
        Host::Codex => {
            notes.push(format!(
                "Codex skips untrusted project hooks silently. Trust this project (answer Codex's prompt, `codex exec --trust`, or add `[projects.\"{}\"]` with `trust_level = \"trusted\"` to ~/.codex/config.toml), then trust each flowgate hook: open `/hooks` in the Codex TUI and approve them (again whenever they change). For `codex exec` in CI, where no one can approve them, pass `--dangerously-bypass-hook-trust`. Older Codex builds also need `[features] codex_hooks = true` in ~/.codex/config.toml.",
                ws.display()
            ));
            notes.push("Codex's todo tool `update_plan` (mirrored into flowgate's todos) is offered only with `[tools.update_plan]` `enabled = true` in ~/.codex/config.toml.".to_string());
            notes.push("Codex reads the MCP servers in .codex/config.toml only in a trusted project; `codex mcp list` shows whether flowgate is there.".to_string());
            let toml = ws.join(".codex/config.toml");
            let hooks_mention_flowgate = std::fs::read_to_string(&toml)
                .ok()
                .and_then(|t| toml::from_str::<toml::Table>(&t).ok())
                .and_then(|d| {
                    d.get("hooks")
                        .map(|h| serde_json::to_string(h).unwrap_or_default())
                })
                .is_some_and(|h| h.contains("flowgate"));
            if hooks_mention_flowgate {
                notes.push(format!(
                    "Note: {} also mentions flowgate; if it wires the same events, remove them there so each hook runs once.",
                    toml.display()
                ));
            }
        }
        Host::Gemini => {
            notes.push("Gemini CLI runs project hooks only in a trusted folder. Hooks are on by default since v0.27; older builds need `\"hooksConfig\": {\"enabled\": true}` (or `tools.enableHooks`).".to_string());
            if root.pointer("/hooksConfig/enabled") == Some(&Value::Bool(false)) {
                notes.push("Warning: this file sets hooksConfig.enabled = false, so Gemini will not run any hook until you enable it.".to_string());
            }
            notes.push("Gemini CLI asks before each MCP tool call unless the server is trusted: add `\"trust\": true` to mcpServers.flowgate to let flowgate's tools run without asking.".to_string());
        }
        Host::Codewhale => {}
    }
    notes
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
    fn indentation_is_reused() {
        assert_eq!(indent_of("{\n    \"a\": 1\n}"), b"    ");
        assert_eq!(indent_of("{\n\t\"a\": 1\n}"), b"\t");
        assert_eq!(indent_of("{}"), b"  ");
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
