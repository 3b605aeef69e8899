//! The one place exit codes are decided (SPEC §7).

/// Process exit status. `Blocked` (2) means a deliberate block and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitStatus {
    /// Allowed, unchanged or done.
    Success = 0,
    /// Runtime error: I/O, lock timeout, unreadable state.
    Failure = 1,
    /// A deliberate block.
    Blocked = 2,
    /// Usage error (clap's own code 2 is mapped here), and a refusal: a
    /// command that was understood but cannot apply to the state as it is
    /// (no run to advance, an index out of range, a run already active, a
    /// phase check that does not hold). Nothing was changed.
    Usage = 64,
    /// Malformed input payload.
    DataErr = 65,
    /// Invalid workflow or config file.
    Config = 78,
}

impl ExitStatus {
    pub fn code(self) -> i32 {
        self as i32
    }
}

/// A failure with the exit status it maps to and a one-line message.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    pub status: ExitStatus,
    pub message: String,
}

impl Failure {
    pub fn new(status: ExitStatus, message: impl Into<String>) -> Self {
        Failure {
            status,
            message: message.into(),
        }
    }
    pub fn usage(m: impl Into<String>) -> Self {
        Self::new(ExitStatus::Usage, m)
    }
    /// A command refused by the current state (exit 64, nothing changed).
    pub fn refused(m: impl Into<String>) -> Self {
        Self::new(ExitStatus::Usage, m)
    }
    pub fn input(m: impl Into<String>) -> Self {
        Self::new(ExitStatus::DataErr, m)
    }
    pub fn config(m: impl Into<String>) -> Self {
        Self::new(ExitStatus::Config, m)
    }
    pub fn runtime(m: impl Into<String>) -> Self {
        Self::new(ExitStatus::Failure, m)
    }
}

impl From<crate::store::StoreError> for Failure {
    fn from(e: crate::store::StoreError) -> Self {
        Failure::runtime(e.to_string())
    }
}
