//! The run state machine (pi-workflows §2, with its bugs fixed).
//!
//! A run holds a path of segments (root first, innermost last). Every
//! operation keeps the invariant that the top segment points at a concrete
//! phase: subworkflow references are entered automatically at start, after
//! `next` and after `loop`. A run carries a snapshot of the definitions it
//! started with, so it is never misread when files change underneath it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::workflow::{Entry, Origin, Phase, Workflow};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub workflow: String,
    pub index: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Active,
    Completed,
    Cancelled,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Active => "active",
            RunStatus::Completed => "completed",
            RunStatus::Cancelled => "cancelled",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub step: u64,
    pub phase: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub workflow: String,
    pub task_id: String,
    pub description: String,
    pub started_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    /// The agent host the run was started from, when known (tool names in
    /// texts follow it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    pub path: Vec<Segment>,
    pub steps: u64,
    pub status: RunStatus,
    /// The completion or cancellation has been told to the agent.
    pub announced: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summaries: Vec<Summary>,
    pub definitions: BTreeMap<String, Workflow>,
    #[serde(default)]
    pub origins: BTreeMap<String, Origin>,
    /// A fingerprint of each definition's source (file and text) when the
    /// run started: while they still match, the definitions cannot have
    /// changed, and the stale check parses nothing.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fingerprints: BTreeMap<String, u64>,
    /// The workflow whose scope the last `loop_scope` restarted: the path
    /// alone cannot tell, as restarting a scope whose first entry is a
    /// subworkflow reference enters that subworkflow. Not stored.
    #[serde(skip)]
    looped: Option<String>,
}

/// What `next` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advance {
    /// Moved within a scope, or in and out of subworkflows.
    Moved {
        from: String,
        to: String,
        exited: Vec<String>,
        entered: Vec<String>,
    },
    /// The root ran out of phases: the run is complete.
    Done { from: String },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopError {
    Disabled { scope: String },
}

impl Run {
    /// A new active run of `root`; `definitions` must contain `root` and
    /// every workflow it reaches (already checked by the catalog).
    pub fn start(
        definitions: BTreeMap<String, Workflow>,
        origins: BTreeMap<String, Origin>,
        root: &str,
        description: &str,
        task_id: String,
        now: String,
        session_id: Option<String>,
    ) -> Run {
        let mut run = Run {
            workflow: root.to_string(),
            task_id,
            description: super::text::one_line(description).trim().to_string(),
            started_at: now,
            session_id,
            host: None,
            path: vec![Segment {
                workflow: root.to_string(),
                index: 0,
            }],
            steps: 0,
            status: RunStatus::Active,
            announced: false,
            summaries: Vec::new(),
            definitions,
            origins,
            fingerprints: BTreeMap::new(),
            looped: None,
        };
        run.descend();
        run
    }

    pub fn is_active(&self) -> bool {
        self.status == RunStatus::Active
    }

    pub fn root(&self) -> &Workflow {
        &self.definitions[&self.workflow]
    }

    pub fn def(&self, key: &str) -> &Workflow {
        &self.definitions[key]
    }

    /// Check everything the other methods index, so that a state which
    /// passes can never make them panic or loop: every definition has a
    /// phase, every subworkflow reference resolves, references form no cycle,
    /// and the path starts at the root, follows the references with indices
    /// in range and ends on a concrete phase. `Err` names the first problem.
    pub fn check(&self) -> Result<(), String> {
        if !self.definitions.contains_key(&self.workflow) {
            return Err(format!(
                "workflow \"{}\" is missing from the run",
                self.workflow
            ));
        }
        for (key, w) in &self.definitions {
            if w.phases.is_empty() {
                return Err(format!("workflow \"{key}\" has no phases"));
            }
            for e in &w.phases {
                if let Entry::Subworkflow(k) = e
                    && !self.definitions.contains_key(k)
                {
                    return Err(format!(
                        "workflow \"{key}\" refers to subworkflow \"{k}\", which is missing from the run"
                    ));
                }
            }
        }
        // No reference cycle (entering a subworkflow would never end). An
        // iterative depth-first search: a hostile state may be deep.
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            Open,
            Done,
        }
        let mut marks: BTreeMap<&str, Mark> = BTreeMap::new();
        for root in self.definitions.keys() {
            if marks.contains_key(root.as_str()) {
                continue;
            }
            marks.insert(root, Mark::Open);
            let mut stack: Vec<(&str, usize)> = vec![(root, 0)];
            while let Some((key, i)) = stack.pop() {
                let phases = &self.definitions[key].phases;
                let Some(entry) = phases.get(i) else {
                    marks.insert(key, Mark::Done);
                    continue;
                };
                stack.push((key, i + 1));
                if let Entry::Subworkflow(k) = entry {
                    match marks.get(k.as_str()) {
                        Some(Mark::Open) => {
                            return Err(format!(
                                "workflow \"{key}\" refers to \"{k}\", which leads back to it (a cycle)"
                            ));
                        }
                        Some(Mark::Done) => {}
                        None => {
                            marks.insert(k, Mark::Open);
                            stack.push((k, 0));
                        }
                    }
                }
            }
        }
        if self.path.first().map(|s| &s.workflow) != Some(&self.workflow) {
            return Err("the path does not start at the root workflow".into());
        }
        for (i, seg) in self.path.iter().enumerate() {
            let Some(w) = self.definitions.get(&seg.workflow) else {
                return Err(format!(
                    "workflow \"{}\" is missing from the run",
                    seg.workflow
                ));
            };
            let Some(entry) = w.phases.get(seg.index) else {
                return Err(format!(
                    "phase {} is outside workflow \"{}\"",
                    seg.index.saturating_add(1),
                    w.key
                ));
            };
            match (entry, self.path.get(i + 1)) {
                (Entry::Subworkflow(k), Some(next)) if *k == next.workflow => {}
                (Entry::Phase(_), None) => {}
                _ => return Err(format!("the path does not follow workflow \"{}\"", w.key)),
            }
        }
        Ok(())
    }

    fn entry(&self, seg: &Segment) -> &Entry {
        &self.definitions[&seg.workflow].phases[seg.index]
    }

    /// Enter subworkflow references until the top is a concrete phase.
    fn descend(&mut self) -> Vec<String> {
        let mut entered = Vec::new();
        while let Entry::Subworkflow(key) = self.entry(self.path.last().expect("path")) {
            let key = key.clone();
            entered.push(self.definitions[&key].name.clone());
            self.path.push(Segment {
                workflow: key,
                index: 0,
            });
        }
        entered
    }

    /// The current concrete phase.
    pub fn phase(&self) -> &Phase {
        self.entry(self.path.last().expect("path"))
            .as_phase()
            .expect("the top of the path is always a concrete phase")
    }

    /// Advance to the next phase (entering and leaving subworkflows).
    pub fn advance(&mut self) -> Advance {
        let from = self.phase().label();
        let last = self.path.clone();
        self.steps = self.steps.saturating_add(1);
        self.looped = None;
        let mut exited = Vec::new();
        loop {
            let top = self.path.last_mut().expect("path");
            top.index += 1;
            let len = self.definitions[&top.workflow].phases.len();
            if top.index < len {
                break;
            }
            if self.path.len() == 1 {
                // Done: the path keeps pointing at the last phase that ran.
                self.path = last;
                self.status = RunStatus::Completed;
                self.announced = false;
                return Advance::Done { from };
            }
            let popped = self.path.pop().expect("path");
            exited.push(self.definitions[&popped.workflow].name.clone());
        }
        let entered = self.descend();
        Advance::Moved {
            from,
            to: self.phase().label(),
            exited,
            entered,
        }
    }

    /// Restart the innermost scope, if it is loopable.
    pub fn loop_scope(&mut self) -> Result<Vec<String>, LoopError> {
        let scope = self.def(&self.path.last().expect("path").workflow);
        if !scope.loopable {
            return Err(LoopError::Disabled {
                scope: scope.name.clone(),
            });
        }
        self.steps = self.steps.saturating_add(1);
        let top = self.path.last_mut().expect("path");
        top.index = 0;
        self.looped = Some(top.workflow.clone());
        Ok(self.descend())
    }

    /// Name of the scope the last `loop_scope` restarted, else of the
    /// innermost scope's workflow.
    pub fn scope_name(&self) -> &str {
        let key = self
            .looped
            .as_deref()
            .unwrap_or(&self.path.last().expect("path").workflow);
        &self.def(key).name
    }

    /// The phase `next` would lead to, or `None` when it would finish the run.
    pub fn next_phase(&self) -> Option<Phase> {
        let mut probe = self.clone();
        match probe.advance() {
            Advance::Done { .. } => None,
            Advance::Moved { .. } => Some(probe.phase().clone()),
        }
    }

    /// The entry before the current one in the innermost scope.
    pub fn previous_label(&self) -> String {
        let top = self.path.last().expect("path");
        if top.index == 0 {
            return "(start)".into();
        }
        match &self.def(&top.workflow).phases[top.index - 1] {
            Entry::Phase(p) => p.label(),
            Entry::Subworkflow(k) => self.def(k).name.clone(),
        }
    }

    /// Workflow names from the root to the innermost scope.
    pub fn breadcrumb(&self) -> Vec<&str> {
        self.path
            .iter()
            .map(|s| self.def(&s.workflow).name.as_str())
            .collect()
    }

    /// Where the run is: `(i, n)`, 1-based, among every concrete phase
    /// flattened through subworkflows — the numbering of the **All Steps**
    /// list the agent sees. This is the one progress count of every text
    /// (the context block, `step status`, the status bar and the status in
    /// words). A subworkflow reference is not a step of its own, and a loop
    /// counts back down; `steps` (moves made, `{globalStepCount}`) is a
    /// different number and is not shown as progress.
    pub fn position(&self) -> (usize, usize) {
        let all = self.all_steps();
        let i = all.iter().position(|(here, _)| *here).map_or(0, |k| k + 1);
        (i, all.len())
    }

    /// `(position, length)` of the innermost scope, 1-based.
    pub fn scope_progress(&self) -> (usize, usize) {
        let top = self.path.last().expect("path");
        (top.index + 1, self.def(&top.workflow).phases.len())
    }

    /// The status bar: `Root > Sub > 🔍 Phase [3/5]`, counted as
    /// [`Run::position`] counts.
    pub fn status_bar(&self) -> String {
        let (i, n) = self.position();
        format!(
            "{} > {} [{i}/{n}]",
            self.breadcrumb().join(" > "),
            self.phase().label()
        )
    }

    /// Every concrete phase in order, flattened through subworkflows, with a
    /// flag on the current one (matched by position, not by id).
    pub fn all_steps(&self) -> Vec<(bool, String)> {
        let mut out = Vec::new();
        let mut trail: Vec<usize> = Vec::new();
        self.flatten(&self.workflow, &mut trail, &mut out);
        out
    }

    fn flatten(&self, key: &str, trail: &mut Vec<usize>, out: &mut Vec<(bool, String)>) {
        for (i, e) in self.def(key).phases.iter().enumerate() {
            trail.push(i);
            match e {
                Entry::Phase(p) => {
                    let here = trail.len() == self.path.len()
                        && trail.iter().zip(&self.path).all(|(a, s)| *a == s.index);
                    out.push((here, p.label()));
                }
                Entry::Subworkflow(k) => {
                    if trail.len() < 32 {
                        self.flatten(k, trail, out);
                    }
                }
            }
            trail.pop();
        }
    }

    /// The first concrete phase of the root (drilling through references).
    pub fn first_phase(&self) -> &Phase {
        let mut key = self.workflow.as_str();
        loop {
            match &self.def(key).phases[0] {
                Entry::Phase(p) => return p,
                Entry::Subworkflow(k) => key = k,
            }
        }
    }

    /// Labels of the phases listed under "All profiles", deduplicated.
    pub fn all_profiles(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for key in self.definitions.keys() {
            for p in self.def(key).phases.iter().filter_map(Entry::as_phase) {
                for prof in &p.profiles {
                    if !out.contains(prof) {
                        out.push(prof.clone());
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::workflow::{Messages, ShellRule, ToolRule};

    pub fn phase(id: &str) -> Entry {
        Entry::Phase(Phase {
            id: id.into(),
            name: id.to_uppercase(),
            emoji: String::new(),
            instructions: format!("do {id}"),
            profiles: vec![],
            tools: ToolRule::Any,
            shell: ShellRule::default(),
            files: Default::default(),
            checks: Vec::new(),
        })
    }

    pub fn wf(key: &str, loopable: bool, phases: Vec<Entry>) -> Workflow {
        Workflow {
            key: key.into(),
            name: format!("W-{key}"),
            description: String::new(),
            hidden: false,
            loopable,
            initial_message: None,
            messages: Messages::default(),
            phases,
        }
    }

    pub fn nested() -> BTreeMap<String, Workflow> {
        // root: a, [sub: [inner: x, y], c], d
        let mut m = BTreeMap::new();
        m.insert(
            "root".into(),
            wf(
                "root",
                true,
                vec![phase("a"), Entry::Subworkflow("sub".into()), phase("d")],
            ),
        );
        m.insert(
            "sub".into(),
            wf(
                "sub",
                true,
                vec![Entry::Subworkflow("inner".into()), phase("c")],
            ),
        );
        m.insert(
            "inner".into(),
            wf("inner", false, vec![phase("x"), phase("y")]),
        );
        m
    }

    fn start(defs: BTreeMap<String, Workflow>) -> Run {
        Run::start(
            defs,
            BTreeMap::new(),
            "root",
            " task ",
            "wf-1".into(),
            "t".into(),
            None,
        )
    }

    #[test]
    fn next_enters_and_cascades_out() {
        let mut r = start(nested());
        assert_eq!(r.description, "task");
        assert_eq!(r.phase().id, "a");
        assert_eq!(r.previous_label(), "(start)");
        assert_eq!(r.next_phase().unwrap().id, "x");
        match r.advance() {
            Advance::Moved { entered, .. } => assert_eq!(entered, vec!["W-sub", "W-inner"]),
            other => panic!("{other:?}"),
        }
        assert_eq!(r.phase().id, "x");
        assert_eq!(r.status_bar(), "W-root > W-sub > W-inner > X [2/5]");
        assert_eq!(r.position(), (2, 5));
        r.advance();
        assert_eq!(r.phase().id, "y");
        // next from y leaves inner (its parent moves to c), not DONE
        assert_eq!(r.next_phase().unwrap().id, "c");
        match r.advance() {
            Advance::Moved { exited, .. } => assert_eq!(exited, vec!["W-inner"]),
            other => panic!("{other:?}"),
        }
        assert_eq!(r.phase().id, "c");
        r.advance();
        assert_eq!(r.phase().id, "d");
        assert_eq!(r.next_phase(), None);
        assert!(matches!(r.advance(), Advance::Done { .. }));
        assert_eq!(r.status, RunStatus::Completed);
        assert_eq!(r.steps, 5);
        r.check().unwrap();
    }

    #[test]
    fn cascade_through_several_finished_scopes() {
        // root: [s1: [s2: p]], q  — finishing p pops s2 and s1 at once.
        let mut m = BTreeMap::new();
        m.insert(
            "root".into(),
            wf(
                "root",
                true,
                vec![Entry::Subworkflow("s1".into()), phase("q")],
            ),
        );
        m.insert(
            "s1".into(),
            wf("s1", true, vec![Entry::Subworkflow("s2".into())]),
        );
        m.insert("s2".into(), wf("s2", true, vec![phase("p")]));
        let mut r = start(m);
        assert_eq!(r.path.len(), 3);
        r.advance();
        assert_eq!(r.phase().id, "q");
        assert_eq!(r.path.len(), 1);
        assert_eq!(r.position(), (2, 2));
        // Looping the root from q re-enters s1 and s2: the root is named.
        r.loop_scope().unwrap();
        assert_eq!(r.phase().id, "p");
        assert_eq!(r.scope_name(), "W-root");
        assert_eq!(r.position(), (1, 2));
        // Looping again restarts the innermost scope, s2.
        r.loop_scope().unwrap();
        assert_eq!(r.scope_name(), "W-s2");
        r.advance();
        assert_eq!(r.scope_name(), "W-root");
    }

    #[test]
    fn loop_reenters_subworkflow_and_respects_loopable() {
        let mut r = start(nested());
        r.advance();
        assert_eq!(
            r.loop_scope(),
            Err(LoopError::Disabled {
                scope: "W-inner".into()
            })
        );
        r.advance();
        r.advance(); // now at c in sub (loopable, phase 0 is a reference)
        assert_eq!(r.phase().id, "c");
        r.loop_scope().unwrap();
        // the reference at index 0 is entered again: top is a concrete phase
        assert_eq!(r.phase().id, "x");
        r.check().unwrap();
    }

    #[test]
    fn all_steps_marks_by_position_not_id() {
        // the same subworkflow twice: only one row may be marked
        let mut m = BTreeMap::new();
        m.insert(
            "root".into(),
            wf(
                "root",
                true,
                vec![
                    Entry::Subworkflow("s".into()),
                    Entry::Subworkflow("s".into()),
                ],
            ),
        );
        m.insert("s".into(), wf("s", true, vec![phase("p")]));
        let mut r = start(m);
        r.advance();
        let steps = r.all_steps();
        assert_eq!(steps.len(), 2);
        assert_eq!(steps.iter().filter(|(here, _)| *here).count(), 1);
        assert!(steps[1].0);
    }
}

#[cfg(test)]
mod props {
    use super::tests::{phase, wf};
    use super::*;
    use crate::engine::state::State;
    use proptest::prelude::*;

    /// Random nested definitions: workflow `w{i}` may reference only
    /// `w{j}` with j > i, so the set is acyclic (as the catalog guarantees).
    fn defs() -> impl Strategy<Value = BTreeMap<String, Workflow>> {
        (1usize..6)
            .prop_flat_map(|n| {
                proptest::collection::vec(
                    (
                        any::<bool>(),
                        proptest::collection::vec((any::<bool>(), 0usize..8), 1..5),
                    ),
                    n,
                )
            })
            .prop_map(|spec| {
                let n = spec.len();
                let mut m = BTreeMap::new();
                for (i, (loopable, entries)) in spec.into_iter().enumerate() {
                    let phases = entries
                        .into_iter()
                        .enumerate()
                        .map(|(k, (is_ref, target))| {
                            let remaining = n - i - 1;
                            if is_ref && remaining > 0 {
                                Entry::Subworkflow(format!("w{}", i + 1 + target % remaining))
                            } else {
                                phase(&format!("p{i}_{k}"))
                            }
                        })
                        .collect();
                    m.insert(format!("w{i}"), wf(&format!("w{i}"), loopable, phases));
                }
                m
            })
    }

    proptest! {
        #[test]
        fn random_steps_keep_a_valid_path(defs in defs(), ops in proptest::collection::vec(0u8..4, 0..60)) {
            let mut run = Run::start(defs, BTreeMap::new(), "w0", "t", "wf".into(), "now".into(), None);
            prop_assert!(run.check().is_ok());
            let mut steps = 0;
            for op in ops {
                if !run.is_active() {
                    break;
                }
                let before = run.clone();
                if op == 0 {
                    if run.loop_scope().is_ok() {
                        steps += 1;
                        // The scope restarts at 0 (re-entering a leading reference); outer scopes are untouched.
                        let k = before.path.len() - 1;
                        prop_assert!(run.path.len() >= before.path.len());
                        prop_assert_eq!(&run.path[..k], &before.path[..k]);
                        prop_assert_eq!(&run.path[k], &Segment { workflow: before.path[k].workflow.clone(), index: 0 });
                    } else {
                        prop_assert_eq!(&run, &before, "a refused loop changes nothing");
                    }
                } else {
                    let predicted = run.next_phase();
                    let adv = run.advance();
                    steps += 1;
                    match adv {
                        Advance::Done { .. } => {
                            prop_assert!(predicted.is_none());
                            prop_assert_eq!(run.status, RunStatus::Completed);
                        }
                        Advance::Moved { .. } => prop_assert_eq!(Some(run.phase().clone()), predicted),
                    }
                }
                prop_assert!(run.check().is_ok(), "{:?}", run.check());
                prop_assert_eq!(run.steps, steps);
                let _ = run.status_bar();
                let marked = run.all_steps().iter().filter(|(here, _)| *here).count();
                prop_assert_eq!(marked, 1);
            }
        }

        #[test]
        fn state_survives_a_write_read_round_trip(defs in defs(), n in 0usize..20, streak in 0u32..30) {
            let mut run = Run::start(defs, BTreeMap::new(), "w0", "t \"quoted\" ✓", "wf".into(), "now".into(), Some("s".into()));
            for _ in 0..n {
                if run.is_active() { run.advance(); }
            }
            let mut state = State { run: Some(run), ..State::default() };
            state.nudge.streak = streak;
            state.todos.push(crate::engine::todos::Todo { text: "a\nb".into(), status: crate::engine::todos::TodoStatus::InProgress });
            let text = serde_json::to_string(&state).unwrap();
            let back: State = serde_json::from_str(&text).unwrap();
            prop_assert!(back.check().is_ok());
            prop_assert_eq!(back, state);
        }
    }
}
