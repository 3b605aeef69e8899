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
//! | `tool_call` decided *allow*, but its bookkeeping (a mirrored todo list) could not be written (busy lock, I/O) | any | still allowed; the journal says what was not recorded |
//! | any other decision whose state could not be written | | as the rows above: a continuation the loop guard did not count is never given |

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
    /// Keep the decision made before the write failed (an allowed call).
    Keep,
    /// Refuse the tool call: a deliberate block, in the host's shape.
    Refuse(String),
    /// Let the host go on: the failure's own exit code and one stderr line.
    GoOn,
}

/// The failure policy. `message` is the one-line error; `decided` is the
/// decision already made when only writing its state failed.
pub fn on_failure(
    kind: EventKind,
    on_error: Option<OnError>,
    run: RunKnown,
    message: &str,
    decided: Option<&Decision>,
) -> Fallback {
    if decided == Some(&Decision::Allow) {
        return Fallback::Keep;
    }
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
                on_failure(kind, Some(OnError::Deny), RunKnown::Active, m, None),
                Fallback::GoOn
            );
        }
        let t = EventKind::ToolCall;
        assert!(matches!(
            on_failure(t, None, RunKnown::Active, m, None),
            Fallback::Refuse(r) if r.ends_with(m)
        ));
        assert!(matches!(
            on_failure(t, None, RunKnown::Unknown, m, None),
            Fallback::Refuse(_)
        ));
        assert_eq!(
            on_failure(t, None, RunKnown::Inactive, m, None),
            Fallback::GoOn
        );
        assert_eq!(
            on_failure(t, Some(OnError::Allow), RunKnown::Active, m, None),
            Fallback::GoOn
        );
        assert!(matches!(
            on_failure(t, Some(OnError::Deny), RunKnown::Inactive, m, None),
            Fallback::Refuse(_)
        ));
        let allow = Decision::Allow;
        assert_eq!(
            on_failure(t, Some(OnError::Deny), RunKnown::Active, m, Some(&allow)),
            Fallback::Keep
        );
        let cont = Decision::Continue("x".into());
        assert_eq!(
            on_failure(EventKind::AgentEnd, None, RunKnown::Active, m, Some(&cont)),
            Fallback::GoOn
        );
    }
}
