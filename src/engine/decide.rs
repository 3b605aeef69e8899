//! The decision core: (state, event, settings) → (decision, new state).
//!
//! No I/O here. `None` as the new state means "nothing changed, do not
//! write" — read-only events never cause a write.

use super::call::{Call, Does, RawCall, ShellLang, ToolTable, interpret};
use super::event::{Decision, Event, MirroredTodo, TodoChange, TurnStatus};
use super::rules::{self, GroupMap};
use super::state::{NativeTasks, State};
use super::text;
use super::todos::{Todo, TodoStatus};
use crate::config::Settings;

/// Inputs the core needs besides the state and the event.
pub struct Ctx<'a> {
    pub settings: &'a Settings,
    pub groups: &'a GroupMap,
    /// The host's tool table: what its tools do.
    pub tools: &'a ToolTable,
    /// Places the paths a write names, for `files` rules.
    pub resolve: rules::Resolve<'a>,
    /// Set when the run's definitions changed on disk (the notice to show).
    pub stale: Option<&'a str>,
    /// Path of the running binary, accepted as flowgate's own command.
    pub exe: Option<&'a str>,
    /// The longest message text the host takes back, if it caps it: a
    /// reminder is only used up when there is room to deliver it.
    pub max_message_chars: Option<usize>,
    /// The host's session, when it names one (incremental todo tools number
    /// their items per session).
    pub session: Option<&'a str>,
}

#[derive(Debug)]
pub struct Outcome {
    pub decision: Decision,
    /// The state to store, when it changed.
    pub state: Option<State>,
    /// One line for the journal: why this decision.
    pub note: String,
    /// For the journal: the tool and the files it writes, on tool calls.
    pub subject: Option<String>,
    /// A one-line notice for the agent and the user beside an allowed call:
    /// something they would believe done was not (a todo list not tracked).
    pub notice: Option<String>,
}

impl Outcome {
    fn new(decision: Decision, state: Option<State>, note: impl Into<String>) -> Self {
        Outcome {
            decision,
            state,
            note: note.into(),
            subject: None,
            notice: None,
        }
    }
}

pub fn decide(state: &State, event: &Event, ctx: &Ctx<'_>) -> Outcome {
    match event {
        Event::MessageSubmit { text, complete } => {
            let fits = ctx
                .max_message_chars
                .is_none_or(|max| text.chars().count() + 2 + MIN_CONTEXT_CHARS <= max);
            message_submit(state, *complete, fits, ctx)
        }
        Event::ToolCall(call) => tool_call(state, call, ctx),
        Event::TurnEnd { status } => turn_end(state, *status, ctx),
        Event::AgentEnd {
            aborted,
            stop_hook_active,
        } => agent_end(state, *aborted, *stop_hook_active, ctx),
        Event::SessionStart { source } => session_start(state, source.as_deref(), ctx),
    }
}

/// Announce a finished run once: returns the text and marks it announced.
fn take_announcement(state: &mut State, ctx: &Ctx<'_>) -> Option<String> {
    let run = state
        .run
        .as_mut()
        .filter(|r| !r.is_active() && !r.announced)?;
    run.announced = true;
    Some(text::announcement(
        run,
        ctx.groups,
        ctx.settings.context_max_bytes,
    ))
}

/// The least room worth adding context in (shorter is cut to nothing useful).
pub const MIN_CONTEXT_CHARS: usize = 200;

fn message_submit(state: &State, complete: bool, fits: bool, ctx: &Ctx<'_>) -> Outcome {
    if !complete {
        return Outcome::new(
            Decision::Pass,
            None,
            "the host cut the message, so it is left unchanged (replacing it would lose the rest)",
        );
    }
    if !fits {
        return Outcome::new(
            Decision::Pass,
            None,
            "no room left in the message for context; a pending reminder stays armed",
        );
    }
    let mut next = state.clone();
    let mut lead = Vec::new();
    if let Some(a) = take_announcement(&mut next, ctx) {
        lead.push(a);
    }
    if next.nudge.reminder_armed {
        next.nudge.reminder_armed = false;
        if let Some(r) = text::reminder(&next, ctx.groups, true, ctx.settings.context_max_bytes) {
            lead.push(r);
        }
    }
    let changed = next != *state;
    let block = text::context_block(
        &next,
        ctx.groups,
        ctx.stale,
        &lead,
        ctx.settings.context_max_bytes,
        ctx.settings.mcp,
    );
    let note = match (&block, lead.is_empty()) {
        (None, _) => "no run and no open todos",
        (Some(_), true) => "context added",
        (Some(_), false) => "context added with a reminder or announcement",
    };
    let decision = block.map_or(Decision::Pass, Decision::AddContext);
    Outcome::new(decision, changed.then_some(next), note)
}

fn mirror(items: &[MirroredTodo]) -> Vec<Todo> {
    items
        .iter()
        .map(|m| Todo {
            text: m.text.clone(),
            status: m.status,
        })
        .collect()
}

fn tool_call(state: &State, raw: &RawCall, ctx: &Ctx<'_>) -> Outcome {
    let call = interpret(raw, ctx.tools);
    let subject = match call.paths() {
        [] => call.name.clone(),
        paths => format!("{} ({})", call.name, paths.join(", ")),
    };
    let mut out = judge_call(state, &call, ctx);
    out.subject = Some(subject);
    out
}

/// Is this call one of flowgate's own agent commands (its MCP tools, or
/// `flowgate step|todo|status …` alone in a POSIX shell)?
fn is_own(call: &Call, exe: Option<&str>) -> bool {
    match &call.does {
        Does::Own => true,
        Does::Shell {
            lang: ShellLang::Posix,
            command: Some(c),
            patch: None,
        } => rules::is_own_command(c, exe),
        _ => false,
    }
}

/// Does the call write (so the `require_todo_in_progress` gate applies)?
fn writes_or_runs(call: &Call, groups: &GroupMap) -> bool {
    matches!(
        call.does,
        Does::Shell { .. } | Does::Patch { .. } | Does::FileWrite { .. }
    ) || rules::entry_matches("@write", &call.name, groups)
        || rules::entry_matches("@shell", &call.name, groups)
}

fn judge_call(state: &State, call: &Call, ctx: &Ctx<'_>) -> Outcome {
    let own = is_own(call, ctx.exe);
    if !own {
        if let (
            Some(run),
            Does::Shell {
                lang: ShellLang::Posix,
                command: Some(c),
                ..
            },
        ) = (state.active_run(), &call.does)
            && let Some(sub) = rules::user_only_command(c)
        {
            return Outcome::new(
                Decision::Deny(text::user_command_reason(
                    run,
                    sub,
                    ctx.settings.context_max_bytes,
                )),
                None,
                format!("flowgate {sub} is the user's command"),
            );
        }
        if let Some(run) = state.active_run()
            && let Err(denial) = rules::check(
                run.phase(),
                call,
                ctx.tools.patch_tool(),
                ctx.groups,
                ctx.resolve,
                &ctx.settings.shell_commands,
            )
        {
            let reason = text::block_reason(
                run,
                &call.shown,
                &denial,
                ctx.groups,
                ctx.settings.context_max_bytes,
            );
            return Outcome::new(
                Decision::Deny(reason),
                None,
                rule_note(run.phase(), &call.name, &denial, ctx.groups),
            );
        }
        if ctx.settings.require_todo_in_progress
            && !state.todos.is_empty()
            && !state
                .todos
                .iter()
                .any(|t| t.status == TodoStatus::InProgress)
            && writes_or_runs(call, ctx.groups)
        {
            return Outcome::new(
                Decision::Deny(text::todo_gate_reason(&call.shown)),
                None,
                "require_todo_in_progress: no todo in progress",
            );
        }
    }
    let mut note = if own {
        "flowgate's own command".to_string()
    } else if let Some(run) = state.active_run() {
        format!("no rule of phase \"{}\" refuses it", run.phase().id)
    } else {
        "no active run: every tool is allowed".to_string()
    };
    let Does::Todo(change) = &call.does else {
        return Outcome::new(Decision::Allow, None, note);
    };
    let mut next = state.clone();
    let done = match change {
        Ok(TodoChange::List(items)) => {
            next.todos = mirror(items);
            Ok(format!(
                "mirrored the host's todo list ({} items)",
                next.todos.len()
            ))
        }
        Ok(TodoChange::Add(item)) => add_task(&mut next, item, ctx.session),
        Ok(TodoChange::Update {
            id,
            text,
            status,
            delete,
        }) => update_task(
            &mut next,
            id,
            text.as_deref(),
            *status,
            *delete,
            ctx.session,
        ),
        Err(why) => Err(why.clone()),
    };
    let done = done.and_then(|note| {
        let limits = ctx.settings.todo_limits;
        if next.todos.len() > limits.max_items
            || next
                .todos
                .iter()
                .any(|t| t.text.chars().count() > limits.max_text)
        {
            Err(format!(
                "over the limits ({} items, {} characters each)",
                limits.max_items, limits.max_text
            ))
        } else {
            Ok(note)
        }
    });
    match done {
        Err(why) => {
            note = format!("native todo list not mirrored: {why}");
            let mut o = Outcome::new(Decision::Allow, None, note);
            o.notice = Some(format!(
                "flowgate did not track this todo list ({why}); its reminders keep the list it had"
            ));
            o
        }
        Ok(_) if next == *state => Outcome::new(Decision::Allow, None, note),
        Ok(note) => {
            // A changed list is progress.
            if next.todos != state.todos {
                next.mark_progress();
            }
            Outcome::new(Decision::Allow, Some(next), note)
        }
    }
}

/// A task the host's incremental tool creates (`TaskCreate`): appended,
/// under the number the host gives it (one more than the session's last).
/// Tasks from an earlier session are gone with their session's list, so
/// their todos are dropped; flowgate's own todos stay.
fn add_task(
    next: &mut State,
    item: &MirroredTodo,
    session: Option<&str>,
) -> Result<String, String> {
    let same = next
        .tasks
        .as_ref()
        .is_some_and(|t| t.session.as_deref() == session);
    if !same {
        if let Some(old) = next.tasks.take() {
            next.todos
                .retain(|todo| !old.ids.iter().any(|(_, text)| *text == todo.text));
        }
        next.tasks = Some(NativeTasks {
            session: session.map(str::to_string),
            ..NativeTasks::default()
        });
    }
    let tasks = next.tasks.as_mut().expect("set above");
    tasks.created = tasks.created.saturating_add(1);
    let id = tasks.created.to_string();
    tasks.ids.push((id.clone(), item.text.clone()));
    next.todos.push(Todo {
        text: item.text.clone(),
        status: item.status,
    });
    Ok(format!("mirrored the host's new task #{id}"))
}

/// An update of the task the host numbered `id` (`TaskUpdate`).
fn update_task(
    next: &mut State,
    id: &str,
    text: Option<&str>,
    status: Option<TodoStatus>,
    delete: bool,
    session: Option<&str>,
) -> Result<String, String> {
    let tasks = next
        .tasks
        .as_mut()
        .filter(|t| t.session.as_deref() == session)
        .ok_or(format!("task #{id} was not created in this session"))?;
    let slot = tasks
        .ids
        .iter_mut()
        .find(|(i, _)| i == id)
        .ok_or(format!("task #{id} was not created in this session"))?;
    let at = next
        .todos
        .iter()
        .position(|t| t.text == slot.1)
        .ok_or(format!("task #{id} is no longer in the todo list"))?;
    if delete {
        next.todos.remove(at);
        let old = slot.0.clone();
        tasks.ids.retain(|(i, _)| *i != old);
        return Ok(format!("mirrored the host's deletion of task #{id}"));
    }
    if let Some(t) = text {
        next.todos[at].text = t.to_string();
        slot.1 = t.to_string();
    }
    if let Some(s) = status {
        next.todos[at].status = s;
    }
    Ok(format!("mirrored the host's update of task #{id}"))
}

/// Give one continuation if the loop guard allows it; `Err` says why not.
/// Progress (a step or a todo change) resets `streak`; `since_prompt`
/// counts every continuation since the last stop that followed a user
/// prompt, progress or not.
fn continuation(next: &mut State, settings: &Settings) -> Result<(), String> {
    let max = settings.max_auto_continue;
    if next.nudge.streak >= max {
        return Err(format!(
            "{max} continuation(s) in a row brought no progress (no step and no todo change)"
        ));
    }
    let cap = settings.max_continue_per_prompt;
    if next.nudge.since_prompt >= cap {
        return Err(format!(
            "{cap} continuation(s) since the user's last message (max_continue_per_prompt)"
        ));
    }
    next.nudge.streak = next.nudge.streak.saturating_add(1);
    next.nudge.since_prompt = next.nudge.since_prompt.saturating_add(1);
    Ok(())
}

fn guard_message(state: &State, why: &str) -> String {
    let mut open = Vec::new();
    if let Some(run) = state.active_run() {
        open.push(format!(
            "the {} run is at {}",
            run.root().name,
            run.phase().label()
        ));
    }
    let n = super::todos::open_count(&state.todos);
    if n > 0 {
        open.push(format!("{n} todo(s) are open"));
    }
    format!(
        "flowgate stopped auto-continuing: {why}. {}. Reminders resume once the run advances or the todo list changes; to end the work instead, use `flowgate cancel` / `flowgate todo clear`.",
        capitalise(&open.join(" and "))
    )
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn turn_end(state: &State, status: TurnStatus, ctx: &Ctx<'_>) -> Outcome {
    let mut next = state.clone();
    let note;
    if status != TurnStatus::Completed {
        next.nudge.reminder_armed = false;
        note = format!("turn {status:?}: no reminder").to_lowercase();
    } else if !state.unfinished() {
        next.nudge.reminder_armed = false;
        note = "turn completed with nothing unfinished".into();
    } else if state.nudge.reminder_armed {
        note = "reminder already armed".into();
    } else {
        // CodeWhale's turn ends follow a user prompt: each is a fresh one.
        next.nudge.since_prompt = 0;
        match continuation(&mut next, ctx.settings) {
            Ok(()) => {
                next.nudge.reminder_armed = true;
                note = "work unfinished: reminder armed for the next message".into();
            }
            Err(why) => note = format!("loop guard: {why}"),
        }
    }
    let changed = next != *state;
    Outcome::new(Decision::Pass, changed.then_some(next), note)
}

fn agent_end(state: &State, aborted: bool, stop_hook_active: bool, ctx: &Ctx<'_>) -> Outcome {
    let mut next = state.clone();
    let announcement = take_announcement(&mut next, ctx);
    if aborted {
        let changed = next != *state;
        return Outcome::new(
            Decision::AllowStop(announcement),
            changed.then_some(next),
            "the user interrupted",
        );
    }
    if !next.unfinished() {
        let changed = next != *state;
        let note = if announcement.is_some() {
            "run finished: announced once"
        } else {
            "nothing unfinished"
        };
        return Outcome::new(
            Decision::AllowStop(announcement),
            changed.then_some(next),
            note,
        );
    }
    // The host's word that this stop does not follow a continuation: the
    // user prompted since, so the per-prompt count starts again.
    if !stop_hook_active {
        next.nudge.since_prompt = 0;
    }
    match continuation(&mut next, ctx.settings) {
        Ok(()) => {
            let reminder = text::reminder(&next, ctx.groups, false, ctx.settings.context_max_bytes)
                .unwrap_or_default();
            let body = match announcement {
                Some(a) => format!("{a}\n\n{reminder}"),
                None => reminder,
            };
            let note = format!("work unfinished: continuation {}", next.nudge.streak);
            Outcome::new(
                Decision::Continue(text::bound(&body, ctx.settings.context_max_bytes)),
                Some(next),
                note,
            )
        }
        Err(why) => {
            let msg = text::bound(&guard_message(&next, &why), ctx.settings.context_max_bytes);
            let changed = next != *state;
            Outcome::new(
                Decision::AllowStop(Some(msg)),
                changed.then_some(next),
                format!("loop guard: {why}"),
            )
        }
    }
}

/// Context at session start only after a compaction: on every other
/// source (startup, resume, clear) the prompt hook adds the context to the
/// user's first message, and adding it here too would put it into the
/// first request twice (and, on Gemini CLI, before the user's words).
fn session_start(state: &State, source: Option<&str>, ctx: &Ctx<'_>) -> Outcome {
    if source != Some("compact") {
        return Outcome::new(
            Decision::Pass,
            None,
            "context comes with the next prompt, after the user's words",
        );
    }
    match text::context_block(
        state,
        ctx.groups,
        ctx.stale,
        &[],
        ctx.settings.context_max_bytes,
        ctx.settings.mcp,
    ) {
        Some(block) => Outcome::new(
            Decision::AddContext(block),
            None,
            "context re-injected after compaction",
        ),
        None => Outcome::new(Decision::Pass, None, "no run and no open todos"),
    }
}

/// Which rule of the phase refused a call, in the workflow file's own terms
/// (for `explain`, `replay` and the notes): `phase "diagnose": tools.deny
/// entry "@write" covers edit`.
fn rule_note(
    phase: &crate::workflow::Phase,
    tool: &str,
    denial: &rules::Denial,
    groups: &rules::GroupMap,
) -> String {
    use crate::workflow::{FileRule, ToolRule};
    use rules::Denial;
    let at = format!("phase \"{}\"", phase.id);
    let files = match phase.files {
        FileRule::Allow(_) => "files.allow",
        FileRule::Deny(_) => "files.deny",
        FileRule::Any => "files",
    };
    match denial {
        Denial::Tool => match &phase.tools {
            ToolRule::Deny(list) => {
                match list.iter().find(|e| rules::entry_matches(e, tool, groups)) {
                    Some(e) if e == tool => format!("{at}: tools.deny lists {tool}"),
                    Some(e) => format!("{at}: tools.deny entry \"{e}\" covers {tool}"),
                    None => format!(
                        "{at}: tools.deny ({}) covers what {tool} runs",
                        list.join(", ")
                    ),
                }
            }
            ToolRule::Allow(list) => format!(
                "{at}: tools.allow ({}) does not cover {tool}",
                list.join(", ")
            ),
            ToolRule::Any => format!("{at}: tool rules"),
        },
        Denial::ShellDenied(c) => format!("{at}: shell.deny pattern matches \"{c}\""),
        Denial::ShellNotAllowed(c) => format!("{at}: shell.allow has no pattern for \"{c}\""),
        Denial::ShellWrites(w) => format!("{at}: shell.deny_writes ({w})"),
        Denial::ShellUnknown(w) => {
            format!("{at}: shell rules, the command cannot be analysed ({w})")
        }
        Denial::PathNotAllowed(p) if files == "files.deny" => {
            format!("{at}: files.deny covers {p}")
        }
        Denial::PathNotAllowed(p) => format!("{at}: {files} does not cover {p}"),
        Denial::PathOutside(p) => format!("{at}: {files}, {p} is outside the workspace"),
        Denial::PathUnnamed(w) => {
            format!("{at}: {files}, the write's targets cannot be named ({w})")
        }
    }
}
