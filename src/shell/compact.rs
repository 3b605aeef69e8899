//! The built-in table as the engine reads it: integers and bytes, built at
//! compile time from the [`Spec`] data in `table.rs`.
//!
//! Why: a `&str` in static data is a pointer, and in a position-independent
//! executable every pointer in static data is a relocation the loader
//! applies when the process starts, touching its page. The `Spec` table has
//! ~6,000 of them (~190 KB): measured, they cost ~130 µs per hook call, on
//! every call, whether the table is used or not. Here the strings are one
//! byte array (one `&str`), lists are ranges of word numbers, subcommands
//! ranges of node numbers: nothing to relocate. The `Spec` consts are only
//! read at compile time.

use super::code::Lang;
use super::spec::{CodeArgs, List, RunKind, Spec, Targets, Writes, wild};

/// The list fields of a spec, in [`Node::lists`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    Names = 0,
    Values,
    Output,
    Files,
    WriteFlags,
    ReadOnly,
    Listing,
    RunAfter,
    Code,
    Chdir,
    WriteTasks,
    InlineCode,
    Mounts,
}

const LISTS: usize = 13;

const fn lists(s: &Spec) -> [List; LISTS] {
    [
        s.names,
        s.values,
        s.output,
        s.files,
        s.write_flags,
        s.read_only,
        s.listing,
        s.run_after,
        s.code,
        s.chdir,
        s.write_tasks,
        s.inline_code,
        s.mounts,
    ]
}

/// One spec: its lists as (first word, count), its subcommands as (first
/// node, count), and its scalar fields.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    lists: [(u16, u16); LISTS],
    subs: (u16, u16),
    writes: Writes,
    targets: Targets,
    run: Option<(u8, RunKind)>,
    code_args: CodeArgs,
    code_lang: Lang,
    tasks: bool,
    project_tasks: bool,
    verbs: bool,
    /// Nothing but names: the command writes nothing and runs nothing,
    /// whatever its arguments (`ls`, `grep`): the engine need not read them.
    plain: bool,
    /// Some output, file or write-flag entry is a keyword (see
    /// [`is_keyword`]): only then are arguments compared with them.
    keywords: bool,
}

/// An entry that is a bare word, not an option (`pdftk … output FILE`,
/// `pdftk FILE burst`): it matches an argument equal to it.
pub(crate) const fn is_keyword(e: &str) -> bool {
    let b = e.as_bytes();
    !b.is_empty() && b[0] != b'-' && b[b.len() - 1] != b'='
}

/// Does a spec have keyword entries?
const fn has_keywords(s: &Spec) -> bool {
    let ls = [s.output, s.files, s.write_flags];
    let mut f = 0;
    while f < ls.len() {
        let mut j = 0;
        while j < ls[f].len() {
            if is_keyword(ls[f][j]) {
                return true;
            }
            j += 1;
        }
        f += 1;
    }
    false
}

/// Does a spec say nothing but its names?
const fn is_plain(s: &Spec) -> bool {
    let ls = lists(s);
    let mut f = 1;
    while f < LISTS {
        if !ls[f].is_empty() {
            return false;
        }
        f += 1;
    }
    matches!(s.writes, Writes::Never)
        && matches!(s.targets, Targets::None)
        && s.subcommands.is_empty()
        && s.run.is_none()
        && matches!(s.code_args, CodeArgs::None)
        && !s.tasks
        && !s.verbs
}

const EMPTY: Node = Node {
    lists: [(0, 0); LISTS],
    subs: (0, 0),
    writes: Writes::Never,
    targets: Targets::None,
    run: None,
    code_args: CodeArgs::None,
    code_lang: Lang::Python,
    tasks: false,
    project_tasks: false,
    verbs: false,
    plain: false,
    keywords: false,
};

/// The compiled table: `K` nodes, `W` words, `B` bytes of text.
pub(crate) struct Compact<const K: usize, const W: usize, const B: usize> {
    pub nodes: [Node; K],
    /// Each word's (start, length) in `bytes`.
    pub words: [(u32, u16); W],
    pub bytes: [u8; B],
}

/// (nodes, words, bytes) a table needs.
pub(crate) const fn sizes(t: &[Spec]) -> (usize, usize, usize) {
    let mut acc = (0, 0, 0);
    let mut i = 0;
    while i < t.len() {
        acc = add(&t[i], acc);
        i += 1;
    }
    acc
}

const fn add(s: &Spec, acc: (usize, usize, usize)) -> (usize, usize, usize) {
    let (mut k, mut w, mut b) = acc;
    k += 1;
    let ls = lists(s);
    let mut f = 0;
    while f < LISTS {
        let mut j = 0;
        while j < ls[f].len() {
            w += 1;
            b += ls[f][j].len();
            j += 1;
        }
        f += 1;
    }
    let mut i = 0;
    while i < s.subcommands.len() {
        (k, w, b) = add(&s.subcommands[i], (k, w, b));
        i += 1;
    }
    (k, w, b)
}

/// Lay `t` out: its specs are nodes `0..t.len()`, in order; each node's
/// subcommands follow, breadth first, contiguous.
pub(crate) const fn compile<const K: usize, const W: usize, const B: usize>(
    t: &'static [Spec],
) -> Compact<K, W, B> {
    assert!(K < u16::MAX as usize && W < u16::MAX as usize && B < u32::MAX as usize);
    let mut c = Compact {
        nodes: [EMPTY; K],
        words: [(0, 0); W],
        bytes: [0; B],
    };
    let mut src: [&'static Spec; K] = [&t[0]; K];
    let mut next = 0;
    while next < t.len() {
        src[next] = &t[next];
        next += 1;
    }
    let (mut wi, mut bi) = (0, 0);
    let mut i = 0;
    while i < K {
        let s = src[i];
        let ls = lists(s);
        let mut node = Node {
            writes: s.writes,
            targets: s.targets,
            run: s.run,
            code_args: s.code_args,
            code_lang: s.code_lang,
            tasks: s.tasks,
            project_tasks: s.project_tasks,
            verbs: s.verbs,
            plain: is_plain(s),
            keywords: has_keywords(s),
            ..EMPTY
        };
        let mut f = 0;
        while f < LISTS {
            let start = wi;
            let mut j = 0;
            while j < ls[f].len() {
                let w = ls[f][j].as_bytes();
                c.words[wi] = (bi as u32, w.len() as u16);
                let mut q = 0;
                while q < w.len() {
                    c.bytes[bi] = w[q];
                    bi += 1;
                    q += 1;
                }
                wi += 1;
                j += 1;
            }
            node.lists[f] = (start as u16, ls[f].len() as u16);
            f += 1;
        }
        let subs = s.subcommands;
        node.subs = (next as u16, subs.len() as u16);
        let mut j = 0;
        while j < subs.len() {
            src[next] = &subs[j];
            next += 1;
            j += 1;
        }
        c.nodes[i] = node;
        i += 1;
    }
    c
}

const fn less(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

const fn word<const K: usize, const W: usize, const B: usize>(
    c: &Compact<K, W, B>,
    w: u16,
) -> &[u8] {
    let (start, len) = c.words[w as usize];
    let (head, _) = c.bytes.split_at(start as usize + len as usize);
    let (_, tail) = head.split_at(start as usize);
    tail
}

/// Marks a name handled by code in the index.
pub(crate) const CODE_NODE: u16 = u16::MAX;

/// The names of the top-level nodes (`0..top`) and those of node `code`
/// (names classified by code, marked [`CODE_NODE`]), as (word, node),
/// sorted by name (heapsort: const code cannot call `sort`).
pub(crate) const fn index<const N: usize, const K: usize, const W: usize, const B: usize>(
    c: &Compact<K, W, B>,
    top: usize,
    code: usize,
) -> [(u16, u16); N] {
    let mut out = [(0u16, 0u16); N];
    let mut k = 0;
    let mut i = 0;
    while i <= top {
        let node = if i == top { code } else { i };
        let (first, count) = c.nodes[node].lists[Field::Names as usize];
        let mut j = 0;
        while j < count {
            out[k] = (first + j, if i == top { CODE_NODE } else { i as u16 });
            k += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(k == N);
    let mut start = N / 2;
    while start > 0 {
        start -= 1;
        sift(c, &mut out, start, N);
    }
    let mut end = N;
    while end > 1 {
        end -= 1;
        let t = out[0];
        out[0] = out[end];
        out[end] = t;
        sift(c, &mut out, 0, end);
    }
    out
}

const fn sift<const N: usize, const K: usize, const W: usize, const B: usize>(
    c: &Compact<K, W, B>,
    a: &mut [(u16, u16); N],
    mut root: usize,
    end: usize,
) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(word(c, a[child].0), word(c, a[child + 1].0)) {
            child += 1;
        }
        if less(word(c, a[root].0), word(c, a[child].0)) {
            let t = a[root];
            a[root] = a[child];
            a[child] = t;
            root = child;
        } else {
            return;
        }
    }
}

/// A name's first 8 bytes as a big-endian number (0-padded): sorting by it
/// agrees with sorting by the bytes, and comparing it is one instruction.
pub(crate) const fn key(b: &[u8]) -> u64 {
    let mut k = 0u64;
    let mut i = 0;
    while i < 8 {
        k <<= 8;
        if i < b.len() {
            k |= b[i] as u64;
        }
        i += 1;
    }
    k
}

/// The [`key`] of each entry of a sorted index, in the same order.
pub(crate) const fn keys<const N: usize, const K: usize, const W: usize, const B: usize>(
    c: &Compact<K, W, B>,
    index: &[(u16, u16); N],
) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = key(word(c, index[i].0));
        i += 1;
    }
    out
}

/// How many names the top-level specs have.
pub(crate) const fn top_names(t: &[Spec]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < t.len() {
        n += t[i].names.len();
        i += 1;
    }
    n
}

/// The compiled built-in table and its text, as the engine sees them.
#[derive(Debug)]
pub(crate) struct Table {
    pub nodes: &'static [Node],
    pub words: &'static [(u32, u16)],
    pub text: &'static str,
    /// (name word, node), sorted by name.
    pub index: &'static [(u16, u16)],
    /// The [`key`] of each `index` entry: the search runs on these.
    pub keys: &'static [u64],
}

impl Table {
    fn word(&self, w: u16) -> &'static str {
        let (start, len) = self.words.get(usize::from(w)).copied().unwrap_or((0, 0));
        let start = start as usize;
        self.text.get(start..start + usize::from(len)).unwrap_or("")
    }

    /// The node of the command `name` ([`CODE_NODE`]: handled by code).
    pub fn lookup(&self, name: &str) -> Option<u16> {
        let key = key(name.as_bytes());
        let start = self.keys.partition_point(|k| *k < key);
        self.keys[start..]
            .iter()
            .take_while(|k| **k == key)
            .zip(&self.index[start..])
            .find(|(_, (w, _))| self.word(*w) == name)
            .map(|(_, (_, node))| *node)
    }
}

/// A spec, wherever it lives: in the compiled built-in table, or a user's.
#[derive(Clone, Copy, Debug)]
pub(crate) enum SpecRef {
    Table(&'static Table, u16),
    User(&'static Spec),
}

impl PartialEq for SpecRef {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (SpecRef::Table(a, x), SpecRef::Table(b, y)) => std::ptr::eq(*a, *b) && x == y,
            (SpecRef::User(a), SpecRef::User(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

/// The entries of one list field.
pub(crate) enum Entries {
    Table(&'static Table, std::ops::Range<u16>),
    User(std::slice::Iter<'static, &'static str>),
}

impl Iterator for Entries {
    type Item = &'static str;
    fn next(&mut self) -> Option<&'static str> {
        match self {
            Entries::Table(t, r) => r.next().map(|w| t.word(w)),
            Entries::User(it) => it.next().copied(),
        }
    }
}

impl SpecRef {
    fn node(&self) -> Option<&'static Node> {
        match self {
            SpecRef::Table(t, k) => t.nodes.get(usize::from(*k)),
            SpecRef::User(_) => None,
        }
    }

    pub fn list(&self, f: Field) -> Entries {
        match (self, self.node()) {
            (SpecRef::Table(t, _), Some(n)) => {
                let (start, len) = n.lists[f as usize];
                Entries::Table(t, start..start.saturating_add(len))
            }
            (SpecRef::Table(t, _), None) => Entries::Table(t, 0..0),
            (SpecRef::User(s), _) => Entries::User(lists(s)[f as usize].iter()),
        }
    }

    pub fn writes(&self) -> Writes {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.writes,
            (_, Some(n)) => n.writes,
            _ => Writes::Never,
        }
    }

    pub fn targets(&self) -> Targets {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.targets,
            (_, Some(n)) => n.targets,
            _ => Targets::None,
        }
    }

    pub fn run(&self) -> Option<(u8, RunKind)> {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.run,
            (_, Some(n)) => n.run,
            _ => None,
        }
    }

    pub fn code_lang(&self) -> Lang {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.code_lang,
            (_, Some(n)) => n.code_lang,
            _ => Lang::Python,
        }
    }

    pub fn code_args(&self) -> CodeArgs {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.code_args,
            (_, Some(n)) => n.code_args,
            _ => CodeArgs::None,
        }
    }

    pub fn verbs(&self) -> bool {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.verbs,
            (_, Some(n)) => n.verbs,
            _ => false,
        }
    }

    pub fn tasks(&self) -> bool {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.tasks,
            (_, Some(n)) => n.tasks,
            _ => false,
        }
    }

    pub fn project_tasks(&self) -> bool {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s.project_tasks,
            (_, Some(n)) => n.project_tasks,
            _ => false,
        }
    }

    /// The spec says nothing but its names (see [`Node::plain`]).
    pub fn is_plain(&self) -> bool {
        match (self, self.node()) {
            (SpecRef::User(s), _) => is_plain(s),
            (_, Some(n)) => n.plain,
            _ => true,
        }
    }

    /// Some output, file or write-flag entry is a keyword.
    pub fn has_keywords(&self) -> bool {
        match (self, self.node()) {
            (SpecRef::User(s), _) => has_keywords(s),
            (_, Some(n)) => n.keywords,
            _ => false,
        }
    }

    pub fn has_subcommands(&self) -> bool {
        match (self, self.node()) {
            (SpecRef::User(s), _) => !s.subcommands.is_empty(),
            (_, Some(n)) => n.subs.1 > 0,
            _ => false,
        }
    }

    /// The subcommand `word` names, if any (names may use `*`).
    pub fn subcommand(&self, word: &str) -> Option<SpecRef> {
        match (self, self.node()) {
            (SpecRef::User(s), _) => s
                .subcommands
                .iter()
                .find(|c| c.names.iter().any(|n| wild(n, word)))
                .map(SpecRef::User),
            (SpecRef::Table(t, _), Some(n)) => {
                let (first, count) = n.subs;
                (first..first.saturating_add(count))
                    .map(|k| SpecRef::Table(t, k))
                    .find(|c| c.list(Field::Names).any(|n| wild(n, word)))
            }
            _ => None,
        }
    }

    /// Every option entry, for telling single-dash long options (`-out`)
    /// from short-option clusters.
    pub fn entries(&self) -> impl Iterator<Item = &'static str> + '_ {
        [
            Field::Values,
            Field::Output,
            Field::Files,
            Field::WriteFlags,
            Field::ReadOnly,
            Field::Listing,
            Field::RunAfter,
            Field::Code,
            Field::Chdir,
            Field::InlineCode,
            Field::Mounts,
        ]
        .into_iter()
        .flat_map(|f| self.list(f))
    }
}
