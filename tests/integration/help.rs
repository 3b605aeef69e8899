//! Help and error messages: suggestions survive the one-line mapping, an
//! error in a subcommand points at that subcommand's help, and the small
//! truths (todo indices start at 0, a stale run shows in the status line,
//! `log -n 0` is not an empty journal, validate lists every problem).

use crate::harness::Ws;

#[test]
fn a_mistyped_command_gets_clap_suggestion_back() {
    let ws = Ws::new();
    let out = ws.run(&["stauts"]);
    out.code(64);
    assert_eq!(
        out.stderr.trim(),
        "flowgate: unrecognized subcommand 'stauts' (did you mean 'start' or 'status'?) (see `flowgate --help`)"
    );
    let out = ws.run(&["todo", "strat", "1"]);
    out.code(64);
    assert!(
        out.stderr.contains("(did you mean 'insert' or 'start'?)")
            && out.stderr.contains("(see `flowgate todo --help`)"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn an_error_in_a_subcommand_points_at_its_help() {
    let ws = Ws::new();
    let out = ws.run(&["todo", "start", "x"]);
    out.code(64);
    assert!(
        out.stderr
            .trim_end()
            .ends_with("(see `flowgate todo start --help`)"),
        "{}",
        out.stderr
    );
    let out = ws.run(&["step", "nxt"]);
    out.code(64);
    assert!(
        out.stderr.contains("did you mean 'next'?")
            && out
                .stderr
                .trim_end()
                .ends_with("(see `flowgate step --help`)"),
        "{}",
        out.stderr
    );
    let out = ws.run(&["log", "--bogus"]);
    assert!(
        out.code(64)
            .stderr
            .trim_end()
            .ends_with("(see `flowgate log --help`)"),
        "{}",
        out.stderr
    );
}

#[test]
fn todo_help_says_indices_start_at_zero() {
    let ws = Ws::new();
    let help = ws.run(&["todo", "start", "--help"]).ok().stdout;
    assert!(help.contains("start at 0"), "{help}");
    let help = ws.run(&["todo", "--help"]).ok().stdout;
    assert!(help.contains("start at 0"), "{help}");
}

#[test]
fn status_line_shows_a_stale_run() {
    let ws = Ws::new();
    let wf = "name = \"Mine\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n";
    ws.write(".flowgate/workflows/mine.toml", wf);
    ws.run(&["start", "mine", "t"]).ok();
    let fresh = ws.run(&["status", "--line"]).ok().stdout;
    assert!(!fresh.contains("stale"), "{fresh}");
    ws.write(
        ".flowgate/workflows/mine.toml",
        &wf.replace("\"x\"", "\"changed\""),
    );
    let line = ws.run(&["status", "--line"]).ok().stdout;
    assert_eq!(line.lines().count(), 1, "{line}");
    assert!(
        line.contains("Mine > A [1/1]") && line.contains("stale"),
        "{line}"
    );
}

#[test]
fn log_zero_is_not_an_empty_journal() {
    let ws = Ws::new();
    assert_eq!(ws.run(&["log"]).ok().stdout.trim(), "The journal is empty.");
    ws.run(&["start", "bugfix", "x"]).ok();
    let out = ws.run(&["log", "-n", "0"]).ok().stdout;
    assert!(!out.contains("empty"), "{out}");
}

#[test]
fn validate_lists_every_problem_of_a_file() {
    // An unknown key used to make the file unusable before its references
    // were looked at, so the missing subworkflow went unreported.
    let ws = Ws::new();
    ws.write(
        ".flowgate/workflows/w.toml",
        "name = \"W\"\ncolour = \"red\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\n[[phases]]\nsubworkflow = \"ghost\"\n",
    );
    let out = ws.run(&["validate"]);
    out.code(78);
    assert!(
        out.stderr.contains("w.toml:2:1: unknown key \"colour\""),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("w.toml:8:15: subworkflow \"ghost\" not found"),
        "{}",
        out.stderr
    );
    // The same when the file is named.
    let file = ws.path().join(".flowgate/workflows/w.toml");
    let out = ws.run(&["validate", &file.display().to_string()]);
    out.code(78);
    assert!(
        out.stderr.contains("unknown key \"colour\""),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("\"ghost\" not found"), "{}", out.stderr);
}
