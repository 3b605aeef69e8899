//! The one owner of `.flowgate/state.json`, and of the rules every file
//! under `.flowgate/` follows.
//!
//! Reads take no lock: writers replace the file atomically, so a reader
//! sees the previous or the next state, never a torn one. The next state is
//! written into the spare file `.state.json.spare`, which then swaps names
//! with `state.json` in one step (`renameat2` with `RENAME_EXCHANGE`; a
//! rename where the file system cannot swap); the spare then holds the
//! previous state and is rewritten in place by the next write. No file is
//! created or freed on a write: on ext4 those two cost ~0.5 ms, more than
//! the rest of the write. A reader slow enough to still be reading the
//! file it opened while two writes swap it out and rewrite it would see a
//! mix: every state ends with a seal (`"sum"`, a hash of the bytes
//! before it), and such a read is retried. Writers hold an
//! exclusive lock on the sidecar `state.lock` for the whole
//! read-modify-write, waiting at most `lock_timeout_ms`; when it cannot be
//! taken, nothing is changed and the error names the lock file.
//!
//! **Durability** ([`Durability`]). The rename alone gives "old or new,
//! never torn" against anything that kills the process, at any instant: the
//! kernel has the new file's bytes before the rename makes it visible. What
//! an fsync adds is surviving an OS crash or a power loss, which a process
//! kill is not. Two kinds of write, two policies:
//!
//! - user commands (`start`, `cancel`, `step`, `todo`, `@flow …`, `init`)
//!   are [`Durability::Synced`]: fsync of the new file, rename, fsync of the
//!   directory. They are rare, a person waits on them anyway, and a run
//!   started or cancelled should stay so after a power cut.
//! - hook events that write (a Stop/turn end that continues the agent, the
//!   message that delivers a reminder) are [`Durability::Relaxed`]: rename
//!   only. They run on every turn, and the two fsyncs were ~90 % of their
//!   wall time (≈ 12 ms against ≈ 1.5 ms). What they record is a position
//!   inside a run (continuation counters, reminders delivered) that the
//!   agent or user can redo. After an OS crash (not a process kill) the
//!   last such updates may be lost: nothing asks the kernel to write the
//!   spare's data before the swap, so `state.json` may come back with the
//!   spare's earlier bytes, or a mix of them and the new ones. A synced
//!   write leaves its state in both files, so what comes back is never
//!   older than the last user command; a mix fails its seal. A state whose
//!   seal does not match, or that does not parse, is moved aside to
//!   `state.corrupt-<time>.json` and reported, as below, never silently
//!   taken for a valid one.
//!
//! State is written as compact JSON (one line): nothing reads it as text.
//!
//! **Links and odd files are refused.** flowgate reads and writes only a
//! real `.flowgate/` directory and regular files directly inside it. When
//! `.flowgate/` itself, `state.json`, `state.lock` or `journal.jsonl` is a
//! symbolic link (or not a directory / regular file), every command and
//! hook that needs it fails with a one-line error naming the path and the
//! fix, and nothing is written: never through the link, never creating its
//! target. A file opened is checked to be the one looked at (same device and
//! inode), so a link swapped in meanwhile is caught too.
//!
//! **Modes.** `state.json`, `state.lock` and `journal.jsonl` are created
//! private (0600), whatever the umask. Existing files keep their mode.
//!
//! **The spare file** is written only as a private (0600) regular file
//! with one name: one with a second name (which may lie outside
//! `.flowgate/`), another mode or that cannot be opened for writing is
//! removed and created anew, never written through; a symbolic link there
//! is refused, like every link. A writer killed while writing
//! it leaves a partial spare and `state.json` untouched; the next writer
//! overwrites it. Temporary files `.state.json.<random>.tmp` of older
//! flowgate versions are removed by the next user command.
//!
//! **Unreadable state.** A state file that cannot be parsed, or that breaks
//! what the run relies on ([`State::check`]), is moved aside by the next
//! writer to `state.corrupt-<time>.json` (`-2`, `-3`, … when that name is
//! taken, so no earlier copy is overwritten) and reported, never silently
//! reset. A state written by a newer flowgate (a higher schema `version`) is
//! refused and never moved or overwritten.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::engine::state::{STATE_VERSION, State};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path} is unreadable ({why}); the next change (a step, a todo edit or a message) moves it aside and starts fresh"
    )]
    Corrupt { path: String, why: String },
    #[error(
        "{path} was written by a newer flowgate (state schema {version}; this flowgate reads schema {STATE_VERSION}); upgrade flowgate. The file was left as it is"
    )]
    Newer { path: String, version: u64 },
    #[error("{path} is {what}, and flowgate reads and writes only real files in .flowgate/; {fix}")]
    Refused {
        path: String,
        what: &'static str,
        fix: &'static str,
    },
    #[error("cannot {action} {path}: {err}")]
    Io {
        action: &'static str,
        path: String,
        err: std::io::Error,
    },
    #[error(
        "cannot take the lock {path} ({err}); nothing was changed. Make .flowgate/ and that file writable by you, then try again"
    )]
    LockIo { path: String, err: std::io::Error },
    #[error(
        "timed out after {ms} ms waiting for {path} (another flowgate process holds it); nothing was changed, try again. If it stays locked, stop the process holding it (`lsof {path}` names it)"
    )]
    LockTimeout { path: String, ms: u64 },
}

pub struct Store {
    dir: PathBuf,
    lock_timeout: Duration,
}

/// Held while a writer owns the state; dropping it releases the lock.
pub struct Lock {
    _file: File,
}

/// How hard a write tries to outlive an OS crash (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// fsync the new file, rename, fsync the directory: survives an OS
    /// crash or a power loss. For user commands.
    Synced,
    /// Rename only: old or new across any process kill; an OS crash may
    /// lose the write. For hook events on the hot path.
    Relaxed,
}

/// The state as read without the lock, with the bytes it was parsed from,
/// so a writer can tell whether it changed since.
pub struct Snapshot {
    pub state: State,
    bytes: Option<Vec<u8>>,
}

impl Snapshot {
    /// The empty state, as if `state.json` were missing (for a caller that
    /// goes on past an unreadable file: any file there is then "changed").
    pub fn missing() -> Snapshot {
        Snapshot {
            state: State::default(),
            bytes: None,
        }
    }
}

/// A state loaded for update, with a notice if a corrupt file was set aside.
pub struct Loaded {
    pub state: State,
    pub recovered: Option<String>,
}

fn io<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(std::io::Error) -> StoreError + 'a {
    move |err| StoreError::Io {
        action,
        path: path.display().to_string(),
        err,
    }
}

/// What to do about a link or an odd file, per file of `.flowgate/`.
fn fix_for(path: &Path) -> &'static str {
    match path.file_name().and_then(|n| n.to_str()) {
        Some("state.json") => {
            "replace it with a regular file (copy the target over the link) or remove it to start from an empty state"
        }
        Some("state.lock") => "remove it (flowgate creates a fresh lock file)",
        Some("journal.jsonl") => {
            "remove it or replace it with a regular file (flowgate starts a fresh journal)"
        }
        _ => "remove it or replace it with a regular file",
    }
}

fn refused(path: &Path, what: &'static str, fix: &'static str) -> StoreError {
    StoreError::Refused {
        path: path.display().to_string(),
        what,
        fix,
    }
}

/// The metadata of `path` itself (a link is not followed); `None` if absent.
fn lstat(path: &Path) -> Result<Option<Metadata>, StoreError> {
    match fs::symlink_metadata(path) {
        Ok(m) => Ok(Some(m)),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io("inspect", path)(e)),
    }
}

/// Refuse `path` if it is a link or not a regular file; `true` if it exists.
pub(crate) fn check_file(path: &Path) -> Result<bool, StoreError> {
    match lstat(path)? {
        None => Ok(false),
        Some(m) if m.file_type().is_symlink() => {
            Err(refused(path, "a symbolic link", fix_for(path)))
        }
        Some(m) if !m.is_file() => Err(refused(path, "not a regular file", fix_for(path))),
        Some(_) => Ok(true),
    }
}

/// Refuse a `.flowgate/` that is a link or not a directory; `true` if it exists.
pub(crate) fn check_dir(dir: &Path) -> Result<bool, StoreError> {
    const FIX: &str =
        "replace it with a real directory (move the files it holds into it), then try again";
    match lstat(dir)? {
        None => Ok(false),
        Some(m) if m.file_type().is_symlink() => Err(refused(dir, "a symbolic link", FIX)),
        Some(m) if !m.is_dir() => Err(refused(dir, "not a directory", FIX)),
        Some(_) => Ok(true),
    }
}

#[cfg(unix)]
pub(crate) fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
pub(crate) fn same_file(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// Make a file flowgate just created private (0600), whatever the umask.
#[cfg(unix)]
fn make_private(f: &File) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    f.set_permissions(fs::Permissions::from_mode(0o600))
}

#[cfg(not(unix))]
fn make_private(_: &File) -> std::io::Result<()> {
    Ok(())
}

/// Whether `path` names the file `f` is open on.
fn names(path: &Path, f: &File) -> Result<bool, StoreError> {
    let opened = f.metadata().map_err(io("inspect", path))?;
    Ok(lstat(path)?.is_some_and(|now| same_file(&now, &opened)))
}

/// Open an existing regular file inside `.flowgate/` with `opts` (which
/// must not ask to create), never through a link; `Ok(None)` if missing.
pub(crate) fn open_existing(path: &Path, opts: &OpenOptions) -> Result<Option<File>, StoreError> {
    open_file(path, opts, false)
}

/// Like [`open_existing`], but a missing file is created exclusively
/// (never through a link) with mode 0600.
pub(crate) fn open_or_create(path: &Path, opts: &OpenOptions) -> Result<File, StoreError> {
    open_file(path, opts, true)?.ok_or_else(|| {
        io("create", path)(std::io::Error::other(
            "it vanished while flowgate created it",
        ))
    })
}

fn open_file(path: &Path, opts: &OpenOptions, create: bool) -> Result<Option<File>, StoreError> {
    // A few rounds: the file may appear, vanish or be swapped meanwhile.
    for _ in 0..8 {
        if !check_file(path)? {
            if !create {
                return Ok(None);
            }
            let mut o = opts.clone();
            o.create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut o, 0o600);
            match o.open(path) {
                Ok(f) => {
                    make_private(&f).map_err(io("set the mode of", path))?;
                    return Ok(Some(f));
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io("create", path)(e)),
            }
        }
        let f = match opts.open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == ErrorKind::NotFound => continue,
            Err(e) => return Err(io("open", path)(e)),
        };
        let opened = f.metadata().map_err(io("inspect", path))?;
        // The path still names the file that was opened, and it is no link.
        match lstat(path)? {
            Some(now) if now.file_type().is_symlink() => {
                return Err(refused(path, "a symbolic link", fix_for(path)));
            }
            Some(now) if now.is_file() && same_file(&now, &opened) => return Ok(Some(f)),
            _ => continue,
        }
    }
    Err(io("open", path)(std::io::Error::other(
        "it kept changing while flowgate opened it",
    )))
}

impl Store {
    pub fn new(workspace: &Path, lock_timeout_ms: u64) -> Store {
        Store {
            dir: workspace.join(".flowgate"),
            lock_timeout: Duration::from_millis(lock_timeout_ms),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn state_path(&self) -> PathBuf {
        self.dir.join("state.json")
    }

    pub fn lock_path(&self) -> PathBuf {
        self.dir.join("state.lock")
    }

    fn journal_path(&self) -> PathBuf {
        self.dir.join("journal.jsonl")
    }

    /// Read the current state without locking. A missing file is the empty
    /// state; an unparsable one is an error (nothing is changed).
    pub fn load(&self) -> Result<State, StoreError> {
        self.snapshot().map(|s| s.state)
    }

    /// Like [`Store::load`], keeping the bytes for [`Store::update_since`].
    pub fn snapshot(&self) -> Result<Snapshot, StoreError> {
        let bytes = self.read_whole()?;
        let state = match &bytes {
            None => State::default(),
            Some(b) => parse(b, &self.state_path())?,
        };
        Ok(Snapshot { state, bytes })
    }

    /// The bytes of a whole `state.json`, read without the lock. The file
    /// opened as `state.json` may meanwhile have been swapped out and be
    /// rewritten as the spare: a read counts only if the file is still (or
    /// again) `state.json` once read, and its seal matches (two writes may
    /// have swapped it out and back while it was read). Otherwise it is
    /// read again; bytes read twice alike are what the file holds (no seal:
    /// read as they are; a seal that does not match: reported as corrupt
    /// by [`parse`]). After 64 tries, the last read goes to [`parse`],
    /// which refuses it unless it is whole.
    fn read_whole(&self) -> Result<Option<Vec<u8>>, StoreError> {
        let mut last = None;
        let path = self.state_path();
        for _ in 0..64 {
            let Some((bytes, f)) = self.read_file()? else {
                return Ok(None);
            };
            let current = names(&path, &f)?;
            if current && (seal_of(&bytes) == Seal::Matches || last.as_ref() == Some(&bytes)) {
                return Ok(Some(bytes));
            }
            last = Some(bytes);
            std::thread::yield_now();
        }
        Ok(last)
    }

    /// The bytes of `state.json`; `None` if it (or `.flowgate/`) is missing.
    fn read_bytes(&self) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.read_file()?.map(|(bytes, _)| bytes))
    }

    /// The bytes of `state.json`, and the file they were read from.
    fn read_file(&self) -> Result<Option<(Vec<u8>, File)>, StoreError> {
        if !check_dir(&self.dir)? {
            return Ok(None);
        }
        let path = self.state_path();
        let Some(mut f) = open_existing(&path, OpenOptions::new().read(true))? else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes).map_err(io("read", &path))?;
        Ok(Some((bytes, f)))
    }

    /// Create `.flowgate/` (only that directory, inside an existing
    /// workspace) unless it is there; refuse a link.
    fn ensure_dir(&self) -> Result<(), StoreError> {
        if check_dir(&self.dir)? {
            return Ok(());
        }
        match fs::create_dir(&self.dir) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => check_dir(&self.dir).map(|_| ()),
            Err(e) if e.kind() == ErrorKind::NotFound => {
                let ws = self.dir.parent().unwrap_or(&self.dir).display().to_string();
                Err(io("create", &self.dir)(std::io::Error::new(
                    ErrorKind::NotFound,
                    format!("the workspace {ws} does not exist"),
                )))
            }
            Err(e) => Err(io("create", &self.dir)(e)),
        }
    }

    /// Write `rel` (a file under `.flowgate/`, e.g. `workflows/x.toml` or
    /// `.gitignore`) atomically, by the same rules as the state: `.flowgate/`
    /// and every directory on the way are real directories (created one
    /// level at a time, never through a link, never a workspace that does
    /// not exist) and the file itself is no link, so nothing outside
    /// `.flowgate/` is ever written. Its mode is 0644 (these files are
    /// meant to be read and committed).
    pub fn write_file(&self, rel: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        self.ensure_dir()?;
        let mut dir = self.dir.clone();
        let parts: Vec<&str> = rel.split('/').collect();
        let (name, subdirs) = parts.split_last().expect("a file name");
        for part in subdirs {
            assert!(!part.is_empty() && *part != "." && *part != "..", "{rel}");
            dir.push(part);
            if !check_dir(&dir)? {
                match fs::create_dir(&dir) {
                    Ok(()) => {}
                    Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                        check_dir(&dir)?;
                    }
                    Err(e) => return Err(io("create", &dir)(e)),
                }
            }
        }
        let path = dir.join(name);
        check_file(&path)?;
        let mut tmp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .tempfile_in(&dir)
            .map_err(io("create a temporary file in", &dir))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(fs::Permissions::from_mode(0o644))
                .map_err(io("set the mode of", &path))?;
        }
        tmp.write_all(bytes).map_err(io("write", &path))?;
        tmp.as_file().sync_all().map_err(io("sync", &path))?;
        tmp.persist(&path)
            .map_err(|e| io("replace", &path)(e.error))?;
        Ok(path)
    }

    /// Take the writer lock, waiting at most the configured time.
    pub fn lock(&self) -> Result<Lock, StoreError> {
        self.ensure_dir()?;
        // A linked journal would lose this change's line: refuse up front.
        check_file(&self.journal_path())?;
        let path = self.lock_path();
        let lock_err = |err| StoreError::LockIo {
            path: path.display().to_string(),
            err,
        };
        let file = match open_or_create(&path, OpenOptions::new().write(true)) {
            Ok(f) => f,
            Err(StoreError::Io { err, .. }) => return Err(lock_err(err)),
            Err(e) => return Err(e),
        };
        let start = Instant::now();
        let mut pause = Duration::from_micros(200);
        loop {
            match file.try_lock() {
                // The lock counts only on the file `state.lock` names now
                // (one removed or replaced meanwhile locks nobody out).
                Ok(()) if names(&path, &file)? => return Ok(Lock { _file: file }),
                Ok(()) => return self.lock(),
                Err(std::fs::TryLockError::WouldBlock) => {}
                Err(std::fs::TryLockError::Error(e)) => return Err(lock_err(e)),
            }
            if start.elapsed() >= self.lock_timeout {
                return Err(StoreError::LockTimeout {
                    path: path.display().to_string(),
                    ms: self.lock_timeout.as_millis() as u64,
                });
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(20));
        }
    }

    /// A free `state.corrupt-<time>[-n].json` name (the caller holds the lock).
    fn aside_path(&self) -> Result<PathBuf, StoreError> {
        let stamp = crate::time::now_compact();
        for n in 1..=1000u32 {
            let name = if n == 1 {
                format!("state.corrupt-{stamp}.json")
            } else {
                format!("state.corrupt-{stamp}-{n}.json")
            };
            let p = self.dir.join(name);
            if lstat(&p)?.is_none() {
                return Ok(p);
            }
        }
        Err(io("move aside", &self.state_path())(std::io::Error::other(
            "every state.corrupt-* name for this second is taken",
        )))
    }

    /// Load under the lock; a corrupt file is moved aside and reported.
    pub fn load_locked(&self, lock: &Lock) -> Result<Loaded, StoreError> {
        let bytes = self.read_bytes()?;
        self.parse_locked(lock, bytes.as_deref())
    }

    /// Parse bytes read under the lock; a corrupt file is moved aside.
    fn parse_locked(&self, _lock: &Lock, bytes: Option<&[u8]>) -> Result<Loaded, StoreError> {
        let parsed = match bytes {
            None => Ok(State::default()),
            Some(b) => parse(b, &self.state_path()),
        };
        match parsed {
            Ok(state) => Ok(Loaded {
                state,
                recovered: None,
            }),
            Err(StoreError::Corrupt { path, why }) => {
                let aside = self.aside_path()?;
                fs::rename(self.state_path(), &aside)
                    .map_err(io("move aside", Path::new(&path)))?;
                Ok(Loaded {
                    state: State::default(),
                    recovered: Some(format!(
                        "{path} was unreadable ({why}); it was moved to {} and flowgate started from an empty state",
                        aside.display()
                    )),
                })
            }
            Err(e) => Err(e),
        }
    }

    /// Remove temporary files left by writers that were killed mid-write.
    /// Only called under the lock, when no other writer can be writing one.
    fn remove_stale_temps(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            let Some(name) = name.to_str() else { continue };
            let stale = name.len() > ".state.json..tmp".len()
                && name.starts_with(".state.json.")
                && name.ends_with(".tmp");
            if stale && e.file_type().is_ok_and(|t| !t.is_dir()) {
                let _ = fs::remove_file(e.path());
            }
        }
    }

    /// Where the next state is written before it takes `state.json`'s
    /// place; after a swap it holds the previous state.
    fn spare_path(&self) -> PathBuf {
        self.dir.join(SPARE)
    }

    /// Write `state` atomically with the next generation number: into the
    /// spare file, in place (no file is created or freed), then swapped
    /// with `state.json` (see [`exchange`]); where the file system cannot
    /// swap, renamed over it. Either way `state.json` names a whole file
    /// at every instant.
    pub fn save(
        &self,
        _lock: &Lock,
        state: &mut State,
        durability: Durability,
    ) -> Result<(), StoreError> {
        state.generation = state.generation.saturating_add(1);
        let text = seal(serde_json::to_vec(state).expect("state serialises"));
        let path = self.state_path();
        // A link is refused everywhere, and `load` has refused it already.
        check_file(&path)?;
        let spare = self.spare_path();
        let synced = durability == Durability::Synced;
        self.write_spare(&text, synced)?;
        let swapped = exchange(&spare, &path).map_err(io("replace", &path))?;
        if !swapped {
            fs::rename(&spare, &path).map_err(io("replace", &path))?;
        }
        if synced {
            if let Ok(d) = File::open(&self.dir) {
                let _ = d.sync_all();
            }
            // The spare now holds the state before this one. A hook's
            // write, which is not synced, goes into it next: after a power
            // cut it may come back with the spare's old bytes. Give it
            // this state too, so nothing older than a user's command
            // can come back.
            if swapped {
                self.write_spare(&text, true)?;
            }
            // Rare (user commands): leftovers of an older flowgate's
            // temporary files go here.
            self.remove_stale_temps();
        }
        Ok(())
    }

    /// Write `text` into the spare file, in place, and cut it to length.
    /// A spare with a second name (which may lie outside `.flowgate/`),
    /// another mode than 0600 or that cannot be opened for writing is
    /// replaced by a new one, never written through.
    fn write_spare(&self, text: &[u8], sync: bool) -> Result<(), StoreError> {
        let spare = self.spare_path();
        let open = || open_or_create(&spare, OpenOptions::new().write(true));
        let usable = match open() {
            Ok(f) => {
                let held = f.metadata().map_err(io("inspect", &spare))?;
                (links(&held) == 1 && private(&held)).then_some((f, held.len()))
            }
            Err(StoreError::Io { err, .. }) if err.kind() == ErrorKind::PermissionDenied => None,
            Err(e) => return Err(e),
        };
        let (mut f, len) = match usable {
            Some(found) => found,
            None => {
                fs::remove_file(&spare).map_err(io("remove", &spare))?;
                (open()?, 0)
            }
        };
        f.write_all(text).map_err(io("write", &spare))?;
        // Shorter than what the spare held: cut the rest.
        if len > text.len() as u64 {
            f.set_len(text.len() as u64).map_err(io("write", &spare))?;
        }
        if sync {
            f.sync_all().map_err(io("sync", &spare))?;
        }
        Ok(())
    }

    /// Lock, load, let `f` change the state, and write it if it changed.
    pub fn update<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&mut State, Option<&str>) -> Result<T, E>,
    ) -> Result<T, E> {
        let lock = self.lock()?;
        let Loaded {
            mut state,
            recovered,
        } = self.load_locked(&lock)?;
        let before = state.clone();
        let out = f(&mut state, recovered.as_deref())?;
        if state != before || recovered.is_some() {
            self.save(&lock, &mut state, Durability::Synced)?;
        }
        Ok(out)
    }

    /// Lock and write, for a caller that already decided on `seen` (read
    /// without the lock). If `state.json` still holds the bytes `seen` was
    /// parsed from, `f` gets `None` and answers with what it decided then;
    /// otherwise it gets the freshest state (and a notice if a corrupt file
    /// was set aside) to decide again. `f` returns the state to write
    /// (`None`: no change) and its result.
    pub fn update_since<T, E: From<StoreError>>(
        &self,
        seen: &Snapshot,
        durability: Durability,
        f: impl FnOnce(Option<(State, Option<&str>)>) -> Result<(Option<State>, T), E>,
    ) -> Result<T, E> {
        let lock = self.lock()?;
        let bytes = self.read_bytes()?;
        let unchanged = match (&bytes, &seen.bytes) {
            (Some(now), Some(then)) => crate::bytes::same(now, then),
            (now, then) => now.is_none() && then.is_none(),
        };
        if unchanged {
            let (next, out) = f(None)?;
            if let Some(mut next) = next {
                self.save(&lock, &mut next, durability)?;
                crate::app::release(next);
            }
            return Ok(out);
        }
        let Loaded { state, recovered } = self.parse_locked(&lock, bytes.as_deref())?;
        let kept = recovered.is_some().then(|| state.clone());
        let (next, out) = f(Some((state, recovered.as_deref())))?;
        if let Some(mut next) = next.or(kept) {
            self.save(&lock, &mut next, durability)?;
        }
        Ok(out)
    }
}

/// Swap the names `new` and `path` atomically (`renameat2` with
/// `RENAME_EXCHANGE`). It is a rename that keeps the replaced file under the
/// other name (the store reuses it as the next spare); readers see the same
/// "old or new" as with a rename. What it saves: when a rename replaces a file, ext4
/// starts writing the new file's data at once (`auto_da_alloc`), ~0.3 ms on
/// every state write; a swap does not. `Ok(false)` when a plain rename must
/// do: `path` does not exist yet, or the file system (or the OS) cannot
/// swap.
fn exchange(new: &Path, path: &Path) -> std::io::Result<bool> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        use rustix::io::Errno;
        match renameat_with(CWD, new, CWD, path, RenameFlags::EXCHANGE) {
            Ok(()) => Ok(true),
            Err(Errno::NOENT | Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (new, path);
        Ok(false)
    }
}

/// How many names the file has.
#[cfg(unix)]
fn links(m: &Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(m)
}
#[cfg(not(unix))]
fn links(_: &Metadata) -> u64 {
    1
}

/// Whether only its owner may read and write the file.
#[cfg(unix)]
fn private(m: &Metadata) -> bool {
    std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o777 == 0o600
}
#[cfg(not(unix))]
fn private(_: &Metadata) -> bool {
    true
}

/// The spare file's name (see [`Store::save`]).
pub const SPARE: &str = ".state.json.spare";

/// The seal at the end of every state written: `,"sum":"<16 hex>"}`, a
/// hash ([`seal_hash`]) of everything before it. It is an ordinary JSON field to
/// anything else that reads the file.
const SEAL_KEY: &[u8] = b",\"sum\":\"";
const SEAL_LEN: usize = SEAL_KEY.len() + 16 + 2;

/// The seal's hash: eight bytes at a time (rotate, xor, multiply, as
/// FxHash does), so a 10 KB state costs ~1,300 steps rather than 10,000.
/// It tells a mixed read from a whole one; it is no defence against an
/// adversary, who could write `state.json` anyway.
fn seal_hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let step = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    let mut h = chunks.by_ref().fold(bytes.len() as u64, |h, c| {
        step(h, u64::from_le_bytes(c.try_into().expect("8 bytes")))
    });
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        h = step(h, u64::from_le_bytes(last));
    }
    h
}

/// `json` (one object, `{…}`) with its seal, and a newline.
fn seal(mut json: Vec<u8>) -> Vec<u8> {
    debug_assert!(json.len() > 2 && json.ends_with(b"}"));
    json.pop();
    let sum = seal_hash(&json);
    json.extend_from_slice(SEAL_KEY);
    json.extend_from_slice(format!("{sum:016x}\"}}\n").as_bytes());
    json
}

/// What a state's seal says about its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seal {
    /// Whole, as written.
    Matches,
    /// Sealed, but the bytes are not the ones sealed: a read mixed with a
    /// write, a file cut short or mixed by a crash, or an edit by hand.
    Differs,
    /// No seal at the end: a file written by hand or by an older flowgate,
    /// or a read cut short.
    Missing,
}

fn seal_of(bytes: &[u8]) -> Seal {
    let end = bytes.trim_ascii_end().len();
    let Some(start) = end.checked_sub(SEAL_LEN) else {
        return Seal::Missing;
    };
    let tail = &bytes[start..end];
    if !tail.starts_with(SEAL_KEY) || !tail.ends_with(b"\"}") {
        return Seal::Missing;
    }
    let hex = &tail[SEAL_KEY.len()..SEAL_KEY.len() + 16];
    let sum = std::str::from_utf8(hex)
        .ok()
        .and_then(|h| u64::from_str_radix(h, 16).ok());
    if sum == Some(seal_hash(&bytes[..start])) {
        Seal::Matches
    } else {
        Seal::Differs
    }
}

/// Parse and check a state; a newer schema is told apart from corruption.
fn parse(bytes: &[u8], path: &Path) -> Result<State, StoreError> {
    if seal_of(bytes) == Seal::Differs {
        return Err(StoreError::Corrupt {
            path: path.display().to_string(),
            why: "its \"sum\" does not match its content: cut short or mixed by a crash, or edited by hand (after an edit by hand, delete the \"sum\" field)".into(),
        });
    }
    // Checked as text once, whole: reading bytes, serde_json checks each
    // string again as it copies it (~40,000 instructions for 100 todos).
    // Not UTF-8 (rare): read as bytes, which accepts exactly what it did
    // before (bytes in a string no field takes are skipped unchecked).
    let parsed = match std::str::from_utf8(bytes) {
        Ok(text) => serde_json::from_str::<State>(text),
        Err(_) => serde_json::from_slice::<State>(bytes),
    }
    .map_err(|e| e.to_string())
    .and_then(|s| s.check().map(|()| s));
    parsed.map_err(|why| {
        #[derive(serde::Deserialize)]
        struct Version {
            version: u64,
        }
        let path = path.display().to_string();
        match serde_json::from_slice::<Version>(bytes) {
            Ok(v) if v.version > u64::from(STATE_VERSION) => StoreError::Newer {
                path,
                version: v.version,
            },
            _ => StoreError::Corrupt { path, why },
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::todos::{Todo, TodoStatus};

    #[test]
    fn round_trip_and_generation() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        assert_eq!(store.load().unwrap(), State::default());
        store
            .update(|s, _| -> Result<(), StoreError> {
                s.todos.push(Todo {
                    text: "a".into(),
                    status: TodoStatus::NotStarted,
                });
                Ok(())
            })
            .unwrap();
        let s = store.load().unwrap();
        assert_eq!(s.generation, 1);
        assert_eq!(s.todos.len(), 1);
        // no change, no write
        store
            .update(|_, _| -> Result<(), StoreError> { Ok(()) })
            .unwrap();
        assert_eq!(store.load().unwrap().generation, 1);
    }

    #[test]
    fn corrupt_state_is_reported_then_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        fs::create_dir_all(store.dir()).unwrap();
        fs::write(store.state_path(), "{not json").unwrap();
        assert!(matches!(store.load(), Err(StoreError::Corrupt { .. })));
        let note = store
            .update(|_, rec| -> Result<Option<String>, StoreError> { Ok(rec.map(str::to_string)) })
            .unwrap()
            .unwrap();
        assert!(note.contains("moved to"), "{note}");
        let aside: Vec<_> = fs::read_dir(store.dir())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("state.corrupt-")
            })
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(fs::read_to_string(aside[0].path()).unwrap(), "{not json");
        assert_eq!(store.load().unwrap().generation, 1);
    }

    /// Bytes that are not UTF-8 in a field flowgate does not read (a hand
    /// edit in another encoding) were skipped by `from_slice`; reading the
    /// state as text first must not make it corrupt (and set aside).
    #[test]
    fn bytes_not_utf8_in_a_field_not_read_keep_the_state() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        fs::create_dir_all(store.dir()).unwrap();
        let mut text =
            format!("{{\"version\":{STATE_VERSION},\"generation\":4,\"note\":\"caf").into_bytes();
        text.extend_from_slice(b"\xe9\"}");
        fs::write(store.state_path(), &text).unwrap();
        assert_eq!(store.load().map(|s| s.generation).ok(), Some(4));
    }

    #[test]
    fn a_newer_state_is_refused_and_never_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        fs::create_dir_all(store.dir()).unwrap();
        let text = "{\"version\": 7, \"generation\": 4, \"shape\": \"new\"}";
        fs::write(store.state_path(), text).unwrap();
        match store.load() {
            Err(StoreError::Newer { version: 7, .. }) => {}
            other => panic!("{:?}", other.map(|_| ())),
        }
        let err = store
            .update(|s, _| -> Result<(), StoreError> {
                s.todos.clear();
                Ok(())
            })
            .unwrap_err()
            .to_string();
        assert!(err.contains("newer flowgate (state schema 7"), "{err}");
        assert_eq!(fs::read_to_string(store.state_path()).unwrap(), text);
        assert_eq!(
            fs::read_dir(store.dir()).unwrap().count(),
            2,
            "state and lock only"
        );
    }

    #[test]
    fn an_earlier_aside_file_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        fs::create_dir_all(store.dir()).unwrap();
        // The name this second's corruption would take is already used.
        let stamp = crate::time::now_compact();
        let earlier = store.dir().join(format!("state.corrupt-{stamp}.json"));
        fs::write(&earlier, "earlier").unwrap();
        fs::write(store.state_path(), "{later").unwrap();
        let note = store
            .update(|_, rec| -> Result<Option<String>, StoreError> { Ok(rec.map(str::to_string)) })
            .unwrap()
            .unwrap();
        assert_eq!(fs::read_to_string(&earlier).unwrap(), "earlier");
        let aside: Vec<String> = fs::read_dir(store.dir())
            .unwrap()
            .map(|e| fs::read_to_string(e.unwrap().path()).unwrap_or_default())
            .filter(|t| t == "{later")
            .collect();
        assert_eq!(aside.len(), 1, "{note}");
    }

    #[test]
    fn lock_times_out_naming_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 50);
        let _held = store.lock().unwrap();
        let err = match store.lock() {
            Err(e) => e.to_string(),
            Ok(_) => panic!("second lock must fail"),
        };
        assert!(err.contains("state.lock") && err.contains("50 ms"), "{err}");
    }

    fn state_of(generation: u64, items: usize) -> State {
        State {
            generation,
            todos: (0..items)
                .map(|_| Todo {
                    text: format!("g{generation} {}", "x".repeat(90)),
                    status: TodoStatus::NotStarted,
                })
                .collect(),
            ..State::default()
        }
    }

    /// Lock and write `state_of(generation, items)`.
    fn write(store: &Store, generation: u64, items: usize, durability: Durability) {
        let lock = store.lock().unwrap();
        store
            .save(&lock, &mut state_of(generation, items), durability)
            .unwrap();
    }

    #[test]
    fn the_seal_tells_a_mixed_or_cut_read_from_a_whole_one() {
        let whole = seal(serde_json::to_vec(&state_of(7, 3)).unwrap());
        assert_eq!(seal_of(&whole), Seal::Matches);
        let text = String::from_utf8(whole.clone()).unwrap();
        assert!(
            text.ends_with("\"}\n") && text.contains(",\"sum\":\""),
            "{text}"
        );
        // Bytes of another state in the middle: the JSON still parses.
        let mixed = text.replacen("g7 x", "g8 x", 1);
        assert!(serde_json::from_str::<serde_json::Value>(&mixed).is_ok());
        assert_eq!(seal_of(mixed.as_bytes()), Seal::Differs);
        // Every read cut short is not whole.
        for n in 0..whole.len() - 1 {
            assert_ne!(seal_of(&whole[..n]), Seal::Matches, "cut at {n}");
        }
        // No seal (by hand, or an older flowgate).
        let plain = serde_json::to_vec(&state_of(7, 3)).unwrap();
        assert_eq!(seal_of(&plain), Seal::Missing);
        assert_eq!(seal_of(b""), Seal::Missing);
    }

    #[test]
    fn a_state_edited_by_hand_is_read_without_its_sum_and_refused_with_a_stale_one() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        write(&store, 1, 2, Durability::Relaxed);
        let p = store.state_path();
        let edited = fs::read_to_string(&p).unwrap().replace("g1 x", "g9 x");
        fs::write(&p, &edited).unwrap();
        let err = store.load().unwrap_err().to_string();
        assert!(err.contains("\"sum\" does not match"), "{err}");
        let mut v: serde_json::Value = serde_json::from_str(&edited).unwrap();
        v.as_object_mut().unwrap().remove("sum");
        fs::write(&p, v.to_string()).unwrap();
        let s = store.load().unwrap();
        assert!(s.todos.iter().all(|t| t.text.starts_with("g9 ")), "{s:?}");
    }

    #[test]
    fn a_user_command_leaves_both_files_with_its_state() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        for g in 0..3 {
            write(&store, g, 2, Durability::Relaxed);
        }
        write(&store, 5, 2, Durability::Synced);
        let state = fs::read(store.state_path()).unwrap();
        let spare = fs::read(store.spare_path()).unwrap();
        assert_eq!(state, spare);
    }

    #[test]
    fn a_spare_with_another_name_or_mode_is_replaced_not_written_through() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path(), 1000);
        write(&store, 1, 1, Durability::Relaxed);
        write(&store, 2, 1, Durability::Relaxed);
        let outside = dir.path().join("outside.txt");
        fs::write(&outside, "mine").unwrap();
        fs::set_permissions(&outside, fs::Permissions::from_mode(0o600)).unwrap();
        fs::remove_file(store.spare_path()).unwrap();
        fs::hard_link(&outside, store.spare_path()).unwrap();
        write(&store, 3, 1, Durability::Relaxed);
        assert_eq!(fs::read_to_string(&outside).unwrap(), "mine");
        let spare = store.spare_path();
        fs::set_permissions(&spare, fs::Permissions::from_mode(0o644)).unwrap();
        write(&store, 4, 1, Durability::Relaxed);
        write(&store, 5, 1, Durability::Relaxed);
        for p in [store.state_path(), spare] {
            let mode = fs::metadata(&p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{}", p.display());
        }
        assert!(store.load().unwrap().todos[0].text.starts_with("g5 "));
    }

    /// Readers racing a writer that rewrites the spare in place: every
    /// read is one whole state (all its todos from one write), and a
    /// reader never goes back. Without the seal's retry, mixed reads show.
    #[test]
    fn lock_free_readers_never_see_a_mix_while_the_spare_is_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let store = std::sync::Arc::new(Store::new(dir.path(), 1000));
        write(&store, 0, 80, Durability::Relaxed);
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let readers: Vec<_> = (0..3)
            .map(|_| {
                let (store, stop) = (store.clone(), stop.clone());
                std::thread::spawn(move || {
                    let (mut reads, mut last) = (0u64, 0u64);
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let s = store.load().expect("a whole state");
                        let tag = format!("g{} ", s.generation - 1);
                        assert!(
                            s.todos.iter().all(|t| t.text.starts_with(&tag)),
                            "a mixed state at generation {}",
                            s.generation
                        );
                        assert!(s.generation >= last, "{} after {last}", s.generation);
                        last = s.generation;
                        reads += 1;
                    }
                    reads
                })
            })
            .collect();
        for g in 1..3000u64 {
            // Sizes vary, so the spare is cut as well as grown.
            write(&store, g, 40 + (g as usize * 37) % 80, Durability::Relaxed);
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let reads: u64 = readers.into_iter().map(|r| r.join().unwrap()).sum();
        assert!(reads > 100, "only {reads} reads");
    }
}
