//! What a command writes, as data: one [`Spec`] per command (the built-in
//! ones are in `table.rs`, users add their own in `config.toml` under
//! `[shell.commands.NAME]` with the same fields), read by the small engine
//! in `engine.rs`.
//!
//! A spec says, for the words after the command name:
//! - `values`: options that take a value (`-k`, `--key`), so their values
//!   are not taken for arguments and a short-option cluster stops there;
//! - `writes` and `targets`: when it writes by itself, and which of its
//!   arguments are the files it writes;
//! - `output`: options naming the file it writes instead of its default
//!   (`-o FILE`; `-` is standard output); `files`: options naming other
//!   files it writes as well (a log file, a header dump);
//! - `write_flags`: flags that make it write (`--fix`, `-i`); `read_only`:
//!   flags that make it read-only whatever else it is given (`--dry-run`,
//!   `--check`); `listing`: flags that make it only list or show, unless a
//!   write flag is given too (`git branch -a`, `git tag -l`);
//! - `subcommands`: its subcommands, each a spec of its own (names may use
//!   `*`: `make:*`);
//! - `run`: it runs another command, whose argv starts at this argument
//!   (`sudo CMD`: 0, `timeout DURATION CMD`: 1), as a command, a script
//!   file or a project task; `run_after`: flags after which the rest is the
//!   argv it runs (`gdb --args`);
//! - `mounts`: options whose value mounts a host path into the container
//!   the command runs its argv in (`docker run -v SRC:DST`, `--mount
//!   type=bind,…`), for `run` of kind `container`;
//! - `code`: options whose value is shell code it runs (`flock -c`);
//!   `code_args`: which arguments are shell code (`trap CODE SIGNAL`,
//!   `watch CMD…`, `hyperfine CMD…`); `inline_code`: options whose value
//!   is code in the language `code_lang` names: Python (`manage.py shell
//!   -c`), PHP (`artisan tinker --execute`);
//! - `chdir`: options that change the directory its targets are relative
//!   to (`git -C DIR`);
//! - `tasks`: its arguments are task names (`make fmt`): a task named like a
//!   formatter or fixer writes, and so do the ones matching `write_tasks`;
//!   `project_tasks`: the tasks are the project's own (make, just, rake,
//!   turbo; not a build tool's `generate-sources`), judged by their names
//!   as package scripts are: code generation, caches cleared, files
//!   written out write too (`make gen-mocks`, `just clear-cache`).
//!
//! Option entries are matched whole (`--output` also matches
//! `--output=FILE`); an entry with `=` matches that value only
//! (`--emit=stdout` matches `--emit stdout` too); `*` matches any run
//! (`--*_out`), in the value too: `-*=*` is any option with a value glued
//! on (`exiftool -TAG=V`; not the value of an option in `values`); an
//! entry ending in `=` is a `key=value` word (`dd of=FILE`). An `output`,
//! `files` or `write_flags` entry that is a bare word is a keyword among
//! the arguments, in any case: `output` for `pdftk … output FILE`, `burst`
//! for `pdftk FILE burst`, `http://*` (with `*`) for a URL pprof fetches
//! and saves. After `--` the words are operands: a write flag
//! there still counts, but a read-only flag only as a `-- FLAG` entry, for
//! a command that hands them on (`cargo fmt -- --check`).

use super::code::Lang;

/// A list of option entries or names.
pub type List = &'static [&'static str];

/// When a command writes without a write flag or an output option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writes {
    /// Never by itself: only through its write flags and output options.
    Never,
    /// Its target arguments, when it is given any.
    Targets,
    /// When it is given at least this many arguments; what it writes is not
    /// named (`git tag v1`, `git config k v`).
    Args(u8),
    /// Always: its target arguments, or files it does not name.
    Always,
}

/// Which arguments (positional words, after options) a command writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets {
    None,
    All,
    First,
    /// The last one.
    Last,
    /// The last of two or more: a destination (`cp a b`).
    Dest,
    /// The n-th (from 1); for a command that always writes, a `-` there
    /// is standard output (`lame IN -`).
    Nth(u8),
    /// The n-th (from 1) and all after it.
    From(u8),
}

/// What the argv a command runs is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// A command, classified as if it stood alone (`sudo rm x`).
    Command,
    /// A script file (`go run ./cmd/gen`): a spec under its file name if
    /// there is one, else the general rules, and an unknown command.
    Script,
    /// A project task or package script (`npm run lint`): a spec under its
    /// name if there is one, else judged by its name and the general rules.
    Task,
    /// A command run in a container (`docker run IMAGE CMD`): what it
    /// writes stays in the container unless a `mounts` option gives it a
    /// writable host path (`-v "$PWD":/app`, not `:ro`, not a named
    /// volume); then it is classified as a command and its writes count,
    /// with the files they name left unnamed (they are the container's
    /// paths).
    Container,
}

/// Which arguments are shell code the command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeArgs {
    None,
    /// The first (`trap CODE SIGNAL`).
    First,
    /// All of them, joined by spaces (`watch CMD ARGS`).
    All,
    /// Each one by itself (`hyperfine CMD1 CMD2`).
    Each,
}

/// What one command (or subcommand) writes. See the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Its names: the first is its own, the others aliases.
    pub names: List,
    pub values: List,
    pub writes: Writes,
    pub targets: Targets,
    pub output: List,
    pub files: List,
    pub write_flags: List,
    pub read_only: List,
    pub listing: List,
    pub subcommands: &'static [Spec],
    pub run: Option<(u8, RunKind)>,
    pub run_after: List,
    pub mounts: List,
    pub code: List,
    /// Options whose value is code in the language `code_lang` names
    /// (`manage.py shell -c CODE`: Python, `artisan tinker --execute`: PHP).
    pub inline_code: List,
    pub code_lang: Lang,
    pub code_args: CodeArgs,
    pub chdir: List,
    pub tasks: bool,
    pub write_tasks: List,
    /// Its tasks are the project's own, judged by their names as package
    /// scripts are (`make generate`, `just clear-cache`).
    pub project_tasks: bool,
    /// A command-line tool whose own subcommands the table need not list:
    /// its first words are judged by the general rules' verbs, as a known
    /// command's unlisted subcommand is (`astro add`, `cdk init`).
    pub verbs: bool,
}

/// A command that writes nothing and runs nothing.
pub const fn cmd(names: List) -> Spec {
    Spec {
        names,
        values: &[],
        writes: Writes::Never,
        targets: Targets::None,
        output: &[],
        files: &[],
        write_flags: &[],
        read_only: &[],
        listing: &[],
        subcommands: &[],
        run: None,
        run_after: &[],
        mounts: &[],
        code: &[],
        inline_code: &[],
        code_lang: Lang::Python,
        code_args: CodeArgs::None,
        chdir: &[],
        tasks: false,
        project_tasks: false,
        write_tasks: &[],
        verbs: false,
    }
}

/// A subcommand: the same as [`cmd`], for reading.
pub const fn sub(names: List) -> Spec {
    cmd(names)
}

impl Spec {
    pub const fn values(mut self, v: List) -> Self {
        self.values = v;
        self
    }
    /// Writes always; its targets are the arguments `targets` selects.
    pub const fn always(mut self) -> Self {
        self.writes = Writes::Always;
        self
    }
    /// Writes its target arguments (all of them unless `targets` says).
    pub const fn writes_targets(mut self, t: Targets) -> Self {
        self.writes = Writes::Targets;
        self.targets = t;
        self
    }
    /// Writes when given at least `n` arguments.
    pub const fn with_args(mut self, n: u8) -> Self {
        self.writes = Writes::Args(n);
        self
    }
    pub const fn targets(mut self, t: Targets) -> Self {
        self.targets = t;
        self
    }
    pub const fn output(mut self, v: List) -> Self {
        self.output = v;
        self
    }
    pub const fn files(mut self, v: List) -> Self {
        self.files = v;
        self
    }
    pub const fn write_flags(mut self, v: List) -> Self {
        self.write_flags = v;
        self
    }
    pub const fn read_only(mut self, v: List) -> Self {
        self.read_only = v;
        self
    }
    pub const fn listing(mut self, v: List) -> Self {
        self.listing = v;
        self
    }
    pub const fn subs(mut self, v: &'static [Spec]) -> Self {
        self.subcommands = v;
        self
    }
    /// Runs the command starting at its `at`-th argument (from 0).
    pub const fn run(mut self, at: u8) -> Self {
        self.run = Some((at, RunKind::Command));
        self
    }
    pub const fn run_script(mut self, at: u8) -> Self {
        self.run = Some((at, RunKind::Script));
        self
    }
    pub const fn run_task(mut self, at: u8) -> Self {
        self.run = Some((at, RunKind::Task));
        self
    }
    /// Runs a command in a container, starting at its `at`-th argument
    /// (see [`RunKind::Container`]).
    pub const fn run_container(mut self, at: u8) -> Self {
        self.run = Some((at, RunKind::Container));
        self
    }
    pub const fn mounts(mut self, v: List) -> Self {
        self.mounts = v;
        self
    }
    pub const fn run_after(mut self, v: List) -> Self {
        self.run_after = v;
        self
    }
    pub const fn code(mut self, v: List) -> Self {
        self.code = v;
        self
    }
    pub const fn inline_code(mut self, lang: Lang, v: List) -> Self {
        self.inline_code = v;
        self.code_lang = lang;
        self
    }
    pub const fn code_args(mut self, c: CodeArgs) -> Self {
        self.code_args = c;
        self
    }
    pub const fn chdir(mut self, v: List) -> Self {
        self.chdir = v;
        self
    }
    /// Its first words are judged by the general rules' verbs (`astro
    /// add`, `cdk init`).
    pub const fn verbs(mut self) -> Self {
        self.verbs = true;
        self
    }
    /// Its arguments are task names; those matching `write_tasks` (and
    /// those named like formatters or fixers) write.
    pub const fn tasks(mut self, write_tasks: List) -> Self {
        self.tasks = true;
        self.write_tasks = write_tasks;
        self
    }
    /// Task names of the project's own (`make`, `just`): those named for
    /// code generation, cleared caches or files written out write too.
    pub const fn project_tasks(mut self, write_tasks: List) -> Self {
        self.tasks = true;
        self.project_tasks = true;
        self.write_tasks = write_tasks;
        self
    }
}

/// `*` (any run) wildcard match; without `*`, equality.
pub(crate) fn wild(pattern: &str, text: &str) -> bool {
    // Most calls compare a subcommand or option name with a word that
    // differs at once (`docker ps` against each of docker's subcommands):
    // a first byte that is neither the text's nor `*` decides before the
    // search for `*`.
    if let (Some(&p), Some(&t)) = (pattern.as_bytes().first(), text.as_bytes().first())
        && p != t
        && p != b'*'
    {
        return false;
    }
    if !pattern.contains('*') {
        return pattern == text;
    }
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
    let (mut pi, mut ti) = (0, 0);
    let (mut star, mut mark) = (None, 0);
    while ti < t.len() {
        if pi < p.len() && p[pi] != b'*' && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == b'*' {
            star = Some(pi);
            pi += 1;
            mark = ti;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == b'*')
}

/// Commands a user defined in `config.toml` (`[shell.commands.NAME]`),
/// consulted before the built-in table. Their specs live as long as the
/// process (a hook call reads its config once).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserCommands {
    specs: Vec<&'static Spec>,
}

impl UserCommands {
    /// Add (or replace, by its first name) a command.
    pub fn insert(&mut self, spec: Spec) {
        let name = spec.names.first().copied().unwrap_or("");
        self.specs
            .retain(|s| s.names.first().copied().unwrap_or("") != name);
        self.specs.push(Box::leak(Box::new(spec)));
    }

    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    pub(crate) fn get(&self, name: &str) -> Option<&'static Spec> {
        self.specs.iter().find(|s| s.names.contains(&name)).copied()
    }
}

/// Keep `v` for the rest of the process, as table data.
pub fn leak_list(v: Vec<String>) -> List {
    let v: Vec<&'static str> = v.into_iter().map(|s| &*s.leak()).collect();
    v.leak()
}

/// Keep subcommand specs for the rest of the process.
pub fn leak_specs(v: Vec<Spec>) -> &'static [Spec] {
    v.leak()
}
