//! Host-neutral events and decisions: what every adapter translates to and
//! from. The decision core sees only these.

use super::call::RawCall;
use super::todos::TodoStatus;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    MessageSubmit,
    ToolCall,
    TurnEnd,
    AgentEnd,
    SessionStart,
}

impl EventKind {
    pub fn name(self) -> &'static str {
        match self {
            EventKind::MessageSubmit => "message_submit",
            EventKind::ToolCall => "tool_call",
            EventKind::TurnEnd => "turn_end",
            EventKind::AgentEnd => "agent_end",
            EventKind::SessionStart => "session_start",
        }
    }

    /// Neutral names and every host's own names for the event.
    pub fn parse(s: &str) -> Option<EventKind> {
        Some(match s {
            "message_submit" | "UserPromptSubmit" | "BeforeAgent" => EventKind::MessageSubmit,
            "tool_call" | "tool_call_before" | "PreToolUse" | "BeforeTool" => EventKind::ToolCall,
            "turn_end" => EventKind::TurnEnd,
            "agent_end" | "Stop" | "AfterAgent" => EventKind::AgentEnd,
            "session_start" | "SessionStart" => EventKind::SessionStart,
            _ => return None,
        })
    }

    pub const ALL_NAMES: &'static [&'static str] = &[
        "message_submit",
        "tool_call",
        "turn_end",
        "agent_end",
        "session_start",
        "tool_call_before",
        "UserPromptSubmit",
        "PreToolUse",
        "Stop",
        "SessionStart",
        "BeforeAgent",
        "BeforeTool",
        "AfterAgent",
    ];
}

/// A host's native todo item, mapped to flowgate's statuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirroredTodo {
    pub text: String,
    pub status: TodoStatus,
}

/// What a call to a host's todo tool does to the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TodoChange {
    /// The whole new list (`TodoWrite`, `update_plan`, `write_todos`,
    /// `todo_write`).
    List(Vec<MirroredTodo>),
    /// One new item, which the host numbers next (`TaskCreate`).
    Add(MirroredTodo),
    /// A change to the item the host numbered `id` (`TaskUpdate`).
    Update {
        id: String,
        text: Option<String>,
        status: Option<TodoStatus>,
        delete: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnStatus {
    Completed,
    Interrupted,
    Failed,
    Unknown,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    MessageSubmit {
        text: String,
        /// False when the host cut the text: replacing it would lose the rest.
        complete: bool,
    },
    /// A tool call as the host reported it; the core interprets it.
    ToolCall(RawCall),
    TurnEnd {
        status: TurnStatus,
    },
    AgentEnd {
        /// The user interrupted the agent.
        aborted: bool,
        stop_hook_active: bool,
    },
    SessionStart {
        source: Option<String>,
    },
}

impl Event {
    pub fn kind(&self) -> EventKind {
        match self {
            Event::MessageSubmit { .. } => EventKind::MessageSubmit,
            Event::ToolCall(_) => EventKind::ToolCall,
            Event::TurnEnd { .. } => EventKind::TurnEnd,
            Event::AgentEnd { .. } => EventKind::AgentEnd,
            Event::SessionStart { .. } => EventKind::SessionStart,
        }
    }
}

/// What flowgate answers, before a host adapter formats it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Nothing to add or change.
    Pass,
    /// Keep the user's text and add this context after it.
    AddContext(String),
    /// Replace the user's text entirely (an `@flow start`).
    Replace(String),
    /// Refuse the user's message; the text is the answer to show.
    BlockMessage(String),
    Allow,
    Deny(String),
    /// Let the agent stop, optionally telling it something.
    AllowStop(Option<String>),
    /// Make the agent continue with this prompt.
    Continue(String),
}

impl Decision {
    /// Short label for the journal and `replay`.
    pub fn label(&self) -> &'static str {
        match self {
            Decision::Pass => "pass",
            Decision::AddContext(_) => "context",
            Decision::Replace(_) => "replace",
            Decision::BlockMessage(_) => "block",
            Decision::Allow => "allow",
            Decision::Deny(_) => "deny",
            Decision::AllowStop(_) => "stop",
            Decision::Continue(_) => "continue",
        }
    }

    pub fn is_block(&self) -> bool {
        matches!(
            self,
            Decision::BlockMessage(_) | Decision::Deny(_) | Decision::Continue(_)
        )
    }
}
