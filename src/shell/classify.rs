//! The meaning half of the analyser: given the simple commands `parse`
//! found, strip env assignments and wrappers, record each command, and name
//! the writes and the files they write. What commands write is data (the
//! table in `table.rs`, read by `engine.rs`, and the user's
//! `[shell.commands.NAME]`); here is what needs code: redirections, shells
//! and `eval`, interpreters and their inline code, `sed` and `awk` programs,
//! `find -exec`, `xargs`, `parallel`, `tar`, SQL given to `sqlite3`, and
//! `cd`. A command whose name or code only exists at run time (`$cmd x`,
//! `eval "$x"`, `curl … | sh`) makes the analysis unanalysable, with a
//! reason that says which part.

use std::cell::Cell;

use super::code::{self, Lang};
use super::compact::{Field, SpecRef};
use super::engine::Kind;
use super::parse::{Arg, RT_CODE, RT_NAME, RawCommand, RedirOp, Redirect, RunTime};
use super::spec::{RunKind, UserCommands};
use super::table;
use super::{Analysis, Cwd, MAX_DEPTH, SimpleCommand, Visit, analyse_into, mark_unparsable};

/// Classify every command of one parse into `out`.
pub(crate) fn classify_all(
    cmds: &[RawCommand<'_>],
    budget: &Cell<usize>,
    users: &UserCommands,
    out: &mut Analysis,
    visit: &mut Visit<'_>,
) {
    // `sed -n 'w /dev/fd/3' x 3<f`: Linux reopens the file a descriptor
    // reads, for writing if asked, so these paths are files then
    out.fd_input |= cmds.iter().any(|c| c.fd_input);
    if out.fd_input && cmds.iter().any(names_descriptor) {
        mark_unparsable(
            out,
            "a descriptor read from a file (`3<f`) is named as a path (`/dev/fd/3`, \
             `/dev/stdout`): that reopens the file, maybe for writing",
        );
    }
    for (i, cmd) in cmds.iter().enumerate() {
        let redirected_in = cmd.redirects.iter().find(|r| r.op == RedirOp::In);
        let stdin = match (&cmd.stdin_text, redirected_in, cmd.pipe_prev) {
            (Some(t), _, _) => Stdin::Text(t, cmd.stdin_runtime),
            (None, Some(r), _) if r.target.starts_with("<(") => Stdin::ProcSub,
            // `< file` replaces any pipe: a file, not visible here.
            (None, Some(r), _) => Stdin::File(r),
            (None, None, Some(p)) => match cmds.get(p) {
                Some(prev) => Stdin::Pipe(prev, cmd.pipe_compound),
                None => Stdin::None,
            },
            (None, None, None) => Stdin::None,
        };
        let mut cx = Cx {
            level: cmd.level,
            detached: cmd.detached,
            budget,
            users,
            out,
            visit,
            dir: Dir::Here,
            appended: false,
            nohup: false,
        };
        for r in &cmd.redirects {
            cx.redirect(r);
        }
        cx.run(
            &cmd.words,
            stdin,
            Marks {
                rt: cmd.rt,
                base: 0,
                placeholder: None,
            },
        );
        // `nohup CMD` (after wrappers too: `sudo nohup CMD`) appends CMD's
        // output to nohup.out when its stdout is a terminal, which a host
        // may give its commands (a pty); not when the output is redirected
        // (any descriptor: the parser keeps no number) or piped on, by it
        // or by a compound command around it: its trailing redirections come
        // as a command of their own after its commands (`( nohup x & ) >
        // /dev/null`), and its pipe names its last command (`{ nohup x; y;
        // } | cat`, when they come together). Looked at only once `run` has
        // met a nohup: the scans below are over the whole batch.
        if std::mem::take(&mut cx.nohup) {
            let outputs = |c: &RawCommand<'_>| {
                c.redirects
                    .iter()
                    .any(|r| !matches!(r.op, RedirOp::In | RedirOp::DupIn))
            };
            let terminal = !outputs(cmd)
                && !cmds.iter().any(|c| c.pipe_prev == Some(i))
                && !cmds.iter().skip(i + 1).any(|c| {
                    (c.words.is_empty() && outputs(c))
                        || (c.pipe_compound && c.pipe_prev.is_some_and(|p| p >= i))
                });
            if terminal {
                cx.write("nohup (nohup.out, when its output is a terminal)");
            }
        }
    }
}

/// The directory one command's targets are relative to, beside the
/// command line's own (`git -C DIR`, `env -C DIR`, `make -C DIR`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Here,
    At(String),
    /// Only known at run time.
    Unknown,
}

/// Where a command's standard input comes from, as far as it may be a script
/// (`bash <<EOF`, `echo 'rm x' | sh`). Resolved only for interpreters.
#[derive(Clone, Copy)]
pub(crate) enum Stdin<'a> {
    None,
    /// A file (`< schema.sql`): not visible here.
    File(&'a Redirect),
    /// A here-doc or here-string; `true` when it has expansions in it.
    Text(&'a str, bool),
    /// The output of the command that pipes into this one; `true` when that
    /// one ends a compound command (`( … ) | sh`).
    Pipe(&'a RawCommand<'a>, bool),
    /// `< <(…)`.
    ProcSub,
    /// Run by `xargs`, which appends the words it reads to the command.
    Args,
    /// None that is read: the command only prints its version or help.
    Unused,
}

impl<'a> Stdin<'a> {
    /// The program text a command reading its script from stdin gets:
    /// `Ok(None)` when there is none, `Err(source)` when it only exists at
    /// run time.
    fn script(self) -> Result<Option<std::borrow::Cow<'a, str>>, &'static str> {
        match self {
            Stdin::Args | Stdin::Unused => Ok(None),
            // Whatever the command line's surroundings give it: a group's
            // pipe or redirection (`… | { true; sh; }`), the input of the
            // `bash -c` it runs in, a descriptor copied (`sh <&3`).
            Stdin::None => Err("its standard input"),
            // A script file: see `Cx::stdin_code`.
            Stdin::File(_) => Ok(None),
            Stdin::Text(_, true) => Err("an expanded here-doc or here-string"),
            Stdin::Text(t, false) => Ok(Some(t.into())),
            Stdin::ProcSub => Err("a process substitution"),
            Stdin::Pipe(prev, compound) => {
                if compound || prev.rt.code != 0 || prev.stdin_runtime {
                    return Err("a pipe");
                }
                piped_text(prev).map(|t| Some(t.into())).ok_or("a pipe")
            }
        }
    }
}

/// Which words of the argv being classified are only known at run time:
/// the parser's masks for the command, of which this argv starts at word
/// `base` (wrappers and the command name are skipped by moving `base`).
#[derive(Clone, Copy)]
pub(crate) struct Marks<'p> {
    rt: RunTime,
    base: usize,
    /// What `xargs -I` fills in, when it is not `{}`.
    placeholder: Option<&'p str>,
}

impl<'p> Marks<'p> {
    pub(crate) fn skip(self, n: usize) -> Marks<'p> {
        Marks {
            base: self.base.saturating_add(n),
            ..self
        }
    }

    fn test(self, mask: u64, i: usize, word: &str) -> bool {
        match self.base.checked_add(i) {
            Some(j) if j < 63 => mask >> j & 1 == 1,
            // Bit 63 says only that some word from 63 on is marked.
            _ => mask >> 63 == 1 && word.contains(['$', '`', '*', '?', '[', '{', '<']),
        }
    }

    /// Word `i` as a command name is only known at run time.
    pub(crate) fn name(self, i: usize, word: &str) -> bool {
        self.test(self.rt.name, i, word)
    }

    /// Word `i` has an expansion whose value may be any text.
    pub(crate) fn code(self, i: usize, word: &str) -> bool {
        self.test(self.rt.code, i, word)
    }

    /// Word `i` has an unquoted such expansion (it may split into words).
    pub(crate) fn split(self, i: usize, word: &str) -> bool {
        self.test(self.rt.split, i, word)
    }

    /// Word `i`, as a path, is only known at run time (an expansion, a
    /// glob, a brace pair, a placeholder).
    pub(crate) fn path(self, i: usize, word: &str) -> bool {
        self.name(i, word) || self.code(i, word)
    }

    /// Words `i..` that contain `placeholder` (`{}` of `find -exec`,
    /// `xargs -I`) are filled in at run time: as a command name, unknown.
    /// (In a `sh -c` script it is taken as a word, see [`Marks::script`].)
    fn fill(&mut self, i: usize, words: &[Arg<'_>], placeholder: &'p str) {
        for (k, w) in words.iter().enumerate() {
            if w.contains(placeholder) {
                let at = self.base.saturating_add(i).saturating_add(k);
                self.rt.set(at, RT_NAME);
            }
        }
        if placeholder != "{}" && placeholder != "{" {
            self.placeholder = Some(placeholder);
        }
    }

    /// A script to re-analyse, with `xargs`' placeholder written `{}`, which
    /// the parser knows cannot be a command name.
    fn script(self, code: &str) -> std::borrow::Cow<'_, str> {
        match self.placeholder {
            Some(p) if code.contains(p) => code.replace(p, "{}").into(),
            _ => code.into(),
        }
    }
}

/// The value of `--entrypoint` among a container command's options, with
/// the index of the word holding it.
fn entrypoint<'a>(opts: &'a [Arg<'_>]) -> Option<(usize, &'a str)> {
    let mut found = None;
    for (k, a) in opts.iter().enumerate() {
        if let Some(v) = a.strip_prefix("--entrypoint=") {
            found = Some((k, v));
        } else if a == "--entrypoint" {
            found = opts.get(k + 1).map(|v| (k + 1, v.as_ref()));
        }
    }
    found.filter(|(_, v)| !v.is_empty())
}

/// A word whose only expansion is the current directory (`$(pwd):/src`).
fn only_cwd(w: &str) -> bool {
    let mut rest = w.to_string();
    for cwd in ["$(pwd)", "${PWD}", "$PWD", "`pwd`"] {
        rest = rest.replace(cwd, "");
    }
    !rest.contains(['$', '`'])
}

/// A word quoted in a reason: one line, at most 40 characters.
fn shorten(word: &str) -> String {
    let one_line = word.replace(['\n', '\r'], " ");
    if one_line.chars().count() <= 40 {
        return one_line;
    }
    let mut s: String = one_line.chars().take(37).collect();
    s.push('…');
    s
}

/// make's short options that take a value (`-C DIR`, `-fFILE`), and
/// those whose value is optional, only glued on (`-j4`).
const MAKE_VALUE_SHORT: &str = "CfIoWEjlO";
const MAKE_OPTIONAL_SHORT: &[&str] = &["j", "l", "O"];

/// make's long options that take a value as the next word.
const MAKE_VALUE_OPTIONS: &[&str] = &[
    "C",
    "I",
    "o",
    "W",
    "--directory",
    "--include-dir",
    "--old-file",
    "--assume-old",
    "--what-if",
    "--new-file",
    "--assume-new",
];

/// A script argument that is really the shell's standard input.
fn is_stdin_path(w: &str) -> bool {
    matches!(w, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// `xargs`' replace string (`-I R`, `-iR`, `--replace[=R]`), if any.
fn xargs_placeholder<'a>(opts: &'a [Arg<'_>]) -> Option<&'a str> {
    let mut i = 0;
    while let Some(a) = opts.get(i) {
        i += 1;
        if a == "--replace" || a == "-i" {
            return Some("{}");
        }
        if let Some(r) = a.strip_prefix("--replace=") {
            return Some(r);
        }
        if a.starts_with("--") || !a.starts_with('-') {
            continue;
        }
        for (k, c) in a.char_indices().skip(1) {
            match c {
                'I' | 'i' => {
                    let rest = &a[k + 1..];
                    return match (c, rest.is_empty()) {
                        (_, false) => Some(rest),
                        ('I', true) => opts.get(i).map(AsRef::as_ref),
                        _ => Some("{}"),
                    };
                }
                // These take a value: the rest of the word is it.
                'n' | 'L' | 'P' | 'd' | 'E' | 's' | 'a' | 'J' | 'R' => break,
                _ => {}
            }
        }
    }
    None
}

/// Where the command `xargs` runs starts in its argv.
fn xargs_start(a: &[Arg<'_>]) -> usize {
    skip_opts(
        a,
        1,
        "InLPdEsaJR",
        &[
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-lines",
            "--max-procs",
            "--max-chars",
            "--process-slot-var",
        ],
    )
}

/// Is the long option a gpg command that shows or sends rather than
/// writes beside its input (`--decrypt`, `--verify`, `--list-keys`,
/// `--export`)? Settings it is usually given (`--armor`, `--batch`) are not.
fn is_gpg_command(key: &str) -> bool {
    [
        "--decrypt",
        "--verify",
        "--list",
        "--export",
        "--fingerprint",
        "--print",
        "--show",
        "--card",
        "--search",
        "--send",
        "--gen-random",
        "--version",
        "--help",
        "--dump",
    ]
    .iter()
    .any(|c| key.starts_with(c))
}

/// `base/path`, or `path` when it is absolute or `base` is empty.
pub(crate) fn join(base: &str, path: &str) -> String {
    if base.is_empty() || path.starts_with('/') {
        path.to_string()
    } else if base.ends_with('/') {
        format!("{base}{path}")
    } else {
        format!("{base}/{path}")
    }
}

/// Does a command name a descriptor as a path (`/dev/fd/3`, `/dev/stdout`,
/// `/proc/self/fd/1`) in a word, a redirection or its here-doc?
fn names_descriptor(c: &RawCommand<'_>) -> bool {
    let names = |t: &str| {
        ["/dev/fd/", "/dev/stdout", "/dev/stderr", "/proc/"]
            .iter()
            .any(|p| t.contains(p))
    };
    c.words.iter().any(|w| names(w))
        || c.redirects.iter().any(|r| names(&r.target))
        || c.stdin_text.as_deref().is_some_and(names)
}

/// Targets an output redirection may name without writing a file.
pub(crate) fn is_safe_target(t: &str) -> bool {
    matches!(
        t,
        "/dev/null"
            | "/dev/stdout"
            | "/dev/stderr"
            | "/dev/tty"
            | "/dev/zero"
            | "/proc/self/fd/1"
            | "/proc/self/fd/2"
    ) || t
        .strip_prefix("/dev/fd/")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

fn redirect_write(r: &Redirect) -> Option<String> {
    let t = r.target.as_str();
    match r.op {
        RedirOp::In | RedirOp::DupIn => None,
        // A process substitution: what runs inside it was analysed itself.
        _ if t.starts_with(">(") || t.starts_with("<(") => None,
        RedirOp::DupOut
            if t == "-" || {
                let d = t.strip_suffix('-').unwrap_or(t);
                !d.is_empty() && d.chars().all(|c| c.is_ascii_digit())
            } =>
        {
            None
        }
        _ if is_safe_target(t) => None,
        // bash's sockets (`exec 3<>/dev/tcp/HOST/PORT`), not files
        _ if t.starts_with("/dev/tcp/") || t.starts_with("/dev/udp/") => None,
        _ => Some(format!("redirection to {t}")),
    }
}

/// The script text a command pipes into the next one, when it is visible:
/// `echo '…' | sh`, `printf '…' | bash`, `cat <<EOF | python3`.
fn piped_text(prev: &RawCommand) -> Option<String> {
    let words: Vec<&str> = prev
        .words
        .iter()
        .map(AsRef::as_ref)
        .skip_while(|w| is_assignment(w))
        .collect();
    let (first, args) = words.split_first()?;
    match cmd_name(first) {
        "echo" => {
            let args: Vec<&str> = args
                .iter()
                .copied()
                .skip_while(|a| {
                    a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| "neE".contains(c))
                })
                .collect();
            // `echo -e`, and a `sh` whose echo always does, decodes
            // escapes (`r\x6d`): what it prints is not its words.
            if args.iter().any(|a| a.contains('\\')) {
                return None;
            }
            Some(args.join(" "))
        }
        "printf" => match args {
            [fmt] => printf_plain(fmt),
            // Only formats that print their arguments as they are.
            [fmt, rest @ ..] if matches!(*fmt, "%s\\n" | "%s\n") => Some(rest.join("\n")),
            [fmt, rest @ ..] if *fmt == "%s" => Some(rest.concat()),
            _ => None,
        },
        "cat" if args.is_empty() => prev.stdin_text.clone(),
        _ => None,
    }
}

/// What `printf FMT` prints when FMT has nothing in it but text, `\n`,
/// `\t`, `\\` and `%%`; `None` for any other escape or conversion
/// (`r\155`, `%b`), whose output is not the text written.
fn printf_plain(fmt: &str) -> Option<String> {
    let mut out = String::with_capacity(fmt.len());
    let mut cs = fmt.chars();
    while let Some(c) = cs.next() {
        match c {
            '\\' => out.push(match cs.next()? {
                'n' => '\n',
                't' => '\t',
                '\\' => '\\',
                _ => return None,
            }),
            '%' => match cs.next()? {
                '%' => out.push('%'),
                _ => return None,
            },
            c => out.push(c),
        }
    }
    Some(out)
}

/// A word with `$(…)` or a backtick inside `[…]`: as an array subscript
/// that bash evaluates (arithmetic, variable names), it runs.
fn subscript_code(w: &str) -> bool {
    w.split_once('[').is_some_and(|(_, rest)| {
        rest.rfind(']')
            .is_some_and(|end| rest[..end].contains("$(") || rest[..end].contains('`'))
    })
}

/// An argument as option and glued value: `--key=VALUE` split at its
/// first `=`, any other word whole.
fn long_option<'w>(a: &'w Arg<'_>) -> (&'w str, Option<&'w str>) {
    match a.split_once('=') {
        Some((k, v)) if k.starts_with("--") => (k, Some(v)),
        _ => (a.as_ref(), None),
    }
}

/// Whether the script a runner's `run` is given (after its options, some
/// taking the next word as a value: `values`) is `-`, standard input
/// (`deno run -A -`, `bun run -`).
fn runs_stdin(args: &[Arg<'_>], values: &[&str]) -> bool {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "-" {
            return true;
        }
        if !a.starts_with('-') {
            return false;
        }
        i += if values.contains(&a.as_ref()) { 2 } else { 1 };
    }
    false
}

/// The value of the option just read (the word before `i`): the one glued
/// to it (`--key=VALUE`), or the next word, which `i` then moves past.
/// With its index in `words`; `None` when the words end.
fn option_value<'w>(
    glued: Option<&'w str>,
    words: &'w [Arg<'_>],
    i: &mut usize,
) -> Option<(usize, &'w str)> {
    if let Some(v) = glued {
        return Some((*i - 1, v));
    }
    *i += 1;
    words.get(*i - 1).map(|v| (*i - 1, v.as_ref()))
}

/// `NAME=…`, `NAME+=…` or an array element `NAME[i]=…`.
/// One pass over the name's bytes, which most words (`grep`, `-rn`)
/// leave at once: this runs for the first word of every simple command.
pub(crate) fn is_assignment(w: &str) -> bool {
    let b = w.as_bytes();
    if !b
        .first()
        .is_some_and(|&c| c == b'_' || c.is_ascii_alphabetic())
    {
        return false;
    }
    let n = b
        .iter()
        .take_while(|&&c| c == b'_' || c.is_ascii_alphanumeric())
        .count();
    match b.get(n) {
        Some(b'=') => true,
        Some(b'+') => b.get(n + 1) == Some(&b'='),
        // `NAME[…]=` or `NAME[…]+=`: up to the first `=`, ending in `]`.
        Some(b'[') => b.iter().position(|&c| c == b'=').is_some_and(|eq| {
            let head = &b[..eq];
            head.strip_suffix(b"+").unwrap_or(head).ends_with(b"]")
        }),
        _ => false,
    }
}

/// The command's name as classified: basename, `@version` and interpreter
/// version suffixes removed (`/usr/bin/python3.12` → `python`).
pub(crate) fn cmd_name(word: &str) -> &str {
    // Byte searches: `/` and `@` are ASCII, so the cuts are char boundaries
    // (this runs for every simple command of every shell call).
    let base = match word.bytes().rposition(|b| b == b'/') {
        // `dir/`: no file name; the word stands for itself
        Some(i) if i + 1 == word.len() => word,
        Some(i) => &word[i + 1..],
        None => word,
    };
    let base = match base.bytes().skip(1).position(|b| b == b'@') {
        Some(i) => &base[..i + 1],
        None => base,
    };
    if !matches!(base.as_bytes().first(), Some(b'p' | b'r' | b'n' | b'l')) {
        return base;
    }
    for interp in [
        "python", "pypy", "pip", "ruby", "perl", "php", "node", "lua",
    ] {
        if let Some(rest) = base.strip_prefix(interp)
            && rest.chars().all(|c| c.is_ascii_digit() || c == '.')
        {
            return interp;
        }
    }
    if base == "nodejs" {
        return "node";
    }
    base
}

/// A cross toolchain's binary tool (`arm-none-eabi-objcopy`,
/// `aarch64-linux-gnu-strip`, `avr-ld`, `llvm-objcopy`): the tool after the
/// target prefix, looked up when the whole name is not known.
fn cross_tool(name: &str) -> Option<&str> {
    let (prefix, tool) = name.rsplit_once('-')?;
    (!prefix.is_empty()
        && matches!(
            tool,
            "objcopy"
                | "strip"
                | "ld"
                | "ld.bfd"
                | "ld.gold"
                | "ar"
                | "as"
                | "objdump"
                | "nm"
                | "size"
                | "readelf"
                | "strings"
                | "gdb"
        ))
    .then_some(tool)
}

/// Index of the first word after the options of `a[start..]`.
/// `short_arg` lists the short options that take a value, `long_arg` the
/// long ones (with their `--`).
fn skip_opts(a: &[Arg<'_>], start: usize, short_arg: &str, long_arg: &[&str]) -> usize {
    let mut i = start;
    while let Some(w) = a.get(i) {
        if w == "--" {
            return i + 1;
        }
        if w.starts_with("--") {
            i += if !w.contains('=') && long_arg.contains(&w.as_ref()) {
                2
            } else {
                1
            };
            continue;
        }
        if w.len() > 1 && w.starts_with('-') {
            let cs: Vec<char> = w.chars().skip(1).collect();
            let takes_next = cs
                .iter()
                .position(|c| short_arg.contains(*c))
                .is_some_and(|k| k + 1 == cs.len());
            i += if takes_next { 2 } else { 1 };
            continue;
        }
        break;
    }
    i
}

fn has(args: &[Arg<'_>], opts: &[&str]) -> bool {
    args.iter().any(|a| {
        opts.iter().any(|o| {
            a == o || (o.starts_with("--") && a.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        })
    })
}

pub(crate) fn is_help(args: &[Arg<'_>]) -> bool {
    matches!(args, [a] if matches!(a.as_ref(), "--help" | "-h" | "--version" | "-V" | "help"))
}

/// A remote `host:path` (scp/rsync), not a local path.
pub(crate) fn is_remote(p: &str) -> bool {
    if p.starts_with("rsync://") {
        return true;
    }
    match p.split_once(':') {
        Some((host, _)) => !host.is_empty() && !host.contains('/'),
        None => false,
    }
}

/// `python -m trace ARGS`: whether it writes: counting lines (`-c`/`--count`,
/// `-r`/`--report`) writes .cover files unless `-R`/`--no-report`, and
/// `-f FILE` keeps the counts in a file.
fn trace_counts(args: &[Arg<'_>]) -> bool {
    let (mut count, mut no_report) = (false, false);
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let (key, glued) = long_option(a);
        match key {
            "--file" => return true,
            "--count" | "--report" => count = true,
            "--no-report" => no_report = true,
            "--coverdir" | "--ignore-module" | "--ignore-dir" if glued.is_none() => i += 1,
            k if k.starts_with("--") => {}
            k if k.starts_with('-') && k.len() > 1 => {
                // short options run together; `-C DIR`, `-f FILE` take values
                for (at, c) in k.char_indices().skip(1) {
                    match c {
                        'f' => return true,
                        'c' | 'r' => count = true,
                        'R' => no_report = true,
                        'C' => {
                            // `-C DIR`, or `-CDIR`
                            if at + 1 == k.len() {
                                i += 1;
                            }
                            break;
                        }
                        _ => {}
                    }
                }
            }
            // the script, and its own arguments
            _ => break,
        }
        i += 1;
    }
    count && !no_report
}

/// Does a make/npm/yarn target or script name say it formats or fixes?
pub(crate) fn is_fix_target(t: &str) -> bool {
    names_write(t, false)
}

/// Does a project task's name say it writes: a formatter or fixer, code
/// generation (`make generate`, `npm run codegen`, `make gen-mocks`),
/// caches cleared (`npm run clear`, `cache:clear`) or files written out
/// (docusaurus's `write-translations`, `write-heading-ids`; not the
/// `write-good` linter)? Not when it only checks them
/// (`verify-codegen`, `generate:check`).
pub(crate) fn is_write_task(t: &str) -> bool {
    names_write(t, true)
}

fn names_write(t: &str, task: bool) -> bool {
    // `spotlessApply`, `lintFix`: camel case splits too.
    let mut lower = String::with_capacity(t.len() + 4);
    for (k, c) in t.char_indices() {
        if c.is_ascii_uppercase() && k > 0 {
            lower.push('-');
        }
        lower.push(c.to_ascii_lowercase());
    }
    let parts: Vec<&str> = lower.split([':', '-', '_', '.', '/']).collect();
    (parts.iter().any(|p| {
        matches!(
            *p,
            "fmt"
                | "format"
                | "fix"
                | "autofix"
                | "reformat"
                | "autoformat"
                | "prettify"
                | "fixup"
                | "apply"
        ) || (task
            && matches!(
                *p,
                "generate" | "gen" | "codegen" | "regenerate" | "regen" | "clear" | "clean"
            ))
    }) || (task && parts[0] == "write" && parts.get(1) != Some(&"good")))
        && !parts.iter().any(|p| {
            matches!(*p, "verify" | "diff" | "ci" | "dry" | "test") || p.starts_with("check")
        })
}

pub(crate) struct Cx<'a, 'b, 'v> {
    pub(crate) level: usize,
    /// The command runs in a pipeline or in the background.
    detached: bool,
    budget: &'b Cell<usize>,
    users: &'b UserCommands,
    pub(crate) out: &'a mut Analysis,
    visit: &'a mut Visit<'v>,
    /// Where this command's targets are, relative to the command line's
    /// directory.
    pub(crate) dir: Dir,
    /// The command is run by `xargs` without a placeholder: xargs appends
    /// the words it reads, so a command writing its arguments writes them.
    pub(crate) appended: bool,
    /// `run` met `nohup` (see `classify_all`, which judges its output).
    nohup: bool,
}

impl Cx<'_, '_, '_> {
    /// A write whose files are not named.
    pub(crate) fn write(&mut self, what: impl Into<String>) {
        let what = what.into();
        self.out.unnamed.push(what.clone());
        self.out.writes.push(what);
    }

    /// A write of `path`; `runtime`: the path is only known at run time.
    pub(crate) fn write_to(&mut self, what: String, path: &str, runtime: bool) {
        self.name_target(&what, path, runtime);
        self.out.writes.push(what);
    }

    /// Record `path` as a file the write `what` names, or `what` as a write
    /// whose file cannot be named (a run-time path, `~`, a relative path
    /// after a `cd` flowgate cannot follow).
    pub(crate) fn name_target(&mut self, what: &str, path: &str, runtime: bool) {
        match (!runtime && !path.is_empty() && !path.starts_with('~'))
            .then(|| self.full_path(path))
            .flatten()
        {
            Some(p) => self.out.targets.push(p),
            None => self.out.unnamed.push(what.to_string()),
        }
    }

    /// `path` relative to where the command line started, if it can be told.
    fn full_path(&self, path: &str) -> Option<String> {
        if path.starts_with('/') {
            return Some(path.to_string());
        }
        let mut base = match &self.out.cwd {
            Cwd::Start => String::new(),
            Cwd::Dir(d) => d.clone(),
            Cwd::Lost => return None,
        };
        match &self.dir {
            Dir::Here => {}
            Dir::At(d) => base = join(&base, d),
            Dir::Unknown => return None,
        }
        Some(join(&base, path))
    }

    /// A redirection: a write of its target unless it is a descriptor copy,
    /// `/dev/null` or an input.
    fn redirect(&mut self, r: &Redirect) {
        if let Some(w) = redirect_write(r) {
            self.write_to(w, &r.target, r.rt & (RT_CODE | RT_NAME) != 0);
        }
    }

    /// Re-analyse a string of shell code one level deeper.
    pub(crate) fn reanalyse(&mut self, src: &str) {
        analyse_into(
            src,
            self.level + 1,
            self.budget,
            self.users,
            self.out,
            self.visit,
        );
    }

    /// Run an argv found inside another command (`find -exec`, `python -m`).
    pub(crate) fn nested(&mut self, argv: &[Arg<'_>], marks: Marks) {
        if self.level + 1 > MAX_DEPTH {
            mark_unparsable(self.out, "nesting too deep");
            return;
        }
        self.level += 1;
        self.run(argv, Stdin::None, marks);
        self.level -= 1;
    }

    /// The command a container runs through a writable bind mount: a
    /// command of its own, whose writes count; the paths it names are the
    /// container's, so they are left unnamed.
    fn contained(&mut self, argv: &[Arg<'_>], marks: Marks) {
        let before = self.out.targets.len();
        self.nested(argv, marks);
        let named = self
            .out
            .targets
            .split_off(before.min(self.out.targets.len()));
        for t in named {
            self.out
                .unnamed
                .push(format!("a write to {t} in a container"));
        }
    }

    /// What a command found in a script's or a task's words runs
    /// (`apply`'s answer).
    fn follow(&mut self, kind: RunKind, argv: &[Arg<'_>], marks: Marks) {
        if kind == RunKind::Container {
            self.contained(argv, marks);
        } else {
            self.nested(argv, marks);
        }
    }

    /// Mark the analysis unanalysable: `what` (e.g. "the command name") is
    /// only known at run time; `part` is the word that makes it so.
    pub(crate) fn unknown(&mut self, what: std::fmt::Arguments<'_>, part: &str) {
        if self.out.unparsable.is_none() {
            self.out.unparsable = Some(format!(
                "{what} is only known at run time ({})",
                shorten(part)
            ));
        }
    }

    /// Mark the analysis unanalysable: `what` comes from `source` (a pipe,
    /// a process substitution, …), only known at run time.
    fn unknown_input(&mut self, what: std::fmt::Arguments<'_>, source: &str) {
        if self.out.unparsable.is_none() {
            self.out.unparsable = Some(format!(
                "{what} comes from {source}, only known at run time"
            ));
        }
    }

    /// A command flowgate has no knowledge of (for `shell.unknown`).
    pub(crate) fn unknown_command(&mut self, name: &str) {
        // An empty command name (`"" x`) runs nothing.
        if !name.is_empty() && !self.out.unknown.iter().any(|u| u == name) {
            self.out.unknown.push(name.to_string());
        }
    }

    /// The program `who` reads from stdin, when it can be seen; when it only
    /// exists at run time, marks the analysis unanalysable and gives `None`.
    fn stdin_code<'s>(&mut self, stdin: Stdin<'s>, who: &str) -> Option<std::borrow::Cow<'s, str>> {
        if let Stdin::File(r) = stdin {
            // `bash < run.sh`: a script file, like `bash run.sh`.
            if r.rt & (RT_CODE | RT_NAME) != 0 {
                self.unknown_input(
                    format_args!("the code run by {who}"),
                    "a file named at run time",
                );
            } else {
                self.unknown_command(cmd_name(&r.target));
            }
            return None;
        }
        match stdin.script() {
            Ok(code) => code,
            Err(source) => {
                self.unknown_input(format_args!("the code run by {who}"), source);
                None
            }
        }
    }

    /// A script argument `word` (at `i`) of `who` that is a process
    /// substitution: the script only exists at run time. Marks it and says so.
    fn proc_subst_script(&mut self, who: &str, marks: Marks, i: usize, word: &str) -> bool {
        let yes = word.starts_with("<(") && marks.code(i, word);
        if yes {
            self.unknown_input(
                format_args!("the code run by {who}"),
                "a process substitution",
            );
        }
        yes
    }

    fn record(&mut self, argv: &[Arg<'_>]) {
        self.out.seen += 1;
        match self.visit.as_mut() {
            Some(v) => v.show(argv),
            None => self.out.commands.push(SimpleCommand::new(argv)),
        }
    }

    pub(super) fn code(&mut self, lang: Lang, src: &str, label: &str) {
        let f = code::scan(lang, src);
        self.findings(f, label);
    }

    fn findings(&mut self, f: code::Findings, label: &str) {
        for w in f.writes {
            self.write(format!("{label} {w}"));
        }
        if let Some(r) = f.runtime
            && self.out.unparsable.is_none()
        {
            self.out.unparsable = Some(format!("{label}: {r}"));
        }
        for s in f.shell {
            self.reanalyse(&s);
        }
    }

    /// The spec a command name has: the user's, else the built-in one.
    pub(crate) fn lookup(&self, name: &str) -> Option<SpecRef> {
        match self.users.get(name) {
            Some(s) => Some(SpecRef::User(s)),
            None => table::lookup(name),
        }
    }

    /// A script file run by an interpreter (`python gen.py --out x`,
    /// `bash run.sh`): its contents are not visible, so it is judged like a
    /// command by its file name: a spec under that name (`manage.py`), else
    /// the general rules, and it counts as a command flowgate does not know.
    pub(crate) fn script(&mut self, path: &str, args: &[Arg<'_>], marks: Marks) {
        let name = cmd_name(path);
        match self.lookup(name) {
            Some(spec) if !table::is_code(name) => {
                if let Some((at, kind, _)) = self.apply(spec, name, args, marks) {
                    self.follow(kind, &args[at..], marks.skip(at));
                }
            }
            _ => self.generic(name, name, args, marks, Kind::Script),
        }
    }

    /// What a `perl`/`ruby` run writes: `-i` edits in place (the files
    /// after the code), each `-e` code is scanned, and with neither code nor
    /// a script file the script comes from stdin. `script` is the first word
    /// after the options and its index; `runtime_code` an `-e` word built at
    /// run time.
    #[allow(clippy::too_many_arguments)]
    fn inline_code(
        &mut self,
        lang: Lang,
        name: &str,
        inplace: bool,
        codes: &[Arg<'_>],
        runtime_code: Option<&str>,
        script: Option<(usize, &str)>,
        args: &[Arg<'_>],
        stdin: Stdin<'_>,
        marks: Marks,
    ) {
        if inplace {
            // The files edited are the words after the code (or the script).
            let from = match (script, codes.is_empty()) {
                (Some((i, _)), true) => i + 1,
                (Some((i, _)), false) => i,
                (None, _) => args.len(),
            };
            self.write_files(format!("{name} -i"), args, from, marks);
        }
        if let Some(c) = runtime_code {
            self.unknown(format_args!("the code run by {name} -e"), c);
        }
        for c in codes {
            self.code(lang, c, &format!("{name} -e"));
        }
        if !codes.is_empty() {
            return;
        }
        if let Some((i, s)) = script
            && (self.proc_subst_script(name, marks, i, s) || !is_stdin_path(s))
        {
            if !inplace {
                self.script(s, &args[i + 1..], marks.skip(i + 1));
            }
            return; // a script file: its contents are not visible
        }
        if let Some(s) = self.stdin_code(stdin, name) {
            self.code(lang, &s, &format!("{name} script on stdin"));
        }
    }

    /// A write of the files among `args[from..]` (words that are not
    /// options), or of files it does not name when there are none.
    fn write_files(&mut self, what: String, args: &[Arg<'_>], from: usize, marks: Marks) {
        let files: Vec<usize> = (from..args.len())
            .filter(|&i| !args[i].starts_with('-') || args[i] == "-")
            .filter(|&i| args[i] != "-")
            .collect();
        if files.is_empty() {
            self.write(what);
            return;
        }
        for &i in &files {
            self.name_target(&what, &args[i], marks.path(i, &args[i]));
        }
        self.out.writes.push(what);
    }

    /// Strip assignments and wrappers, record the command, classify it.
    /// A command name only known at run time (`$cmd`, `$(which rm)`,
    /// `sudo $x`, a glob) makes the analysis unanalysable.
    pub(crate) fn run(&mut self, argv: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut argv = argv;
        let mut stdin = stdin;
        let mut marks = marks;
        let mut appended = false;
        loop {
            while let Some(w) = argv.first().filter(|w| is_assignment(w)) {
                // `x='a[$(rm -rf y)]'`: a later `$((x))` runs the subscript.
                if subscript_code(w) {
                    self.unknown(format_args!("an array subscript evaluated as code"), w);
                }
                // `BASH_ENV=f bash -c …`: a shell sources f first.
                if let Some(f) = w
                    .strip_prefix("BASH_ENV=")
                    .or_else(|| w.strip_prefix("ENV="))
                    && !f.is_empty()
                {
                    if marks.path(0, w) {
                        self.unknown(format_args!("the script a shell sources first"), w);
                    } else {
                        self.unknown_command(cmd_name(f));
                    }
                }
                // `INSTA_UPDATE=always cargo test`: the tests update their
                // snapshot files (only with a command to run).
                if argv.len() > 1 && table::writing_env(w) {
                    self.write(format!("{w} (updates files)"));
                }
                argv = &argv[1..];
                marks = marks.skip(1);
            }
            let Some((first, args)) = argv.split_first() else {
                return;
            };
            if !self.out.aliases.is_empty() {
                let mut k = 0;
                while self.used_alias(&argv[k]) && k + 1 < argv.len() {
                    k += 1;
                }
            }
            if marks.name(0, first) {
                self.record(argv);
                self.unknown(format_args!("the command name"), first);
                return;
            }
            let name = cmd_name(first);
            // `nohup CMD`, after wrappers too (`sudo nohup CMD`)
            self.nohup |= name == "nohup";
            if matches!(name, "xargs" | "gxargs") {
                let start = xargs_start(argv);
                if start >= argv.len() {
                    self.record(argv);
                    return;
                }
                if let Some((_, w)) = argv[1..start]
                    .iter()
                    .enumerate()
                    .find(|(k, w)| marks.split(k + 1, w))
                {
                    self.record(argv);
                    self.unknown(format_args!("the command run by {name}"), w);
                    return;
                }
                stdin = Stdin::Args;
                appended = true;
                if let Some(p) = xargs_placeholder(&argv[1..start]) {
                    marks.fill(start, &argv[start..], p);
                    appended = false;
                }
                argv = &argv[start..];
                marks = marks.skip(start);
                continue;
            }
            if is_help(args) {
                self.record(argv);
                return;
            }
            self.hidden_code(name, args, marks.skip(1));
            self.stdin_makefile(name, args, stdin, marks.skip(1));
            self.django_shell_stdin(name, args, stdin);
            let found = match self.users.get(name) {
                Some(s) => table::Found::Spec(SpecRef::User(s)),
                None => match table::find(name) {
                    // `arm-none-eabi-objcopy` is `objcopy`
                    table::Found::None => cross_tool(name).map_or(table::Found::None, table::find),
                    f => f,
                },
            };
            if found == table::Found::Code {
                self.record(argv);
                self.classify(name, args, stdin, marks.skip(1));
                return;
            }
            let table::Found::Spec(spec) = found else {
                self.record(argv);
                self.generic(name, name, args, marks.skip(1), Kind::Unknown);
                return;
            };
            self.appended = appended;
            let applied = self.apply(spec, name, args, marks.skip(1));
            self.appended = false;
            let Some((at, kind, label)) = applied else {
                // `xargs sudo`, `xargs env`: the command comes from xargs' input.
                if matches!(stdin, Stdin::Args) && spec.run().is_some() {
                    self.record(argv);
                    self.unknown_input(
                        format_args!("the command run by xargs {name}"),
                        "its input",
                    );
                    return;
                }
                self.record(argv);
                return;
            };
            let start = at + 1;
            // `timeout $t cmd`: an unquoted expansion among the wrapper's
            // options may split and become the command. Not the current
            // directory in a container's mount (`-v $(pwd):/src`): it splits
            // only if the directory's name has blanks, and docker then
            // fails on the mount.
            if let Some((_, w)) = argv[1..start].iter().enumerate().find(|(k, w)| {
                marks.split(k + 1, w) && !(kind == RunKind::Container && only_cwd(w))
            }) {
                self.record(argv);
                self.unknown(format_args!("the command run by {name}"), w);
                return;
            }
            if kind == RunKind::Command {
                argv = &argv[start..];
                marks = marks.skip(start);
                continue;
            }
            if kind == RunKind::Container {
                self.record(argv);
                // the program given the words after the image: `--entrypoint
                // PROG`, or the tool an image's own entrypoint is
                let program: Option<Arg<'_>> = match entrypoint(&argv[1..start]) {
                    Some((k, e)) if marks.path(k + 1, &argv[k + 1]) => {
                        self.unknown(format_args!("the program the container runs"), e);
                        return;
                    }
                    Some((_, e)) => Some(e.to_string().into()),
                    None => table::image_entrypoint(&argv[start - 1]).map(Into::into),
                };
                match program {
                    Some(p) => {
                        let mut run: Vec<Arg<'_>> = Vec::with_capacity(argv.len() - start + 1);
                        run.push(p);
                        run.extend(argv[start..].iter().cloned());
                        // word 0 takes the marks of the image's word
                        self.contained(&run, marks.skip(start - 1));
                    }
                    None => self.contained(&argv[start..], marks.skip(start)),
                }
                return;
            }
            // A script file or a project task: the runner is the command.
            self.record(argv);
            self.run_script(kind, &label, &argv[start..], marks.skip(start));
            return;
        }
    }

    /// A command word that names an alias defined earlier in the line
    /// (`alias l='rm -rf x'` … `l`): its value runs, analysed once (an
    /// alias naming itself, `alias rm='rm -i'`, is not expanded again).
    /// Whether a value of it ends in a blank, so the next word is checked
    /// for an alias too (`alias s='sudo '` … `s x`).
    fn used_alias(&mut self, word: &str) -> bool {
        let mut blank = false;
        for k in 0..self.out.aliases.len() {
            let a = &mut self.out.aliases[k];
            if a.name != word {
                continue;
            }
            blank |= a.value.ends_with([' ', '\t']);
            if std::mem::replace(&mut a.used, true) {
                continue;
            }
            let (value, runtime) = (a.value.clone(), a.runtime);
            if runtime {
                self.unknown(format_args!("the code an alias runs"), &value);
            }
            self.reanalyse(&value);
        }
        blank
    }

    /// `make -f - <<EOF`: a makefile from standard input, whose recipes
    /// and `$(shell …)` are shell code (see [`code::scan_makefile`]);
    /// `-f <(…)` is one only known at run time; `--eval=TEXT` is makefile
    /// text too.
    fn stdin_makefile(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        if !matches!(name, "make" | "gmake" | "bmake" | "remake") {
            return;
        }
        let mut file = None;
        let mut evals = Vec::new();
        let mut i = 0;
        while let Some(arg) = args.get(i) {
            let a = arg.as_ref();
            i += 1;
            // (the option, its value glued on, if any)
            let (opt, glued) = match a {
                _ if a.starts_with("--") => long_option(arg),
                // `-sf -`, `-kfMakefile`: short options run together
                _ if a.starts_with('-') && a.len() > 1 => {
                    match a
                        .char_indices()
                        .skip(1)
                        .find(|&(_, c)| MAKE_VALUE_SHORT.contains(c))
                    {
                        Some((k, c)) => {
                            let v = &a[k + c.len_utf8()..];
                            (&a[k..k + c.len_utf8()], Some(v).filter(|v| !v.is_empty()))
                        }
                        None => continue,
                    }
                }
                _ => continue,
            };
            // `-j` alone takes no value: its value is only glued on
            let value = |i: &mut usize| match glued {
                None if MAKE_OPTIONAL_SHORT.contains(&opt) => None,
                _ => option_value(glued, args, i),
            };
            match opt {
                "f" | "--file" | "--makefile" => {
                    if let Some(v) = value(&mut i)
                        && (is_stdin_path(v.1) || v.1.starts_with("<("))
                    {
                        file = Some(v);
                    }
                }
                "E" | "--eval" => evals.extend(value(&mut i).map(|v| v.1)),
                o if MAKE_VALUE_OPTIONS.contains(&o) => {
                    value(&mut i);
                }
                _ => {}
            }
        }
        for e in evals {
            let f = code::scan_makefile(e);
            self.findings(f, name);
        }
        let Some((i, f)) = file else { return };
        if self.proc_subst_script(name, marks, i, f) || !is_stdin_path(f) {
            return;
        }
        if let Some(text) = self.stdin_code(stdin, name) {
            let f = code::scan_makefile(&text);
            self.findings(f, name);
        }
    }

    /// Code bash runs from a builtin's arguments, outside any command
    /// position.
    fn hidden_code(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        // Builtins that take variable names or arithmetic evaluate an
        // array subscript in them, `$(…)` included, even single-quoted:
        // `let 'a[$(rm -rf x)]'`, `printf -v 'a[$(…)]'`, `[[ -v 'a[$(…)]' ]]`.
        if matches!(
            name,
            "let"
                | "read"
                | "printf"
                | "test"
                | "["
                | "[["
                | "declare"
                | "typeset"
                | "local"
                | "export"
                | "readonly"
                | "unset"
                | "mapfile"
                | "readarray"
                | "wait"
                | "shift"
                | "return"
                | "exit"
        ) && let Some(a) = args.iter().find(|a| subscript_code(a))
        {
            self.unknown(format_args!("an array subscript evaluated as code"), a);
        }
        // `export INSTA_UPDATE=always`: the commands run after it in this
        // shell (a host may keep one across calls) update their files.
        let exports = name == "export"
            || (matches!(name, "declare" | "typeset")
                && args.iter().any(|a| a.starts_with('-') && a.contains('x')));
        if exports && let Some(a) = args.iter().find(|a| table::writing_env(a)) {
            // short: a deny reason shows 47 characters of it
            self.write(format!("export {a} (writes later)"));
        }
        match name {
            // `alias l='rm -rf x'`: the value runs where `l` is used later
            // (see `Cx::used_alias`); defining it runs nothing.
            "alias" => {
                for (k, a) in args.iter().enumerate() {
                    if let Some((n, v)) = a.split_once('=')
                        && !n.starts_with('-')
                    {
                        let runtime = marks.code(k, a);
                        // a name bash expands (`{a,x}`, `$N`, a glob):
                        // which names it defines is not known here
                        if n.contains(['{', '$', '`', '*', '?', '[']) {
                            if runtime && v.contains(['$', '`']) {
                                self.unknown(format_args!("the code an alias runs"), v);
                            }
                            self.reanalyse(v);
                            continue;
                        }
                        self.out.aliases.push(super::Alias {
                            name: n.to_string(),
                            value: v.to_string(),
                            runtime,
                            used: false,
                        });
                    }
                }
            }
            "ts-node" | "tsx" | "crystal" | "clojure" | "clj" | "bb" | "erl" | "rails" | "ghc"
            | "ghci" => {
                self.inline_code_of_known(name, args, marks);
            }
            "mix" if args.first().is_some_and(|a| a == "run") => {
                self.mix_run(&args[1..], marks.skip(1));
            }
            // `mapfile -C CODE`: CODE runs as a callback.
            "mapfile" | "readarray" => {
                for (k, a) in args.iter().enumerate() {
                    let code = match a.strip_prefix("-C") {
                        Some("") => args.get(k + 1).map(AsRef::as_ref),
                        Some(c) => Some(c),
                        None => None,
                    };
                    if let Some(c) = code {
                        if marks.code(k, c)
                            || args
                                .get(k + 1)
                                .is_some_and(|n| n == c && marks.code(k + 1, n))
                        {
                            self.unknown(format_args!("the code run by {name} -C"), c);
                        }
                        self.reanalyse(c);
                    }
                }
            }
            _ => {}
        }
    }

    /// Inline code given to commands the table knows for their other uses:
    /// `ts-node -e` (Node), `crystal eval` (read as Ruby, which its file
    /// calls follow), `rails runner CODE` (Ruby; a `.rb` file is a script),
    /// `clojure -e`, `bb -e` or `bb '(…)'` (Clojure), `erl -eval` (Erlang),
    /// `ghc -e`, `ghci -e` (Haskell, any number, before or after its
    /// files). The words before a script or main namespace only.
    fn inline_code_of_known(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            let (key, glued) = long_option(a);
            let lang = match (name, key) {
                ("ts-node" | "tsx", "-e" | "--eval" | "-p" | "--print") => 0,
                ("clojure" | "clj" | "bb", "-e" | "--eval") => 1,
                ("erl", "-eval") => 2,
                ("ghc" | "ghci", "-e") => 3,
                ("crystal", "eval") if i == 1 => {
                    let code = args[1..]
                        .iter()
                        .filter(|w| !w.starts_with('-'))
                        .map(AsRef::as_ref)
                        .collect::<Vec<_>>()
                        .join(" ");
                    if let Some((_, w)) = args
                        .iter()
                        .enumerate()
                        .skip(1)
                        .find(|(k, w)| marks.code(*k, w))
                    {
                        self.unknown(format_args!("the code run by crystal eval"), w);
                    }
                    self.code(Lang::Ruby, &code, "crystal eval");
                    return;
                }
                ("rails", "runner" | "r") if i == 1 => {
                    // `-e ENV`, `--environment ENV`: the first other word is
                    // the code or a script file
                    let mut k = 1;
                    while let Some(w) = args.get(k) {
                        match w.as_ref() {
                            "-e" | "--environment" => k += 2,
                            w if w.starts_with('-') => k += 1,
                            _ => break,
                        }
                    }
                    if let Some(w) = args.get(k)
                        && !w.ends_with(".rb")
                    {
                        if marks.code(k, w) {
                            self.unknown(format_args!("the code run by rails runner"), w);
                        }
                        self.code(Lang::Ruby, w, "rails runner");
                    }
                    return;
                }
                ("rails", _) => return,
                ("bb", _) if key.starts_with('(') => {
                    if marks.code(i - 1, key) {
                        self.unknown(format_args!("the code run by bb"), key);
                    }
                    self.findings(code::scan_clojure(key), "bb");
                    return;
                }
                // a script, a main namespace, the program's own arguments
                (_, "-m" | "--main" | "-x" | "--exec" | "-extra" | "--") => return,
                // erl's flags take any number of values (`-pa DIR…`)
                ("erl", _) => continue,
                // ghc's options that take a value; its files and other
                // options (`-O2`, `-XOverloadedStrings`) do not end its `-e`s
                (
                    "ghc" | "ghci",
                    "-o" | "-odir" | "-hidir" | "-outputdir" | "-stubdir" | "-dumpdir" | "-hiedir"
                    | "-package" | "-package-db" | "-package-id" | "-main-is" | "-osuf" | "-ohi",
                ) => {
                    i += 1;
                    continue;
                }
                ("ghc" | "ghci", _) => continue,
                (_, k) if !k.starts_with('-') => return,
                (
                    _,
                    "-r" | "--require" | "-P" | "--project" | "-O" | "--compilerOptions"
                    | "--import" | "--tsconfig" | "-Sdeps" | "-Scp" | "-Sthreads" | "--config"
                    | "--deps-root" | "-cp" | "--classpath",
                )
                | ("clojure" | "clj" | "bb", "-i" | "--init") => {
                    if glued.is_none() {
                        i += 1;
                    }
                    continue;
                }
                _ => continue,
            };
            let Some((vi, v)) = option_value(glued, args, &mut i) else {
                return;
            };
            let label = format!("{name} {key}");
            if marks.code(vi, v) {
                self.unknown(format_args!("the code run by {label}"), v);
            }
            match lang {
                0 => self.code(Lang::Node, v, &label),
                1 => self.findings(code::scan_clojure(v), &label),
                2 => self.findings(code::scan_erlang(v), &label),
                _ => self.findings(code::scan_haskell(v), &label),
            }
        }
    }

    /// `mix run -e CODE`: Elixir code run in the project (the words before
    /// a script file only).
    fn mix_run(&mut self, args: &[Arg<'_>], marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            let (key, glued) = long_option(a);
            match key {
                "-e" | "--eval" => {
                    let Some((vi, v)) = option_value(glued, args, &mut i) else {
                        return;
                    };
                    if marks.code(vi, v) {
                        self.unknown(format_args!("the code run by mix run {key}"), v);
                    }
                    self.code(Lang::Elixir, v, &format!("mix run {key}"));
                }
                "-c" | "--config" | "-r" | "--require" if glued.is_none() => i += 1,
                "--" => return,
                k if !k.starts_with('-') => return,
                _ => {}
            }
        }
    }

    /// What a script file or a task a runner runs writes (`go run ./gen`,
    /// `npm run lint -- --fix`, `pnpm prettier --write src`).
    fn run_script(&mut self, kind: RunKind, label: &str, argv: &[Arg<'_>], marks: Marks) {
        let Some((first, args)) = argv.split_first() else {
            return;
        };
        if marks.name(0, first) {
            self.unknown(format_args!("the command run by {label}"), first);
            return;
        }
        // `npm run lint -- --fix`: the `--` only separates.
        let (args, marks) = match args.split_first() {
            Some((dd, rest)) if dd == "--" => (rest, marks.skip(2)),
            _ => (args, marks.skip(1)),
        };
        let name = if kind == RunKind::Task {
            first.as_ref()
        } else {
            cmd_name(first)
        };
        // a task named like a formatter is judged by its name, even if a
        // command has that name too (`pnpm run fmt` is not coreutils' fmt)
        let by_name = kind == RunKind::Task && is_write_task(name);
        match self.lookup(name) {
            Some(spec) if !(table::is_code(name) || by_name) => {
                if let Some((at, kind, _)) = self.apply(spec, name, args, marks) {
                    self.follow(kind, &args[at..], marks.skip(at));
                }
            }
            _ => {
                let kind = if kind == RunKind::Task {
                    Kind::Task
                } else {
                    Kind::Script
                };
                self.generic(name, &format!("{label} {name}"), args, marks, kind);
            }
        }
    }

    /// Commands whose meaning needs code. `marks` are those of `args`.
    fn classify(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        // `node -v`, `perl --help`: prints and exits, reading no script.
        let stdin = match (stdin, args) {
            (Stdin::None, [a])
                if matches!(a.as_ref(), "-v" | "-V" | "--version" | "-h" | "--help") =>
            {
                Stdin::Unused
            }
            _ => stdin,
        };
        match name {
            "bash" | "sh" | "zsh" | "dash" | "ksh" | "mksh" | "ash" | "fish" | "yash" | "posh"
            | "rbash" => self.shell(name, args, stdin, marks),
            "eval" => {
                if let Some((_, a)) = args.iter().enumerate().find(|(k, a)| marks.code(*k, a)) {
                    self.unknown(format_args!("the code run by eval"), a);
                }
                self.reanalyse(&args.join(" "));
            }
            "source" | "." => {
                if let Some(f) = args.first()
                    && !self.proc_subst_script(name, marks, 0, f)
                {
                    if is_stdin_path(f) {
                        if let Some(s) = self.stdin_code(stdin, name) {
                            self.reanalyse(&s);
                        }
                    } else {
                        // a file read into this shell: not visible
                        self.unknown_command(cmd_name(f));
                    }
                }
            }
            "cd" | "pushd" | "popd" | "chdir" => self.cd(name, args, marks),
            "lua" | "luajit" => self.lua(name, args, stdin, marks),
            "julia" => self.julia(args, stdin, marks),
            "ex" => self.ex(args, marks),
            "vi" | "vim" | "nvim" => self.vim(name, args, marks),
            "ed" | "red" => self.ed(name, args, stdin, marks),
            "Rscript" | "R" => self.r(name, args, stdin, marks),
            "pwsh" | "powershell" | "pwsh.exe" | "powershell.exe" => {
                self.pwsh(name, args, stdin, marks)
            }
            "elixir" => self.elixir(args, stdin, marks),
            "tclsh" | "wish" | "expect" | "osascript" | "irb" => {
                self.other_interpreter(name, args, stdin, marks)
            }
            "find" | "gfind" => self.find(args, marks),
            "fd" | "fdfind" => {
                // `fd PATTERN -x cmd` / `-X cmd`: with no placeholder in
                // it, fd appends the path (`-x sd a b` edits each file)
                if let Some(k) = args
                    .iter()
                    .position(|a| matches!(a.as_ref(), "-x" | "--exec" | "-X" | "--exec-batch"))
                {
                    let rest = &args[k + 1..];
                    let inner = &rest[..rest.iter().position(|a| a == ";").unwrap_or(rest.len())];
                    if !inner.is_empty() {
                        let mut inner = inner.to_vec();
                        if !inner.iter().any(|a| {
                            ["{}", "{/}", "{//}", "{.}", "{/.}"]
                                .iter()
                                .any(|p| a.contains(p))
                        }) {
                            inner.push("{}".into());
                        }
                        let mut m = marks.skip(k + 1);
                        m.fill(0, &inner, "{");
                        self.nested(&inner, m);
                    }
                }
            }
            "parallel" => self.parallel(args, marks),
            // IPython runs `-c CODE`, a script or `-m MODULE` as python does
            "python" | "pypy" | "ipython" => self.python(args, stdin, marks),
            "node" => self.node(args, stdin, marks, "node"),
            "perl" => self.perl(args, stdin, marks),
            "ruby" => self.ruby(args, stdin, marks),
            "php" => self.php(args, stdin, marks),
            "awk" | "gawk" | "mawk" | "nawk" => self.awk(name, args, marks),
            "sed" | "gsed" => self.sed(name, args, marks),
            "tar" | "gtar" | "bsdtar" => self.tar(args, marks),
            "sqlite3" | "duckdb" => self.sql(name, args, stdin, marks),
            "mlr" | "miller" => self.mlr(name, args, marks),
            "psql" => self.psql(args, stdin, marks),
            "sftp" => self.sftp(args, stdin),
            "gpg" | "gpg2" => self.gpg(name, args, marks),
            "mysql" | "mariadb" => self.mysql(name, args, stdin, marks),
            "pacman" => {
                let write = args.iter().any(|a| {
                    (a.starts_with("-S")
                        && !a.contains('s')
                        && !a.contains('i')
                        && !a.contains('l'))
                        || a.starts_with("-R")
                        || a.starts_with("-U")
                });
                if write {
                    self.write("pacman");
                }
            }
            "deno" => self.deno(args, stdin, marks),
            "emacs" => self.emacs(args, marks),
            "bun" => self.bun(args, stdin, marks),
            "sox" => self.sox(args, marks),
            "skopeo" => self.skopeo(args, marks),
            "ansible" => self.ansible(args, marks),
            "kubectl" | "oc" => self.kubectl(name, args, marks),
            _ => {}
        }
    }

    /// `mlr [MAIN-FLAGS] VERB … [then VERB …] [FILES]`: `-I` edits its
    /// files in place; the `split` verb writes one file per group, `tee
    /// FILE` a copy; `put`/`filter` expressions can redirect output to files
    /// and run commands (`code::scan_mlr`); `--prepipe CMD` runs a command.
    fn mlr(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        const VALUES: &[&str] = &[
            "--ifs",
            "--ofs",
            "--fs",
            "--ips",
            "--ops",
            "--ps",
            "--irs",
            "--ors",
            "--rs",
            "--ifs-regex",
            "--ips-regex",
            "--from",
            "--load",
            "--nr-progress-mod",
            "--records-per-batch",
            "--tz",
            "--ofmt",
            "--fflatsep",
            "--flatsep",
            "--jflatsep",
            "--oflatsep",
            "--iflatsep",
            "--seed",
            "--files",
            "--key-color",
            "--value-color",
            "--pass-color",
            "--fail-color",
            "--help-color",
            "-s",
        ];
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let a = a.as_ref();
            if !a.starts_with('-') || a.len() == 1 {
                break;
            }
            match a {
                "-I" => self.write(format!("{name} -I (edits its files in place)")),
                "--prepipe" | "--prepipex" => {
                    if let Some(v) = args.get(i + 1) {
                        if marks.code(i + 1, v) {
                            self.unknown(format_args!("the command {name} {a} runs"), v);
                        }
                        self.reanalyse(v);
                    }
                    i += 1;
                }
                "--mfrom" | "--mload" => {
                    while args.get(i + 1).is_some_and(|w| w != "--") {
                        i += 1;
                    }
                    i += 1;
                }
                _ if VALUES.contains(&a) => i += 1,
                _ => {}
            }
            i += 1;
        }
        let rest = args.get(i..).unwrap_or(&[]);
        let mut at = i;
        for seg in rest.split(|a| a == "then") {
            let base = at;
            at += seg.len() + 1;
            let Some((verb, vargs)) = seg.split_first() else {
                continue;
            };
            match verb.as_ref() {
                "split" => self.write(format!("{name} split (one file per group)")),
                "tee" => {
                    let pipe = vargs.iter().any(|a| a == "-p");
                    if let Some(k) = vargs.iter().position(|a| !a.starts_with('-')) {
                        let (v, vi) = (vargs[k].as_ref(), base + 1 + k);
                        if pipe {
                            if marks.code(vi, v) {
                                self.unknown(format_args!("the command {name} tee -p runs"), v);
                            }
                            self.reanalyse(v);
                        } else if !is_safe_target(v) {
                            self.write_to(format!("{name} tee {v}"), v, marks.path(vi, v));
                        }
                    }
                }
                "put" | "filter" => {
                    let mut exprs: Vec<&str> = Vec::new();
                    let mut from_file = false;
                    let mut k = 0;
                    while let Some(a) = vargs.get(k) {
                        match a.as_ref() {
                            "-f" => {
                                from_file = true;
                                k += 1;
                            }
                            "-e" => {
                                exprs.extend(vargs.get(k + 1).map(|e| e.as_ref()));
                                k += 1;
                            }
                            "-s" => k += 1,
                            o if o.starts_with('-') => {}
                            e => {
                                if exprs.is_empty() && !from_file {
                                    exprs.push(e);
                                }
                                break;
                            }
                        }
                        k += 1;
                    }
                    for e in exprs {
                        let f = code::scan_mlr(e);
                        self.findings(f, &format!("{name} {}", verb.as_ref()));
                    }
                }
                _ => {}
            }
        }
    }

    /// `sox [OPTIONS] IN… OUT [EFFECT …]`: OUT is the last file before the
    /// first effect (`table::SOX_EFFECTS`); `-n` (no file), `-d` (the audio
    /// device), `-p` (a pipe) or `-` there write no file. Effects that write
    /// one: `spectrogram -o FILE`, `noiseprof FILE`. `--i` only shows.
    fn sox(&mut self, args: &[Arg<'_>], marks: Marks) {
        if args
            .iter()
            .any(|a| matches!(a.as_ref(), "--i" | "--info" | "--help" | "--version"))
        {
            return;
        }
        // the files in order: `Some(index)` a word, `None` `-n`/`-d`/`-p`
        let mut files: Vec<Option<usize>> = Vec::new();
        let mut effects = args.len();
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let w = a.as_ref();
            i += 1;
            if w.len() > 1 && w.starts_with('-') {
                match w {
                    "-n" | "--null" | "-d" | "--default-device" | "-p" | "--sox-pipe" => {
                        files.push(None)
                    }
                    _ if table::SOX_VALUES.contains(&w) => i += 1,
                    _ => {}
                }
                continue;
            }
            if !files.is_empty() && table::SOX_EFFECTS.contains(&w) {
                effects = i - 1;
                break;
            }
            files.push(Some(i - 1));
        }
        if files.len() >= 2
            && let Some(Some(k)) = files.last()
            && args[*k] != "-"
        {
            let f = args[*k].as_ref();
            self.write_to(format!("sox {f}"), f, marks.path(*k, f));
        }
        // files the effects write
        let mut k = effects;
        while let Some(e) = args.get(k) {
            k += 1;
            let file = match e.as_ref() {
                "spectrogram" => args[k..]
                    .iter()
                    .take_while(|a| !table::SOX_EFFECTS.contains(&a.as_ref()))
                    .position(|a| a == "-o")
                    .map(|p| k + p + 1),
                "noiseprof" => Some(k),
                _ => None,
            };
            if let Some(f) = file
                && let Some(w) = args.get(f)
                && !w.starts_with('-')
                && !table::SOX_EFFECTS.contains(&w.as_ref())
            {
                self.write_to(format!("sox {e} {w}"), w, marks.path(f, w));
            }
        }
    }

    /// `skopeo copy SRC DEST`: DEST's transport says where the image goes;
    /// `dir:PATH`, `oci:PATH[:REF]`, `oci-archive:PATH[:REF]` and
    /// `docker-archive:PATH[:REF]` are on this machine (not `docker://`,
    /// `containers-storage:`, `docker-daemon:`), and so is the directory of
    /// `skopeo sync --dest dir SRC DIR`. The rest is the table's spec.
    fn skopeo(&mut self, args: &[Arg<'_>], marks: Marks) {
        let mut pos: Vec<usize> = Vec::new();
        let mut to_dir = false;
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            let w = a.as_ref();
            if w.len() < 2 || !w.starts_with('-') {
                pos.push(i - 1);
                continue;
            }
            let val = match w.split_once('=') {
                Some((_, v)) => Some(v),
                None if table::SKOPEO_VALUES.contains(&w) => {
                    i += 1;
                    args.get(i - 1).map(AsRef::as_ref)
                }
                None => None,
            };
            let key = w.split_once('=').map_or(w, |(k, _)| k);
            if matches!(key, "-d" | "--dest") && val == Some("dir") {
                to_dir = true;
            }
        }
        if let [verb, _, .., last] = pos[..] {
            let dest = args[last].as_ref();
            let path = match args[verb].as_ref() {
                "copy" => ["dir:", "oci:", "oci-archive:", "docker-archive:"]
                    .iter()
                    .find_map(|t| dest.strip_prefix(t))
                    // `oci:PATH:REF`: the reference after the path
                    .map(|p| match dest.starts_with("dir:") {
                        true => p,
                        false => p.split(':').next().unwrap_or(p),
                    }),
                "sync" if to_dir => Some(dest),
                _ => None,
            };
            if let Some(p) = path.filter(|p| !p.is_empty()) {
                let verb = args[verb].as_ref();
                self.write_to(format!("skopeo {verb} {dest}"), p, marks.path(last, dest));
            }
        }
        self.apply_code_spec(table::skopeo(), "skopeo", args, marks);
    }

    /// `ansible HOSTS [-m MODULE] [-a ARGS]` with HOSTS `localhost` (or
    /// `127.0.0.1`, or any under `-c local`) runs the module here: a module
    /// that writes files (`file`, `copy`, `template`, `lineinfile`, …)
    /// writes here, and the `command`/`shell` module's arguments (the
    /// default module is `command`) are shell code. Not under `--check`.
    /// The rest is the table's spec (`--tree`, the fetch module).
    fn ansible(&mut self, args: &[Arg<'_>], marks: Marks) {
        let (mut hosts, mut module, mut code) = (None, "command", None);
        let (mut local, mut check) = (false, false);
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            let w = a.as_ref();
            if w.len() < 2 || !w.starts_with('-') {
                hosts.get_or_insert(w);
                continue;
            }
            // the option and its value: `--k=v`, `--k v`, `-k v`, `-kv`,
            // `-Ck v` (flags, then one that takes a value)
            let (key, val, vi) =
                if let Some((k, v)) = w.split_once('=').filter(|_| w.starts_with("--")) {
                    (k, Some(v), i - 1)
                } else if w.starts_with("--") {
                    if table::ANSIBLE_VALUES.contains(&w) {
                        i += 1;
                        (w, args.get(i - 1).map(AsRef::as_ref), i - 1)
                    } else {
                        (w, None, i - 1)
                    }
                } else {
                    let mut found = (w, None, i - 1);
                    for (k, c) in w.char_indices().skip(1) {
                        if c == 'C' {
                            check = true;
                        }
                        let key = format!("-{c}");
                        if let Some(v) = table::ANSIBLE_VALUES.iter().find(|v| **v == key) {
                            let rest = &w[k + c.len_utf8()..];
                            found = if rest.is_empty() {
                                i += 1;
                                (*v, args.get(i - 1).map(AsRef::as_ref), i - 1)
                            } else {
                                (*v, Some(rest), i - 1)
                            };
                            break;
                        }
                    }
                    found
                };
            match (key, val) {
                ("--check", _) => check = true,
                ("-m" | "--module-name", Some(m)) => module = m,
                ("-a" | "--args", Some(v)) => code = Some((vi, v)),
                ("-c" | "--connection", Some("local")) => local = true,
                _ => {}
            }
        }
        let local = local || hosts.is_some_and(|h| matches!(h, "localhost" | "127.0.0.1"));
        if local && !check {
            let name = module.rsplit('.').next().unwrap_or(module);
            match name {
                "command" | "shell" => {
                    if let Some((vi, c)) = code {
                        let who = format!("ansible -m {module}");
                        if marks.code(vi, c) {
                            self.unknown(format_args!("the code run by {who}"), c);
                        }
                        self.reanalyse(c);
                    }
                }
                "file" | "copy" | "template" | "lineinfile" | "blockinfile" | "replace"
                | "get_url" | "unarchive" | "archive" | "assemble" | "git" | "ini_file"
                | "tempfile" => self.write(format!("ansible -m {module}")),
                _ => {}
            }
        }
        self.apply_code_spec(table::ansible(), "ansible", args, marks);
    }

    /// `kubectl cp SRC [NS/]POD:PATH`: a word with a colon is a pod's path
    /// (kubectl's rule; the general `host:path` rule takes `ns/pod:path`
    /// for a local path): nothing is written here. The rest is the table's
    /// spec.
    fn kubectl(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        let mut pos = Vec::new();
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            if a.len() > 1 && a.starts_with('-') {
                if !a.contains('=') && table::KUBECTL_VALUES.contains(&a.as_ref()) {
                    i += 1;
                }
                continue;
            }
            pos.push(a.as_ref());
        }
        if let ["cp", _, .., dest] = pos[..]
            && dest.contains(':')
            && !dest.starts_with(['/', '.', '~'])
        {
            return;
        }
        self.apply_code_spec(table::kubectl(), name, args, marks);
    }

    /// `cd DIR` as the first command of the line (`cd /repo && …`): later
    /// relative paths are under DIR. Any other directory change (a second
    /// one, one in a subshell, a pipeline, the background, or to a place
    /// known only at run time) leaves relative paths unnamed.
    fn cd(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        // `cd` itself was just recorded: it is the first when it is the only one.
        let first = self.out.seen == 1;
        let dir = match args {
            [d] if name == "cd" && !marks.path(0, d) && !d.starts_with('~') && d != "-" => {
                Some(d.to_string())
            }
            _ => None,
        };
        self.out.cwd = match (&self.out.cwd, dir) {
            (Cwd::Start, Some(d)) if first && self.level == 0 && !self.detached => Cwd::Dir(d),
            _ => Cwd::Lost,
        };
        if self.out.cwd == Cwd::Lost {
            // A loop or a function may run a write named before this `cd`
            // after it: the paths named so far are not sure either.
            for t in std::mem::take(&mut self.out.targets) {
                self.out.unnamed.push(format!(
                    "a write to {t} (the command line changes directory)"
                ));
            }
        }
    }

    /// `parallel CMD ::: ARGS`: the command (its words joined, as parallel
    /// runs it through a shell), with the input as its last argument unless
    /// it places it itself (`{}`, `{.}`, `{1}`).
    fn parallel(&mut self, args: &[Arg<'_>], marks: Marks) {
        if has(args, &["--dry-run", "--dryrun", "--help"]) {
            return;
        }
        let i = skip_opts(
            args,
            0,
            "jSIaNnsLlPdE",
            &[
                "--jobs",
                "--sshlogin",
                "-I",
                "--arg-file",
                "--delimiter",
                "--joblog",
                "--results",
                "--res",
                "--colsep",
                "--timeout",
                "--retries",
                "--tmpdir",
                "--workdir",
                "--max-args",
                "--load",
                "--memfree",
                "--delay",
            ],
        );
        self.parallel_files(&args[..i.min(args.len())], marks);
        let inner: Vec<&Arg<'_>> = args[i.min(args.len())..]
            .iter()
            .take_while(|a| !a.starts_with(":::"))
            .collect();
        if inner.is_empty() {
            // Without a command, each input line is one.
            self.unknown_input(
                format_args!("each command parallel runs"),
                "its input or arguments",
            );
            return;
        }
        if let Some((k, w)) = inner
            .iter()
            .enumerate()
            .find(|(k, w)| k == &0 && marks.name(i, w))
        {
            let _ = k;
            self.unknown(format_args!("the command run by parallel"), w);
            return;
        }
        let mut code = inner
            .iter()
            .map(|w| w.as_ref())
            .collect::<Vec<_>>()
            .join(" ");
        if !code.contains('{') {
            code.push_str(" {}");
        }
        self.reanalyse(&code);
    }

    /// Files `parallel` writes itself, from its options (`opts`): the
    /// `--results DIR` tree, the `--joblog FILE`, `--files` output files.
    fn parallel_files(&mut self, opts: &[Arg<'_>], marks: Marks) {
        let mut i = 0;
        while let Some(a) = opts.get(i) {
            i += 1;
            let (key, glued) = long_option(a);
            match key {
                "--results" | "--res" | "--joblog" => {
                    let Some((vi, v)) = option_value(glued, opts, &mut i) else {
                        break;
                    };
                    if v != "-" && !is_safe_target(v) {
                        self.write_to(format!("parallel {key} {v}"), v, marks.path(vi, v));
                    }
                }
                "--files" | "--output-as-files" | "--outputasfiles" | "--files0" => {
                    self.write(format!("parallel {key}"));
                }
                _ => {}
            }
        }
    }

    fn deno(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        if args.first().is_some_and(|a| a == "eval") {
            if let Some((_, a)) = args.iter().enumerate().find(|(k, a)| marks.code(*k, a)) {
                self.unknown(format_args!("the code run by deno eval"), a);
            }
            if let Some(c) = args.iter().skip(1).find(|a| !a.starts_with('-')) {
                self.code(Lang::Node, c, "deno eval");
            }
            return;
        }
        if args.first().is_some_and(|a| a == "run")
            && runs_stdin(
                &args[1..],
                &[
                    "-c",
                    "--config",
                    "--import-map",
                    "--location",
                    "--cert",
                    "--seed",
                ],
            )
        {
            if let Some(s) = self.stdin_code(stdin, "deno run -") {
                self.code(Lang::Node, &s, "deno run script on stdin");
            }
            return;
        }
        self.apply_code_spec(table::deno(), "deno", args, marks);
    }

    /// `emacs FILE…` edits its files (the table's spec); in batch mode it
    /// writes what its `--eval` code and `-f` functions write (saving,
    /// exporting, compiling, tangling, deleting, running a process: see
    /// [`code::elisp_writes`]), and `--script FILE` runs a script file.
    fn emacs(&mut self, args: &[Arg<'_>], marks: Marks) {
        let batch = args.iter().any(|a| {
            matches!(
                a.as_ref(),
                "--batch" | "-batch" | "--script" | "-script" | "-x"
            )
        });
        if !batch {
            self.apply_code_spec(table::emacs(), "emacs", args, marks);
            return;
        }
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            let (key, glued) = long_option(a);
            let code = matches!(
                key,
                "--eval" | "-eval" | "--execute" | "-execute" | "-f" | "--funcall" | "-funcall"
            );
            let script = matches!(key, "--script" | "-script" | "-x");
            let load = matches!(key, "-l" | "--load" | "-load");
            let value = code
                || script
                || load
                || matches!(
                    key,
                    "-L" | "--directory"
                        | "--insert"
                        | "-t"
                        | "--terminal"
                        | "-d"
                        | "--display"
                        | "--chdir"
                        | "--init-directory"
                        | "-u"
                        | "--user"
                );
            if !value {
                continue;
            }
            let Some((vi, v)) = option_value(glued, args, &mut i) else {
                break;
            };
            if code {
                if marks.code(vi, v) || code::elisp_runs_unseen(v) {
                    self.unknown(format_args!("the code run by emacs {key}"), v);
                }
                if code::elisp_writes(v) {
                    self.write(format!("emacs --batch {key}"));
                }
            } else if load {
                // a Lisp file it runs, as `python FILE`
                self.unknown_command(cmd_name(v));
            } else if script {
                self.script(v, &args[i..], marks.skip(i));
                return;
            }
        }
    }

    fn bun(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        if args
            .iter()
            .take_while(|a| a.starts_with('-'))
            .any(|a| matches!(a.as_ref(), "-e" | "--eval" | "-p" | "--print"))
        {
            self.node(args, stdin, marks, "bun");
            return;
        }
        if args.first().is_some_and(|a| a == "run")
            && runs_stdin(&args[1..], &["--cwd", "-r", "--preload", "--filter"])
        {
            if let Some(s) = self.stdin_code(stdin, "bun run -") {
                self.code(Lang::Node, &s, "bun run script on stdin");
            }
            return;
        }
        self.apply_code_spec(table::bun(), "bun", args, marks);
    }

    /// Apply a spec kept out of the index (`deno`, `bun`: their inline code
    /// needs code) and follow what it runs.
    fn apply_code_spec(&mut self, spec: SpecRef, name: &str, args: &[Arg<'_>], marks: Marks) {
        match self.apply(spec, name, args, marks) {
            Some((at, RunKind::Command, _)) => self.nested(&args[at..], marks.skip(at)),
            Some((at, RunKind::Container, _)) => self.contained(&args[at..], marks.skip(at)),
            Some((at, kind, label)) => self.run_script(kind, &label, &args[at..], marks.skip(at)),
            None => {}
        }
    }

    fn shell(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut has_c = false;
        let mut from_stdin = false;
        while let Some(a) = args.get(i) {
            // `sh $x`: an unquoted expansion among the options or as the
            // script may be `-c CODE` (split on IFS) or nothing (the script
            // then comes from stdin).
            if marks.split(i, a) {
                self.unknown(format_args!("the code run by {name}"), a);
                return;
            }
            if a == "--" || a == "-" {
                i += 1;
                from_stdin |= a == "-";
                break;
            }
            if a.starts_with("--") {
                i += if matches!(a.as_ref(), "--rcfile" | "--init-file") {
                    2
                } else {
                    1
                };
                continue;
            }
            if (a.starts_with('-') || a.starts_with('+')) && a.len() > 1 {
                let mut skip = 0;
                for ch in a.chars().skip(1) {
                    match ch {
                        'c' if a.starts_with('-') => has_c = true,
                        's' => from_stdin = true,
                        'o' | 'O' => skip += 1,
                        _ => {}
                    }
                }
                i += 1 + skip;
                continue;
            }
            break;
        }
        if has_c {
            match args.get(i) {
                Some(code) => {
                    // `bash -c "$x"`, `bash -c "echo $x"`: the outer shell
                    // expands it before the inner one parses it as code.
                    if marks.code(i, code) {
                        self.unknown(format_args!("the code run by {name} -c"), code);
                    }
                    self.reanalyse(&marks.script(code));
                }
                None if matches!(stdin, Stdin::Args) => {
                    self.unknown_input(format_args!("the code run by {name} -c"), "xargs' input")
                }
                None => {}
            }
            return;
        }
        if !from_stdin
            && let Some(script) = args.get(i)
            && (self.proc_subst_script(name, marks, i, script) || !is_stdin_path(script))
        {
            // a script file, whose contents are not visible
            if !script.starts_with("<(") {
                self.script(script, &args[i + 1..], marks.skip(i + 1));
            }
            return;
        }
        if let Some(s) = self.stdin_code(stdin, name) {
            self.reanalyse(&s);
        }
    }

    /// Interpreters whose code is scanned only for Tcl (`tclsh`, `wish`,
    /// `expect`) and not at all for the others (`osascript`, `irb`): code
    /// that exists at run time is reported (`curl … | osascript`).
    fn other_interpreter(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let tcl = matches!(name, "tclsh" | "wish" | "expect");
        let mut i = 0;
        while let Some(a) = args.get(i) {
            match a.as_ref() {
                "-e" | "-c" => {
                    if let Some(c) = args.get(i + 1) {
                        if marks.code(i + 1, c) {
                            self.unknown(format_args!("the code run by {name} {a}"), c);
                        }
                        if tcl {
                            self.findings(code::scan_tcl(c), &format!("{name} {a}"));
                        }
                    }
                    return;
                }
                "-" => break,
                "-l" | "-f" | "-s" => i += 2,
                _ if a.starts_with('-') => i += 1,
                _ => {
                    if self.proc_subst_script(name, marks, i, a) {
                        return;
                    }
                    if !is_stdin_path(a) {
                        self.script(a, &args[i + 1..], marks.skip(i + 1));
                        return;
                    }
                    break;
                }
            }
        }
        if let Some(src) = self.stdin_code(stdin, name)
            && tcl
        {
            self.findings(code::scan_tcl(&src), &format!("{name} script on stdin"));
        }
    }

    fn php(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            match a.as_ref() {
                "-r" | "-R" | "-B" | "-E" => {
                    if let Some(c) = args.get(i + 1) {
                        if marks.code(i + 1, c) {
                            self.unknown(format_args!("the code run by php {a}"), c);
                        }
                        if a == "-r" {
                            self.code(Lang::Php, c, "php -r");
                        }
                    }
                    return;
                }
                "-f" | "-F" => {
                    if let Some(s) = args.get(i + 1) {
                        self.script(s, &args[i + 2..], marks.skip(i + 2));
                    }
                    return;
                }
                // Modes that do not run code.
                "-l" | "-v" | "-m" | "-i" | "-h" | "-s" | "-w" | "-a" => return,
                // Xdebug's profiler and tracer write cachegrind.out.* and
                // trace.* files (`-d xdebug.mode=profile`; Xdebug 2's
                // `xdebug.profiler_enable=1`)
                "-d" => {
                    if let Some(v) = args.get(i + 1) {
                        let v = v.replace(' ', "");
                        let writes = match v.split_once('=') {
                            Some(("xdebug.mode", m)) => {
                                m.split(',').any(|m| matches!(m, "profile" | "trace"))
                            }
                            Some((
                                "xdebug.profiler_enable" | "xdebug.auto_trace",
                                "1" | "On" | "on" | "true",
                            )) => true,
                            _ => false,
                        };
                        if writes {
                            self.write(format!("php -d {v} writes profile files"));
                        }
                    }
                    i += 2
                }
                "-c" | "-z" => i += 2,
                "--" => {
                    i += 1;
                    break;
                }
                _ if a.starts_with('-') => i += 1,
                _ => break,
            }
        }
        if let Some(s) = args.get(i)
            && (self.proc_subst_script("php", marks, i, s) || !is_stdin_path(s))
        {
            if !s.starts_with("<(") {
                self.script(s, &args[i + 1..], marks.skip(i + 1));
            }
            return;
        }
        if let Some(s) = self.stdin_code(stdin, "php") {
            self.code(Lang::Php, &s, "php script on stdin");
        }
    }

    fn find(&mut self, args: &[Arg<'_>], marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            match a.as_ref() {
                "-exec" | "-execdir" | "-ok" | "-okdir" => {
                    let start = i + 1;
                    let mut j = start;
                    while let Some(w) = args.get(j) {
                        if w == ";"
                            || (w == "+" && j > start && args.get(j - 1).is_some_and(|p| p == "{}"))
                        {
                            break;
                        }
                        j += 1;
                    }
                    let from = start.min(args.len());
                    let inner = &args[from..j.min(args.len())];
                    if !inner.is_empty() {
                        // `{}` is a found path: as a command name, only known at run time.
                        let mut m = marks.skip(from);
                        m.fill(0, inner, "{}");
                        self.nested(inner, m);
                    }
                    i = j + 1;
                }
                "-delete" => {
                    self.write("find -delete");
                    i += 1;
                }
                "-fprint" | "-fprint0" | "-fprintf" | "-fls" => {
                    let t = args.get(i + 1).map(AsRef::as_ref).unwrap_or("");
                    if !is_safe_target(t) {
                        self.write_to(format!("find {a} {t}"), t, marks.path(i + 1, t));
                    }
                    i += 2;
                }
                _ => i += 1,
            }
        }
    }

    fn python(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let short = a.len() > 1 && a.starts_with('-') && !a.starts_with("--");
            if short && a.ends_with('c') && a[1..].chars().all(|c| c.is_ascii_alphabetic()) {
                match args.get(i + 1) {
                    Some(code) => {
                        if marks.code(i + 1, code) {
                            self.unknown(format_args!("the code run by python -c"), code);
                        }
                        self.code(Lang::Python, code, "python -c");
                    }
                    None if matches!(stdin, Stdin::Args) => self
                        .unknown_input(format_args!("the code run by python -c"), "xargs' input"),
                    None => {}
                }
                return;
            }
            if short && a.ends_with('m') && a[1..].chars().all(|c| c.is_ascii_alphabetic()) {
                // `python -m build`: the sdist and wheel, into dist/ (or `-o`)
                if args.get(i + 1).is_some_and(|m| m == "build") {
                    if !args[i + 2..]
                        .iter()
                        .any(|a| matches!(a.as_ref(), "-h" | "--help" | "--version"))
                    {
                        self.write("python -m build writes the packages");
                    }
                    return;
                }
                // `python -m trace --count`: annotated .cover listings
                // beside the modules (or in `-C DIR`), the counts in `-f FILE`
                if args.get(i + 1).is_some_and(|m| m == "trace") {
                    if trace_counts(&args[i + 2..]) {
                        self.write("python -m trace writes .cover files");
                    }
                    return;
                }
                if let Some(rest) = args.get(i + 1..)
                    && !rest.is_empty()
                {
                    self.nested(rest, marks.skip(i + 1));
                }
                return;
            }
            if a == "-" {
                break;
            }
            if a.starts_with('-') {
                i += if matches!(a.as_ref(), "-W" | "-X" | "-Q") {
                    2
                } else {
                    1
                };
                continue;
            }
            if self.proc_subst_script("python", marks, i, a) {
                return;
            }
            if !is_stdin_path(a) {
                self.django_shell_stdin(cmd_name(a), &args[i + 1..], stdin);
                self.script(a, &args[i + 1..], marks.skip(i + 1));
                return; // a script file
            }
            break;
        }
        if let Some(s) = self.stdin_code(stdin, "python") {
            self.code(Lang::Python, &s, "python script on stdin");
        }
    }

    /// `manage.py shell` (or `django-admin shell`) with no `-c`: it runs
    /// the Python code on its standard input (a here-doc, a pipe).
    fn django_shell_stdin(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>) {
        if !matches!(name, "manage.py" | "django-admin")
            || !matches!(stdin, Stdin::Text(..) | Stdin::Pipe(..))
            || args.first().is_none_or(|s| s != "shell")
            || args[1..].iter().any(|a| {
                let (key, _) = long_option(a);
                matches!(key, "-c" | "--command" | "-h" | "--help")
            })
        {
            return;
        }
        if let Some(s) = self.stdin_code(stdin, "manage.py shell") {
            self.code(Lang::Python, &s, "manage.py shell code on stdin");
        }
    }

    fn node(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks, label: &str) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            if matches!(a.as_ref(), "-e" | "--eval" | "-p" | "--print" | "-pe") {
                if let Some(code) = args.get(i + 1) {
                    if marks.code(i + 1, code) {
                        self.unknown(format_args!("the code run by {label} {a}"), code);
                    }
                    self.code(Lang::Node, code, &format!("{label} -e"));
                }
                return;
            }
            if let Some(code) = a
                .strip_prefix("--eval=")
                .or_else(|| a.strip_prefix("--print="))
            {
                if marks.code(i, a) {
                    self.unknown(format_args!("the code run by {label} --eval"), code);
                }
                self.code(Lang::Node, code, &format!("{label} -e"));
                return;
            }
            if a == "-" {
                break;
            }
            // prints V8's options and exits, running nothing
            if a == "--v8-options" {
                return;
            }
            // profilers write their files: `--cpu-prof` and `--heap-prof`
            // .cpuprofile/.heapprofile files (in `--cpu-prof-dir`, or the
            // current directory), `--prof` isolate-*.log, the heap-limit
            // snapshot .heapsnapshot files
            let (key, _) = long_option(a);
            if matches!(
                key,
                "--cpu-prof" | "--heap-prof" | "--prof" | "--heapsnapshot-near-heap-limit"
            ) {
                self.write(format!("{label} {key} writes profile files"));
            }
            if a.starts_with('-') {
                i += if matches!(
                    a.as_ref(),
                    "-r" | "--require" | "--import" | "--loader" | "--input-type"
                ) {
                    2
                } else {
                    1
                };
                continue;
            }
            if self.proc_subst_script(label, marks, i, a) {
                return;
            }
            if !is_stdin_path(a) {
                self.script(a, &args[i + 1..], marks.skip(i + 1));
                return; // a script file
            }
            break;
        }
        if let Some(s) = self.stdin_code(stdin, label) {
            self.code(Lang::Node, &s, &format!("{label} script on stdin"));
        }
    }

    fn perl(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut codes = Vec::new();
        let mut runtime_code = None;
        let mut inplace = false;
        let mut check = false;
        while let Some(a) = args.get(i) {
            if a == "--" {
                i += 1;
                break;
            }
            if !(a.len() > 1 && a.starts_with('-')) {
                break;
            }
            let cs: Vec<char> = a.chars().skip(1).collect();
            let mut k = 0;
            let mut used_next = false;
            while let Some(&ch) = cs.get(k) {
                match ch {
                    'i' => {
                        inplace = true;
                        break;
                    }
                    'c' => {
                        check = true;
                        k += 1;
                    }
                    'e' | 'E' => {
                        let rest: String = cs[k + 1..].iter().collect();
                        if rest.is_empty() {
                            if let Some(c) = args.get(i + 1) {
                                if marks.code(i + 1, c) {
                                    runtime_code = Some(c.as_ref());
                                }
                                codes.push(c.clone());
                            }
                            used_next = true;
                        } else {
                            if marks.code(i, a) {
                                runtime_code = Some(a.as_ref());
                            }
                            codes.push(rest.into());
                        }
                        break;
                    }
                    '0' | 'l' => {
                        k += 1;
                        while cs
                            .get(k)
                            .is_some_and(|c| c.is_ascii_hexdigit() && !matches!(c, 'e' | 'E'))
                        {
                            k += 1;
                        }
                    }
                    'M' | 'm' | 'I' | 'x' | 'C' | 'd' | 'D' | 'V' | '-' => break,
                    _ => k += 1,
                }
            }
            i += if used_next { 2 } else { 1 };
        }
        // `perl -c FILE`: the file is compiled, not run, so what its name
        // says it does (`Makefile.PL`) does not happen
        if check
            && codes.is_empty()
            && !inplace
            && let Some(s) = args.get(i)
            && !is_stdin_path(s)
            && !s.starts_with("<(")
        {
            self.unknown_command(cmd_name(s));
            return;
        }
        self.inline_code(
            Lang::Perl,
            "perl",
            inplace,
            &codes,
            runtime_code,
            args.get(i).map(|a| (i, a.as_ref())),
            args,
            stdin,
            marks,
        );
    }

    fn ruby(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut codes = Vec::new();
        let mut runtime_code = None;
        let mut inplace = false;
        // `-c` only checks the syntax: nothing is run
        let mut check = false;
        while let Some(a) = args.get(i) {
            if !(a.len() > 1 && a.starts_with('-')) || a == "--" {
                break;
            }
            let cs: Vec<char> = a.chars().skip(1).collect();
            let mut used_next = false;
            for (k, &ch) in cs.iter().enumerate() {
                match ch {
                    'c' => check = true,
                    // `-Fpattern`: the rest is the pattern
                    'F' => break,
                    'i' => {
                        inplace = true;
                        break;
                    }
                    'e' => {
                        let rest: String = cs[k + 1..].iter().collect();
                        if rest.is_empty() {
                            if let Some(c) = args.get(i + 1) {
                                if marks.code(i + 1, c) {
                                    runtime_code = Some(c.as_ref());
                                }
                                codes.push(c.clone());
                            }
                            used_next = true;
                        } else {
                            if marks.code(i, a) {
                                runtime_code = Some(a.as_ref());
                            }
                            codes.push(rest.into());
                        }
                        break;
                    }
                    'r' | 'I' | 'C' | 'E' | 'x' | 'W' | 'K' | 'T' | '-' => {
                        used_next = k + 1 == cs.len() && ch != '-' && ch != 'W' && ch != 'x';
                        break;
                    }
                    _ => {}
                }
            }
            i += if used_next { 2 } else { 1 };
        }
        if check {
            return;
        }
        self.inline_code(
            Lang::Ruby,
            "ruby",
            inplace,
            &codes,
            runtime_code,
            args.get(i).map(|a| (i, a.as_ref())),
            args,
            stdin,
            marks,
        );
    }

    /// `elixir -e CODE`, `elixir script.exs`, `elixir -S mix …` (a
    /// program found in the path, run with the rest of the words).
    fn elixir(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut codes = Vec::new();
        let mut runtime_code = None;
        while let Some(a) = args.get(i) {
            match a.as_ref() {
                "-e" | "--eval" => {
                    if let Some(c) = args.get(i + 1) {
                        if marks.code(i + 1, c) {
                            runtime_code = Some(c.as_ref());
                        }
                        codes.push(c.clone());
                    }
                    i += 2;
                }
                "-S" => {
                    if let Some(rest) = args.get(i + 1..)
                        && !rest.is_empty()
                    {
                        self.nested(rest, marks.skip(i + 1));
                    }
                    return;
                }
                "-r"
                | "-pr"
                | "-pa"
                | "-pz"
                | "--app"
                | "--erl"
                | "--sname"
                | "--name"
                | "--cookie"
                | "--boot"
                | "--boot-var"
                | "--erl-config"
                | "--vm-args"
                | "--logger-otp-reports"
                | "--logger-sasl-reports"
                | "--pipe-to" => i += 2,
                "--rpc-eval" => i += 3,
                "--" => {
                    i += 1;
                    break;
                }
                _ if a.len() > 1 && a.starts_with('-') => i += 1,
                _ => break,
            }
        }
        self.inline_code(
            Lang::Elixir,
            "elixir",
            false,
            &codes,
            runtime_code,
            args.get(i).map(|a| (i, a.as_ref())),
            args,
            stdin,
            marks,
        );
    }

    fn awk(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        let mut i = 0;
        let mut has_file = false;
        let mut inplace = false;
        while let Some(a) = args.get(i) {
            if a == "--" {
                i += 1;
                break;
            }
            if a == "-i" || a == "--include" {
                if args.get(i + 1).is_some_and(|v| v.starts_with("inplace")) {
                    inplace = true;
                }
                i += 2;
                continue;
            }
            if a.strip_prefix("-i")
                .or_else(|| a.strip_prefix("--include="))
                .is_some_and(|v| v.starts_with("inplace"))
            {
                inplace = true;
                i += 1;
                continue;
            }
            if a == "-f" || a == "--file" {
                has_file = true;
                i += 2;
                continue;
            }
            if a.starts_with("-f") || a.starts_with("--file=") {
                has_file = true;
                i += 1;
                continue;
            }
            if matches!(
                a.as_ref(),
                "-F" | "-v" | "--assign" | "--field-separator" | "-l" | "-E" | "--load"
            ) {
                i += 2;
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                i += 1;
                continue;
            }
            break;
        }
        if inplace {
            let from = if has_file { i } else { i + 1 };
            self.write_files(format!("{name} -i inplace"), args, from, marks);
        }
        if has_file {
            return;
        }
        if let Some(prog) = args.get(i) {
            let f = code::scan_awk(prog);
            for w in f.writes {
                self.write(format!("{name} {w}"));
            }
            for s in f.shell {
                self.reanalyse(&s);
            }
        }
    }

    fn sed(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        let mut i = 0;
        let mut inplace = false;
        let mut scripts: Vec<&str> = Vec::new();
        let mut script_given = false;
        // The files: words that are not options, the script, or values.
        let mut files: Vec<usize> = Vec::new();
        let mut dd = false;
        while let Some(a) = args.get(i) {
            i += 1;
            if dd {
                files.push(i - 1);
                continue;
            }
            if a == "--" {
                dd = true;
                continue;
            }
            if let Some(long) = a.strip_prefix("--") {
                let (key, val) = match long.split_once('=') {
                    Some((k, v)) => (k, Some(v)),
                    None => (long, None),
                };
                match key {
                    "in-place" => inplace = true,
                    "expression" => {
                        script_given = true;
                        match val {
                            Some(v) => scripts.push(v),
                            None => {
                                scripts.extend(args.get(i).map(AsRef::as_ref));
                                i += 1;
                            }
                        }
                    }
                    "file" => {
                        script_given = true;
                        if val.is_none() {
                            i += 1;
                        }
                    }
                    "line-length" if val.is_none() => i += 1,
                    _ => {}
                }
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                let cs: Vec<char> = a.chars().skip(1).collect();
                for (k, &ch) in cs.iter().enumerate() {
                    match ch {
                        'i' => {
                            inplace = true;
                            break;
                        }
                        'e' | 'f' | 'l' => {
                            let rest: String = cs[k + 1..].iter().collect();
                            if ch != 'l' {
                                script_given = true;
                            }
                            if rest.is_empty() {
                                if ch == 'e' {
                                    scripts.extend(args.get(i).map(AsRef::as_ref));
                                }
                                i += 1;
                            } else if ch == 'e' {
                                // a script glued to -e: cannot borrow it; scan it now
                                self.sed_scripts(name, [rest.as_str()]);
                            }
                            break;
                        }
                        _ => {}
                    }
                }
                continue;
            }
            if !script_given {
                scripts.push(a);
                script_given = true;
            } else {
                files.push(i - 1);
            }
        }
        if inplace {
            let what = format!("{name} -i");
            if files.is_empty() {
                self.write(what);
            } else {
                for &k in &files {
                    self.name_target(&what, &args[k], marks.path(k, &args[k]));
                }
                self.out.writes.push(what);
            }
        }
        self.sed_scripts(name, scripts);
    }

    /// sed scripts: a `w FILE` writes, and GNU sed's `e COMMAND` runs
    /// COMMAND as shell code.
    fn sed_scripts<'s>(&mut self, name: &str, scripts: impl IntoIterator<Item = &'s str>) {
        let mut run = Vec::new();
        let mut writes = false;
        for s in scripts {
            writes |= code::sed_script_scan(s, &mut run);
        }
        if writes {
            self.write(format!("{name} w command"));
        }
        for cmd in run {
            self.reanalyse(&cmd);
        }
    }

    fn tar(&mut self, args: &[Arg<'_>], marks: Marks) {
        let mut mode: Option<char> = None;
        let mut file: Option<(usize, String)> = None;
        let mut dir: Option<(usize, String)> = None;
        let mut to_stdout = false;
        let mut i = 0;
        let set_mode = |mode: &mut Option<char>, c: char| {
            if mode.is_none() && "xcrutAdD".contains(c) {
                *mode = Some(c);
            }
        };
        if let Some(first) = args.first()
            && !first.starts_with('-')
            && !first.is_empty()
            && first.chars().all(|c| c.is_ascii_alphanumeric())
        {
            let mut next = 1;
            for ch in first.chars() {
                // `d` is `--diff` (`D` here); `--delete` has no short form
                set_mode(&mut mode, if ch == 'd' { 'D' } else { ch });
                match ch {
                    'O' => to_stdout = true,
                    'f' => {
                        file = args.get(next).map(|f| (next, f.to_string()));
                        next += 1;
                    }
                    'C' => {
                        dir = args.get(next).map(|f| (next, f.to_string()));
                        next += 1;
                    }
                    'T' | 'X' | 'b' | 'N' | 'L' => next += 1,
                    _ => {}
                }
            }
            i = next;
        }
        while let Some(a) = args.get(i) {
            i += 1;
            if let Some(long) = a.strip_prefix("--") {
                let (key, val) = match long.split_once('=') {
                    Some((k, v)) => (k, Some(v.to_string())),
                    None => (long, None),
                };
                match key {
                    "extract" | "get" => set_mode(&mut mode, 'x'),
                    "create" => set_mode(&mut mode, 'c'),
                    "append" => set_mode(&mut mode, 'r'),
                    "update" => set_mode(&mut mode, 'u'),
                    "delete" => set_mode(&mut mode, 'd'),
                    "list" => set_mode(&mut mode, 't'),
                    "diff" | "compare" => set_mode(&mut mode, 'D'),
                    "catenate" | "concatenate" => set_mode(&mut mode, 'A'),
                    "to-stdout" => to_stdout = true,
                    "file" | "directory" => {
                        let v = match val {
                            Some(v) => Some((i - 1, v)),
                            None => {
                                i += 1;
                                args.get(i - 1).map(|v| (i - 1, v.to_string()))
                            }
                        };
                        if key == "file" {
                            file = v;
                        } else {
                            dir = v;
                        }
                    }
                    "exclude"
                    | "files-from"
                    | "exclude-from"
                    | "transform"
                    | "xform"
                    | "owner"
                    | "group"
                    | "mode"
                    | "mtime"
                    | "use-compress-program"
                        if val.is_none() =>
                    {
                        i += 1
                    }
                    _ => {}
                }
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                let cs: Vec<char> = a.chars().skip(1).collect();
                for (k, &ch) in cs.iter().enumerate() {
                    set_mode(&mut mode, if ch == 'd' { 'D' } else { ch });
                    if ch == 'O' {
                        to_stdout = true;
                    }
                    if "fCTXbgKLNVHI".contains(ch) {
                        let rest: String = cs[k + 1..].iter().collect();
                        let v = if rest.is_empty() {
                            i += 1;
                            args.get(i - 1).map(|v| (i - 1, v.to_string()))
                        } else {
                            Some((i - 1, rest))
                        };
                        if ch == 'f' {
                            file = v;
                        } else if ch == 'C' {
                            dir = v;
                        }
                        break;
                    }
                }
            }
        }
        match mode {
            Some('x') if !to_stdout => match dir {
                Some((k, d)) => self.write_to("tar extract".into(), &d, marks.path(k, &d)),
                None => self.write("tar extract"),
            },
            Some('c' | 'r' | 'u' | 'A' | 'd') => {
                if let Some((k, f)) = file
                    && f != "-"
                    && !is_safe_target(&f)
                {
                    self.write_to(format!("tar writing {f}"), &f, marks.path(k, &f));
                }
            }
            _ => {}
        }
    }

    /// `ex FILE…`: an editor, so a write of its files, unless its commands
    /// (`+CMD`, `-c CMD`, `--cmd CMD`) are all seen and only print and quit
    /// (`ex -s +'%p' +'q!' f`).
    fn ex(&mut self, args: &[Arg<'_>], marks: Marks) {
        let (read_only, files) = Self::ex_script(args, marks);
        if !read_only {
            self.editor_writes("ex", args, &files, marks);
        }
    }

    /// vi, vim and Neovim: in ex mode (`-e`, `-E`, `-es`) with commands
    /// that only print and quit (`vim -Es +'%print' +'qa!' f`) they write
    /// nothing, as `ex` does; otherwise their spec judges them.
    fn vim(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        let ex_mode = args.iter().any(|a| {
            let a = a.as_ref();
            a.len() > 1
                && a.starts_with('-')
                && a[1..].bytes().all(|c| c.is_ascii_alphabetic())
                && a[1..].contains(['e', 'E'])
        });
        if ex_mode && Self::ex_script(args, marks).0 {
            return;
        }
        self.apply_code_spec(table::vim(), name, args, marks);
    }

    /// An ex script given on the command line (`+CMD`, `-c CMD`, `--cmd
    /// CMD`): whether it is all seen and only prints and quits, and the
    /// files edited.
    fn ex_script(args: &[Arg<'_>], marks: Marks) -> (bool, Vec<usize>) {
        let mut cmds: Vec<&str> = Vec::new();
        let mut first: Vec<&str> = Vec::new(); // `--cmd`: before the others
        let mut files: Vec<usize> = Vec::new();
        let mut unseen = false;
        let mut i = 0;
        let mut dd = false;
        while let Some(a) = args.get(i) {
            i += 1;
            let a = a.as_ref();
            if dd || a == "-" || !(a.starts_with('-') || a.starts_with('+')) {
                files.push(i - 1);
                continue;
            }
            if marks.code(i - 1, a) {
                unseen = true;
            }
            if let Some(c) = a.strip_prefix('+') {
                cmds.push(if c.is_empty() { "$" } else { c });
                continue;
            }
            match a {
                "--" => dd = true,
                "--cmd" => {
                    first.extend(args.get(i).map(AsRef::as_ref));
                    unseen |= args.get(i).is_some_and(|c| marks.code(i, c));
                    i += 1;
                }
                "-d" | "--diff" => return (true, files), // compares, as before
                _ if a.starts_with("--") => unseen = true, // `--startuptime FILE`, …
                _ => {
                    // a cluster of flags; `c`, `S`, `u`, `i`, `T`, `w`, `W`
                    // take a value (the rest of the word or the next one)
                    for (k, c) in a.char_indices().skip(1) {
                        if c == 'V' {
                            // `-V[N][FILE]`: messages written to FILE
                            unseen |= !a[k + 1..].chars().all(|d| d.is_ascii_digit());
                            break;
                        }
                        if !"cSuiTwWrt".contains(c) {
                            continue;
                        }
                        let rest = &a[k + 1..];
                        let (vi, v) = if rest.is_empty() {
                            i += 1;
                            (i - 1, args.get(i - 1).map_or("", AsRef::as_ref))
                        } else {
                            (i - 1, rest)
                        };
                        match c {
                            'c' => {
                                cmds.push(v);
                                unseen |= marks.code(vi, v);
                            }
                            'i' | 'T' => {}
                            'u' if matches!(v, "NONE" | "NORC") => {}
                            // a script file, a vimrc, a keystroke log, a tag
                            _ => unseen = true,
                        }
                        break;
                    }
                }
            }
        }
        first.extend(cmds);
        (!unseen && code::ex_read_only(&first), files)
    }

    /// `ed FILE` with its script on standard input: a write of the file
    /// unless the script is seen and only prints (`printf ',p\nq\n' | ed -s f`).
    fn ed(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut files: Vec<usize> = Vec::new();
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            match a.as_ref() {
                "-p" | "--prompt" => i += 1,
                s if s.len() > 1 && s.starts_with('-') => {}
                _ => files.push(i - 1),
            }
        }
        if let Ok(Some(script)) = stdin.script()
            && code::ed_read_only(&script)
        {
            return;
        }
        self.editor_writes(name, args, &files, marks);
    }

    /// An editor's files are written (with none, only the words `xargs`
    /// appends are).
    fn editor_writes(&mut self, name: &str, args: &[Arg<'_>], files: &[usize], marks: Marks) {
        let mut any = false;
        for &k in files {
            let f = args[k].as_ref();
            if f == "-" || is_safe_target(f) {
                continue;
            }
            any = true;
            self.name_target(name, f, marks.path(k, f));
        }
        if any {
            self.out.writes.push(name.to_string());
        } else if files.is_empty() && self.appended {
            self.write(format!("{name} (on xargs' input)"));
        }
    }

    /// `julia -e CODE`, `julia script.jl`, `julia` reading its program
    /// from a pipe.
    fn julia(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let (key, glued) = long_option(a);
            match key {
                "-e" | "--eval" | "-E" | "--print" => {
                    let (ci, code) = match glued {
                        Some(v) => (i, Some(v)),
                        None => (i + 1, args.get(i + 1).map(AsRef::as_ref)),
                    };
                    if let Some(c) = code {
                        if marks.code(ci, c) {
                            self.unknown(format_args!("the code run by julia {key}"), c);
                        }
                        self.code(Lang::Julia, c, &format!("julia {key}"));
                    }
                    return; // the words after it are the program's ARGS
                }
                "-t" | "--threads" | "-p" | "--procs" | "-J" | "--sysimage" | "-C"
                | "--cpu-target" | "-L" | "--load" | "--machine-file"
                    if glued.is_none() =>
                {
                    i += 2
                }
                "-" => break,
                "--" => {
                    i += 1;
                    break;
                }
                _ if a.starts_with('-') => i += 1,
                _ => break,
            }
        }
        self.script_or_stdin(Lang::Julia, "julia", args, i, stdin, marks);
    }

    /// `lua -e CODE`, `lua script.lua`, `lua -` (stdin).
    fn lua(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut ran_code = false;
        while let Some(a) = args.get(i) {
            match a.as_ref() {
                "-e" => {
                    if let Some(c) = args.get(i + 1) {
                        if marks.code(i + 1, c) {
                            self.unknown(format_args!("the code run by {name} -e"), c);
                        }
                        self.code(Lang::Lua, c, &format!("{name} -e"));
                        ran_code = true;
                    }
                    i += 2;
                }
                "-l" => i += 2,
                "-" => break,
                "--" => {
                    i += 1;
                    break;
                }
                _ if a.starts_with('-') => i += 1,
                _ => break,
            }
        }
        if !ran_code || args.get(i).is_some_and(|s| !is_stdin_path(s)) {
            self.script_or_stdin(Lang::Lua, name, args, i, stdin, marks);
        }
    }

    /// What an interpreter runs after its options: the script file at
    /// `args[i]` (the words after it are its arguments), else the program
    /// on its standard input.
    fn script_or_stdin(
        &mut self,
        lang: Lang,
        name: &str,
        args: &[Arg<'_>],
        i: usize,
        stdin: Stdin<'_>,
        marks: Marks,
    ) {
        match args.get(i) {
            Some(s) if !is_stdin_path(s) => {
                if !self.proc_subst_script(name, marks, i, s) {
                    self.script(s, &args[i + 1..], marks.skip(i + 1));
                }
            }
            _ => {
                if let Some(s) = self.stdin_code(stdin, name) {
                    self.code(lang, &s, &format!("{name} script on stdin"));
                }
            }
        }
    }

    /// `Rscript -e EXPR`, `Rscript file.R`, `R -e EXPR`, `R -f file`,
    /// `R CMD INSTALL pkg`.
    fn r(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        if name == "R" && args.first().is_some_and(|a| a == "CMD") {
            if let Some(sub @ ("INSTALL" | "REMOVE" | "BATCH" | "Rd2pdf")) =
                args.get(1).map(AsRef::as_ref)
            {
                self.write(format!("R CMD {sub}"));
            }
            return;
        }
        let mut i = 0;
        let mut ran_code = false;
        while let Some(a) = args.get(i) {
            match a.as_ref() {
                "-e" => {
                    if let Some(c) = args.get(i + 1) {
                        if marks.code(i + 1, c) {
                            self.unknown(format_args!("the code run by {name} -e"), c);
                        }
                        self.code(Lang::R, c, &format!("{name} -e"));
                        ran_code = true;
                    }
                    i += 2;
                }
                "-f" => {
                    if let Some(s) = args.get(i + 1) {
                        self.script(s, &args[i + 2..], marks.skip(i + 2));
                    }
                    return;
                }
                _ if a.starts_with("--file=") => {
                    self.script(&a["--file=".len()..], &args[i + 1..], marks.skip(i + 1));
                    return;
                }
                "--args" => return,
                "-" => break,
                _ if a.starts_with('-') => i += 1,
                _ => break,
            }
        }
        if ran_code {
            return;
        }
        match args.get(i) {
            Some(s) if !is_stdin_path(s) && name == "Rscript" => {
                if !self.proc_subst_script(name, marks, i, s) {
                    self.script(s, &args[i + 1..], marks.skip(i + 1));
                }
            }
            _ => {
                if let Some(s) = self.stdin_code(stdin, name) {
                    self.code(Lang::R, &s, &format!("{name} script on stdin"));
                }
            }
        }
    }

    /// `pwsh -Command CODE`, `pwsh -File script.ps1`, `powershell CODE`.
    /// Parameters are case-insensitive and may be shortened; the first
    /// free word is a script file for `pwsh`, code for Windows PowerShell.
    fn pwsh(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let is = |w: &str, full: &str, min: usize| {
            let w = w.trim_start_matches(['-', '/']).to_ascii_lowercase();
            w.len() >= min && full.starts_with(&w)
        };
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let param = a.len() > 1
                && (a.starts_with('-') || (a.starts_with('/') && name.starts_with("powershell")));
            if !param {
                break;
            }
            if is(a, "command", 1) {
                i += 1;
                return self.pwsh_code(name, &args[i.min(args.len())..], stdin, marks.skip(i));
            }
            if is(a, "file", 1) {
                if let Some(s) = args.get(i + 1) {
                    if s == "-" {
                        if let Some(src) = self.stdin_code(stdin, name) {
                            self.findings(
                                code::scan_pwsh(&src),
                                &format!("{name} script on stdin"),
                            );
                        }
                    } else {
                        self.script(s, &args[i + 2..], marks.skip(i + 2));
                    }
                }
                return;
            }
            if is(a, "encodedcommand", 1) || is(a, "ec", 2) {
                let word = args.get(i + 1).map(AsRef::as_ref).unwrap_or("");
                self.unknown(format_args!("the code run by {name} -EncodedCommand"), word);
                return;
            }
            let takes_value = [
                ("executionpolicy", 2),
                ("windowstyle", 1),
                ("workingdirectory", 2),
                ("outputformat", 1),
                ("inputformat", 2),
                ("configurationname", 4),
                ("custompipename", 2),
                ("settingsfile", 2),
                ("version", 1),
                ("psconsolefile", 2),
                ("configurationfile", 14),
            ]
            .iter()
            .any(|(full, min)| is(a, full, *min));
            i += if takes_value { 2 } else { 1 };
        }
        match args.get(i) {
            None => {
                if let Some(src) = self.stdin_code(stdin, name) {
                    self.findings(code::scan_pwsh(&src), &format!("{name} script on stdin"));
                }
            }
            Some(s) if !name.starts_with("powershell") => {
                self.script(s, &args[i + 1..], marks.skip(i + 1));
            }
            Some(_) => self.pwsh_code(name, &args[i..], stdin, marks.skip(i)),
        }
    }

    fn pwsh_code(&mut self, name: &str, words: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        if words.len() == 1 && words[0] == "-" {
            if let Some(src) = self.stdin_code(stdin, name) {
                self.findings(code::scan_pwsh(&src), &format!("{name} script on stdin"));
            }
            return;
        }
        if let Some((_, w)) = words.iter().enumerate().find(|(k, w)| marks.code(*k, w)) {
            self.unknown(format_args!("the code run by {name} -Command"), w);
        }
        let src = words.join(" ");
        self.findings(code::scan_pwsh(&src), &format!("{name} -Command"));
    }

    /// The mysql client: other SQL changes the server; `SELECT … INTO
    /// OUTFILE|DUMPFILE` writes a file (on the server's host, often this
    /// one: unnamed), `--tee FILE` appends the session to a file here.
    fn mysql(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut sql = Vec::new();
        while let Some(a) = args.get(i) {
            i += 1;
            let (key, glued) = long_option(a);
            match key {
                "-e" | "--execute" | "--tee" => {
                    let Some((vi, v)) = option_value(glued, args, &mut i) else {
                        break;
                    };
                    if key == "--tee" {
                        self.write_to(format!("{name} --tee {v}"), v, marks.path(vi, v));
                    } else {
                        sql.push(v.to_string());
                    }
                }
                _ if key.starts_with("-e") && !key.starts_with("--") => {
                    sql.push(key[2..].to_string())
                }
                _ => {}
            }
        }
        if let Stdin::Text(t, _) = stdin {
            sql.push(t.to_string());
        }
        if sql.iter().any(|s| code::sql_into_file(s)) {
            self.write(format!("{name} writes a file (SELECT … INTO OUTFILE)"));
        }
    }

    /// `psql`: the files `-o`/`--output` and `-L`/`--log-file` name, and
    /// those its `-c` commands, or the commands it reads from a here-doc or
    /// a visible pipe, write on this machine (`\copy … TO 'f'`, `\o f`);
    /// SQL it sends changes the server, not a file.
    fn psql(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut script = false;
        while let Some(a) = args.get(i) {
            i += 1;
            let (key, glued) = long_option(a);
            // `-f -` and `-f /dev/stdin` read standard input all the same
            let file = match key {
                "-f" | "--file" => glued.or_else(|| args.get(i).map(AsRef::as_ref)),
                _ => None,
            };
            script |= matches!(key, "-c" | "--command")
                || file.is_some_and(|f| !matches!(f, "-" | "/dev/stdin"));
            if !matches!(
                key,
                "-c" | "--command" | "-o" | "--output" | "-L" | "--log-file"
            ) {
                continue;
            }
            let Some((vi, v)) = option_value(glued, args, &mut i) else {
                break;
            };
            if matches!(key, "-c" | "--command") {
                self.psql_commands(v, &format!("psql {key}"), marks.code(vi, v));
            } else if v != "-" && !is_safe_target(v) {
                self.write_to(format!("psql {key} {v}"), v, marks.path(vi, v));
            }
        }
        // without -c or -f it reads its commands from standard input; a
        // file or an input flowgate cannot see is like a script file
        if !script {
            match stdin {
                Stdin::Text(t, runtime) => self.psql_commands(t, "psql on stdin", runtime),
                Stdin::Pipe(prev, _) => match stdin.script() {
                    Ok(Some(t)) => self.psql_commands(&t, "psql on stdin", false),
                    // text it is given but flowgate cannot read exactly
                    // (`echo '\o f'`: a shell's echo may decode escapes)
                    Err(source)
                        if prev
                            .words
                            .first()
                            .is_some_and(|w| matches!(cmd_name(w), "echo" | "printf")) =>
                    {
                        self.unknown_input(format_args!("what psql reads"), source);
                    }
                    _ => {}
                },
                _ => {}
            }
        }
    }

    /// `gpg`: the keyring's writes and its output options are the table's
    /// spec. Signing, encrypting or armoring a FILE without `-o` writes the
    /// result beside it (FILE.gpg, .asc, .sig), and so does decrypting an
    /// encrypted FILE given with no command (`gpg x.tar.gz.gpg`); with no
    /// file it reads stdin and writes stdout, and `-d`/`--verify` only show.
    fn gpg(&mut self, name: &str, args: &[Arg<'_>], marks: Marks) {
        let spec = table::gpg();
        self.apply_code_spec(spec, name, args, marks);
        const BESIDE: &[&str] = &[
            "--sign",
            "--clearsign",
            "--clear-sign",
            "--detach-sign",
            "--detach-sig",
            "--encrypt",
            "--symmetric",
            "--encrypt-files",
            "--decrypt-files",
            "--enarmor",
            "--dearmor",
            "--store",
        ];
        let (mut beside, mut command, mut output) = (false, false, false);
        let mut operands: Vec<&str> = Vec::new();
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            if a == "--" {
                operands.extend(args[i..].iter().map(AsRef::as_ref));
                break;
            }
            if a == "-" || !a.starts_with('-') {
                operands.push(a);
                continue;
            }
            let (key, glued) = long_option(a);
            if key.starts_with("--") {
                // an option's value (`--list-options show-sigs`) is skipped
                if spec.list(Field::Values).any(|v| v == key) {
                    i += usize::from(glued.is_none());
                    continue;
                }
                output |= key == "--output";
                beside |= BESIDE.contains(&key);
                // another command writes to stdout or the keyring, which
                // the spec judges
                command |= is_gpg_command(key);
                continue;
            }
            // a cluster of short options (`-sab`, `-ea -r KEY`); `-o`, `-u`,
            // `-r`, `-z` take the rest of the word or the next one
            for (k, c) in a.char_indices().skip(1) {
                match c {
                    's' | 'b' | 'e' | 'c' => beside = true,
                    'd' | 'k' | 'K' => command = true,
                    'o' | 'u' | 'r' | 'z' => {
                        output |= c == 'o';
                        if k + 1 == a.len() {
                            i += 1;
                        }
                        break;
                    }
                    _ => {}
                }
            }
        }
        let encrypted = |f: &&str| f.ends_with(".gpg") || f.ends_with(".pgp");
        if !output
            && !operands.is_empty()
            && (beside || (!command && operands.iter().any(encrypted)))
        {
            self.write(format!("{name} (writes its result beside {})", operands[0]));
        }
    }

    /// `sftp [opts] HOST[:PATH] [DIR]`: an operand with a path fetches that
    /// file; the commands it reads from `-b -` or standard input write
    /// local files with `get`/`reget` and `lmkdir`, and run shell commands
    /// with `!`. A batch file (`-b FILE`) is like a script file.
    fn sftp(&mut self, args: &[Arg<'_>], stdin: Stdin<'_>) {
        let mut i = 0;
        let mut batch = None;
        let mut operands = Vec::new();
        while let Some(a) = args.get(i) {
            i += 1;
            if a == "--" {
                operands.extend(args[i..].iter().map(AsRef::as_ref));
                break;
            }
            let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else {
                operands.push(a.as_ref());
                continue;
            };
            // the options that take a value end a cluster (`-b-`, `-P 2222`)
            if let Some(k) = flags.find(|c| "BbcDFiJloPRSsX".contains(c)) {
                let glued = &flags[k + 1..];
                let value = if glued.is_empty() {
                    i += 1;
                    args.get(i - 1).map(AsRef::as_ref)
                } else {
                    Some(glued)
                };
                if flags.as_bytes()[k] == b'b' {
                    batch = value;
                }
            }
        }
        if operands
            .first()
            .and_then(|d| d.rsplit_once(']').map_or(Some(*d), |(_, rest)| Some(rest)))
            .and_then(|d| d.split_once(':'))
            .is_some_and(|(_, path)| !path.is_empty())
        {
            self.write("sftp HOST:PATH (fetches the file)");
        }
        if batch.is_some_and(|b| b != "-" && b != "/dev/stdin") {
            return;
        }
        let text = match stdin {
            Stdin::Text(t, _) => Some(t.into()),
            Stdin::Pipe(..) => stdin.script().ok().flatten(),
            _ => None,
        };
        for line in text
            .iter()
            .flat_map(|t: &std::borrow::Cow<'_, str>| t.lines())
        {
            // `-` and `@` before a batch command: ignore its error, do not echo it
            // (whitespace may follow them); commands in any case
            let line = line
                .trim_start()
                .trim_start_matches(['-', '@'])
                .trim_start();
            if let Some(shell) = line.strip_prefix('!') {
                self.reanalyse(shell);
                continue;
            }
            let (word, rest) = line.split_once([' ', '\t']).unwrap_or((line, ""));
            match word.to_ascii_lowercase().as_str() {
                "get" | "reget" | "mget" | "lmkdir" => self.write("sftp get (a local file)"),
                // `ls ARGS` run by the shell (`lls; touch x`)
                "lls" => self.reanalyse(&format!("ls {rest}")),
                _ => {}
            }
        }
    }

    /// What psql backslash commands in `text` write (`runtime`: the text
    /// has expansions, so its file names are not sure).
    fn psql_commands(&mut self, text: &str, who: &str, runtime: bool) {
        let found = code::scan_psql(text);
        for f in found.files.iter().filter(|f| !is_safe_target(f)) {
            let what = format!("{who} writes a file");
            if f.is_empty() {
                self.write(what);
            } else {
                self.write_to(what, f, runtime);
            }
        }
        for s in found.shell {
            self.reanalyse(&s);
        }
    }

    /// `sqlite3 [opts] DB [SQL…]`, `duckdb [opts] [DB] [SQL…]`: a change to
    /// the database file, files it writes, and shell commands it runs. SQL
    /// read from a file (`< schema.sql`) or a pipe that is not visible
    /// counts as a change.
    fn sql(&mut self, name: &str, args: &[Arg<'_>], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut read_only = false;
        let mut sql: Vec<&str> = Vec::new();
        let mut pos: Vec<usize> = Vec::new();
        let mut unseen = false;
        while let Some(a) = args.get(i) {
            i += 1;
            let opt = a.trim_start_matches('-');
            if a.starts_with('-') && a.len() > 1 {
                match opt {
                    "readonly" | "safe" if opt == "readonly" => read_only = true,
                    "cmd" | "c" | "s" => {
                        if let Some(v) = args.get(i) {
                            sql.push(v);
                        }
                        i += 1;
                    }
                    "init" => {
                        unseen = true;
                        i += 1;
                    }
                    "separator" | "newline" | "nullvalue" | "vfs" | "maxsize" | "mmap"
                    | "pagecache" | "lookaside" | "heap" | "zip-open" => i += 1,
                    "help" | "version" => return,
                    _ => {}
                }
                continue;
            }
            pos.push(i - 1);
        }
        // duckdb -c SQL: the first word is a database file only if given.
        let (db, rest) = match pos.split_first() {
            Some((d, r)) => (Some(*d), r),
            None => (None, &[][..]),
        };
        sql.extend(rest.iter().map(|&k| args[k].as_ref()));
        let mut text = String::new();
        if sql.is_empty() {
            match stdin {
                Stdin::Text(t, false) => text = t.to_string(),
                Stdin::Pipe(prev, false) if prev.rt.code == 0 => match piped_text(prev) {
                    Some(t) => text = t,
                    None => unseen = true,
                },
                Stdin::None | Stdin::Args | Stdin::Unused => {}
                _ => unseen = true,
            }
        }
        // each argument is run on its own: a quote or comment left open in
        // one does not go on into the next
        let mut found = code::scan_sql(&text);
        for s in sql {
            let more = code::scan_sql(s);
            found.db |= more.db;
            found.files.extend(more.files);
            found.shell.extend(more.shell);
        }
        let db_file = db
            .map(|k| args[k].as_ref())
            .filter(|d| !d.is_empty() && *d != ":memory:");
        if (found.db || unseen) && !read_only {
            let what = if unseen {
                format!("{name} runs SQL flowgate cannot see")
            } else {
                format!("{name} changes the database")
            };
            match (db_file, db) {
                (Some(d), Some(k)) => self.write_to(what, d, marks.path(k, d)),
                // an in-memory database: only files it writes matter
                _ if !unseen => {}
                _ => self.write(what),
            }
        }
        for f in found.files.iter().filter(|f| !is_safe_target(f)) {
            let what = format!("{name} writes a file");
            if f.is_empty() {
                self.write(what);
            } else {
                self.write_to(what, f, f.contains('$'));
            }
        }
        for s in found.shell {
            self.reanalyse(&s);
        }
    }
}
