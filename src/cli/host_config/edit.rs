//! How `init` changes a host's config file: every file is read, parsed and
//! changed in memory first (an [`Edit`]), and only when every file of the
//! run parsed is anything written ([`apply`]). So a broken file stops `init`
//! before it creates anything, and `--dry-run` is the same run without the
//! last step.
//!
//! Writing keeps what the file is: a symbolic link stays a link and its
//! target gets the new text; an existing file keeps its mode; a new file
//! gets the mode any new file gets (the umask decides). The new text goes
//! to a temporary file beside the target and is renamed over it, after the
//! old file was copied to `<file>.flowgate.bak` (never over an older backup).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::exit::Failure;

/// Whether the report tells what was done or what a dry run would do.
#[derive(Clone, Copy, Debug)]
pub(in crate::cli) struct Tense {
    pub dry: bool,
}

impl Tense {
    /// `done` for a real run, `would` for a dry run.
    pub fn pick<'a>(self, done: &'a str, would: &'a str) -> &'a str {
        if self.dry { would } else { done }
    }
}

/// One file's change, worked out and not yet written.
pub(in crate::cli) struct Edit {
    /// The path as the workspace names it (maybe a symbolic link).
    pub file: PathBuf,
    /// The report's section for this file, heading first.
    pub lines: Vec<String>,
    /// The text to write; `None` leaves the file alone.
    new: Option<String>,
    /// Where the old text is copied first (the file exists and changes).
    backup: Option<PathBuf>,
}

impl Edit {
    /// A file that stays as it is.
    pub fn untouched(file: &Path, lines: Vec<String>) -> Edit {
        Edit {
            file: file.to_path_buf(),
            lines,
            new: None,
            backup: None,
        }
    }

    /// `file` (whose text is `old`) gets `new`, after a backup of an
    /// existing file; the report says so, names the backup and, for a
    /// symbolic link, the file really written.
    pub fn change(
        file: &Path,
        lines: Vec<String>,
        old: Option<&str>,
        new: String,
        t: Tense,
    ) -> Edit {
        Edit::change_backup(file, lines, old, new, t, true)
    }

    /// The same without a backup (flowgate's own settings file).
    pub fn change_own(
        file: &Path,
        lines: Vec<String>,
        old: Option<&str>,
        new: String,
        t: Tense,
    ) -> Edit {
        Edit::change_backup(file, lines, old, new, t, false)
    }

    fn change_backup(
        file: &Path,
        mut lines: Vec<String>,
        old: Option<&str>,
        new: String,
        t: Tense,
        keep_old: bool,
    ) -> Edit {
        let shown = file.display();
        let backup = old.filter(|_| keep_old).map(|_| backup_path(file));
        match (&backup, old) {
            (Some(b), _) => lines.push(format!(
                "  {} the previous file to {}",
                t.pick("backed up", "would back up"),
                b.display()
            )),
            (None, None) => lines.push(format!("  {} {shown}", t.pick("created", "would create"))),
            (None, Some(_)) => {}
        }
        if let Some(target) = link_target(file) {
            lines.push(format!(
                "  {shown} is a symbolic link: {} {}, the link stays",
                t.pick("wrote", "would write"),
                target.display()
            ));
        }
        Edit {
            file: file.to_path_buf(),
            lines,
            new: Some(new),
            backup,
        }
    }

    pub fn changes(&self) -> bool {
        self.new.is_some()
    }

    pub fn backup(&self) -> Option<&Path> {
        self.backup.as_deref()
    }
}

/// Write every edit that changes its file, in order. An error names the
/// files already written, so the message stays true.
pub(in crate::cli) fn apply(edits: &[Edit]) -> Result<(), Failure> {
    let mut done: Vec<String> = Vec::new();
    for e in edits {
        let Some(text) = &e.new else { continue };
        let shown = e.file.display();
        let fail = |what: String, done: &[String]| {
            let already = if done.is_empty() {
                String::new()
            } else {
                format!(" (already written: {})", done.join(", "))
            };
            Failure::runtime(format!("{what}{already}"))
        };
        if let Some(bak) = &e.backup {
            std::fs::copy(&e.file, bak).map_err(|err| {
                fail(
                    format!("cannot back up {shown} to {}: {err}", bak.display()),
                    &done,
                )
            })?;
        }
        write_through(&e.file, text)
            .map_err(|err| fail(format!("cannot write {shown}: {err}"), &done))?;
        done.push(shown.to_string());
    }
    Ok(())
}

/// A config file's text, `None` when there is none. A symbolic link to
/// nothing is an error: writing it would create a file somewhere else.
pub(in crate::cli) fn read(file: &Path) -> Result<Option<String>, Failure> {
    let shown = file.display();
    match std::fs::read_to_string(file) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match std::fs::read_link(file) {
            Ok(to) => Err(Failure::runtime(format!(
                "{shown} is a symbolic link to {}, which does not exist; flowgate changed nothing (create that file, or remove the link, then run init again)",
                to.display()
            ))),
            Err(_) => Ok(None),
        },
        Err(e) => Err(Failure::runtime(format!(
            "cannot read {shown}: {e}; flowgate changed nothing"
        ))),
    }
}

/// The file a symbolic link finally points to (`None`: not a link).
fn link_target(file: &Path) -> Option<PathBuf> {
    let meta = std::fs::symlink_metadata(file).ok()?;
    if !meta.file_type().is_symlink() {
        return None;
    }
    std::fs::canonicalize(file).ok()
}

/// `<file>.flowgate.bak`, or `.flowgate.bak.2`, … if that exists.
fn backup_path(file: &Path) -> PathBuf {
    let base = format!("{}.flowgate.bak", file.display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    while candidate.symlink_metadata().is_ok() {
        candidate = PathBuf::from(format!("{base}.{n}"));
        n += 1;
    }
    candidate
}

/// Replace the text of `file` (of its target, for a symbolic link)
/// atomically, keeping an existing file's mode.
fn write_through(file: &Path, text: &str) -> std::io::Result<()> {
    let target = link_target(file).unwrap_or_else(|| file.to_path_buf());
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    let mode = std::fs::metadata(&target).ok().map(|m| m.permissions());
    let name = target
        .file_name()
        .map_or_else(|| "config".into(), |n| n.to_string_lossy().into_owned());
    // Opened like any new file (mode 0666 less the umask), unlike a
    // tempfile's 0600, so a new config is as readable as its neighbours.
    let (tmp, mut f) = (0u32..)
        .map(|n| dir.join(format!(".{name}.flowgate-{}-{n}.tmp", std::process::id())))
        .find_map(|p| {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&p)
            {
                Ok(f) => Some(Ok((p, f))),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => None,
                Err(e) => Some(Err(e)),
            }
        })
        .expect("some temporary name is free")?;
    let written = f
        .write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .and_then(|()| match mode {
            Some(m) => std::fs::set_permissions(&tmp, m),
            None => Ok(()),
        })
        .and_then(|()| std::fs::rename(&tmp, &target));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// JSON with `//` and `/* */` comments → JSON, each comment character
/// replaced by a space (newlines kept), so a parse error's line and column
/// are those of the original text. Strings are left alone.
pub(in crate::cli) fn blank_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    // As many spaces as the character has bytes: serde_json's columns
    // count bytes.
    let blank = |out: &mut String, c: char| {
        if c == '\n' {
            out.push('\n');
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    };
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                out.push(' ');
                for n in chars.by_ref() {
                    blank(&mut out, n);
                    if n == '\n' {
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                out.push_str("  ");
                let mut prev = ' ';
                for n in chars.by_ref() {
                    blank(&mut out, n);
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// A host's JSON settings file, parsed: `{}` when missing or empty.
pub(in crate::cli) struct JsonFile {
    pub old: Option<String>,
    pub root: Value,
    /// It held comments, which a rewrite cannot keep.
    pub had_comments: bool,
}

/// Read and parse a JSON settings file (`comments`: the host accepts JSON
/// with comments). A parse error names the file, line and column and says
/// how to go on; nothing has been written when it is returned.
pub(in crate::cli) fn read_json(
    file: &Path,
    comments: bool,
    by_hand: &str,
) -> Result<JsonFile, Failure> {
    let old = read(file)?;
    let text = old.as_deref().unwrap_or("");
    let clean = if comments {
        blank_comments(text)
    } else {
        text.to_string()
    };
    let root = if clean.trim().is_empty() {
        Value::Object(Map::new())
    } else {
        serde_json::from_str::<Value>(&clean).map_err(|e| {
            let what = e.to_string();
            let what = what
                .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
                .unwrap_or(&what);
            let kind = if comments {
                "JSON (comments allowed)"
            } else {
                "plain JSON, without comments or trailing commas"
            };
            Failure::config(format!(
                "{}:{}:{}: {what}; flowgate changed nothing. Fix the file (it must be {kind}) and run init again, or {by_hand}",
                file.display(),
                e.line(),
                e.column()
            ))
        })?
    };
    let had_comments = comments && clean != text;
    Ok(JsonFile {
        old,
        root,
        had_comments,
    })
}

/// The indentation of the first indented line, to write the file back in
/// its own style (two spaces for a new file).
pub(in crate::cli) fn indent_of(text: &str) -> Vec<u8> {
    text.lines()
        .skip(1)
        .find_map(|l| {
            let ws: String = l.chars().take_while(|c| *c == ' ' || *c == '\t').collect();
            (!ws.is_empty() && ws.len() < l.len()).then_some(ws)
        })
        .unwrap_or_else(|| "  ".into())
        .into_bytes()
}

pub(in crate::cli) fn pretty(v: &Value, indent: &[u8]) -> String {
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    v.serialize(&mut ser)
        .expect("a JSON value always serialises");
    let mut s = String::from_utf8(out).expect("serde_json writes UTF-8");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_blanked_outside_strings_and_positions_kept() {
        let t = "{ // a\n \"a\": \"x // y\", /* b\n */ \"c\": \"\\\"/*\" }";
        let clean = blank_comments(t);
        assert_eq!(clean.len(), t.len());
        assert_eq!(clean.lines().count(), t.lines().count());
        let v: Value = serde_json::from_str(&clean).unwrap();
        assert_eq!(v["a"], "x // y");
        assert_eq!(v["c"], "\"/*");
        // An error after a comment is reported where it is in the file.
        let bad = "{ /* x */ \"a\": }";
        let e = serde_json::from_str::<Value>(&blank_comments(bad)).unwrap_err();
        assert_eq!(e.column(), bad.find('}').unwrap() + 1);
    }

    #[test]
    fn indentation_is_reused() {
        assert_eq!(indent_of("{\n    \"a\": 1\n}"), b"    ");
        assert_eq!(indent_of("{\n\t\"a\": 1\n}"), b"\t");
        assert_eq!(indent_of("{}"), b"  ");
    }
}
