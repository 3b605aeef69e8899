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
use crate::engine::decide::{Ctx, Outcome, decide};
use crate::engine::event::{Decision, Event, EventKind};
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
                return to_output(host::failure(
                    Host::Codewhale,
                    kind,
                    ExitStatus::Usage,
                    &format!("unknown host \"{h}\"; use codewhale, claude, codex or gemini"),
                    false,
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
    let dir = workspace.join(".flowgate");
    let quiet = matches!(decision.as_str(), "allow" | "pass") && !dir.is_dir();
    if !quiet {
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
            a.stderr = format!("{}\nflowgate: cannot write the journal: {e}", a.stderr)
                .trim()
                .to_string();
            return to_output(a);
        }
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
    let exe = std::env::current_exe()
        .ok()
        .map(|p| p.display().to_string());
    let state = app.store.load()?;
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
    };
    let first = decide(&state, &input.event, &ctx);
    if first.state.is_none() {
        return Ok((first.decision, first.note, user_text));
    }
    // A write is needed: decide again under the lock on the freshest state.
    let outcome: Outcome = app.store.update(|s, recovered| {
        let mut o = decide(s, &input.event, &ctx);
        if let Some(next) = o.state.take() {
            *s = next;
        }
        if let Some(r) = recovered {
            o.note = format!("{r}; {}", o.note);
        }
        Ok::<_, Failure>(o)
    })?;
    Ok((outcome.decision, outcome.note, user_text))
}

/// `@flow start bugfix fix it` → `["start", "bugfix", "fix it"]`-ish words
/// after the prefix, or `None` when the text is not a command.
fn flow_command(text: &str, prefix: &str) -> Option<Vec<String>> {
    let rest = text.trim_start().strip_prefix(prefix)?;
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return None;
    }
    let rest = rest.trim();
    let mut words: Vec<String> = Vec::new();
    let mut it = rest.splitn(3, char::is_whitespace);
    if let Some(cmd) = it.next().filter(|s| !s.is_empty()) {
        words.push(cmd.to_string());
    }
    if let Some(arg) = it.next() {
        words.push(arg.to_string());
    }
    if let Some(tail) = it.next() {
        words.push(tail.trim().to_string());
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
    }
}
