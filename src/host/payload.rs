//! What the JSON-on-stdin hosts (Claude Code, Codex, Gemini CLI) have in
//! common: one JSON object per event with `hook_event_name`, `session_id`
//! and `cwd`; tool input as an object; answers as one JSON object on exit 0,
//! or a block as JSON with exit 2 and the reason on stderr (Codex) or on
//! exit 0 (Claude Code, Gemini CLI). The per-host files keep
//! what differs (field names, output shapes); this keeps what does not.

use std::ops::Range;
use std::path::PathBuf;

use serde_json::{Map, Value, json};

use super::{Answer, Env, HookInput};
use crate::engine::call::{RawCall, RawInput};
use crate::engine::event::{Decision, Event, EventKind};
use crate::exit::ExitStatus;

/// One event's stdin object.
pub(super) struct Payload(Map<String, Value>);

/// What differs between the JSON hosts' inputs; the rest is [`read`].
pub(super) struct Layout {
    /// The host's name in messages (`Claude Code`).
    pub label: &'static str,
    /// The `--host` value (`claude`).
    pub host: &'static str,
    /// The host's name for the prompt event, in messages.
    pub prompt_event: &'static str,
    /// The tool's name, in flowgate's `mcp__<server>__<tool>` form.
    pub tool_name: fn(&Payload) -> Result<String, String>,
    /// The variable holding the host's project directory, if it sets one.
    pub project_dir_var: Option<&'static str>,
}

/// Read one event of a JSON host into the neutral form.
pub(super) fn read(
    layout: &Layout,
    kind: EventKind,
    stdin: String,
    env: Env<'_>,
) -> Result<HookInput, String> {
    let mut p = Payload::parse_owned(stdin, layout.label)?;
    p.check_event(kind, layout.host)?;
    let event = match kind {
        EventKind::MessageSubmit => Event::MessageSubmit {
            text: p.take_str("prompt", layout.prompt_event)?,
            complete: true,
        },
        EventKind::ToolCall => {
            let name = (layout.tool_name)(&p)?;
            Event::ToolCall(RawCall {
                name,
                input: p
                    .get("tool_input")
                    .map_or(RawInput::Missing, |v| RawInput::Json(v.clone())),
            })
        }
        EventKind::AgentEnd => Event::AgentEnd {
            // None of these hosts runs its stop hook when the user interrupts.
            aborted: false,
            stop_hook_active: p.flag("stop_hook_active", layout.label)?,
        },
        EventKind::SessionStart => Event::SessionStart {
            source: p.str("source").map(str::to_string),
        },
        EventKind::TurnEnd => unreachable!("check_event refuses turn_end"),
    };
    Ok(HookInput {
        event,
        session: p.session(),
        workspace: workspace(p.str("cwd"), layout.project_dir_var.and_then(env)),
    })
}

/// Strings at least this long are read by [`with_long_string`].
const LONG: usize = 1024;

/// The payload, when it is an object with one long top-level string value
/// that has nothing to unescape (a user's message): serde_json reads
/// strings a few bytes at a time, so that value is found here sixteen
/// bytes at a time and serde_json parses the rest without it. Returned
/// with that value still empty, its key, and where its text is in `text`.
/// `None` for anything else (no such string, or JSON this scan does not
/// follow): then serde_json reads the whole text, and says what is wrong
/// with it.
fn with_long_string(text: &str) -> Option<(Map<String, Value>, String, Range<usize>)> {
    if text.len() <= LONG {
        return None; // no string in it is long: not worth a scan
    }
    let (key, open, close) = long_string(text.as_bytes())?;
    // The same text with that string emptied: valid exactly when the whole
    // is, as the string held no quote, backslash or control character.
    let mut rest = String::with_capacity(text.len() - (close - open));
    rest.push_str(&text[..=open]);
    rest.push_str(&text[close..]);
    let m = match serde_json::from_str::<Value>(&rest) {
        Ok(Value::Object(m)) => m,
        _ => return None,
    };
    let key: String = serde_json::from_str(&text[key.0..=key.1]).ok()?;
    // The emptied string must be the value serde_json keeps for that key:
    // with the key twice, the last one counts, so it must not come again
    // after the long string (an empty value there would pass the check
    // below).
    if key_again(text, close, &key)? {
        return None;
    }
    match m.get(&key) {
        Some(Value::String(v)) if v.is_empty() => Some((m, key, open + 1..close)),
        _ => None,
    }
}

/// The first top-level string value of the object in `b` that is at least
/// [`LONG`] bytes and has no backslash or control character: its key's
/// quotes, and its own, as byte positions.
fn long_string(b: &[u8]) -> Option<((usize, usize), usize, usize)> {
    let ws = |i| skip_ws(b, i);
    let mut i = ws(0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    loop {
        i = ws(i + 1);
        if b.get(i) != Some(&b'"') {
            return None; // `}` of an empty object, or not JSON this follows
        }
        let key = (i, string_end(b, i)?);
        i = ws(key.1 + 1);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = ws(i + 1);
        let end = if b.get(i) == Some(&b'"') {
            let (end, plain) = string_scan(b, i)?;
            if plain && end - i > LONG {
                return Some((key, i, end));
            }
            end
        } else {
            value_end(b, i)?
        };
        i = ws(end + 1);
        if b.get(i) != Some(&b',') {
            return None;
        }
    }
}

/// Whether a top-level key after the value ending at `i` is `key`, in the
/// object `text` (which serde_json read without error, so this scan
/// follows it). `None` where it does not follow the text.
fn key_again(text: &str, mut i: usize, key: &str) -> Option<bool> {
    let b = text.as_bytes();
    let ws = |i| skip_ws(b, i);
    loop {
        i = ws(i + 1);
        match b.get(i)? {
            b'}' => return Some(false),
            b',' => {}
            _ => return None,
        }
        i = ws(i + 1);
        if b.get(i) != Some(&b'"') {
            return None;
        }
        let (end, plain) = string_scan(b, i)?;
        let same = if plain {
            &text[i + 1..end] == key
        } else {
            serde_json::from_str::<String>(&text[i..=end]).ok()? == key
        };
        if same {
            return Some(true);
        }
        i = ws(end + 1);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = value_end(b, ws(i + 1))?;
    }
}

/// The position of the first byte at or after `i` that is not JSON
/// whitespace (`i` itself at most one past the end).
fn skip_ws(b: &[u8], i: usize) -> usize {
    i + b[i..]
        .iter()
        .take_while(|c| c.is_ascii_whitespace())
        .count()
}

/// Where the string opened by the quote at `i` closes.
fn string_end(b: &[u8], i: usize) -> Option<usize> {
    string_scan(b, i).map(|(end, _)| end)
}

/// Where the string opened by the quote at `i` closes, and whether it is
/// plain: no backslash and no control character between the quotes.
fn string_scan(b: &[u8], i: usize) -> Option<(usize, bool)> {
    let mut plain = true;
    let mut j = i + 1;
    loop {
        let k =
            j + crate::bytes::position(b.get(j..)?, |c| (c == b'"') | (c == b'\\') | (c < 0x20))?;
        match b[k] {
            b'"' => return Some((k, plain)),
            b'\\' => j = k + 2, // an escape: the backslash and the byte it escapes
            _ => j = k + 1,     // a control character (serde_json refuses it)
        }
        plain = false;
    }
}

/// The last byte of the value starting at `i` (a string's closing quote,
/// a bracket, or a number's or literal's last character).
fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match *b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                match *b.get(j)? {
                    b'"' => j = string_end(b, j)?,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => {
            let n = b[i..]
                .iter()
                .take_while(|&&c| !matches!(c, b',' | b'}' | b']') && !c.is_ascii_whitespace())
                .count();
            (n > 0).then(|| i + n - 1)
        }
    }
}

impl Payload {
    /// [`Payload::parse`], keeping stdin's own buffer for a long message
    /// (it is moved, not copied: a 32 KiB message would otherwise touch
    /// eight more pages of memory, each a page fault).
    pub fn parse_owned(stdin: String, host: &str) -> Result<Payload, String> {
        match with_long_string(&stdin) {
            Some((mut m, key, at)) => {
                let mut text = stdin;
                text.truncate(at.end);
                text.drain(..at.start);
                m.insert(key, Value::String(text));
                Ok(Payload(m))
            }
            None => Payload::parse_whole(&stdin, host),
        }
    }

    /// [`Payload::parse_owned`] of a copy.
    #[cfg(test)]
    pub fn parse(stdin: &str, host: &str) -> Result<Payload, String> {
        Payload::parse_owned(stdin.to_string(), host)
    }

    /// Parse stdin with serde_json alone; `host` names the host in
    /// messages.
    fn parse_whole(stdin: &str, host: &str) -> Result<Payload, String> {
        if stdin.trim().is_empty() {
            return Err(format!(
                "stdin is empty; {host} sends each hook event as one JSON object on stdin"
            ));
        }
        match serde_json::from_str::<Value>(stdin) {
            Ok(Value::Object(m)) => Ok(Payload(m)),
            Ok(_) => Err("stdin is JSON but not an object".into()),
            Err(e) => Err(format!("stdin is not valid JSON ({e})")),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key)
    }

    pub fn str(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(Value::as_str)
    }

    /// A required string field.
    pub fn need_str(&self, key: &str, event: &str) -> Result<&str, String> {
        match self.0.get(key) {
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(format!("{event}: \"{key}\" must be a string")),
            None => Err(format!("{event}: the payload has no \"{key}\"")),
        }
    }

    /// A required string field, moved out (a message may be long).
    pub fn take_str(&mut self, key: &str, event: &str) -> Result<String, String> {
        self.need_str(key, event)?;
        match self.0.remove(key) {
            Some(Value::String(s)) => Ok(s),
            _ => Err(format!("{event}: \"{key}\" must be a string")),
        }
    }

    /// A boolean field; missing or null is false. Any other type is a
    /// malformed payload, never read as false: a loop guard fed a wrong
    /// type must not be silently re-armed.
    pub fn flag(&self, key: &str, host: &str) -> Result<bool, String> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(format!(
                "{host} payload: \"{key}\" must be true or false, not {other}"
            )),
        }
    }

    pub fn session(&self) -> Option<String> {
        self.str("session_id")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    }

    /// The payload's `hook_event_name` must be the event flowgate was run
    /// as: a hook wired to the wrong subcommand is a setup error, said
    /// loudly rather than answered in the wrong shape.
    pub fn check_event(&self, kind: EventKind, host: &str) -> Result<(), String> {
        if kind == EventKind::TurnEnd {
            return Err(format!(
                "turn_end is CodeWhale's event; {host} has a stop hook, so wire it to `flowgate agent_end --host {host}`"
            ));
        }
        let Some(name) = self.str("hook_event_name") else {
            return Ok(());
        };
        match EventKind::parse(name) {
            Some(k) if k == kind => Ok(()),
            Some(k) => Err(format!(
                "the payload is a {name} event but flowgate was run as {}; wire {name} to `flowgate {} --host {host}`",
                kind.name(),
                k.name()
            )),
            None => Err(format!(
                "flowgate does not handle the {name} event; remove that hook from the {host} config (`flowgate init --host {host}` shows the events to wire)"
            )),
        }
    }
}

/// The workspace from the host: the nearest directory at or above `cwd`
/// (then the host's project directory) that holds `.flowgate/`, as git finds
/// `.git/`, so a session that moved into a subdirectory still finds its run;
/// else `cwd`, else the project directory.
///
/// Only absolute paths count: a relative one would be read against wherever
/// flowgate happens to run, so it is ignored (the other sources decide).
pub(super) fn workspace(cwd: Option<&str>, project_dir: Option<String>) -> Option<PathBuf> {
    let candidates: Vec<PathBuf> = cwd
        .map(PathBuf::from)
        .into_iter()
        .chain(project_dir.map(PathBuf::from))
        .filter(|p| p.is_absolute())
        .collect();
    for c in &candidates {
        if let Some(found) = c.ancestors().find(|d| d.join(".flowgate").is_dir()) {
            return Some(found.to_path_buf());
        }
    }
    candidates.into_iter().next()
}

// ---- answers ----------------------------------------------------------

/// Exit 0 with nothing on stdout: the host goes on unchanged.
pub(super) fn pass() -> Answer {
    Answer {
        stdout: String::new(),
        stderr: String::new(),
        status: ExitStatus::Success,
    }
}

/// Exit 0 with one JSON object.
pub(super) fn reply(v: Value) -> Answer {
    Answer {
        stdout: super::json::to_string(&v),
        stderr: String::new(),
        status: ExitStatus::Success,
    }
}

/// A deliberate block: the host's block JSON on stdout, exit 2, and the
/// reason on stderr — never empty, since Codex and Gemini ignore an exit 2
/// with an empty stderr, and Claude Code shows stderr as the reason.
pub(super) fn block(v: Value, reason: &str) -> Answer {
    let reason = reason.trim();
    Answer {
        stdout: super::json::to_string(&v),
        stderr: if reason.is_empty() {
            "flowgate blocked this (no reason given)".into()
        } else {
            reason.to_string()
        },
        status: ExitStatus::Blocked,
    }
}

/// The same answer with a block given as JSON on exit 0 (for hosts that
/// read the JSON decision and report any non-zero exit as a hook error).
pub(super) fn on_exit_0(mut a: Answer) -> Answer {
    if a.status == ExitStatus::Blocked {
        a.status = ExitStatus::Success;
        a.stderr.clear();
    }
    a
}

/// `{"hookSpecificOutput":{"hookEventName":event,"additionalContext":text}}`.
pub(super) fn context(event: &str, text: &str) -> Value {
    json!({ "hookSpecificOutput": { "hookEventName": event, "additionalContext": text } })
}

/// flowgate failed and the host should go on: the honest exit code and one
/// `flowgate: …` line on stderr; these hosts then fail open.
pub(super) fn error(status: ExitStatus, message: &str) -> Answer {
    Answer {
        stdout: String::new(),
        stderr: format!("flowgate: {}", message.replace('\n', " ")),
        status,
    }
}

/// Claude Code's output for each event (Codex takes the same shapes): only
/// the fields valid for that event.
pub(super) fn claude_shaped(kind: EventKind, decision: &Decision) -> Answer {
    match (kind, decision) {
        (EventKind::MessageSubmit, Decision::AddContext(text) | Decision::Replace(text)) => {
            reply(context("UserPromptSubmit", text))
        }
        (EventKind::MessageSubmit, Decision::BlockMessage(reason)) => {
            block(json!({ "decision": "block", "reason": reason }), reason)
        }
        (EventKind::ToolCall, Decision::Deny(reason)) => block(pre_tool_deny(reason), reason),
        (EventKind::AgentEnd, Decision::Continue(reason)) => {
            block(json!({ "decision": "block", "reason": reason }), reason)
        }
        (EventKind::AgentEnd, Decision::AllowStop(Some(msg))) => {
            reply(json!({ "systemMessage": msg }))
        }
        (EventKind::SessionStart, Decision::AddContext(text)) => {
            reply(context("SessionStart", text))
        }
        _ => pass(),
    }
}

/// A PreToolUse denial in Claude Code's (and Codex's) shape.
pub(super) fn pre_tool_deny(reason: &str) -> Value {
    json!({
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What serde_json alone makes of `text`.
    fn serde_only(text: &str) -> Option<Map<String, Value>> {
        match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(m)) => Some(m),
            _ => None,
        }
    }

    fn payload() -> impl Strategy<Value = String> {
        let long = prop_oneof![
            "[a-z .,!?éü€]{1100,1300}",
            "[a-z \\\\\"\\n\\t\u{1}]{1100,1200}",
            "[a-z]{0,20}",
        ];
        let other = prop_oneof![
            "[a-z\"\\\\]{0,8}".prop_map(Value::from),
            Just(Value::from("")),
            any::<i32>().prop_map(Value::from),
            any::<bool>().prop_map(Value::from),
            Just(serde_json::json!({"command": "ls \"}\" [", "n": [1, {"a": "]"}]})),
        ];
        (
            // `prompt` too: the long string's key given again, before or after it.
            proptest::collection::vec(("[a-z_\"]{1,8}|prompt", other), 0..4),
            "prompt|prom\\\\u0070t|x",
            long,
            0usize..4,
            proptest::bool::ANY,
        )
            .prop_map(|(fields, key, long, at, spaced)| {
                let mut parts: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| format!("{}:{v}", Value::from(k.as_str())))
                    .collect();
                let key = if key.contains('\\') {
                    format!("\"{key}\"")
                } else {
                    Value::from(key).to_string()
                };
                let long_part = format!("{key}:{}", Value::from(long));
                parts.insert(at.min(parts.len()), long_part);
                let sep = if spaced { " ,\n " } else { "," };
                format!("{{{}}}", parts.join(sep))
            })
    }

    proptest! {
        #![proptest_config(crate::proptest_config(512))]

        /// A payload read with the long-string path is what serde_json
        /// reads, on valid payloads and on payloads with one byte changed,
        /// cut or added anywhere; where serde_json refuses it, the path
        /// gives way (and serde_json's error is what is reported).
        #[test]
        fn a_long_string_is_read_as_serde_json_reads_it(
            text in payload(),
            at in proptest::num::usize::ANY,
            edit in 0u8..4,
            byte in proptest::sample::select(vec![b'"', b'\\', b'{', b'}', b'[', b']', b',', b':', b' ', b'a', b'1', 0x01]),
        ) {
            let mut bytes = text.into_bytes();
            let at = at % (bytes.len() + 1);
            match edit {
                0 => {}
                1 => { if at < bytes.len() { bytes[at] = byte; } }
                2 => { if at < bytes.len() { bytes.remove(at); } }
                _ => bytes.insert(at, byte),
            }
            let Ok(text) = String::from_utf8(bytes) else { return Ok(()); };
            let whole = serde_only(&text);
            let read = Payload::parse(&text, "test").ok().map(|p| p.0);
            prop_assert_eq!(&read, &whole, "{}", text);
            let owned = Payload::parse_owned(text.clone(), "test").ok().map(|p| p.0);
            prop_assert_eq!(owned, whole);
        }
    }

    /// The key again after the long string, with an empty value: serde_json
    /// keeps the last one, so the long string must not be put back.
    #[test]
    fn a_key_given_again_after_the_long_string_keeps_the_last_value() {
        let long = "a".repeat(LONG + 10);
        for again in [r#""prompt":"""#, r#""prom\u0070t":"""#] {
            let text = format!(r#"{{"prompt":"{long}",{again}}}"#);
            let whole = serde_only(&text);
            assert_eq!(whole.as_ref().unwrap()["prompt"], Value::from(""));
            assert_eq!(Payload::parse(&text, "test").ok().map(|p| p.0), whole);
            assert_eq!(Payload::parse_owned(text, "test").ok().map(|p| p.0), whole);
        }
    }

    /// A payload cut short right after a key's colon is an error, not a
    /// panic (a panic aborts the process: the host then fails open).
    #[test]
    fn a_payload_cut_after_a_colon_is_an_error() {
        for text in [r#"{"a":"#, "{\"a\": ", "{\"a\":\n", r#"{"x":1,"prompt":"#] {
            let e = Payload::parse(text, "test").err().expect("refused");
            assert!(e.starts_with("stdin is not valid JSON"), "{e}");
            assert!(Payload::parse_owned(text.into(), "test").is_err());
        }
    }

    #[test]
    fn a_long_message_takes_the_long_string_path() {
        let prompt = "Please fix the login flow on Safari. ".repeat(100);
        let text = serde_json::json!({
            "session_id": "s1",
            "hook_event_name": "UserPromptSubmit",
            "prompt": prompt,
            "cwd": "/home/dev/shop",
        })
        .to_string();
        let (_, key, at) = with_long_string(&text).expect("taken");
        assert_eq!((key.as_str(), &text[at]), ("prompt", prompt.as_str()));
        let m = Payload::parse_owned(text.clone(), "test").unwrap().0;
        assert_eq!(m["prompt"], Value::from(prompt.as_str()));
        assert_eq!(m["cwd"], Value::from("/home/dev/shop"));
        // Escaped quotes in a value before it do not hide it.
        let quoted = format!(r#"{{"cwd":"/home/dev/\"shop\"","prompt":"{prompt}"}}"#);
        let (_, _, at) = with_long_string(&quoted).expect("taken");
        assert_eq!(&quoted[at], prompt);
        // With something to unescape, serde_json reads it.
        let escaped = text.replacen("Safari", "Saf\\u0061ri", 1);
        assert!(with_long_string(&escaped).is_none());
        assert!(
            Payload::parse(&escaped, "test").unwrap().0["prompt"]
                .as_str()
                .unwrap()
                .starts_with("Please fix the login flow on Safari.")
        );
    }
}
