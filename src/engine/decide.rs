//! The decision core: (state, event, settings) → (decision, new state).
//!
//! No I/O here. `None` as the new state means "nothing changed, do not
//! write" — read-only events never cause a write.

use super::event::{Decision, Event, MirroredTodo, ToolCall, TurnStatus};
use super::rules::{self, GroupMap, ShellInput};
use super::state::State;
use super::text;
use super::todos::{Todo, TodoStatus};
use crate::config::Settings;

/// Inputs the core needs besides the state and the event.
pub struct Ctx<'a> {
    pub settings: &'a Settings,
    pub groups: &'a GroupMap,
    /// Set when the run's definitions changed on disk (the notice to show).
    pub stale: Option<&'a str>,
    /// Path of the running binary, accepted as flowgate's own command.
    pub exe: Option<&'a str>,
    /// The longest message text the host takes back, if it caps it: a
    /// reminder is only used up when there is room to deliver it.
    pub max_message_chars: Option<usize>,
}

#[derive(Debug)]
pub struct Outcome {
    pub decision: Decision,
    /// The state to store, when it changed.
    pub state: Option<State>,
    /// One line for the journal: why this decision.
    pub note: String,
}

impl Outcome {
    fn new(decision: Decision, state: Option<State>, note: impl Into<String>) -> Self {
        Outcome {
            decision,
            state,
            note: note.into(),
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
        Event::SessionStart { .. } => session_start(state, ctx),
    }
}

/// Announce a finished run once: returns the text and marks it announced.
fn take_announcement(state: &mut State, ctx: &Ctx<'_>) -> Option<String> {
    let run = state
        .run
        .as_mut()
        .filter(|r| !r.is_active() && !r.announced)?;
    run.announced = true;
    Some(text::announcement(run, ctx.groups))
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
        if let Some(r) = text::reminder(&next, ctx.groups, true) {
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

fn tool_call(state: &State, call: &ToolCall, ctx: &Ctx<'_>) -> Outcome {
    let own = call.own_tool
        || matches!(&call.shell, ShellInput::Command(c) if rules::is_own_command(c, ctx.exe));
    if !own {
        if let (Some(run), ShellInput::Command(c)) = (state.active_run(), &call.shell)
            && let Some(sub) = rules::user_only_command(c)
        {
            return Outcome::new(
                Decision::Deny(text::user_command_reason(run, sub)),
                None,
                format!("flowgate {sub} is the user's command"),
            );
        }
        if let Some(run) = state.active_run()
            && let Err(denial) = rules::check(run.phase(), &call.name, &call.shell, ctx.groups)
        {
            let reason = text::block_reason(run, &call.name, &denial, ctx.groups);
            return Outcome::new(
                Decision::Deny(reason),
                None,
                format!("phase {} rules", run.phase().id),
            );
        }
        if ctx.settings.require_todo_in_progress
            && !state.todos.is_empty()
            && !state
                .todos
                .iter()
                .any(|t| t.status == TodoStatus::InProgress)
            && (rules::entry_matches("@write", &call.name, ctx.groups)
                || rules::entry_matches("@shell", &call.name, ctx.groups))
        {
            return Outcome::new(
                Decision::Deny(text::todo_gate_reason(&call.name)),
                None,
                "require_todo_in_progress: no todo in progress",
            );
        }
    }
    let mut note = if own {
        "flowgate's own command"
    } else {
        "allowed by the phase rules"
    }
    .to_string();
    let mut new_list = None;
    match &call.todo_mirror {
        Some(Ok(items)) => {
            let list = mirror(items);
            let limits = ctx.settings.todo_limits;
            if list.len() > limits.max_items
                || list
                    .iter()
                    .any(|t| t.text.chars().count() > limits.max_text)
            {
                note = format!(
                    "native todo list not mirrored: over the limits ({} items, {} characters each)",
                    limits.max_items, limits.max_text
                );
            } else if list != state.todos {
                note = format!("mirrored the host's todo list ({} items)", list.len());
                new_list = Some(list);
            }
        }
        Some(Err(why)) => note = format!("native todo list not mirrored: {why}"),
        None => {}
    }
    // Most calls change nothing: decide that without copying the state.
    let progress = state.nudge.awaiting_progress || state.nudge.streak != 0;
    if new_list.is_none() && !progress {
        return Outcome::new(Decision::Allow, None, note);
    }
    let mut next = state.clone();
    if let Some(list) = new_list {
        next.todos = list;
    }
    next.mark_progress();
    Outcome::new(Decision::Allow, Some(next), note)
}

/// Give one continuation if the loop guard allows it; `Err` says why not.
fn continuation(next: &mut State, stop_hook_active: bool, max: u32) -> Result<(), String> {
    if next.nudge.awaiting_progress && stop_hook_active {
        return Err(
            "the agent already continued once because of flowgate and made no progress since"
                .into(),
        );
    }
    if next.nudge.streak >= max {
        return Err(format!(
            "{max} reminders in a row brought no progress (no step, todo change or tool call)"
        ));
    }
    next.nudge.streak += 1;
    next.nudge.awaiting_progress = true;
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
        "flowgate stopped auto-continuing: {why}. {}. Say \"continue\" to resume, or end the work with `flowgate cancel` / `flowgate todo clear`.",
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
        match continuation(&mut next, false, ctx.settings.max_auto_continue) {
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
    match continuation(&mut next, stop_hook_active, ctx.settings.max_auto_continue) {
        Ok(()) => {
            let reminder = text::reminder(&next, ctx.groups, false).unwrap_or_default();
            let body = match announcement {
                Some(a) => format!("{a}\n\n{reminder}"),
                None => reminder,
            };
            let note = format!("work unfinished: continuation {}", next.nudge.streak);
            Outcome::new(Decision::Continue(body), Some(next), note)
        }
        Err(why) => {
            let msg = guard_message(&next, &why);
            let changed = next != *state;
            Outcome::new(
                Decision::AllowStop(Some(msg)),
                changed.then_some(next),
                format!("loop guard: {why}"),
            )
        }
    }
}

fn session_start(state: &State, ctx: &Ctx<'_>) -> Outcome {
    match text::context_block(
        state,
        ctx.groups,
        ctx.stale,
        &[],
        ctx.settings.context_max_bytes,
    ) {
        Some(block) => Outcome::new(Decision::AddContext(block), None, "context re-injected"),
        None => Outcome::new(Decision::Pass, None, "no run and no open todos"),
    }
}
