//! `.flowgate/journal.jsonl`: one JSON line per decision and per state
//! change. Appended with a single write (O_APPEND), never read on the hot
//! path; `flowgate log` reads its tail.
//!
//! The file follows the rules of `store.rs`: created private (0600), and
//! refused, never written through, when it or `.flowgate/` is a link.

use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::store;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub time: String,
    pub event: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    pub decision: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// When `journal.jsonl` reaches this size, the next append renames it to
/// `journal.1.jsonl` (replacing the one before) and starts a fresh file:
/// the journal never holds more than about twice this on disk, and
/// `flowgate log` reads both files.
pub const ROTATE_BYTES: u64 = 8 * 1024 * 1024;
/// The longest `reason` kept in a line (characters).
pub const MAX_REASON_CHARS: usize = 2000;
/// The longest value kept in any other field (characters): a 10 MB tool
/// name from a hostile payload is journaled as its first 200 characters.
pub const MAX_FIELD_CHARS: usize = 200;

fn bounded(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((cut, _)) => format!("{}…", &s[..cut]),
    }
}

impl Entry {
    /// The entry with every field within its bound.
    fn bounded(&self) -> Entry {
        let f = |s: &str| bounded(s, MAX_FIELD_CHARS);
        Entry {
            time: f(&self.time),
            event: f(&self.event),
            host: f(&self.host),
            session: self.session.as_deref().map(f),
            tool: self.tool.as_deref().map(f),
            decision: f(&self.decision),
            reason: bounded(&self.reason, MAX_REASON_CHARS),
        }
    }
}

/// Append one entry to `<dir>/journal.jsonl`. Failures are returned, and
/// callers report them on stderr; the journal never blocks a decision.
///
/// Nothing is written when `dir` (the workspace's `.flowgate/`) does not
/// exist: the journal never creates it, so a stray hook call cannot turn a
/// directory into a flowgate workspace. Each field is bounded
/// ([`MAX_FIELD_CHARS`], [`MAX_REASON_CHARS`]) and the file rotates at
/// [`ROTATE_BYTES`].
pub fn append(dir: &Path, entry: &Entry) -> std::io::Result<()> {
    append_rotating(dir, entry, ROTATE_BYTES)
}

fn append_rotating(dir: &Path, entry: &Entry, limit: u64) -> std::io::Result<()> {
    if !store::check_dir(dir).map_err(std::io::Error::other)? {
        return Ok(());
    }
    let mut line = serde_json::to_vec(&entry.bounded()).map_err(std::io::Error::other)?;
    line.push(b'\n');
    let path = dir.join("journal.jsonl");
    let open = || {
        store::open_or_create(&path, OpenOptions::new().append(true)).map_err(std::io::Error::other)
    };
    let mut f = open()?;
    if f.metadata()?.len() >= limit && rotate(dir, &f, limit)? {
        f = open()?;
    }
    f.write_all(&line)
}

/// Rename a full `journal.jsonl` (the file `open` is) to
/// `journal.1.jsonl`. One process rotates at a time (`journal.lock`, not
/// waited for: a writer that does not get it appends to the full file,
/// which loses nothing); the file is renamed only if it is still the full
/// one, so two writers never rotate twice. `true` if this call rotated.
fn rotate(dir: &Path, open: &std::fs::File, limit: u64) -> std::io::Result<bool> {
    let lock = store::open_or_create(&dir.join("journal.lock"), OpenOptions::new().write(true))
        .map_err(std::io::Error::other)?;
    if lock.try_lock().is_err() {
        return Ok(false);
    }
    let path = dir.join("journal.jsonl");
    let now = std::fs::symlink_metadata(&path)?;
    let was = open.metadata()?;
    if !store::same_file(&now, &was) || !now.is_file() || now.len() < limit {
        return Ok(false);
    }
    store::check_file(&dir.join(OLD)).map_err(std::io::Error::other)?;
    std::fs::rename(&path, dir.join(OLD))?;
    Ok(true)
}

/// The previous generation of the journal.
const OLD: &str = "journal.1.jsonl";

/// The last `n` lines of the journal, reading backwards in blocks so a huge
/// journal costs no more than a small one.
pub fn tail(dir: &Path, n: usize) -> std::io::Result<Vec<String>> {
    if !store::check_dir(dir).map_err(std::io::Error::other)? {
        return Ok(Vec::new());
    }
    let path = dir.join("journal.jsonl");
    let Some(mut f) = store::open_existing(&path, OpenOptions::new().read(true))
        .map_err(std::io::Error::other)?
    else {
        return Ok(Vec::new());
    };
    let len = f.seek(SeekFrom::End(0))?;
    let mut pos = len;
    let mut buf: Vec<u8> = Vec::new();
    while pos > 0 && buf.iter().filter(|b| **b == b'\n').count() <= n {
        let step = pos.min(64 * 1024);
        pos -= step;
        f.seek(SeekFrom::Start(pos))?;
        let mut chunk = vec![0; step as usize];
        f.read_exact(&mut chunk)?;
        chunk.extend_from_slice(&buf);
        buf = chunk;
    }
    let text = String::from_utf8_lossy(&buf);
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let skip = lines.len().saturating_sub(n);
    Ok(lines.into_iter().skip(skip).collect())
}

/// Call `f` on each line of the journal from the newest back, until it
/// returns false or the start is reached; read backwards in blocks, so
/// stopping early costs no more than the lines read. Returns the journal's
/// length in bytes when the reading began (where a follower continues).
pub fn read_back(dir: &Path, f: impl FnMut(&str) -> bool) -> std::io::Result<u64> {
    read_back_in(dir, 64 * 1024, f)
}

fn read_back_in(dir: &Path, block: u64, mut f: impl FnMut(&str) -> bool) -> std::io::Result<u64> {
    if !store::check_dir(dir).map_err(std::io::Error::other)? {
        return Ok(0);
    }
    let (len, more) = read_file_back(&dir.join("journal.jsonl"), block, &mut f)?;
    if more {
        read_file_back(&dir.join(OLD), block, &mut f)?;
    }
    Ok(len)
}

/// [`read_back_in`] for one file: its length, and whether `f` wants more.
fn read_file_back(
    path: &Path,
    block: u64,
    f: &mut impl FnMut(&str) -> bool,
) -> std::io::Result<(u64, bool)> {
    let path = path.to_path_buf();
    let Some(mut file) = store::open_existing(&path, OpenOptions::new().read(true))
        .map_err(std::io::Error::other)?
    else {
        return Ok((0, true));
    };
    let len = file.seek(SeekFrom::End(0))?;
    let mut pos = len;
    // Bytes after `pos` not yet handed out: a line whose start lies further back.
    let mut carry: Vec<u8> = Vec::new();
    while pos > 0 {
        let step = pos.min(block);
        pos -= step;
        file.seek(SeekFrom::Start(pos))?;
        let mut chunk = vec![0; step as usize];
        file.read_exact(&mut chunk)?;
        chunk.extend_from_slice(&carry);
        // Before the first newline the line may begin further back.
        let split = if pos == 0 {
            0
        } else {
            match chunk.iter().position(|b| *b == b'\n') {
                Some(i) => i + 1,
                None => {
                    carry = chunk;
                    continue;
                }
            }
        };
        for line in chunk[split..].split(|b| *b == b'\n').rev() {
            if !line.is_empty() && !f(&String::from_utf8_lossy(line)) {
                return Ok((len, false));
            }
        }
        chunk.truncate(split);
        carry = chunk;
    }
    Ok((len, true))
}

/// The journal's bytes from `from` on (a follower's new lines); `None` when
/// there is no journal.
pub fn read_from(dir: &Path, from: u64) -> std::io::Result<Option<Vec<u8>>> {
    if !store::check_dir(dir).map_err(std::io::Error::other)? {
        return Ok(None);
    }
    let path = dir.join("journal.jsonl");
    let Some(mut file) = store::open_existing(&path, OpenOptions::new().read(true))
        .map_err(std::io::Error::other)?
    else {
        return Ok(None);
    };
    let len = file.seek(SeekFrom::End(0))?;
    if len < from {
        // Truncated or replaced: start over.
        file.seek(SeekFrom::Start(0))?;
    } else {
        file.seek(SeekFrom::Start(from))?;
    }
    let mut buf = Vec::new();
    file.read_to_end(&mut buf)?;
    Ok(Some(buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_and_tail() {
        let d = tempfile::tempdir().unwrap();
        let none = d.path().join("missing");
        append(&none, &Entry::default()).unwrap();
        assert!(!none.exists(), "the journal never creates its directory");
        for i in 0..200 {
            append(
                d.path(),
                &Entry {
                    event: format!("e{i}"),
                    decision: "allow".into(),
                    ..Entry::default()
                },
            )
            .unwrap();
        }
        let mut seen = Vec::new();
        read_back(d.path(), |l| {
            seen.push(l.to_string());
            seen.len() < 150
        })
        .unwrap();
        assert_eq!(seen.len(), 150);
        assert!(seen[0].contains("\"e199\"") && seen[149].contains("\"e50\""));
        let mut all = 0;
        read_back(d.path(), |_| {
            all += 1;
            true
        })
        .unwrap();
        assert_eq!(all, 200);
        // Tiny blocks: lines cut across blocks come out whole, in order.
        let mut small = Vec::new();
        read_back_in(d.path(), 7, |l| {
            small.push(l.to_string());
            true
        })
        .unwrap();
        assert_eq!(small.len(), 200);
        for (i, l) in small.iter().enumerate() {
            let e: Entry = serde_json::from_str(l).unwrap();
            assert_eq!(e.event, format!("e{}", 199 - i));
        }
        let t = tail(d.path(), 3).unwrap();
        assert_eq!(t.len(), 3);
        assert!(t[2].contains("\"e199\""));
        assert!(t[0].contains("\"e197\""));
    }

    #[test]
    fn a_huge_field_is_bounded() {
        let d = tempfile::tempdir().unwrap();
        let e = Entry {
            tool: Some("x".repeat(10_000_000)),
            reason: "r".repeat(50_000),
            event: "tool_call".into(),
            ..Entry::default()
        };
        for _ in 0..3 {
            append(d.path(), &e).unwrap();
        }
        let size = std::fs::metadata(d.path().join("journal.jsonl"))
            .unwrap()
            .len();
        assert!(size < 3 * 3000, "three lines took {size} bytes");
        let t = tail(d.path(), 1).unwrap();
        let back: Entry = serde_json::from_str(&t[0]).unwrap();
        assert_eq!(back.tool.unwrap().chars().count(), MAX_FIELD_CHARS + 1);
        assert_eq!(back.reason.chars().count(), MAX_REASON_CHARS + 1);
    }

    #[test]
    fn the_journal_rotates_and_log_reads_both_files() {
        let d = tempfile::tempdir().unwrap();
        let entry = |i: usize| Entry {
            event: format!("e{i}"),
            decision: "allow".into(),
            ..Entry::default()
        };
        // Lines are ~40 bytes: a 1000-byte limit rotates every ~25 lines.
        for i in 0..60 {
            append_rotating(d.path(), &entry(i), 1000).unwrap();
        }
        let cur = std::fs::metadata(d.path().join("journal.jsonl"))
            .unwrap()
            .len();
        let old = std::fs::metadata(d.path().join(OLD)).unwrap().len();
        assert!(cur < 1000 + 100 && old < 1000 + 100, "{cur} {old}");
        let mut seen = Vec::new();
        read_back(d.path(), |l| {
            seen.push(serde_json::from_str::<Entry>(l).unwrap().event);
            true
        })
        .unwrap();
        // Newest first, without a gap, back to where journal.1 begins.
        assert_eq!(seen[0], "e59");
        for w in seen.windows(2) {
            let n = |s: &str| s[1..].parse::<usize>().unwrap();
            assert_eq!(n(&w[0]), n(&w[1]) + 1, "{seen:?}");
        }
        assert!(seen.len() > 25, "{}", seen.len());
    }
}
