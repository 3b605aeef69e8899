//! The shell-analyser corpus: real commands coding agents run, split into
//! ones that write files (must be caught) and read-only ones (must pass).
//! Prints the figures and every miss so the README can report them.

use flowgate::shell::analyse;

/// Cases of one corpus file: (command, why). Lines are `<command>\t<why>`
/// split at the last tab; `⏎` stands for a newline inside the command.
fn load(name: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/shell-corpus/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            let (cmd, why) = l
                .rsplit_once('\t')
                .unwrap_or_else(|| panic!("{path}:{}: no TAB between command and why", n + 1));
            (cmd.replace('⏎', "\n"), why.to_string())
        })
        .collect()
}

fn flagged(cmd: &str) -> bool {
    let a = analyse(cmd);
    !a.writes.is_empty() || a.unparsable.is_some()
}

#[test]
fn corpus_writes_are_caught_and_read_only_commands_pass() {
    let writes = load("writes.txt");
    let readonly = load("readonly.txt");
    assert!(
        writes.len() >= 160,
        "writes corpus has {} cases",
        writes.len()
    );
    assert!(
        readonly.len() >= 160,
        "read-only corpus has {} cases",
        readonly.len()
    );

    let missed: Vec<_> = writes.iter().filter(|(c, _)| !flagged(c)).collect();
    let false_pos: Vec<_> = readonly.iter().filter(|(c, _)| flagged(c)).collect();

    let caught = 100.0 * (writes.len() - missed.len()) as f64 / writes.len() as f64;
    let fp = 100.0 * false_pos.len() as f64 / readonly.len() as f64;
    println!(
        "writes caught: {}/{} ({caught:.1}%)",
        writes.len() - missed.len(),
        writes.len()
    );
    println!(
        "read-only false positives: {}/{} ({fp:.1}%)",
        false_pos.len(),
        readonly.len()
    );
    for (c, why) in &missed {
        println!("MISSED WRITE: {c:?} ({why})");
    }
    for (c, why) in &false_pos {
        let a = analyse(c);
        println!(
            "FALSE POSITIVE: {c:?} ({why}): writes={:?} unparsable={:?}",
            a.writes, a.unparsable
        );
    }
    assert!(caught >= 98.0, "only {caught:.1}% of writes caught");
    assert!(fp <= 1.0, "{fp:.1}% of read-only commands flagged");
}
