//! `flowgate log`: the decision journal, newest last, one line per entry;
//! filtered by what was refused (`--blocks`), by time (`--since`) and by
//! event (`--event`), as text or JSON lines, and followed as it grows
//! (`--follow`). The journal is read backwards, so a filter that matches
//! recent entries costs no more on a huge journal than on a small one.

use std::io::Write;
use std::time::{Duration, Instant};

use super::Output;
use crate::app::App;
use crate::engine::event::EventKind;
use crate::exit::Failure;
use crate::journal::{Entry, read_back, read_from};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many matching entries (the newest last; default 20, or all of
    /// them with --since).
    #[arg(short = 'n', value_name = "N")]
    pub n: Option<usize>,
    /// Only what was refused: denied tools, blocked messages, continued
    /// stops, failures that denied.
    #[arg(long)]
    pub blocks: bool,
    /// Only entries from this long ago on (30s, 10m, 2h, 1d) or from this
    /// UTC time on (2026-11-22, 2026-11-22T14:00, …Z).
    #[arg(long, value_name = "WHEN")]
    pub since: Option<String>,
    /// Only this event (tool_call, message_submit, turn_end, agent_end,
    /// session_start, a host's name for one such as PreToolUse, or
    /// `command` for the commands that changed state); repeatable.
    #[arg(long, value_name = "EVENT")]
    pub event: Vec<String>,
    /// Print the entries as JSON lines, as the journal holds them.
    #[arg(long)]
    pub json: bool,
    /// Keep printing new entries as they are written (until interrupted,
    /// or for --for).
    #[arg(long, short = 'f')]
    pub follow: bool,
    /// With --follow: stop after this long (30s, 10m, 2h).
    #[arg(long = "for", value_name = "DURATION", requires = "follow")]
    pub for_: Option<String>,
}

/// The parsed filters.
struct Filter {
    blocks: bool,
    since_ms: Option<i128>,
    events: Vec<String>,
}

/// The decisions that refused something.
const BLOCKS: &[&str] = &["deny", "block", "continue", "error-deny"];

impl Filter {
    fn matches(&self, e: &Entry) -> bool {
        if self.blocks && !BLOCKS.contains(&e.decision.as_str()) {
            return false;
        }
        if let Some(since) = self.since_ms {
            match crate::time::parse_iso_millis(&e.time) {
                Some(t) if t >= since => {}
                _ => return false,
            }
        }
        self.events.is_empty()
            || self
                .events
                .iter()
                .any(|ev| e.event == *ev || e.event.starts_with(&format!("{ev} ")))
    }
}

/// `30s`, `10m`, `2h`, `1d` (a plain number is seconds).
pub fn parse_duration(text: &str) -> Option<Duration> {
    let t = text.trim();
    let (num, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = num.parse().ok()?;
    let secs = match unit {
        "" | "s" => n,
        "m" => n.checked_mul(60)?,
        "h" => n.checked_mul(3600)?,
        "d" => n.checked_mul(86_400)?,
        _ => return None,
    };
    Some(Duration::from_secs(secs))
}

fn filter(args: &Args) -> Result<Filter, Failure> {
    let since_ms = match &args.since {
        None => None,
        Some(s) => Some(match parse_duration(s) {
            Some(d) => crate::time::now_millis() as i128 - d.as_millis() as i128,
            None => crate::time::parse_iso_millis(s).ok_or_else(|| {
                Failure::usage(format!(
                    "--since \"{s}\" is neither a duration (30s, 10m, 2h, 1d) nor a UTC time (2026-11-22 or 2026-11-22T14:00Z)"
                ))
            })?,
        }),
    };
    let events = args
        .event
        .iter()
        .map(|e| {
            EventKind::parse(e)
                .map(|k| k.name().to_string())
                .unwrap_or_else(|| e.clone())
        })
        .collect();
    Ok(Filter {
        blocks: args.blocks,
        since_ms,
        events,
    })
}

/// One entry as a line of text (or its JSON line as written).
fn render(line: &str, e: &Entry, json: bool) -> String {
    if json {
        return line.to_string();
    }
    let tool = e.tool.as_ref().map(|t| format!(" {t}")).unwrap_or_default();
    let host = if e.host.is_empty() {
        String::new()
    } else {
        format!(" [{}]", e.host)
    };
    let reason = if e.reason.is_empty() {
        String::new()
    } else {
        format!(": {}", e.reason)
    };
    format!(
        "{} {}{host}{tool} → {}{reason}",
        e.time, e.event, e.decision
    )
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let filter = filter(args)?;
    let follow_for = match &args.for_ {
        None => None,
        Some(s) => Some(parse_duration(s).ok_or_else(|| {
            Failure::usage(format!("--for \"{s}\" is not a duration (30s, 10m, 2h)"))
        })?),
    };
    let limit = args
        .n
        .unwrap_or(if args.since.is_some() { usize::MAX } else { 20 });
    let dir = app.store.dir();
    let mut shown: Vec<String> = Vec::new();
    let mut any = false;
    let end = read_back(dir, |line| {
        any = true;
        if shown.len() >= limit {
            return false;
        }
        match serde_json::from_str::<Entry>(line) {
            Ok(e) => {
                // Entries are in time order (give or take concurrent
                // writers): well before --since, stop reading.
                if let (Some(since), Some(t)) =
                    (filter.since_ms, crate::time::parse_iso_millis(&e.time))
                    && t < since - 60_000
                {
                    return false;
                }
                if filter.matches(&e) {
                    shown.push(render(line, &e, args.json));
                }
            }
            Err(_) if !args.json && !filter.blocks && filter.events.is_empty() => {
                shown.push(format!("(unreadable entry) {line}"))
            }
            Err(_) => {}
        }
        true
    })
    .map_err(|e| Failure::runtime(format!("cannot read the journal: {e}")))?;
    shown.reverse();
    if !args.follow {
        let text = if !shown.is_empty() || limit == 0 {
            shown.join("\n")
        } else if !any {
            "The journal is empty.".to_string()
        } else {
            "No journal entries match.".to_string()
        };
        return Ok(Output::ok(text));
    }
    follow(app, &filter, args.json, shown, end, follow_for)
}

/// Print what is there, then poll for appended lines.
fn follow(
    app: &App,
    filter: &Filter,
    json: bool,
    shown: Vec<String>,
    mut offset: u64,
    limit: Option<Duration>,
) -> Result<Output, Failure> {
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    let mut print = |text: &str| {
        // A closed pipe ends the follow quietly.
        writeln!(out, "{text}").and_then(|_| out.flush()).is_ok()
    };
    for line in &shown {
        if !print(line) {
            return Ok(Output::ok(""));
        }
    }
    let mut partial: Vec<u8> = Vec::new();
    loop {
        if limit.is_some_and(|l| started.elapsed() >= l) {
            return Ok(Output::ok(""));
        }
        std::thread::sleep(Duration::from_millis(200));
        let Some(bytes) = read_from(app.store.dir(), offset)
            .map_err(|e| Failure::runtime(format!("cannot read the journal: {e}")))?
        else {
            continue;
        };
        if bytes.is_empty() {
            continue;
        }
        offset += bytes.len() as u64;
        partial.extend_from_slice(&bytes);
        // Only whole lines; a line still being written waits.
        let Some(last_nl) = partial.iter().rposition(|b| *b == b'\n') else {
            continue;
        };
        let complete: Vec<u8> = partial.drain(..=last_nl).collect();
        for line in String::from_utf8_lossy(&complete).lines() {
            if let Ok(e) = serde_json::from_str::<Entry>(line)
                && filter.matches(&e)
                && !print(&render(line, &e, json))
            {
                return Ok(Output::ok(""));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s"), Some(Duration::from_secs(30)));
        assert_eq!(parse_duration("10m"), Some(Duration::from_secs(600)));
        assert_eq!(parse_duration("2h"), Some(Duration::from_secs(7200)));
        assert_eq!(parse_duration("1d"), Some(Duration::from_secs(86_400)));
        assert_eq!(parse_duration("45"), Some(Duration::from_secs(45)));
        for bad in ["", "m", "10x", "1.5h", "-1m", "2026-11-22"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }
}
