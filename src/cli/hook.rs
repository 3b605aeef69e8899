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
use crate::config::OnError;
use crate::engine::decide::{Ctx, decide};
use crate::engine::event::{Decision, Event, EventKind};
use crate::engine::rules::ShellInput;
use crate::exit::{ExitStatus, Failure};
use crate::host::{self, Answer, HookInput, Host};
use crate::journal;

fn read_stdin() -> Result<String, Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return Ok(String::new());
    }
    let mut s = String::new();
    stdin
        .lock()
        .read_to_string(&mut s)
        .map_err(|e| Failure::input(format!("cannot read stdin: {e}")))?;
    Ok(s)
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

pub fn run(flag: Option<&Path>, kind: EventKind, host: Option<&str>) -> Output {
    let stdin = match read_stdin() {
        Ok(s) => s,
        Err(f) => {
            return to_output(host::failure(
                Host::Codewhale,
                kind,
                f.status,
                &f.message,
                true,
            ));
        }
    };
    let host = match host {
        None => Host::detect(&stdin),
        Some(h) => match Host::parse(h) {
            Some(h) => h,
            None => {
                // A typo in the hook config must not open the gate: the
                // on_error policy decides, as for any other failure.
                let ws = resolve_workspace(flag, None);
                let deny = deny_on_error(App::open(ws.clone()).ok().as_ref(), &ws);
                return to_output(host::failure(
                    Host::Codewhale,
                    kind,
                    ExitStatus::Usage,
                    &format!("unknown host \"{h}\"; use codewhale, claude, codex or gemini"),
                    deny,
                ));
            }
        },
    };
    let input = host::read(host, kind, &stdin, &env);
    let workspace = resolve_workspace(
        flag,
        input.as_ref().ok().and_then(|i| i.workspace.as_deref()),
    );
    let app = App::open(workspace.clone());
    let session = input.as_ref().ok().and_then(|i| i.session.clone());
    let tool = match &input {
        Ok(HookInput {
            event: Event::ToolCall(c),
            ..
        }) if c.writes.is_empty() => Some(c.name.clone()),
        Ok(HookInput {
            event: Event::ToolCall(c),
            ..
        }) => Some(format!("{} ({})", c.name, c.writes.join(", "))),
        _ => None,
    };
    let result = match (&app, input) {
        (Err(f), _) => Err(Failure::new(f.status, f.message.clone())),
        (_, Err(msg)) => Err(Failure::input(msg)),
        (Ok(app), Ok(input)) => handle(app, host, &input),
    };
    let (answer, decision, reason) = match result {
        Ok((decision, outcome_note, user_text)) => {
            let answer = host::answer(host, kind, &decision, user_text.as_deref());
            let reason = match &decision {
                Decision::Deny(r) | Decision::BlockMessage(r) | Decision::Continue(r) => r.clone(),
                _ => outcome_note,
            };
            (answer, decision.label().to_string(), reason)
        }
        Err(f) => {
            let deny = deny_on_error(app.as_ref().ok(), &workspace);
            let answer = host::failure(host, kind, f.status, &f.message, deny);
            let label = if kind == EventKind::ToolCall {
                if deny { "error-deny" } else { "error-allow" }
            } else {
                "error"
            };
            (answer, label.to_string(), f.message)
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
        return to_output(a);
    }
    to_output(answer)
}

fn to_output(a: Answer) -> Output {
    Output {
        stdout: a.stdout,
        stderr: a.stderr,
        status: a.status,
    }
}

/// The on_error policy: the setting, else deny while a run is active or the
/// state cannot be read.
fn deny_on_error(app: Option<&App>, workspace: &Path) -> bool {
    match app.and_then(|a| a.settings.on_error) {
        Some(OnError::Deny) => true,
        Some(OnError::Allow) => false,
        None => {
            let store = crate::store::Store::new(workspace, 0);
            match store.load() {
                Ok(s) => s.active_run().is_some(),
                Err(_) => true,
            }
        }
    }
}

/// Decide one event. Returns the decision, a journal note, and the user's
/// text (message_submit adapters append context to it).
fn handle(
    app: &App,
    host: Host,
    input: &HookInput,
) -> Result<(Decision, String, Option<String>), Failure> {
    if let Event::MessageSubmit { text, .. } = &input.event
        && let Some(args) = flow_command(text, &app.settings.command_prefix)
    {
        let (d, note) = super::start::flow_command(app, host, &args, input.session.clone());
        return Ok((d, note, Some(text.clone())));
    }
    let user_text = match &input.event {
        Event::MessageSubmit { text, .. } => Some(text.clone()),
        _ => None,
    };
    let groups = app.groups(host);
    // Only a shell command can name this binary by its path.
    let exe =
        matches!(&input.event, Event::ToolCall(c) if matches!(c.shell, ShellInput::Command(_)))
            .then(std::env::current_exe)
            .and_then(Result::ok)
            .map(|p| p.display().to_string());
    let is_message = matches!(input.event, Event::MessageSubmit { .. });
    let (state, corrupt) = match app.store.load() {
        Ok(s) => (s, false),
        // A message is a change: the update below moves the state aside.
        Err(crate::store::StoreError::Corrupt { .. }) if is_message => (Default::default(), true),
        Err(e) => return Err(e.into()),
    };
    let needs_stale_check = matches!(
        input.event,
        Event::MessageSubmit { .. } | Event::SessionStart { .. }
    );
    let stale = match (needs_stale_check, state.active_run()) {
        (true, Some(run)) => app.stale_notice(run),
        _ => None,
    };
    let ctx = Ctx {
        settings: &app.settings,
        groups: &groups,
        stale: stale.as_deref(),
        exe: exe.as_deref(),
        max_message_chars: host.max_message_chars(),
    };
    let first = decide(&state, &input.event, &ctx);
    if first.state.is_none() && !corrupt {
        return Ok((first.decision, first.note, user_text));
    }
    // A write is needed: decide again under the lock on the freshest state.
    let updated = app.store.update(|s, recovered| {
        let mut o = decide(s, &input.event, &ctx);
        if let Some(next) = o.state.take() {
            *s = next;
        }
        if let Some(r) = recovered {
            o.note = format!("{r}; {}", o.note);
            if is_message {
                o.decision = with_notice(o.decision, &format!("flowgate: {r}"));
            }
        }
        Ok::<_, Failure>(o)
    });
    match updated {
        Ok(o) => Ok((o.decision, o.note, user_text)),
        // Only bookkeeping (progress, a mirrored list) was to be written: a
        // busy lock must not turn an allowed call into a refused one.
        Err(f) if first.decision == Decision::Allow => Ok((
            first.decision,
            format!("{}; not recorded: {}", first.note, f.message),
            user_text,
        )),
        Err(f) => Err(f),
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
