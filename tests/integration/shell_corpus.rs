//! The shell-analyser corpus: real commands coding agents run, split into
//! ones that write files (must be caught) and read-only ones (must pass).
//! Prints the figures per batch and every miss so the README can report
//! them: `writes.txt` / `readonly.txt` (the first batches, the analyser was
//! tuned on them) and `blind-writes.txt` / `blind-readonly.txt` (issue 10,
//! written before the analyser was run on them).

use flowgate::shell::analyse;

/// Cases of one corpus file: (command, why). Lines are `<command>\t<why>`
/// split at the last tab; `⏎` stands for a newline inside the command.
pub fn load(name: &str) -> Vec<(String, String)> {
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

/// One corpus file.
pub struct Batch {
    pub file: &'static str,
    /// (command, why)
    pub cases: Vec<(String, String)>,
    /// Its commands write (else they are read-only).
    pub writes: bool,
}

/// Every corpus file, writes first.
pub fn all_cases() -> Vec<Batch> {
    [
        ("writes.txt", true),
        ("blind-writes.txt", true),
        ("blind2-writes.txt", true),
        ("blind3-writes.txt", true),
        ("blind4-writes.txt", true),
        ("blind5-writes.txt", true),
        ("blind6-writes.txt", true),
        ("blind7-writes.txt", true),
        ("blind8-writes.txt", true),
        ("blind9-writes.txt", true),
        ("blind10-writes.txt", true),
        ("blind11-writes.txt", true),
        ("blind12-writes.txt", true),
        ("blind13-writes.txt", true),
        ("blind14-writes.txt", true),
        ("blind15-writes.txt", true),
        ("blind16-writes.txt", true),
        ("blind17-writes.txt", true),
        ("blind18-writes.txt", true),
        ("blind19-writes.txt", true),
        ("blind20-writes.txt", true),
        ("blind21-writes.txt", true),
        ("blind22-writes.txt", true),
        ("blind23-writes.txt", true),
        ("blind24-writes.txt", true),
        ("blind25-writes.txt", true),
        ("blind26-writes.txt", true),
        ("blind27-writes.txt", true),
        ("blind28-writes.txt", true),
        ("blind29-writes.txt", true),
        ("blind30-writes.txt", true),
        ("blind31-writes.txt", true),
        ("readonly.txt", false),
        ("blind-readonly.txt", false),
        ("blind2-readonly.txt", false),
        ("blind3-readonly.txt", false),
        ("blind4-readonly.txt", false),
        ("blind5-readonly.txt", false),
        ("blind6-readonly.txt", false),
        ("blind7-readonly.txt", false),
        ("blind8-readonly.txt", false),
        ("blind9-readonly.txt", false),
        ("blind10-readonly.txt", false),
        ("blind11-readonly.txt", false),
        ("blind12-readonly.txt", false),
        ("blind13-readonly.txt", false),
        ("blind14-readonly.txt", false),
        ("blind15-readonly.txt", false),
        ("blind16-readonly.txt", false),
        ("blind17-readonly.txt", false),
        ("blind18-readonly.txt", false),
        ("blind19-readonly.txt", false),
        ("blind20-readonly.txt", false),
        ("blind21-readonly.txt", false),
        ("blind22-readonly.txt", false),
        ("blind23-readonly.txt", false),
        ("blind24-readonly.txt", false),
        ("blind25-readonly.txt", false),
        ("blind26-readonly.txt", false),
        ("blind27-readonly.txt", false),
        ("blind28-readonly.txt", false),
        ("blind29-readonly.txt", false),
        ("blind30-readonly.txt", false),
        ("blind31-readonly.txt", false),
    ]
    .into_iter()
    .map(|(file, writes)| Batch {
        file,
        cases: load(file),
        writes,
    })
    .collect()
}

fn flagged(cmd: &str) -> bool {
    let a = analyse(cmd);
    !a.writes.is_empty() || a.unparsable.is_some()
}

/// Caught writes and blocked read-only commands of one batch, printed.
struct Figures {
    writes: usize,
    caught: usize,
    readonly: usize,
    blocked: usize,
}

impl Figures {
    fn caught_pct(&self) -> f64 {
        100.0 * self.caught as f64 / self.writes.max(1) as f64
    }
    fn blocked_pct(&self) -> f64 {
        100.0 * self.blocked as f64 / self.readonly.max(1) as f64
    }
}

fn figures(label: &str, writes: &[(String, String)], readonly: &[(String, String)]) -> Figures {
    let missed: Vec<_> = writes.iter().filter(|(c, _)| !flagged(c)).collect();
    let false_pos: Vec<_> = readonly.iter().filter(|(c, _)| flagged(c)).collect();
    let f = Figures {
        writes: writes.len(),
        caught: writes.len() - missed.len(),
        readonly: readonly.len(),
        blocked: false_pos.len(),
    };
    println!(
        "{label}: writes caught {}/{} ({:.1}%), read-only blocked {}/{} ({:.1}%)",
        f.caught,
        f.writes,
        f.caught_pct(),
        f.blocked,
        f.readonly,
        f.blocked_pct()
    );
    for (c, why) in &missed {
        println!("  MISSED WRITE: {c:?} ({why})");
    }
    for (c, why) in &false_pos {
        let a = analyse(c);
        println!(
            "  FALSE POSITIVE: {c:?} ({why}): writes={:?} unparsable={:?}",
            a.writes, a.unparsable
        );
    }
    f
}

#[test]
fn corpus_writes_are_caught_and_read_only_commands_pass() {
    let tuned = figures("tuned batches", &load("writes.txt"), &load("readonly.txt"));
    let blind = figures(
        "first blind batch (issue 10; tuned on since)",
        &load("blind-writes.txt"),
        &load("blind-readonly.txt"),
    );
    let blind2 = figures(
        "second blind batch (issue 10)",
        &load("blind2-writes.txt"),
        &load("blind2-readonly.txt"),
    );
    let blind3 = figures(
        "third blind batch (issue 10; written by someone who had not seen the analyser)",
        &load("blind3-writes.txt"),
        &load("blind3-readonly.txt"),
    );
    let blind4 = figures(
        "fourth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus)",
        &load("blind4-writes.txt"),
        &load("blind4-readonly.txt"),
    );
    let blind5 = figures(
        "fifth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus)",
        &load("blind5-writes.txt"),
        &load("blind5-readonly.txt"),
    );
    let blind6 = figures(
        "sixth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus)",
        &load("blind6-writes.txt"),
        &load("blind6-readonly.txt"),
    );
    let blind7 = figures(
        "seventh blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus)",
        &load("blind7-writes.txt"),
        &load("blind7-readonly.txt"),
    );
    let blind8 = figures(
        "eighth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus)",
        &load("blind8-writes.txt"),
        &load("blind8-readonly.txt"),
    );
    let blind9 = figures(
        "ninth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus)",
        &load("blind9-writes.txt"),
        &load("blind9-readonly.txt"),
    );
    let blind10 = figures(
        "tenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; adversarial)",
        &load("blind10-writes.txt"),
        &load("blind10-readonly.txt"),
    );
    let blind11 = figures(
        "eleventh blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; five real stacks)",
        &load("blind11-writes.txt"),
        &load("blind11-readonly.txt"),
    );
    let blind12 = figures(
        "twelfth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; mobile, embedded, science, operations)",
        &load("blind12-writes.txt"),
        &load("blind12-readonly.txt"),
    );
    let blind13 = figures(
        "thirteenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; infrastructure, monorepos, data, less common languages, docs sites)",
        &load("blind13-writes.txt"),
        &load("blind13-readonly.txt"),
    );
    let blind14 = figures(
        "fourteenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent commands)",
        &load("blind14-writes.txt"),
        &load("blind14-readonly.txt"),
    );
    let blind15 = figures(
        "fifteenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent commands: debugging, profiling, databases, releases, CI, secrets, error recovery)",
        &load("blind15-writes.txt"),
        &load("blind15-readonly.txt"),
    );
    let blind16 = figures(
        "sixteenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent commands in data science and ML, mobile apps, C and C++)",
        &load("blind16-writes.txt"),
        &load("blind16-readonly.txt"),
    );
    let blind17 = figures(
        "seventeenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent commands on a developer's machine: dotfiles, config edits, archives, files, text, downloads, ssh, cron and systemd, logs, processes, shell idioms)",
        &load("blind17-writes.txt"),
        &load("blind17-readonly.txt"),
    );
    let blind18 = figures(
        "eighteenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; the commands an agent types most while exploring and changing a codebase, written the hard way: git plumbing, in-place edits, inline code, compound shell, every redirection)",
        &load("blind18-writes.txt"),
        &load("blind18-readonly.txt"),
    );
    let blind19 = figures(
        "nineteenth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent commands in .NET, PHP, Rails, Elixir, JVM, Swift, Lua, Deno and Bun projects)",
        &load("blind19-writes.txt"),
        &load("blind19-readonly.txt"),
    );
    let blind20 = figures(
        "twentieth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; one ordinary working day in a product repository: TypeScript/React, FastAPI/Django, Go, a Rust CLI, Makefile, Compose, GitHub Actions)",
        &load("blind20-writes.txt"),
        &load("blind20-readonly.txt"),
    );
    let blind21 = figures(
        "twenty-first blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; infrastructure, data and operations work from a repository: Terraform, Kubernetes and Helm, Docker and Compose, Ansible, cloud CLIs, Nix, Bazel, local databases, certificates and secrets, CI helpers)",
        &load("blind21-writes.txt"),
        &load("blind21-readonly.txt"),
    );
    let blind22 = figures(
        "twenty-second blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent commands in Haskell, OCaml, Zig, Nim, Julia, R, Erlang, Clojure, Dart, Crystal, Gleam, Elm, Perl, C/C++ build systems, LaTeX and typst)",
        &load("blind22-writes.txt"),
        &load("blind22-readonly.txt"),
    );
    let blind23 = figures(
        "twenty-third blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent work in JavaScript and TypeScript repositories in depth: package managers and workspaces, monorepo tools, frameworks, linters and formatters, test runners, ORMs and migrations, releases, codemods)",
        &load("blind23-writes.txt"),
        &load("blind23-readonly.txt"),
    );
    let blind24 = figures(
        "twenty-fourth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent work in Python back-end and tooling repositories in depth: Django, FastAPI, Flask, Celery, Alembic, pytest, package and environment managers, linters, inline scripts, notebooks, docs, packaging)",
        &load("blind24-writes.txt"),
        &load("blind24-readonly.txt"),
    );
    let blind25 = figures(
        "twenty-fifth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent work in Rust and Go repositories in depth: cargo and its plugins, rustup, insta, sqlx and diesel, the go tool, gofmt and linters, code generators, buf and protoc, profiling, goreleaser, Makefiles and justfiles, release work)",
        &load("blind25-writes.txt"),
        &load("blind25-readonly.txt"),
    );
    let blind26 = figures(
        "twenty-sixth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent work in JVM, .NET, Ruby and PHP repositories in depth: Gradle, Maven, sbt, Android tools, dotnet and EF, Rails and its generators, rubocop, sorbet, composer, artisan and bin/console, PHP fixers and analysers)",
        &load("blind26-writes.txt"),
        &load("blind26-readonly.txt"),
    );
    let blind27 = figures(
        "twenty-seventh blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; one ordinary working week of an agent over four repositories: a Flutter and Firebase app, a Rails monolith with Sidekiq and Postgres, a Go gRPC service with Kubernetes manifests, a documentation site and its CI)",
        &load("blind27-writes.txt"),
        &load("blind27-readonly.txt"),
    );
    let blind28 = figures(
        "twenty-eighth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; everyday agent work in less common stacks: Swift and Apple tooling, Kotlin Multiplatform, game development and asset tools, embedded (PlatformIO, Zephyr, ESP-IDF, probes), scientific and HPC work (conda, Slurm, Fortran, MATLAB/Octave, HDF5/NetCDF, Snakemake, Nextflow))",
        &load("blind28-writes.txt"),
        &load("blind28-readonly.txt"),
    );
    let blind29 = figures(
        "twenty-ninth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; writes that are hard to see: through wrappers and runners, inline code in interpreters, git plumbing and config, redirections in unusual places, editors in batch mode, archive and sync tools, each with a read-only look-alike)",
        &load("blind29-writes.txt"),
        &load("blind29-readonly.txt"),
    );
    let blind30 = figures(
        "thirtieth blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; one ordinary working day of an agent in a SaaS monorepo: Next.js and NestJS in TypeScript with pnpm and turbo, Prisma on Postgres, Redis, a Python worker, Terraform, Docker Compose, GitHub Actions)",
        &load("blind30-writes.txt"),
        &load("blind30-readonly.txt"),
    );
    let blind31 = figures(
        "thirty-first blind batch (issue 10; a reviewer who had seen neither the analyser nor any corpus; one ordinary working week of an agent with a data and ML team: notebooks, pandas and polars, DuckDB and sqlite, dbt, Airflow, Spark, MLflow, DVC, Hugging Face, PyTorch, conda and uv, Docker with GPUs, object storage CLIs, csvkit, jq, xsv)",
        &load("blind31-writes.txt"),
        &load("blind31-readonly.txt"),
    );
    let all = all_cases();
    for b in &all {
        let kind = if b.writes { "writes" } else { "read-only" };
        println!("{}: {} {kind} cases", b.file, b.cases.len());
    }
    let writes: Vec<_> = all
        .iter()
        .filter(|b| b.writes)
        .flat_map(|b| b.cases.clone())
        .collect();
    let readonly: Vec<_> = all
        .iter()
        .filter(|b| !b.writes)
        .flat_map(|b| b.cases.clone())
        .collect();
    let whole = figures("whole corpus", &writes, &readonly);
    assert!(tuned.writes >= 160 && tuned.readonly >= 160);
    assert!(blind.writes >= 150 && blind.readonly >= 150);
    assert!(blind2.writes >= 100 && blind2.readonly >= 100);
    assert!(blind3.writes >= 250 && blind3.readonly >= 250);
    // The fourth batch: its misses (builds that emit, snapshot updates by
    // environment or project flag, deno run --allow-write, git fetch) are
    // listed in its History; it must not get worse.
    assert!(blind4.writes >= 350 && blind4.readonly >= 350);
    assert!(
        blind4.caught_pct() >= 98.5 && blind4.blocked_pct() <= 1.0,
        "fourth blind batch: {:.1}% caught, {:.1}% blocked",
        blind4.caught_pct(),
        blind4.blocked_pct()
    );
    // The fifth batch: its one read-only command still flagged (eval of a
    // variable) is the safe side; it must not get worse either.
    assert!(blind5.writes >= 320 && blind5.readonly >= 290);
    assert!(
        blind5.caught_pct() >= 99.6 && blind5.blocked_pct() <= 0.4,
        "fifth blind batch: {:.1}% caught, {:.1}% blocked",
        blind5.caught_pct(),
        blind5.blocked_pct()
    );
    // The sixth batch: its two read-only commands still flagged are
    // `mktemp -d`, which the table counts as a write on purpose.
    assert!(blind6.writes >= 320 && blind6.readonly >= 300);
    assert!(
        blind6.caught_pct() >= 99.5 && blind6.blocked_pct() <= 0.7,
        "sixth blind batch: {:.1}% caught, {:.1}% blocked",
        blind6.caught_pct(),
        blind6.blocked_pct()
    );
    // The seventh batch: every write caught since its last two misses
    // (`skopeo copy … dir:PATH`, `ansible localhost -m copy`) were fixed,
    // and no read-only command flagged since vim's ex mode is read (its
    // History).
    assert!(blind7.writes >= 320 && blind7.readonly >= 300);
    assert!(
        blind7.caught_pct() >= 100.0 && blind7.blocked_pct() <= 0.0,
        "seventh blind batch: {:.1}% caught, {:.1}% blocked",
        blind7.caught_pct(),
        blind7.blocked_pct()
    );
    // The eighth batch: every write caught since its last miss (`skopeo
    // copy … dir:PATH`) was fixed; its one read-only command still
    // flagged (`source <(…)`) is listed in its History; it must not get
    // worse.
    assert!(blind8.writes >= 300 && blind8.readonly >= 300);
    assert!(
        blind8.caught_pct() >= 100.0 && blind8.blocked_pct() <= 0.4,
        "eighth blind batch: {:.1}% caught, {:.1}% blocked",
        blind8.caught_pct(),
        blind8.blocked_pct()
    );
    // The ninth batch: every write is caught; its one read-only command
    // still flagged (`$(which python3) --version`: a command name only
    // known at run time, the safe side) is listed in its History.
    assert!(blind9.writes >= 520 && blind9.readonly >= 650);
    assert!(
        blind9.caught_pct() >= 99.8 && blind9.blocked_pct() <= 0.2,
        "ninth blind batch: {:.1}% caught, {:.1}% blocked",
        blind9.caught_pct(),
        blind9.blocked_pct()
    );
    // The tenth batch (adversarial): every write caught since a makefile
    // from stdin has its recipes analysed; its one read-only command still
    // flagged (`x=echo; $x rm -rf /`: a command name only known at run
    // time) is listed in its History.
    assert!(blind10.writes >= 670 && blind10.readonly >= 720);
    assert!(
        blind10.caught_pct() >= 100.0 && blind10.blocked_pct() <= 0.2,
        "tenth blind batch: {:.1}% caught, {:.1}% blocked",
        blind10.caught_pct(),
        blind10.blocked_pct()
    );
    // The eleventh batch: every write caught since a DuckDB file changed
    // from Python counts; its one read-only command flagged is `git push
    // -u`, which does record the upstream in .git/config.
    assert!(blind11.writes >= 380 && blind11.readonly >= 580);
    assert!(
        blind11.caught_pct() >= 100.0 && blind11.blocked_pct() <= 0.2,
        "eleventh blind batch: {:.1}% caught, {:.1}% blocked",
        blind11.caught_pct(),
        blind11.blocked_pct()
    );
    // The twelfth batch: since its fixes every write is caught and no
    // read-only command is flagged (its History); nothing is left missed
    // on purpose. It must not get worse.
    assert!(blind12.writes >= 480 && blind12.readonly >= 500);
    assert!(
        blind12.caught_pct() >= 100.0 && blind12.blocked_pct() <= 0.0,
        "twelfth blind batch: {:.1}% caught, {:.1}% blocked",
        blind12.caught_pct(),
        blind12.blocked_pct()
    );
    // The thirteenth and fourteenth batches: since their fixes every write
    // is caught and no read-only command is flagged (their History).
    assert!(blind13.writes >= 480 && blind13.readonly >= 500);
    assert!(blind14.writes >= 590 && blind14.readonly >= 750);
    // The fifteenth batch: every write caught; one read-only command
    // flagged (`env $(…) node …`, a command name that may come from the
    // substitution): its History.
    assert!(blind15.writes >= 440 && blind15.readonly >= 500);
    assert!(
        blind15.caught_pct() >= 100.0 && blind15.blocked_pct() <= 0.2,
        "fifteenth blind batch: {:.1}% caught, {:.1}% blocked",
        blind15.caught_pct(),
        blind15.blocked_pct()
    );
    // The sixteenth to nineteenth batches: since their fixes every write
    // is caught; one read-only command of the sixteenth is flagged (a
    // `bash -c` loop running "$t", a command name only known at run time):
    // their History.
    assert!(blind16.writes >= 520 && blind16.readonly >= 560);
    assert!(blind17.writes >= 480 && blind17.readonly >= 540);
    assert!(blind18.writes >= 460 && blind18.readonly >= 510);
    assert!(blind19.writes >= 450 && blind19.readonly >= 525);
    // The twentieth to twenty-fourth: first runs 98.7%, 91.5%, 83.9%,
    // 91.9%, 92.6% caught and 0.0%, 0.8%, 0.6%, 0.2%, 0.5% blocked (their
    // History); since their fixes every write is caught and none blocked.
    assert!(blind20.writes >= 460 && blind20.readonly >= 540);
    assert!(blind21.writes >= 465 && blind21.readonly >= 520);
    assert!(blind22.writes >= 470 && blind22.readonly >= 495);
    assert!(blind23.writes >= 490 && blind23.readonly >= 585);
    // (two of its read-only lines moved to the writes: its History)
    assert!(blind24.writes >= 350 && blind24.readonly >= 400);
    // The twenty-fifth to twenty-seventh: first runs 94.0%, 94.5%, 97.6%
    // caught and 0.2% blocked each (their History); since their fixes
    // every write is caught and none blocked.
    // The twenty-eighth and twenty-ninth: first runs 78.1% and 98.1%
    // caught, 1.1% and 3.4% blocked; since their fixes every write is
    // caught, none of the twenty-eighth's read-only commands is blocked
    // and four of the twenty-ninth's are (their History).
    // The thirtieth: first run 99.3% caught and none blocked; since its
    // fixes every write is caught.
    // The thirty-first: first run 96.9% caught and 0.2% blocked; since its
    // fixes 98.3% caught and none blocked, six misses listed in its
    // History; it must not get worse.
    assert!(
        blind31.caught_pct() >= 98.3 && blind31.blocked_pct() <= 0.0,
        "thirty-first blind batch: {:.1}% caught, {:.1}% blocked",
        blind31.caught_pct(),
        blind31.blocked_pct()
    );
    assert!(blind25.writes >= 445 && blind25.readonly >= 485);
    assert!(blind26.writes >= 415 && blind26.readonly >= 450);
    assert!(blind27.writes >= 420 && blind27.readonly >= 460);
    assert!(blind28.writes >= 395 && blind28.readonly >= 445);
    assert!(blind29.writes >= 480 && blind29.readonly >= 530);
    assert!(blind30.writes >= 300 && blind30.readonly >= 360);
    assert!(blind31.writes >= 355 && blind31.readonly >= 400);
    for (label, f, blocked) in [
        ("sixteenth", &blind16, 0.2),
        ("seventeenth", &blind17, 0.0),
        ("eighteenth", &blind18, 0.0),
        ("nineteenth", &blind19, 0.0),
        ("twentieth", &blind20, 0.0),
        ("twenty-first", &blind21, 0.0),
        ("twenty-second", &blind22, 0.0),
        ("twenty-third", &blind23, 0.0),
        ("twenty-fourth", &blind24, 0.0),
        ("twenty-fifth", &blind25, 0.0),
        ("twenty-sixth", &blind26, 0.0),
        ("twenty-seventh", &blind27, 0.0),
        ("twenty-eighth", &blind28, 0.0),
        // four read-only look-alikes stay blocked: its History
        ("twenty-ninth", &blind29, 0.8),
        ("thirtieth", &blind30, 0.0),
    ] {
        assert!(
            f.caught_pct() >= 100.0 && f.blocked_pct() <= blocked,
            "{label} blind batch: {:.1}% caught, {:.1}% blocked",
            f.caught_pct(),
            f.blocked_pct()
        );
    }
    for (label, f) in [("thirteenth", &blind13), ("fourteenth", &blind14)] {
        assert!(
            f.caught_pct() >= 100.0 && f.blocked_pct() <= 0.0,
            "{label} blind batch: {:.1}% caught, {:.1}% blocked",
            f.caught_pct(),
            f.blocked_pct()
        );
    }
    for (label, f) in [
        ("first blind batch", &blind),
        ("second blind batch", &blind2),
        ("third blind batch", &blind3),
        ("ninth blind batch", &blind9),
        ("tenth blind batch", &blind10),
        ("whole corpus", &whole),
    ] {
        assert!(
            f.caught_pct() >= 98.0,
            "{label}: only {:.1}% of writes caught",
            f.caught_pct()
        );
        assert!(
            f.blocked_pct() <= 1.0,
            "{label}: {:.1}% of read-only commands flagged",
            f.blocked_pct()
        );
    }
}
