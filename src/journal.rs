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

/// Append one entry to `<dir>/journal.jsonl`. Failures are returned, and
/// callers report them on stderr; the journal never blocks a decision.
///
/// Nothing is written when `dir` (the workspace's `.flowgate/`) does not
/// exist: the journal never creates it, so a stray hook call cannot turn a
/// directory into a flowgate workspace.
pub fn append(dir: &Path, entry: &Entry) -> std::io::Result<()> {
    if !store::check_dir(dir).map_err(std::io::Error::other)? {
        return Ok(());
    }
    let mut line = serde_json::to_vec(entry).map_err(std::io::Error::other)?;
    line.push(b'\n');
    let path = dir.join("journal.jsonl");
    let mut f = store::open_or_create(&path, OpenOptions::new().append(true))
        .map_err(std::io::Error::other)?;
    f.write_all(&line)
}

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
    let path = dir.join("journal.jsonl");
    let Some(mut file) = store::open_existing(&path, OpenOptions::new().read(true))
        .map_err(std::io::Error::other)?
    else {
        return Ok(0);
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
                return Ok(len);
            }
        }
        chunk.truncate(split);
        carry = chunk;
    }
    Ok(len)
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
}
