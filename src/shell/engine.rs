//! The engine that reads a [`Spec`]: it walks a command's words once,
//! telling options (and the values they take) from arguments, follows a
//! subcommand into its own spec, and turns what it found into writes (with
//! the files they name), shell code to analyse, and the argv the command
//! runs. Commands in no table are judged by the general rules
//! ([`Cx::generic`]).

use super::classify::{
    Cx, Dir, Marks, is_fix_target, is_remote, is_safe_target, is_write_task, join,
};
use super::code::Lang;
use super::compact::{Entries, Field, SpecRef, is_keyword};
use super::parse::Arg;
use super::spec::{CodeArgs, RunKind, Targets, Writes, wild};

/// What applying a spec leaves to the caller: the argv the command runs
/// (from this index of the words it was given), how, and the command's
/// description (`npm run`).
pub(crate) type Run = Option<(usize, RunKind, String)>;

/// How a command that is in no table is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A command flowgate does not know.
    Unknown,
    /// A script file run by an interpreter or a runner: not known either.
    Script,
    /// A project task or package script run by a runner (`npm run lint`):
    /// the runner is known, what the task does is not visible.
    Task,
}

/// Flags seen while walking a command's words.
#[derive(Default)]
struct Seen<'w> {
    help: bool,
    read_only: bool,
    /// A general `--dry-run`: read-only like `read_only`, but an output
    /// option the spec names still writes (safe side).
    dry_run: bool,
    listing: bool,
    write_flag: Option<&'w str>,
    /// A `mounts` option gives the container a writable host path.
    bind: bool,
}

/// An option value the spec names: (index of the word holding it, option,
/// value).
type Value<'w> = (usize, &'w str, &'w str);
/// Code an option gives: as [`Value`], and its language (`None`: shell
/// code).
type Code<'w> = (usize, &'w str, &'w str, Option<Lang>);

/// Indexes of a command's arguments: the first 16 in place (nearly every
/// command: no allocation on the hot path), the rest on the heap.
struct Positions {
    buf: [usize; 16],
    len: usize,
    heap: Option<Vec<usize>>,
}

impl Positions {
    fn new() -> Self {
        Positions {
            buf: [0; 16],
            len: 0,
            heap: None,
        }
    }

    fn push(&mut self, i: usize) {
        if let Some(h) = &mut self.heap {
            h.push(i);
        } else if self.len < self.buf.len() {
            self.buf[self.len] = i;
            self.len += 1;
        } else {
            let mut h = self.buf.to_vec();
            h.push(i);
            self.heap = Some(h);
        }
    }

    fn as_slice(&self) -> &[usize] {
        match &self.heap {
            Some(h) => h,
            None => &self.buf[..self.len],
        }
    }
}

/// `-a`…`-z`, `-A`…`-Z`, `-0`…`-9` as strings, for short options.
const SHORTS: &str = "-a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z\
                      -A-B-C-D-E-F-G-H-I-J-K-L-M-N-O-P-Q-R-S-T-U-V-W-X-Y-Z\
                      -0-1-2-3-4-5-6-7-8-9-?-@-#";

fn short(c: char) -> Option<&'static str> {
    let k = match c {
        'a'..='z' => c as usize - 'a' as usize,
        'A'..='Z' => 26 + c as usize - 'A' as usize,
        '0'..='9' => 52 + c as usize - '0' as usize,
        '?' => 62,
        '@' => 63,
        '#' => 64,
        _ => return None,
    };
    SHORTS.get(2 * k..2 * k + 2)
}

/// Does option entry `entry` match option `key` (with `val`, if it has
/// one)? See the field docs in `spec.rs`.
fn matches(entry: &str, key: &str, val: Option<&str>) -> bool {
    match entry.split_once('=') {
        Some((_, "")) => false,
        // `-*=*`: any option given a value (`exiftool -TAG=V`, `-all=`)
        Some((k, v)) if entry.contains('*') => wild(k, key) && val.is_some_and(|x| wild(v, x)),
        Some((k, v)) => k == key && val == Some(v),
        None => wild(entry, key),
    }
}

fn any(mut list: Entries, key: &str, val: Option<&str>) -> bool {
    list.any(|e| matches(e, key, val))
}

/// The option part of an entry (`--emit` of `--emit=stdout`).
fn entry_key(e: &str) -> &str {
    e.split_once('=').map_or(e, |(k, _)| k)
}

fn takes_value(spec: &SpecRef, key: &str) -> bool {
    [
        Field::Values,
        Field::Output,
        Field::Files,
        Field::Code,
        Field::Chdir,
        Field::InlineCode,
        Field::Mounts,
    ]
    .into_iter()
    .any(|f| spec.list(f).any(|e| wild(entry_key(e), key)))
}

/// In a spec whose options are read whole (listing `-*`), a single-dash
/// word that no other entry names and that starts with one of its output
/// or file options: that option and the value glued to it (`-obin/x`).
fn glued_whole<'w>(spec: &SpecRef, key: &'w str) -> Option<(&'w str, &'w str)> {
    if key.starts_with("--") || !spec.list(Field::Listing).any(|e| e == "-*") {
        return None;
    }
    if spec.entries().any(|e| e != "-*" && wild(entry_key(e), key)) {
        return None;
    }
    let opt = spec
        .list(Field::Output)
        .chain(spec.list(Field::Files))
        .find(|e| {
            !e.starts_with("--")
                && !e.contains(['*', '='])
                && e.len() < key.len()
                && key.starts_with(e)
        })?;
    Some((&key[..opt.len()], &key[opt.len()..]))
}

/// A value an output option gives that is not a file (`-`, `/dev/null`).
fn is_stdout(v: &str) -> bool {
    v == "-" || is_safe_target(v)
}

/// Could `a` be an output option [`is_out_option`] takes (a cheap test)?
fn maybe_out_option(a: &str) -> bool {
    // every word of every known command comes here: a word that is no
    // option leaves at its first byte
    let Some(rest) = a.strip_prefix('-') else {
        return false;
    };
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    rest.starts_with("out")
        || rest.starts_with("dest")
        || (a.starts_with("--")
            && (rest.starts_with("export-")
                || a.split_once('=').map_or(a, |(k, _)| k).ends_with("_out")))
}

/// General write signs on a command in no table: `-o FILE`, `--output`,
/// `--out-file`, `--outdir`, `-out`, … (not `--output-format`); protoc's
/// `--LANG_out=DIR`, `--destination`, `--export-FORMAT FILE`.
fn is_out_option(k: &str) -> bool {
    if matches!(k, "--destination" | "-destination")
        || k.strip_prefix("--export-")
            .is_some_and(|f| !f.is_empty() && !f.contains('-'))
        || k.strip_prefix("--")
            .and_then(|l| l.strip_suffix("_out"))
            .is_some_and(|l| {
                !l.is_empty()
                    && l.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            })
    {
        return true;
    }
    // `-out FILE`, `-output=FILE`: single-dash long options (openssl, Go)
    let Some(rest) = k.strip_prefix("--out").or_else(|| k.strip_prefix("-out")) else {
        return false;
    };
    let rest = rest.strip_prefix("put").unwrap_or(rest);
    matches!(
        rest,
        "" | "file"
            | "-file"
            | "_file"
            | "File"
            | "dir"
            | "-dir"
            | "_dir"
            | "Dir"
            | "-directory"
            | "path"
            | "-path"
    )
}

impl Cx<'_, '_, '_> {
    /// Apply `spec` to `args` (the words after the command name); `label`
    /// describes its writes. `marks` are those of `args`.
    pub(crate) fn apply(
        &mut self,
        spec: SpecRef,
        label: &str,
        args: &[Arg<'_>],
        marks: Marks,
    ) -> Run {
        self.apply_spec(spec, label, args, marks, false, false, false, false)
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_spec(
        &mut self,
        spec: SpecRef,
        label: &str,
        args: &[Arg<'_>],
        marks: Marks,
        help: bool,
        read_only: bool,
        dry_run: bool,
        nested: bool,
    ) -> Run {
        if spec.is_plain() {
            // `ls`, `grep`, `echo`: nothing to read in the words but a long
            // output option (`TOOL read --out-file f`)
            if !help && !read_only && !dry_run && args.iter().any(|a| maybe_out_option(a)) {
                self.long_outputs(label, args, marks);
            }
            return None;
        }
        let mut seen = Seen {
            help,
            read_only,
            dry_run,
            ..Seen::default()
        };
        let mut positions = Positions::new();
        let mut outputs: Vec<Value<'_>> = Vec::new();
        let mut files: Vec<Value<'_>> = Vec::new();
        let mut codes: Vec<Code<'_>> = Vec::new();
        let mut run: Option<(usize, RunKind)> = None;
        let mut dd = false;
        // the first argument of a command with subcommands, when it names
        // none of them
        let mut unlisted: Option<usize> = None;
        // a container's argv starts right after its image, options or not
        // (`docker run IMG -c …` under `--entrypoint sh`)
        let container_at = match spec.run() {
            Some((at, RunKind::Container)) if at > 0 => Some(usize::from(at)),
            _ => None,
        };
        let mut i = 0;
        'words: while let Some(a) = args.get(i) {
            let ai = i;
            i += 1;
            let a = a.as_ref();
            if !dd && a == "--" {
                dd = true;
                continue;
            }
            let option = a.len() > 1
                && a.starts_with('-')
                && container_at.is_none_or(|at| positions.as_slice().len() != at);
            if dd || !option {
                if option {
                    // after `--` the words are operands (`rename 's/a/b/'
                    // -- -n x`, `git rm -- --help x`): a write flag still
                    // counts, but nothing makes the command read-only but
                    // a `-- FLAG` read-only entry, for the words a command
                    // hands on (`cargo fmt -- --check`)
                    let mut none = Vec::new();
                    let (mut n2, mut n3) = (Vec::new(), Vec::new());
                    let before = (seen.read_only, seen.listing, seen.help);
                    // a value glued on is the option's (`go test` flags
                    // handed on: `gotestsum -- -coverprofile=c.out`)
                    let (key, val) = match a.split_once('=') {
                        Some((k, v)) => (k, Some(v)),
                        None => (a, None),
                    };
                    self.note(
                        &spec, key, val, ai, marks, &mut seen, &mut none, &mut n2, &mut n3,
                    );
                    (seen.read_only, seen.listing, seen.help) = before;
                    if spec
                        .list(Field::ReadOnly)
                        .any(|e| e.strip_prefix("-- ") == Some(a))
                    {
                        seen.read_only = true;
                    }
                }
                if !dd
                    && let Some((k, v)) = a.split_once('=')
                    && spec
                        .list(Field::Output)
                        .chain(spec.list(Field::Files))
                        .any(|e| e.strip_suffix('=') == Some(k))
                {
                    // `dd of=FILE`
                    let into = if spec
                        .list(Field::Output)
                        .any(|e| e.strip_suffix('=') == Some(k))
                    {
                        &mut outputs
                    } else {
                        &mut files
                    };
                    into.push((ai, k, v));
                    continue;
                }
                if !dd
                    && !option
                    && spec.has_keywords()
                    && self.keyword(
                        &spec,
                        a,
                        ai,
                        args,
                        &mut i,
                        &mut seen,
                        &mut outputs,
                        &mut files,
                    )
                {
                    continue;
                }
                if positions.len == 0
                    && positions.heap.is_none()
                    && !dd
                    && (spec.has_subcommands() || spec.verbs())
                {
                    if a.starts_with('+') {
                        continue; // `cargo +nightly fmt`
                    }
                    unlisted = Some(ai);
                    if let Some(sub) = spec.subcommand(a) {
                        self.effects(label, args, marks, &seen, &outputs, &files, &codes, false);
                        let label = format!("{label} {a}");
                        // what it runs is found in the subcommand's words
                        return self
                            .apply_spec(
                                sub,
                                &label,
                                &args[i..],
                                marks.skip(i),
                                seen.help,
                                seen.read_only,
                                seen.dry_run,
                                true,
                            )
                            .map(|(at, kind, label)| (at + i, kind, label));
                    }
                }
                positions.push(ai);
                if let Some((at, kind)) = spec.run()
                    && positions.as_slice().len() == usize::from(at) + 1
                {
                    run = Some((ai, kind));
                    break;
                }
                continue;
            }
            let (key, glued) = match a.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None => (a, None),
            };
            // `-help` is Go's `--help` (terraform, go tools).
            let long = a.starts_with("--")
                || key == "-help"
                || (key.len() > 2 && spec.entries().any(|e| wild(entry_key(e), key)));
            if long {
                // options read whole (`-*`: gcc, clang): a word that is no
                // option the spec names but starts with an output or file
                // option is that option with its value glued on (`-obin/x`,
                // `-MFdep.d`)
                let (key, glued) = match glued_whole(&spec, key) {
                    Some((k, v)) if glued.is_none() => (k, Some(v)),
                    _ => (key, glued),
                };
                let (vi, val) = match glued {
                    Some(v) => (ai, Some(v)),
                    None if takes_value(&spec, key) => {
                        i += 1;
                        (ai + 1, args.get(ai + 1).map(AsRef::as_ref))
                    }
                    None => (ai, None),
                };
                if matches!(key, "--help" | "-help") {
                    seen.help = true;
                }
                if is_dry_run(key, val) {
                    seen.dry_run = true;
                }
                if self.note(
                    &spec,
                    key,
                    val,
                    vi,
                    marks,
                    &mut seen,
                    &mut outputs,
                    &mut files,
                    &mut codes,
                ) {
                    run = Some((i, RunKind::Command));
                    break;
                }
                continue;
            }
            for (k, c) in a.char_indices().skip(1) {
                let Some(key) = short(c) else { break };
                if takes_value(&spec, key) {
                    let rest = &a[k + c.len_utf8()..];
                    let (vi, val) = if rest.is_empty() {
                        i += 1;
                        (ai + 1, args.get(ai + 1).map(AsRef::as_ref))
                    } else {
                        (ai, Some(rest))
                    };
                    // a value option after which the rest is the argv
                    // it runs (`runuser -u USER CMD`)
                    if self.note(
                        &spec,
                        key,
                        val,
                        vi,
                        marks,
                        &mut seen,
                        &mut outputs,
                        &mut files,
                        &mut codes,
                    ) {
                        run = Some((i, RunKind::Command));
                        break 'words;
                    }
                    break;
                }
                if self.note(
                    &spec,
                    key,
                    None,
                    ai,
                    marks,
                    &mut seen,
                    &mut outputs,
                    &mut files,
                    &mut codes,
                ) {
                    run = Some((i, RunKind::Command));
                    break 'words;
                }
            }
        }
        // `runuser -u USER -- CMD`
        if let Some((at, kind)) = run
            && args.get(at).is_some_and(|a| a.as_ref() == "--")
        {
            run = Some((at + 1, kind));
        }
        if run.is_some_and(|(at, _)| at >= args.len()) {
            run = None;
        }
        // an image and no command: the image's own program runs, and what
        // it does with a writable host mount is not written here
        if run.is_none()
            && seen.bind
            && !(seen.help || seen.read_only)
            && let Some((at, RunKind::Container)) = spec.run()
            && let [.., image] = positions.as_slice()
            && positions.as_slice().len() == usize::from(at)
        {
            self.unknown(
                format_args!("what the image's own program does with a writable host mount"),
                args[*image].as_ref(),
            );
        }
        let pos = positions.as_slice();
        self.effects(label, args, marks, &seen, &outputs, &files, &codes, true);
        if seen.help || seen.read_only || seen.dry_run {
            return None;
        }
        self.code_args(&spec, label, args, marks, pos, run.is_some());
        if run.is_some_and(|(_, kind)| kind == RunKind::Container) && !seen.bind {
            // what the container writes stays in it
            return None;
        }
        if run.is_some() && seen.write_flag.is_none() {
            // A wrapper's own default write happens only if it names a file
            // before the command (`script log.txt make`).
            let chosen = select(spec.targets(), pos, args);
            // … or if it always writes a file it does not name
            // (`perf record CMD`: perf.data; not `yarn TASK`, a task runner
            // that installs when given none)
            let unnamed = spec.writes() == Writes::Always
                && spec.targets() == Targets::None
                && run.is_some_and(|(_, kind)| kind == RunKind::Command);
            if (!chosen.is_empty() || unnamed) && outputs.is_empty() {
                self.default_write(&spec, label, args, marks, pos, &chosen);
            }
            return run.map(|(at, kind)| (at, kind, label.to_string()));
        }
        if spec.tasks() {
            // a project's own tasks are judged as its package scripts are
            // (`make gen-mocks`, `just clear-cache`); a build tool's
            // `generate-sources` is build output
            let by_name = if spec.project_tasks() {
                is_write_task
            } else {
                is_fix_target
            };
            for &p in pos {
                let t = args[p].as_ref();
                // a task given with its arguments (`sbt "scalafix
                // RemoveUnused"`) is judged by its name, unless they ask
                // for a check only
                let named = t.split_once(' ').is_some_and(|(name, rest)| {
                    !rest
                        .split(' ')
                        .any(|w| matches!(w, "--check" | "--diff" | "--dry-run" | "--test"))
                        && spec.list(Field::WriteTasks).any(|g| wild(g, name))
                });
                if !t.contains('=')
                    && (named || by_name(t) || spec.list(Field::WriteTasks).any(|g| wild(g, t)))
                {
                    self.write(format!("{label} {t}"));
                }
            }
        }
        let chosen = select(spec.targets(), pos, args);
        if let Some(flag) = seen.write_flag {
            self.write_targets(format!("{label} {flag}"), &chosen, args, marks, true);
        } else if !seen.listing && outputs.is_empty() {
            self.default_write(&spec, label, args, marks, pos, &chosen);
        }
        if spec.list(Field::Output).next().is_none() && spec.list(Field::Files).next().is_none() {
            self.long_outputs(label, args, marks);
        }
        if let Some(u) = unlisted
            && !spec.tasks()
            && seen.write_flag.is_none()
        {
            self.unlisted(label, &args[u..], nested);
        }
        None
    }

    /// An argument that is a keyword entry of the spec (`pdftk … output
    /// FILE`, `pdftk FILE burst`): an output or file keyword takes the next
    /// word as its file, a write-flag keyword is a write flag. Returns
    /// whether `a` (word `ai`) was one.
    #[allow(clippy::too_many_arguments)]
    fn keyword<'w>(
        &mut self,
        spec: &SpecRef,
        a: &'w str,
        ai: usize,
        args: &'w [Arg<'_>],
        i: &mut usize,
        seen: &mut Seen<'w>,
        outputs: &mut Vec<Value<'w>>,
        files: &mut Vec<Value<'w>>,
    ) -> bool {
        // in any case, as pdftk reads them; `*` matches any run
        // (`http://*`: a URL among the arguments)
        let is = |e: &str| {
            is_keyword(e) && (e.eq_ignore_ascii_case(a) || (e.contains('*') && wild(e, a)))
        };
        let output = spec.list(Field::Output).any(is);
        if output || spec.list(Field::Files).any(is) {
            if let Some(v) = args.get(ai + 1) {
                let into = if output { outputs } else { files };
                into.push((ai + 1, a, v.as_ref()));
                *i = ai + 2;
            }
            return true;
        }
        if spec.list(Field::WriteFlags).any(is) {
            seen.write_flag.get_or_insert(a);
            return true;
        }
        false
    }

    /// What a command writes with no write flag or output option.
    fn default_write(
        &mut self,
        spec: &SpecRef,
        label: &str,
        args: &[Arg<'_>],
        marks: Marks,
        pos: &[usize],
        chosen: &[usize],
    ) {
        match spec.writes() {
            Writes::Never => {}
            Writes::Targets => {
                if !chosen.is_empty() {
                    self.write_targets(label.to_string(), chosen, args, marks, false);
                } else if self.appended && spec.targets() != Targets::None {
                    // `… | xargs black`: the files are the words xargs appends
                    self.write(format!("{label} (on xargs' input)"));
                }
            }
            Writes::Args(n) => {
                if pos.len() >= usize::from(n) {
                    self.write(label);
                }
            }
            // `pdftotext IN -`: the one output position is standard output
            Writes::Always if chosen.is_empty() && stdout_target(spec.targets(), pos, args) => {}
            Writes::Always => self.write_targets(label.to_string(), chosen, args, marks, true),
        }
    }

    /// Note option `key` (with `val`, found in word `vi`): read-only,
    /// listing and write flags, outputs, files, code, a directory change.
    /// Returns true when the rest of the words is a command it runs.
    #[allow(clippy::too_many_arguments)]
    fn note<'w>(
        &mut self,
        spec: &SpecRef,
        key: &'w str,
        val: Option<&'w str>,
        vi: usize,
        marks: Marks,
        seen: &mut Seen<'w>,
        outputs: &mut Vec<Value<'w>>,
        files: &mut Vec<Value<'w>>,
        codes: &mut Vec<Code<'w>>,
    ) -> bool {
        if matches!(key, "--help" | "-help") {
            seen.help = true;
        }
        // `docker run --privileged`: the container can reach host files
        if HOST_ACCESS_FLAGS.contains(&key)
            && val.is_none_or(|v| !GO_FALSE.contains(&v))
            && spec
                .run()
                .is_some_and(|(_, kind)| kind == RunKind::Container)
        {
            seen.bind = true;
        }
        if any(spec.list(Field::ReadOnly), key, val) {
            seen.read_only = true;
        }
        if any(spec.list(Field::Listing), key, val) {
            seen.listing = true;
        }
        // `-*=*` is a word with a value glued on, not an option's value
        // (`exiftool -api k=v` is not `-TAG=V`)
        if seen.write_flag.is_none()
            && spec.list(Field::WriteFlags).any(|e| {
                matches(e, key, val)
                    && !(entry_key(e).contains('*') && e.contains('=') && takes_value(spec, key))
            })
        {
            seen.write_flag = Some(key);
        }
        if let Some(v) = val {
            if any(spec.list(Field::Output), key, None) {
                outputs.push((vi, key, v));
            }
            if any(spec.list(Field::Files), key, None) {
                files.push((vi, key, v));
            }
            if any(spec.list(Field::Code), key, None) {
                codes.push((vi, key, v, None));
            }
            if any(spec.list(Field::InlineCode), key, None) {
                codes.push((vi, key, v, Some(spec.code_lang())));
            }
            if !seen.bind && any(spec.list(Field::Mounts), key, None) {
                seen.bind = writable_mount(key, v);
            }
            if any(spec.list(Field::Chdir), key, None) {
                self.dir = if marks.path(vi, v) || v.starts_with('~') {
                    Dir::Unknown
                } else {
                    match &self.dir {
                        Dir::Here => Dir::At(v.to_string()),
                        Dir::At(d) => Dir::At(join(d, v)),
                        Dir::Unknown => Dir::Unknown,
                    }
                };
            }
        }
        any(spec.list(Field::RunAfter), key, None)
    }

    /// The outputs, files and code collected so far. `last`: these are all
    /// of them (not the ones before a subcommand).
    #[allow(clippy::too_many_arguments)]
    fn effects(
        &mut self,
        label: &str,
        args: &[Arg<'_>],
        marks: Marks,
        seen: &Seen<'_>,
        outputs: &[Value<'_>],
        files: &[Value<'_>],
        codes: &[Code<'_>],
        last: bool,
    ) {
        let _ = (args, last);
        if seen.help {
            return;
        }
        if !seen.read_only {
            for &(vi, opt, code, lang) in codes {
                let who = format!("{label} {opt}");
                let Some(lang) = lang else {
                    self.shell_code(&who, code, marks.code(vi, code));
                    continue;
                };
                if marks.code(vi, code) {
                    self.unknown(format_args!("the code run by {who}"), code);
                }
                self.code(lang, code, &who);
            }
            for &(vi, opt, v) in outputs {
                if !is_stdout(v) && !is_process(v, marks, vi) {
                    self.write_to(format!("{label} {opt} {v}"), v, marks.path(vi, v));
                }
            }
        }
        for &(vi, opt, v) in files {
            if !is_stdout(v) && !is_process(v, marks, vi) {
                self.write_to(format!("{label} {opt} {v}"), v, marks.path(vi, v));
            }
        }
    }

    /// The arguments that are shell code (`trap CODE`, `watch CMD`).
    fn code_args(
        &mut self,
        spec: &SpecRef,
        label: &str,
        args: &[Arg<'_>],
        marks: Marks,
        pos: &[usize],
        runs: bool,
    ) {
        match spec.code_args() {
            CodeArgs::None => {}
            _ if runs || pos.is_empty() => {}
            CodeArgs::First => {
                let p = pos[0];
                self.shell_code(label, &args[p], marks.code(p, &args[p]));
            }
            CodeArgs::All => {
                let runtime = pos.iter().any(|&p| marks.code(p, &args[p]));
                let code = pos
                    .iter()
                    .map(|&p| args[p].as_ref())
                    .collect::<Vec<_>>()
                    .join(" ");
                self.shell_code(label, &code, runtime);
            }
            CodeArgs::Each => {
                for &p in pos {
                    self.shell_code(label, &args[p], marks.code(p, &args[p]));
                }
            }
        }
    }

    /// Shell code a command runs; `runtime`: built by the calling shell.
    fn shell_code(&mut self, who: &str, code: &str, runtime: bool) {
        if code.is_empty() || code == "-" {
            return;
        }
        if runtime {
            self.unknown(format_args!("the code run by {who}"), code);
        }
        self.reanalyse(code);
    }

    /// A write of the `chosen` arguments; with none, a write of files it
    /// does not name if `unnamed`, else nothing.
    fn write_targets(
        &mut self,
        what: String,
        chosen: &[usize],
        args: &[Arg<'_>],
        marks: Marks,
        unnamed: bool,
    ) {
        if chosen.is_empty() {
            if unnamed {
                self.write(what);
            }
            return;
        }
        let mut any_file = false;
        for &k in chosen {
            let t = args[k].as_ref();
            if is_safe_target(t) || is_process(t, marks, k) {
                continue;
            }
            any_file = true;
            self.name_target(&what, t, marks.path(k, t));
        }
        if any_file {
            self.out.writes.push(what);
        }
    }

    /// A command in no table: written-to files from `-o`/`--output…`/`-out`
    /// (not a format: `-o json`), write flags (`--fix`, `--write`, `-w`,
    /// `--in-place`, `--update-snapshots`), a name that says it formats or
    /// fixes, and, for a command (not a project task), a first argument
    /// that scaffolds, formats or fixes or acts on local files (`new`,
    /// `fmt`, `install`, `sync`), `install`/`download`/`pull`/`clone`/`add` as
    /// the first or second (`TOOL env pull`), `config set`, `cache clean`;
    /// unless a `--dry-run`, `--check`, `--diff`, `--help` or the like
    /// makes it read-only. Unknown commands and scripts are noted for
    /// `shell.unknown`.
    pub(crate) fn generic(
        &mut self,
        name: &str,
        label: &str,
        args: &[Arg<'_>],
        marks: Marks,
        kind: Kind,
    ) {
        if kind != Kind::Task {
            self.unknown_command(name);
        }
        if says_read_only(args) {
            return;
        }
        let mut flag: Option<&str> = None;
        let mut outputs: Vec<Value<'_>> = Vec::new();
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let ai = i;
            i += 1;
            let (key, glued) = match a.split_once('=') {
                Some((k, v)) if k.len() > 2 && k.starts_with('-') => (k, Some(v)),
                _ => (a.as_ref(), None),
            };
            match key {
                k if WRITE_FLAGS.contains(&k) || CONFIRM_FLAGS.contains(&k) => {
                    flag.get_or_insert(k);
                }
                "-o" => {
                    if let Some(v) = args.get(i) {
                        outputs.push((i, "-o", v));
                        i += 1;
                    }
                }
                k if is_out_option(k) => match glued {
                    Some(v) => outputs.push((ai, k, v)),
                    None => {
                        if let Some(v) = args.get(i) {
                            outputs.push((i, k, v));
                            i += 1;
                        }
                    }
                },
                _ => {}
            }
        }
        let named_output = !outputs.is_empty();
        for (vi, opt, v) in outputs {
            if !is_stdout(v) && !is_format(v) {
                self.write_to(format!("{label} {opt} {v}"), v, marks.path(vi, v));
            }
        }
        if let Some(f) = flag {
            self.write(format!("{label} {f}"));
        }
        if is_fix_target(name) || (kind == Kind::Task && is_write_task(name)) {
            self.write(label.to_string());
        }
        if kind == Kind::Task {
            return;
        }
        // `npx create-expo-app my-app`: a `create-*` package scaffolds a
        // project (`npm init NAME` runs `create-NAME`)
        if kind == Kind::Unknown && name.len() > 7 && name.starts_with("create-") {
            self.write(label.to_string());
            return;
        }
        if let Some(said) = said_verb(args, named_output, true) {
            self.write(format!("{label} {said}"));
        }
        // `TOOL cp|copy SRC… DEST`: DEST, when it is on this machine
        let pos: Vec<usize> = (0..args.len())
            .filter(|&k| !args[k].starts_with('-'))
            .collect();
        if let [verb, _, .., dest] = pos[..]
            && COPY_VERBS.contains(&args[verb].as_ref())
        {
            let what = format!("{label} {}", args[verb].as_ref());
            // not `-`, `gs://b/x`, `remote:bucket`, `host:path`
            let to = select(Targets::Last, &[dest], args);
            self.write_targets(what, &to, args, marks, false);
        }
    }

    /// A known command's subcommand its table does not list (`TOOL SUB
    /// …`, `args` starting at `SUB`): the general rules' verbs (`TOOL
    /// login`, `TOOL config set`, `TOOL krew install`) and long write flags
    /// (`--fix`, `--write`; not `-w`, whose meaning varies too much among
    /// known tools), unless a dry run, a check or help makes it read-only.
    fn unlisted(&mut self, label: &str, args: &[Arg<'_>], nested: bool) {
        if says_read_only(args) {
            return;
        }
        let named_output = args.iter().any(|a| {
            let k = a.split_once('=').map_or(a.as_ref(), |(k, _)| k);
            k == "-o" || is_out_option(k)
        });
        if let Some(f) = args
            .iter()
            .map(|a| a.as_ref())
            .find(|a| a.starts_with("--") && WRITE_FLAGS.contains(a))
        {
            self.write(format!("{label} {f}"));
        } else if nested {
            // `TOOL NOUN VERB`: as a later word, only the verbs that bring
            // files onto this machine count (`dotnet nuget add`); `gh pr
            // create`, `gh release create` change remote resources
            if let Some(v) = args.first().filter(|v| WRITE_VERBS.contains(&v.as_ref())) {
                self.write(format!("{label} {v}"));
            }
        } else if let Some(said) = said_verb(args, named_output, false) {
            self.write(format!("{label} {said}"));
        }
    }

    /// Long output options on a known command whose spec names no output
    /// or written file of its own (`tsc --outDir types`, `TOOL export
    /// --output backup.sql`, `TOOL read --out-file f`): the general rules'
    /// `--output`, `--out-file`, `--outdir`, `-out`, … with a file as their
    /// value (not `-`, `/dev/stdout` or a format: `--output json`). Words
    /// after `--` are another program's.
    fn long_outputs(&mut self, label: &str, args: &[Arg<'_>], marks: Marks) {
        if says_read_only(args) {
            return;
        }
        let mut i = 0;
        while let Some(a) = args.get(i) {
            let ai = i;
            i += 1;
            if a == "--" {
                break;
            }
            let (key, glued) = match a.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None => (a.as_ref(), None),
            };
            if !is_out_option(key) {
                continue;
            }
            let (vi, v) = match glued {
                Some(v) => (ai, v),
                None => match args.get(i) {
                    Some(v) if v == "-" || !v.starts_with('-') => {
                        i += 1;
                        (ai + 1, v.as_ref())
                    }
                    _ => continue,
                },
            };
            if !v.is_empty() && !is_stdout(v) && !is_format(v) {
                self.write_to(format!("{label} {key} {v}"), v, marks.path(vi, v));
            }
        }
    }
}

/// The words Go reads as a true and as a false boolean (`readonly=1`,
/// `--privileged=0`).
const GO_TRUE: &[&str] = &["1", "t", "T", "true", "TRUE", "True"];
const GO_FALSE: &[&str] = &["0", "f", "F", "false", "FALSE", "False"];

/// Flags of a container run that let its command reach host files.
const HOST_ACCESS_FLAGS: &[&str] = &["--privileged"];

/// Host devices that are no disk, which a container given them with
/// `--device` cannot write host files through (sound, terminals, serial
/// ports, GPUs, KVM, FUSE, TUN, USB, video, input). Any other path is taken
/// as one that can: `/dev/sda`, `/dev/vg0/root` (LVM), `/dev/block/8:0`,
/// `/dev` (every device under it).
const NON_DISK_DEVICES: &[&str] = &[
    "/dev/snd",
    "/dev/tty",
    "/dev/pts/",
    "/dev/console",
    "/dev/ptmx",
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/dri",
    "/dev/nvidia",
    "/dev/kfd",
    "/dev/kvm",
    "/dev/vhost-",
    "/dev/fuse",
    "/dev/net/tun",
    "/dev/bus/usb",
    "/dev/video",
    "/dev/media",
    "/dev/input",
    "/dev/uinput",
    "/dev/hidraw",
    "/dev/i2c-",
    "/dev/gpiochip",
    "/dev/spidev",
    "/dev/vchiq",
    "/dev/accel",
    "/dev/dxg",
];

/// Does the value of mount option `key` give a container a writable host
/// path? `-v SRC:DST[:OPTS]` with SRC a path (`/…`, `.…`, `~…`, `$PWD`,
/// `$(pwd)`; not a volume name, not `:ro`), `--mount type=bind,…` without
/// `readonly`/`ro`, `--volumes-from` (another container's mounts, not
/// visible here), `--device` with a host disk.
fn writable_mount(key: &str, v: &str) -> bool {
    if key == "--volumes-from" {
        return true;
    }
    if key == "--device" {
        // `HOST[:CONTAINER[:PERMS]]`; not a CDI name (`nvidia.com/gpu=all`),
        // not `:r` (read only)
        let parts: Vec<&str> = v.trim_start_matches('=').split(':').collect();
        let host = parts[0];
        let perms = match parts[..] {
            [_, p] if p.chars().all(|c| "rwm".contains(c)) => Some(p),
            [_, _, p, ..] => Some(p),
            _ => None,
        };
        return host.starts_with('/')
            && perms.is_none_or(|p| p.contains('w'))
            && (host.split('/').any(|c| matches!(c, "." | ".."))
                || !NON_DISK_DEVICES.iter().any(|d| host.starts_with(d)));
    }
    if key == "--mount" {
        // docker reads the fields as CSV, keys and types in any case, and
        // `readonly=` as a Go boolean; podman's `glob` mounts host files
        let (mut bind, mut ro) = (false, false);
        for part in v.split(',') {
            let part = part.trim_matches('"');
            let (k, x) = part.split_once('=').unwrap_or((part, "true"));
            match k.to_ascii_lowercase().as_str() {
                "type" => bind = ["bind", "glob"].iter().any(|t| x.eq_ignore_ascii_case(t)),
                "readonly" | "ro" => ro = GO_TRUE.contains(&x),
                _ => {}
            }
        }
        return bind && !ro;
    }
    // `-v=SRC:DST`: pflag's glued short value
    let v = if key == "-v" {
        v.strip_prefix('=').unwrap_or(v)
    } else {
        v
    };
    let mut parts = v.split(':');
    let src = parts.next().unwrap_or("");
    if parts.next().is_none() {
        return false; // `-v /data`: an anonymous volume
    }
    let host = src.starts_with(['/', '.', '~', '$', '`']) || src.contains('/');
    let ro = parts.any(|o| o.split(',').any(|o| matches!(o, "ro" | "readonly")));
    host && !ro
}

/// A `--dry-run`/`--dryrun` on a known command (`--dry-run=client` too,
/// not kubectl's `--dry-run=none`): it writes nothing by itself; the
/// output files its spec names still count.
fn is_dry_run(key: &str, val: Option<&str>) -> bool {
    matches!(key, "--dry-run" | "--dryrun") && !matches!(val, Some("none" | "false"))
}

/// A dry run, a check, help (`--dry-run=client` too), or a flag that
/// sends the result to standard output (`--print`, `--stdout`, `--list`)
/// with no write flag or output file beside it (`TOOL fmt --write
/// --print` still writes): the general rules add no write.
fn says_read_only(args: &[Arg<'_>]) -> bool {
    fn key(a: &str) -> &str {
        a.split_once('=').map_or(a, |(k, _)| k)
    }
    if args.iter().any(|a| READ_ONLY_FLAGS.contains(&key(a))) {
        return true;
    }
    if !args.iter().any(|a| PRINT_FLAGS.contains(&key(a))) {
        return false;
    }
    !args.iter().enumerate().any(|(i, a)| {
        let k = key(a);
        let file = |v: Option<&str>| v.is_some_and(|v| !is_stdout(v) && !is_format(v));
        WRITE_FLAGS.contains(&k)
            || ((k == "-o" || is_out_option(k))
                && file(
                    a.split_once('=')
                        .map(|(_, v)| v)
                        .or(args.get(i + 1).map(AsRef::as_ref)),
                ))
    })
}

/// The verb the first two words of a command that are not options say
/// writes: `TOOL VERB …` or `TOOL NOUN VERB …` (see [`Cx::generic`]).
/// `named_output`: an output option says where the result goes.
/// `second_verbs`: `install`, `login`, … count as the second word too; not
/// after a known command's subcommand, whose next word is mostly its
/// argument (`cargo test login`, `cargo run -- install`): there only the
/// `NOUN VERB` pairs do (`aws sso login`, `kubectl krew install`).
fn said_verb(args: &[Arg<'_>], named_output: bool, second_verbs: bool) -> Option<String> {
    // The first two arguments that are not options: `TOOL VERB …` or
    // `TOOL NOUN VERB …`.
    let mut words = args.iter().filter(|a| !a.starts_with('-'));
    let first = words.next().map(|a| a.as_ref());
    let second = words.next().map(|a| a.as_ref());
    // `TOOL help install`: prints.
    let verb = first.filter(|&v| v != "help")?;
    if SCAFFOLD_VERBS.contains(&verb)
        || FIRST_WRITE_VERBS.contains(&verb)
        || (is_fix_target(verb) && verb != "apply" && !named_output)
    {
        // `TOOL new|init|create|generate|scaffold|add …`: scaffolding;
        // `TOOL update|sync|restore …`: files on this machine;
        // `TOOL fmt|format|fix|format:write …`, unless an output option
        // says where the result goes (`--output=none`). Not `TOOL
        // apply`: that mostly changes remote resources.
        Some(verb.to_string())
    } else if let Some(v) = [Some(verb), second.filter(|_| second_verbs)]
        .into_iter()
        .flatten()
        .find(|v| WRITE_VERBS.contains(v))
    {
        // `TOOL install …`, `TOOL collection install …`, `TOOL env pull`
        Some(v.to_string())
    } else if let Some(v) = second
        && let Some((_, verbs)) = NOUN_VERBS.iter().find(|(n, _)| *n == verb)
        && verbs.contains(&v)
    {
        // `TOOL config set|unset|use-context …`: its config file;
        // `TOOL cache clean|purge`: its cache
        Some(format!("{verb} {v}"))
    } else if let Some(v) = second
        && LOCAL_NOUNS.contains(&verb)
        && LOCAL_VERBS.contains(&v)
    {
        // `TOOL dependency update`, `TOOL mod tidy`, `TOOL env remove`
        Some(format!("{verb} {v}"))
    } else {
        None
    }
}

/// Flags that make an unknown command read-only: dry runs, checks, diffs,
/// help, printing to standard output.
const READ_ONLY_FLAGS: &[&str] = &[
    "--dry-run",
    "--dryrun",
    "--check",
    "-check",
    "--check-only",
    "--check-formatted",
    "--diff",
    "-diff",
    "--list-different",
    "--set-exit-if-changed",
    "--validate",
    "--verify-no-changes",
    "--pretend",
    "--simulate",
    "--help",
    "-help",
];

/// Flags that send the result to standard output: read-only unless a
/// write flag or an output file is given too.
const PRINT_FLAGS: &[&str] = &["--list", "--stdout", "--print"];

/// Flags that make an unknown command write files it does not name: fixes,
/// in-place edits, snapshot updates.
const WRITE_FLAGS: &[&str] = &[
    "--fix",
    "-fix",
    "--fix-errors",
    "--write",
    "-w",
    "--in-place",
    "--inplace",
    "--write-changes",
    "--autofix",
    "--autocorrect",
    "--autocorrect-all",
    "--update-snapshots",
    "--snapshot-update",
    "--updateSnapshot",
];

/// Flags that skip a confirmation or overwrite what exists: an unknown
/// command given one changes something (`TOOL --yes`, `TOOL --force`,
/// `terraform apply -auto-approve`). Not for a known command's unlisted
/// subcommand, mostly a remote change there (`gh repo delete --yes`).
const CONFIRM_FLAGS: &[&str] = &[
    "--yes",
    "--assume-yes",
    "--force",
    "-auto-approve",
    "--auto-approve",
    "--noconfirm",
];

/// First words that copy files: `TOOL cp|copy SRC… DEST` writes DEST
/// when it is on this machine (`docker cp`, `gsutil cp`, `rclone copy`).
const COPY_VERBS: &[&str] = &["cp", "copy"];

/// First words that make an unknown command scaffold files.
const SCAFFOLD_VERBS: &[&str] = &["new", "init", "create", "generate", "scaffold", "add"];

/// Verbs that make an unknown command write as its first argument
/// (`TOOL update`, `TOOL sync`): they act on this machine's files. As a
/// later argument they mostly change a remote resource (`TOOL app sync`,
/// `TOOL webapp update`), so they count only first.
const FIRST_WRITE_VERBS: &[&str] = &[
    "update",
    "sync",
    "restore",
    "remove",
    "link",
    "unlink",
    "encrypt",
    "decrypt",
    "record",
    "use",
    "bump",
    // the project's build output, lock file, dependencies, migrations
    "lock",
    "require",
    "revision",
    "autoupdate",
    "prune",
    // services and directories this machine trusts
    "enable",
    "disable",
    "allow",
    // a repository and its work tree (git, hg, jj, sl, dolt)
    "commit",
    "merge",
    "rebase",
    "cherry-pick",
    "revert",
    "reset",
    "switch",
    // files made from files
    "edit",
    "convert",
    "import",
    "render",
];

/// Verbs that make an unknown command write as its first or second
/// argument (`TOOL install`, `TOOL collection install`, `TOOL release
/// download`, `TOOL env pull`): they bring files onto this machine.
const WRITE_VERBS: &[&str] = &[
    "install",
    "uninstall",
    "download",
    "pull",
    "clone",
    "checkout",
    "vendor",
    "add",
    "login",
    "logout",
];

/// `TOOL NOUN VERB` where the noun is something of this project or
/// machine (its dependencies, packages, module, environment, tools,
/// workspace, version override) and the verb changes it: `TOOL
/// dependency update`, `TOOL mod tidy`, `TOOL env remove`, `TOOL override
/// set`. Not `TOOL app update`: an app, a secret, a webapp is mostly
/// remote.
const LOCAL_NOUNS: &[&str] = &[
    "dependency",
    "dependencies",
    "dep",
    "deps",
    "package",
    "packages",
    "pkg",
    "mod",
    "module",
    "modules",
    "flake",
    "env",
    "venv",
    "tool",
    "tools",
    "toolchain",
    "project",
    "workspace",
    "work",
    "override",
    "user-secrets",
];

/// Verbs that change what a [`LOCAL_NOUNS`] noun names.
const LOCAL_VERBS: &[&str] = &[
    "update", "upgrade", "init", "new", "create", "set", "unset", "tidy", "remove", "rm", "lock",
    "sync", "clean", "prune", "use",
];

/// `TOOL NOUN VERB`: verbs that write the tool's files when they follow
/// the noun: its configuration, its cache.
const NOUN_VERBS: &[(&str, &[&str])] = &[
    (
        "config",
        &[
            "set",
            "unset",
            "use",
            "use-context",
            "set-context",
            "set-cluster",
            "set-credentials",
            "delete-context",
            "rename-context",
            "edit",
            "save",
        ],
    ),
    // `TOOL context create|use …`: the tool's contexts in its config dir
    (
        "context",
        &["create", "use", "rm", "remove", "update", "import"],
    ),
    // `TOOL auth login`, `TOOL sso login`, `TOOL registry login`: the
    // tool's credentials in the home directory
    ("auth", &["login", "logout"]),
    ("sso", &["login", "logout"]),
    ("registry", &["login", "logout"]),
    // `TOOL krew install`, `TOOL plugin install`: plugins in the home
    // directory
    ("krew", &["install", "uninstall", "upgrade"]),
    (
        "plugin",
        &["install", "uninstall", "add", "remove", "update"],
    ),
    (
        "plugins",
        &["install", "uninstall", "add", "remove", "update"],
    ),
    // `TOOL settings set KEY VALUE`: the tool's settings file
    ("settings", &["set", "unset", "add"]),
    // `TOOL store prune`: the tool's package store
    ("store", &["prune", "add"]),
    // `TOOL export kubeconfig`: ~/.kube/config
    ("export", &["kubeconfig"]),
    // `TOOL migration new NAME`: a migration file
    ("migration", &["new", "create", "generate"]),
    ("migrations", &["new", "create", "generate"]),
    (
        "cache",
        &["clean", "clear", "purge", "prune", "rm", "remove", "delete"],
    ),
];

/// An output option's value that names a format, not a file (`-o json`,
/// `--output=yaml`, `-o jsonpath=…`, `ssh -o Key=value`).
fn is_format(v: &str) -> bool {
    FORMATS.contains(&v) || v.split_once('=').is_some_and(|(k, _)| !k.contains('/'))
}

/// Output formats tools take as `-o`/`--output` values.
const FORMATS: &[&str] = &[
    "json",
    "jsonl",
    "ndjson",
    "yaml",
    "yml",
    "wide",
    "table",
    "text",
    "tsv",
    "csv",
    "name",
    "none",
    "raw",
    "plain",
    "pretty",
    "short",
    "compact",
    "tree",
    "markdown",
    "md",
    "toml",
    "env",
    "sarif",
    "junit",
    "github",
    "human",
    "jsonc",
    "yamlc",
    "yaml-stream",
    "template",
    "go-template",
    "jsonpath",
    "jsonpath-as-json",
];

/// Is the single output position `targets` names (the n-th, the last)
/// given as `-`, standard output?
fn stdout_target(targets: Targets, pos: &[usize], args: &[Arg<'_>]) -> bool {
    let at = match targets {
        Targets::Nth(n) => pos.get(usize::from(n).saturating_sub(1)),
        Targets::Last => pos.last(),
        _ => None,
    };
    at.is_some_and(|&k| args[k] == "-")
}

/// A word that is a process substitution (`>(wc -c)`): a pipe to a command
/// analysed on its own, not a file.
fn is_process(word: &str, marks: Marks, k: usize) -> bool {
    (word.starts_with(">(") || word.starts_with("<(")) && marks.code(k, word)
}

/// The arguments (indexes into `args`) that `targets` selects from the
/// positional ones, without `-` (standard input or output) and remote
/// `host:path` ones.
fn select(targets: Targets, pos: &[usize], args: &[Arg<'_>]) -> Vec<usize> {
    let chosen: Vec<usize> = match targets {
        Targets::None => Vec::new(),
        Targets::All => pos.to_vec(),
        Targets::First => pos.first().copied().into_iter().collect(),
        Targets::Last => pos.last().copied().into_iter().collect(),
        Targets::Dest if pos.len() >= 2 => pos.last().copied().into_iter().collect(),
        Targets::Dest => Vec::new(),
        Targets::Nth(n) => pos
            .get(usize::from(n).saturating_sub(1))
            .copied()
            .into_iter()
            .collect(),
        Targets::From(n) => pos
            .get(usize::from(n).saturating_sub(1)..)
            .unwrap_or(&[])
            .to_vec(),
    };
    chosen
        .into_iter()
        .filter(|&k| args[k] != "-" && !is_remote(&args[k]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(crate::proptest_config(4000))]

        /// The cheap test lets through every word whose option
        /// [`is_out_option`] takes.
        #[test]
        fn the_cheap_test_keeps_every_output_option(
            a in "(-{0,3})(out|dest|destination|export-|go_out|x_out|output|o)?[a-z_=-]{0,6}"
        ) {
            let k = a.split_once('=').map_or(a.as_str(), |(k, _)| k);
            if is_out_option(k) {
                prop_assert!(maybe_out_option(&a), "{a:?}");
            }
        }
    }
}
