//! The scenarios, the same on every host. Each reads as a script: what the
//! user does, what the scripted model does turn by turn, what must be
//! true afterwards. Expectations come from the built-in `bugfix` workflow
//! as a user reads it (phase 0 `Diagnose` is read-only, phase 1 `Fix`
//! allows writes, the Fix instructions begin "Fix the root cause of"),
//! from the README (`max_auto_continue`), and from flowgate's real outputs
//! (its journal, its state file): never from flowgate's code.
//!
//! Every project sets `max_auto_continue = 2`, so a script that ends with
//! the run unfinished ends after at most two continuations.

use super::{Host, Item, Outcome, Session, say, shell, todos, write};

const TASK: &str = "checkout total ignores the discount";

/// `<flowgate>` blocks in a text, also as Gemini CLI escapes hook context.
fn blocks(text: &str) -> usize {
    text.matches("<flowgate>").count() + text.matches("&lt;flowgate&gt;").count()
}

fn first_block(text: &str) -> Option<usize> {
    [text.find("<flowgate>"), text.find("&lt;flowgate&gt;")]
        .into_iter()
        .flatten()
        .min()
}

#[track_caller]
fn check(ok: bool, what: &str, out: &Outcome) {
    assert!(ok, "{}: {what}\n{}", out.host, out.dump());
}

/// The user's words reach the model as typed: the text that carries them
/// starts with them, and flowgate's context is added beside them (after
/// them where the host puts both into one text), exactly once in the whole
/// first request (not also from SessionStart).
pub fn context_once_after_the_users_words(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    let words = "Why is the checkout total wrong? Look before you change anything.";
    let out = s.user(words).model(vec![say("Looking into it.")]).run();
    out.assert_finished();

    let first = &out.main()[0];
    let everything: String = first
        .iter()
        .map(|it| match it {
            Item::Text { text, .. } | Item::Result { text, .. } => text.as_str(),
            Item::Call { .. } => "",
        })
        .collect::<Vec<_>>()
        .join("\n");
    check(
        blocks(&everything) == 1,
        &format!(
            "the first request carries the context {} times",
            blocks(&everything)
        ),
        &out,
    );
    let users = out.user_texts(0);
    let mine: Vec<&String> = users.iter().filter(|t| t.contains(words)).collect();
    check(
        mine.len() == 1,
        "the user's words reach the model once",
        &out,
    );
    let mine = mine[0];
    check(
        mine.trim_start().starts_with(words),
        "the text holding the user's words starts with them",
        &out,
    );
    if let Some(b) = first_block(mine) {
        check(
            b > mine.find(words).unwrap(),
            "the context comes after the user's words",
            &out,
        );
    }
    let context = first_block(&everything).map(|b| &everything[b..]);
    check(
        context.is_some_and(|c| c.contains("Diagnose") && c.contains(TASK)),
        "the context names the phase and the task",
        &out,
    );
}

/// In the read-only Diagnose phase a file write and a shell write are both
/// refused: the model reads flowgate's reason in each tool result, and
/// nothing reaches the disk.
pub fn writes_denied_in_a_read_only_phase(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    let out = s
        .user("Fix the checkout total.")
        .model(vec![write("notes.md", "the discount is applied twice\n")])
        .model(vec![shell("echo fixed > shell.txt")])
        .model(vec![say("Both writes were refused; staying in Diagnose.")])
        .run();
    out.assert_finished();

    let denials = out.reasons("deny");
    check(denials.len() == 2, "flowgate denied both calls", &out);
    for (turn, reason) in denials.iter().enumerate() {
        let seen = out.result_of(turn);
        // CodeWhale takes at most 240 characters: flowgate keeps the start
        // and the last sentence (how to go on) of a longer reason.
        let start: String = reason.chars().take(60).collect();
        let shortened = host.caps_reasons()
            && seen.contains(&start)
            && seen.contains("… Finish this phase, then run flowgate step next");
        check(
            seen.contains(reason.as_str()) || shortened,
            &format!(
                "call {turn}: the model sees flowgate's whole reason {reason:?}, got {seen:?}"
            ),
            &out,
        );
        check(
            seen.contains("Diagnose") && seen.contains("flowgate step next"),
            "the reason names the phase and the way on",
            &out,
        );
        check(
            !seen.contains(".."),
            &format!("no doubled full stop in what the model sees: {seen:?}"),
            &out,
        );
    }
    check(
        out.file("notes.md").is_none(),
        "notes.md was not written",
        &out,
    );
    check(
        out.file("shell.txt").is_none(),
        "shell.txt was not written",
        &out,
    );
    check(out.phase() == Some(0), "the run is still in Diagnose", &out);
}

/// `flowgate step next` through the host's shell tool is allowed, moves
/// the run, and its output (the Fix phase's instructions) reaches the model.
pub fn step_next_through_the_shell(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    let out = s
        .user("The discount is applied twice; that is the root cause. Move on.")
        .model(vec![shell("flowgate step next")])
        .model(vec![say("On to the fix.")])
        .run();
    out.assert_finished();

    let seen = out.result_of(0);
    check(
        seen.contains("Fix the root cause of") && seen.contains(TASK),
        &format!("the model reads the Fix phase's instructions, got {seen:?}"),
        &out,
    );
    check(out.phase() == Some(1), "the run is in Fix", &out);
    check(out.reasons("deny").is_empty(), "nothing was denied", &out);
}

/// After `flowgate step next` (phase Fix) the same writes land on disk.
pub fn allowed_write_lands(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    let out = s
        .user("You found the cause; go ahead and fix it.")
        .model(vec![shell("flowgate step next")])
        .model(vec![write("discount.txt", "apply the discount once\n")])
        .model(vec![shell("echo 'total = price - discount' > shell.txt")])
        .model(vec![say("Fixed.")])
        .run();
    out.assert_finished();

    check(out.phase() == Some(1), "the run is in Fix", &out);
    check(out.reasons("deny").is_empty(), "nothing was denied", &out);
    check(
        out.file("discount.txt").as_deref() == Some("apply the discount once\n"),
        "discount.txt was written",
        &out,
    );
    check(
        out.file("shell.txt").as_deref() == Some("total = price - discount\n"),
        "shell.txt was written",
        &out,
    );
}

/// The host's native todo tool, as the model uses it, becomes flowgate's
/// todo list (each change mirrored).
pub fn native_todos_mirrored(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    let (test, fix) = (
        "Add a failing test for the discount",
        "Apply the discount once",
    );
    let out = s
        .user("Plan the checkout fix as todos and start on the first.")
        .model(vec![todos(&[(test, "in_progress"), (fix, "pending")])])
        .model(vec![todos(&[(test, "completed"), (fix, "in_progress")])])
        .model(vec![say("Working on the fix.")])
        .run();
    out.assert_finished();

    let want = vec![
        (test.to_string(), "completed".to_string()),
        (fix.to_string(), "in_progress".to_string()),
    ];
    check(
        out.todos() == want,
        &format!("flowgate's todos are {:?}", out.todos()),
        &out,
    );
}

/// The agent stops with the run unfinished: flowgate's reason comes back
/// to the model as the next prompt (on CodeWhale, which has no stop hook,
/// with the user's next message); the model cancels the run and may stop.
pub fn stop_with_work_left_is_continued(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    s.user("Have a look at the checkout total.")
        .model(vec![say("I think we are done here.")]);
    if !host.stop_hook() {
        s.user("Go on.");
    }
    let out = s
        .model(vec![shell("flowgate step cancel --confirm")])
        .model(vec![say("Cancelled the run.")])
        .run();
    out.assert_finished();

    let seen = out.new_user_texts(1);
    if host.stop_hook() {
        let continued = out.reasons("continue");
        check(continued.len() == 1, "one continuation", &out);
        let reason = &continued[0];
        check(
            reason.contains("Diagnose"),
            "the reason says where the run is",
            &out,
        );
        check(
            seen.iter().any(|t| t.contains(reason.as_str())),
            &format!("the model's next prompt carries flowgate's reason {reason:?}"),
            &out,
        );
    } else {
        check(
            seen.iter().any(|t| {
                t.starts_with("Go on.") && t.contains("still active") && t.contains("Diagnose")
            }),
            "the user's next message carries flowgate's reminder after the user's words",
            &out,
        );
    }
    check(
        out.main().len() == 3,
        "three model turns, then a stop",
        &out,
    );
    check(out.phase().is_none(), "the run was cancelled", &out);
}

/// A model that keeps stopping without progress is continued exactly
/// `max_auto_continue` (2) times, then allowed to stop. (On CodeWhale the
/// user keeps writing "Go on.": two of those messages carry the reminder,
/// the third does not.)
pub fn loop_guard_ends_a_stop_loop(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    s.user("Have a look at the checkout total.")
        .model(vec![say("Done for now.")])
        .model(vec![say("Still done.")])
        .model(vec![say("Really done.")]);
    if !host.stop_hook() {
        s.user("Go on.").user("Go on.").user("Go on.");
        s.model(vec![say("Done again.")]);
    }
    let out = s.run();
    out.assert_finished();

    let turns = if host.stop_hook() { 3 } else { 4 };
    check(
        out.main().len() == turns,
        &format!("{turns} model turns: the first and the continuations"),
        &out,
    );
    let carries = |n: usize| {
        out.new_user_texts(n).iter().any(|t| {
            if host.stop_hook() {
                out.reasons("continue")
                    .iter()
                    .any(|r| t.contains(r.as_str()))
            } else {
                t.contains("still active")
            }
        })
    };
    let received: Vec<usize> = (1..turns).filter(|&n| carries(n)).collect();
    check(
        received == [1, 2],
        &format!("continuations reached the model in turns {received:?}, not [1, 2]"),
        &out,
    );
    if host.stop_hook() {
        check(
            out.reasons("continue").len() == 2,
            "two continuations",
            &out,
        );
        let stops = out.reasons("stop");
        check(
            stops.iter().any(|r| r.contains("loop guard")),
            "the journal says the loop guard let it stop",
            &out,
        );
    } else {
        check(
            out.journal_text().contains("loop guard"),
            "the journal says the loop guard held the reminder back",
            &out,
        );
    }
    check(out.phase() == Some(0), "the run is still there", &out);
}

/// `@flow status` is answered by flowgate; the model is never asked, and
/// the user sees the answer where the headless host shows a blocked
/// prompt's reason (`codex exec` shows only `hook: UserPromptSubmit
/// Blocked`).
pub fn flow_status_without_a_model_request(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    let out = s.user("@flow status").run();
    check(!out.timed_out, "the host ended", &out);

    check(
        out.model_requests() == 0,
        "no request reached the model",
        &out,
    );
    let answers = out.reasons("block");
    check(answers.len() == 1, "flowgate answered the prompt", &out);
    let answer = &answers[0];
    check(
        answer.contains("Bug Fix") && answer.contains("Diagnose"),
        &format!("the answer is the status: {answer:?}"),
        &out,
    );
    if host.shows_prompt_blocks() {
        let shown = format!("{}{}", out.stdout, out.stderr);
        check(shown.contains(answer.as_str()), "the user sees it", &out);
    }
}

/// A deny and a continuation, as the host reports them: never as a failed
/// hook where the host offers a clean way to block (Codex prints
/// `hook: <Event> Blocked`; Claude Code and Gemini CLI report any non-zero
/// exit as a hook error).
pub fn blocks_are_not_hook_failures(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    s.flowgate(&["start", "bugfix", TASK]);
    s.user("Fix the checkout total.")
        .model(vec![write("notes.md", "the discount is applied twice\n")])
        .model(vec![say("I will stop here.")]);
    if host.stop_hook() {
        s.model(vec![shell("flowgate step cancel --confirm")])
            .model(vec![say("Cancelled.")]);
    }
    let out = s.run();
    out.assert_finished();

    let continuations = usize::from(host.stop_hook());
    check(
        out.reasons("deny").len() == 1 && out.reasons("continue").len() == continuations,
        "one deny and, with a stop hook, one continuation",
        &out,
    );
    let failures = host.hook_failures(&out);
    check(
        failures.is_empty(),
        &format!("the host reports failed hooks: {failures:?}"),
        &out,
    );
    if let Some(clean) = host.clean_blocks(&out) {
        check(
            clean.len() > continuations,
            &format!("the host reports the blocks as blocks: {clean:?}"),
            &out,
        );
    }
    check(out.code == Some(0), "the host exits 0", &out);
}

/// A whole red-green cycle of the built-in `tdd` workflow, its evidence
/// gates judged by a real test suite: in Red a source write is denied
/// naming the rule, `step next` with passing tests stays in Red and says
/// why, a failing test is written and `step next` moves to Green, the fix
/// lands, and `step next` with the suite passing moves to Refactor.
pub fn tdd_red_green_cycle(host: &dyn Host) {
    let Some(mut s) = Session::new(host) else {
        return;
    };
    // A tiny project: its test suite runs every tests/test_*.sh; the
    // source file does not exist yet.
    s.project.write(
        ".flowgate/config.toml",
        "max_auto_continue = 2\ntest_command = \"sh tests/run.sh\"\n",
    );
    s.project.write(
        "tests/run.sh",
        "for t in tests/test_*.sh; do sh \"$t\" || exit 1; done\n",
    );
    s.project.write("tests/test_base.sh", "exit 0\n");
    s.flowgate(&["start", "tdd", "apply the discount once"]);
    let out = s
        .user("Apply the discount once, test first.")
        .model(vec![write("src/total.txt", "discount applied once\n")])
        .model(vec![shell("flowgate step next")])
        .model(vec![write(
            "tests/test_discount.sh",
            "grep -q 'applied once' src/total.txt\n",
        )])
        .model(vec![shell("flowgate step next")])
        .model(vec![write("src/total.txt", "discount applied once\n")])
        .model(vec![shell("flowgate step next")])
        .model(vec![say("Red, green, and now refactoring.")])
        .run();
    out.assert_finished();

    // Red: the source write was refused, naming the path.
    let denials = out.reasons("deny");
    check(
        denials.len() == 1 && denials[0].contains("src/total.txt"),
        &format!("one denial, naming src/total.txt: {denials:?}"),
        &out,
    );
    // Red with a passing suite: stays, and says which check and why.
    let stayed = out.result_of(1);
    check(
        stayed.contains("Staying in") && stayed.contains("must fail, but it passed"),
        &format!("the model reads why Red stays: {stayed:?}"),
        &out,
    );
    // A failing test moved the run to Green; the fix made the suite pass.
    let green = out.result_of(3);
    check(
        green.contains("Green"),
        &format!("the failing test moved the run to Green: {green:?}"),
        &out,
    );
    check(
        out.file("tests/test_discount.sh").is_some(),
        "the test file was written in Red",
        &out,
    );
    check(
        out.file("src/total.txt").as_deref() == Some("discount applied once\n"),
        "the fix landed in Green",
        &out,
    );
    check(
        out.phase() == Some(2),
        "the passing suite moved the run to Refactor",
        &out,
    );
}
