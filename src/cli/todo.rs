//! `flowgate todo …`: the agent's todo list (pi-til-done's tools as commands).

use super::Output;
use crate::app::App;
use crate::engine::todos::{EditAction, TodoOp, format_list};
use crate::engine::transition::Command;
use crate::exit::Failure;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub op: Op,
}

#[derive(clap::Subcommand, Debug)]
pub enum Op {
    /// Show the list.
    List,
    /// Replace the list with these items (all not started).
    Write {
        /// The items' texts, in order.
        #[arg(required = true)]
        items: Vec<String>,
    },
    /// Add items at the end.
    Append {
        /// The items' texts, in order.
        #[arg(required = true)]
        items: Vec<String>,
    },
    /// Insert items before INDEX (indices start at 0; the list length appends).
    Insert {
        /// Where to insert: 0 is the front, the list length the end.
        index: usize,
        /// The items' texts, in order.
        #[arg(required = true)]
        items: Vec<String>,
    },
    /// Mark items in progress (indices start at 0, as `todo list` shows).
    Start {
        /// Item indices, as `todo list` shows them (the first is 0).
        #[arg(required = true)]
        indices: Vec<usize>,
    },
    /// Mark items completed (indices start at 0, as `todo list` shows).
    Complete {
        /// Item indices, as `todo list` shows them (the first is 0).
        #[arg(required = true)]
        indices: Vec<usize>,
    },
    /// Mark items abandoned (indices start at 0, as `todo list` shows).
    Abandon {
        /// Item indices, as `todo list` shows them (the first is 0).
        #[arg(required = true)]
        indices: Vec<usize>,
    },
    /// Remove every item.
    Clear,
}

pub fn run(app: &App, args: &Args) -> Result<Output, Failure> {
    let op = match &args.op {
        Op::List => return list(app),
        Op::Write { items } => TodoOp::Write(items.clone()),
        Op::Append { items } => TodoOp::Append(items.clone()),
        Op::Insert { index, items } => TodoOp::Insert(*index, items.clone()),
        Op::Start { indices } => TodoOp::Edit(EditAction::Start, indices.clone()),
        Op::Complete { indices } => TodoOp::Edit(EditAction::Complete, indices.clone()),
        Op::Abandon { indices } => TodoOp::Edit(EditAction::Abandon, indices.clone()),
        Op::Clear => TodoOp::Clear,
    };
    change(app, op, "command")
}

/// `todo list`: the list as it is now.
pub(crate) fn list(app: &App) -> Result<Output, Failure> {
    Ok(Output::ok(format_list(&app.store.load()?.todos)))
}

/// A todo change as the command line makes it; `via` names the caller in
/// the journal (`command`, or `mcp` for the todo tools, which answer with
/// the same texts).
pub(crate) fn change(app: &App, op: TodoOp, via: &str) -> Result<Output, Failure> {
    let (text, recovered) = app.apply(Command::Todo(op))?;
    super::journal_change(app, &format!("{via} todo"), &text);
    Ok(Output::ok_recovered(text, recovered))
}
