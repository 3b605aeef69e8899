//! A second opinion on the parser (issue 10): `brush-parser`, a maintained
//! bash parser (a dev-dependency only), parses every corpus command, and
//! both must find the same simple commands — compared by their names
//! (first words after assignments), as a multiset, including the commands
//! in substitutions, process substitutions, compound commands, functions
//! and expanded here-docs. The differences this test accepts are listed in
//! [`ACCEPTED`], each with why.

use std::cell::Cell;

use brush_parser::ast::{
    self, Command, CommandPrefixOrSuffixItem, CompoundCommand, CompoundList, ExtendedTestExpr,
    IoFileRedirectTarget, IoRedirect,
};
use brush_parser::word::{WordPiece, WordPieceWithSource};
use brush_parser::{ParserOptions, unquote_str};

use super::classify::is_assignment;
use super::parse;

/// Corpus commands on which the two parsers may disagree, and why.
const ACCEPTED: &[(&str, &str)] = &[(
    "$'\\x72m' -f d.txt",
    "brush-parser 0.4 does not decode a \\xHH escape in $'…'; bash does, and runs rm",
)];

/// The command names our parser finds (substitutions included).
fn ours(src: &str) -> Result<Vec<String>, String> {
    let budget = Cell::new(1 << 24);
    let p = parse::parse(src, 0, &budget);
    if let Some(e) = p.error {
        return Err(e);
    }
    let mut names: Vec<String> = p
        .commands
        .iter()
        .filter_map(|c| {
            c.words
                .iter()
                .find(|w| !is_assignment(w))
                .map(|w| w.to_string())
        })
        .collect();
    names.sort();
    Ok(names)
}

/// The command names brush-parser finds.
fn theirs(src: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    walk_program(src, &mut names, 0)?;
    names.sort();
    Ok(names)
}

fn options() -> ParserOptions {
    ParserOptions::default()
}

fn walk_program(src: &str, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    if depth > 30 {
        return Err("nesting too deep".into());
    }
    let mut parser = brush_parser::Parser::new(std::io::Cursor::new(src), &options());
    let program = parser.parse_program().map_err(|e| e.to_string())?;
    for cc in &program.complete_commands {
        walk_list(cc, out, depth)?;
    }
    Ok(())
}

fn walk_list(list: &CompoundList, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    for item in &list.0 {
        let and_or = &item.0;
        walk_pipeline(&and_or.first, out, depth)?;
        for next in &and_or.additional {
            let p = match next {
                ast::AndOr::And(p) | ast::AndOr::Or(p) => p,
            };
            walk_pipeline(p, out, depth)?;
        }
    }
    Ok(())
}

fn walk_pipeline(p: &ast::Pipeline, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    for c in &p.seq {
        walk_command(c, out, depth)?;
    }
    Ok(())
}

fn walk_command(c: &Command, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    match c {
        Command::Simple(s) => {
            let items = s
                .prefix
                .iter()
                .flat_map(|p| p.0.iter())
                .chain(s.suffix.iter().flat_map(|p| p.0.iter()));
            for item in items.clone() {
                walk_item(item, out, depth)?;
            }
            if let Some(w) = &s.word_or_name {
                walk_word(&w.value, out, depth)?;
                out.push(unquote_str(&w.value));
            }
        }
        Command::Compound(cc, redirects) => {
            walk_compound(cc, out, depth)?;
            for r in redirects.iter().flat_map(|r| r.0.iter()) {
                walk_redirect(r, out, depth)?;
            }
        }
        Command::Function(f) => {
            walk_compound(&f.body.0, out, depth)?;
            for r in f.body.1.iter().flat_map(|r| r.0.iter()) {
                walk_redirect(r, out, depth)?;
            }
        }
        Command::ExtendedTest(t, redirects) => {
            out.push("[[".into());
            walk_test(&t.expr, out, depth)?;
            for r in redirects.iter().flat_map(|r| r.0.iter()) {
                walk_redirect(r, out, depth)?;
            }
        }
    }
    Ok(())
}

fn walk_test(e: &ExtendedTestExpr, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    match e {
        ExtendedTestExpr::And(a, b) | ExtendedTestExpr::Or(a, b) => {
            walk_test(a, out, depth)?;
            walk_test(b, out, depth)
        }
        ExtendedTestExpr::Not(a) | ExtendedTestExpr::Parenthesized(a) => walk_test(a, out, depth),
        ExtendedTestExpr::UnaryTest(_, w) => walk_word(&w.value, out, depth),
        ExtendedTestExpr::BinaryTest(_, a, b) => {
            walk_word(&a.value, out, depth)?;
            walk_word(&b.value, out, depth)
        }
    }
}

fn walk_compound(c: &CompoundCommand, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    match c {
        CompoundCommand::Arithmetic(a) => walk_word(&a.expr.value, out, depth),
        CompoundCommand::ArithmeticForClause(f) => {
            for e in [&f.initializer, &f.condition, &f.updater]
                .into_iter()
                .flatten()
            {
                walk_word(&e.value, out, depth)?;
            }
            walk_list(&f.body.list, out, depth)
        }
        CompoundCommand::BraceGroup(b) => walk_list(&b.list, out, depth),
        CompoundCommand::Subshell(s) => walk_list(&s.list, out, depth),
        CompoundCommand::ForClause(f) => {
            for w in f.values.iter().flatten() {
                walk_word(&w.value, out, depth)?;
            }
            walk_list(&f.body.list, out, depth)
        }
        CompoundCommand::CaseClause(c) => {
            walk_word(&c.value.value, out, depth)?;
            for item in &c.cases {
                if let Some(l) = &item.cmd {
                    walk_list(l, out, depth)?;
                }
            }
            Ok(())
        }
        CompoundCommand::IfClause(i) => {
            walk_list(&i.condition, out, depth)?;
            walk_list(&i.then, out, depth)?;
            for e in i.elses.iter().flatten() {
                if let Some(c) = &e.condition {
                    walk_list(c, out, depth)?;
                }
                walk_list(&e.body, out, depth)?;
            }
            Ok(())
        }
        CompoundCommand::WhileClause(w) | CompoundCommand::UntilClause(w) => {
            walk_list(&w.0, out, depth)?;
            walk_list(&w.1.list, out, depth)
        }
        CompoundCommand::Coprocess(c) => walk_command(&c.body, out, depth),
    }
}

fn walk_item(
    item: &CommandPrefixOrSuffixItem,
    out: &mut Vec<String>,
    depth: usize,
) -> Result<(), String> {
    match item {
        CommandPrefixOrSuffixItem::IoRedirect(r) => walk_redirect(r, out, depth),
        CommandPrefixOrSuffixItem::Word(w) => walk_word(&w.value, out, depth),
        CommandPrefixOrSuffixItem::AssignmentWord(a, _) => match &a.value {
            ast::AssignmentValue::Scalar(w) => walk_word(&w.value, out, depth),
            ast::AssignmentValue::Array(items) => {
                for (k, v) in items {
                    if let Some(k) = k {
                        walk_word(&k.value, out, depth)?;
                    }
                    walk_word(&v.value, out, depth)?;
                }
                Ok(())
            }
        },
        CommandPrefixOrSuffixItem::ProcessSubstitution(_, s) => walk_list(&s.list, out, depth),
    }
}

fn walk_redirect(r: &IoRedirect, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    match r {
        IoRedirect::File(_, _, target) => match target {
            IoFileRedirectTarget::Filename(w) | IoFileRedirectTarget::Duplicate(w) => {
                walk_word(&w.value, out, depth)
            }
            IoFileRedirectTarget::ProcessSubstitution(_, s) => walk_list(&s.list, out, depth),
            IoFileRedirectTarget::Fd(_) => Ok(()),
        },
        IoRedirect::HereDocument(_, h) => {
            if h.requires_expansion {
                let pieces = brush_parser::word::parse_heredoc(&h.doc.value, &options())
                    .map_err(|e| e.to_string())?;
                walk_pieces(&pieces, out, depth)?;
            }
            Ok(())
        }
        IoRedirect::HereString(_, w) | IoRedirect::OutputAndError(w, _) => {
            walk_word(&w.value, out, depth)
        }
    }
}

/// The commands in a word's substitutions.
fn walk_word(w: &str, out: &mut Vec<String>, depth: usize) -> Result<(), String> {
    if !w.contains(['$', '`']) {
        return Ok(());
    }
    let pieces = brush_parser::word::parse(w, &options()).map_err(|e| e.to_string())?;
    walk_pieces(&pieces, out, depth)
}

fn walk_pieces(
    pieces: &[WordPieceWithSource],
    out: &mut Vec<String>,
    depth: usize,
) -> Result<(), String> {
    for p in pieces {
        match &p.piece {
            WordPiece::CommandSubstitution(s) | WordPiece::BackquotedCommandSubstitution(s) => {
                walk_program(s, out, depth + 1)?
            }
            WordPiece::DoubleQuotedSequence(inner)
            | WordPiece::GettextDoubleQuotedSequence(inner) => walk_pieces(inner, out, depth)?,
            WordPiece::ArithmeticExpression(e) => walk_word(&e.value, out, depth)?,
            _ => {}
        }
    }
    Ok(())
}

/// Every corpus command: (file, command).
fn corpus() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/shell-corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        for line in text.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cmd = line.rsplit_once('\t').map_or(line, |(c, _)| c);
            out.push((name.clone(), cmd.replace('⏎', "\n")));
        }
    }
    out
}

#[test]
fn brush_parser_finds_the_same_simple_commands() {
    let cases = corpus();
    assert!(cases.len() > 1000, "{} corpus commands", cases.len());
    let mut agree = 0;
    let mut differ = Vec::new();
    for (file, cmd) in &cases {
        let a = ours(cmd);
        let b = std::panic::catch_unwind(|| theirs(cmd))
            .unwrap_or_else(|_| Err("brush-parser panicked".into()));
        if a == b {
            agree += 1;
            continue;
        }
        let accepted = ACCEPTED.iter().find(|(c, _)| c == cmd);
        differ.push((file, cmd, a, b, accepted.map(|(_, why)| *why)));
    }
    println!(
        "brush-parser agrees on {agree} of {} corpus commands; {} differ",
        cases.len(),
        differ.len()
    );
    let mut unexplained = 0;
    for (file, cmd, a, b, why) in &differ {
        match why {
            Some(why) => println!("  accepted ({why}): {file}: {cmd:?}"),
            None => {
                unexplained += 1;
                println!("  DIFFERENT {file}: {cmd:?}\n    ours:  {a:?}\n    brush: {b:?}");
            }
        }
    }
    assert_eq!(unexplained, 0, "differences not in ACCEPTED");
    assert_eq!(
        ACCEPTED.len(),
        differ.len(),
        "an ACCEPTED entry no longer differs"
    );
}
