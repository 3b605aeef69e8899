//! Shell-command analysis: what a command line the agent wants to run would
//! execute, and whether any part of it writes files.
//!
//! A phase with `shell.deny_writes = true` is read-only, and an agent that is
//! denied the edit tool can still write through the shell (`sed -i`, `tee`,
//! `>`, `python -c "open(…,'w')"`, `bash -c '…'`, `git apply`, `cargo fmt`).
//! [`analyse`] closes that bypass: it splits the line into every simple
//! command it runs — including those in `$(…)`, backticks, subshells,
//! `bash -c`/`eval` strings, `find -exec` and `xargs` — strips env
//! assignments and wrappers (`sudo`, `env`, `timeout`, …), and names each
//! write it finds and, where it can, the files it writes. When it cannot tell (unterminated quote, unclosed
//! here-doc, nesting too deep, a command name or code that only exists at
//! run time) it says so in [`Analysis::unparsable`] rather than guessing, so
//! the caller can fail closed.
//!
//! # Why a hand-written parser
//!
//! The crates that exist were measured on this project's machine, and none
//! fits a hook that starts fresh on every tool call and must stay within
//! ~1.5× an empty binary's wall time (~1 ms here):
//! - `brush-parser` 0.4 (maintained, MIT): 133 crates in its tree
//!   (`insta`, `cached`, `bon`, `peg`, `tracing` as normal dependencies),
//!   40 s release build, ~2 ms to parse a 10 KB line, `unwrap`s in its
//!   tokenizer.
//! - `tree-sitter-bash` 0.25: C grammar built by `cc`, 1.8 MB binary,
//!   ~1.9 ms for the same 10 KB line, and an error-tolerant tree that would
//!   still need all of the semantic layer below.
//! - `yash-syntax`: GPL-3.0 (flowgate is MIT) and an async parser API.
//! - `conch-parser`: unmaintained since 2017. `shell-words`: splits words
//!   only; no operators, substitutions or here-docs.
//!
//! The part that matters — which commands write — has to be written here
//! anyway, and the syntax needed for it (quotes, operators, substitutions,
//! here-docs, compound commands) is small. So [`parse`] is a std-only
//! recursive-descent parser — bounds-checked, depth- and budget-limited so
//! it cannot panic, overflow the stack or blow up. A maintained parser is
//! kept as a second opinion in the tests: `brush-parser` (a dev-dependency)
//! must find the same simple commands on every corpus command.
//!
//! # What commands write: a table
//!
//! What a command writes is data ([`spec`] for the fields, `table.rs` for
//! ~400 built-in commands, `[shell.commands.NAME]` in config.toml for the
//! user's), read by a small engine (`engine.rs`): options that take
//! values, output options, write flags, read-only and listing flags,
//! subcommands, wrappers that run another argv (in a container: only
//! through a writable bind mount of a host path), shell code in options or
//! arguments, directory options, task names. Commands in no table are
//! judged by general rules (`-o FILE`, `--output`, `-out`, `--fix`,
//! `--write`, `-w`, `--in-place`, `--update-snapshots`, a name that says
//! format or fix, a first word that scaffolds, formats or acts on local
//! files: `new`, `fmt`, `install`, `sync`, `lock`, `commit`, `enable`,
//! `TOOL env pull`, `TOOL config set`, `TOOL login`, a project-local noun
//! and a verb that changes it: `TOOL dependency update`, `TOOL mod tidy`;
//! `TOOL cp|copy SRC DEST` to a local DEST; `--yes`, `--force`,
//! `-auto-approve`; `--LANG_out=DIR`, `--destination`, `--export-FORMAT`;
//! `-o json` names a format, not a file) and listed in
//! [`Analysis::unknown`]. Known commands reach those rules too: a
//! subcommand their table does not list is judged by the verbs and long
//! write flags (`docker login`, `gh config set`; as a later word only
//! `install`, `pull`, `add`, `login`, …), and a long output option
//! (`--outDir DIR`, `--out-file F`) writes where their spec names no output. The table is compiled at build time into integers
//! and bytes (`compact.rs`): pointers in static data would cost a
//! relocation each at every process start. What needs code stays in
//! `classify.rs` and `code.rs`: shells, `eval`, `source`, aliases (a value
//! runs where its name is later used), interpreters and their inline code
//! (Python, `exec('…')` included, Node, Perl, Ruby, PHP, Lua, R,
//! PowerShell, Julia, Tcl; Erlang's `erl -eval`, Clojure's `clojure -e` and
//! `bb -e`, Haskell's `ghc -e`, `crystal eval`, `ts-node -e`, `mix run
//! -e`), Emacs in batch mode, `sed`, `awk` and Miller (`mlr`) programs,
//! `find -exec`, `xargs`, `parallel`, `tar`, SQL given to
//! `sqlite3`/`duckdb`, `psql` backslash commands from `-c` or a here-doc
//! (`\copy … TO 'file'`), `ex` and `ed` scripts (read-only only when seen
//! whole and made of commands that print and quit), `cd`.
//!
//! Writes name their files where the text says them ([`Analysis::targets`]:
//! redirections, destinations, `sed -i` files, output options, relative to a
//! leading `cd DIR`), and say so when it does not ([`Analysis::unnamed`]), so
//! path rules can check shell writes. A realistic 10 KB command line (400
//! simple commands, nested `bash -c`, a commit here-doc) is analysed in
//! ~0.25 ms in release. Adversarial input (`eval eval …`, 5 000-deep `$(`)
//! is cut off by the depth limit and the work budget within a few ms.
//!
//! # Decisions on what counts as a write
//!
//! - Builds and tests (`cargo build/test/check/clippy/run`, `make`,
//!   `npm test`, `pytest`, `go test`) are not writes: they only write build
//!   output. A clean that deletes it (`cargo clean`, `bazel clean`) is.
//!   Running a script file (`python x.py`, `bash run.sh`) is not a
//!   write either: its contents are not visible here.
//! - A package built for shipping is a write (`npm pack`, `python -m
//!   build`, `poetry build`, `gem build`, `dotnet pack -o out`): it is a
//!   deliverable file, like a download. `cargo package`, which writes only
//!   under `target/`, is build output.
//! - Make/npm/yarn/pnpm targets named like formatters or fixers (`make fmt`,
//!   `npm run format`, `npm run lint:fix`) are writes.
//! - Installing dependencies (`npm install`, `pip install`, `cargo add`,
//!   `go get`, `go mod tidy`, …) is a write: it changes manifests, lock files
//!   or the dependency tree.
//! - `git fetch` and `git push` are not writes (they change no file in the
//!   work tree; `git push` has its own rules), but `git push -u` is: it
//!   records the upstream in `.git/config`. `git pull`, `checkout`,
//!   `commit`, `stash`, … are.
//! - Redirections to `/dev/null`, `/dev/stdout`, `/dev/stderr`, `/dev/tty`,
//!   `/dev/fd/N` and descriptor copies (`2>&1`, `>&2`) are not writes;
//!   any other output redirection is, wherever it points (`/tmp` included).
//! - `mktemp` is a write like any other file it creates, `/tmp` included
//!   (`mktemp -u` only prints a name); the lock file `flock FILE` creates
//!   is not.
//! - An option that names an output file is a write, whatever the tool:
//!   `gcc -o bin/x`, `go build -o bin/x`, `go test -coverprofile=c.out`,
//!   `pandoc -o`, `strace -o`; `-o -` and `-o /dev/null` are not.
//! - Code generators, migrations and snapshot updates write (`protoc
//!   --go_out`, `manage.py makemigrations`, `prisma migrate dev`,
//!   `jest -u`); so do database changes to a database file (`sqlite3 app.db
//!   "INSERT …"`, SQL from a file or a pipe flowgate cannot see) and
//!   `systemctl enable`, `crontab -`. State changes elsewhere are not file
//!   writes (`kubectl apply`, `docker run`, `systemctl restart`).
//! - A container's writes stay in it, unless a writable bind mount of a
//!   host path carries them out (`docker run -v "$PWD":/app node npm ci`):
//!   then its command is analysed as a command of its own, and its writes
//!   count, unnamed (their paths are the container's). An image whose
//!   entrypoint is a known tool runs it with the words after the image
//!   (`hashicorp/terraform fmt`, `mikefarah/yq -i`).
//! - `nohup CMD` with its output neither redirected nor piped is a write:
//!   nohup appends to `nohup.out` when its output is a terminal, which a
//!   host may give its commands (a pty).
//!
//! # Run-time commands
//!
//! A command whose name or code only exists at run time is unanalysable,
//! with a reason naming the part (`the command name is only known at run
//! time ($cmd)`, `the code run by sh comes from a pipe, only known at run
//! time`), so a write-restricted phase denies it:
//! - a command name (after assignments and wrappers) with an expansion,
//!   substitution, glob or brace pair: `$cmd x`, `"$(which rm)" x`,
//!   `${EDITOR:-vi} f`, `sudo $X`, `xargs $X`, `find -exec $X {} \;`,
//!   `/bin/r? x`, and the `{}` of `find -exec {}` / `xargs -I{} {}`. A
//!   quoted expansion before the last `/` is fine: `"$HOME/bin/tool"` runs
//!   `tool`. An unquoted expansion among a wrapper's options
//!   (`timeout $T cmd`) may split into the command, so it counts too;
//! - code built by the calling shell: an expansion in the string of `eval`,
//!   `sh -c` (all shells), `su -c`, `watch`, `python -c`, `node -e`,
//!   `perl -e`, `ruby -e`, `php -r`, `deno eval`, and in an unquoted here-doc
//!   or here-string fed to an interpreter. `bash -c "echo $X"` counts: `$X`
//!   is spliced in before the inner shell parses it (`X='; rm -rf src'`).
//!   Arithmetic and status values (`$((…))`, `$?`, `$#`) are numbers and do
//!   not count;
//! - a shell or interpreter (`sh`, `bash -s`, `python3 -`, `node`, `perl`,
//!   `ruby`, `php`, `lua`, …) or `source /dev/stdin` reading its program from
//!   a pipe whose text is not plain `echo`/`printf`/`cat <<'EOF'` (`curl … |
//!   sh`, `base64 -d | bash`, `( … ) | sh`), from `< <(…)`, or given a
//!   process substitution as its script (`bash <(…)`, `source <(…)`);
//! - `xargs` supplying the code or the command: `xargs sh -c`, `xargs sudo`,
//!   `parallel` with no command.
//!
//! Run-time arguments are data: `ls "$DIR"`, `grep "$PAT"`,
//! `cat $(git ls-files)`, `bash -c 'echo "$1"' _ "$X"` are analysed as
//! usual. What the code that is visible still says is analysed too, so
//! deny globs and `explain` see it.
//!
//! # Limits
//!
//! What a script file does (`python gen.py`, `bash run.sh`, `source env.sh`)
//! is not seen, nor commands run over `ssh`, nor what a container writes
//! through mounts the command line does not show (a compose file's
//! volumes, `docker exec`). Inline
//! interpreter code is scanned for known write calls, not executed. An
//! argument only known at run time is taken as data even where it decides
//! what the command does (`sed $FLAGS f`, `git $SUB`), and so is text that
//! `find -exec` or `xargs -I` splices into a `sh -c` script outside command
//! position (`xargs -I{} sh -c 'wc -l < {}'`). Expansions in `sed` and `awk`
//! programs are not counted as run-time code (`sed "s/$A/$B/"` is common and
//! read-only).

mod classify;
mod code;
mod compact;
mod engine;
mod parse;
pub mod spec;
mod table;

use std::cell::Cell;

pub use code::Lang;
pub use spec::UserCommands;

/// One simple command: its effective words after quote removal, with leading
/// env assignments (FOO=1) and wrappers (sudo, env, nice, timeout, nohup,
/// xargs, command, exec, time, …) removed. `text` is the words joined by
/// single spaces (rule globs like "git push*" are matched against it); the
/// words themselves are kept as ranges of `text`, so a command costs two
/// allocations however many words it has (this runs on every shell call).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleCommand {
    pub text: String,
    words: Vec<(usize, usize)>,
}

impl SimpleCommand {
    pub(crate) fn new<S: AsRef<str>>(argv: &[S]) -> SimpleCommand {
        let mut text = String::with_capacity(argv.iter().map(|w| w.as_ref().len() + 1).sum());
        let mut words = Vec::with_capacity(argv.len());
        join_words(&mut text, argv, |range| words.push(range));
        SimpleCommand { text, words }
    }

    /// The words, after quote removal.
    pub fn argv(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.words.iter().map(|(a, b)| &self.text[*a..*b])
    }
}

/// What a command line does, as far as the analyser can tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Every simple command found, including ones inside `$(…)`, backticks,
    /// subshells, `bash -c '…'`, `eval`, `find -exec` and `xargs`.
    pub commands: Vec<SimpleCommand>,
    /// One short description per write found, naming the part that matched,
    /// e.g. `redirection to out.txt`, `sed -i`, `tee`.
    pub writes: Vec<String>,
    /// The files the writes name, as written (relative to where the command
    /// line starts, or absolute): redirection targets, `cp`/`mv`/`tee`
    /// destinations, `sed -i` files, output options, … A write that names
    /// none of its files, or names one only known at run time, is in
    /// `unnamed` instead (or as well).
    pub targets: Vec<String>,
    /// Writes whose files cannot all be named (`cargo fmt`, `cp a "$D/b"`,
    /// an unknown tool's `--fix`), by their description.
    pub unnamed: Vec<String>,
    /// Commands flowgate knows nothing about (in no table and not its own
    /// code), including script files an interpreter runs: for a phase's
    /// `shell.unknown = "deny"`.
    pub unknown: Vec<String>,
    /// `Some(reason)` when the command cannot be analysed (unterminated
    /// quote, here-doc never closed, nesting too deep, a command name or code
    /// only known at run time, …).
    pub unparsable: Option<String>,
    /// The directory relative targets are named from (`cd DIR && …`).
    pub(crate) cwd: Cwd,
    /// Simple commands seen so far.
    pub(crate) seen: usize,
    /// Aliases defined so far. A value runs only where its name is later
    /// used as a command.
    pub(crate) aliases: Vec<Alias>,
    /// A descriptor other than 0 was opened on a file for reading (`3<f`).
    pub(crate) fd_input: bool,
}

/// An alias defined in the line (`alias NAME=VALUE`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Alias {
    pub name: String,
    pub value: String,
    /// The value has an expansion only known at run time.
    pub runtime: bool,
    /// The value was analysed where the name was first used.
    pub used: bool,
}

/// Where the command line is, for naming relative targets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Cwd {
    /// Where it started.
    #[default]
    Start,
    /// In this directory, relative to the start (`cd sub && …`).
    Dir(String),
    /// Somewhere flowgate cannot follow.
    Lost,
}

/// How deeply constructs may nest (subshells, substitutions, `bash -c`
/// strings inside each other) before the command is called unparsable.
pub(crate) const MAX_DEPTH: usize = 40;

/// Characters all the parses of one call may read together (re-analysed
/// strings are read again): four times the input, and at least this many.
/// Bounds the work on adversarial input (`eval eval eval …`) to a few ms.
const MIN_BUDGET: usize = 1_000_000;

/// Where found simple commands go: `None` collects them into
/// `Analysis::commands`; a callback sees each one as it is found and
/// nothing is kept (the hot path: less memory touched on long commands).
pub(crate) type Visit<'f> = Option<Visitor<'f>>;

/// A callback shown each simple command (see [`Shown`]).
pub(crate) struct Visitor<'f> {
    f: &'f mut dyn FnMut(&mut Shown<'_>),
    /// The text of the command shown, built in one reused buffer.
    text: String,
}

impl Visitor<'_> {
    pub(crate) fn show(&mut self, argv: &[parse::Arg<'_>]) {
        (self.f)(&mut Shown {
            argv,
            text: &mut self.text,
            built: false,
        });
    }
}

/// `argv` joined by single spaces onto `text` (a command's text), with
/// each word's range in it.
fn join_words<S: AsRef<str>>(text: &mut String, argv: &[S], mut word: impl FnMut((usize, usize))) {
    for (i, w) in argv.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        let start = text.len();
        text.push_str(w.as_ref());
        word((start, text.len()));
    }
}

/// One simple command as [`analyse_each`] shows it: its words, and its
/// text (the words joined by single spaces, as in [`SimpleCommand`]) built
/// only when asked for. Most commands of a long line are only checked
/// against a rule's globs, and most globs start with a literal part that
/// [`Shown::text_starts_with`] rules out without building anything.
pub struct Shown<'a> {
    argv: &'a [parse::Arg<'a>],
    text: &'a mut String,
    built: bool,
}

impl Shown<'_> {
    /// The words, after quote removal.
    pub fn argv(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.argv.iter().map(|w| w.as_ref())
    }

    /// The words joined by single spaces.
    pub fn text(&mut self) -> &str {
        if !self.built {
            self.text.clear();
            join_words(self.text, self.argv, |_| {});
            self.built = true;
        }
        self.text
    }

    /// Whether [`Shown::text`] starts with `prefix`, read from the words.
    pub fn text_starts_with(&self, prefix: &str) -> bool {
        let mut rest = prefix.as_bytes();
        for (i, w) in self.argv.iter().enumerate() {
            if i > 0 {
                match rest.split_first() {
                    None => return true,
                    Some((b' ', r)) => rest = r,
                    Some(_) => return false,
                }
            }
            // `bytes::same`, not `starts_with`: the static build's memcmp
            // reads a byte at a time, and this runs for every command.
            let w = w.as_bytes();
            if rest.len() <= w.len() {
                return crate::bytes::same(&w[..rest.len()], rest);
            }
            if !crate::bytes::same(w, &rest[..w.len()]) {
                return false;
            }
            rest = &rest[w.len()..];
        }
        rest.is_empty()
    }

    /// The command, kept.
    pub fn to_command(&self) -> SimpleCommand {
        SimpleCommand::new(self.argv)
    }
}

/// Analyse `command` with the built-in knowledge of commands. Must never
/// panic, on any input.
pub fn analyse(command: &str) -> Analysis {
    run_analysis(command, &UserCommands::default(), &mut None)
}

/// Like [`analyse`], with the user's commands (`[shell.commands.NAME]`)
/// consulted before the built-in table.
pub fn analyse_with(command: &str, users: &UserCommands) -> Analysis {
    run_analysis(command, users, &mut None)
}

/// Like [`analyse_with`], but hands each simple command to `on_command` as
/// it is found instead of collecting them: the result's `commands` is empty.
pub fn analyse_each(
    command: &str,
    users: &UserCommands,
    on_command: &mut dyn FnMut(&mut Shown<'_>),
) -> Analysis {
    let visitor = Visitor {
        f: on_command,
        text: String::new(),
    };
    run_analysis(command, users, &mut Some(visitor))
}

fn run_analysis(command: &str, users: &UserCommands, visit: &mut Visit<'_>) -> Analysis {
    let mut out = Analysis::default();
    let budget = Cell::new(MIN_BUDGET.max(command.len().saturating_mul(4)));
    analyse_into(command, 0, &budget, users, &mut out, visit);
    dedupe(&mut out);
    out
}

/// What `analyse` found, each entry once.
fn dedupe(out: &mut Analysis) {
    for list in [
        &mut out.writes,
        &mut out.targets,
        &mut out.unnamed,
        &mut out.unknown,
    ] {
        if list.len() > 1 {
            let mut seen = std::collections::HashSet::new();
            list.retain(|w| seen.insert(w.clone()));
        }
    }
}

/// [`analyse`] as it was before commands were handed out while parsing:
/// the whole line parsed first, then classified. The reference the tests
/// hold the streaming parse to.
#[cfg(test)]
pub(crate) fn analyse_whole(command: &str) -> Analysis {
    let mut out = Analysis::default();
    let budget = Cell::new(MIN_BUDGET.max(command.len().saturating_mul(4)));
    let parsed = parse::parse(command, 0, &budget);
    let users = UserCommands::default();
    classify::classify_all(&parsed.commands, &budget, &users, &mut out, &mut None);
    if let Some(e) = parsed.error {
        mark_unparsable(&mut out, &e);
    }
    dedupe(&mut out);
    out
}

/// Parse `src` (found at nesting `level`) and classify what it runs into `out`.
pub(crate) fn analyse_into(
    src: &str,
    level: usize,
    budget: &Cell<usize>,
    users: &UserCommands,
    out: &mut Analysis,
    visit: &mut Visit<'_>,
) {
    if level > MAX_DEPTH {
        mark_unparsable(out, "nesting too deep");
        return;
    }
    let error = parse::parse_each(src, level, budget, &mut |cmds| {
        classify::classify_all(cmds, budget, users, out, visit);
    });
    if let Some(e) = error {
        mark_unparsable(out, &e);
    }
}

fn mark_unparsable(out: &mut Analysis, reason: &str) {
    if out.unparsable.is_none() {
        out.unparsable = Some(reason.to_string());
    }
}

/// Split a command into words if it is one plain simple command: no
/// operators, redirections, substitutions, globbing or newlines outside
/// quotes, and no `$` or backquote anywhere but inside single quotes;
/// backslash escapes mean what they mean to the shell. Deliberately strict: it decides flowgate's own-command
/// exemption, and what it cannot split plainly goes through `analyse`.
pub fn plain_words(cmd: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = cmd.trim().chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        ch => cur.push(ch),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '$' | '`' => return None,
                        '\\' => match chars.next()? {
                            ch @ ('"' | '\\' | '$' | '`') => cur.push(ch),
                            '\n' => {}
                            ch => {
                                cur.push('\\');
                                cur.push(ch);
                            }
                        },
                        ch => cur.push(ch),
                    }
                }
            }
            // An escaped character is literal, as in the shell; a
            // backslash-newline joins lines.
            '\\' => match chars.next()? {
                '\n' => {}
                ch => {
                    in_word = true;
                    cur.push(ch);
                }
            },
            ' ' | '\t' => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            ';' | '&' | '|' | '<' | '>' | '(' | ')' | '$' | '`' | '\n' | '\r' | '*' | '?' | '['
            | '{' | '}' | '~' | '#' => return None,
            ch => {
                in_word = true;
                cur.push(ch);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Some(words)
}

/// Quote a word for `sh` if it needs it (single quotes, `'` as `'\''`).
pub fn quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod second_opinion;
#[cfg(test)]
mod tests;
