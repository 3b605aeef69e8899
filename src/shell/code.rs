//! Inline code given to interpreters (`python -c`, `node -e`, `perl -e`,
//! `ruby -e`, `php -r`, `lua -e`, `Rscript -e`, `pwsh -c`, `julia -e`, awk
//! programs, sed scripts, SQL given to `sqlite3`, `psql` backslash
//! commands, Tcl given to `tclsh`, Emacs Lisp given to `emacs --batch`,
//! Erlang given to `erl -eval`, Clojure given to `clojure -e` or `bb -e`,
//! Haskell given to `ghc -e`):
//! does it open files for writing, delete
//! or move them, or run shell commands? A small tokenizer (identifiers,
//! string literals, punctuation) is enough to tell `open(p, 'w')` from
//! `open(p)` and `os.remove(p)` from `xs.remove(p)`; it is a heuristic, not an
//! interpreter, and errs towards reporting.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    Python,
    Node,
    Perl,
    Ruby,
    Php,
    Lua,
    R,
    Elixir,
    Julia,
    /// MATLAB and Octave.
    Matlab,
}

impl Lang {
    /// Every language by its name in config.toml (`code_lang`), in
    /// declaration order.
    const ALL: [(Lang, &'static str); 10] = [
        (Lang::Python, "python"),
        (Lang::Node, "node"),
        (Lang::Perl, "perl"),
        (Lang::Ruby, "ruby"),
        (Lang::Php, "php"),
        (Lang::Lua, "lua"),
        (Lang::R, "r"),
        (Lang::Elixir, "elixir"),
        (Lang::Julia, "julia"),
        (Lang::Matlab, "matlab"),
    ];
    /// The names, for an error that lists them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Lang::ALL.iter().map(|&(_, n)| n)
    }

    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL.iter().find(|(_, n)| *n == name).map(|&(l, _)| l)
    }
}

/// What a piece of code does that matters here.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Findings {
    /// Short descriptions, e.g. `opens a file for writing`.
    pub writes: Vec<String>,
    /// Shell command strings it runs (`os.system("…")`, backticks, …).
    pub shell: Vec<String>,
    /// Why what it runs is only known at run time (`Invoke-Expression`).
    pub runtime: Option<String>,
}

impl Findings {
    /// Record the shell command a call runs: the string literals of `args`,
    /// joined by spaces (`subprocess.run(["rm", "x"])` → `rm x`).
    fn run_shell(&mut self, args: &[&[Tok]]) {
        let cmd = args
            .iter()
            .map(|a| strings(a))
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        if !cmd.is_empty() {
            self.shell.push(cmd);
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Str(String),
    /// A backtick string in Perl/Ruby/PHP: a shell command.
    Cmd(String),
    Punct(char),
}

fn lex(src: &str, lang: Lang) -> Vec<Tok> {
    let s: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let ident_start = |c: char| {
        c.is_alphanumeric()
            || c == '_'
            || (c == '$' && lang == Lang::Node)
            || (c == '.' && lang == Lang::R)
    };
    while let Some(&c) = s.get(i) {
        if c.is_whitespace() && !(lang == Lang::Matlab && c == '\n') {
            i += 1;
            continue;
        }
        let hash_comment = matches!(
            lang,
            Lang::Python
                | Lang::Ruby
                | Lang::Perl
                | Lang::Php
                | Lang::R
                | Lang::Elixir
                | Lang::Julia
                | Lang::Matlab
        );
        if lang == Lang::Matlab {
            match c {
                // a statement ends at a line's end
                '\n' => {
                    out.push(Tok::Punct(';'));
                    i += 1;
                    continue;
                }
                '%' => {
                    while s.get(i).is_some_and(|&c| c != '\n') {
                        i += 1;
                    }
                    continue;
                }
                // `!cmd` starting a statement runs the rest of the line in the shell
                '!' if s.get(i + 1) != Some(&'=')
                    && matches!(out.last(), None | Some(Tok::Punct(';' | ','))) =>
                {
                    let start = i + 1;
                    while s.get(i).is_some_and(|&c| c != '\n') {
                        i += 1;
                    }
                    out.push(Tok::Cmd(s[start..i].iter().collect()));
                    continue;
                }
                // a quote right after a value is the transpose operator (`A'`)
                '\'' if i > 0
                    && s.get(i - 1).is_some_and(|&p| {
                        p.is_alphanumeric() || matches!(p, '_' | ')' | ']' | '}' | '.' | '\'')
                    }) =>
                {
                    out.push(Tok::Punct('\''));
                    i += 1;
                    continue;
                }
                _ => {}
            }
        }
        if lang == Lang::Lua && c == '-' && s.get(i + 1) == Some(&'-') {
            while s.get(i).is_some_and(|&c| c != '\n') {
                i += 1;
            }
            continue;
        }
        if lang == Lang::Lua && c == '[' && s.get(i + 1) == Some(&'[') {
            // a long string `[[…]]`
            let start = i + 2;
            i = start;
            while i < s.len() && !(s[i] == ']' && s.get(i + 1) == Some(&']')) {
                i += 1;
            }
            out.push(Tok::Str(
                s[start.min(s.len())..i.min(s.len())].iter().collect(),
            ));
            i += 2;
            continue;
        }
        let slash_comment = matches!(lang, Lang::Node | Lang::Php);
        if (c == '#'
            && hash_comment
            && !(lang == Lang::Perl && i > 0 && s.get(i - 1) == Some(&'$')))
            || (c == '/' && slash_comment && s.get(i + 1) == Some(&'/'))
        {
            while s.get(i).is_some_and(|&c| c != '\n') {
                i += 1;
            }
            continue;
        }
        if c == '/' && slash_comment && s.get(i + 1) == Some(&'*') {
            i += 2;
            while i < s.len() && !(s[i] == '*' && s.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == '\'' || c == '"' || c == '`' {
            let triple = matches!(lang, Lang::Python | Lang::Julia)
                && s.get(i + 1) == Some(&c)
                && s.get(i + 2) == Some(&c);
            let mut text = String::new();
            i += if triple { 3 } else { 1 };
            while let Some(&d) = s.get(i) {
                // MATLAB has no escapes in strings; a quote is doubled
                if lang == Lang::Matlab && d == c {
                    if s.get(i + 1) == Some(&c) {
                        text.push(c);
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                if d == '\\' && lang != Lang::Matlab {
                    if let Some(&e) = s.get(i + 1) {
                        text.push(match e {
                            'n' => '\n',
                            't' => '\t',
                            other => other,
                        });
                    }
                    i += 2;
                    continue;
                }
                if d == c && (!triple || (s.get(i + 1) == Some(&c) && s.get(i + 2) == Some(&c))) {
                    i += if triple { 3 } else { 1 };
                    break;
                }
                text.push(d);
                i += 1;
            }
            let shell_backtick =
                c == '`' && matches!(lang, Lang::Perl | Lang::Ruby | Lang::Php | Lang::Julia);
            out.push(if shell_backtick {
                Tok::Cmd(text)
            } else {
                Tok::Str(text)
            });
            continue;
        }
        if ident_start(c) {
            let start = i;
            while s.get(i).is_some_and(|&d| ident_start(d)) {
                i += 1;
            }
            out.push(Tok::Ident(s[start..i].iter().collect()));
            continue;
        }
        out.push(Tok::Punct(c));
        i += 1;
    }
    out
}

fn ident(t: Option<&Tok>) -> Option<&str> {
    match t {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

fn is_punct(t: Option<&Tok>, c: char) -> bool {
    t == Some(&Tok::Punct(c))
}

/// The arguments of the call whose `(` is at `open`: token ranges split at
/// top-level commas, up to the matching `)`.
fn call_args(toks: &[Tok], open: usize) -> Vec<&[Tok]> {
    let mut args = Vec::new();
    let mut depth = 0usize;
    let mut start = open + 1;
    let mut i = open;
    while let Some(t) = toks.get(i) {
        if !work() {
            return args;
        }
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    if let Some(a) = toks.get(start..i)
                        && !a.is_empty()
                    {
                        args.push(a);
                    }
                    return args;
                }
            }
            Tok::Punct(',') if depth == 1 => {
                args.extend(toks.get(start..i));
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    args.extend(toks.get(start.min(toks.len())..));
    args
}

/// The string literals in a token range, joined by spaces (a command line
/// from `system("rm x")` or `["rm", "-f", "x"]`).
/// Whether the call at `i` is a method call (`x.name(`), and the name of
/// its receiver when that is a plain identifier (`os` in `os.remove(`).
fn receiver(toks: &[Tok], i: usize) -> (bool, Option<&str>) {
    let dotted = i > 0 && is_punct(toks.get(i - 1), '.');
    let owner = if dotted && i >= 2 {
        ident(toks.get(i - 2))
    } else {
        None
    };
    (dotted, owner)
}

fn strings(toks: &[Tok]) -> String {
    toks.iter()
        .filter_map(|t| match t {
            Tok::Str(s) | Tok::Cmd(s) => Some(s.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `call_command(NAME, ARGS…, KEY=VALUE…)` as the `django-admin` command
/// line it stands for: string arguments as words, keywords as options
/// (`dry_run=True` → `--dry-run`, `output='f'` → `--output='f'`; `False`
/// drops one, a value that is not a literal stays only known at run time).
/// Arguments spread from a literal (`*['-o', 'f']`, `**{'output': 'f'}`,
/// `**dict(output='f')`) are read as if written out. `None` when the
/// command's name is not a literal.
fn django_command(args: &[&[Tok]]) -> Option<String> {
    let (name, rest) = args.split_first()?;
    let name = py_literal(name)?;
    let mut cmd = format!("django-admin {}", shell_quoted(&name));
    django_args(rest, &mut cmd, 0);
    Some(cmd)
}

fn shell_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// The words `call_command`'s arguments after the name stand for,
/// appended to `cmd`; spreads nested deeper than a few levels stay only
/// known at run time.
fn django_args(args: &[&[Tok]], cmd: &mut String, depth: usize) {
    for a in args {
        let spread = depth < 4;
        match (keyword(a), a) {
            (None, _) if let Some(w) = py_literal(a) => {
                cmd.push(' ');
                cmd.push_str(&shell_quoted(&w));
            }
            (Some(k), [_, _, value @ ..]) => django_option(k, value, cmd),
            // `*['-o', 'f']`, `*('orders',)`: its items, as arguments
            (None, [Tok::Punct('*'), Tok::Punct('[' | '('), ..]) if spread => {
                django_args(&call_args(a, 1), cmd, depth + 1)
            }
            // `**dict(output='f')`: its keywords
            (
                None,
                [
                    Tok::Punct('*'),
                    Tok::Punct('*'),
                    Tok::Ident(d),
                    Tok::Punct('('),
                    ..,
                ],
            ) if d == "dict" && spread => django_args(&call_args(a, 3), cmd, depth + 1),
            // `**{'output': 'f'}`: its keys, as keywords (a key that is not
            // a name stays only known at run time: it is not shell text)
            (None, [Tok::Punct('*'), Tok::Punct('*'), Tok::Punct('{'), ..]) => {
                for item in call_args(a, 2) {
                    match item {
                        [Tok::Str(k), Tok::Punct(':'), value @ ..]
                            if !k.is_empty()
                                && k.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') =>
                        {
                            django_option(k, value, cmd)
                        }
                        _ => cmd.push_str(" --\"$key\"=\"$value\""),
                    }
                }
            }
            // a positional argument only known at run time
            _ => cmd.push_str(" \"$arg\""),
        }
    }
}

/// A Python string literal's text, adjacent literals joined (`'-' 'o'`)
/// and a prefix allowed (`r'…'`, `u'…'`; an f-string only without `{`).
fn py_literal(toks: &[Tok]) -> Option<String> {
    let mut text = String::new();
    let mut i = 0;
    while i < toks.len() {
        let f = match &toks[i] {
            Tok::Ident(p)
                if p.len() <= 2
                    && p.chars().all(|c| "rRuUbBfF".contains(c))
                    && matches!(toks.get(i + 1), Some(Tok::Str(_))) =>
            {
                i += 1;
                p.contains(['f', 'F'])
            }
            _ => false,
        };
        match &toks[i] {
            Tok::Str(s) if !(f && s.contains('{')) => text.push_str(s),
            _ => return None,
        }
        i += 1;
    }
    (!toks.is_empty()).then_some(text)
}

/// The option a keyword argument of `call_command` stands for.
fn django_option(k: &str, value: &[Tok], cmd: &mut String) {
    let opt = k.replace('_', "-");
    match value {
        [Tok::Ident(b)] if b == "False" || b == "None" => {}
        [Tok::Ident(b)] if b == "True" => cmd.push_str(&format!(" --{opt}")),
        _ if let Some(v) = py_literal(value) => {
            cmd.push_str(&format!(" --{opt}={}", shell_quoted(&v)))
        }
        [Tok::Ident(n)] if n.bytes().all(|c| c.is_ascii_digit()) => {
            cmd.push_str(&format!(" --{opt}={n}"))
        }
        _ => cmd.push_str(&format!(" --{opt}=\"$value\"")),
    }
}

/// The name of a keyword argument (`index=False`: `index`).
fn keyword(arg: &[Tok]) -> Option<&str> {
    match arg {
        [Tok::Ident(k), Tok::Punct('='), next, ..] if !matches!(next, Tok::Punct('=')) => {
            Some(k.as_str())
        }
        _ => None,
    }
}

/// The path or buffer a pandas `to_*` method writes to: its first argument
/// when that is positional, else the keyword that names it.
fn path_arg<'t>(args: &[&'t [Tok]]) -> Option<&'t [Tok]> {
    let first = args.first()?;
    if keyword(first).is_none() {
        return Some(first);
    }
    args.iter()
        .find(|a| {
            keyword(a).is_some_and(|k| {
                matches!(
                    k,
                    "path_or_buf" | "path" | "buf" | "excel_writer" | "path_or_buffer" | "store"
                )
            })
        })
        .map(|a| &a[2..])
}

/// `sys.stdout`, `sys.stderr` or `None`: no file.
fn is_std_stream(arg: &[Tok]) -> bool {
    match arg {
        [Tok::Ident(n)] => n == "None",
        [Tok::Ident(s), Tok::Punct('.'), Tok::Ident(n)] => {
            s == "sys" && matches!(n.as_str(), "stdout" | "stderr")
        }
        _ => false,
    }
}

/// A literal path that is no file (`/dev/null`, `/dev/stdout`, PHP's
/// `php://stdout`): writing there writes no file, as for a redirection.
fn is_no_file(p: &str) -> bool {
    super::classify::is_safe_target(p)
        || matches!(p, "php://stdout" | "php://stderr" | "php://output")
}

/// A call whose first argument (the file it writes) is a literal
/// [`is_no_file`] path (`open('/dev/null', 'w')`).
fn first_no_file(args: &[&[Tok]]) -> bool {
    matches!(args.first(), Some([Tok::Str(p)]) if is_no_file(p))
}

/// A file mode that writes: `w`, `a`, `x` or `+` (`"w:gz"` for tarfile).
fn is_write_mode(m: &str) -> bool {
    let m = m.split(':').next().unwrap_or("");
    let known = !m.is_empty() && m.len() <= 4 && m.chars().all(|c| "rwaxbtU+c".contains(c));
    // PHP's `c` (create without truncating) combines only with `b` and `+`.
    let c_ok = !m.contains('c') || m.chars().all(|c| "cb+".contains(c));
    known && c_ok && m.chars().any(|c| "wax+c".contains(c))
}

/// The mode argument: `mode=…` anywhere, or the positional one at `pos`.
fn mode_arg(args: &[&[Tok]], pos: &[usize]) -> bool {
    for a in args {
        if let [
            Tok::Ident(k),
            Tok::Punct('=') | Tok::Punct(':'),
            Tok::Str(m),
            ..,
        ] = a
            && (k == "mode" || k == "flag" || k == "flags")
        {
            return is_write_mode(m);
        }
    }
    pos.iter()
        .any(|&p| matches!(args.get(p), Some([Tok::Str(m)]) if is_write_mode(m)))
}

/// Scan code in `lang`.
pub(crate) fn scan(lang: Lang, src: &str) -> Findings {
    let mut f = Findings::default();
    let mut toks = lex(src, lang);
    // the outermost scan sets the work budget its nested scans share
    let outermost = WORK.get() == usize::MAX;
    if outermost {
        WORK.set(
            toks.len()
                .saturating_mul(WORK_PER_TOKEN)
                .saturating_add(WORK_BASE),
        );
    }
    if lang == Lang::Python {
        toks = python_named_by_calls(toks, &mut f);
    }
    match lang {
        Lang::Python => python(&toks, &mut f),
        Lang::Node => node(&toks, &mut f),
        Lang::Perl => perl(&toks, &mut f),
        Lang::Ruby => ruby(&toks, &mut f),
        Lang::Php => php(&toks, &mut f),
        Lang::Lua => lua(&toks, &mut f),
        Lang::R => r(&toks, &mut f),
        Lang::Elixir => elixir(&toks, &mut f),
        Lang::Julia => julia(&toks, &mut f),
        Lang::Matlab => matlab(&toks, &mut f),
    }
    for t in &toks {
        if let Tok::Cmd(c) = t {
            f.shell.push(c.clone());
        }
    }
    f.writes.dedup();
    if outermost {
        if WORK.get() == 0 {
            f.runtime = Some("the code is too complex to analyse".into());
        }
        WORK.set(usize::MAX);
    }
    f
}

// Tokens the bracket walks ([`call_args`], [`closing`]) may still read in
// one scan: each call's arguments are read on their own, so calls nested
// or left open thousands deep would read the code quadratically often
// (16,000 `x.y(` took seconds). Real code reads each token a few times;
// past the budget the walks stop and the code is too complex to analyse.
const WORK_PER_TOKEN: usize = 32;
const WORK_BASE: usize = 10_000;

thread_local! {
    static WORK: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Take one token's work from the budget; false when it is spent.
fn work() -> bool {
    let left = WORK.get();
    if left == 0 {
        return false;
    }
    if left != usize::MAX {
        WORK.set(left - 1);
    }
    true
}

/// Names Python code imports under another name: a module (`import os as
/// o`: `o` → `os`) or a function (`from os import remove as rm`, and
/// `from os import remove`: → (`os`, `remove`)).
struct Imports<'t> {
    modules: Vec<(&'t str, &'t str)>,
    functions: Vec<(&'t str, (&'t str, &'t str))>,
}

fn python_imports(toks: &[Tok]) -> Imports<'_> {
    let mut im = Imports {
        modules: Vec::new(),
        functions: Vec::new(),
    };
    for (i, t) in toks.iter().enumerate() {
        match ident(Some(t)) {
            // `import os.path as p`: `p` stands for `os`'s functions too
            Some("import") if !after_from(toks, i) => import_list(toks, i + 1, |m, alias| {
                if let Some(alias) = alias {
                    im.modules.push((alias, m));
                }
            }),
            Some("from") => {
                let Some(m) = ident(toks.get(i + 1)) else {
                    continue;
                };
                let j = past_dots(toks, i + 2);
                if ident(toks.get(j)) == Some("import") {
                    import_list(toks, j + 1, |name, alias| {
                        im.functions.push((alias.unwrap_or(name), (m, name)));
                    });
                }
            }
            // `o = os`, `rm = os.remove`: a name bound to a module or to
            // one of its functions, not called
            Some(a) if is_punct(toks.get(i + 1), '=') && !is_punct(toks.get(i + 2), '=') => {
                let unused = |k: usize| !matches!(toks.get(k), Some(Tok::Punct('.' | '(' | '[')));
                match (ident(toks.get(i + 2)), ident(toks.get(i + 4))) {
                    (Some(m), Some(f)) if is_punct(toks.get(i + 3), '.') && unused(i + 5) => {
                        im.functions.push((a, (m, f)));
                    }
                    (Some(m), _) if unused(i + 3) => im.modules.push((a, m)),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    im
}

/// Python modules and functions named by calls, rewritten to the names
/// they stand for: `__import__('os')` and `importlib.import_module('os')`
/// to `os`, then `getattr(os, 'remove')` to `os.remove`. A module or
/// function name only known at run time, where the result is called, is
/// recorded as such (`getattr(os, name)(…)`, `__import__(m).f(…)`).
fn python_named_by_calls(toks: Vec<Tok>, f: &mut Findings) -> Vec<Tok> {
    let named = |n: &str| matches!(n, "__import__" | "import_module" | "getattr");
    if !toks.iter().any(|t| ident(Some(t)).is_some_and(named)) {
        return toks;
    }
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        let name = ident(Some(t));
        if matches!(name, Some("__import__" | "import_module")) && is_punct(toks.get(i + 1), '(') {
            match (toks.get(i + 2), toks.get(i + 3)) {
                (Some(Tok::Str(m)), Some(Tok::Punct(')'))) => {
                    if name == Some("import_module")
                        && out.len() >= 2
                        && is_punct(out.last(), '.')
                        && ident(out.get(out.len() - 2)) == Some("importlib")
                    {
                        out.truncate(out.len() - 2);
                    }
                    out.push(Tok::Ident(m.split('.').next().unwrap_or("").to_string()));
                    i += 4;
                    continue;
                }
                // the module's name is not a literal: its call's close
                // is only sought then
                _ if is_punct(toks.get(closing(&toks, i + 1) + 1), '.') => {
                    f.runtime.get_or_insert_with(|| {
                        "the module __import__() loads is only known at run time".to_string()
                    });
                }
                _ => {}
            }
        }
        out.push(t.clone());
        i += 1;
    }
    let toks = out;
    let mut out: Vec<Tok> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        if ident(Some(t)) == Some("getattr") && is_punct(toks.get(i + 1), '(') {
            let args = call_args(&toks, i + 1);
            let close = closing(&toks, i + 1);
            match (args.first(), args.get(1)) {
                (Some([Tok::Ident(o)]), Some([Tok::Str(a)])) => {
                    out.extend([
                        Tok::Ident(o.clone()),
                        Tok::Punct('.'),
                        Tok::Ident(a.clone()),
                    ]);
                    i = close + 1;
                    continue;
                }
                (Some([Tok::Ident(o)]), Some(_))
                    if is_punct(toks.get(close + 1), '(')
                        && matches!(
                            o.as_str(),
                            "os" | "shutil"
                                | "pathlib"
                                | "subprocess"
                                | "builtins"
                                | "__builtins__"
                        ) =>
                {
                    f.runtime.get_or_insert_with(|| {
                        format!("the function getattr() takes from {o} is only known at run time")
                    });
                }
                _ => {}
            }
        }
        out.push(t.clone());
        i += 1;
    }
    out
}

/// The `)` matching the `(` at `open` (past the end when unclosed).
fn closing(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        if !work() {
            break;
        }
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

/// Past the rest of a dotted name (`.path` of `os.path`), from the token
/// after its first part.
fn past_dots(toks: &[Tok], mut k: usize) -> usize {
    while is_punct(toks.get(k), '.') && ident(toks.get(k + 1)).is_some() {
        k += 2;
    }
    k
}

/// The names an `import` lists, from token `j` (`a.b as c, d`, in
/// parentheses or not): each one's first part and its alias.
fn import_list<'t>(toks: &'t [Tok], mut j: usize, mut each: impl FnMut(&'t str, Option<&'t str>)) {
    if is_punct(toks.get(j), '(') {
        j += 1;
    }
    while let Some(name) = ident(toks.get(j)) {
        let mut k = past_dots(toks, j + 1);
        let alias = if ident(toks.get(k)) == Some("as")
            && let Some(a) = ident(toks.get(k + 1))
        {
            k += 2;
            Some(a)
        } else {
            None
        };
        each(name, alias);
        if !is_punct(toks.get(k), ',') {
            break;
        }
        j = k + 1;
    }
}

/// Is the `import` at `i` the one of `from MODULE import …`?
fn after_from(toks: &[Tok], i: usize) -> bool {
    let mut b = i;
    while b > 0 {
        b -= 1;
        match toks.get(b) {
            Some(Tok::Ident(w)) if w == "from" => return true,
            Some(Tok::Ident(w)) if w == "import" => return false,
            Some(Tok::Ident(_) | Tok::Punct('.')) => {}
            _ => return false,
        }
    }
    false
}

fn python(toks: &[Tok], f: &mut Findings) {
    // `sqlite3.connect('app.db')` (or DuckDB's) and a writing statement
    // run on it
    let (mut db_file, mut db_change) = (false, false);
    // a Great Expectations context kept in files (`gx.get_context()`, not
    // `mode="ephemeral"`) and a change made through it (`ctx.suites.add(…)`)
    let (mut gx_file, mut gx_change) = (false, false);
    let imports = python_imports(toks);
    // Pillow imported: an image's `save(PATH)` writes the file
    let pil = imports.functions.iter().any(|(_, (m, _))| *m == "PIL")
        || toks
            .windows(2)
            .any(|w| ident(w.first()) == Some("import") && ident(w.get(1)) == Some("PIL"));
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        let mut name = name.as_str();
        if matches!(
            name,
            "O_WRONLY" | "O_RDWR" | "O_CREAT" | "O_APPEND" | "O_TRUNC"
        ) {
            f.writes.push("opens a file for writing".into());
            continue;
        }
        if name == "inplace"
            && is_punct(toks.get(i + 1), '=')
            && ident(toks.get(i + 2)) == Some("True")
        {
            f.writes.push("edits files in place (fileinput)".into());
            continue;
        }
        // Python 2's `exec "code"` statement
        if name == "exec"
            && let Some(Tok::Str(code)) = toks.get(i + 1)
        {
            python_code(code, f);
            continue;
        }
        if !is_punct(toks.get(i + 1), '(') {
            continue;
        }
        let (mut dotted, mut owner) = receiver(toks, i);
        // what an imported name stands for (`rm(…)` after `from os import
        // remove as rm` → `os.remove`, `o.remove` → `os.remove`)
        if !dotted && let Some(&(_, (m, real))) = imports.functions.iter().find(|(a, _)| *a == name)
        {
            (dotted, owner, name) = (true, Some(m), real);
        }
        if let Some(o) = owner
            && let Some(&(_, m)) = imports.modules.iter().find(|(a, _)| *a == o)
        {
            owner = Some(m);
        }
        let builtin = !dotted || matches!(owner, Some("builtins" | "__builtins__"));
        let after_call = dotted && i >= 2 && is_punct(toks.get(i - 2), ')');
        let args = call_args(toks, i + 1);
        if dotted && bpy_writes(toks, i, name, owner, &args) {
            f.writes.push(format!("writes files (bpy {name})"));
            continue;
        }
        let write = match name {
            "open" | "fdopen" | "ZipFile" | "TarFile" => {
                let pos: &[usize] = if dotted
                    && owner.is_none_or(|o| {
                        !matches!(
                            o,
                            "io" | "codecs"
                                | "gzip"
                                | "bz2"
                                | "lzma"
                                | "tarfile"
                                | "zipfile"
                                | "os"
                                | "builtins"
                        )
                    }) {
                    &[0, 1]
                } else {
                    &[1]
                };
                mode_arg(&args, pos) && !first_no_file(&args)
            }
            "write_text" | "write_bytes" | "touch" | "symlink_to" | "hardlink_to" | "rmtree"
            | "copyfile" | "copytree" | "copy2" | "copymode" | "copystat" | "make_archive"
            | "unpack_archive" | "urlretrieve" | "savefig" | "savetxt" | "extractall"
            | "makedirs" | "removedirs" => true,
            // pandas: to the path or buffer given first (or by its keyword);
            // with none (`to_csv(index=False)`) the text is returned, and
            // `sys.stdout` prints it
            "to_csv" | "to_parquet" | "to_excel" | "to_pickle" | "to_feather" | "to_hdf"
            | "to_json" | "to_html" | "to_xml" | "to_latex" | "to_markdown"
            // xarray: with no path the netCDF bytes are returned
            | "to_netcdf" | "to_zarr" => {
                path_arg(&args).is_some_and(|p| !is_std_stream(p))
            }
            // a table in the database `con` names (a file: `sqlite3.connect`)
            "to_sql" if dotted => {
                db_change = true;
                false
            }
            // polars' lazy frames, streamed to the file named
            "sink_parquet" | "sink_csv" | "sink_ipc" | "sink_ndjson" => dotted && !args.is_empty(),
            // Hugging Face: a dataset or model saved to a directory, files
            // downloaded into the cache (or `local_dir`)
            "save_to_disk" | "save_pretrained" => dotted && !args.is_empty(),
            "hf_hub_download" | "snapshot_download" => true,
            "dump" => owner == Some("joblib"),
            // `torch.onnx.export(model, args, f)`: with no `f` (dynamo) the
            // program is returned
            "export" if owner == Some("onnx") => {
                args.iter().filter(|a| keyword(a).is_none()).count() >= 3
                    || args.iter().any(|a| keyword(a) == Some("f"))
            }
            "File" if owner == Some("h5py") => mode_arg(&args, &[1]),
            // a directory or file left behind, as `mktemp` (`mktemp()` only
            // names one)
            "mkdtemp" | "mkstemp" => owner == Some("tempfile"),
            // pyarrow (`pq.write_table(t, path)`), polars and DuckDB
            // relations (`df.write_parquet(path)`; with no path some return
            // the text: `df.write_json()`)
            "write_table" | "write_to_dataset" | "write_dataset" | "write_feather"
            | "write_parquet" | "write_csv" | "write_json" | "write_ipc" | "write_excel"
            | "write_delta" | "write_avro" | "write_ndjson" => dotted && !args.is_empty(),
            "mkdir" | "rmdir" | "unlink" => dotted,
            "rename" => owner.is_some_and(|o| matches!(o, "os" | "shutil")) || after_call,
            "remove" | "renames" | "replace" | "link" | "symlink" | "chmod" | "chown" | "utime"
            | "mkfifo" | "truncate" | "move" | "copy" | "write" | "lchown" | "mknod" => {
                owner.is_some_and(|o| matches!(o, "os" | "shutil"))
            }
            "save" | "savez" | "savez_compressed" => {
                owner.is_some_and(|o| matches!(o, "np" | "numpy" | "torch" | "joblib"))
                    || (name == "save" && pil && dotted && pil_save_path(&args))
            }
            // NLTK's data packages, into ~/nltk_data or the given directory
            "download" => owner.is_some_and(|o| matches!(o, "nltk" | "downloader")),
            // Django's `call_command('dumpdata', 'orders', output='f')`: the
            // management command as `django-admin` runs it, judged by the
            // table (`makemigrations`, `dumpdata --output`, `dry_run=True`)
            // (through any module name: `from django.core import
            // management as mg; mg.call_command(…)`)
            "call_command" => {
                match django_command(&args) {
                    Some(cmd) => f.shell.push(cmd),
                    None => {
                        f.runtime.get_or_insert_with(|| {
                            "the command run by call_command() is only known at run time".into()
                        });
                    }
                }
                false
            }
            "system" | "popen" | "run" | "call" | "check_call" | "check_output" | "Popen"
            | "getoutput" | "getstatusoutput" | "spawnl" | "execl" | "execlp" | "execvp" => {
                if owner.is_some_and(|o| matches!(o, "os" | "subprocess" | "commands")) {
                    f.run_shell(&args);
                }
                false
            }
            // code run from a string: scanned when it is a literal, only
            // known at run time when it is not (`exec(open(f).read())`)
            "exec" | "eval" if builtin => {
                match args.first() {
                    Some([Tok::Str(code)]) => python_code(code, f),
                    // `compile('…', …)`: scanned where the loop meets it
                    Some([Tok::Ident(c), Tok::Punct('('), Tok::Str(_), ..]) if c == "compile" => {}
                    Some(_) => {
                        f.runtime.get_or_insert_with(|| {
                            format!("the code run by {name}() is only known at run time")
                        });
                    }
                    None => {}
                }
                false
            }
            // compiling runs nothing, but the code may be run later
            "compile" if builtin => {
                if let Some([Tok::Str(code)]) = args.first() {
                    python_code(code, f);
                }
                false
            }
            // SQLAlchemy: `sqlite:///FILE` (`sqlite://` and
            // `sqlite:///:memory:` are in memory)
            "create_engine" => {
                db_file |= matches!(args.first(), Some([Tok::Str(u), ..])
                    if (u.starts_with("sqlite:///") || u.starts_with("duckdb:///"))
                        && !u.ends_with(":memory:"));
                false
            }
            // SQLAlchemy's (and SQLModel's) tables created or dropped
            "create_all" | "drop_all" if dotted => {
                db_change = true;
                false
            }
            // logging to a file: `basicConfig(filename=…)`, a file handler
            "basicConfig" => args.iter().any(|a| keyword(a) == Some("filename")),
            "FileHandler"
            | "RotatingFileHandler"
            | "TimedRotatingFileHandler"
            | "WatchedFileHandler" => !args.is_empty(),
            // bytecode to the file named (`cfile=`, or the second
            // argument); without one, the __pycache__ a run writes anyway
            "compile" if owner == Some("py_compile") => {
                args.iter().any(|a| keyword(a) == Some("cfile"))
                    || args.get(1).is_some_and(|a| keyword(a).is_none())
            }
            "connect" if matches!(owner, Some("sqlite3" | "duckdb")) => {
                // no database named: DuckDB's is in memory
                db_file |= args.first().is_some_and(
                    |a| !matches!(a, [Tok::Str(d)] if d == ":memory:" || d.is_empty()),
                );
                false
            }
            "get_context" => {
                gx_file |= !args.iter().any(|a| {
                    matches!(a, [Tok::Ident(k), Tok::Punct('='), Tok::Str(v), ..]
                        if k == "mode" && matches!(v.as_str(), "ephemeral" | "cloud"))
                });
                false
            }
            "add" | "add_or_update" | "delete" | "update"
                if matches!(
                    owner,
                    Some("suites" | "checkpoints" | "validation_definitions" | "data_sources")
                ) =>
            {
                gx_change = true;
                false
            }
            "add_expectation_suite"
            | "add_or_update_expectation_suite"
            | "save_expectation_suite"
            | "delete_expectation_suite"
            | "add_checkpoint"
            | "add_or_update_checkpoint"
            | "add_datasource"
            | "build_data_docs"
                if dotted =>
            {
                gx_change = true;
                false
            }
            // DuckDB's `con.sql(…)`, `duckdb.query(…)` too; a file the
            // statement writes (`COPY … TO 'x.csv'`) is written whatever
            // the database
            "execute" | "executemany" | "executescript" | "sql" | "query" if dotted => {
                let sql = args.first().map(|a| strings(a)).unwrap_or_default();
                let found = scan_sql(&sql);
                db_change |= found.db;
                !found.files.is_empty()
            }
            _ => false,
        };
        if write {
            f.writes.push(if name == "open" || name == "fdopen" {
                "opens a file for writing".to_string()
            } else {
                format!("writes files ({name})")
            });
        }
    }
    if db_file && db_change {
        f.writes.push("changes a database file (sqlite3)".into());
    }
    if gx_file && gx_change {
        f.writes
            .push("changes a Great Expectations project's files".into());
    }
}

/// A Pillow image's `save(FP, …)`: a path (a string, a variable), not
/// an in-memory buffer (`io.BytesIO()`) or a standard stream.
fn pil_save_path(args: &[&[Tok]]) -> bool {
    let Some(fp) = path_arg(args).or_else(|| {
        args.iter()
            .find(|a| keyword(a) == Some("fp"))
            .map(|a| &a[2..])
    }) else {
        return false;
    };
    let buffer = fp
        .iter()
        .any(|t| ident(Some(t)).is_some_and(|n| matches!(n, "BytesIO" | "stdout" | "stderr")));
    !buffer && !is_std_stream(fp)
}

/// Python code in a string literal (`exec('…')`): its findings are the
/// enclosing code's. The string is shorter than the code it is in, so the
/// nesting ends.
fn python_code(code: &str, f: &mut Findings) {
    let inner = scan(Lang::Python, code);
    f.writes.extend(inner.writes);
    f.shell.extend(inner.shell);
    if f.runtime.is_none() {
        f.runtime = inner.runtime;
    }
}

/// Blender's Python (`blender --python-expr`): an exporter
/// (`bpy.ops.export_scene.gltf(…)`, `bpy.ops.wm.obj_export(…)`), saving the
/// .blend file or an image (`bpy.ops.wm.save_mainfile()`,
/// `img.save_render(path)`), a render that writes its frames
/// (`bpy.ops.render.render(write_still=True)`). Importers only read.
fn bpy_writes(toks: &[Tok], i: usize, name: &str, owner: Option<&str>, args: &[&[Tok]]) -> bool {
    if name == "save_render" {
        return true;
    }
    // `ops.OWNER.NAME(`
    let ops = i >= 4 && is_punct(toks.get(i - 3), '.') && ident(toks.get(i - 4)) == Some("ops");
    ops && match owner {
        Some(o) if o.starts_with("export_") => true,
        Some("wm") => name.starts_with("save") || name.ends_with("_export"),
        Some("image") => name.starts_with("save"),
        Some("render") => {
            name == "render"
                && args.iter().any(|a| {
                    matches!(a, [Tok::Ident(k), Tok::Punct('='), Tok::Ident(v), ..]
                        if matches!(k.as_str(), "write_still" | "animation") && v == "True")
                })
        }
        _ => false,
    }
}

fn node(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        let name = name.as_str();
        if !is_punct(toks.get(i + 1), '(') {
            continue;
        }
        let (dotted, owner) = receiver(toks, i);
        let args = call_args(toks, i + 1);
        let write = match name {
            // to the file named first
            "writeFile" | "writeFileSync" | "appendFile" | "appendFileSync"
            | "createWriteStream" | "outputFile" | "outputFileSync" | "writeTextFile"
            | "writeTextFileSync" => !first_no_file(&args),
            "unlinkSync" | "rmSync" | "rmdirSync" | "renameSync" | "mkdirSync" | "copyFileSync"
            | "cpSync" | "truncateSync" | "symlinkSync" | "linkSync" | "chmodSync"
            | "chownSync" | "utimesSync" | "outputJson" | "outputJsonSync" | "writeJson"
            | "writeJsonSync" | "removeSync" | "emptyDir" | "emptyDirSync" | "ensureFile"
            | "ensureFileSync" | "ensureDir" | "ensureDirSync" | "moveSync" | "copySync"
            | "mkdtemp" | "mkdtempSync" => true,
            "unlink" | "rm" | "rmdir" | "rename" | "mkdir" | "copyFile" | "cp" | "truncate"
            | "symlink" | "link" | "chmod" | "chown" | "utimes" | "remove" | "move" | "copy" => {
                dotted
                    && owner.is_some_and(|o| {
                        matches!(o, "fs" | "promises" | "fsp" | "fse" | "Deno" | "fsPromises")
                    })
            }
            "write" => owner == Some("Bun") && !first_no_file(&args),
            "open" | "openSync" => dotted && mode_arg(&args, &[1]) && !first_no_file(&args),
            "execSync" | "exec" | "execFile" | "execFileSync" | "spawn" | "spawnSync" | "execa"
            | "execaSync" | "execaCommand" | "execaCommandSync" => {
                f.run_shell(&args);
                false
            }
            _ => false,
        };
        if write {
            f.writes.push(format!("writes files ({name})"));
        }
    }
}

fn perl(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Ident(name)
                if !(i > 0
                    && matches!(toks.get(i - 1), Some(Tok::Punct('$' | '@' | '%' | '>')))) =>
            {
                let stmt: &[Tok] = {
                    let end = toks[i + 1..]
                        .iter()
                        .position(|t| matches!(t, Tok::Punct(';' | '{' | '}')))
                        .map_or(toks.len(), |k| i + 1 + k);
                    &toks[i + 1..end]
                };
                match name.as_str() {
                    "open" | "sysopen" => {
                        for (k, s) in stmt.iter().enumerate().filter_map(|(k, t)| {
                            if let Tok::Str(s) = t {
                                Some((k, s.trim()))
                            } else {
                                None
                            }
                        }) {
                            if s.starts_with('>') || s.starts_with("+<") || s.starts_with("+>") {
                                // the path in the mode (`'>/dev/null'`) or
                                // the literal after it (`'>', '/dev/null'`)
                                let path = s.trim_start_matches(['+', '<', '>', '&']).trim();
                                let no_file = if path.is_empty() {
                                    is_punct(stmt.get(k + 1), ',')
                                        && matches!(stmt.get(k + 2), Some(Tok::Str(p)) if is_no_file(p))
                                        && !is_punct(stmt.get(k + 3), '.')
                                } else {
                                    is_no_file(path)
                                };
                                if !no_file {
                                    f.writes.push("opens a file for writing".into());
                                }
                            } else if let Some(c) =
                                s.strip_prefix('|').or_else(|| s.strip_suffix('|'))
                            {
                                f.shell.push(c.trim().to_string());
                            }
                        }
                        if stmt.iter().any(|t| matches!(t, Tok::Ident(x) if matches!(x.as_str(), "O_WRONLY" | "O_RDWR" | "O_CREAT"))) {
                            f.writes.push("opens a file for writing".into());
                        }
                    }
                    "unlink" | "rename" | "mkdir" | "rmdir" | "symlink" | "link" | "chmod"
                    | "chown" | "truncate" | "utime" | "copy" | "move" | "make_path" | "mkpath"
                    | "remove_tree" | "rmtree" | "write_file" | "spew" | "spew_utf8"
                    | "write_text" | "edit_file" | "edit_file_lines" => {
                        f.writes.push(format!("writes files ({name})"));
                    }
                    "system" | "exec" | "qx" => {
                        let cmd = strings(stmt);
                        if !cmd.is_empty() {
                            f.shell.push(cmd);
                        }
                    }
                    _ => {}
                }
            }
            // `$^I = ''`: in-place editing switched on from code.
            Tok::Punct('$')
                if is_punct(toks.get(i + 1), '^') && ident(toks.get(i + 2)) == Some("I") =>
            {
                f.writes.push("edits files in place ($^I)".into());
            }
            _ => {}
        }
    }
}

fn ruby(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        let dotted_from =
            |o: &str| i >= 2 && is_punct(toks.get(i - 1), '.') && ident(toks.get(i - 2)) == Some(o);
        let next_args = || {
            if is_punct(toks.get(i + 1), '(') {
                call_args(toks, i + 1)
            } else {
                // `File.open "x", "w"`: arguments up to the end of the line's tokens
                let end = toks[i + 1..]
                    .iter()
                    .position(|t| {
                        matches!(t, Tok::Punct(';' | '{' | ')'))
                            || matches!(t, Tok::Ident(d) if d == "do")
                    })
                    .map_or(toks.len(), |k| i + 1 + k);
                toks[i + 1..end].split(|t| *t == Tok::Punct(',')).collect()
            }
        };
        let n = name.as_str();
        let write = if dotted_from("File") || dotted_from("IO") || dotted_from("Pathname") {
            match n {
                "write" | "binwrite" => !first_no_file(&next_args()),
                "delete" | "unlink" | "rename" | "symlink" | "link" | "chmod" | "chown"
                | "truncate" | "utime" | "mkfifo" | "lchmod" | "lchown" => true,
                "open" | "new" | "sysopen" => {
                    let args = next_args();
                    mode_arg(&args, &[1]) && !first_no_file(&args)
                }
                _ => false,
            }
        } else if dotted_from("FileUtils") {
            !matches!(
                n,
                "pwd" | "compare_file" | "cmp" | "identical" | "uptodate" | "compare_stream"
            )
        } else if dotted_from("Dir") {
            matches!(n, "mkdir" | "rmdir" | "delete" | "unlink")
        } else {
            if matches!(n, "system" | "exec" | "spawn")
                && !(i > 0 && is_punct(toks.get(i - 1), '.'))
            {
                f.run_shell(&next_args());
            }
            false
        };
        if write {
            f.writes.push(format!("writes files ({n})"));
        }
    }
}

/// Elixir: `File.write!(…)`, `File.rm_rf(…)`, `File.open(p, [:write])`,
/// `System.cmd("rm", […])`, `:os.cmd('…')`.
fn elixir(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        let (dotted, owner) = receiver(toks, i);
        if !dotted {
            continue;
        }
        // `write!(`: the bang is part of the name
        let open = if is_punct(toks.get(i + 1), '!') {
            i + 2
        } else {
            i + 1
        };
        let args = if is_punct(toks.get(open), '(') {
            call_args(toks, open)
        } else {
            toks[open.min(toks.len())..]
                .split(|t| *t == Tok::Punct(','))
                .collect()
        };
        let n = name.as_str();
        let write = match owner {
            Some("File") => match n {
                "write" | "rm" | "rm_rf" | "rmdir" | "mkdir" | "mkdir_p" | "cp" | "cp_r"
                | "copy" | "rename" | "touch" | "ln" | "ln_s" | "chmod" | "chown" | "chgrp"
                | "write_stat" | "touch_dir" => true,
                // modes are atoms: `[:write]`, `[:append, :utf8]`
                "open" | "stream" => args.iter().skip(1).any(|a| {
                    a.iter().any(|t| {
                        matches!(t, Tok::Ident(m) if matches!(m.as_str(), "write" | "append" | "exclusive"))
                    })
                }),
                _ => false,
            },
            Some("Generator") => matches!(n, "create_file" | "copy_file" | "create_directory"),
            Some("System") => {
                match n {
                    "cmd" => f.run_shell(&args[..args.len().min(2)]),
                    "shell" => f.run_shell(&args[..args.len().min(1)]),
                    _ => {}
                }
                false
            }
            Some("os") if n == "cmd" => {
                f.run_shell(&args[..args.len().min(1)]);
                false
            }
            _ => false,
        };
        if write {
            f.writes.push(format!("writes files ({n})"));
        }
    }
}

fn php(toks: &[Tok], f: &mut Findings) {
    // a Phar archive opened (`new Phar(FILE)`, `new PharData(FILE)`) and
    // a method that writes it or extracts it (`->buildFromDirectory(…)`)
    let (mut phar, mut phar_change) = (false, false);
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        if is_punct(toks.get(i + 1), '(') {
            match name.as_str() {
                "Phar" | "PharData" if i > 0 && ident(toks.get(i - 1)) == Some("new") => {
                    phar = true
                }
                "buildFromDirectory"
                | "buildFromIterator"
                | "addFile"
                | "addFromString"
                | "addEmptyDir"
                | "setStub"
                | "setDefaultStub"
                | "extractTo"
                | "compress"
                | "decompress"
                | "compressFiles"
                | "decompressFiles"
                | "convertToExecutable"
                | "convertToData"
                | "setMetadata"
                | "delMetadata"
                | "setSignatureAlgorithm"
                | "delete"
                | "offsetSet"
                | "offsetUnset"
                    if i > 1
                        && is_punct(toks.get(i - 1), '>')
                        && is_punct(toks.get(i - 2), '-') =>
                {
                    phar_change = true
                }
                _ => {}
            }
        }
        if !is_punct(toks.get(i + 1), '(')
            || (i > 0 && matches!(toks.get(i - 1), Some(Tok::Punct('$' | '>'))))
        {
            continue;
        }
        let args = call_args(toks, i + 1);
        let n = name.as_str();
        let write = match n {
            "file_put_contents" => !first_no_file(&args),
            "unlink" | "rename" | "mkdir" | "rmdir" | "copy" | "touch" | "chmod" | "chown"
            | "symlink" | "link" | "tempnam" | "move_uploaded_file" => true,
            "fopen" | "gzopen" => mode_arg(&args, &[1]) && !first_no_file(&args),
            "system" | "exec" | "shell_exec" | "passthru" | "popen" | "proc_open" => {
                f.run_shell(&args[..args.len().min(1)]);
                false
            }
            _ => false,
        };
        if write {
            f.writes.push(format!("writes files ({n})"));
        }
    }
    if phar && phar_change {
        f.writes.push("writes a Phar archive".into());
    }
}

fn lua(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        if !is_punct(toks.get(i + 1), '(') {
            continue;
        }
        let (dotted, owner) = receiver(toks, i);
        let args = call_args(toks, i + 1);
        let write = match (owner, name.as_str()) {
            (Some("io"), "open") => mode_arg(&args, &[1]),
            // `io.output("f")` makes a file the default output; `io.output()` reads it.
            (Some("io"), "output") => matches!(args.first(), Some([Tok::Str(_)])),
            (Some("os"), "remove" | "rename") => true,
            (Some("lfs"), "mkdir" | "rmdir" | "touch" | "link") => true,
            (Some("os"), "execute") | (Some("io"), "popen") => {
                f.run_shell(&args[..args.len().min(1)]);
                false
            }
            _ => false,
        };
        if write && dotted {
            f.writes.push(format!("writes files ({name})"));
        }
    }
}

/// Julia: files written (`write("f", x)`, `open("f", "w")`, `rm`, `mv`,
/// `mkpath`, …), packages and registries changed (`Pkg.add`, `pkg"add X"`,
/// `Pkg.Registry.update`), sources rewritten (JuliaFormatter's `format`
/// and `format_file` unless `overwrite=false`, Documenter's `doctest(…;
/// fix=true)` and `makedocs(…, doctest=:fix)`), and commands run
/// (`` run(`cmd`) ``: the backtick string).
fn julia(toks: &[Tok], f: &mut Findings) {
    let formatter = toks
        .iter()
        .any(|t| matches!(t, Tok::Ident(n) if n == "JuliaFormatter"));
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        let name = name.as_str();
        // `pkg"add DataFrames"`: the Pkg REPL mode as a string macro
        if name == "pkg"
            && let Some(Tok::Str(cmd)) = toks.get(i + 1)
        {
            if cmd.split_whitespace().next().is_some_and(is_pkg_change) {
                f.writes.push("changes the project's packages (Pkg)".into());
            }
            continue;
        }
        if !is_punct(toks.get(i + 1), '(') {
            continue;
        }
        let (_, owner) = receiver(toks, i);
        let args = call_args(toks, i + 1);
        let write = match (owner, name) {
            (Some("Pkg"), n) => is_pkg_change(n),
            (Some("Registry"), "add" | "rm" | "remove" | "update" | "up") => true,
            (None | Some("JuliaFormatter"), "format" | "format_file") if formatter => {
                !julia_keyword(&args, &["overwrite", "=", "false"])
            }
            (None | Some("Documenter"), "doctest") => julia_keyword(&args, &["fix", "=", "true"]),
            (None | Some("Documenter"), "makedocs") => {
                julia_keyword(&args, &["doctest", "=", ":", "fix"])
            }
            (_, "open") => mode_arg(&args, &[1]),
            // `write(path, x)`; `write(io, x)` writes to a stream already open
            (_, "write" | "serialize" | "save" | "writedlm") => {
                matches!(args.first(), Some([Tok::Str(_), ..]))
            }
            (_, "download") => args.len() >= 2,
            (
                None,
                "rm" | "mv" | "cp" | "mkdir" | "mkpath" | "touch" | "symlink" | "hardlink"
                | "chmod" | "chown" | "mktempdir" | "mktemp" | "cptree",
            ) => true,
            _ => false,
        };
        if write {
            f.writes.push(if owner == Some("Registry") {
                "changes the package registries (Pkg.Registry)".to_string()
            } else if owner == Some("Pkg") {
                "changes the project's packages (Pkg)".to_string()
            } else {
                format!("writes files ({name})")
            });
        }
    }
}

/// Does a call's argument list hold this run of tokens (identifiers and
/// punctuation, as text): a keyword argument (`fix=true`, after a `;` too)?
fn julia_keyword(args: &[&[Tok]], run: &[&str]) -> bool {
    args.iter().any(|a| {
        a.windows(run.len()).any(|w| {
            w.iter().zip(run).all(|(t, r)| match t {
                Tok::Ident(n) => n == r,
                Tok::Punct(c) => r.len() == 1 && r.starts_with(*c),
                _ => false,
            })
        })
    })
}

/// A `Pkg` function or Pkg REPL command that changes Project.toml,
/// Manifest.toml or the depot.
fn is_pkg_change(n: &str) -> bool {
    matches!(
        n,
        "add"
            | "rm"
            | "remove"
            | "update"
            | "up"
            | "instantiate"
            | "develop"
            | "dev"
            | "pin"
            | "free"
            | "build"
            | "gc"
            | "generate"
            | "resolve"
            | "compat"
            | "upgrade_manifest"
    )
}

/// MATLAB and Octave (`matlab -batch`, `octave --eval`): files written
/// (`save`, `writematrix`, `csvwrite`, `exportgraphics`, `print` to a file,
/// `fopen(f, 'w')`, `delete` of a file, `mkdir`, …), packages and add-ons
/// installed (`pkg install`, `matlab.addons.install`, `packageToolbox`), in
/// call syntax (`save('f.mat')`) and command syntax (`save f.mat`); and
/// shell commands run (`system('…')`, `!…`).
fn matlab(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        let name = name.as_str();
        let (dotted, owner) = receiver(toks, i);
        let call = is_punct(toks.get(i + 1), '(');
        // command syntax: a name starting a statement, its words up to the
        // statement's end (`save out.mat`, `pkg install -forge signal`)
        let start = i == 0 || matches!(toks.get(i - 1), Some(Tok::Punct(';' | ',')));
        let command = start && !dotted;
        if !(call || command) || matches!(toks.get(i + 1), Some(Tok::Punct('='))) {
            continue;
        }
        let args = if call {
            call_args(toks, i + 1)
        } else {
            let rest = &toks[i + 1..];
            let end = rest
                .iter()
                .position(|t| matches!(t, Tok::Punct(';' | ',')))
                .unwrap_or(rest.len());
            rest[..end].chunks(1).collect()
        };
        // the first word or string argument
        let first = match args.first() {
            Some([Tok::Str(s)] | [Tok::Ident(s)]) => Some(s.as_str()),
            _ => None,
        };
        let write = match (owner, name) {
            (Some("toolbox"), "packageToolbox" | "installToolbox" | "uninstallToolbox") => true,
            (Some("addons"), "install" | "uninstall") => true,
            _ if dotted => false,
            (_, "system" | "unix" | "dos") if call => {
                f.run_shell(&args[..args.len().min(1)]);
                false
            }
            (
                _,
                "save" | "csvwrite" | "dlmwrite" | "writematrix" | "writetable" | "writecell"
                | "writetimetable" | "writestruct" | "writelines" | "xlswrite" | "imwrite"
                | "audiowrite" | "exportgraphics" | "exportapp" | "saveas" | "savefig" | "hgsave"
                | "mkdir" | "rmdir" | "movefile" | "copyfile" | "unlink" | "rename" | "websave"
                | "urlwrite" | "zip" | "unzip" | "tar" | "untar" | "gzip" | "gunzip" | "h5create"
                | "h5write" | "h5writeatt" | "nccreate" | "ncwrite" | "ncwriteatt" | "publish",
            ) => true,
            // to a file named (`print('-dpng', 'f.png')`, `print -dpng f`),
            // not to the printer
            (_, "print") => args.iter().enumerate().any(|(k, a)| match a {
                [Tok::Str(s)] => !s.starts_with('-'),
                [Tok::Ident(_)] => !call && (k == 0 || args[k - 1] != [Tok::Punct('-')]),
                _ => false,
            }),
            // a file (`delete('x.mat')`), not a graphics object (`delete(h)`)
            (_, "delete") => {
                !call
                    || args
                        .iter()
                        .flat_map(|a| a.iter())
                        .any(|t| matches!(t, Tok::Str(_)))
            }
            (_, "fopen") => {
                matches!(args.get(1), Some([Tok::Str(m)]) if m.contains(['w', 'W', 'a', 'A', '+']))
            }
            (_, "diary") => first != Some("off"),
            (_, "pkg") => matches!(
                first,
                Some("install" | "uninstall" | "update" | "build" | "rebuild")
            ),
            _ => false,
        };
        if write {
            f.writes.push(if name == "pkg" || owner.is_some() {
                format!("installs packages ({name})")
            } else {
                format!("writes files ({name})")
            });
        }
    }
}

/// Does an R call pass `name = "…"` (a string) among its arguments?
fn named_string(args: &[&[Tok]], name: &str) -> bool {
    args.iter().any(|a| {
        matches!(a, [Tok::Ident(k), Tok::Punct('='), Tok::Str(v), ..] if k == name && !v.is_empty())
            || matches!(a, [Tok::Ident(k), Tok::Punct('='), Tok::Ident(_), ..] if k == name)
    })
}

fn r(toks: &[Tok], f: &mut Findings) {
    for (i, t) in toks.iter().enumerate() {
        let Tok::Ident(name) = t else { continue };
        if !is_punct(toks.get(i + 1), '(') {
            continue;
        }
        // `$` and `@` access a member: `x$write(…)` is not `write(…)`.
        if i > 0 && matches!(toks.get(i - 1), Some(Tok::Punct('$' | '@'))) {
            continue;
        }
        let args = call_args(toks, i + 1);
        let n = name.as_str();
        // `renv::init()`: the function's package
        let pkg = if i >= 3 && is_punct(toks.get(i - 1), ':') && is_punct(toks.get(i - 2), ':') {
            ident(toks.get(i - 3))
        } else {
            None
        };
        let write = match n {
            // renv's project library and lock file
            "init" | "hydrate" | "activate" | "deactivate" | "update" | "record" | "rebuild"
            | "upgrade" | "isolate" | "purge"
                if pkg == Some("renv") =>
            {
                true
            }
            // usethis: `use_mit_license()`, `use_test()`, … write project
            // files (not reticulate's `use_python()`: it picks a Python)
            _ if n.starts_with("use_")
                && pkg != Some("reticulate")
                && !matches!(
                    n,
                    "use_python" | "use_virtualenv" | "use_condaenv" | "use_miniconda"
                ) =>
            {
                true
            }
            "writeLines" | "writeBin" | "writeChar" | "write" => {
                args.len() >= 2 || named_string(&args, "con") || named_string(&args, "file")
            }
            "cat" | "print.to" | "capture.output" => named_string(&args, "file"),
            "sink" => {
                !args.is_empty() && !matches!(args.first(), Some([Tok::Ident(x)]) if x == "NULL")
            }
            "file" | "gzfile" | "bzfile" | "xzfile" | "url" => mode_arg(&args, &[1]),
            "write.csv" | "write.csv2" | "write.table" | "write.dcf" | "saveRDS" | "save"
            | "save.image" | "dput" | "dump" | "file.create" | "file.remove" | "file.rename"
            | "file.copy" | "file.append" | "file.symlink" | "file.link" | "unlink"
            | "dir.create" | "download.file" | "install.packages" | "remove.packages"
            | "update.packages" | "Sys.chmod" | "Sys.setFileTime" | "ggsave" | "write_csv"
            | "write_tsv" | "write_delim" | "write_rds" | "write_lines" | "write_file"
            | "fwrite" | "write_xlsx" | "write.xlsx" | "write_json" | "write_yaml"
            | "write_parquet" | "write_feather" | "png" | "pdf" | "jpeg" | "svg" | "tiff"
            | "bmp" | "postscript" | "install_github" | "install_cran" | "install_deps"
            | "document" | "roxygenise" | "roxygenize" | "snapshot" | "restore" | "knit"
            | "purl" | "render" | "create_package" | "tar" | "untar" | "unzip" | "zip" => true,
            // styler rewrites files unless `dry = "on"` (only report) or
            // `"fail"` (stop instead of writing)
            "style_file" | "style_dir" | "style_pkg" => !args.iter().any(|a| {
                matches!(a, [Tok::Ident(k), Tok::Punct('='), Tok::Str(v)]
                    if k == "dry" && matches!(v.as_str(), "on" | "fail"))
            }),
            // testthat's accepted snapshots (`_snaps/`); devtools rendering
            // README.Rmd and other R Markdown files
            "snapshot_accept" | "build_readme" | "build_rmd" => true,
            // desc: DESCRIPTION edited (`desc_set_version`, `desc_bump_version`,
            // `desc_add_author`, `desc_del_dep`, …); `desc_get*` only read
            _ if n.strip_prefix("desc_").is_some_and(|rest| {
                matches!(
                    rest.split('_').next(),
                    Some(
                        "set"
                            | "add"
                            | "del"
                            | "bump"
                            | "normalize"
                            | "reformat"
                            | "reorder"
                            | "clear"
                            | "coerce"
                    )
                )
            }) =>
            {
                true
            }
            // covr's HTML report (into a temporary directory unless `file =`)
            // and coverage files for other tools
            "report" => pkg == Some("covr") || named_string(&args, "file"),
            "to_cobertura" | "to_sonarqube" => true,
            "install" => true,
            "system" | "system2" | "shell" => {
                f.run_shell(&args[..args.len().min(if n == "system2" { 2 } else { 1 })]);
                false
            }
            _ => false,
        };
        if write {
            f.writes.push(format!("writes files ({n})"));
        }
    }
}

/// Does Emacs Lisp code (an `--eval` form or a `-f` function name) name
/// something that writes files: saving, writing, deleting, renaming,
/// copying, exporting, tangling, compiling, installing packages, running a
/// process? Read as text, strings included (`(funcall (intern "save-…"))`):
/// a word that only looks like one counts too.
pub(crate) fn elisp_writes(code: &str) -> bool {
    let code = code.to_ascii_lowercase();
    [
        "write",
        "save",
        "delete-file",
        "delete-directory",
        "rename-file",
        "copy-file",
        "copy-directory",
        "make-directory",
        "make-symbolic-link",
        "add-name-to-file",
        "with-temp-file",
        "append-to-file",
        "set-file-",
        "tangle",
        "export",
        "compile",
        "install",
        "package-refresh",
        "package-upgrade",
        "package-delete",
        "package-vc",
        "shell-command",
        "process",
        "publish",
        "url-copy",
        "dired-do-",
        "recover",
        "make-empty-file",
        "make-temp-file",
        "create-directory",
        "trash",
        "babel-execute",
        "htmlize",
    ]
    .iter()
    .any(|w| code.contains(w))
}

/// Does Emacs Lisp code run what is only known at run time: a function
/// named by a string (`(funcall (intern …))`), code read from text, a
/// file it loads?
pub(crate) fn elisp_runs_unseen(code: &str) -> bool {
    let code = code.to_ascii_lowercase();
    [
        "(intern",
        "(funcall",
        "(apply",
        "(eval",
        "(read",
        "(load",
        "(symbol-function",
        "(command-execute",
        "(call-interactively",
        "(execute-kbd-macro",
    ]
    .iter()
    .any(|w| code.contains(w))
}

/// Erlang code (`erl -eval`): calls of the `file` and `filelib` modules
/// that write (`file:write_file`, `file:delete`, `file:open(F, [write])`,
/// …), archives created or unpacked, and the shell commands `os:cmd("…")`
/// runs. Read by the text of its calls, as Emacs Lisp is.
pub(crate) fn scan_erlang(src: &str) -> Findings {
    let mut f = Findings::default();
    let code: String = src.split_whitespace().collect();
    for call in [
        "file:write_file(",
        "file:write_file_info(",
        "file:delete(",
        "file:del_dir(",
        "file:del_dir_r(",
        "file:make_dir(",
        "file:rename(",
        "file:copy(",
        "file:make_link(",
        "file:make_symlink(",
        "file:change_mode(",
        "file:change_owner(",
        "file:change_time(",
        "filelib:ensure_dir(",
        "filelib:ensure_path(",
        "erl_tar:create(",
        "erl_tar:extract(",
        "zip:create(",
        "zip:zip(",
        "zip:unzip(",
        "zip:extract(",
    ] {
        if code.contains(call) {
            f.writes
                .push(format!("writes files ({})", call.trim_end_matches('(')));
        }
    }
    // `file:open(F, [write])`: a mode list that writes
    if code.contains("file:open(")
        && ["write", "append", "exclusive"]
            .iter()
            .any(|m| code.contains(&format!("[{m}")) || code.contains(&format!(",{m}")))
    {
        f.writes.push("opens a file for writing (file:open)".into());
    }
    let mut rest = src;
    while let Some(k) = rest.find("os:cmd(") {
        rest = rest[k + "os:cmd(".len()..].trim_start();
        if let Some(cmd) = rest.strip_prefix('"') {
            let end = cmd.find('"').unwrap_or(cmd.len());
            f.shell.push(cmd[..end].to_string());
        }
    }
    f
}

/// Haskell code (`ghc -e`): calls that write files (`writeFile`,
/// `appendFile`, `removeFile`, `createDirectoryIfMissing`, … qualified or
/// not: `T.writeFile`), a handle opened for writing (`WriteMode`,
/// `AppendMode`, `ReadWriteMode`), and the shell commands `callCommand`,
/// `system`, `spawnCommand` run, and the commands `callProcess`,
/// `rawSystem`, `readProcess`, `proc` run (the name and the strings of
/// its list, joined by spaces). Strings and comments are not names. A
/// GHCi command: `:! CMD` runs a shell command; `:t`, `:i`, `:k`,
/// `:browse`, `:doc` only show what a name is.
pub(crate) fn scan_haskell(src: &str) -> Findings {
    let mut f = Findings::default();
    if let Some(cmd) = src.trim_start().strip_prefix(":!") {
        f.shell.push(cmd.to_string());
        return f;
    }
    if let Some(c) = src.trim_start().strip_prefix(':')
        && matches!(
            c.split_whitespace().next(),
            Some("t" | "type" | "i" | "info" | "k" | "kind" | "browse" | "doc")
        )
    {
        return f;
    }
    #[derive(PartialEq)]
    enum T {
        Name(String),
        Str(String),
        Punct(char),
    }
    let s: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        let next = s.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '-' && next == Some('-') {
            while s.get(i).is_some_and(|&c| c != '\n') {
                i += 1;
            }
        } else if c == '{' && next == Some('-') {
            i += 2;
            while i < s.len() && !(s[i] == '-' && s.get(i + 1) == Some(&'}')) {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            let mut text = String::new();
            i += 1;
            while let Some(&d) = s.get(i) {
                i += 1;
                match d {
                    '"' => break,
                    '\\' => {
                        if let Some(&e) = s.get(i) {
                            text.push(if e == 'n' { '\n' } else { e });
                        }
                        i += 1;
                    }
                    _ => text.push(d),
                }
            }
            toks.push(T::Str(text));
        } else if c == '\'' {
            // a character literal: `'x'`, `'\n'`
            i += 1;
            while s.get(i).is_some_and(|&d| d != '\'' && d != '\n') {
                i += if s[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            // `Data.Text.IO.writeFile`: the last part names the function
            let mut name = String::new();
            while let Some(&d) = s.get(i) {
                if d.is_alphanumeric() || d == '_' || d == '\'' {
                    name.push(d);
                } else if d == '.' && s.get(i + 1).is_some_and(|e| e.is_alphabetic() || *e == '_') {
                    name.clear();
                } else {
                    break;
                }
                i += 1;
            }
            toks.push(T::Name(name));
        } else {
            toks.push(T::Punct(c));
            i += 1;
        }
    }
    for (k, t) in toks.iter().enumerate() {
        let T::Name(n) = t else { continue };
        match n.as_str() {
            "writeFile"
            | "appendFile"
            | "encodeFile"
            | "removeFile"
            | "removeDirectory"
            | "removeDirectoryRecursive"
            | "removePathForcibly"
            | "renameFile"
            | "renameDirectory"
            | "renamePath"
            | "copyFile"
            | "copyFileWithMetadata"
            | "createDirectory"
            | "createDirectoryIfMissing"
            | "createFileLink"
            | "createDirectoryLink"
            | "setPermissions"
            | "setModificationTime"
            | "setAccessTime" => f.writes.push(format!("writes files ({n})")),
            "WriteMode" | "AppendMode" | "ReadWriteMode" => {
                f.writes.push(format!("opens a file for writing ({n})"));
            }
            "callCommand"
            | "system"
            | "spawnCommand"
            | "shell"
            | "callProcess"
            | "rawSystem"
            | "readProcess"
            | "readProcessWithExitCode"
            | "readCreateProcess"
            | "proc"
            | "spawnProcess" => {
                // `callCommand $ "…"`: past a `$`
                let mut j = k + 1;
                if toks.get(j) == Some(&T::Punct('$')) {
                    j += 1;
                }
                let Some(T::Str(cmd)) = toks.get(j) else {
                    continue;
                };
                let mut line = cmd.clone();
                if !matches!(
                    n.as_str(),
                    "callCommand" | "system" | "spawnCommand" | "shell"
                ) && toks.get(j + 1) == Some(&T::Punct('['))
                {
                    for t in &toks[j + 2..] {
                        match t {
                            T::Str(a) => {
                                line.push(' ');
                                line.push_str(a);
                            }
                            T::Punct(']') => break,
                            _ => {}
                        }
                    }
                }
                f.shell.push(line);
            }
            _ => {}
        }
    }
    f.writes.dedup();
    f
}

/// Clojure code (`clojure -e`, `bb -e`): forms whose function writes
/// (`spit`, `io/delete-file`, `io/copy`, babashka's `fs/delete`,
/// `fs/write-lines`, …) and the commands `sh`, `shell` and `process` run
/// (their string arguments, joined by spaces).
pub(crate) fn scan_clojure(src: &str) -> Findings {
    let mut f = Findings::default();
    // tokens: `(`, `)`, symbols, strings; `;` comments and `\c` characters
    // skipped
    #[derive(PartialEq)]
    enum T {
        Open,
        Close,
        Sym(String),
        Str(String),
    }
    let mut toks = Vec::new();
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' => toks.push(T::Open),
            ')' => toks.push(T::Close),
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '\\' => {
                chars.next();
            }
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                s.push(e);
                            }
                        }
                        c => s.push(c),
                    }
                }
                toks.push(T::Str(s));
            }
            c if c.is_whitespace()
                || matches!(c, '[' | ']' | '{' | '}' | ',' | '\'' | '@' | '#' | '^') => {}
            c => {
                let mut s = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace()
                        || matches!(n, '(' | ')' | '[' | ']' | '{' | '}' | '"' | ',' | ';')
                    {
                        break;
                    }
                    s.push(n);
                    chars.next();
                }
                toks.push(T::Sym(s));
            }
        }
    }
    for (i, t) in toks.iter().enumerate() {
        if *t != T::Open {
            continue;
        }
        let Some(T::Sym(head)) = toks.get(i + 1) else {
            continue;
        };
        let (ns, name) = head.rsplit_once('/').unwrap_or(("", head.as_str()));
        let io = matches!(ns, "io" | "clojure.java.io");
        let fs = matches!(ns, "fs" | "babashka.fs");
        let write = match name {
            "spit" | "delete-file" | "make-parents" => true,
            "copy" | "writer" | "output-stream" => io || fs,
            "delete"
            | "delete-tree"
            | "delete-if-exists"
            | "delete-on-exit"
            | "copy-tree"
            | "create-dir"
            | "create-dirs"
            | "create-file"
            | "create-link"
            | "create-sym-link"
            | "create-temp-dir"
            | "create-temp-file"
            | "move"
            | "write-bytes"
            | "write-lines"
            | "update-file"
            | "set-posix-file-permissions"
            | "set-last-modified-time"
            | "set-attribute"
            | "gzip"
            | "gunzip"
            | "zip"
            | "unzip" => fs,
            "sh" | "shell" | "process" | "exec" => {
                // the command's words: the strings up to the form's end
                let cmd: Vec<&str> = toks[i + 2..]
                    .iter()
                    .take_while(|t| **t != T::Close && **t != T::Open)
                    .filter_map(|t| match t {
                        T::Str(s) => Some(s.as_str()),
                        _ => None,
                    })
                    .collect();
                if !cmd.is_empty() {
                    f.shell.push(cmd.join(" "));
                }
                false
            }
            _ => false,
        };
        if write {
            f.writes.push(format!("writes files ({head})"));
        }
    }
    f.writes.dedup();
    f
}

/// Tcl code (`tclsh`, `wish`, `expect`): `open F w|a|r+|{WRONLY …}`,
/// `file delete|copy|rename|mkdir|link|tempfile`, `file attributes|mtime`
/// that set, and the commands `exec`, `spawn` and `open "|cmd"` run.
/// Braced words (bodies of `if`, `proc`, `foreach`, …) are scanned as code
/// too, and so are the scripts `eval`, `uplevel`, `catch`, `after` and
/// `time` run: data in braces that reads like a writing command counts.
pub(crate) fn scan_tcl(src: &str) -> Findings {
    let chars: Vec<char> = src.chars().collect();
    let mut f = Findings::default();
    // every level of braces reads its text again, and `eval {…}` twice:
    // the characters read are bounded, or nested `eval`s take 2^depth
    let mut budget = chars
        .len()
        .saturating_mul(TCL_DEPTH + 2)
        .saturating_add(4096);
    tcl_scan(&chars, 0, false, &mut budget, &mut f);
    f.writes.dedup();
    f
}

/// Deeper than this, Tcl code is not read.
const TCL_DEPTH: usize = 40;

/// `braced`: the text of a braced word, read as code though it may be an
/// expression or data (`if {$x > 0}`).
fn tcl_scan(s: &[char], depth: usize, braced: bool, budget: &mut usize, f: &mut Findings) {
    if depth > TCL_DEPTH {
        f.runtime
            .get_or_insert_with(|| "Tcl code nested too deep to read".into());
        return;
    }
    let Some(left) = budget.checked_sub(s.len()) else {
        f.runtime
            .get_or_insert_with(|| "Tcl code that reads itself too often to follow".into());
        return;
    };
    *budget = left;
    let mut cmds = Vec::new();
    let mut i = 0;
    tcl_script(s, &mut i, None, depth, budget, &mut cmds, f);
    for words in &cmds {
        tcl_command(words, depth, braced, budget, f);
    }
}

/// The commands of a Tcl script from `s[*i]` to `close` (`]` of a command
/// substitution) or the end, into `cmds`; braced words and command
/// substitutions are scanned as code of their own.
fn tcl_script(
    s: &[char],
    i: &mut usize,
    close: Option<char>,
    depth: usize,
    budget: &mut usize,
    cmds: &mut Vec<Vec<String>>,
    f: &mut Findings,
) {
    let mut words: Vec<String> = Vec::new();
    while let Some(&c) = s.get(*i) {
        if Some(c) == close {
            *i += 1;
            break;
        }
        match c {
            '\n' | ';' => {
                *i += 1;
                if !words.is_empty() {
                    cmds.push(std::mem::take(&mut words));
                }
            }
            c if c.is_whitespace() => *i += 1,
            '\\' if s.get(*i + 1) == Some(&'\n') => *i += 2,
            '#' if words.is_empty() => {
                while s.get(*i).is_some_and(|&d| d != '\n') {
                    *i += 1;
                }
            }
            '{' => {
                let start = *i + 1;
                let mut level = 0usize;
                while let Some(&d) = s.get(*i) {
                    match d {
                        '\\' => *i += 1,
                        '{' => level += 1,
                        '}' => {
                            level -= 1;
                            if level == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    *i += 1;
                }
                let end = (*i).min(s.len());
                *i += 1;
                let body = &s[start.min(end)..end];
                tcl_scan(body, depth + 1, true, budget, f);
                words.push(body.iter().collect());
            }
            _ => {
                // a bare or quoted word, with command substitutions in it
                let quoted = c == '"';
                if quoted {
                    *i += 1;
                }
                let mut w = String::new();
                while let Some(&d) = s.get(*i) {
                    if quoted && d == '"' {
                        *i += 1;
                        break;
                    }
                    if !quoted && (d.is_whitespace() || d == ';' || Some(d) == close) {
                        break;
                    }
                    match d {
                        '\\' => {
                            w.extend(s.get(*i + 1));
                            *i += 2;
                        }
                        '[' => {
                            *i += 1;
                            if depth + 1 > TCL_DEPTH {
                                f.runtime.get_or_insert_with(|| {
                                    "Tcl code nested too deep to read".into()
                                });
                                return;
                            }
                            let mut inner = Vec::new();
                            tcl_script(s, i, Some(']'), depth + 1, budget, &mut inner, f);
                            for cmd in &inner {
                                tcl_command(cmd, depth + 1, false, budget, f);
                            }
                            w.push_str("[…]");
                        }
                        _ => {
                            w.push(d);
                            *i += 1;
                        }
                    }
                }
                words.push(w);
            }
        }
    }
    if !words.is_empty() {
        cmds.push(words);
    }
}

/// What one Tcl command does that matters here.
fn tcl_command(words: &[String], depth: usize, braced: bool, budget: &mut usize, f: &mut Findings) {
    let Some(first) = words.first() else { return };
    // `::file`, `tcl::file::delete`: the same commands by their full names
    let name = first.trim_start_matches("::");
    if let Some(sub) = name.strip_prefix("tcl::file::") {
        let mut w = vec!["file".to_string(), sub.to_string()];
        w.extend(words[1..].iter().cloned());
        return tcl_command(&w, depth, braced, budget, f);
    }
    // a command named at run time: `$f delete x`, `[…] x`, `{*}$cmd`; in
    // braces only when followed by a word, not an operator (`{$x > 0}`,
    // `{[file exists f]}` are expressions)
    let operand = |w: &String| {
        w.starts_with(|c: char| c.is_ascii_alphabetic())
            && !matches!(
                w.as_str(),
                "eq" | "ne" | "in" | "ni" | "lt" | "le" | "gt" | "ge"
            )
    };
    if name == "*"
        || (name.starts_with(['$', '[']) && (!braced || words.get(1).is_some_and(operand)))
    {
        f.runtime
            .get_or_insert_with(|| "a Tcl command named at run time".into());
        return;
    }
    let arg = |k: usize| words.get(k).map(String::as_str).unwrap_or("");
    match name {
        "open" => {
            if let Some(cmd) = arg(1).strip_prefix('|') {
                f.shell.push(cmd.trim().to_string());
            } else if let Some(mode) = words.get(2) {
                let access = mode
                    .split_whitespace()
                    .any(|m| matches!(m, "WRONLY" | "RDWR" | "CREAT" | "APPEND" | "TRUNC"));
                // a mode only known at run time counts
                if access
                    || mode.starts_with(['$', '['])
                    || (!mode.is_empty()
                        && mode.len() <= 3
                        && mode.chars().all(|c| "rwab+".contains(c))
                        && mode.contains(['w', 'a', '+']))
                {
                    f.writes.push("opens a file for writing".into());
                }
            }
        }
        "file" => {
            let sub = arg(1);
            // any unique prefix names a subcommand (`file del x`)
            let is = |full: &str| sub.len() >= 2 && full.starts_with(sub);
            let sets = (is("attributes") && words.len() > 4)
                || ((is("mtime") || is("atime")) && words.len() > 3);
            if sets
                || ["delete", "copy", "rename", "mkdir", "link", "tempfile"]
                    .iter()
                    .any(|s| is(s))
            {
                f.writes.push(format!("writes files (file {sub})"));
            }
        }
        "exec" | "spawn" => {
            let cmd: Vec<&str> = words[1..]
                .iter()
                .map(String::as_str)
                .skip_while(|w| w.starts_with('-') && *w != "-")
                // `>@stdout`, `2>@1`: Tcl's redirections to a channel
                .filter(|w| !w.contains(">@") && !w.contains("<@"))
                .collect();
            let cmd = cmd.join(" ");
            if !cmd.trim().is_empty() {
                f.shell.push(cmd);
            }
        }
        // their arguments are scripts (braced ones were scanned already)
        "eval" | "uplevel" | "catch" | "after" | "time" => {
            // `eval $s`: a script only known at run time
            if matches!(name, "eval" | "uplevel")
                && words[1..].iter().any(|w| w.starts_with(['$', '[']))
            {
                f.runtime
                    .get_or_insert_with(|| "a Tcl script only known at run time".into());
            }
            let code: Vec<char> = words[1..].join(" ").chars().collect();
            tcl_scan(&code, depth + 1, false, budget, f);
        }
        _ => {}
    }
}

/// PowerShell code (`pwsh -c '…'`): cmdlets and aliases that write,
/// redirections, .NET file calls, code only known at run time
/// (`Invoke-Expression`), and the external programs it runs, which are
/// returned as shell command lines to analyse like any other.
pub(crate) fn scan_pwsh(src: &str) -> Findings {
    let mut f = Findings::default();
    let lower = src.to_ascii_lowercase();
    for m in [
        "::writealltext",
        "::writealllines",
        "::writeallbytes",
        "::appendalltext",
        "::appendalllines",
        "::delete(",
        "::move(",
        "::copy(",
        "::create(",
        "::createtext(",
        "::appendtext(",
        "::createdirectory(",
        "::replace(",
        "::openwrite(",
        ".delete()",
        ".moveto(",
        ".copyto(",
        "streamwriter",
        "filestream",
    ] {
        if lower.contains(m) {
            f.writes.push(format!(
                "writes files ({})",
                m.trim_matches(['(', ')', ':', '.'])
            ));
            break;
        }
    }
    for seg in pwsh_segments(src) {
        pwsh_segment(&seg, &mut f);
    }
    f.writes.dedup();
    f
}

#[derive(Debug, PartialEq)]
enum PTok {
    Word(String),
    /// A quoted string (its text).
    Str(String),
    Op(String),
}

/// PowerShell text split into pipeline elements and statements (at `|`,
/// `;`, newlines, `&&`, `||`, braces and parentheses), each a token list.
fn pwsh_segments(src: &str) -> Vec<Vec<PTok>> {
    let s: Vec<char> = src.chars().collect();
    let mut segs = vec![Vec::new()];
    let mut i = 0;
    let split = |segs: &mut Vec<Vec<PTok>>| {
        if segs.last().is_some_and(|l| !l.is_empty()) {
            segs.push(Vec::new());
        }
    };
    while let Some(&c) = s.get(i) {
        match c {
            ' ' | '\t' | '\r' => i += 1,
            '`' if s.get(i + 1) == Some(&'\n') => i += 2,
            '#' => {
                while s.get(i).is_some_and(|&c| c != '\n') {
                    i += 1;
                }
            }
            '<' if s.get(i + 1) == Some(&'#') => {
                i += 2;
                while i < s.len() && !(s[i] == '#' && s.get(i + 1) == Some(&'>')) {
                    i += 1;
                }
                i += 2;
            }
            '\n' | ';' | '|' | '{' | '}' | '(' | ')' => {
                if c == '|' && s.get(i + 1) == Some(&'|') {
                    i += 1;
                }
                split(&mut segs);
                i += 1;
            }
            '&' if s.get(i + 1) == Some(&'&') => {
                split(&mut segs);
                i += 2;
            }
            '\'' | '"' => {
                let mut text = String::new();
                i += 1;
                while let Some(&d) = s.get(i) {
                    if d == c {
                        if s.get(i + 1) == Some(&c) {
                            text.push(c);
                            i += 2;
                            continue;
                        }
                        i += 1;
                        break;
                    }
                    if d == '`' && c == '"' {
                        if let Some(&e) = s.get(i + 1) {
                            text.push(e);
                        }
                        i += 2;
                        continue;
                    }
                    text.push(d);
                    i += 1;
                }
                if let Some(l) = segs.last_mut() {
                    l.push(PTok::Str(text));
                }
            }
            '>' | '&' | '=' | ',' => {
                let mut op = String::from(c);
                i += 1;
                while s
                    .get(i)
                    .is_some_and(|&d| d == '>' || d == '&' || (c == '>' && d == '1'))
                {
                    op.push(s[i]);
                    i += 1;
                }
                if let Some(l) = segs.last_mut() {
                    l.push(PTok::Op(op));
                }
            }
            _ => {
                let start = i;
                while s.get(i).is_some_and(|&d| {
                    let stop = matches!(
                        d,
                        ' ' | '\t'
                            | '\r'
                            | '\n'
                            | ';'
                            | '|'
                            | '{'
                            | '}'
                            | '('
                            | ')'
                            | '\''
                            | '"'
                            | '>'
                            | '&'
                            | ','
                    );
                    // `=` ends a word (`$x = …`) unless it starts one
                    !stop && (d != '=' || i == start)
                }) {
                    i += 1;
                }
                if i == start {
                    i += 1;
                    continue;
                }
                let w: String = s[start..i].iter().collect();
                // `2>`, `*>`: a redirection operator with its stream number.
                if (w.chars().all(|c| c.is_ascii_digit()) || w == "*") && s.get(i) == Some(&'>') {
                    let mut op = w;
                    while s
                        .get(i)
                        .is_some_and(|&d| d == '>' || d == '&' || d.is_ascii_digit())
                    {
                        op.push(s[i]);
                        i += 1;
                    }
                    if let Some(l) = segs.last_mut() {
                        l.push(PTok::Op(op));
                    }
                    continue;
                }
                if let Some(l) = segs.last_mut() {
                    l.push(PTok::Word(w));
                }
            }
        }
    }
    segs.retain(|s| !s.is_empty());
    segs
}

const PWSH_KEYWORDS: &[&str] = &[
    "if", "elseif", "else", "foreach", "for", "while", "do", "until", "switch", "function",
    "filter", "param", "return", "try", "catch", "finally", "throw", "begin", "process", "end",
    "trap", "break", "continue", "exit", "in", "not",
];

/// Cmdlets (lower case) and aliases that write files.
const PWSH_WRITES: &[&str] = &[
    "set-content",
    "add-content",
    "clear-content",
    "out-file",
    "new-item",
    "remove-item",
    "move-item",
    "copy-item",
    "rename-item",
    "set-item",
    "clear-item",
    "new-itemproperty",
    "set-itemproperty",
    "remove-itemproperty",
    "rename-itemproperty",
    "copy-itemproperty",
    "move-itemproperty",
    "expand-archive",
    "compress-archive",
    "start-transcript",
    "set-acl",
    "tee-object",
    "sc",
    "ac",
    "clc",
    "ni",
    "ri",
    "rm",
    "rmdir",
    "del",
    "erase",
    "rd",
    "mi",
    "mv",
    "move",
    "cpi",
    "cp",
    "copy",
    "rni",
    "ren",
    "si",
    "cli",
    "md",
    "mkdir",
    "tee",
    "epcsv",
    "epal",
];

/// Verbs whose cmdlets write files or install things.
const PWSH_WRITE_VERBS: &[&str] = &[
    "export",
    "save",
    "install",
    "uninstall",
    "update",
    "publish",
    "unpublish",
    "register",
    "unregister",
    "expand",
    "compress",
];

/// PowerShell's verbs: a `Verb-Noun` word with one of them is a cmdlet.
const PWSH_VERBS: &[&str] = &[
    "get",
    "set",
    "new",
    "remove",
    "add",
    "clear",
    "copy",
    "move",
    "rename",
    "select",
    "where",
    "foreach",
    "measure",
    "write",
    "out",
    "format",
    "sort",
    "group",
    "test",
    "resolve",
    "split",
    "join",
    "convert",
    "convertto",
    "convertfrom",
    "compare",
    "find",
    "read",
    "show",
    "start",
    "stop",
    "wait",
    "import",
    "export",
    "push",
    "pop",
    "enter",
    "exit",
    "invoke",
    "install",
    "uninstall",
    "update",
    "publish",
    "unpublish",
    "register",
    "unregister",
    "save",
    "expand",
    "compress",
    "tee",
    "trace",
    "debug",
    "use",
    "enable",
    "disable",
    "reset",
    "restore",
    "backup",
    "checkpoint",
    "mount",
    "dismount",
    "lock",
    "unlock",
    "block",
    "unblock",
    "grant",
    "revoke",
    "protect",
    "unprotect",
    "confirm",
    "approve",
    "deny",
    "initialize",
    "optimize",
    "complete",
    "edit",
    "merge",
    "sync",
    "send",
    "receive",
    "connect",
    "disconnect",
    "suspend",
    "resume",
    "request",
    "submit",
    "undo",
    "redo",
    "skip",
    "step",
    "switch",
    "limit",
    "assert",
    "deploy",
    "build",
    "close",
    "open",
    "search",
    "ping",
    "repair",
    "resize",
    "set",
];

/// Aliases and commands PowerShell itself answers without writing.
const PWSH_READS: &[&str] = &[
    "ls", "dir", "gci", "cat", "gc", "type", "echo", "write", "pwd", "gl", "cd", "sl", "chdir",
    "cls", "clear", "gps", "ps", "gsv", "sort", "select", "where", "?", "%", "foreach", "measure",
    "ft", "fl", "fw", "gm", "sleep", "h", "history", "man", "help", "gcm", "gal", "gv", "gi", "gp",
    "pushd", "popd", "irm", "iwr", "curl", "wget", "diff", "compare", "fc", "group", "kill",
    "spps", "saps", "start", "ogv", "oh", "gcb", "scb", "$null", "exit",
];

fn pwsh_segment(seg: &[PTok], f: &mut Findings) {
    let mut toks = seg;
    // `$x = Get-Content f`: what runs is on the right of the assignment.
    if let [PTok::Word(w), PTok::Op(op), rest @ ..] = toks
        && w.starts_with('$')
        && op.ends_with('=')
    {
        toks = rest;
    }
    while let Some(PTok::Word(w)) = toks.first() {
        if PWSH_KEYWORDS.contains(&w.to_ascii_lowercase().as_str()) {
            toks = &toks[1..];
        } else {
            break;
        }
    }
    // Redirections anywhere in the element.
    for (k, t) in toks.iter().enumerate() {
        if let PTok::Op(op) = t
            && op.contains('>')
            && !op.contains('&')
        {
            let target = match toks.get(k + 1) {
                Some(PTok::Word(w) | PTok::Str(w)) => w.as_str(),
                _ => "",
            };
            if !target.eq_ignore_ascii_case("$null") && !target.is_empty() {
                f.writes.push(format!("redirection to {target}"));
            }
        }
    }
    // `& cmd` and `. script` call operators.
    if let Some(PTok::Op(op)) = toks.first()
        && op == "&"
    {
        toks = &toks[1..];
    }
    if matches!(toks.first(), Some(PTok::Word(w)) if w == ".") {
        toks = &toks[1..];
    }
    let name = match toks.first() {
        Some(PTok::Word(w) | PTok::Str(w)) => w.as_str(),
        _ => return,
    };
    let lower = name.to_ascii_lowercase();
    let args = &toks[1..];
    let has_param = |p: &str| {
        args.iter().any(|t| matches!(t, PTok::Word(w) if w.len() > 1 && w.starts_with('-') && p.starts_with(&w[1..].to_ascii_lowercase())))
    };
    if name.starts_with('$') || name.starts_with('[') || name.starts_with('@') {
        if matches!(toks.first(), Some(PTok::Word(w)) if w.starts_with('$'))
            && seg.first() == Some(&PTok::Op("&".into()))
        {
            f.runtime = Some(format!(
                "the command name is only known at run time ({name})"
            ));
        }
        return;
    }
    if matches!(
        lower.as_str(),
        "invoke-expression" | "iex" | "invoke-command" | "icm"
    ) {
        f.runtime = Some(format!("the code run by {name} is only known at run time"));
        return;
    }
    if matches!(
        lower.as_str(),
        "invoke-webrequest" | "iwr" | "invoke-restmethod" | "irm" | "curl" | "wget"
    ) {
        if has_param("outfile") {
            f.writes.push(format!("{name} -OutFile"));
        }
        return;
    }
    // `-WhatIf` (`-WhatIf:$true`): a cmdlet only describes what it would do
    if args.iter().any(|t| {
        matches!(t, PTok::Word(w) if w.eq_ignore_ascii_case("-whatif")
            || w.eq_ignore_ascii_case("-whatif:$true"))
    }) {
        return;
    }
    if lower == "tee-object" || lower == "tee" {
        if !has_param("variable") {
            f.writes.push(name.to_string());
        }
        return;
    }
    if PWSH_WRITES.contains(&lower.as_str()) {
        f.writes.push(name.to_string());
        return;
    }
    if let Some((verb, _)) = lower.split_once('-')
        && PWSH_VERBS.contains(&verb)
    {
        if PWSH_WRITE_VERBS.contains(&verb) {
            f.writes.push(name.to_string());
        }
        if lower == "start-process" || lower == "saps" || lower == "start" {
            // runs a program: the rest as a command line
            let words = pwsh_words(args);
            if !words.is_empty() {
                f.shell.push(words);
            }
        }
        return;
    }
    if PWSH_READS.contains(&lower.as_str()) {
        return;
    }
    // An external program: a shell command line of its words.
    let mut line = crate::shell::quote(name);
    let rest = pwsh_words(args);
    if !rest.is_empty() {
        line.push(' ');
        line.push_str(&rest);
    }
    f.shell.push(line);
}

/// Words of a PowerShell argument list as shell words, quoted; its own
/// redirections are not included (they were reported above).
fn pwsh_words(args: &[PTok]) -> String {
    let mut out = Vec::new();
    let mut skip = false;
    for t in args {
        if skip {
            skip = false;
            continue;
        }
        match t {
            PTok::Word(w) | PTok::Str(w) => out.push(crate::shell::quote(w)),
            PTok::Op(op) if op.contains('>') => skip = true,
            PTok::Op(_) => {}
        }
    }
    out.join(" ")
}

/// What SQL given to `sqlite3` or `duckdb` does: changes the database
/// (`INSERT`, `CREATE`, `PRAGMA x = y`, …), writes other files (`.output`,
/// `.backup`, `COPY … TO`, `EXPORT DATABASE`), or runs shell commands
/// (`.shell`, `.system`). Reading a script (`.read`) is reported as a
/// database change: its contents are not visible.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Sql {
    pub db: bool,
    pub files: Vec<String>,
    pub shell: Vec<String>,
}

pub(crate) fn scan_sql(text: &str) -> Sql {
    let mut out = Sql::default();
    for stmt in sql_statements(text) {
        let t = stmt.trim();
        if let Some(dot) = t.strip_prefix('.') {
            let mut words = dot.split_whitespace();
            let cmd = words.next().unwrap_or("");
            let arg = words.next().unwrap_or("");
            match cmd {
                "output" | "once" | "backup" | "save" | "excel" | "dump-to" => {
                    // `;`: the one the SQL arguments are joined with
                    let a = arg.trim_end_matches(';').trim_matches(['\'', '"']);
                    if !a.is_empty() && a != "stdout" && !a.starts_with('-') {
                        out.files.push(a.to_string());
                    } else if cmd == "backup" || cmd == "save" {
                        out.files.push(String::new());
                    }
                }
                "import" | "restore" | "read" | "load" | "recover" | "clone" => out.db = true,
                "shell" | "system" => out.shell.push(dot[cmd.len()..].trim().to_string()),
                _ => {}
            }
            continue;
        }
        let upper = t.to_ascii_uppercase();
        let first = upper.split_whitespace().next().unwrap_or("");
        // `EXPLAIN [QUERY PLAN] …` shows the plan without running it;
        // `EXPLAIN ANALYZE` (duckdb, Postgres) runs it
        // (one statement only: a `;` in it may be a second one read
        // differently)
        if first == "EXPLAIN"
            && !upper.contains("ANALYZE")
            && !upper.contains("ANALYSE")
            && !t.contains(';')
        {
            continue;
        }
        match first {
            "INSERT" | "UPDATE" | "DELETE" | "REPLACE" | "CREATE" | "DROP" | "ALTER" | "VACUUM"
            | "REINDEX" | "ANALYZE" | "UPSERT" | "MERGE" | "TRUNCATE" | "ATTACH" | "LOAD"
            | "IMPORT" | "CHECKPOINT" => out.db = true,
            // duckdb's extensions go to ~/.duckdb/extensions, whatever the
            // database
            "INSTALL" => out.files.push(String::new()),
            "FORCE" if upper.split_whitespace().nth(1) == Some("INSTALL") => {
                out.files.push(String::new())
            }
            "PRAGMA" if t.contains('=') || upper.contains("OPTIMIZE") => out.db = true,
            // `COPY … TO '/dev/stdout'` prints
            "COPY" if upper.contains(" TO ") && copy_to_stream(t, &upper) => {}
            "COPY" if upper.contains(" TO ") => out.files.push(String::new()),
            "COPY" => out.db = true,
            "EXPORT" => out.files.push(String::new()),
            // `WITH … INSERT`, `BEGIN; …` and the like: any write keyword counts.
            _ if [
                "INSERT ", "UPDATE ", "DELETE ", "CREATE ", "DROP ", "ALTER ",
            ]
            .iter()
            .any(|k| upper.contains(k)) =>
            {
                out.db = true
            }
            _ => {}
        }
    }
    out
}

/// MySQL's `SELECT … INTO OUTFILE 'f'` / `INTO DUMPFILE 'f'`: the result
/// written to a file.
pub(crate) fn sql_into_file(text: &str) -> bool {
    let upper = text.to_ascii_uppercase();
    let words: Vec<&str> = upper.split_whitespace().collect();
    words
        .windows(2)
        .any(|w| w[0] == "INTO" && matches!(w[1], "OUTFILE" | "DUMPFILE"))
}

/// What `psql -c` commands write on this machine: `\copy … TO 'file'`,
/// `\o FILE`, `\g FILE`, `\w FILE`, `\s FILE`, `\lo_export OID FILE` (the
/// files, empty when not plain), and
/// the shell commands they run (`\!`, `TO PROGRAM`, `\o |cmd`). Other SQL
/// changes the server, not a file here.
pub(crate) fn scan_psql(text: &str) -> Sql {
    let mut out = Sql::default();
    // each backslash command runs to the next one or the end of the line
    for line in text.lines() {
        let mut rest = line;
        while let Some(k) = rest.find('\\') {
            let after = &rest[k + 1..];
            let end = after.find('\\').unwrap_or(after.len());
            psql_meta(&after[..end], &mut out);
            rest = &after[end..];
        }
    }
    out
}

/// One psql backslash command, without its backslash.
fn psql_meta(cmd: &str, out: &mut Sql) {
    let words = sql_words(cmd);
    let Some(name) = words.first() else { return };
    let unquote = |w: &str| w.trim_matches(['\'', '"']).to_string();
    match name.as_str() {
        "!" => out.shell.push(cmd[1..].trim().to_string()),
        n if n.starts_with('!') => out.shell.push(cmd[1..].trim().to_string()),
        "copy" => {
            let mut depth = 0i32;
            let mut to = None;
            for (k, w) in words.iter().enumerate().skip(1) {
                match w.as_str() {
                    "(" => depth += 1,
                    ")" => depth -= 1,
                    _ if depth == 0 && w.eq_ignore_ascii_case("to") => {
                        to = Some(k);
                        break;
                    }
                    _ => {}
                }
            }
            let Some(k) = to else { return };
            match words.get(k + 1).map(String::as_str) {
                Some(w)
                    if w.eq_ignore_ascii_case("stdout") || w.eq_ignore_ascii_case("pstdout") => {}
                Some(w) if w.eq_ignore_ascii_case("program") => {
                    out.shell
                        .push(words.get(k + 2).map(|w| unquote(w)).unwrap_or_default());
                }
                Some(w) => out.files.push(unquote(w)),
                None => out.files.push(String::new()),
            }
        }
        // `\lo_export OID FILE`: a large object saved here
        "lo_export" => match words.get(2) {
            Some(w) => out.files.push(unquote(w)),
            None => out.files.push(String::new()),
        },
        // `\s FILE` saves the history (without one it prints it)
        "o" | "out" | "g" | "gx" | "w" | "write" | "s" => match words.get(1) {
            Some(w) if w.starts_with('|') => out
                .shell
                .push(cmd[cmd.find('|').unwrap_or(0) + 1..].trim().to_string()),
            Some(w) => out.files.push(unquote(w)),
            None => {}
        },
        _ => {}
    }
}

/// Words of a psql command: quoted strings kept whole, parentheses apart.
fn sql_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => {
                quote = None;
                cur.push(c);
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                cur.push(c);
            }
            (None, '(' | ')' | ';') => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                if c != ';' {
                    out.push(c.to_string());
                }
            }
            (None, c) if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `COPY … TO '/dev/stdout'` (or stderr, or /dev/null): printed, no file.
fn copy_to_stream(t: &str, upper: &str) -> bool {
    let Some(rest) = upper.rfind(" TO ").and_then(|k| t.get(k + 4..)) else {
        return false;
    };
    let rest = rest.trim_start();
    let Some(q) = rest.chars().next().filter(|c| matches!(c, '\'' | '"')) else {
        return false;
    };
    rest[1..]
        .split(q)
        .next()
        .is_some_and(|p| matches!(p, "/dev/stdout" | "/dev/stderr" | "/dev/null"))
}

/// Does an `ex` script (its `+CMD`, `-c CMD` and `--cmd CMD` commands, in
/// order) only print and then quit? Only commands known not to write or run
/// anything count (print, substitute, delete, `g/re/p`, `set`, …), and it
/// must reach a quit that takes (`q!`, or `q` before any change): anything
/// else, or no quit (`ex` then reads more commands), is taken as a write.
pub(crate) fn ex_read_only(cmds: &[&str]) -> bool {
    let mut changed = false;
    for line in cmds {
        match ex_line(line, &mut changed, false) {
            None => return false,
            Some(true) => return true,
            Some(false) => {}
        }
    }
    false
}

/// One ex command line (commands split at `|`): `None` when a command is
/// not known to be harmless, else whether it quits. `in_global`: the
/// commands of a `:g`, which may not quit.
fn ex_line(line: &str, changed: &mut bool, in_global: bool) -> Option<bool> {
    let mut rest = line;
    loop {
        let cmd = rest.trim_start_matches([' ', '\t', ':']);
        if cmd.is_empty() {
            return Some(false);
        }
        let after_range = skip_range(cmd)?;
        let name_len = after_range
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(after_range.len());
        let (mut name, mut args) = after_range.split_at(name_len);
        if name.is_empty() && after_range.starts_with(['#', '=', '&', '~', '<', '>']) {
            (name, args) = after_range.split_at(1);
        }
        if name.is_empty() {
            // a range alone moves to a line; anything else (`!cmd`, `@r`,
            // `"…`) is not known to be harmless
            let (a, next) = split_bar(after_range);
            if !a.trim().is_empty() {
                return None;
            }
            match next {
                Some(n) => {
                    rest = n;
                    continue;
                }
                None => return Some(false),
            }
        }
        let bang = args.starts_with('!');
        if bang {
            args = &args[1..];
        }
        if matches!(
            name,
            "g" | "gl" | "glo" | "glob" | "globa" | "global" | "v" | "vg" | "vglobal"
        ) {
            // `g/re/CMDS`: the rest of the line is its commands
            let delim = args.chars().next()?;
            if delim.is_alphanumeric() || delim == '\\' || delim == '"' || delim == '|' {
                return None;
            }
            let cmds = skip_pattern(&args[delim.len_utf8()..], delim)?;
            return ex_line(cmds, changed, true).map(|_| false);
        }
        // the command's arguments run to an unescaped `|`
        let (args, next) = split_bar(args);
        let quits = match name {
            "p" | "pr" | "pri" | "prin" | "print" | "P" | "nu" | "num" | "numb" | "numbe"
            | "number" | "l" | "li" | "lis" | "list" | "z" | "#" | "=" => false,
            // flags only: a value may name a file written (`verbosefile=`)
            "se" | "set" | "setl" | "setlocal"
                if args
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || " \t!?&".contains(c)) =>
            {
                false
            }
            "s" | "su" | "sub" | "subs" | "substitute" | "&" | "~" => {
                if args.contains("\\=") {
                    return None; // `\=EXPR`: an expression, which may call functions
                }
                *changed = true;
                false
            }
            "d" | "de" | "del" | "dele" | "delet" | "delete" | "m" | "mo" | "mov" | "move"
            | "t" | "co" | "cop" | "copy" | "j" | "jo" | "joi" | "join" | "<" | ">" | "u"
            | "un" | "und" | "undo" | "y" | "ya" | "yan" | "yank" | "pu" | "put" | "k" | "ma"
            | "mar" | "mark" | "sor" | "sort"
                // `put =EXPR` evaluates an expression
                if !args.contains('=') =>
            {
                *changed = true;
                false
            }
            "q" | "qu" | "qui" | "quit" | "qa" | "qal" | "qall" | "quita" | "quitall" if !in_global => {
                bang || !*changed
            }
            "cq" | "cqu" | "cqui" | "cquit" if !in_global => true,
            _ => return None,
        };
        if quits {
            return Some(true);
        }
        match next {
            Some(n) => rest = n,
            None => return Some(false),
        }
    }
}

/// The text after an ex or ed range (`%`, `1,$`, `.,+3`, `'a`, `/re/`,
/// `?re?`), or `None` if a pattern is not closed.
fn skip_range(cmd: &str) -> Option<&str> {
    let mut rest = cmd;
    loop {
        let c = rest.chars().next();
        match c {
            Some('/' | '?') => {
                let d = c?;
                rest = skip_pattern(&rest[1..], d)?;
            }
            Some('\'') => rest = rest.get(2..)?,
            Some(c) if c.is_ascii_digit() || "%.,;$+-^ \t".contains(c) => rest = &rest[1..],
            _ => return Some(rest),
        }
    }
}

/// The text after a pattern closed by `delim` (a backslash escapes), or
/// the rest of the line when it is not closed (ex and ed allow that at the
/// end of a line).
fn skip_pattern(text: &str, delim: char) -> Option<&str> {
    let mut chars = text.char_indices();
    while let Some((k, c)) = chars.next() {
        if c == '\\' {
            chars.next();
        } else if c == delim {
            return Some(&text[k + c.len_utf8()..]);
        }
    }
    Some("")
}

/// An ex command's arguments up to an unescaped `|`, and the commands after it.
fn split_bar(args: &str) -> (&str, Option<&str>) {
    let mut chars = args.char_indices();
    while let Some((k, c)) = chars.next() {
        if c == '\\' {
            chars.next();
        } else if c == '|' {
            return (&args[..k], Some(&args[k + 1..]));
        }
    }
    (args, None)
}

/// Does an `ed` script (the text ed reads on its standard input) only
/// print? Only commands known not to write or run anything count: printing,
/// buffer edits that are never saved (`s`, `d`, `a`…`.`), `g/re/p`, `q`;
/// ed quits without saving at the end of its input. `w`, `!cmd`, `r`, `e`,
/// and anything not known make it a write.
pub(crate) fn ed_read_only(text: &str) -> bool {
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(after) = skip_range(line) else {
            return false;
        };
        let mut chars = after.chars();
        let c = chars.next();
        let args = chars.as_str();
        match c {
            None => {}
            Some(
                'p' | 'n' | 'l' | '=' | 'P' | 'H' | 'h' | 'k' | 'u' | 'j' | 'd' | 'm' | 't' | 'y'
                | 'x' | 'z' | 's',
            ) => {
                // a suffix may print (`p`, `n`, `l`); a file name or a
                // command never follows these
                if matches!(c, Some('s')) && args.ends_with('\\') {
                    return false; // continued on the next line
                }
            }
            Some('a' | 'i' | 'c') => {
                // text lines until a lone `.`
                if !args.trim_start_matches(['p', 'n', 'l']).is_empty() {
                    return false;
                }
                loop {
                    match lines.next() {
                        Some(".") => break,
                        Some(_) => {}
                        None => return true,
                    }
                }
            }
            Some('g' | 'v') => {
                let Some(d) = args.chars().next() else {
                    return false;
                };
                if d.is_alphanumeric() || d == ' ' || d == '\\' {
                    return false;
                }
                let Some(cmds) = skip_pattern(&args[d.len_utf8()..], d) else {
                    return false;
                };
                // one command, on this line, and not one that takes text
                let cmds = cmds.trim();
                if cmds.ends_with('\\') || !matches!(cmds, "" | "p" | "n" | "l" | "d" | "=") {
                    return false;
                }
            }
            Some('q' | 'Q') if args.trim().is_empty() => return true,
            _ => return false,
        }
    }
    true
}

/// SQL split at `;` outside quotes, and at newlines before dot-commands.
fn sql_statements(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    // what the text is in: a quote (`'`, `"`, a backquoted or bracketed
    // name, as SQLite reads them), a `/* … */` comment (`*`) or a `--`
    // one (`-`); `;` and a dot command count only outside all of them
    let mut quote: Option<char> = None;
    for line in text.split_inclusive('\n') {
        if quote.is_none() && cur.trim().is_empty() && line.trim_start().starts_with('.') {
            out.push(line.trim().to_string());
            cur.clear();
            continue;
        }
        let mut cs = line.chars().peekable();
        while let Some(c) = cs.next() {
            match (quote, c) {
                (Some('-'), '\n') => quote = None,
                (Some('*'), '*') if cs.peek() == Some(&'/') => {
                    cur.push(c);
                    cur.extend(cs.next());
                    quote = None;
                    continue;
                }
                (Some('['), ']') => quote = None,
                (Some(q), c) if c == q && !matches!(q, '-' | '*' | '[') => quote = None,
                (None, '\'' | '"' | '`' | '[') => quote = Some(c),
                (None, '-') if cs.peek() == Some(&'-') => quote = Some('-'),
                (None, '/') if cs.peek() == Some(&'*') => {
                    cur.push(c);
                    cur.extend(cs.next());
                    quote = Some('*');
                    continue;
                }
                (None, ';') => {
                    out.push(std::mem::take(&mut cur));
                    continue;
                }
                _ => {}
            }
            cur.push(c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// The double-quoted string starting at `s[i]` (awk's and Miller's, `\\`
/// escaping the next character): its text, and the index after its
/// closing quote (the end when it has none).
fn dq_string(s: &[char], mut i: usize) -> (String, usize) {
    let mut text = String::new();
    i += 1;
    while let Some(&d) = s.get(i) {
        if d == '\\' {
            text.extend(s.get(i + 1));
            i += 2;
            continue;
        }
        if d == '"' {
            return (text, i + 1);
        }
        text.push(d);
        i += 1;
    }
    (text, i)
}

/// A Miller DSL expression (`mlr put`/`filter`): output statements
/// redirected to a file (`tee > "out/".$k.".csv", $*`, `emit > "f", @x`,
/// `print > stderr, …` is not one) and the shell commands it runs
/// (`tee | "gzip > f", $*`, `system("…")`, `exec("cmd", ["arg"])`).
pub(crate) fn scan_mlr(prog: &str) -> Findings {
    const OUTPUTS: &[&str] = &[
        "tee", "emit", "emitp", "emitf", "emit1", "print", "printn", "eprint", "eprintn", "dump",
        "edump",
    ];
    let s: Vec<char> = prog.chars().collect();
    let mut f = Findings::default();
    let literal = |i: usize| dq_string(&s, i);
    let skip_blanks = |mut i: usize| {
        while s.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        i
    };
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        if c == '"' {
            i = literal(i).1;
            continue;
        }
        if c == '#' {
            while s.get(i).is_some_and(|&d| d != '\n') {
                i += 1;
            }
            continue;
        }
        if !(c.is_alphabetic() || c == '_') || (i > 0 && matches!(s[i - 1], '$' | '@' | '.')) {
            i += 1;
            continue;
        }
        let start = i;
        while s.get(i).is_some_and(|d| d.is_alphanumeric() || *d == '_') {
            i += 1;
        }
        let word: String = s[start..i].iter().collect();
        let j = skip_blanks(i);
        if OUTPUTS.contains(&word.as_str()) {
            match s.get(j) {
                Some('>') => {
                    let k = skip_blanks(if s.get(j + 1) == Some(&'>') {
                        j + 2
                    } else {
                        j + 1
                    });
                    let target: String = s[k.min(s.len())..]
                        .iter()
                        .take_while(|&&d| !matches!(d, ',' | ';' | '}' | '\n'))
                        .collect::<String>()
                        .trim()
                        .to_string();
                    let plain = target.trim_matches('"');
                    if !matches!(target.as_str(), "stdout" | "stderr")
                        && !super::classify::is_safe_target(plain)
                    {
                        f.writes.push(format!("{word} > {target}"));
                    }
                }
                Some('|') => {
                    let k = skip_blanks(j + 1);
                    if s.get(k) == Some(&'"') {
                        f.shell.push(literal(k).0);
                    } else {
                        f.runtime.get_or_insert_with(|| {
                            format!("the command {word} pipes to is only known at run time")
                        });
                    }
                }
                _ => {}
            }
        } else if matches!(word.as_str(), "system" | "exec") && s.get(j) == Some(&'(') {
            // the string literals of the call: the command and its arguments
            let (mut k, mut depth, mut lits, mut plain) = (j, 0usize, Vec::new(), true);
            while let Some(&ch) = s.get(k) {
                match ch {
                    '(' | '[' => depth += 1,
                    ')' | ']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            break;
                        }
                    }
                    '"' => {
                        let (lit, next) = literal(k);
                        lits.push(lit);
                        k = next;
                        continue;
                    }
                    ',' | ' ' | '\t' => {}
                    _ => plain = false,
                }
                k += 1;
            }
            if !plain {
                f.runtime.get_or_insert_with(|| {
                    format!("the command {word}() runs is only known at run time")
                });
            }
            let cmd = lits.join(" ");
            if !cmd.trim().is_empty() {
                f.shell.push(cmd);
            }
            i = k;
        }
    }
    f
}

/// An awk program: `print … > file`, `printf … >> file`, and the shell
/// commands it runs (`system("…")`, `print | "cmd"`, `"cmd" | getline`).
pub(crate) fn scan_awk(prog: &str) -> Findings {
    let s: Vec<char> = prog.chars().collect();
    let mut f = Findings::default();
    let mut i = 0;
    let mut in_print = false;
    let mut depth = 0usize;
    let mut last_sig: Option<char> = None;
    let mut last_str: Option<String> = None;
    let mut pipe_pending = false;
    while let Some(&c) = s.get(i) {
        match c {
            '"' => {
                let (text, after) = dq_string(&s, i);
                // at the closing quote: the loop steps past it
                i = after - 1;
                if pipe_pending {
                    f.shell.push(text.clone());
                    pipe_pending = false;
                }
                last_str = Some(text);
                last_sig = Some('"');
            }
            '/' if matches!(
                last_sig,
                None | Some('(' | ',' | '{' | ';' | '!' | '~' | '&' | '|' | '\n')
            ) =>
            {
                i += 1;
                while let Some(&d) = s.get(i) {
                    if d == '\\' {
                        i += 2;
                        continue;
                    }
                    if d == '/' {
                        break;
                    }
                    i += 1;
                }
                last_sig = Some('/');
            }
            '#' => {
                while s.get(i).is_some_and(|&d| d != '\n') {
                    i += 1;
                }
                continue;
            }
            '(' => {
                depth += 1;
                last_sig = Some(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                last_sig = Some(c);
            }
            ';' | '}' | '{' | '\n' => {
                in_print = false;
                depth = 0;
                last_sig = Some(c);
            }
            '>' if in_print && depth == 0 => {
                let mut j = i + 1;
                while matches!(s.get(j), Some('>' | ' ' | '\t')) {
                    j += 1;
                }
                let target: String = s[j.min(s.len())..]
                    .iter()
                    .take_while(|&&d| !matches!(d, ';' | '}' | '\n'))
                    .collect::<String>()
                    .trim()
                    .trim_matches('"')
                    .to_string();
                if !super::classify::is_safe_target(&target) {
                    f.writes.push(format!("print > {target}"));
                }
                in_print = false;
                last_sig = Some(c);
            }
            '|' if in_print && depth == 0 => {
                pipe_pending = true;
                in_print = false;
                last_sig = Some(c);
            }
            '|' => {
                // `"cmd" | getline`
                let rest: String = s[i + 1..].iter().collect();
                if rest.trim_start().starts_with("getline")
                    && last_sig == Some('"')
                    && let Some(cmd) = last_str.take()
                {
                    f.shell.push(cmd);
                }
                last_sig = Some(c);
            }
            c if c.is_alphabetic() || c == '_' => {
                let start = i;
                while s.get(i).is_some_and(|d| d.is_alphanumeric() || *d == '_') {
                    i += 1;
                }
                let word: String = s[start..i].iter().collect();
                if (word == "print" || word == "printf") && depth == 0 {
                    in_print = true;
                }
                if word == "system" && s.get(i) == Some(&'(') {
                    // collect the string literals of the call
                    let mut j = i;
                    let mut d = 0usize;
                    let mut lits = Vec::new();
                    while let Some(&ch) = s.get(j) {
                        match ch {
                            '(' => d += 1,
                            ')' => {
                                d = d.saturating_sub(1);
                                if d == 0 {
                                    break;
                                }
                            }
                            '"' => {
                                let (lit, after) = dq_string(&s, j);
                                lits.push(lit);
                                j = after;
                                continue;
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    let cmd = lits.join(" ");
                    if !cmd.trim().is_empty() {
                        f.shell.push(cmd);
                    }
                }
                last_sig = Some('a');
                continue;
            }
            c if c.is_whitespace() => {}
            _ => last_sig = Some(c),
        }
        i += 1;
    }
    f
}

/// Does a sed script contain a `w`/`W` command or an `s///w` flag whose
/// file is a file (not `/dev/stdout`, `/dev/stderr`, …)?
#[cfg(test)]
pub(crate) fn sed_script_writes(script: &str) -> bool {
    sed_script_scan(script, &mut Vec::new())
}

/// [`sed_script_writes`], and the shell commands GNU sed's `e COMMAND`
/// runs, into `run`.
pub(crate) fn sed_script_scan(script: &str, run: &mut Vec<String>) -> bool {
    let c: Vec<char> = script.chars().collect();
    let n = c.len();
    let mut i = 0;
    let skip_delim = |mut i: usize, d: char| -> usize {
        while i < n {
            if c[i] == '\\' {
                i += 2;
                continue;
            }
            if c[i] == d {
                return i + 1;
            }
            if c[i] == '\n' && d != '\n' {
                return i;
            }
            i += 1;
        }
        n
    };
    let to_eol = |mut i: usize| {
        while i < n && c[i] != '\n' {
            i += 1;
        }
        i
    };
    // the file a `w` at `i` writes: the rest of the line
    let to_file = |i: usize| {
        let end = to_eol(i + 1);
        let name: String = c[(i + 1).min(end)..end].iter().collect();
        (super::classify::is_safe_target(name.trim()), end)
    };
    loop {
        while i < n && (c[i].is_whitespace() || matches!(c[i], ';' | '{' | '}')) {
            i += 1;
        }
        if i >= n {
            return false;
        }
        // addresses: `N`, `$`, `/re/`, `\%re%`, `first~step`, `addr1,addr2`, `!`
        for _ in 0..2 {
            if i < n && c[i].is_ascii_digit() {
                while i < n && (c[i].is_ascii_digit() || c[i] == '~') {
                    i += 1;
                }
            } else if i < n && c[i] == '$' {
                i += 1;
            } else if i < n && c[i] == '/' {
                i = skip_delim(i + 1, '/');
                while i < n && matches!(c[i], 'I' | 'M') {
                    i += 1;
                }
            } else if i < n && c[i] == '\\' && i + 1 < n {
                i = skip_delim(i + 2, c[i + 1]);
            } else if i < n && matches!(c[i], '+' | '~') {
                i += 1;
                while i < n && c[i].is_ascii_digit() {
                    i += 1;
                }
            }
            while i < n && c[i] == ' ' {
                i += 1;
            }
            if i < n && c[i] == ',' {
                i += 1;
                while i < n && c[i] == ' ' {
                    i += 1;
                }
                continue;
            }
            break;
        }
        while i < n && matches!(c[i], '!' | ' ' | '\t') {
            i += 1;
        }
        if i >= n {
            return false;
        }
        match c[i] {
            'w' | 'W' => match to_file(i) {
                (true, end) => i = end,
                (false, _) => return true,
            },
            's' | 'y' => {
                let cmd = c[i];
                let Some(&d) = c.get(i + 1) else { return false };
                if d == '\n' || d == '\\' {
                    return false;
                }
                i = skip_delim(i + 2, d);
                i = skip_delim(i, d);
                if cmd == 's' {
                    while i < n && c[i].is_ascii_alphanumeric() {
                        if c[i] == 'w' {
                            match to_file(i) {
                                (true, end) => {
                                    i = end;
                                    break;
                                }
                                (false, _) => return true,
                            }
                        }
                        i += 1;
                    }
                }
            }
            'e' => {
                let end = to_eol(i + 1);
                let cmd: String = c[i + 1..end].iter().collect();
                if !cmd.trim().is_empty() {
                    run.push(cmd.trim().to_string());
                }
                i = end;
            }
            'a' | 'i' | 'c' | 'r' | 'R' | ':' | '#' => i = to_eol(i + 1),
            'b' | 't' | 'T' => {
                while i < n && !matches!(c[i], ';' | '\n' | '}') {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
}

/// Make functions that run shell code when the makefile is read, wherever
/// they stand: `$(shell CMD)`.
const MAKE_SHELL_FUNCTIONS: &[&str] = &["shell"];

/// Make functions that write a file: `$(file >F,TEXT)`, `$(file >>F,…)`.
const MAKE_FILE_FUNCTIONS: &[&str] = &["file"];

/// The shell code a makefile runs: each recipe line (after a tab, or the
/// `.RECIPEPREFIX`; after `;` on a rule line), a shell of its own, its
/// `\`-continued lines with it; `$(shell …)` anywhere; `$(file >F,…)` as a
/// write to F. `$$` is make's `$`.
pub(crate) fn scan_makefile(text: &str) -> Findings {
    let mut f = Findings::default();
    let mut prefix = '\t';
    let mut recipe: Option<String> = None;
    let mut lines = text.lines();
    while let Some(first) = lines.next() {
        // a logical line: `\` at the end joins the next
        let mut line = first.to_string();
        while line.chars().rev().take_while(|&c| c == '\\').count() % 2 == 1 {
            let Some(next) = lines.next() else { break };
            line.push('\n');
            line.push_str(next.strip_prefix(prefix).unwrap_or(next));
        }
        make_functions(&line, &mut f);
        if let Some(r) = line.strip_prefix(prefix) {
            recipe = Some(r.to_string());
        } else if let Some(v) = line
            .trim_start()
            .strip_prefix(".RECIPEPREFIX")
            .and_then(|v| {
                v.trim_start()
                    .trim_start_matches([':', ':', '+', '?'])
                    .strip_prefix('=')
            })
        {
            prefix = v.trim().chars().next().unwrap_or('\t');
        } else if let Some((rule, r)) = line.split_once(';')
            && rule.contains(':')
            && !rule.contains('=')
        {
            recipe = Some(r.to_string());
        }
        if let Some(r) = recipe.take() {
            let r = r
                .trim_start()
                .trim_start_matches(['@', '-', '+', ' ', '\t']);
            f.shell.push(r.replace("$$", "$"));
        }
    }
    f
}

/// `$(shell …)` and `$(file >…)` in a line of a makefile (the outermost
/// ones: one inside is a command substitution in their code), in one pass.
fn make_functions(line: &str, f: &mut Findings) {
    // (where the body starts, the closing bracket, a function of ours)
    let mut open: Vec<(usize, char, bool)> = Vec::new();
    let mut ours = 0usize;
    let mut chars = line.char_indices().peekable();
    while let Some((k, c)) = chars.next() {
        match c {
            '$' if matches!(chars.peek(), Some((_, '(' | '{'))) => {
                let (b, o) = chars.next().unwrap_or((k, '('));
                let body = &line[b + 1..];
                let mine = make_call(body, MAKE_SHELL_FUNCTIONS).is_some()
                    || make_call(body, MAKE_FILE_FUNCTIONS).is_some_and(|a| a.starts_with('>'));
                ours += usize::from(mine);
                open.push((b + 1, if o == '(' { ')' } else { '}' }, mine));
            }
            '(' => open.push((k + 1, ')', false)),
            '{' => open.push((k + 1, '}', false)),
            ')' | '}' => {
                let Some((start, _, mine)) = open.pop() else {
                    continue;
                };
                if !mine {
                    continue;
                }
                ours -= 1;
                if ours > 0 {
                    continue;
                }
                let body = &line[start..k];
                if let Some(code) = make_call(body, MAKE_SHELL_FUNCTIONS) {
                    f.shell.push(code.replace("$$", "$"));
                } else if let Some(file) = make_call(body, MAKE_FILE_FUNCTIONS) {
                    let file = file.trim_start_matches('>').split(',').next().unwrap_or("");
                    f.shell.push(format!(": >{}", file.trim()));
                }
            }
            _ => {}
        }
    }
}

/// The argument text of a call of one of make's functions `names` that
/// `body` (what follows `$(`) is.
fn make_call<'a>(body: &'a str, names: &[&str]) -> Option<&'a str> {
    names.iter().find_map(|n| {
        body.strip_prefix(n)
            .filter(|a| a.starts_with([' ', '\t']))
            .map(str::trim_start)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writes(lang: Lang, src: &str) -> bool {
        !scan(lang, src).writes.is_empty()
    }

    #[test]
    fn python_open_modes() {
        assert!(writes(Lang::Python, "open('x','w').write('y')"));
        assert!(writes(Lang::Python, "open('x', mode='a')"));
        assert!(writes(
            Lang::Python,
            "from pathlib import Path; Path('a').write_text('b')"
        ));
        assert!(writes(
            Lang::Python,
            "import pathlib; pathlib.Path('a').open('w')"
        ));
        assert!(writes(Lang::Python, "import os; os.remove('a')"));
        assert!(writes(
            Lang::Python,
            "import shutil; shutil.rmtree('build')"
        ));
        assert!(!writes(Lang::Python, "print(open('a').read())"));
        assert!(!writes(Lang::Python, "open('a', 'r', encoding='utf-8')"));
        assert!(!writes(Lang::Python, "xs=[1]; xs.remove(1); print('w')"));
        assert!(!writes(
            Lang::Python,
            "import json; print(json.load(open('package.json'))['version'])"
        ));
        assert_eq!(
            scan(Lang::Python, "import os; os.system('rm -rf x')").shell,
            vec!["rm -rf x"]
        );
        assert_eq!(
            scan(
                Lang::Python,
                "import subprocess; subprocess.run(['rm', '-f', 'x'])"
            )
            .shell,
            vec!["rm -f x"]
        );
    }

    #[test]
    fn node_perl_ruby_php() {
        assert!(writes(Lang::Node, "require('fs').writeFileSync('a','b')"));
        assert!(writes(
            Lang::Node,
            "const fs=require('fs'); fs.rmSync('d',{recursive:true})"
        ));
        assert!(!writes(
            Lang::Node,
            "console.log(require('fs').readFileSync('a','utf8'))"
        ));
        assert!(writes(
            Lang::Perl,
            "open(my $f, '>', 'out.txt'); print $f 1"
        ));
        assert!(writes(Lang::Perl, "open F, \">>log\""));
        assert!(!writes(
            Lang::Perl,
            "open(my $f, '<', 'in.txt'); print <$f>"
        ));
        assert!(writes(Lang::Perl, "unlink 'a'"));
        assert!(writes(Lang::Ruby, "File.write('a', 'b')"));
        assert!(writes(Lang::Ruby, "File.open('a', 'w') { |f| f.puts 1 }"));
        assert!(!writes(Lang::Ruby, "puts File.read('a')"));
        assert!(writes(
            Lang::Ruby,
            "require 'fileutils'; FileUtils.rm_rf('tmp')"
        ));
        assert!(writes(Lang::Php, "file_put_contents('a', 'b');"));
        assert!(!writes(Lang::Php, "echo file_get_contents('a');"));
    }

    #[test]
    fn awk_programs() {
        assert!(scan_awk("{print $1}").writes.is_empty());
        assert!(!scan_awk("{print $1 > \"out.txt\"}").writes.is_empty());
        assert!(
            !scan_awk("{ printf \"%s\\n\", $2 >> \"log\" }")
                .writes
                .is_empty()
        );
        assert!(scan_awk("$3 > 1000 {print $1}").writes.is_empty());
        assert!(scan_awk("{ if ($2 > 10) print $1 }").writes.is_empty());
        assert!(scan_awk("/>/ {print}").writes.is_empty());
        assert_eq!(scan_awk("{system(\"rm \" $1)}").shell, vec!["rm "]);
    }

    #[test]
    fn sed_scripts() {
        assert!(sed_script_writes("w out.txt"));
        assert!(sed_script_writes("/foo/w out.txt"));
        assert!(sed_script_writes("s/a/b/w out.txt"));
        assert!(sed_script_writes("1,5{s/a/b/g;w x\n}"));
        assert!(!sed_script_writes("s/a/b/g"));
        assert!(!sed_script_writes("s/w/x/"));
        assert!(!sed_script_writes("1,20p"));
        assert!(!sed_script_writes("/^#/d; s/\\s+$//"));
        assert!(!sed_script_writes("s|/usr/local|/opt|g"));
        assert!(!sed_script_writes("y/abc/xyz/"));
    }
}
