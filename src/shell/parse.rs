//! The syntax half of the analyser: turns a command line into a flat list of
//! simple commands (words after quote removal, redirections, here-doc bodies),
//! including the ones nested in `$(…)`, backticks, `<(…)`, subshells, braces
//! and control-flow bodies. It knows nothing about what commands mean; that is
//! `classify`'s job. Quote removal loses what was expanded, so each command
//! also carries [`RunTime`] masks: which of its words hold expansions, and
//! which cannot be known as a command name before run time.
//!
//! It works on the input's bytes (ASCII) or a `Vec<char>` with bounds-checked
//! look-ups only, so no input can make it index out of range or split a UTF-8
//! sequence, and every nesting step goes through [`Parser::enter`], which
//! stops at [`super::MAX_DEPTH`].
//!
//! Cost on long command lines: most words are borrowed from the line, not
//! copied ([`Parser::borrow_word`]), and [`parse_each`] hands commands out as
//! soon as nothing later can change them, so a line is never held whole and
//! the memory of what was handed out is reused (a hook pays for every page it
//! touches).

use std::borrow::Cow;
use std::cell::Cell;

use super::MAX_DEPTH;

/// One word after quote removal. Substitutions (`$(…)`, `${…}`, backticks)
/// are kept as their source text; the commands inside them are parsed
/// separately.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Word<'s> {
    /// A slice of the source where the word is one (see
    /// [`Parser::borrow_word`]), else its own text.
    pub text: Cow<'s, str>,
    /// No quotes, escapes or expansions: only such a word can be a keyword.
    pub plain: bool,
    /// What of it is only known at run time: `RT_*` bits.
    pub rt: u8,
}

/// One word of a command as the analyser sees it: borrowed from the
/// command line where it can be.
pub(crate) type Arg<'s> = Cow<'s, str>;

/// The word holds an expansion whose value may be any text (`$x`, `"${x}"`,
/// `$(…)`, backticks, `<(…)`; not `$((…))` or `$?`, which are numbers):
/// run as code (`eval`, `bash -c`), that text is code.
pub(crate) const RT_CODE: u8 = 1;
/// Such an expansion outside double quotes: it may split into several words.
pub(crate) const RT_SPLIT: u8 = 2;
/// As a command name the word is only known at run time: an unquoted
/// expansion, glob or brace pair (`{a,b}`, and the `{}` that `find -exec`
/// and `xargs -I` fill in), or a quoted expansion in its last path
/// component (`"$HOME/bin/x"` still names `x`; `"$tool"`, `$HOME/bin/x` do
/// not).
pub(crate) const RT_NAME: u8 = 4;

/// Which words of a command are only known at run time, one mask per `RT_*`
/// bit with one bit per word (bit 63 stands for word 63 and all after it).
/// Plain integers: ordinary commands cost nothing extra.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RunTime {
    pub code: u64,
    pub split: u64,
    pub name: u64,
}

impl RunTime {
    pub(crate) fn set(&mut self, word: usize, rt: u8) {
        let bit = 1u64 << word.min(63);
        if rt & RT_CODE != 0 {
            self.code |= bit;
        }
        if rt & RT_SPLIT != 0 {
            self.split |= bit;
        }
        if rt & RT_NAME != 0 {
            self.name |= bit;
        }
    }
}

/// Expansions met since the flags were last cleared (`Parser::exp`): any,
/// and ones whose value may be any text (see `RT_CODE`).
const EXP_ANY: u8 = 1;
const EXP_CODE: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RedirOp {
    /// `>`
    Out,
    /// `>>`
    Append,
    /// `>|`
    Clobber,
    /// `<>`
    ReadWrite,
    /// `&>`
    AndOut,
    /// `&>>`
    AndAppend,
    /// `>&` (a descriptor copy, or a file when the target is not a number)
    DupOut,
    /// `<`
    In,
    /// `<&`
    DupIn,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Redirect {
    pub op: RedirOp,
    pub target: String,
    /// What of the target is only known at run time: `RT_*` bits.
    pub rt: u8,
}

/// A simple command as written, before wrappers are looked at.
#[derive(Clone, Debug, Default)]
pub(crate) struct RawCommand<'s> {
    /// Its words after quote removal: slices of the command line where they
    /// can be (most words), so a long command is not copied word by word.
    pub words: Vec<Arg<'s>>,
    /// Which of `words` are only known at run time.
    pub rt: RunTime,
    pub redirects: Vec<Redirect>,
    /// The text fed to its standard input by a here-doc or here-string.
    pub stdin_text: Option<String>,
    /// That text has expansions in it (`<<< "$x"`, an unquoted here-doc
    /// with `$(…)`): what it is exactly is only known at run time.
    pub stdin_runtime: bool,
    /// Index (in the same list) of the command piped into this one.
    pub pipe_prev: Option<usize>,
    /// What is piped in is a compound command (`( … ) |`, `done |`), whose
    /// output is more than that of the command at `pipe_prev`.
    pub pipe_compound: bool,
    /// How deeply nested it was; interpreters re-analysed from it start here.
    pub level: usize,
    /// It runs in a pipeline or in the background (`cd x | y`, `cd x &`):
    /// in a subshell of its own.
    pub detached: bool,
    /// A descriptor other than 0 is opened on a file for reading (`3<f`,
    /// `1<f`): `/dev/fd/3` and `/dev/stdout` then reopen that file.
    pub fd_input: bool,
    heredoc: Option<usize>,
}

/// Move each command's here-doc body (read by now) into it.
fn resolve_heredocs(cmds: &mut [RawCommand<'_>], heredocs: &mut [HereDoc]) {
    for c in cmds {
        if let Some(i) = c.heredoc.take()
            && let Some(h) = heredocs.get_mut(i)
        {
            c.stdin_text = h.body.take();
            c.stdin_runtime = h.runtime;
        }
    }
}

impl RawCommand<'_> {
    /// The same command with words of its own, for a source that does not
    /// live on (a backtick's or here-doc's unescaped text).
    fn into_owned(self) -> RawCommand<'static> {
        RawCommand {
            words: self
                .words
                .into_iter()
                .map(|w| Cow::Owned(w.into_owned()))
                .collect(),
            rt: self.rt,
            redirects: self.redirects,
            stdin_text: self.stdin_text,
            stdin_runtime: self.stdin_runtime,
            pipe_prev: self.pipe_prev,
            pipe_compound: self.pipe_compound,
            level: self.level,
            detached: self.detached,
            fd_input: self.fd_input,
            heredoc: self.heredoc,
        }
    }
}

/// A whole parse at once (the tests' and the second opinion's view).
#[cfg(test)]
pub(crate) struct Parsed<'s> {
    pub commands: Vec<RawCommand<'s>>,
    pub error: Option<String>,
}

type PResult<T> = Result<T, String>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    Eof,
    Paren,
    Case,
}

struct HereDoc {
    delim: String,
    strip_tabs: bool,
    quoted: bool,
    body: Option<String>,
    /// Unquoted and with expansions in the body.
    runtime: bool,
}

/// Parse `src` whole. `level` is the nesting depth it was found at;
/// `budget` is the number of characters all parses of one `analyse` call
/// may still read.
#[cfg(test)]
pub(crate) fn parse<'s>(src: &'s str, level: usize, budget: &Cell<usize>) -> Parsed<'s> {
    let mut p = Parser::new(src, level, budget, None);
    let res = p.charge().and_then(|()| p.run_list());
    Parsed {
        commands: p.finish(),
        error: res.err(),
    }
}

/// Parse `src` and hand its commands to `each` a few at a time, in order,
/// as soon as nothing later can change them (a top-level command list goes
/// on; no pipe or here-doc is open). A long command line is never held
/// whole: what was handed out is dropped and its memory reused. Returns
/// the parse error, if any; the commands before it have been handed out.
pub(crate) fn parse_each<'s>(
    src: &'s str,
    level: usize,
    budget: &Cell<usize>,
    each: &mut dyn FnMut(&[RawCommand<'s>]),
) -> Option<String> {
    // The parse draws on the budget as it stood when it began, as it did
    // when a line was parsed whole before any of it was classified: the
    // nested code of commands handed out early (`eval …`, `bash -c …`)
    // must not starve a later backtick or here-doc, or the commands after
    // it would never be parsed (nor shown to deny globs).
    // What it spends still comes off the shared budget as it goes, so the
    // nested code classified meanwhile sees it spent.
    let own = Cell::new(budget.get());
    let mut p = Parser::new(src, level, &own, Some(each));
    p.shared = Some(budget);
    let res = p.charge().and_then(|()| p.run_list());
    if let Some(each) = p.each.take() {
        each(&p.finish());
    }
    res.err()
}

/// The source, one entry per character: the input's own bytes when it is
/// ASCII (nearly every real command line: no copy), else its chars. Peak
/// memory matters here: every page a hook call touches costs wall time.
enum Source<'s> {
    Ascii(&'s [u8]),
    Chars(Vec<char>),
}

impl<'s> Source<'s> {
    fn new(src: &'s str) -> Self {
        if src.is_ascii() {
            Source::Ascii(src.as_bytes())
        } else {
            Source::Chars(src.chars().collect())
        }
    }

    fn len(&self) -> usize {
        match self {
            Source::Ascii(b) => b.len(),
            Source::Chars(c) => c.len(),
        }
    }

    fn get(&self, i: usize) -> Option<char> {
        match self {
            Source::Ascii(b) => b.get(i).map(|&b| char::from(b)),
            Source::Chars(c) => c.get(i).copied(),
        }
    }

    fn slice(&self, from: usize, to: usize) -> String {
        let to = to.min(self.len());
        match self {
            Source::Ascii(b) => b
                .get(from..to)
                .map(|b| b.iter().map(|&b| char::from(b)).collect())
                .unwrap_or_default(),
            Source::Chars(c) => c.get(from..to).unwrap_or(&[]).iter().collect(),
        }
    }
}

/// Where [`parse_each`] hands finished commands.
type Each<'s, 'b> = &'b mut dyn FnMut(&[RawCommand<'s>]);

struct Parser<'s, 'b> {
    /// Where finished commands go (see [`parse_each`]); `None`: they are
    /// kept for [`Parser::finish`].
    each: Option<Each<'s, 'b>>,
    /// The source itself, which words are borrowed from.
    src: &'s str,
    s: Source<'s>,
    pos: usize,
    level: usize,
    budget: &'b Cell<usize>,
    /// The shared budget a streaming parse also charges (see
    /// [`parse_each`]); it never fails the parse.
    shared: Option<&'b Cell<usize>>,
    cmds: Vec<RawCommand<'s>>,
    /// Word lists of commands handed out, emptied for the next ones.
    spare: Vec<Vec<Arg<'s>>>,
    heredocs: Vec<HereDoc>,
    pending: Vec<usize>,
    /// `EXP_*` flags of the expansions read since `read_word` cleared them.
    exp: u8,
    /// Length of the text being read just after the last expansion read.
    exp_end: usize,
    /// The simple command just parsed ended a compound one (`)`, `}`,
    /// `done`, `fi`, `esac`).
    compound_end: bool,
}

fn is_meta(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')'
    )
}

/// Where an unquoted word ends: a blank or an operator, except `(`, which
/// [`Parser::read_word_copied`] may take into the word (`arr=(…)`, `@(…)`).
fn ends_word(c: u8) -> bool {
    c != b'(' && is_meta(char::from(c))
}

/// `NAME=` or `NAME+=` (what comes before an array value).
fn is_assign_prefix(t: &str) -> bool {
    let t = t.strip_suffix('=').unwrap_or("");
    let t = t.strip_suffix('+').unwrap_or(t);
    is_name(t)
}

pub(crate) fn is_name(t: &str) -> bool {
    let mut cs = t.chars();
    matches!(cs.next(), Some(c) if c == '_' || c.is_ascii_alphabetic())
        && cs.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

impl<'s, 'b> Parser<'s, 'b> {
    fn new(
        src: &'s str,
        level: usize,
        budget: &'b Cell<usize>,
        each: Option<Each<'s, 'b>>,
    ) -> Self {
        // Handed out as they are done, the commands need little room; kept,
        // one per ~24 bytes is generous for real command lines, and
        // reserving up front avoids regrowing (and copying) the list.
        let room = if each.is_some() {
            8
        } else {
            src.len() / 24 + 1
        };
        Parser {
            each,
            src,
            s: Source::new(src),
            pos: 0,
            level,
            budget,
            shared: None,
            cmds: Vec::with_capacity(room),
            spare: Vec::new(),
            heredocs: Vec::new(),
            pending: Vec::new(),
            exp: 0,
            exp_end: 0,
            compound_end: false,
        }
    }

    /// Take this parse's length from the shared budget.
    fn charge(&self) -> PResult<()> {
        let need = self.s.len().max(1);
        let left = self.budget.get();
        if need > left {
            self.budget.set(0);
            return Err("command too complex to analyse".into());
        }
        self.budget.set(left - need);
        if let Some(shared) = self.shared {
            shared.set(shared.get().saturating_sub(need));
        }
        Ok(())
    }

    fn run_list(&mut self) -> PResult<()> {
        self.parse_list(Stop::Eof)?;
        if let Some(&i) = self.pending.first() {
            let d = self
                .heredocs
                .get(i)
                .map(|h| h.delim.clone())
                .unwrap_or_default();
            return Err(format!("here-doc never closed (missing '{d}')"));
        }
        Ok(())
    }

    /// Resolve here-doc bodies into the commands and hand them out.
    fn finish(mut self) -> Vec<RawCommand<'s>> {
        resolve_heredocs(&mut self.cmds, &mut self.heredocs);
        self.cmds
    }

    /// Hand the finished commands to `each`, all but the last pipeline: a
    /// `done |` or `fi |` yet to come pipes the last one's output on, and a
    /// command keeps the one piped into it. Only called between top-level
    /// commands when no pipe is open; with here-docs still to be read, the
    /// commands wait for their bodies.
    fn flush(&mut self) {
        let Some(each) = self.each.as_mut() else {
            return;
        };
        if !self.pending.is_empty() {
            return;
        }
        // Keep from the first command any kept one is piped from.
        let mut keep = self.cmds.len().saturating_sub(1);
        let mut i = self.cmds.len();
        while i > keep {
            i -= 1;
            if let Some(p) = self.cmds.get(i).and_then(|c| c.pipe_prev) {
                keep = keep.min(p);
            }
        }
        if keep == 0 {
            return;
        }
        let done = &mut self.cmds[..keep];
        resolve_heredocs(done, &mut self.heredocs);
        each(done);
        for c in self.cmds.drain(..keep) {
            let mut words = c.words;
            words.clear();
            self.spare.push(words);
        }
        for c in &mut self.cmds {
            c.pipe_prev = c.pipe_prev.map(|p| p - keep);
        }
    }

    fn peek(&self, off: usize) -> Option<char> {
        self.s.get(self.pos.checked_add(off)?)
    }

    fn slice(&self, from: usize, to: usize) -> String {
        self.s.slice(from, to)
    }

    fn enter(&mut self) -> PResult<()> {
        self.level += 1;
        if self.level > MAX_DEPTH {
            return Err("nesting too deep".into());
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.level = self.level.saturating_sub(1);
    }

    /// Does the keyword `kw` stand at the current position as a whole word?
    fn at_keyword(&self, kw: &str) -> bool {
        let n = kw.chars().count();
        kw.chars().enumerate().all(|(i, c)| self.peek(i) == Some(c))
            && self.peek(n).is_none_or(is_meta)
    }

    fn skip_blanks(&mut self) {
        loop {
            match self.peek(0) {
                // Not `\r`: to bash it is an ordinary character (`x\r#` is
                // one word, not a word and a comment).
                Some(' ' | '\t') => self.pos += 1,
                Some('\\') if self.peek(1) == Some('\n') => self.pos += 2,
                _ => return,
            }
        }
    }

    fn skip_comment(&mut self) {
        while let Some(c) = self.peek(0) {
            if c == '\n' {
                return;
            }
            self.pos += 1;
        }
    }

    /// Blanks, comments and newlines (reading here-doc bodies at each newline).
    fn skip_space_and_newlines(&mut self) -> PResult<()> {
        loop {
            self.skip_blanks();
            match self.peek(0) {
                Some('\n') => {
                    self.pos += 1;
                    self.read_heredocs()?;
                }
                Some('#') => self.skip_comment(),
                _ => return Ok(()),
            }
        }
    }

    fn parse_list(&mut self, stop: Stop) -> PResult<()> {
        let mut pipe_from: Option<(usize, bool)> = None;
        loop {
            self.skip_blanks();
            let Some(c) = self.peek(0) else {
                return match stop {
                    Stop::Eof => Ok(()),
                    Stop::Paren => Err("unclosed '(' or '$('".into()),
                    Stop::Case => Err("unterminated case (missing 'esac')".into()),
                };
            };
            match c {
                '\n' => {
                    self.pos += 1;
                    self.read_heredocs()?;
                    continue;
                }
                '#' => {
                    self.skip_comment();
                    continue;
                }
                ';' => {
                    if matches!(self.peek(1), Some(';' | '&')) {
                        if stop == Stop::Case {
                            return Ok(());
                        }
                        return Err("unexpected ';;' outside case".into());
                    }
                    self.pos += 1;
                    pipe_from = None;
                    continue;
                }
                '&' if self.peek(1) != Some('>') => {
                    if self.peek(1) == Some('&') {
                        self.pos += 2;
                    } else {
                        self.pos += 1;
                        if let Some(last) = self.cmds.last_mut() {
                            last.detached = true;
                        }
                    }
                    pipe_from = None;
                    continue;
                }
                '|' => {
                    if self.peek(1) == Some('|') {
                        self.pos += 2;
                        pipe_from = None;
                    } else {
                        if let Some(last) = self.cmds.last_mut() {
                            last.detached = true;
                        }
                        self.pos += if self.peek(1) == Some('&') { 2 } else { 1 };
                        pipe_from = self
                            .cmds
                            .len()
                            .checked_sub(1)
                            .map(|p| (p, self.compound_end));
                    }
                    continue;
                }
                ')' => {
                    if stop == Stop::Paren {
                        return Ok(());
                    }
                    return Err("unexpected ')'".into());
                }
                _ => {}
            }
            if stop == Stop::Case && self.at_keyword("esac") {
                return Ok(());
            }
            if stop == Stop::Eof && pipe_from.is_none() {
                self.flush();
            }
            let before = self.pos;
            let first_new = self.cmds.len();
            self.parse_command()?;
            if let Some((p, compound)) = pipe_from.take()
                && self.cmds.len() > first_new
                && let Some(last) = self.cmds.last_mut()
            {
                last.pipe_prev = Some(p);
                last.pipe_compound = compound;
            }
            if self.pos == before {
                return Err(format!("unexpected '{c}'"));
            }
        }
    }

    fn parse_command(&mut self) -> PResult<()> {
        if self.peek(0) == Some('(') {
            if self.peek(1) == Some('(') && self.is_arith(0) {
                self.skip_arith()?;
            } else {
                self.pos += 1;
                self.enter()?;
                self.parse_list(Stop::Paren)?;
                self.leave();
                self.pos += 1; // the ')' parse_list stopped at
            }
            return self.parse_simple(true);
        }
        self.parse_simple(false)
    }

    /// Is the `((` at `off` arithmetic? Only when the `)` closing its second
    /// `(` is followed at once by another: bash runs `((cmd) )` and
    /// `$((cmd) )` as nested subshells. Unclosed: left to
    /// [`Parser::skip_arith`] to report.
    fn is_arith(&self, off: usize) -> bool {
        let mut depth = 0usize;
        let mut i = off;
        while let Some(c) = self.peek(i) {
            i += 1;
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 1 {
                        return self.peek(i) == Some(')');
                    }
                }
                '\\' => i += 1,
                '\'' => {
                    while self.peek(i).is_some_and(|q| q != '\'') {
                        i += 1;
                    }
                    i += 1;
                }
                '"' => {
                    while let Some(q) = self.peek(i) {
                        i += if q == '\\' { 2 } else { 1 };
                        if q == '"' {
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Skip `((…))` or `$((…))` (the position is at the first `(`). The
    /// substitutions inside (`$(…)`, backticks, `${…}`) are parsed: they
    /// run.
    fn skip_arith(&mut self) -> PResult<()> {
        let mut depth = 0usize;
        let mut sink = String::new();
        while let Some(c) = self.peek(0) {
            match c {
                '$' if matches!(self.peek(1), Some('(' | '{'))
                    && (self.peek(2) != Some('(') || !self.is_arith(1)) =>
                {
                    self.read_dollar(&mut sink, true)?;
                    sink.clear();
                    continue;
                }
                '`' => {
                    self.read_backtick(&mut sink)?;
                    sink.clear();
                    continue;
                }
                _ => {}
            }
            self.pos += 1;
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err("unterminated arithmetic '(('".into())
    }

    /// One simple command: words and redirections up to an operator. After a
    /// compound command (`( … )`) only its trailing redirections follow.
    fn parse_simple(&mut self, after_compound: bool) -> PResult<()> {
        let mut cmd = RawCommand {
            words: self.spare.pop().unwrap_or_default(),
            level: self.level,
            ..RawCommand::default()
        };
        let mut cmd_pos = !after_compound;
        let mut dbracket = false;
        let mut closes = after_compound;
        loop {
            self.skip_blanks();
            let Some(c) = self.peek(0) else { break };
            match c {
                '\n' | ';' => break,
                '|' | ')' if !dbracket => break,
                '&' if !dbracket && self.peek(1) != Some('>') => break,
                '#' => {
                    self.skip_comment();
                    break;
                }
                '<' | '>' if self.peek(1) == Some('(') && !dbracket => {
                    let w = self.read_proc_subst()?;
                    cmd.rt.set(cmd.words.len(), w.rt);
                    cmd.words.push(w.text);
                    cmd_pos = false;
                    continue;
                }
                '<' | '>' | '&' if !dbracket => {
                    self.parse_redirect(&mut cmd)?;
                    // A keyword after a redirection is an ordinary word
                    // (`>f function g` runs `function`, creating f).
                    cmd_pos = false;
                    continue;
                }
                '(' if !dbracket => {
                    if !cmd.words.is_empty() && self.funcdef_parens() {
                        self.compound_end = false;
                        return Ok(()); // `name() …`: the body is the next command
                    }
                    if cmd_pos && cmd.words.is_empty() && cmd.redirects.is_empty() {
                        return self.parse_command(); // `if (…)`, `! (…)`
                    }
                    return Err("unexpected '('".into());
                }
                _ => {}
            }
            // bash's named descriptor, `{NAME}>FILE`, `{NAME}<&-`: a
            // redirection, not a word
            if !dbracket
                && c == '{'
                && self
                    .peek(1)
                    .is_some_and(|d| d == '_' || d.is_ascii_alphabetic())
            {
                let mut j = 2;
                while self
                    .peek(j)
                    .is_some_and(|d| d == '_' || d.is_ascii_alphanumeric())
                {
                    j += 1;
                }
                if self.peek(j) == Some('}') && matches!(self.peek(j + 1), Some('<' | '>')) {
                    self.pos += j + 1;
                    self.parse_redirect(&mut cmd)?;
                    cmd_pos = false;
                    continue;
                }
            }
            if !dbracket && c.is_ascii_digit() {
                let mut j = 0;
                while self.peek(j).is_some_and(|d| d.is_ascii_digit()) {
                    j += 1;
                }
                if matches!(self.peek(j), Some('<' | '>')) {
                    let fd_in = self.peek(j) == Some('<')
                        && !matches!(self.peek(j + 1), Some('<' | '&' | '>' | '('))
                        && (0..j).any(|k| self.peek(k) != Some('0'));
                    self.pos += j;
                    self.parse_redirect(&mut cmd)?;
                    cmd.fd_input |= fd_in;
                    cmd_pos = false;
                    continue;
                }
            }
            let before = self.pos;
            let w = self.read_word(dbracket)?;
            if self.pos == before {
                return Err(format!("unexpected '{c}'"));
            }
            if cmd_pos && w.plain {
                match &*w.text {
                    "fi" | "done" | "}" | "esac" => {
                        closes = true;
                        continue;
                    }
                    "if" | "then" | "else" | "elif" | "do" | "while" | "until" | "{" | "!" => {
                        continue;
                    }
                    // `time [-p] PIPELINE`: a keyword before any command,
                    // a brace group or a subshell (`time -o f` is the program).
                    "time" if self.time_keyword() => continue,
                    "coproc" => {
                        self.coproc_name();
                        continue;
                    }
                    "for" | "select" => {
                        self.compound_end = false;
                        return self.skip_for_header();
                    }
                    "case" => {
                        self.parse_case()?;
                        cmd_pos = false;
                        closes = true;
                        continue;
                    }
                    "function" => {
                        self.skip_blanks();
                        let _name = self.read_word(false)?;
                        self.skip_blanks();
                        self.funcdef_parens();
                        self.compound_end = false;
                        return Ok(());
                    }
                    "[[" => dbracket = true,
                    _ => {}
                }
            } else if dbracket && w.plain && w.text == "]]" {
                dbracket = false;
            }
            cmd.rt.set(cmd.words.len(), w.rt);
            cmd.words.push(w.text);
            cmd_pos = false;
        }
        // Set last: words read above may hold nested commands that set it.
        self.compound_end = closes;
        if !cmd.words.is_empty()
            || !cmd.redirects.is_empty()
            || cmd.heredoc.is_some()
            || cmd.stdin_text.is_some()
        {
            self.cmds.push(cmd);
        }
        Ok(())
    }

    /// After the word `time` at a command's start: is it the keyword? It is
    /// unless an option other than `-p` follows (`time -o f cmd`, `time -v
    /// cmd` run the program). Consumes a `-p` or `--`.
    fn time_keyword(&mut self) -> bool {
        self.skip_blanks();
        if self.peek(0) != Some('-') {
            return true;
        }
        for opt in ["-p", "--"] {
            if self.at_keyword(opt) {
                self.pos += 2;
                return true;
            }
        }
        false
    }

    /// After `coproc`: skip a `NAME` that is followed by a brace group or a
    /// subshell (`coproc NAME { …; }`); `coproc cmd args` keeps its words.
    fn coproc_name(&mut self) {
        self.skip_blanks();
        let mut j = 0;
        while self
            .peek(j)
            .is_some_and(|c| c == '_' || c.is_ascii_alphanumeric())
        {
            j += 1;
        }
        if j == 0 {
            return;
        }
        let mut k = j;
        while matches!(self.peek(k), Some(' ' | '\t')) {
            k += 1;
        }
        let body = match self.peek(k) {
            Some('(') => true,
            Some('{') => self.peek(k + 1).is_none_or(is_meta),
            _ => false,
        };
        if body && k > j {
            self.pos += k;
        }
    }

    /// Consume `()` (with optional blanks) if it is next.
    fn funcdef_parens(&mut self) -> bool {
        if self.peek(0) != Some('(') {
            return false;
        }
        let mut j = 1;
        while matches!(self.peek(j), Some(' ' | '\t')) {
            j += 1;
        }
        if self.peek(j) == Some(')') {
            self.pos += j + 1;
            return true;
        }
        false
    }

    /// `for NAME in WORDS` / `for ((…))`: the words are data, but substitutions
    /// in them still run, so they are read (and their commands kept).
    fn skip_for_header(&mut self) -> PResult<()> {
        self.skip_blanks();
        if self.peek(0) == Some('(') && self.peek(1) == Some('(') {
            return self.skip_arith();
        }
        loop {
            self.skip_blanks();
            match self.peek(0) {
                None | Some('\n' | ';' | '&' | '|' | ')' | '(' | '<' | '>' | '#') => return Ok(()),
                _ => {
                    let before = self.pos;
                    self.read_word(false)?;
                    if self.pos == before {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// After the `case` keyword: subject, `in`, then `pattern) list ;;` items
    /// up to `esac`.
    fn parse_case(&mut self) -> PResult<()> {
        self.skip_blanks();
        self.read_word(false)?;
        self.skip_space_and_newlines()?;
        let w = self.read_word(false)?;
        if w.text != "in" {
            return Err("'case' without 'in'".into());
        }
        loop {
            self.skip_space_and_newlines()?;
            if self.peek(0).is_none() {
                return Err("unterminated case (missing 'esac')".into());
            }
            if self.at_keyword("esac") {
                self.pos += 4;
                return Ok(());
            }
            if self.peek(0) == Some('(') {
                self.pos += 1;
            }
            loop {
                self.skip_blanks();
                match self.peek(0) {
                    Some(')') => {
                        self.pos += 1;
                        break;
                    }
                    Some('|') => self.pos += 1,
                    None | Some('\n' | ';' | '&' | '(' | '<' | '>') => {
                        return Err("bad case pattern".into());
                    }
                    Some(_) => {
                        let before = self.pos;
                        self.read_word(false)?;
                        if self.pos == before {
                            return Err("bad case pattern".into());
                        }
                    }
                }
            }
            self.enter()?;
            self.parse_list(Stop::Case)?;
            self.leave();
            if self.peek(0) == Some(';') {
                self.pos += 2; // ";;" or ";&"
                if self.peek(0) == Some('&') {
                    self.pos += 1; // ";;&"
                }
            }
        }
    }

    fn parse_redirect(&mut self, cmd: &mut RawCommand<'s>) -> PResult<()> {
        let (c0, c1, c2) = (self.peek(0), self.peek(1), self.peek(2));
        enum Kind {
            Plain(RedirOp),
            HereDoc { strip_tabs: bool },
            HereString,
        }
        let (kind, len) = match (c0, c1, c2) {
            (Some('<'), Some('<'), Some('<')) => (Kind::HereString, 3),
            (Some('<'), Some('<'), Some('-')) => (Kind::HereDoc { strip_tabs: true }, 3),
            (Some('<'), Some('<'), _) => (Kind::HereDoc { strip_tabs: false }, 2),
            (Some('<'), Some('&'), _) => (Kind::Plain(RedirOp::DupIn), 2),
            (Some('<'), Some('>'), _) => (Kind::Plain(RedirOp::ReadWrite), 2),
            (Some('<'), _, _) => (Kind::Plain(RedirOp::In), 1),
            (Some('>'), Some('>'), _) => (Kind::Plain(RedirOp::Append), 2),
            (Some('>'), Some('|'), _) => (Kind::Plain(RedirOp::Clobber), 2),
            (Some('>'), Some('&'), _) => (Kind::Plain(RedirOp::DupOut), 2),
            (Some('>'), _, _) => (Kind::Plain(RedirOp::Out), 1),
            (Some('&'), Some('>'), Some('>')) => (Kind::Plain(RedirOp::AndAppend), 3),
            (Some('&'), Some('>'), _) => (Kind::Plain(RedirOp::AndOut), 2),
            _ => return Err("bad redirection".into()),
        };
        self.pos += len;
        if let Kind::Plain(RedirOp::In | RedirOp::DupIn | RedirOp::ReadWrite) = kind {
            // Applied left to right: an input redirected after a here-doc
            // or here-string replaces it (`cat <<EOF < run.sh`).
            cmd.heredoc = None;
            cmd.stdin_text = None;
            cmd.stdin_runtime = false;
        }
        self.skip_blanks();
        if matches!(self.peek(0), Some('<' | '>')) && self.peek(1) == Some('(') {
            // `> >(tee log)`: the target is a process; its commands are parsed.
            let w = self.read_proc_subst()?;
            if let Kind::Plain(op) = kind {
                cmd.redirects.push(Redirect {
                    op,
                    target: w.text.into_owned(),
                    rt: w.rt,
                });
            }
            return Ok(());
        }
        if self.peek(0).is_none_or(is_meta) {
            return Err("redirection without a target".into());
        }
        let w = self.read_word(false)?;
        match kind {
            Kind::Plain(op) => cmd.redirects.push(Redirect {
                op,
                target: w.text.into_owned(),
                rt: w.rt,
            }),
            Kind::HereString => {
                cmd.stdin_runtime = w.rt & RT_CODE != 0;
                cmd.stdin_text = Some(w.text.into_owned());
            }
            Kind::HereDoc { strip_tabs } => {
                self.heredocs.push(HereDoc {
                    delim: w.text.into_owned(),
                    strip_tabs,
                    quoted: !w.plain,
                    body: None,
                    runtime: false,
                });
                let idx = self.heredocs.len() - 1;
                self.pending.push(idx);
                cmd.heredoc = Some(idx);
            }
        }
        Ok(())
    }

    /// Read the bodies of the here-docs whose operators were on the line that
    /// just ended. Bodies of unquoted here-docs are expanded by the shell, so
    /// substitutions in them are parsed as commands.
    fn read_heredocs(&mut self) -> PResult<()> {
        let pending = std::mem::take(&mut self.pending);
        for idx in pending {
            let Some(hd) = self.heredocs.get(idx) else {
                continue;
            };
            let (delim, strip, quoted) = (hd.delim.clone(), hd.strip_tabs, hd.quoted);
            let mut body = String::new();
            loop {
                if self.pos >= self.s.len() {
                    return Err(format!("here-doc never closed (missing '{delim}')"));
                }
                let start = self.pos;
                let mut line = self.rest_of_line();
                // Unquoted, a backslash-newline joins lines before the
                // delimiter is looked for (`EO\⏎F` ends `<<EOF`).
                let mut joined = false;
                while !quoted
                    && self.pos < self.s.len()
                    && line.chars().rev().take_while(|&c| c == '\\').count() % 2 == 1
                {
                    line.pop();
                    line.push_str(&self.rest_of_line());
                    joined = true;
                }
                let cmp = if strip {
                    line.trim_start_matches('\t')
                } else {
                    line.as_str()
                };
                if cmp == delim {
                    break;
                }
                // `EOF)` closing both the here-doc and a `$(`: accepted.
                if let Some(rest) = cmp.strip_prefix(delim.as_str())
                    && !delim.is_empty()
                    && !joined
                    && rest.starts_with(')')
                {
                    let tail = rest.chars().count();
                    self.pos = start + line.chars().count() - tail;
                    break;
                }
                body.push_str(cmp);
                body.push('\n');
            }
            let runtime = !quoted && self.sub_parse(&body, true)? & EXP_CODE != 0;
            if let Some(h) = self.heredocs.get_mut(idx) {
                h.body = Some(body);
                h.runtime = runtime;
            }
        }
        Ok(())
    }

    /// The text up to the end of the line, and past the newline.
    fn rest_of_line(&mut self) -> String {
        let start = self.pos;
        while self.peek(0).is_some_and(|c| c != '\n') {
            self.pos += 1;
        }
        let line = self.slice(start, self.pos);
        if self.peek(0) == Some('\n') {
            self.pos += 1;
        }
        line
    }

    /// Parse `text` in a fresh parser one level deeper (backtick contents,
    /// here-doc bodies) and keep its commands. `expand_only` parses it as the
    /// inside of double quotes, where only substitutions are code. Returns
    /// the `EXP_*` flags of the expansions met at its top level.
    fn sub_parse(&mut self, text: &str, expand_only: bool) -> PResult<u8> {
        if self.level + 1 > MAX_DEPTH {
            return Err("nesting too deep".into());
        }
        let mut sub = Parser::new(text, self.level + 1, self.budget, None);
        sub.shared = self.shared;
        let res = sub.charge().and_then(|()| {
            if expand_only {
                let mut sink = String::new();
                sub.read_dq(&mut sink, false)
            } else {
                sub.run_list()
            }
        });
        let exp = sub.exp;
        let offset = self.cmds.len();
        for c in sub.finish() {
            // Their words borrow from `text`, which does not outlive this call.
            let mut c = c.into_owned();
            c.pipe_prev = c.pipe_prev.map(|p| p + offset);
            self.cmds.push(c);
        }
        res.map(|()| exp)
    }

    /// `<(…)` or `>(…)` as a word; the list inside is parsed.
    fn read_proc_subst(&mut self) -> PResult<Word<'s>> {
        let start = self.pos;
        self.pos += 2;
        self.enter()?;
        self.parse_list(Stop::Paren)?;
        self.leave();
        self.pos += 1;
        Ok(Word {
            text: Cow::Owned(self.slice(start, self.pos)),
            plain: false,
            rt: RT_CODE | RT_NAME,
        })
    }

    fn read_word(&mut self, dbracket: bool) -> PResult<Word<'s>> {
        if !dbracket && let Some(w) = self.borrow_word() {
            return Ok(w);
        }
        self.read_word_copied(dbracket)
    }

    /// The common words, as slices of the source: a run of ordinary
    /// characters (`grep`, `src/x.rs`, `*.log`), or one single- or
    /// double-quoted string with nothing to remove or expand inside
    /// (`'fail|panic'`, `"pattern_1"`). `None` for every other word, which
    /// [`Parser::read_word_copied`] reads; both give the same [`Word`].
    fn borrow_word(&mut self) -> Option<Word<'s>> {
        let Source::Ascii(b) = self.s else {
            return None; // positions count chars, not bytes
        };
        let start = self.pos;
        let rest = b.get(start..)?;
        let (from, to, plain, rt) = match *rest.first()? {
            q @ (b'\'' | b'"') => {
                let inner = rest.get(1..)?;
                let len = inner
                    .iter()
                    .position(|&c| c == q || (q == b'"' && matches!(c, b'\\' | b'$' | b'`')))?;
                // After the quote: the word's end (`'a'(`… is left to the
                // full reader).
                if inner.get(len) != Some(&q) || !inner.get(len + 1).is_none_or(|&c| ends_word(c)) {
                    return None;
                }
                (start + 1, start + 1 + len, false, 0)
            }
            _ => {
                let mut rt = 0u8;
                let (mut bracket, mut brace) = (false, false);
                let mut len = 0;
                for &c in rest {
                    match c {
                        _ if ends_word(c) => break,
                        b'(' | b'\\' | b'\'' | b'"' | b'$' | b'`' => return None,
                        b'*' | b'?' => rt |= RT_NAME,
                        b'[' => bracket = true,
                        b']' if bracket => rt |= RT_NAME,
                        b'{' => brace = true,
                        b'}' if brace => rt |= RT_NAME,
                        _ => {}
                    }
                    len += 1;
                }
                if len == 0 {
                    return None;
                }
                (start, start + len, true, rt)
            }
        };
        let text = self.src.get(from..to)?;
        self.pos = if plain { to } else { to + 1 };
        Some(Word {
            text: Cow::Borrowed(text),
            plain,
            rt,
        })
    }

    fn read_word_copied(&mut self, dbracket: bool) -> PResult<Word<'s>> {
        // Words read inside this one's substitutions must not disturb the
        // expansion flags of the word that contains them.
        let outer = (self.exp, self.exp_end);
        let mut text = String::with_capacity(24);
        let mut plain = true;
        let mut rt = 0u8;
        // End of the last expansion inside double quotes, in `text`.
        let mut quoted_exp_end: Option<usize> = None;
        // Unquoted `[` seen; unquoted `{` seen.
        let (mut bracket, mut brace) = (false, false);
        while let Some(c) = self.peek(0) {
            match c {
                ' ' | '\t' | '\n' => break,
                ';' => break,
                // `]]` ends the test even with an operator right after it
                // (`[[ 1 ]]&&rm x`, `[[ 1 ]]>f`).
                '&' | '|' | '<' | '>' | '(' | ')' if dbracket && text != "]]" => {
                    text.push(c);
                    self.pos += 1;
                }
                '(' if is_assign_prefix(&text) || text.ends_with(['@', '!', '+', '*', '?']) => {
                    // `arr=(a b)` or an extglob `@(a|b)`: kept as one word.
                    let start = self.pos;
                    self.exp = 0;
                    self.skip_balanced(is_assign_prefix(&text))?;
                    text.push_str(&self.slice(start, self.pos));
                    plain = false;
                    rt |= RT_NAME;
                    if self.exp & EXP_CODE != 0 {
                        rt |= RT_CODE | RT_SPLIT;
                    }
                }
                '&' | '|' | '<' | '>' | '(' | ')' => break,
                '\\' => {
                    match self.peek(1) {
                        Some('\n') => {}
                        Some(n) => {
                            text.push(n);
                            plain = false;
                        }
                        None => text.push('\\'),
                    }
                    self.pos += 2;
                }
                '\'' => {
                    self.pos += 1;
                    loop {
                        match self.peek(0) {
                            None => return Err("unterminated single quote".into()),
                            Some('\'') => break,
                            Some(q) => text.push(q),
                        }
                        self.pos += 1;
                    }
                    self.pos += 1;
                    plain = false;
                }
                '"' => {
                    self.pos += 1;
                    self.exp = 0;
                    self.read_dq(&mut text, true)?;
                    plain = false;
                    if self.exp != 0 {
                        quoted_exp_end = Some(self.exp_end);
                    }
                    if self.exp & EXP_CODE != 0 {
                        rt |= RT_CODE;
                    }
                }
                '$' | '`' => {
                    self.exp = 0;
                    if c == '$' {
                        self.read_dollar(&mut text, false)?;
                    } else {
                        self.read_backtick(&mut text)?;
                    }
                    plain = false;
                    if self.exp != 0 {
                        rt |= RT_NAME;
                    }
                    if self.exp & EXP_CODE != 0 {
                        rt |= RT_CODE | RT_SPLIT;
                    }
                }
                _ => {
                    match c {
                        '*' | '?' => rt |= RT_NAME,
                        '[' => bracket = true,
                        ']' if bracket => rt |= RT_NAME,
                        '{' => brace = true,
                        '}' if brace => rt |= RT_NAME,
                        _ => {}
                    }
                    text.push(c);
                    self.pos += 1;
                }
            }
        }
        self.pos = self.pos.min(self.s.len());
        // A quoted expansion after the last `/` leaves the name unknown.
        if let Some(end) = quoted_exp_end
            && !text.get(end..).is_some_and(|rest| rest.contains('/'))
        {
            rt |= RT_NAME;
        }
        (self.exp, self.exp_end) = outer;
        Ok(Word {
            text: Cow::Owned(text),
            plain,
            rt,
        })
    }

    /// From a `(`, skip to its matching `)`, honouring quotes; the
    /// substitutions inside (`arr=( $(ls) )`) are parsed: they run.
    /// `array`: the words of an array assignment, where a `#` starting a
    /// word starts a comment (its parens do not count).
    fn skip_balanced(&mut self, array: bool) -> PResult<()> {
        let mut depth = 0usize;
        let mut sink = String::new();
        while let Some(c) = self.peek(0) {
            match c {
                '#' if array
                    && depth > 0
                    && matches!(
                        self.pos.checked_sub(1).and_then(|p| self.s.get(p)),
                        Some(' ' | '\t' | '\n' | '(')
                    ) =>
                {
                    self.skip_comment();
                    continue;
                }
                '$' if depth > 0 && matches!(self.peek(1), Some('(' | '{')) => {
                    self.read_dollar(&mut sink, false)?;
                    sink.clear();
                    continue;
                }
                '`' if depth > 0 => {
                    self.read_backtick(&mut sink)?;
                    sink.clear();
                    continue;
                }
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(());
                    }
                }
                '\\' => self.pos += 1,
                '\'' => {
                    self.pos += 1;
                    while self.peek(0).is_some_and(|q| q != '\'') {
                        self.pos += 1;
                    }
                }
                '"' => {
                    self.pos += 1;
                    let mut sink = String::new();
                    self.read_dq(&mut sink, true)?;
                    continue;
                }
                _ => {}
            }
            self.pos += 1;
        }
        Err("unclosed '('".into())
    }

    /// The inside of double quotes (after the opening `"`), or, with
    /// `closing == false`, a whole here-doc body.
    fn read_dq(&mut self, text: &mut String, closing: bool) -> PResult<()> {
        loop {
            let Some(c) = self.peek(0) else {
                if closing {
                    return Err("unterminated double quote".into());
                }
                return Ok(());
            };
            match c {
                '"' if closing => {
                    self.pos += 1;
                    return Ok(());
                }
                '\\' => match self.peek(1) {
                    Some(n @ ('$' | '`' | '"' | '\\')) => {
                        text.push(n);
                        self.pos += 2;
                    }
                    Some('\n') => self.pos += 2,
                    _ => {
                        text.push('\\');
                        self.pos += 1;
                    }
                },
                '$' => self.read_dollar(text, true)?,
                '`' => self.read_backtick(text)?,
                _ => {
                    text.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    /// At a `$`: `$'…'`, `$"…"`, `$((…))`, `$(…)`, `${…}` or a plain `$`.
    fn read_dollar(&mut self, text: &mut String, in_dq: bool) -> PResult<()> {
        match self.peek(1) {
            Some('\'') if !in_dq => {
                self.pos += 2;
                self.read_ansi_c(text)
            }
            Some('"') if !in_dq => {
                self.pos += 2;
                self.read_dq(text, true)
            }
            Some('(') => {
                let start = self.pos;
                self.pos += 1;
                let exp = if self.peek(1) == Some('(') && self.is_arith(0) {
                    self.skip_arith()?;
                    EXP_ANY
                } else {
                    self.pos += 1;
                    self.enter()?;
                    self.parse_list(Stop::Paren)?;
                    self.leave();
                    self.pos += 1;
                    EXP_ANY | EXP_CODE
                };
                text.push_str(&self.slice(start, self.pos));
                self.expanded(exp, text);
                Ok(())
            }
            Some('{') => {
                let start = self.pos;
                self.pos += 2;
                self.enter()?;
                self.skip_param(in_dq)?;
                self.leave();
                text.push_str(&self.slice(start, self.pos));
                self.expanded(EXP_ANY | EXP_CODE, text);
                Ok(())
            }
            next => {
                text.push('$');
                self.pos += 1;
                match next {
                    // `$name`: the name is read on as ordinary characters.
                    Some(c) if c.is_ascii_alphanumeric() || matches!(c, '_' | '@' | '*' | '-') => {
                        self.expanded(EXP_ANY | EXP_CODE, text);
                    }
                    Some('#' | '?' | '$' | '!') => self.expanded(EXP_ANY, text),
                    _ => {} // a literal `$`
                }
                Ok(())
            }
        }
    }

    /// Note an expansion just appended to `text`.
    fn expanded(&mut self, exp: u8, text: &str) {
        self.exp |= exp;
        self.exp_end = text.len();
    }

    /// The rest of a `${…}` (after `${`), parsing substitutions inside it.
    fn skip_param(&mut self, in_dq: bool) -> PResult<()> {
        let mut depth = 1usize;
        let mut sink = String::new();
        loop {
            let Some(c) = self.peek(0) else {
                return Err("unterminated '${'".into());
            };
            match c {
                '}' => {
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                '{' => {
                    depth += 1;
                    self.pos += 1;
                }
                '\\' => self.pos += 2,
                '\'' if !in_dq => {
                    self.pos += 1;
                    while self.peek(0).is_some_and(|q| q != '\'') {
                        self.pos += 1;
                    }
                    if self.peek(0).is_none() {
                        return Err("unterminated single quote".into());
                    }
                    self.pos += 1;
                }
                '"' => {
                    self.pos += 1;
                    self.read_dq(&mut sink, true)?;
                }
                '$' => self.read_dollar(&mut sink, in_dq)?,
                '`' => self.read_backtick(&mut sink)?,
                _ => self.pos += 1,
            }
        }
    }

    /// The inside of `$'…'` with its escapes decoded.
    fn read_ansi_c(&mut self, text: &mut String) -> PResult<()> {
        loop {
            let Some(c) = self.peek(0) else {
                return Err("unterminated $'…' quote".into());
            };
            self.pos += 1;
            match c {
                '\'' => return Ok(()),
                '\\' => {
                    let Some(e) = self.peek(0) else { continue };
                    self.pos += 1;
                    match e {
                        'n' => text.push('\n'),
                        't' => text.push('\t'),
                        'r' => text.push('\r'),
                        'a' => text.push('\u{7}'),
                        'b' => text.push('\u{8}'),
                        'e' | 'E' => text.push('\u{1b}'),
                        'f' => text.push('\u{c}'),
                        'v' => text.push('\u{b}'),
                        'x' | 'u' | 'U' => {
                            let max = match e {
                                'x' => 2,
                                'u' => 4,
                                _ => 8,
                            };
                            let mut v = 0u32;
                            let mut n = 0;
                            while n < max {
                                let Some(d) = self.peek(0).and_then(|h| h.to_digit(16)) else {
                                    break;
                                };
                                v = v.saturating_mul(16).saturating_add(d);
                                self.pos += 1;
                                n += 1;
                            }
                            if n == 0 {
                                text.push('\\');
                                text.push(e);
                            } else if let Some(ch) = char::from_u32(v) {
                                text.push(ch);
                            }
                        }
                        '0'..='7' => {
                            let mut v = e.to_digit(8).unwrap_or(0);
                            let mut n = 1;
                            while n < 3 {
                                let Some(d) = self.peek(0).and_then(|h| h.to_digit(8)) else {
                                    break;
                                };
                                v = v * 8 + d;
                                self.pos += 1;
                                n += 1;
                            }
                            if let Some(ch) = char::from_u32(v) {
                                text.push(ch);
                            }
                        }
                        other => text.push(other),
                    }
                }
                _ => text.push(c),
            }
        }
    }

    /// A backtick substitution: its contents (with `\``, `\\`, `\$`
    /// unescaped) are parsed as a command list one level deeper.
    fn read_backtick(&mut self, text: &mut String) -> PResult<()> {
        self.pos += 1;
        let mut inner = String::new();
        loop {
            let Some(c) = self.peek(0) else {
                return Err("unterminated backtick".into());
            };
            match c {
                '`' => {
                    self.pos += 1;
                    break;
                }
                '\\' => match self.peek(1) {
                    Some(n @ ('`' | '\\' | '$')) => {
                        inner.push(n);
                        self.pos += 2;
                    }
                    _ => {
                        inner.push('\\');
                        self.pos += 1;
                    }
                },
                _ => {
                    inner.push(c);
                    self.pos += 1;
                }
            }
        }
        self.sub_parse(&inner, false)?;
        text.push('`');
        text.push_str(&inner);
        text.push('`');
        self.expanded(EXP_ANY | EXP_CODE, text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(crate::proptest_config(4000))]

        /// Wherever the borrowing reader takes a word, the full reader reads
        /// the same word (text, plainness, run-time marks) and stops at the
        /// same place.
        #[test]
        fn a_borrowed_word_is_the_word_the_full_reader_reads(
            src in "[a-z/._=@!+*?'\"$`\\ \t\n\r;|&()<>\\[\\]{}#-]{0,10}"
        ) {
            let b = Cell::new(1 << 20);
            let mut fast = Parser::new(&src, 0, &b, None);
            let mut full = Parser::new(&src, 0, &b, None);
            if let Some(w) = fast.borrow_word() {
                prop_assert!(matches!(w.text, Cow::Borrowed(_)));
                prop_assert_eq!(Ok(w), full.read_word_copied(false), "{:?}", src);
                prop_assert_eq!(fast.pos, full.pos, "{:?}", src);
            }
        }
    }

    #[test]
    fn common_words_are_borrowed_from_the_line() {
        let b = Cell::new(1 << 20);
        let p = parse(
            "grep -rn \"pattern_1\" 'src/a b/' | head -n 3 $x \"a$b\"",
            0,
            &b,
        );
        let borrowed: Vec<bool> = p
            .commands
            .iter()
            .flat_map(|c| &c.words)
            .map(|w| matches!(w, Cow::Borrowed(_)))
            .collect();
        assert_eq!(
            borrowed,
            [true, true, true, true, true, true, true, false, false]
        );
    }

    fn words(src: &str) -> Vec<Vec<String>> {
        let b = Cell::new(1 << 20);
        let p = parse(src, 0, &b);
        assert_eq!(p.error, None, "{src}");
        p.commands
            .iter()
            .map(|c| c.words.iter().map(|w| w.to_string()).collect())
            .collect()
    }

    fn error(src: &str) -> Option<String> {
        let b = Cell::new(1 << 20);
        parse(src, 0, &b).error
    }

    #[test]
    fn splits_on_operators() {
        assert_eq!(
            words("a 1; b 2 && c || d | e & f\ng"),
            vec![
                vec!["a", "1"],
                vec!["b", "2"],
                vec!["c"],
                vec!["d"],
                vec!["e"],
                vec!["f"],
                vec!["g"]
            ]
        );
    }

    #[test]
    fn removes_quotes() {
        assert_eq!(
            words(r#"echo 'a b' "c $d" e\ f $'g\nh'"#),
            vec![vec!["echo", "a b", "c $d", "e f", "g\nh"]]
        );
    }

    #[test]
    fn finds_substitutions() {
        assert_eq!(
            words("echo $(date) `whoami`"),
            vec![
                vec!["date"],
                vec!["whoami"],
                vec!["echo", "$(date)", "`whoami`"]
            ]
        );
        assert_eq!(
            words("echo \"$(ls \"x y\")\""),
            vec![vec!["ls", "x y"], vec!["echo", "$(ls \"x y\")"]]
        );
    }

    #[test]
    fn skips_keywords() {
        assert_eq!(
            words("if [ -f x ]; then cat x; else echo no; fi"),
            vec![
                vec!["[", "-f", "x", "]"],
                vec!["cat", "x"],
                vec!["echo", "no"]
            ]
        );
        assert_eq!(
            words("for f in $(ls); do wc -l $f; done"),
            vec![vec!["ls"], vec!["wc", "-l", "$f"]]
        );
        assert_eq!(
            words("case $x in a|b) echo ab;; *) echo other;; esac"),
            vec![vec!["echo", "ab"], vec!["echo", "other"]]
        );
    }

    #[test]
    fn heredoc_body_is_data() {
        let b = Cell::new(1 << 20);
        let p = parse("cat <<'EOF' > f\nrm -rf /\nEOF\necho done", 0, &b);
        assert_eq!(p.error, None);
        assert_eq!(p.commands.len(), 2);
        assert_eq!(p.commands[0].stdin_text.as_deref(), Some("rm -rf /\n"));
        assert_eq!(p.commands[0].redirects[0].target, "f");
    }

    #[test]
    fn marks_what_is_only_known_at_run_time() {
        let rt = |src: &str| {
            let b = Cell::new(1 << 20);
            let p = parse(src, 0, &b);
            assert_eq!(p.error, None, "{src}");
            p.commands.last().map(|c| c.rt).unwrap_or_default()
        };
        let word0 = |src: &str| {
            let r = rt(src);
            (r.code & 1 == 1, r.split & 1 == 1, r.name & 1 == 1)
        };
        // (code, split, name)
        assert_eq!(word0("$x"), (true, true, true));
        assert_eq!(word0("\"$x\""), (true, false, true));
        assert_eq!(word0("`x`"), (true, true, true));
        assert_eq!(word0("\"${x:-y}\""), (true, false, true));
        assert_eq!(word0("\"$HOME/bin/x\""), (true, false, false));
        assert_eq!(word0("\"$(dirname x)\"/run.sh"), (true, false, false));
        assert_eq!(word0("$HOME/bin/x"), (true, true, true));
        assert_eq!(word0("$((1 + 2))"), (false, false, true));
        assert_eq!(word0("\"$?\""), (false, false, true));
        assert_eq!(word0("'$x'"), (false, false, false));
        assert_eq!(word0("\\$x"), (false, false, false));
        assert_eq!(word0("$'\\x72m'"), (false, false, false));
        assert_eq!(word0("r?"), (false, false, true));
        assert_eq!(word0("{a,b}"), (false, false, true));
        assert_eq!(word0("{}"), (false, false, true));
        assert_eq!(word0("'{}'"), (false, false, false));
        assert_eq!(word0("["), (false, false, false));
        assert_eq!(word0("<(x)"), (true, false, true));
        // one bit per word; word 63 and later share the last bit
        assert_eq!(rt("a $x b \"$y\"").code, 0b1010);
        let far = format!("{}$x", "a ".repeat(70));
        assert_eq!(rt(&far).code, 1 << 63);
        // expansions inside a substitution belong to the inner command
        assert_eq!(rt("echo \"$(ls $d)\"").split, 0);
        let b = Cell::new(1 << 20);
        let p = parse(
            "bash <<< \"$x\"; sh <<EOF\n$(date)\nEOF\nsh <<'EOF'\n$x\nEOF",
            0,
            &b,
        );
        let runtime: Vec<bool> = p.commands.iter().map(|c| c.stdin_runtime).collect();
        // `date`, read with the here-doc body, comes after its `sh`
        assert_eq!(runtime, [true, true, false, false]);
    }

    #[test]
    fn reports_errors() {
        assert!(error("echo 'abc").is_some());
        assert!(error("echo \"abc").is_some());
        assert!(error("echo $(ls").is_some());
        assert!(error("cat <<EOF\nabc").is_some());
        assert!(error("echo )").is_some());
        assert!(error(&"(".repeat(500)).is_some());
    }
}
