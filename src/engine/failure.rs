//! What a hook answers when flowgate itself failed (a malformed payload, an
//! unreadable state, a bad config, a busy lock, an I/O error). One function
//! decides, [`on_failure`], and the README's "When flowgate fails" table
//! says the same:
//!
//! | event | `on_error` | answer |
//! | --- | --- | --- |
//! | `tool_call` | `deny` (the default while a run is active, or when the state cannot be read) | the call is refused: a deliberate block in the host's own shape, the error in the reason |
//! | `tool_call` | `allow` (the default with no active run) | the honest exit code (1, 65, 78) and one `flowgate: …` line; the host runs the tool |
//! | any other event | either | the honest exit code and one line; the host goes on without flowgate |
//!
//! And when a decision was made but its state could not be written
//! ([`after_write_failure`]): an allowed tool call stays allowed (only
//! bookkeeping was lost, and the journal says so); anything else is a
//! failure as above, so a continuation is never given that the loop guard
//! did not count.

use super::event::{Decision, EventKind};
use crate::config::OnError;

/// Whether a run is active, as far as flowgate could tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKnown {
    Active,
    Inactive,
    /// The state could not be read.
    Unknown,
}

/// What to answer instead of a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Refuse the tool call: a deliberate block, in the host's shape.
    Refuse(String),
    /// Let the host go on: the failure's own exit code and one stderr line.
    GoOn,
}

/// The failure policy. `message` is the one-line error.
pub fn on_failure(
    kind: EventKind,
    on_error: Option<OnError>,
    run: RunKnown,
    message: &str,
) -> Fallback {
    if kind != EventKind::ToolCall {
        return Fallback::GoOn;
    }
    let deny = match on_error {
        Some(OnError::Deny) => true,
        Some(OnError::Allow) => false,
        None => run != RunKnown::Inactive,
    };
    if deny {
        Fallback::Refuse(format!(
            "flowgate could not decide, so this call is refused (on_error = deny): {}",
            message.replace('\n', " ")
        ))
    } else {
        Fallback::GoOn
    }
}

/// A decision whose state change could not be written: keep it only when
/// nothing but bookkeeping was lost.
pub fn after_write_failure(decided: &Decision) -> bool {
    *decided == Decision::Allow
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_tool_calls_are_refused_and_only_under_deny() {
        let m = "stdin is not valid JSON";
        for kind in [
            EventKind::MessageSubmit,
            EventKind::TurnEnd,
            EventKind::AgentEnd,
            EventKind::SessionStart,
        ] {
            assert_eq!(
                on_failure(kind, Some(OnError::Deny), RunKnown::Active, m),
                Fallback::GoOn
            );
        }
        let t = EventKind::ToolCall;
        assert!(matches!(
            on_failure(t, None, RunKnown::Active, m),
            Fallback::Refuse(r) if r.ends_with(m)
        ));
        assert!(matches!(
            on_failure(t, None, RunKnown::Unknown, m),
            Fallback::Refuse(_)
        ));
        assert_eq!(on_failure(t, None, RunKnown::Inactive, m), Fallback::GoOn);
        assert_eq!(
            on_failure(t, Some(OnError::Allow), RunKnown::Active, m),
            Fallback::GoOn
        );
        assert!(matches!(
            on_failure(t, Some(OnError::Deny), RunKnown::Inactive, m),
            Fallback::Refuse(_)
        ));
        assert!(after_write_failure(&Decision::Allow));
        assert!(!after_write_failure(&Decision::Continue("x".into())));
    }
}
