//! The compiled form of a workflow definition.
//!
//! These types are what the engine runs on. They are produced by the parser
//! (`parse.rs`) from TOML and are also stored, as JSON, inside a run in
//! `state.json`, so that a run always uses the exact definitions it started
//! with, even if the files change underneath it.

use serde::{Deserialize, Serialize};

/// One workflow: an ordered list of phases and subworkflow references.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Workflow {
    pub key: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(default)]
    pub hidden: bool,
    pub loopable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_message: Option<String>,
    #[serde(default)]
    pub messages: Messages,
    pub phases: Vec<Entry>,
}

/// Optional template overrides; `None` means the built-in default text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Messages {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_done: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancelled: Option<String>,
}

/// An entry of `phases`: a concrete phase or a reference to another workflow.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
// A phase is much larger than a reference, but definitions are few and
// built once per call; boxing would only add indirection.
#[allow(clippy::large_enum_variant)]
pub enum Entry {
    Phase(Phase),
    Subworkflow(String),
}

impl Entry {
    pub fn as_phase(&self) -> Option<&Phase> {
        match self {
            Entry::Phase(p) => Some(p),
            Entry::Subworkflow(_) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub emoji: String,
    pub instructions: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profiles: Vec<String>,
    #[serde(default, skip_serializing_if = "ToolRule::is_any")]
    pub tools: ToolRule,
    #[serde(default, skip_serializing_if = "ShellRule::is_empty")]
    pub shell: ShellRule,
    /// Which paths writes may touch.
    #[serde(default, skip_serializing_if = "FileRule::is_any")]
    pub files: FileRule,
    /// Evidence that must hold before the phase can be left.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<Check>,
}

impl Phase {
    /// `🔬 Diagnose`, or just the name when the phase has no emoji.
    pub fn label(&self) -> String {
        let emoji = self.emoji.trim();
        if emoji.is_empty() {
            self.name.clone()
        } else {
            format!("{emoji} {}", self.name)
        }
    }
}

/// Which tools a phase permits, by exact name, glob or `@group`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolRule {
    #[default]
    Any,
    Allow(Vec<String>),
    Deny(Vec<String>),
}

impl ToolRule {
    pub fn is_any(&self) -> bool {
        matches!(self, ToolRule::Any)
    }
}

/// Rules applied to each simple command of a shell tool call.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ShellRule {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deny: Vec<String>,
    #[serde(default)]
    pub deny_writes: bool,
    /// Whether commands flowgate knows nothing about (in no table, script
    /// files) may run.
    #[serde(default, skip_serializing_if = "UnknownCommands::is_allow")]
    pub unknown: UnknownCommands,
}

impl ShellRule {
    pub fn is_empty(&self) -> bool {
        self.allow.is_empty()
            && self.deny.is_empty()
            && !self.deny_writes
            && self.unknown.is_allow()
    }

    /// The rule limits what the shell may do, so a command that cannot be
    /// analysed is denied.
    pub fn is_restricted(&self) -> bool {
        self.deny_writes || !self.allow.is_empty() || !self.unknown.is_allow()
    }
}

/// `shell.unknown`: may a phase run commands flowgate does not know?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnknownCommands {
    #[default]
    Allow,
    Deny,
}

impl UnknownCommands {
    pub fn is_allow(&self) -> bool {
        *self == UnknownCommands::Allow
    }
}

/// Which paths a phase's writes may touch: globs relative to the workspace
/// (`tests/**`, `**/*_test.go`). Reads are never limited.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileRule {
    #[default]
    Any,
    Allow(Vec<String>),
    Deny(Vec<String>),
}

impl FileRule {
    pub fn is_any(&self) -> bool {
        matches!(self, FileRule::Any)
    }
}

/// A command whose outcome must hold before the phase can be left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// The command: split shell-style and run in the workspace, or run with
    /// `sh -c` when `shell`. `{testCommand}` is the configured (or detected)
    /// test command.
    pub run: String,
    #[serde(default)]
    pub expect: Expect,
    pub timeout_secs: u64,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shell: bool,
}

/// What a check's exit status must be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    /// Exit 0.
    #[default]
    Pass,
    /// Any other exit (a test run that fails, as in TDD's red phase).
    Fail,
}

impl Expect {
    pub fn as_str(self) -> &'static str {
        match self {
            Expect::Pass => "pass",
            Expect::Fail => "fail",
        }
    }
}

/// Where a definition came from, for `flowgate list` and stale detection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    pub tier: Tier,
    /// Display path of the file (`built-in:bugfix` for built-ins).
    pub file: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Builtin,
    User,
    Project,
}

impl Tier {
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Builtin => "built-in",
            Tier::User => "user",
            Tier::Project => "project",
        }
    }
}
