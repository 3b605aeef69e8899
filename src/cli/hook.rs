//! The hook events: read the host's input, decide, answer in the host's
//! format. The only place the hot path lives.
//!
//! Read-only events take no lock: the state is read once, and only when the
//! core asks for a write is the lock taken, the state re-read and the event
//! decided again on it, so concurrent hooks never lose an update.

use std::io::{IsTerminal, Read};
use std::path::Path;

use super::Output;
use crate::app::{App, resolve_workspace};
use crate::engine::decide::{Ctx, Outcome, decide};
use crate::engine::event::{Decision, Event, EventKind};
use crate::engine::failure::{self, Fallback, RunKnown};
use crate::exit::Failure;
use crate::host::{self, Answer, HookInput, Host};
use crate::journal;
use crate::store::{Durability, Snapshot};

/// stdin's bytes (nothing from a terminal).
fn read_stdin() -> std::io::Result<Vec<u8>> {
    let stdin = std::io::stdin();
    // Room for a long message at once: growing from nothing reads a big
    // payload in a dozen small reads, each copying what came before.
    let mut bytes = Vec::with_capacity(64 * 1024);
    if !stdin.is_terminal() {
        stdin.lock().read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// stdin as text. Invalid UTF-8 is a malformed payload, reported in the
/// host's own shape once the host is known (hence the lossy copy).
fn decode(stdin: std::io::Result<Vec<u8>>) -> (String, Option<Failure>) {
    let bytes = match stdin {
        Ok(b) => b,
        Err(e) => {
            return (
                String::new(),
                Some(Failure::input(format!("cannot read stdin: {e}"))),
            );
        }
    };
    match String::from_utf8(bytes) {
        Ok(s) => (s, None),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            (
                text,
                Some(Failure::input(format!(
                    "stdin is not valid UTF-8 (byte {at}); the payload must be UTF-8 JSON"
                ))),
            )
        }
    }
}

/// An environment variable; a value that is not UTF-8 is read lossily
/// (U+FFFD for each bad sequence), so an adapter can say it is malformed
/// instead of "not set".
fn env(name: &str) -> Option<String> {
    std::env::var_os(name).map(|v| {
        v.into_string()
            .unwrap_or_else(|v| v.to_string_lossy().into_owned())
    })
}

/// Whether this call's input is on stdin. CodeWhale's `tool_call_before`
/// passes everything in the environment and may leave stdin open (a pipe
/// nobody closes): reading it would wait for nothing.
fn reads_stdin(kind: EventKind, host: Option<&str>) -> bool {
    if kind != EventKind::ToolCall {
        return true;
    }
    match host {
        Some(h) => Host::parse(h) != Some(Host::Codewhale),
        None => !["DEEPSEEK_TOOL_NAME", "CODEWHALE_TOOL_NAME"]
            .iter()
            .any(|k| std::env::var_os(k).is_some_and(|v| !v.is_empty())),
    }
}

/// A failed hook call, with the decision made before its write failed.
struct HookError {
    failure: Failure,
    decided: Option<Box<Decided>>,
}

impl From<Failure> for HookError {
    fn from(failure: Failure) -> Self {
        HookError {
            failure,
            decided: None,
        }
    }
}

/// What one hook call decided, before the host's shape.
struct Decided {
    decision: Decision,
    note: String,
    subject: Option<String>,
    /// Told to the agent and the user beside the answer (see `Outcome`).
    notice: Option<String>,
}

/// A hook call of this process: stdin and the environment as they are.
pub fn run(flag: Option<&Path>, kind: EventKind, host: Option<&str>) -> Output {
    crate::app::exit_after_this_call();
    let stdin = if reads_stdin(kind, host) {
        read_stdin()
    } else {
        Ok(Vec::new())
    };
    respond(flag, kind, host, stdin, &env)
}

/// Answer one hook call given its stdin and environment (what `run` does,
/// callable in-process by tests).
pub fn respond(
    flag: Option<&Path>,
    kind: EventKind,
    host: Option<&str>,
    stdin: std::io::Result<Vec<u8>>,
    env: crate::host::Env<'_>,
) -> Output {
    let (stdin, unreadable) = decode(stdin);
    // Detecting the host parses the payload: only when `--host` does not
    // name it. A typo in the hook config must not open the gate: it is a
    // failure like any other, answered in the shape the payload suggests.
    let (host, bad_host) = match host.map(|h| (h, Host::parse(h))) {
        None => (Host::detect(&stdin), None),
        Some((_, Some(h))) => (h, None),
        Some((h, None)) => (
            Host::detect(&stdin),
            Some(Failure::usage(format!(
                "unknown host \"{h}\"; use codewhale, claude, codex or gemini"
            ))),
        ),
    };
    let input = match unreadable.or(bad_host) {
        Some(f) => Err(f),
        None => host::read(host, kind, stdin, env).map_err(Failure::input),
    };
    let workspace = resolve_workspace(
        flag,
        input.as_ref().ok().and_then(|i| i.workspace.as_deref()),
    );
    let app = App::open(workspace.clone());
    let session = input.as_ref().ok().and_then(|i| i.session.clone());
    // The user's message, for a host whose answer restates it.
    let (result, user_text) = match (&app, input) {
        (Err(f), _) => (Err(Failure::new(f.status, f.message.clone()).into()), None),
        (_, Err(f)) => (Err(f.into()), None),
        (Ok(app), Ok(input)) => (handle(app, host, &input), input.into_message()),
    };
    let (answer, decision, reason, tool) = match result {
        Ok(d) => {
            let mut answer = host::answer(host, kind, &d.decision, user_text.as_deref());
            if let Some(n) = &d.notice {
                answer = host::with_notice(host, kind, answer, n);
            }
            let reason = match &d.decision {
                Decision::Deny(r) | Decision::BlockMessage(r) | Decision::Continue(r) => r.clone(),
                _ => d.note,
            };
            (answer, d.decision.label().to_string(), reason, d.subject)
        }
        Err(HookError {
            failure: f,
            decided,
        }) => {
            let on_error = app.as_ref().ok().and_then(|a| a.settings.on_error);
            let run = run_known(&workspace);
            let made = decided.as_ref().map(|d| &d.decision);
            match failure::on_failure(kind, on_error, run, &f.message, made) {
                Fallback::Keep => {
                    let d = decided.expect("Keep comes with a decision");
                    let answer = host::answer(host, kind, &d.decision, user_text.as_deref());
                    // Allowed, but what it changed was not stored: say so
                    // to the agent and the user, never only to the journal.
                    let answer = host::with_notice(
                        host,
                        kind,
                        answer,
                        &format!(
                            "flowgate could not record this ({}): {}",
                            d.note,
                            f.message.replace('\n', " ")
                        ),
                    );
                    let note = format!("{}; not recorded: {}", d.note, f.message);
                    (answer, d.decision.label().to_string(), note, d.subject)
                }
                Fallback::Refuse(reason) => (
                    host::refuse(host, kind, f.status, &reason),
                    "error-deny".to_string(),
                    f.message,
                    None,
                ),
                Fallback::GoOn => {
                    let label = if kind == EventKind::ToolCall {
                        "error-allow"
                    } else {
                        "error"
                    };
                    (
                        host::error(host, kind, f.status, &f.message),
                        label.to_string(),
                        f.message,
                        None,
                    )
                }
            }
        }
    };
    // The journal skips a workspace without `.flowgate/`.
    let dir = workspace.join(".flowgate");
    let entry = journal::Entry {
        time: crate::time::now_iso(),
        event: kind.name().into(),
        host: host.name().into(),
        session,
        tool,
        decision,
        reason: reason
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(300)
            .collect(),
    };
    if let Err(e) = journal::append(&dir, &entry) {
        let mut a = answer;
        // Still one line: add to the error line, if there is one.
        a.stderr = if a.stderr.is_empty() {
            format!("flowgate: cannot write the journal: {e}")
        } else {
            format!(
                "{}; also cannot write the journal: {e}",
                a.stderr.trim_end()
            )
        };
        crate::app::release(app);
        return to_output(a);
    }
    crate::app::release(app);
    to_output(answer)
}

fn to_output(a: Answer) -> Output {
    Output {
        stdout: a.stdout,
        stderr: a.stderr,
        status: a.status,
    }
}

/// Whether a run is active, for the failure policy.
fn run_known(workspace: &Path) -> RunKnown {
    match crate::store::Store::new(workspace, 0).load() {
        Ok(s) if s.active_run().is_some() => RunKnown::Active,
        Ok(_) => RunKnown::Inactive,
        Err(_) => RunKnown::Unknown,
    }
}

/// The path of this binary, which the agent may use for its own commands.
fn this_exe() -> Option<String> {
    std::env::current_exe()
        .ok()
        .map(|p| p.display().to_string())
}

/// Decide one event: `@flow` commands, else the core's `decide`, written
/// under the lock when the core changed the state.
fn handle(app: &App, host: Host, input: &HookInput) -> Result<Decided, HookError> {
    if let Event::MessageSubmit { text, .. } = &input.event
        && let Some(args) = flow_command(text, &app.settings.command_prefix)
    {
        let (d, note) = super::start::flow_command(app, host, &args, input.session.clone());
        return Ok(Decided {
            decision: d,
            note,
            subject: None,
            notice: None,
        });
    }
    let groups = app.groups(host);
    // Only a shell command can name this binary by its path; looking it up
    // costs a syscall, so only tool calls pay it.
    let exe = matches!(input.event, Event::ToolCall(_))
        .then(this_exe)
        .flatten();
    let is_message = matches!(input.event, Event::MessageSubmit { .. });
    let (seen, corrupt) = match app.store.snapshot() {
        Ok(s) => (s, false),
        // A message is a change: the update below moves the state aside.
        Err(crate::store::StoreError::Corrupt { .. }) if is_message => (Snapshot::missing(), true),
        Err(e) => return Err(Failure::from(e).into()),
    };
    let state = &seen.state;
    let needs_stale_check = matches!(
        input.event,
        Event::MessageSubmit { .. } | Event::SessionStart { .. }
    );
    let stale = match (needs_stale_check, state.active_run()) {
        (true, Some(run)) => app.stale_notice(run),
        _ => None,
    };
    let resolve = |p: &str| crate::app::resolve_in_workspace(&app.workspace, p);
    let ctx = Ctx {
        settings: &app.settings,
        groups: &groups,
        tools: host.tools(),
        resolve: &resolve,
        stale: stale.as_deref(),
        exe: exe.as_deref(),
        max_message_chars: host.max_message_chars(),
        session: input.session.as_deref(),
    };
    let decided = |o: Outcome| Decided {
        decision: o.decision,
        note: o.note,
        subject: o.subject,
        notice: o.notice,
    };
    let mut first = decide(state, &input.event, &ctx);
    if first.state.is_none() && !corrupt {
        crate::app::release(seen);
        return Ok(decided(first));
    }
    // A write is needed. Under the lock: if the state did not change since
    // it was read, write what was decided; else decide again on the
    // freshest state, so concurrent hooks never lose an update. Hook writes
    // are not fsynced (see the store's doc on durability).
    let next = first.state.take();
    let fallback = Decided {
        decision: first.decision.clone(),
        note: first.note.clone(),
        subject: first.subject.clone(),
        notice: first.notice.clone(),
    };
    let updated = app.store.update_since(&seen, Durability::Relaxed, |fresh| {
        let Some((s, recovered)) = fresh else {
            return Ok::<_, Failure>((next, first));
        };
        let mut o = decide(&s, &input.event, &ctx);
        if let Some(r) = recovered {
            o.note = format!("{r}; {}", o.note);
            if is_message {
                o.decision = with_notice(o.decision, &format!("flowgate: {r}"));
            }
        }
        Ok((o.state.take(), o))
    });
    crate::app::release(seen);
    match updated {
        Ok(o) => Ok(decided(o)),
        Err(f) => Err(HookError {
            failure: f,
            decided: Some(Box::new(fallback)),
        }),
    }
}

/// Put a one-line notice at the top of the context (or make a block of it).
fn with_notice(decision: Decision, notice: &str) -> Decision {
    use crate::engine::text::{BLOCK_CLOSE, BLOCK_OPEN};
    match decision {
        Decision::AddContext(block) => Decision::AddContext(block.replacen(
            &format!("{BLOCK_OPEN}\n"),
            &format!("{BLOCK_OPEN}\n{notice}\n\n"),
            1,
        )),
        Decision::Pass => Decision::AddContext(format!("{BLOCK_OPEN}\n{notice}\n{BLOCK_CLOSE}")),
        other => other,
    }
}

/// `@flow start bugfix fix it` → `["start", "bugfix", "fix it"]`-ish words
/// after the prefix, or `None` when the text is not a command.
fn flow_command(text: &str, prefix: &str) -> Option<Vec<String>> {
    let rest = text.trim_start().strip_prefix(prefix)?;
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return None;
    }
    // command, argument, then the rest of the text as one piece
    let mut words = Vec::new();
    let mut rest = rest.trim();
    for _ in 0..2 {
        if rest.is_empty() {
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        words.push(rest[..end].to_string());
        rest = rest[end..].trim_start();
    }
    if !rest.is_empty() {
        words.push(rest.trim_end().to_string());
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::flow_command;

    #[test]
    fn flow_commands() {
        assert_eq!(
            flow_command("@flow start bugfix login fails on Safari", "@flow").unwrap(),
            vec!["start", "bugfix", "login fails on Safari"]
        );
        assert_eq!(
            flow_command("  @flow status", "@flow").unwrap(),
            vec!["status"]
        );
        assert_eq!(
            flow_command("@flow", "@flow").unwrap(),
            Vec::<String>::new()
        );
        assert!(flow_command("@flowers are nice", "@flow").is_none());
        assert!(flow_command("please @flow start", "@flow").is_none());
        assert_eq!(
            flow_command("@flow start   bugfix \n two\nlines ", "@flow").unwrap(),
            vec!["start", "bugfix", "two\nlines"]
        );
    }
}
