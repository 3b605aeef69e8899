//! `analyse` must never panic, hang or overflow the stack, whatever the
//! agent sends: property tests over arbitrary strings and over strings built
//! from shell metacharacters, explicit deep-nesting cases, and a timed 10 KB
//! command.

use std::time::{Duration, Instant};

use flowgate::shell::{Analysis, analyse};
use proptest::prelude::*;

/// What every analysis must satisfy, parsable or not.
fn check_invariants(input: &str, a: &Analysis) {
    for c in &a.commands {
        assert!(c.argv().len() > 0, "empty argv for {input:?}");
        assert_eq!(
            c.text,
            c.argv().collect::<Vec<_>>().join(" "),
            "text is not argv joined, for {input:?}"
        );
    }
    assert!(
        a.writes.iter().all(|w| !w.is_empty()),
        "empty write description for {input:?}"
    );
    // Every write names its files or says it cannot; nothing is named or
    // unnamed without a write.
    assert_eq!(
        a.writes.is_empty(),
        a.targets.is_empty() && a.unnamed.is_empty(),
        "writes, targets and unnamed disagree for {input:?}: {a:?}"
    );
    assert!(
        a.targets.iter().chain(&a.unknown).all(|t| !t.is_empty()),
        "empty target or unknown name for {input:?}"
    );
    if let Some(r) = &a.unparsable {
        assert!(!r.is_empty(), "empty unparsable reason for {input:?}");
        // Reasons that quote the input quote a short, one-line part of it.
        if r.contains("only known at run time") {
            assert!(
                !r.contains(['\n', '\r']) && r.chars().count() <= 130,
                "run-time reason too long or not one line for {input:?}: {r:?}"
            );
        }
    }
}

/// Fragments that exercise every branch of the parser and the classifier.
const PIECES: &[&str] = &[
    "'",
    "\"",
    "$(",
    ")",
    "(",
    "`",
    "\\`",
    "<<",
    "<<-",
    "<<'EOF'",
    "<<EOF",
    "EOF",
    "\n",
    "\t",
    "${",
    "}",
    "{",
    "|",
    "||",
    "&&",
    "&",
    ";",
    ";;",
    ">",
    ">>",
    ">&",
    "&>",
    "2>&1",
    "<",
    "<<<",
    "<>",
    ">|",
    "$'",
    "\\",
    "$((",
    "))",
    "((",
    "[[",
    "]]",
    "<(",
    ">(",
    "#",
    "=",
    "x=",
    "a=(",
    "@(",
    " ",
    " ",
    " ",
    "a",
    "f.txt",
    "é",
    "😀",
    "\0",
    "$",
    "bash -c ",
    "sh -c '",
    "eval ",
    "sudo ",
    "env A=1 ",
    "xargs ",
    "find . -exec ",
    "\\;",
    " {} +",
    "case x in ",
    " in ",
    "esac",
    "for i in ",
    "do ",
    "done",
    "if ",
    "then ",
    "fi",
    "function ",
    "f() ",
    "python3 -c ",
    "$x ",
    "\"$x\" ",
    "$(x) ",
    "| bash",
    "| python3 -",
    "source <(",
    "xargs -I{} ",
    "xargs -I % ",
    "{a,b}",
    "*",
    "/dev/stdin",
    "timeout $t ",
    "node -e ",
    "perl -pi -e ",
    "awk '",
    "sed -i ",
    "git -C d ",
    "apply",
    "tar xzf ",
    "curl -o ",
    "echo ",
    "rm ",
    "tee ",
    "cat ",
    "| sh",
    "open('x','w')",
    "print >",
    "w out",
    "\\\n",
    "--",
    "-",
    "-c",
    "-e",
    "-i",
    // issue 10: the table engine and the new code paths
    "time ",
    "time -p ",
    "coproc ",
    "coproc N { ",
    "git -C d ",
    "commit ",
    "tag -n5 ",
    "npm run ",
    "pnpm ",
    "yarn ",
    "npx ",
    "-- ",
    "--fix ",
    "--dry-run ",
    "--help ",
    "-o ",
    "--output=",
    "--out-dir ",
    "of=",
    "cp ",
    "mv ",
    "sort -o ",
    "cargo +nightly fmt ",
    "uv run ",
    "sudo -u root ",
    "timeout 5 ",
    "flock f -c ",
    "trap '",
    "watch ",
    "hyperfine ",
    "gdb --args ",
    "env -S '",
    "env -C d ",
    "script -c ",
    "parallel ",
    ":::",
    "sqlite3 db ",
    "'INSERT ",
    ".output f",
    "pwsh -c ",
    "Set-Content x ",
    "lua -e ",
    "io.open('x','w') ",
    "Rscript -e ",
    "writeLines('a', 'b') ",
    "cd d && ",
    "cd ",
    "manage.py ",
    "make fmt ",
    "protoc --go_out=",
];

fn pieces() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Off)),
        ..ProptestConfig::default()
    })]

    #[test]
    fn never_panics_on_arbitrary_strings(s in any::<String>()) {
        check_invariants(&s, &analyse(&s));
    }

    #[test]
    fn never_panics_on_printable_ascii(s in "[ -~\n\t]{0,300}") {
        check_invariants(&s, &analyse(&s));
    }

    #[test]
    fn never_panics_on_shell_metacharacters(s in pieces()) {
        check_invariants(&s, &analyse(&s));
    }

    #[test]
    fn never_panics_on_repeated_nesting(piece in prop::sample::select(PIECES), n in 0usize..3000) {
        let s = piece.repeat(n);
        check_invariants(&s, &analyse(&s));
    }
}

#[test]
fn deep_nesting_is_reported_not_overflowed() {
    let cases = [
        format!("{}x{}", "$(".repeat(5000), ")".repeat(5000)),
        format!("{}x{}", "(".repeat(5000), ")".repeat(5000)),
        format!("{}x", "$(".repeat(5000)),
        "{ ".repeat(5000),
        format!("{}x{}", "\"$(".repeat(3000), ")\"".repeat(3000)),
        format!("{}x{}", "<(".repeat(3000), ")".repeat(3000)),
        format!("{}x{}", "${".repeat(3000), "}".repeat(3000)),
        format!("{}rm x", "eval ".repeat(5000)),
        format!("{}rm x", "bash -c ".repeat(5000)),
        format!("{}rm x", "sudo ".repeat(5000)),
        format!("{}rm x", "xargs ".repeat(5000)),
        format!("{}rm x", "find . -exec ".repeat(3000)),
        "case x in a) ".repeat(3000),
        "if ".repeat(5000),
        "cat <<EOF\n".repeat(3000),
        "`".repeat(5000),
        // backticks nested with escapes: \` \\\` \\\\\\\` …
        (0..14).fold("rm x".to_string(), |s, _| {
            format!("`{}`", s.replace('\\', "\\\\").replace('`', "\\`"))
        }),
    ];
    for c in &cases {
        let t = Instant::now();
        let a = analyse(c);
        check_invariants(c, &a);
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "took {:?} on {:.40?}…",
            t.elapsed(),
            c
        );
    }
    let deep = &cases[0];
    assert_eq!(
        analyse(deep).unparsable.as_deref(),
        Some("nesting too deep")
    );
}

/// A realistic long command: a chain of inspections, a loop, quoting of all
/// kinds, substitutions and a commit message here-doc.
fn ten_kb_command() -> String {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < 9_000 {
        s.push_str(&format!(
            "grep -rn 'pattern_{i} > x' src/ --include='*.rs' 2>/dev/null | head -5 && \
             echo \"checked $(basename \"dir_{i}\") at `date +%s`\" >&2 ; \
             FOO={i} timeout 5 bash -c 'cargo test -q test_{i} 2>&1 | tail -1' || true\n"
        ));
        i += 1;
    }
    s.push_str("git commit -m \"$(cat <<'EOF'\n");
    while s.len() < 10_240 {
        s.push_str("Explain the change in more detail, with > and | characters.\n");
    }
    s.push_str("EOF\n)\"\n");
    s
}

#[test]
fn ten_kb_command_is_analysed() {
    let cmd = ten_kb_command();
    assert!(cmd.len() >= 10_240);
    let a = analyse(&cmd);
    assert_eq!(a.unparsable, None);
    assert_eq!(a.writes, ["git commit"]);
    assert!(a.commands.len() > 100);

    let mut times: Vec<Duration> = (0..25)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(analyse(std::hint::black_box(&cmd)));
            t.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "10 KB command ({} bytes, {} simple commands): median {:?}, min {:?}, max {:?} ({} build)",
        cmd.len(),
        a.commands.len(),
        times[times.len() / 2],
        times[0],
        times[times.len() - 1],
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
    );
}
