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
    /// Which todos the host's incremental task tools created (Claude
    /// Code's `TaskCreate`), so their updates find them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tasks: Option<NativeTasks>,
}

/// Claude Code numbers the tasks of a session 1, 2, … as `TaskCreate`
/// makes them, and `TaskUpdate` names a task by that number. This keeps
/// the session, how many tasks it created, and each number's todo text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NativeTasks {
    #[serde(default)]
    pub session: Option<String>,
    #[serde(default)]
    pub created: u32,
    /// `(host's id, todo text)`.
    #[serde(default)]
    pub ids: Vec<(String, String)>,
}

impl Default for State {
    fn default() -> Self {
        State {
            version: STATE_VERSION,
            generation: 0,
            run: None,
            todos: Vec::new(),
            nudge: Nudge::default(),
            tasks: None,
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::engine::run::tests::{nested, phase, wf};
    use crate::engine::run::{Advance, Segment};
    use crate::workflow::{Entry, Workflow};
    use proptest::prelude::*;

    fn run_of(defs: BTreeMap<String, Workflow>) -> Run {
        Run::start(
            defs,
            BTreeMap::new(),
            "root",
            "t",
            "wf-1".into(),
            "now".into(),
            None,
        )
    }

    fn state_of(run: Run) -> State {
        State {
            run: Some(run),
            ..State::default()
        }
    }

    /// Every method later code calls on a loaded run, and a few steps.
    fn exercise(run: &Run) {
        let _ = run.phase();
        let _ = run.status_bar();
        let _ = run.all_steps();
        let _ = run.first_phase();
        let _ = run.next_phase();
        let _ = run.previous_label();
        let _ = run.breadcrumb();
        let _ = run.scope_progress();
        let _ = run.scope_name();
        let _ = run.all_profiles();
        let _ = run.root();
        let mut r = run.clone();
        let _ = r.loop_scope();
        let _ = r.phase();
        let mut r = run.clone();
        for _ in 0..64 {
            if let Advance::Done { .. } = r.advance() {
                break;
            }
            let _ = r.status_bar();
        }
    }

    #[test]
    fn a_valid_run_passes() {
        let run = run_of(nested());
        state_of(run.clone()).check().unwrap();
        exercise(&run);
    }

    #[test]
    fn a_run_that_would_panic_later_is_refused() {
        type Breaker = Box<dyn Fn(&mut Run)>;
        let cases: Vec<(&str, Breaker)> = vec![
            (
                "subworkflow \"inner\", which is missing",
                Box::new(|r| {
                    r.definitions.remove("inner");
                }),
            ),
            (
                "workflow \"root\" is missing",
                Box::new(|r| {
                    r.definitions.remove("root");
                }),
            ),
            (
                "workflow \"sub\" has no phases",
                Box::new(|r| r.definitions.get_mut("sub").unwrap().phases.clear()),
            ),
            (
                "a cycle",
                Box::new(|r| {
                    r.definitions
                        .get_mut("inner")
                        .unwrap()
                        .phases
                        .push(Entry::Subworkflow("sub".into()))
                }),
            ),
            (
                "a cycle",
                Box::new(|r| {
                    r.definitions
                        .get_mut("inner")
                        .unwrap()
                        .phases
                        .insert(0, Entry::Subworkflow("inner".into()))
                }),
            ),
            (
                "phase 10 is outside workflow \"root\"",
                Box::new(|r| r.path[0].index = 9),
            ),
            (
                "is outside workflow \"root\"",
                Box::new(|r| r.path[0].index = usize::MAX),
            ),
            ("does not start at the root", Box::new(|r| r.path.clear())),
            (
                "does not follow workflow \"root\"",
                Box::new(|r| r.path[0].index = 1),
            ),
            (
                "does not follow workflow \"root\"",
                Box::new(|r| {
                    r.path.push(Segment {
                        workflow: "inner".into(),
                        index: 0,
                    })
                }),
            ),
        ];
        for (want, break_it) in cases {
            let mut run = run_of(nested());
            break_it(&mut run);
            let err = state_of(run).check().unwrap_err();
            assert!(err.contains(want), "want {want:?}, got {err:?}");
        }
    }

    /// Definitions `root, w1..wn`: mostly references forward (so acyclic),
    /// sometimes to any key, existing or not (cycles and dangling
    /// references), and now and then a workflow with no phases.
    fn hostile_defs() -> impl Strategy<Value = BTreeMap<String, Workflow>> {
        proptest::collection::vec(
            (
                any::<bool>(),
                proptest::collection::vec((0u8..10, 0usize..7), 0..4),
            ),
            1..6,
        )
        .prop_map(|spec| {
            let n = spec.len();
            let key = |i: usize| {
                if i == 0 {
                    "root".to_string()
                } else {
                    format!("w{i}")
                }
            };
            let mut m = BTreeMap::new();
            for (i, (loopable, entries)) in spec.into_iter().enumerate() {
                let remaining = n - i - 1;
                let phases = entries
                    .into_iter()
                    .enumerate()
                    .map(|(k, (kind, target))| match kind {
                        6..=8 if remaining > 0 => {
                            Entry::Subworkflow(key(i + 1 + target % remaining))
                        }
                        9 => Entry::Subworkflow(key(target)),
                        _ => phase(&format!("p{i}_{k}")),
                    })
                    .collect();
                m.insert(key(i), wf(&key(i), loopable, phases));
            }
            m
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// Whatever a hand-edited state holds, a run that passes the check
        /// never makes a later method panic or loop.
        #[test]
        fn a_checked_run_never_panics(
            defs in hostile_defs(),
            follow in any::<bool>(),
            picks in proptest::collection::vec((0usize..7, 0usize..5), 1..6),
        ) {
            let mut run = run_of(BTreeMap::from([("root".to_string(), wf("root", true, vec![phase("a")]))]));
            let path: Vec<Segment> = if follow {
                // Walk the references, mostly giving a path that fits.
                let mut path = Vec::new();
                let mut key = "root".to_string();
                for (_, pick) in &picks {
                    let len = defs.get(&key).map_or(0, |w| w.phases.len());
                    let index = if len == 0 { *pick } else { pick % len };
                    path.push(Segment { workflow: key.clone(), index });
                    match defs.get(&key).and_then(|w| w.phases.get(index)) {
                        Some(Entry::Subworkflow(k)) => key = k.clone(),
                        _ => break,
                    }
                }
                path
            } else {
                picks
                    .iter()
                    .enumerate()
                    .map(|(i, (w, index))| Segment {
                        workflow: if i == 0 || *w == 0 { "root".into() } else { format!("w{w}") },
                        index: *index,
                    })
                    .collect()
            };
            run.definitions = defs;
            run.path = path;
            if state_of(run.clone()).check().is_ok() {
                exercise(&run);
            }
        }
    }
}
