//! Everything flowgate remembers for a workspace: the run, the todos and the
//! continuation bookkeeping. Pure data; `store.rs` is the only code that
//! reads or writes it on disk.

use serde::{Deserialize, Serialize};

use super::run::Run;
use super::todos::{Todo, open_count};

/// Schema version of `state.json`.
pub const STATE_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub version: u32,
    /// Increases by one on every write.
    pub generation: u64,
    #[serde(default)]
    pub run: Option<Run>,
    #[serde(default)]
    pub todos: Vec<Todo>,
    #[serde(default)]
    pub nudge: Nudge,
}

impl Default for State {
    fn default() -> Self {
        State {
            version: STATE_VERSION,
            generation: 0,
            run: None,
            todos: Vec::new(),
            nudge: Nudge::default(),
        }
    }
}

/// Continuation bookkeeping: the loop guard and the armed reminder (the
/// README's "Loop guard" table says what each counter means).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nudge {
    /// Continuations given since the last progress (a step, a start or a
    /// todo list change). Tool calls are not progress.
    #[serde(default)]
    pub streak: u32,
    /// Continuations given since the user last prompted (the host's
    /// `stop_hook_active = false` marks a stop that follows a prompt).
    #[serde(default)]
    pub since_prompt: u32,
    /// `turn_end` armed the not-done reminder for the next message.
    #[serde(default)]
    pub reminder_armed: bool,
}

impl State {
    pub fn active_run(&self) -> Option<&Run> {
        self.run.as_ref().filter(|r| r.is_active())
    }

    /// A run is active or a todo is open.
    pub fn unfinished(&self) -> bool {
        self.active_run().is_some() || open_count(&self.todos) > 0
    }

    /// Record progress: the run moved or the todo list changed. Re-arms
    /// the loop guard's streak (not the per-prompt cap).
    pub fn mark_progress(&mut self) {
        self.nudge.streak = 0;
    }

    /// Check the loaded data; `Err` names the first problem.
    pub fn check(&self) -> Result<(), String> {
        if self.version != STATE_VERSION {
            return Err(format!(
                "schema version {} is not supported (this flowgate reads version {STATE_VERSION})",
                self.version
            ));
        }
        if let Some(run) = &self.run {
            run.check()?;
        }
        Ok(())
    }
}
