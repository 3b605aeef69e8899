//! `flowgate import pi DIR… [--force]`: convert pi-workflows definitions
//! into `.flowgate/workflows/*.toml` (`workflow::pi` does the reading and
//! converting). A workflow is written only when its TOML passes flowgate's
//! own parser and every subworkflow it names is imported too or already
//! known here; an existing file is replaced only with `--force`. The report
//! lists each workflow, what was not carried over, and what was skipped and
//! why; exit 1 when anything was skipped.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::Output;
use crate::app::App;
use crate::exit::{ExitStatus, Failure};
use crate::workflow::Catalog;
use crate::workflow::parse::parse_workflow;
use crate::workflow::pi::{Converted, convert, discover};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub from: From,
}

#[derive(clap::Subcommand, Debug)]
pub enum From {
    /// pi-workflows definitions: directories of workflow directories
    /// (workflow.yaml plus Markdown phase files), or single workflow
    /// directories.
    Pi {
        /// A pi workflows directory (like .pi/workflows) or one workflow's directory.
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
        /// Replace files that already exist in .flowgate/workflows/.
        #[arg(long)]
        force: bool,
    },
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let From::Pi { dirs, force } = &args.from;
    let mut skipped: Vec<String> = Vec::new();
    let mut converted: Vec<Converted> = Vec::new();
    for dir in dirs {
        match discover(dir) {
            Err(e) => skipped.push(e),
            Ok(found) => {
                for (root, wf) in found {
                    match convert(&root, &wf) {
                        Ok(c) => converted.push(c),
                        Err(errs) => {
                            let name = wf.file_name().and_then(|n| n.to_str()).unwrap_or("?");
                            skipped.push(format!("{name}: {}", errs.join("; ")))
                        }
                    }
                }
            }
        }
    }
    // Keys: two workflows may not land on one file.
    let mut key_of: BTreeMap<String, String> = BTreeMap::new();
    let mut taken: BTreeMap<String, String> = BTreeMap::new();
    converted.retain(|c| {
        if let Some(other) = taken.get(&c.key) {
            skipped.push(format!(
                "{}: its key \"{}\" is also {}'s; rename one commandName",
                c.dir_key, c.key, other
            ));
            return false;
        }
        taken.insert(c.key.clone(), c.dir_key.clone());
        key_of.insert(c.dir_key.clone(), c.key.clone());
        true
    });
    // References: to an imported workflow, or one flowgate already has.
    let groups = app.settings.group_names();
    let known = Catalog::load_all(&app.dirs(), &groups);
    loop {
        let before = converted.len();
        let present: Vec<String> = converted.iter().map(|c| c.dir_key.clone()).collect();
        converted.retain(|c| {
            let missing: Vec<&String> = c
                .refs
                .iter()
                .filter(|r| {
                    !present.contains(r)
                        && !known
                            .usable
                            .contains_key(&crate::workflow::pi::key_for(r))
                })
                .collect();
            if missing.is_empty() {
                return true;
            }
            let names: Vec<String> = missing.iter().map(|m| format!("\"{m}\"")).collect();
            skipped.push(format!(
                "{}: subworkflow {} not found among the imported workflows or flowgate's (import its directory too)",
                c.dir_key,
                names.join(", ")
            ));
            false
        });
        if converted.len() == before {
            break;
        }
    }
    let out_dir = app.workspace.join(".flowgate/workflows");
    let mut lines = Vec::new();
    let mut written = Vec::new();
    for c in &converted {
        let text = c.toml(&key_of);
        let file = out_dir.join(format!("{}.toml", c.key));
        let shown = format!(".flowgate/workflows/{}.toml", c.key);
        let p = parse_workflow(&c.key, &shown, &text, Some(&out_dir), &groups);
        if let Some(d) = p.diags.first() {
            skipped.push(format!(
                "{}: the converted workflow is invalid: {d}",
                c.dir_key
            ));
            continue;
        }
        if file.exists() && !force {
            skipped.push(format!(
                "{}: {shown} exists; flowgate changed nothing there (use --force to replace it)",
                c.dir_key
            ));
            continue;
        }
        let rel = file
            .strip_prefix(app.store.dir())
            .ok()
            .and_then(|r| r.to_str())
            .map(|r| r.replace('\\', "/"))
            .ok_or_else(|| {
                Failure::runtime(format!("{} is not under .flowgate/", file.display()))
            })?;
        app.store.write_file(&rel, text.as_bytes())?;
        let phases = p.workflow.as_ref().map_or(0, |w| w.phases.len());
        let hidden = if c.hidden { ", hidden" } else { "" };
        let entries = if phases == 1 { "entry" } else { "entries" };
        lines.push(format!(
            "  {} → {shown} ({phases} {entries}{hidden})",
            c.dir_key
        ));
        for d in &c.dropped {
            lines.push(format!("      not carried over: {d}"));
        }
        for n in &c.notes {
            lines.push(format!("      note: {n}"));
        }
        written.push(c.key.clone());
    }
    let mut out = Vec::new();
    if !lines.is_empty() {
        out.push(format!(
            "Imported {} workflow(s) from pi-workflows:",
            written.len()
        ));
        out.extend(lines);
    }
    if !skipped.is_empty() {
        out.push(format!("Not imported ({}):", skipped.len()));
        out.extend(skipped.iter().map(|s| format!("  {s}")));
    }
    if let Some(first) = converted
        .iter()
        .find(|c| !c.hidden && written.contains(&c.key))
    {
        out.push(format!(
            "Next: flowgate validate, then flowgate start {} \"a task\"",
            first.key
        ));
    }
    Ok(Output {
        stdout: out.join("\n"),
        stderr: String::new(),
        status: if skipped.is_empty() {
            ExitStatus::Success
        } else {
            ExitStatus::Failure
        },
    })
}
