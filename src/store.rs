//! The one owner of `.flowgate/state.json`.
//!
//! Reads take no lock: writers replace the file atomically (temp file in the
//! same directory, fsync, rename, fsync of the directory), so a reader sees
//! the previous or the next state, never a torn one. Writers hold an
//! exclusive lock on the sidecar `state.lock` for the whole
//! read-modify-write, waiting at most `lock_timeout_ms`. A state file that
//! cannot be parsed is moved aside by the next writer and reported, never
//! silently reset.

use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::engine::state::State;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path} is unreadable ({why}); the next change (a step, a todo edit or a message) moves it aside and starts fresh"
    )]
    Corrupt { path: String, why: String },
    #[error("cannot {action} {path}: {err}")]
    Io {
        action: &'static str,
        path: String,
        err: std::io::Error,
    },
    #[error(
        "timed out after {ms} ms waiting for {path} (another flowgate process holds it); try again"
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

    /// Read the current state without locking. A missing file is the empty
    /// state; an unparsable one is an error (nothing is changed).
    pub fn load(&self) -> Result<State, StoreError> {
        let path = self.state_path();
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(State::default()),
            Err(e) => return Err(io("read", &path)(e)),
        };
        parse(&bytes).map_err(|why| StoreError::Corrupt {
            path: path.display().to_string(),
            why,
        })
    }

    /// Take the writer lock, waiting at most the configured time.
    pub fn lock(&self) -> Result<Lock, StoreError> {
        fs::create_dir_all(&self.dir).map_err(io("create", &self.dir))?;
        let path = self.lock_path();
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io("open", &path))?;
        let start = Instant::now();
        let mut pause = Duration::from_micros(200);
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock { _file: file }),
                Err(std::fs::TryLockError::WouldBlock) => {}
                Err(std::fs::TryLockError::Error(e)) => return Err(io("lock", &path)(e)),
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

    /// Load under the lock; a corrupt file is moved aside and reported.
    pub fn load_locked(&self, _lock: &Lock) -> Result<Loaded, StoreError> {
        match self.load() {
            Ok(state) => Ok(Loaded {
                state,
                recovered: None,
            }),
            Err(StoreError::Corrupt { path, why }) => {
                let aside = self
                    .dir
                    .join(format!("state.corrupt-{}.json", crate::time::now_compact()));
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

    /// Write `state` atomically with the next generation number.
    pub fn save(&self, _lock: &Lock, state: &mut State) -> Result<(), StoreError> {
        state.generation += 1;
        let mut text = serde_json::to_vec_pretty(state).expect("state serialises");
        text.push(b'\n');
        let path = self.state_path();
        let tmp = self
            .dir
            .join(format!(".state.json.{}.tmp", std::process::id()));
        let result = (|| {
            let mut f = File::create(&tmp).map_err(io("create", &tmp))?;
            f.write_all(&text).map_err(io("write", &tmp))?;
            f.sync_all().map_err(io("sync", &tmp))?;
            fs::rename(&tmp, &path).map_err(io("replace", &path))?;
            if let Ok(d) = File::open(&self.dir) {
                let _ = d.sync_all();
            }
            Ok(())
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result
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
            self.save(&lock, &mut state)?;
        }
        Ok(out)
    }
}

fn parse(bytes: &[u8]) -> Result<State, String> {
    let state: State = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    state.check()?;
    Ok(state)
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
}
