//! `flowgate validate [FILE…]`: check definitions and config; exit 78 on errors.

use std::path::PathBuf;

use super::Output;
use crate::app::App;
use crate::exit::{ExitStatus, Failure};
use crate::workflow::Catalog;
use crate::workflow::parse::parse_workflow;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Workflow files to check (default: every workflow of every tier, and the config).
    pub files: Vec<PathBuf>,
}

pub fn run(app: &App, args: &Args, config_diags: &[crate::diag::Diag]) -> Result<Output, Failure> {
    let groups = app.settings.group_names();
    let catalog = Catalog::load_all(&app.dirs(), &groups);
    let mut lines: Vec<String> = config_diags.iter().map(|d| d.to_string()).collect();
    let mut checked = 0;
    if args.files.is_empty() {
        lines.extend(catalog.diags.iter().map(|d| d.to_string()));
        checked = catalog.usable.len() + catalog.broken.len();
    } else {
        for file in &args.files {
            checked += 1;
            let name = file.display().to_string();
            let text = std::fs::read_to_string(file)
                .map_err(|e| Failure::runtime(format!("cannot read {name}: {e}")))?;
            let key = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let p = parse_workflow(key, &name, &text, file.parent(), &groups);
            lines.extend(p.diags.iter().map(|d| d.to_string()));
            for r in &p.refs {
                if !catalog.usable.contains_key(&r.target) {
                    lines.push(
                        r.diag(format!(
                            "subworkflow \"{}\" not found or invalid here",
                            r.target
                        ))
                        .to_string(),
                    );
                }
            }
        }
    }
    if lines.is_empty() {
        return Ok(Output::ok(format!(
            "ok: {checked} workflow(s) and the config are valid"
        )));
    }
    let n = lines.len();
    lines.push(format!("{n} problem(s) found"));
    Ok(Output {
        stdout: String::new(),
        stderr: lines.join("\n"),
        status: ExitStatus::Config,
    })
}
