//! The meaning half of the analyser: given the simple commands `parse`
//! found, strip env assignments and wrappers, record each command, and name
//! the writes — redirections, known writing commands and their write modes,
//! and what nested interpreters (`bash -c`, `eval`, `find -exec`,
//! `python -c`, …) would run. A command whose name or code only exists at
//! run time (`$cmd x`, `eval "$x"`, `curl … | sh`) makes the analysis
//! unanalysable, with a reason that says which part.

use std::cell::Cell;

use super::code::{self, Lang};
use super::parse::{RT_NAME, RawCommand, RedirOp, Redirect, RunTime, is_name};
use super::{Analysis, MAX_DEPTH, SimpleCommand, Visit, analyse_into, mark_unparsable};

/// Classify every command of one parse into `out`.
pub(crate) fn classify_all(
    cmds: &[RawCommand],
    budget: &Cell<usize>,
    out: &mut Analysis,
    visit: &mut Visit<'_>,
) {
    for cmd in cmds {
        for r in &cmd.redirects {
            if let Some(w) = redirect_write(r) {
                out.writes.push(w);
            }
        }
        let argv = &cmd.words;
        let redirected_in = cmd.redirects.iter().find(|r| r.op == RedirOp::In);
        let stdin = match (&cmd.stdin_text, redirected_in, cmd.pipe_prev) {
            (Some(t), _, _) => Stdin::Text(t, cmd.stdin_runtime),
            (None, Some(r), _) if r.target.starts_with("<(") => Stdin::ProcSub,
            // `< file` replaces any pipe: a script file, not visible here.
            (None, Some(_), _) => Stdin::None,
            (None, None, Some(p)) => match cmds.get(p) {
                Some(prev) => Stdin::Pipe(prev, cmd.pipe_compound),
                None => Stdin::None,
            },
            (None, None, None) => Stdin::None,
        };
        let mut cx = Cx {
            level: cmd.level,
            budget,
            out,
            visit,
        };
        cx.run(
            argv,
            stdin,
            Marks {
                rt: cmd.rt,
                base: 0,
                placeholder: None,
            },
        );
    }
}

/// Where a command's standard input comes from, as far as it may be a script
/// (`bash <<EOF`, `echo 'rm x' | sh`). Resolved only for interpreters.
#[derive(Clone, Copy)]
enum Stdin<'a> {
    None,
    /// A here-doc or here-string; `true` when it has expansions in it.
    Text(&'a str, bool),
    /// The output of the command that pipes into this one; `true` when that
    /// one ends a compound command (`( … ) | sh`).
    Pipe(&'a RawCommand, bool),
    /// `< <(…)`.
    ProcSub,
    /// Run by `xargs`, which appends the words it reads to the command.
    Args,
}

impl<'a> Stdin<'a> {
    /// The program text a command reading its script from stdin gets:
    /// `Ok(None)` when there is none, `Err(source)` when it only exists at
    /// run time.
    fn script(self) -> Result<Option<std::borrow::Cow<'a, str>>, &'static str> {
        match self {
            Stdin::None | Stdin::Args => Ok(None),
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
struct Marks<'p> {
    rt: RunTime,
    base: usize,
    /// What `xargs -I` fills in, when it is not `{}`.
    placeholder: Option<&'p str>,
}

impl<'p> Marks<'p> {
    fn skip(self, n: usize) -> Marks<'p> {
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
    fn name(self, i: usize, word: &str) -> bool {
        self.test(self.rt.name, i, word)
    }

    /// Word `i` has an expansion whose value may be any text.
    fn code(self, i: usize, word: &str) -> bool {
        self.test(self.rt.code, i, word)
    }

    /// Word `i` has an unquoted such expansion (it may split into words).
    fn split(self, i: usize, word: &str) -> bool {
        self.test(self.rt.split, i, word)
    }

    /// Words `i..` that contain `placeholder` (`{}` of `find -exec`,
    /// `xargs -I`) are filled in at run time: as a command name, unknown.
    /// (In a `sh -c` script it is taken as a word, see [`Marks::script`].)
    fn fill(&mut self, i: usize, words: &[String], placeholder: &'p str) {
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

/// A script argument that is really the shell's standard input.
fn is_stdin_path(w: &str) -> bool {
    matches!(w, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// `xargs`' replace string (`-I R`, `-iR`, `--replace[=R]`), if any.
fn xargs_placeholder(opts: &[String]) -> Option<&str> {
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
                        ('I', true) => opts.get(i).map(String::as_str),
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
        _ => Some(format!("redirection to {t}")),
    }
}

/// The script text a command pipes into the next one, when it is visible:
/// `echo '…' | sh`, `printf '…' | bash`, `cat <<EOF | python3`.
fn piped_text(prev: &RawCommand) -> Option<String> {
    let words: Vec<&str> = prev
        .words
        .iter()
        .map(String::as_str)
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
            Some(args.join(" "))
        }
        "printf" => match args {
            [fmt] => Some(fmt.replace("\\n", "\n")),
            [_, rest @ ..] => Some(rest.join("\n")),
            [] => None,
        },
        "cat" if args.is_empty() => prev.stdin_text.clone(),
        _ => None,
    }
}

/// `NAME=…`, `NAME+=…` or an array element `NAME[i]=…`.
pub(crate) fn is_assignment(w: &str) -> bool {
    match w.split_once('=') {
        Some((name, _)) => {
            let name = name.strip_suffix('+').unwrap_or(name);
            let name = match name.strip_suffix(']').and_then(|n| n.split_once('[')) {
                Some((array, _)) => array,
                None => name,
            };
            is_name(name)
        }
        None => false,
    }
}

/// The command's name as classified: basename, `@version` and interpreter
/// version suffixes removed (`/usr/bin/python3.12` → `python`).
pub(crate) fn cmd_name(word: &str) -> &str {
    // Byte searches: `/` and `@` are ASCII, so the cuts are char boundaries
    // (this runs for every simple command of every shell call).
    let base = match word.bytes().rposition(|b| b == b'/') {
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

/// Index of the first word after the options of `a[start..]`.
/// `short_arg` lists the short options that take a value, `long_arg` the
/// long ones (with their `--`).
fn skip_opts(a: &[String], start: usize, short_arg: &str, long_arg: &[&str]) -> usize {
    let mut i = start;
    while let Some(w) = a.get(i) {
        if w == "--" {
            return i + 1;
        }
        if w.starts_with("--") {
            i += if !w.contains('=') && long_arg.contains(&w.as_str()) {
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

/// Positional (non-option) arguments, given the options that take values.
fn positionals<'a>(args: &'a [String], short_arg: &str, long_arg: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let j = skip_opts(args, i, short_arg, long_arg);
        if j > i {
            if args.get(j - 1).is_some_and(|w| w == "--") {
                out.extend(args[j..].iter().map(String::as_str));
                return out;
            }
            i = j;
            continue;
        }
        out.push(args[i].as_str());
        i += 1;
    }
    out
}

fn has(args: &[String], opts: &[&str]) -> bool {
    args.iter().any(|a| {
        opts.iter().any(|o| {
            a == o || (o.starts_with("--") && a.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        })
    })
}

/// A short-option cluster (`-xyz`, not `--…`) containing `c`.
fn short_has(args: &[String], c: char) -> bool {
    args.iter()
        .any(|a| a.len() > 1 && a.starts_with('-') && !a.starts_with("--") && a[1..].contains(c))
}

fn is_help(args: &[String]) -> bool {
    matches!(args, [a] if matches!(a.as_str(), "--help" | "-h" | "--version" | "-V" | "help"))
}

/// A remote `host:path` (scp/rsync), not a local path.
fn is_remote(p: &str) -> bool {
    if p.starts_with("rsync://") {
        return true;
    }
    match p.split_once(':') {
        Some((host, _)) => !host.is_empty() && !host.contains('/'),
        None => false,
    }
}

/// Does a make/npm/yarn target or script name say it formats or fixes?
fn is_fix_target(t: &str) -> bool {
    let lower = t.to_ascii_lowercase();
    let parts: Vec<&str> = lower.split([':', '-', '_', '.', '/']).collect();
    parts.iter().any(|p| {
        matches!(
            *p,
            "fmt" | "format" | "fix" | "autofix" | "reformat" | "autoformat" | "prettify" | "fixup"
        )
    }) && !parts
        .iter()
        .any(|p| matches!(*p, "verify" | "diff" | "ci" | "dry" | "test") || p.starts_with("check"))
}

struct Cx<'a, 'b, 'v> {
    level: usize,
    budget: &'b Cell<usize>,
    out: &'a mut Analysis,
    visit: &'a mut Visit<'v>,
}

impl Cx<'_, '_, '_> {
    fn write(&mut self, what: impl Into<String>) {
        self.out.writes.push(what.into());
    }

    /// Re-analyse a string of shell code one level deeper.
    fn reanalyse(&mut self, src: &str) {
        analyse_into(src, self.level + 1, self.budget, self.out, self.visit);
    }

    /// Run an argv found inside another command (`find -exec`, `python -m`).
    fn nested(&mut self, argv: &[String], marks: Marks) {
        if self.level + 1 > MAX_DEPTH {
            mark_unparsable(self.out, "nesting too deep");
            return;
        }
        self.level += 1;
        self.run(argv, Stdin::None, marks);
        self.level -= 1;
    }

    /// Mark the analysis unanalysable: `what` (e.g. "the command name") is
    /// only known at run time; `part` is the word that makes it so.
    fn unknown(&mut self, what: std::fmt::Arguments<'_>, part: &str) {
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

    /// The program `who` reads from stdin, when it can be seen; when it only
    /// exists at run time, marks the analysis unanalysable and gives `None`.
    fn stdin_code<'s>(&mut self, stdin: Stdin<'s>, who: &str) -> Option<std::borrow::Cow<'s, str>> {
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

    fn record(&mut self, argv: &[String]) {
        let command = SimpleCommand::new(argv);
        match self.visit.as_mut() {
            Some(f) => f(&command),
            None => self.out.commands.push(command),
        }
    }

    fn code(&mut self, lang: Lang, src: &str, label: &str) {
        let f = code::scan(lang, src);
        for w in f.writes {
            self.write(format!("{label} {w}"));
        }
        for s in f.shell {
            self.reanalyse(&s);
        }
    }

    /// What a `perl`/`ruby` run writes: `-i` edits in place, each `-e` code
    /// is scanned, and with neither code nor a script file the script comes
    /// from stdin. `script` is the first word after the options and its
    /// index; `runtime_code` an `-e` word built at run time.
    #[allow(clippy::too_many_arguments)]
    fn inline_code(
        &mut self,
        lang: Lang,
        name: &str,
        inplace: bool,
        codes: &[String],
        runtime_code: Option<&str>,
        script: Option<(usize, &str)>,
        stdin: Stdin<'_>,
        marks: Marks,
    ) {
        if inplace {
            self.write(format!("{name} -i"));
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
            return; // a script file: its contents are not visible
        }
        if let Some(s) = self.stdin_code(stdin, name) {
            self.code(lang, &s, &format!("{name} script on stdin"));
        }
    }

    /// Strip assignments and wrappers, record the command, classify it.
    /// A command name only known at run time (`$cmd`, `$(which rm)`,
    /// `sudo $x`, a glob) makes the analysis unanalysable.
    fn run(&mut self, argv: &[String], stdin: Stdin<'_>, marks: Marks) {
        let mut argv = argv;
        let mut stdin = stdin;
        let mut marks = marks;
        loop {
            while argv.first().is_some_and(|w| is_assignment(w)) {
                argv = &argv[1..];
                marks = marks.skip(1);
            }
            let Some(first) = argv.first() else { return };
            if marks.name(0, first) {
                self.record(argv);
                self.unknown(format_args!("the command name"), first);
                return;
            }
            let name = cmd_name(first);
            match unwrap(name, argv) {
                Some(start) if start < argv.len() => {
                    // `timeout $t cmd`: an unquoted expansion among the
                    // wrapper's options may split and become the command.
                    if let Some((_, w)) = argv[1..start]
                        .iter()
                        .enumerate()
                        .find(|(k, w)| marks.split(k + 1, w))
                    {
                        self.record(argv);
                        self.unknown(format_args!("the command run by {name}"), w);
                        return;
                    }
                    if matches!(name, "xargs" | "gxargs") {
                        stdin = Stdin::Args;
                        if let Some(p) = xargs_placeholder(&argv[1..start]) {
                            marks.fill(start, &argv[start..], p);
                        }
                    }
                    argv = &argv[start..];
                    marks = marks.skip(start);
                }
                // `xargs sudo`, `xargs env`: the command comes from xargs' input.
                Some(_) if matches!(stdin, Stdin::Args) => {
                    self.record(argv);
                    self.unknown_input(
                        format_args!("the command run by xargs {name}"),
                        "its input",
                    );
                    return;
                }
                _ => break,
            }
        }
        let Some((first, args)) = argv.split_first() else {
            return;
        };
        self.record(argv);
        if is_help(args) {
            return;
        }
        let name = cmd_name(first);
        self.classify(name, args, stdin, marks.skip(1));
    }

    /// `marks` are those of `args`.
    fn classify(&mut self, name: &str, args: &[String], stdin: Stdin<'_>, marks: Marks) {
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
                    && is_stdin_path(f)
                    && let Some(s) = self.stdin_code(stdin, name)
                {
                    self.reanalyse(&s);
                }
            }
            "su" | "runuser" => {
                let mut i = 0;
                while let Some(a) = args.get(i) {
                    if a == "-c" || a == "--command" {
                        if let Some(c) = args.get(i + 1) {
                            if marks.code(i + 1, c) {
                                self.unknown(format_args!("the code run by {name} -c"), c);
                            }
                            self.reanalyse(c);
                        }
                        return;
                    }
                    if let Some(c) = a.strip_prefix("--command=") {
                        if marks.code(i, a) {
                            self.unknown(format_args!("the code run by {name} -c"), c);
                        }
                        self.reanalyse(c);
                        return;
                    }
                    i += 1;
                }
            }
            "watch" => {
                let i = skip_opts(args, 0, "nd", &["--interval", "--differences"]);
                if let Some(rest) = args.get(i..)
                    && !rest.is_empty()
                {
                    if let Some((_, a)) =
                        rest.iter().enumerate().find(|(k, a)| marks.code(i + k, a))
                    {
                        self.unknown(format_args!("the code run by watch"), a);
                    }
                    self.reanalyse(&rest.join(" "));
                }
            }
            "lua" | "luajit" | "tclsh" | "wish" | "expect" | "osascript" | "irb" => {
                self.other_interpreter(name, args, stdin, marks)
            }
            "find" | "gfind" => self.find(args, marks),
            "fd" | "fdfind" => {
                // `fd PATTERN -x cmd` / `-X cmd`
                if let Some(k) = args
                    .iter()
                    .position(|a| matches!(a.as_str(), "-x" | "--exec" | "-X" | "--exec-batch"))
                {
                    let inner: Vec<String> = args[k + 1..]
                        .iter()
                        .take_while(|a| *a != ";")
                        .cloned()
                        .collect();
                    if !inner.is_empty() {
                        let mut m = marks.skip(k + 1);
                        m.fill(0, &inner, "{");
                        self.nested(&inner, m);
                    }
                }
            }
            "parallel" => {
                let i = skip_opts(args, 0, "jSIa", &["--jobs", "--sshlogin"]);
                let inner: Vec<String> = args[i.min(args.len())..]
                    .iter()
                    .take_while(|a| !a.starts_with(":::"))
                    .cloned()
                    .collect();
                if inner.is_empty() {
                    // Without a command, each input line is one.
                    self.unknown_input(
                        format_args!("each command parallel runs"),
                        "its input or arguments",
                    );
                } else {
                    // `{}`, `{.}`, `{1}`, …: filled in from the input.
                    let mut m = marks.skip(i);
                    m.fill(0, &inner, "{");
                    self.nested(&inner, m);
                }
            }
            "python" | "pypy" => self.python(args, stdin, marks),
            "node" => self.node(args, stdin, marks, "node"),
            "perl" => self.perl(args, stdin, marks),
            "ruby" => self.ruby(args, stdin, marks),
            "php" => self.php(args, stdin, marks),
            "awk" | "gawk" | "mawk" | "nawk" => self.awk(name, args),
            "sed" | "gsed" => self.sed(name, args),
            "tee" => {
                for f in positionals(args, "", &["--output-error"]) {
                    if !is_safe_target(f) && f != "-" {
                        self.write(format!("tee {f}"));
                    }
                }
            }
            "cp" | "mv" | "rm" | "rmdir" | "touch" | "mkdir" | "ln" | "install" | "truncate"
            | "shred" | "unlink" | "link" | "chmod" | "chown" | "chgrp" | "mkfifo" | "mknod"
            | "fallocate" | "setfacl" | "chattr" | "split" | "csplit" | "apply_patch"
            | "applypatch" | "rename" | "prename" | "srm" | "trash" | "trash-put" | "rm.exe"
            | "gcp" | "gmv" | "grm" | "ginstall" | "virtualenv" => self.write(name),
            "sponge" | "ed" | "ex" | "vi" | "vim" | "nvim" | "nano" | "emacs" | "pico"
            | "micro" | "hx" | "kak" | "red" => {
                let short_arg = if matches!(name, "ed" | "red" | "sponge") {
                    "p"
                } else {
                    "cSsuiTo"
                };
                if !positionals(args, short_arg, &[]).is_empty() {
                    self.write(name);
                }
            }
            "dd" => {
                for a in args {
                    if let Some(t) = a.strip_prefix("of=")
                        && !is_safe_target(t)
                    {
                        self.write(format!("dd of={t}"));
                    }
                }
            }
            "sort" | "shuf" | "iconv" => {
                if let Some(t) = option_value(
                    args,
                    'o',
                    "--output",
                    if name == "sort" { "kotST" } else { "o" },
                ) && !is_safe_target(&t)
                {
                    self.write(format!("{name} -o {t}"));
                }
            }
            "uniq" => {
                if let [_, out, ..] = positionals(args, "fsw", &[])[..]
                    && !is_safe_target(out)
                    && out != "-"
                {
                    self.write(format!("uniq writing {out}"));
                }
            }
            "openssl" => {
                if let Some(k) = args.iter().position(|a| a == "-out")
                    && args.get(k + 1).is_some_and(|t| !is_safe_target(t))
                {
                    self.write("openssl -out");
                }
            }
            "tar" | "gtar" | "bsdtar" => self.tar(args),
            "unzip" => {
                let listing = args.iter().any(|a| {
                    a.len() > 1
                        && a.starts_with('-')
                        && a[1..].chars().any(|c| "lvtZpcz".contains(c))
                });
                if !listing && !positionals(args, "dxP", &[]).is_empty() {
                    self.write("unzip");
                }
            }
            "gzip" | "gunzip" | "bzip2" | "bunzip2" | "xz" | "unxz" | "lzma" | "unlzma"
            | "zstd" | "unzstd" | "lz4" | "compress" | "uncompress" | "pigz" | "brotli"
            | "lzip" => {
                let to_stdout = has(args, &["--stdout", "--to-stdout", "--list", "--test"])
                    || args.iter().any(|a| {
                        a.len() > 1
                            && a.starts_with('-')
                            && !a.starts_with("--")
                            && a[1..]
                                .chars()
                                .take_while(|c| *c != 'o')
                                .any(|c| "clt".contains(c))
                    });
                if !to_stdout && positionals(args, "oTSb", &[]).iter().any(|f| *f != "-") {
                    self.write(name);
                }
            }
            "7z" | "7za" | "7zr" => {
                if matches!(
                    args.first().map(String::as_str),
                    Some("a" | "x" | "e" | "u" | "d" | "rn")
                ) {
                    self.write(format!("{name} {}", args[0]));
                }
            }
            "curl" => self.curl(args),
            "wget" => self.wget(args),
            "aria2c" | "axel" => self.write(name),
            "scp" | "rsync" | "rclone" => self.copy_tool(name, args),
            "docker" | "podman" | "kubectl" | "oc" => {
                // `docker cp CONTAINER:SRC DEST`: a local DEST is written.
                let p = positionals(args, "cn", &["--container", "--namespace", "--context"]);
                let p: &[&str] = match &p[..] {
                    ["container", rest @ ..] => rest,
                    all => all,
                };
                if let ["cp", .., dest] = p
                    && p.len() >= 3
                    && !is_remote(dest)
                {
                    self.write(format!("{name} cp to {dest}"));
                }
            }
            "git" => {
                if let Some(w) = git(args) {
                    self.write(w);
                }
            }
            "gh" => {
                let p = positionals(args, "R", &["--repo"]);
                if let [a, b, ..] = p[..]
                    && matches!(
                        (a, b),
                        ("pr", "checkout" | "co")
                            | ("repo", "clone")
                            | ("release" | "run", "download")
                            | ("gist", "clone")
                    )
                {
                    self.write(format!("gh {a} {b}"));
                }
            }
            "cargo" => {
                if let Some(w) = cargo(args) {
                    self.write(w);
                }
            }
            "rustfmt" => {
                let stdout = has(args, &["--check", "--emit=stdout"])
                    || args
                        .windows(2)
                        .any(|w| w[0] == "--emit" && w[1] == "stdout");
                if !stdout
                    && !positionals(
                        args,
                        "",
                        &[
                            "--emit",
                            "--config-path",
                            "--edition",
                            "--config",
                            "--color",
                        ],
                    )
                    .is_empty()
                {
                    self.write("rustfmt");
                }
            }
            "rustup" => {
                let p = positionals(args, "", &["--toolchain"]);
                let w = match p[..] {
                    [
                        "component" | "target" | "toolchain",
                        s @ ("add" | "remove" | "install" | "uninstall" | "link"),
                        ..,
                    ] => Some(format!("rustup {} {s}", p[0])),
                    ["install" | "update" | "uninstall" | "default" | "self", ..] => {
                        Some(format!("rustup {}", p[0]))
                    }
                    ["override", "set" | "unset", ..] => Some("rustup override".into()),
                    _ => None,
                };
                if let Some(w) = w {
                    self.write(w);
                }
            }
            "go" => {
                let p = positionals(args, "", &[]);
                let w = match p[..] {
                    ["fmt" | "generate" | "get" | "install" | "fix", ..] => {
                        Some(format!("go {}", p[0]))
                    }
                    ["mod", s @ ("tidy" | "init" | "vendor"), ..] => Some(format!("go mod {s}")),
                    ["mod", "edit", ..] if !has(args, &["-json", "-print"]) => {
                        Some("go mod edit".into())
                    }
                    [
                        "work",
                        s @ ("init" | "use" | "edit" | "sync" | "vendor"),
                        ..,
                    ] => Some(format!("go work {s}")),
                    ["env", ..] if has(args, &["-w", "-u"]) => Some("go env -w".into()),
                    _ => None,
                };
                if let Some(w) = w {
                    self.write(w);
                }
            }
            "ruff" => {
                let p = positionals(
                    args,
                    "",
                    &[
                        "--config",
                        "--select",
                        "--ignore",
                        "--extend-select",
                        "--line-length",
                        "--target-version",
                        "--exclude",
                        "--extend-exclude",
                        "--output-format",
                        "--stdin-filename",
                    ],
                );
                let fix = has(args, &["--fix", "--fix-only", "--unsafe-fixes"])
                    && !has(args, &["--no-fix", "--diff"]);
                match p.first().copied() {
                    Some("format") if !has(args, &["--check", "--diff"]) => {
                        self.write("ruff format")
                    }
                    Some("format") => {}
                    _ if fix => self.write("ruff --fix"),
                    _ => {}
                }
            }
            "stylua" | "taplo" | "swiftformat" | "ktlint" | "sqlfluff" | "mix" | "dart"
            | "flutter" | "dotnet" | "deno" | "bun" => self.misc_tool(name, args, stdin, marks),
            "npm" | "pnpm" | "yarn" | "pip" | "uv" | "poetry" | "pipenv" | "pdm" | "conda"
            | "mamba" | "micromamba" | "gem" | "bundle" | "bundler" | "composer" | "brew"
            | "apt" | "apt-get" | "aptitude" | "dnf" | "yum" | "zypper" | "apk" | "pacman"
            | "snap" | "port" | "pre-commit" | "pipx" => self.package_manager(name, args),
            "make" | "gmake" | "just" | "task" | "rake" => {
                if has(
                    args,
                    &[
                        "-n",
                        "--dry-run",
                        "--just-print",
                        "--recon",
                        "--dry-run",
                        "-l",
                        "--list",
                    ],
                ) {
                    return;
                }
                for t in positionals(
                    args,
                    "CfIjloWe",
                    &["--directory", "--file", "--makefile", "--justfile"],
                ) {
                    if !t.contains('=') && is_fix_target(t) {
                        self.write(format!("{name} {t}"));
                    }
                }
            }
            _ => {
                if let Some(w) = flag_tool(name, args) {
                    self.write(w);
                }
            }
        }
    }

    fn shell(&mut self, name: &str, args: &[String], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut has_c = false;
        let mut from_stdin = false;
        while let Some(a) = args.get(i) {
            if a == "--" || a == "-" {
                i += 1;
                from_stdin |= a == "-";
                break;
            }
            if a.starts_with("--") {
                i += if matches!(a.as_str(), "--rcfile" | "--init-file") {
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
            return; // a script file, whose contents are not visible
        }
        if let Some(s) = self.stdin_code(stdin, name) {
            self.reanalyse(&s);
        }
    }

    /// Interpreters whose code is not scanned (`lua`, `tclsh`, …): only
    /// code that exists at run time is reported (`curl … | lua`).
    fn other_interpreter(&mut self, name: &str, args: &[String], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            match a.as_str() {
                "-e" | "-c" => {
                    if let Some(c) = args.get(i + 1)
                        && marks.code(i + 1, c)
                    {
                        self.unknown(format_args!("the code run by {name} {a}"), c);
                    }
                    return;
                }
                "-" => break,
                "-l" | "-f" | "-s" => i += 2,
                _ if a.starts_with('-') => i += 1,
                _ => {
                    if self.proc_subst_script(name, marks, i, a) || !is_stdin_path(a) {
                        return;
                    }
                    break;
                }
            }
        }
        self.stdin_code(stdin, name);
    }

    fn php(&mut self, args: &[String], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            match a.as_str() {
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
                // A script file, or modes that do not run code.
                "-f" | "-F" | "-l" | "-v" | "-m" | "-i" | "-h" | "-s" | "-w" | "-a" => return,
                "-d" | "-c" | "-z" => i += 2,
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
            return;
        }
        if let Some(s) = self.stdin_code(stdin, "php") {
            self.code(Lang::Php, &s, "php script on stdin");
        }
    }

    fn find(&mut self, args: &[String], marks: Marks) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            match a.as_str() {
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
                    let t = args.get(i + 1).map(String::as_str).unwrap_or("");
                    if !is_safe_target(t) {
                        self.write(format!("find {a} {t}"));
                    }
                    i += 2;
                }
                _ => i += 1,
            }
        }
    }

    fn python(&mut self, args: &[String], stdin: Stdin<'_>, marks: Marks) {
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
                i += if matches!(a.as_str(), "-W" | "-X" | "-Q") {
                    2
                } else {
                    1
                };
                continue;
            }
            if self.proc_subst_script("python", marks, i, a) || !is_stdin_path(a) {
                return; // a script file
            }
            break;
        }
        if let Some(s) = self.stdin_code(stdin, "python") {
            self.code(Lang::Python, &s, "python script on stdin");
        }
    }

    fn node(&mut self, args: &[String], stdin: Stdin<'_>, marks: Marks, label: &str) {
        let mut i = 0;
        while let Some(a) = args.get(i) {
            if matches!(a.as_str(), "-e" | "--eval" | "-p" | "--print" | "-pe") {
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
            if a.starts_with('-') {
                i += if matches!(
                    a.as_str(),
                    "-r" | "--require" | "--import" | "--loader" | "--input-type"
                ) {
                    2
                } else {
                    1
                };
                continue;
            }
            if self.proc_subst_script(label, marks, i, a) || !is_stdin_path(a) {
                return; // a script file
            }
            break;
        }
        if let Some(s) = self.stdin_code(stdin, label) {
            self.code(Lang::Node, &s, &format!("{label} script on stdin"));
        }
    }

    fn perl(&mut self, args: &[String], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut codes = Vec::new();
        let mut runtime_code = None;
        let mut inplace = false;
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
                    'e' | 'E' => {
                        let rest: String = cs[k + 1..].iter().collect();
                        if rest.is_empty() {
                            if let Some(c) = args.get(i + 1) {
                                if marks.code(i + 1, c) {
                                    runtime_code = Some(c.as_str());
                                }
                                codes.push(c.clone());
                            }
                            used_next = true;
                        } else {
                            if marks.code(i, a) {
                                runtime_code = Some(a.as_str());
                            }
                            codes.push(rest);
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
        self.inline_code(
            Lang::Perl,
            "perl",
            inplace,
            &codes,
            runtime_code,
            args.get(i).map(|a| (i, a.as_str())),
            stdin,
            marks,
        );
    }

    fn ruby(&mut self, args: &[String], stdin: Stdin<'_>, marks: Marks) {
        let mut i = 0;
        let mut codes = Vec::new();
        let mut runtime_code = None;
        let mut inplace = false;
        while let Some(a) = args.get(i) {
            if !(a.len() > 1 && a.starts_with('-')) || a == "--" {
                break;
            }
            let cs: Vec<char> = a.chars().skip(1).collect();
            let mut used_next = false;
            for (k, &ch) in cs.iter().enumerate() {
                match ch {
                    'i' => {
                        inplace = true;
                        break;
                    }
                    'e' => {
                        let rest: String = cs[k + 1..].iter().collect();
                        if rest.is_empty() {
                            if let Some(c) = args.get(i + 1) {
                                if marks.code(i + 1, c) {
                                    runtime_code = Some(c.as_str());
                                }
                                codes.push(c.clone());
                            }
                            used_next = true;
                        } else {
                            if marks.code(i, a) {
                                runtime_code = Some(a.as_str());
                            }
                            codes.push(rest);
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
        self.inline_code(
            Lang::Ruby,
            "ruby",
            inplace,
            &codes,
            runtime_code,
            args.get(i).map(|a| (i, a.as_str())),
            stdin,
            marks,
        );
    }

    fn awk(&mut self, name: &str, args: &[String]) {
        let mut i = 0;
        let mut has_file = false;
        while let Some(a) = args.get(i) {
            if a == "--" {
                i += 1;
                break;
            }
            if a == "-i" || a == "--include" {
                if args.get(i + 1).is_some_and(|v| v.starts_with("inplace")) {
                    self.write(format!("{name} -i inplace"));
                }
                i += 2;
                continue;
            }
            if a.strip_prefix("-i")
                .or_else(|| a.strip_prefix("--include="))
                .is_some_and(|v| v.starts_with("inplace"))
            {
                self.write(format!("{name} -i inplace"));
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
                a.as_str(),
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

    fn sed(&mut self, name: &str, args: &[String]) {
        let mut i = 0;
        let mut inplace = false;
        let mut scripts: Vec<&str> = Vec::new();
        let mut script_given = false;
        while let Some(a) = args.get(i) {
            i += 1;
            if a == "--" {
                break;
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
                                scripts.extend(args.get(i).map(String::as_str));
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
                                    scripts.extend(args.get(i).map(String::as_str));
                                }
                                i += 1;
                            } else if ch == 'e' {
                                // a script glued to -e: cannot borrow it; scan it now
                                if code::sed_script_writes(&rest) {
                                    self.write(format!("{name} w command"));
                                }
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
            }
        }
        if inplace {
            self.write(format!("{name} -i"));
        }
        if scripts.iter().any(|s| code::sed_script_writes(s)) {
            self.write(format!("{name} w command"));
        }
    }

    fn tar(&mut self, args: &[String]) {
        let mut mode: Option<char> = None;
        let mut file: Option<String> = None;
        let mut to_stdout = false;
        let mut i = 0;
        let set_mode = |mode: &mut Option<char>, c: char| {
            if mode.is_none() && "xcrutAd".contains(c) {
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
                set_mode(&mut mode, ch);
                match ch {
                    'O' => to_stdout = true,
                    'f' => {
                        file = args.get(next).cloned();
                        next += 1;
                    }
                    'C' | 'T' | 'X' | 'b' | 'N' | 'L' => next += 1,
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
                    "catenate" | "concatenate" => set_mode(&mut mode, 'A'),
                    "to-stdout" => to_stdout = true,
                    "file" => {
                        file = val.or_else(|| {
                            i += 1;
                            args.get(i - 1).cloned()
                        })
                    }
                    "directory"
                    | "exclude"
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
                    set_mode(&mut mode, ch);
                    if ch == 'O' {
                        to_stdout = true;
                    }
                    if "fCTXbgKLNVHI".contains(ch) {
                        let rest: String = cs[k + 1..].iter().collect();
                        let v = if rest.is_empty() {
                            i += 1;
                            args.get(i - 1).cloned()
                        } else {
                            Some(rest)
                        };
                        if ch == 'f' {
                            file = v;
                        }
                        break;
                    }
                }
            }
        }
        match mode {
            Some('x') if !to_stdout => self.write("tar extract"),
            Some('c' | 'r' | 'u' | 'A' | 'd') => {
                if let Some(f) = file
                    && f != "-"
                    && !is_safe_target(&f)
                {
                    self.write(format!("tar writing {f}"));
                }
            }
            _ => {}
        }
    }

    fn curl(&mut self, args: &[String]) {
        const LONG_ARG: &[&str] = &[
            "data",
            "data-raw",
            "data-binary",
            "data-urlencode",
            "data-ascii",
            "json",
            "header",
            "request",
            "user",
            "user-agent",
            "referer",
            "cookie",
            "form",
            "form-string",
            "max-time",
            "connect-timeout",
            "retry",
            "retry-delay",
            "retry-max-time",
            "url",
            "proxy",
            "cacert",
            "capath",
            "cert",
            "key",
            "resolve",
            "write-out",
            "upload-file",
            "range",
            "config",
            "oauth2-bearer",
            "netrc-file",
            "limit-rate",
            "interface",
            "continue-at",
            "time-cond",
            "max-filesize",
            "max-redirs",
            "aws-sigv4",
            "variable",
            "connect-to",
            "output-dir",
            "etag-compare",
            "unix-socket",
            "proxy-user",
            "preproxy",
            "http-version",
        ];
        const WRITES: &[&str] = &[
            "output",
            "dump-header",
            "cookie-jar",
            "trace",
            "trace-ascii",
            "stderr",
            "etag-save",
            "hsts",
            "alt-svc",
        ];
        let mut i = 0;
        while let Some(a) = args.get(i) {
            i += 1;
            if let Some(long) = a.strip_prefix("--") {
                let (key, val) = match long.split_once('=') {
                    Some((k, v)) => (k, Some(v.to_string())),
                    None => (long, None),
                };
                if WRITES.contains(&key) {
                    let t = val.or_else(|| {
                        i += 1;
                        args.get(i - 1).cloned()
                    });
                    let t = t.unwrap_or_default();
                    if t != "-" && !is_safe_target(&t) {
                        self.write(format!("curl --{key} {t}"));
                    }
                } else if matches!(key, "remote-name" | "remote-name-all") {
                    self.write("curl --remote-name");
                } else if val.is_none() && LONG_ARG.contains(&key) {
                    i += 1;
                }
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                let cs: Vec<char> = a.chars().skip(1).collect();
                for (k, &ch) in cs.iter().enumerate() {
                    if ch == 'O' {
                        self.write("curl -O");
                        continue;
                    }
                    if "AbcCdDeEFHKmoPQrtTuUwxXyYz".contains(ch) {
                        let rest: String = cs[k + 1..].iter().collect();
                        let v = if rest.is_empty() {
                            i += 1;
                            args.get(i - 1).cloned().unwrap_or_default()
                        } else {
                            rest
                        };
                        if matches!(ch, 'o' | 'D' | 'c') && v != "-" && !is_safe_target(&v) {
                            self.write(format!("curl -{ch} {v}"));
                        }
                        break;
                    }
                }
            }
        }
    }

    fn wget(&mut self, args: &[String]) {
        let mut i = 0;
        let mut to_stdout = false;
        let mut spider = false;
        let mut logfile = None;
        while let Some(a) = args.get(i) {
            i += 1;
            if let Some(long) = a.strip_prefix("--") {
                let (key, val) = match long.split_once('=') {
                    Some((k, v)) => (k, Some(v.to_string())),
                    None => (long, None),
                };
                match key {
                    "spider" => spider = true,
                    "output-document" | "output-file" | "append-output" => {
                        let v = val.or_else(|| {
                            i += 1;
                            args.get(i - 1).cloned()
                        });
                        let v = v.unwrap_or_default();
                        if key == "output-document" {
                            to_stdout = v == "-" || is_safe_target(&v);
                        } else if !is_safe_target(&v) {
                            logfile = Some(v);
                        }
                    }
                    _ => {}
                }
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                let cs: Vec<char> = a.chars().skip(1).collect();
                for (k, &ch) in cs.iter().enumerate() {
                    if "OoaeiBtTwQPlARDXIU".contains(ch) {
                        let rest: String = cs[k + 1..].iter().collect();
                        let v = if rest.is_empty() {
                            i += 1;
                            args.get(i - 1).cloned().unwrap_or_default()
                        } else {
                            rest
                        };
                        match ch {
                            'O' => to_stdout = v == "-" || is_safe_target(&v),
                            'o' | 'a' if !is_safe_target(&v) => logfile = Some(v),
                            _ => {}
                        }
                        break;
                    }
                }
            }
        }
        if !(to_stdout || spider) {
            self.write("wget");
        } else if let Some(l) = logfile {
            self.write(format!("wget log {l}"));
        }
    }

    fn copy_tool(&mut self, name: &str, args: &[String]) {
        let dry =
            name != "scp" && (has(args, &["--dry-run", "--list-only"]) || short_has(args, 'n'));
        let p = positionals(
            args,
            if name == "scp" { "PioFclSJ" } else { "eBfTM" },
            &[
                "--exclude",
                "--include",
                "--exclude-from",
                "--include-from",
                "--files-from",
                "--filter",
                "--rsh",
                "--rsync-path",
                "--partial-dir",
                "--temp-dir",
                "--compare-dest",
                "--copy-dest",
                "--link-dest",
                "--log-file",
                "--password-file",
                "--chmod",
                "--chown",
                "--port",
                "--bwlimit",
                "--timeout",
                "--backup-dir",
                "--suffix",
                "--max-size",
                "--min-size",
                "--max-delete",
            ],
        );
        if name == "rclone" {
            if matches!(
                p.first().copied(),
                Some("copy" | "sync" | "move" | "copyto" | "moveto" | "delete" | "purge" | "mkdir")
            ) && !dry
            {
                self.write(format!("rclone {}", p[0]));
            }
            return;
        }
        if p.len() >= 2
            && let Some(dest) = p.last()
            && !is_remote(dest)
            && !dry
        {
            self.write(format!("{name} to {dest}"));
        }
    }

    fn misc_tool(&mut self, name: &str, args: &[String], stdin: Stdin<'_>, marks: Marks) {
        let first = args.first().map(String::as_str).unwrap_or("");
        let p = positionals(args, "", &[]);
        let sub = p.first().copied().unwrap_or("");
        let w: Option<String> = match name {
            "stylua" if !has(args, &["--check", "-c"]) && !p.is_empty() => Some("stylua".into()),
            "taplo" if matches!(sub, "fmt" | "format") && !has(args, &["--check"]) => {
                Some("taplo fmt".into())
            }
            "swiftformat" if !has(args, &["--lint", "--dryrun"]) && !p.is_empty() => {
                Some("swiftformat".into())
            }
            "ktlint" if has(args, &["-F", "--format"]) => Some("ktlint --format".into()),
            "sqlfluff" if sub == "fix" => Some("sqlfluff fix".into()),
            "mix" if sub == "format" && !has(args, &["--check-formatted", "--dry-run"]) => {
                Some("mix format".into())
            }
            "mix" if matches!(sub, "deps.get" | "deps.update" | "deps.unlock") => {
                Some(format!("mix {sub}"))
            }
            "dart" | "flutter" => match p[..] {
                ["format", ..] if !has(args, &["--output=none", "--output=show", "--show"]) => {
                    Some(format!("{name} format"))
                }
                ["fix", ..] if has(args, &["--apply"]) => Some(format!("{name} fix --apply")),
                [
                    "pub",
                    "get" | "add" | "upgrade" | "remove" | "downgrade",
                    ..,
                ] => Some(format!("{name} pub {}", p[1])),
                ["create", ..] => Some(format!("{name} create")),
                _ => None,
            },
            "dotnet" => match p[..] {
                ["format", ..] if !has(args, &["--verify-no-changes"]) => {
                    Some("dotnet format".into())
                }
                ["add", ..] | ["new", ..] | ["remove", ..] => Some(format!("dotnet {sub}")),
                _ => None,
            },
            "deno" => match sub {
                "fmt" if !has(args, &["--check"]) => Some("deno fmt".into()),
                "lint" if has(args, &["--fix"]) => Some("deno lint --fix".into()),
                "add" | "install" | "remove" | "uninstall" | "i" => Some(format!("deno {sub}")),
                "eval" => {
                    if let Some((_, a)) = args.iter().enumerate().find(|(k, a)| marks.code(*k, a)) {
                        self.unknown(format_args!("the code run by deno eval"), a);
                    }
                    if let Some(c) = p.get(1) {
                        self.code(Lang::Node, c, "deno eval");
                    }
                    None
                }
                _ => None,
            },
            "bun" => {
                if first.starts_with('-') {
                    self.node(args, stdin, marks, "bun");
                    None
                } else {
                    match sub {
                        "add" | "a" | "install" | "i" | "remove" | "rm" | "update" | "link"
                        | "unlink" | "init" | "create" | "patch" => Some(format!("bun {sub}")),
                        "run" => p
                            .get(1)
                            .filter(|t| is_fix_target(t))
                            .map(|t| format!("bun run {t}")),
                        _ if is_fix_target(sub) => Some(format!("bun {sub}")),
                        _ => None,
                    }
                }
            }
            _ => None,
        };
        if let Some(w) = w {
            self.write(w);
        }
    }

    fn package_manager(&mut self, name: &str, args: &[String]) {
        let p = positionals(
            args,
            "Cw",
            &[
                "--prefix",
                "--workspace",
                "--filter",
                "--dir",
                "--python",
                "--project",
                "--directory",
                "--cwd",
            ],
        );
        let sub = p.first().copied().unwrap_or("");
        let w = match name {
            "npm" => match sub {
                "install" | "i" | "in" | "ins" | "inst" | "insta" | "instal" | "isnt"
                | "isntall" | "add" | "ci" | "clean-install" | "install-clean" | "install-test"
                | "it" | "uninstall" | "un" | "unlink" | "remove" | "rm" | "r" | "update"
                | "up" | "upgrade" | "udpate" | "link" | "ln" | "init" | "create" | "dedupe"
                | "ddp" | "prune" | "shrinkwrap" | "pack" => Some(format!("npm {sub}")),
                "version" if p.len() > 1 => Some("npm version".into()),
                "pkg" if matches!(p.get(1).copied(), Some("set" | "delete" | "fix")) => {
                    Some("npm pkg set".into())
                }
                "audit" if p.get(1) == Some(&"fix") => Some("npm audit fix".into()),
                "run" | "run-script" | "rum" | "urn" => p
                    .get(1)
                    .filter(|t| is_fix_target(t))
                    .map(|t| format!("npm run {t}")),
                _ => None,
            },
            "yarn" | "pnpm" => match sub {
                "" if name == "yarn" => Some("yarn (install)".into()),
                "add"
                | "install"
                | "i"
                | "remove"
                | "rm"
                | "uninstall"
                | "un"
                | "upgrade"
                | "up"
                | "update"
                | "upgrade-interactive"
                | "import"
                | "link"
                | "ln"
                | "unlink"
                | "init"
                | "create"
                | "dedupe"
                | "prune"
                | "patch-commit" => Some(format!("{name} {sub}")),
                "set" if p.get(1) == Some(&"version") => Some(format!("{name} set version")),
                "run" => p
                    .get(1)
                    .filter(|t| is_fix_target(t))
                    .map(|t| format!("{name} run {t}")),
                s if is_fix_target(s) => Some(format!("{name} {s}")),
                _ => None,
            },
            "pip" => match sub {
                "install" | "uninstall" | "download" | "wheel" if !has(args, &["--dry-run"]) => {
                    Some(format!("pip {sub}"))
                }
                _ => None,
            },
            "uv" => match p[..] {
                ["add" | "remove" | "sync" | "lock" | "init" | "venv", ..] => {
                    Some(format!("uv {sub}"))
                }
                ["pip", s @ ("install" | "uninstall" | "sync"), ..] => Some(format!("uv pip {s}")),
                ["pip" | "export", ..] if has(args, &["-o", "--output-file"]) => {
                    Some(format!("uv {sub} -o"))
                }
                [
                    "tool" | "python",
                    s @ ("install" | "uninstall" | "upgrade"),
                    ..,
                ] => Some(format!("uv {sub} {s}")),
                _ => None,
            },
            "poetry" | "pdm" | "pipenv" => match sub {
                "add" | "remove" | "install" | "update" | "lock" | "init" | "new" | "sync"
                | "uninstall" | "clean" => Some(format!("{name} {sub}")),
                "export" if has(args, &["-o", "--output"]) => Some(format!("{name} export -o")),
                _ => None,
            },
            "conda" | "mamba" | "micromamba" => match p[..] {
                [
                    "install" | "create" | "remove" | "uninstall" | "update" | "upgrade",
                    ..,
                ] => Some(format!("{name} {sub}")),
                ["env", "create" | "update" | "remove", ..] => Some(format!("{name} env {}", p[1])),
                _ => None,
            },
            "gem" => {
                matches!(sub, "install" | "uninstall" | "update").then(|| format!("gem {sub}"))
            }
            "bundle" | "bundler" => match sub {
                "" | "install" | "update" | "add" | "remove" | "lock" | "init" => {
                    Some(format!("bundle {sub}").trim_end().to_string())
                }
                _ => None,
            },
            "composer" => matches!(
                sub,
                "install"
                    | "require"
                    | "update"
                    | "remove"
                    | "dump-autoload"
                    | "create-project"
                    | "init"
            )
            .then(|| format!("composer {sub}")),
            "brew" => matches!(
                sub,
                "install"
                    | "uninstall"
                    | "upgrade"
                    | "update"
                    | "reinstall"
                    | "tap"
                    | "link"
                    | "unlink"
                    | "cleanup"
            )
            .then(|| format!("brew {sub}")),
            "pacman" => args
                .iter()
                .any(|a| {
                    (a.starts_with("-S") && !a.contains('s') && !a.contains('i'))
                        || a.starts_with("-R")
                        || a.starts_with("-U")
                })
                .then(|| "pacman".to_string()),
            "pre-commit" => matches!(
                sub,
                "install" | "uninstall" | "autoupdate" | "install-hooks"
            )
            .then(|| format!("pre-commit {sub}")),
            _ => matches!(
                sub,
                "install"
                    | "remove"
                    | "purge"
                    | "upgrade"
                    | "update"
                    | "autoremove"
                    | "add"
                    | "del"
                    | "reinstall"
                    | "dist-upgrade"
                    | "full-upgrade"
                    | "erase"
                    | "uninstall"
                    | "inject"
                    | "upgrade-all"
            )
            .then(|| format!("{name} {sub}")),
        };
        if let Some(w) = w {
            self.write(w);
        }
    }
}

/// Tools whose write mode is a matter of their flags (formatters, fixers,
/// in-place editors): the write's description, if the flags select it.
fn flag_tool(name: &str, args: &[String]) -> Option<String> {
    let some_file = |short_arg: &str, long_arg: &[&str]| {
        positionals(args, short_arg, long_arg)
            .iter()
            .any(|p| *p != "-")
    };
    let w = match name {
        "patch" | "gpatch" => !has(args, &["--dry-run", "--check"]),
        "zip" => !has(args, &["-sf", "--show-files", "-T"]) && some_file("bnOtx", &[]),
        "gofmt" | "goimports" | "gofumpt" | "golines" => {
            has(args, &["-w", "-w=true", "--write-output"])
        }
        "black" | "blue" => {
            !has(args, &["--check", "--diff"])
                && some_file(
                    "lctSW",
                    &[
                        "--line-length",
                        "--config",
                        "--target-version",
                        "--include",
                        "--exclude",
                        "--extend-exclude",
                        "--force-exclude",
                        "--code",
                    ],
                )
        }
        "prettier" | "prettierd" => has(args, &["--write", "-w"]),
        "eslint" | "eslint_d" | "stylelint" | "markdownlint" | "markdownlint-cli2" | "standard"
        | "standardrb" | "xo" | "tslint" | "oxlint" => has(args, &["--fix"]),
        "clang-format" | "swift-format" => has(args, &["-i", "--in-place"]),
        "isort" => {
            !has(
                args,
                &[
                    "--check",
                    "--check-only",
                    "-c",
                    "--diff",
                    "--df",
                    "--show-diff",
                    "--stdout",
                    "-d",
                ],
            ) && some_file(
                "",
                &[
                    "--settings-path",
                    "--settings-file",
                    "--profile",
                    "-l",
                    "--line-length",
                ],
            )
        }
        "autopep8" | "yapf" | "autoflake" | "docformatter" | "comby" => {
            has(args, &["--in-place", "-in-place"]) || short_has(args, 'i')
        }
        "pyupgrade" | "add-trailing-comma" | "reorder-python-imports" => some_file("", &[]),
        "rubocop" => {
            has(
                args,
                &[
                    "--autocorrect",
                    "--autocorrect-all",
                    "--auto-correct",
                    "--auto-correct-all",
                    "--fix-layout",
                ],
            ) || short_has(args, 'a')
                || short_has(args, 'A')
                || short_has(args, 'x')
        }
        "shfmt" => has(args, &["--write"]) || short_has(args, 'w'),
        "terraform" | "tofu" => {
            args.first().is_some_and(|a| a == "fmt")
                && !has(args, &["-check", "--check", "-check=true"])
        }
        "dprint" => args.first().is_some_and(|a| a == "fmt"),
        "biome" => has(
            args,
            &["--write", "--apply", "--apply-unsafe", "--fix", "--unsafe"],
        ),
        "yq" => has(args, &["-i", "--inplace", "--in-place"]),
        "sd" => !has(args, &["-p", "--preview"]) && positionals(args, "f", &["--flags"]).len() >= 3,
        "ast-grep" | "sg" => has(args, &["-U", "--update-all"]),
        _ => return None,
    };
    let what = match name {
        "patch"
        | "gpatch"
        | "zip"
        | "black"
        | "blue"
        | "isort"
        | "pyupgrade"
        | "add-trailing-comma"
        | "reorder-python-imports"
        | "sd" => name.to_string(),
        "gofmt" | "goimports" | "gofumpt" | "golines" | "shfmt" => format!("{name} -w"),
        "prettier" | "prettierd" | "biome" => format!("{name} --write"),
        "terraform" | "tofu" | "dprint" => format!("{name} fmt"),
        "rubocop" => "rubocop --autocorrect".into(),
        "ast-grep" | "sg" => format!("{name} --update-all"),
        "eslint" | "eslint_d" | "stylelint" | "markdownlint" | "markdownlint-cli2" | "standard"
        | "standardrb" | "xo" | "tslint" | "oxlint" => format!("{name} --fix"),
        _ => format!("{name} -i"),
    };
    w.then_some(what)
}

/// The value of a short (`-o X`, `-oX`, in a cluster) or long
/// (`--output X`, `--output=X`) option. `short_arg` lists the short options
/// that take values, so a cluster stops at the first of them.
fn option_value(args: &[String], short: char, long: &str, short_arg: &str) -> Option<String> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        if a == "--" {
            return None;
        }
        if a == long {
            return args.get(i).cloned();
        }
        if let Some(v) = a.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            return Some(v.to_string());
        }
        if a.len() > 1 && a.starts_with('-') && !a.starts_with("--") {
            let cs: Vec<char> = a.chars().skip(1).collect();
            if let Some(k) = cs.iter().position(|c| short_arg.contains(*c)) {
                let rest: String = cs[k + 1..].iter().collect();
                let v = if rest.is_empty() {
                    i += 1;
                    args.get(i - 1).cloned()
                } else {
                    Some(rest)
                };
                if cs[k] == short {
                    return v;
                }
            }
        }
    }
    None
}

/// The wrapper `name` (first word of `argv`) runs the command starting at the
/// returned index; `None` when it is not a wrapper (or, like `command -v`,
/// runs nothing).
fn unwrap(name: &str, a: &[String]) -> Option<usize> {
    let sub = a.get(1).map(String::as_str).unwrap_or("");
    let i = match name {
        "sudo" | "doas" | "run0" => skip_opts(
            a,
            1,
            "ugCDhprtTUR",
            &[
                "--user",
                "--group",
                "--chdir",
                "--host",
                "--prompt",
                "--role",
                "--type",
                "--close-from",
                "--other-user",
                "--command-timeout",
            ],
        ),
        "env" => {
            if a.iter()
                .any(|w| w == "-S" || w.starts_with("--split-string"))
            {
                return None;
            }
            let mut i = skip_opts(a, 1, "uC", &["--unset", "--chdir"]);
            while a.get(i).is_some_and(|w| is_assignment(w) || w == "-") {
                i += 1;
                i = skip_opts(a, i, "uC", &["--unset", "--chdir"]);
            }
            i
        }
        "nice" => skip_opts(a, 1, "n", &["--adjustment"]),
        "ionice" => skip_opts(a, 1, "cnpt", &["--class", "--classdata"]),
        "timeout" | "gtimeout" => skip_opts(a, 1, "sk", &["--signal", "--kill-after"]) + 1,
        "nohup" | "setsid" | "unbuffer" | "chronic" | "builtin" | "caffeinate" | "busybox"
        | "catchsegv" | "noglob" | "nocorrect" | "proxychains" | "proxychains4" | "torsocks"
        | "firejail" | "faketime" => skip_opts(a, 1, "", &[]),
        "time" => skip_opts(a, 1, "fo", &["--format", "--output"]),
        "exec" => skip_opts(a, 1, "a", &[]),
        "command" => {
            let i = skip_opts(a, 1, "", &[]);
            if a[1..i.min(a.len())]
                .iter()
                .any(|o| o.contains('v') || o.contains('V'))
            {
                return None;
            }
            i
        }
        "stdbuf" => skip_opts(a, 1, "ioe", &["--input", "--output", "--error"]),
        "xargs" | "gxargs" => skip_opts(
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
        ),
        "npx" | "pnpx" | "bunx" => {
            if a.iter().any(|w| w == "-c" || w == "--call") {
                return None;
            }
            skip_opts(a, 1, "p", &["--package"])
        }
        "uvx" => skip_opts(
            a,
            1,
            "p",
            &[
                "--from",
                "--with",
                "--python",
                "--index",
                "--with-requirements",
            ],
        ),
        "uv" if sub == "run" || sub == "tool" && a.get(2).is_some_and(|w| w == "run") => skip_opts(
            a,
            if sub == "run" { 2 } else { 3 },
            "p",
            &[
                "--with",
                "--python",
                "--project",
                "--directory",
                "--package",
                "--extra",
                "--group",
                "--env-file",
                "--index",
                "--with-requirements",
                "--from",
            ],
        ),
        "poetry" | "pipenv" | "pdm" | "hatch" | "rye" | "conda" | "mamba" | "micromamba"
            if sub == "run" =>
        {
            skip_opts(a, 2, "nep", &["--name", "--prefix", "--environment"])
        }
        "bundle" | "bundler" | "pnpm" | "yarn" | "npm" if matches!(sub, "exec" | "dlx" | "x") => {
            if a.iter().any(|w| w == "-c" || w == "--call") {
                return None;
            }
            skip_opts(a, 2, "p", &["--package"])
        }
        "bun" if sub == "x" => skip_opts(a, 2, "", &[]),
        "rustup" if sub == "run" => skip_opts(a, 2, "", &[]) + 1,
        "direnv" if sub == "exec" => 3,
        "dotenv" => skip_opts(a, 1, "ecv", &[]),
        _ => return None,
    };
    Some(i)
}

fn git(args: &[String]) -> Option<String> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env"
            | "--super-prefix" => i += 2,
            s if s.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let sub = args.get(i)?.as_str();
    let rest = &args[i + 1..];
    let p = positionals(
        rest,
        "mFCSuoc",
        &[
            "--message",
            "--file",
            "--author",
            "--date",
            "--format",
            "--pretty",
            "--sort",
            "--contains",
            "--merged",
            "--no-merged",
            "--points-at",
            "--column",
            "--set-upstream-to",
        ],
    );
    let write = match sub {
        "apply" => {
            !has(rest, &["--check", "--stat", "--numstat", "--summary"]) || has(rest, &["--apply"])
        }
        "am" | "cherry-pick" | "revert" | "merge" | "rebase" | "pull" | "init" | "clone" | "mv"
        | "rm" | "commit" | "reset" | "restore" | "switch" | "checkout" | "update-ref"
        | "update-index" | "gc" | "prune" | "repack" | "replace" | "checkout-index"
        | "filter-branch" | "filter-repo" | "mergetool" | "read-tree" | "stage" => true,
        "clean" | "add" => !has(rest, &["-n", "--dry-run"]) && !short_has(rest, 'n'),
        "stash" => !matches!(p.first().copied(), Some("list" | "show")),
        "tag" => {
            has(
                rest,
                &[
                    "-d",
                    "--delete",
                    "-a",
                    "--annotate",
                    "-s",
                    "--sign",
                    "-f",
                    "--force",
                    "-m",
                    "-F",
                    "-u",
                ],
            ) || (!p.is_empty()
                && !has(
                    rest,
                    &[
                        "-l",
                        "--list",
                        "--contains",
                        "--points-at",
                        "--merged",
                        "--no-merged",
                        "-n",
                        "--sort",
                        "--format",
                        "-v",
                        "--verify",
                    ],
                ))
        }
        "branch" => {
            has(
                rest,
                &[
                    "-d",
                    "-D",
                    "--delete",
                    "-m",
                    "-M",
                    "--move",
                    "-c",
                    "-C",
                    "--copy",
                    "-f",
                    "--force",
                    "-u",
                    "--set-upstream-to",
                    "--unset-upstream",
                    "--edit-description",
                    "-t",
                    "--track",
                ],
            ) || (!p.is_empty()
                && !has(
                    rest,
                    &[
                        "-a",
                        "--all",
                        "-r",
                        "--remotes",
                        "-l",
                        "--list",
                        "-v",
                        "-vv",
                        "--verbose",
                        "--contains",
                        "--no-contains",
                        "--merged",
                        "--no-merged",
                        "--points-at",
                        "--show-current",
                        "--format",
                        "--sort",
                        "--column",
                    ],
                ))
        }
        "worktree" => matches!(
            p.first().copied(),
            Some("add" | "remove" | "move" | "prune" | "repair" | "lock" | "unlock")
        ),
        "submodule" => matches!(
            p.first().copied(),
            Some(
                "add"
                    | "update"
                    | "init"
                    | "deinit"
                    | "sync"
                    | "absorbgitdirs"
                    | "set-branch"
                    | "set-url"
            )
        ),
        "sparse-checkout" => matches!(
            p.first().copied(),
            Some("set" | "add" | "init" | "disable" | "reapply")
        ),
        "notes" => matches!(
            p.first().copied(),
            Some("add" | "append" | "copy" | "edit" | "merge" | "remove" | "prune")
        ),
        "bisect" => !matches!(
            p.first().copied(),
            None | Some("log" | "view" | "visualize" | "terms" | "help")
        ),
        "remote" => matches!(
            p.first().copied(),
            Some(
                "add"
                    | "remove"
                    | "rm"
                    | "rename"
                    | "set-url"
                    | "set-head"
                    | "set-branches"
                    | "prune"
            )
        ),
        "config" => {
            has(
                rest,
                &[
                    "--unset",
                    "--unset-all",
                    "--add",
                    "--replace-all",
                    "--rename-section",
                    "--remove-section",
                    "-e",
                    "--edit",
                ],
            ) || matches!(
                p.first().copied(),
                Some("set" | "unset" | "rename-section" | "remove-section" | "edit")
            ) || (p.len() >= 2
                && !has(
                    rest,
                    &[
                        "--get",
                        "--get-all",
                        "--get-regexp",
                        "-l",
                        "--list",
                        "--get-urlmatch",
                    ],
                )
                && !matches!(p.first().copied(), Some("get" | "list")))
        }
        "format-patch" => !has(rest, &["--stdout"]),
        "archive" => has(rest, &["-o", "--output"]),
        "diff" | "log" | "show" => has(rest, &["--output"]),
        "symbolic-ref" => p.len() >= 2,
        "reflog" => matches!(p.first().copied(), Some("expire" | "delete")),
        "lfs" => matches!(
            p.first().copied(),
            Some("pull" | "checkout" | "install" | "track" | "untrack" | "migrate")
        ),
        _ => false,
    };
    write.then(|| format!("git {sub}"))
}

fn cargo(args: &[String]) -> Option<String> {
    let p = positionals(
        args,
        "CZpj",
        &[
            "--manifest-path",
            "--color",
            "--config",
            "--package",
            "--target-dir",
            "--features",
            "--jobs",
            "--target",
            "--bin",
            "--example",
            "--test",
            "--bench",
            "--profile",
        ],
    );
    let p: Vec<&str> = p.into_iter().filter(|w| !w.starts_with('+')).collect();
    let sub = *p.first()?;
    let w = match sub {
        "fmt" => !has(args, &["--check"]),
        "fix" | "new" | "init" | "install" | "uninstall" | "generate-lockfile" | "vendor"
        | "set-version" | "upgrade" => true,
        "add" | "remove" | "rm" | "update" => !has(args, &["--dry-run"]),
        "clippy" => has(args, &["--fix"]),
        _ => false,
    };
    w.then(|| format!("cargo {sub}"))
}
