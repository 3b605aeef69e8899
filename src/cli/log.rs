//! `flowgate log`: the tail of the decision journal, one line per entry.

use super::Output;
use crate::app::App;
use crate::exit::Failure;
use crate::journal::{Entry, tail};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many entries (the newest last).
    #[arg(short = 'n', default_value_t = 20)]
    pub n: usize,
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let lines = tail(app.store.dir(), args.n)
        .map_err(|e| Failure::runtime(format!("cannot read the journal: {e}")))?;
    let out: Vec<String> = lines
        .iter()
        .map(|l| match serde_json::from_str::<Entry>(l) {
            Ok(e) => {
                let tool = e.tool.map(|t| format!(" {t}")).unwrap_or_default();
                let host = if e.host.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", e.host)
                };
                format!(
                    "{} {}{host}{tool} → {}: {}",
                    e.time, e.event, e.decision, e.reason
                )
            }
            Err(_) => format!("(unreadable entry) {l}"),
        })
        .collect();
    Ok(Output::ok(if !out.is_empty() {
        out.join("\n")
    } else if args.n == 0 {
        String::new()
    } else {
        "The journal is empty.".to_string()
    }))
}
