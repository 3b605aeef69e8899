//! The fuzz corpus replayed on the stable toolchain: every file under
//! `fuzz/corpus/<target>/` (grown by `cargo +nightly fuzz run <target>`, see
//! docs/reliability.md) goes through the same code its fuzz target runs —
//! `fuzz/src/lib.rs`, included here — so the paths the fuzzer reached stay
//! panic-free and keep their contract. `seed_corpora` (ignored) writes the
//! seeds the corpora grew from, out of the project's own inputs.

#[path = "../../fuzz/src/lib.rs"]
mod inputs;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use flowgate::engine::event::EventKind;
use flowgate::host::Host;
use inputs::{Call, ENV_NAMES, HostArg, TARGETS, TEMPLATES};
use serde_json::Value;

use crate::harness::repo;

fn corpus(target: &str) -> PathBuf {
    repo().join("fuzz/corpus").join(target)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

#[test]
fn every_corpus_file_replays_cleanly() {
    let mut scratch = inputs::Scratch::new();
    let mut failed = Vec::new();
    let mut counts = Vec::new();
    for target in TARGETS {
        let files = files(&corpus(target));
        assert!(!files.is_empty(), "fuzz/corpus/{target}/ is empty");
        for f in &files {
            let data = std::fs::read(f).unwrap();
            let run = catch_unwind(AssertUnwindSafe(|| {
                inputs::run(target, &mut scratch, &data);
            }));
            if run.is_err() {
                failed.push(format!("{target}: {}", f.display()));
            }
        }
        counts.push(format!("{target} {}", files.len()));
    }
    eprintln!("replayed the fuzz corpus: {}", counts.join(", "));
    assert!(
        failed.is_empty(),
        "{} corpus files fail (their panics are above):\n{}",
        failed.len(),
        failed.join("\n")
    );
}

// ---- seeds ---------------------------------------------------------------

/// A captured host call: `{ "event", "env", "stdin" }`.
fn captured(v: &Value, host: Host) -> Option<Call> {
    let kind = EventKind::parse(v["event"].as_str()?)?;
    let env = ENV_NAMES
        .iter()
        .filter_map(|n| Some((*n, v["env"][*n].as_str()?.to_string())))
        .collect();
    Some(Call {
        kind,
        host: HostArg::Named(host),
        stdin: v["stdin"].as_str().unwrap_or("").as_bytes().to_vec(),
        env,
    })
}

/// The TOML blocks of a Markdown file.
fn toml_blocks(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        match &mut block {
            None if line.trim_start().starts_with("```toml") => block = Some(String::new()),
            Some(b) if line.trim_start().starts_with("```") => {
                out.push(std::mem::take(b));
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
            None => {}
        }
    }
    out
}

/// Every setting the README's "Settings" table lists, for the config seeds.
const SETTINGS: &str = r#"on_error = "deny"
command_prefix = "@flow"
context_max_bytes = 4000
lock_timeout_ms = 3000
max_auto_continue = 20
max_continue_per_prompt = 50
test_command = "cargo test"
require_todo_in_progress = true
mcp = false

[todos]
max_items = 100
max_text = 1000
max_indices = 50

[groups]
"@docs" = ["read", "grep_files"]
"@write" = ["notebook_edit"]

[shell.commands.mygen]
output = ["--dest", "-d"]
values = ["--template"]
"#;

/// Write the seed corpora from the project's real inputs: the captured host
/// payloads (`fixtures/hosts/`, `fixtures/sessions/`), the built-in and
/// example workflows, the TOML in the docs, and the shell corpus. Run by
/// hand before fuzzing a new target:
/// `cargo test --test integration fuzz_corpus::seed_corpora -- --ignored`.
#[test]
#[ignore = "writes fuzz/corpus/; run by hand"]
fn seed_corpora() {
    let root = repo();
    let mut seeds: Vec<(&str, String, Vec<u8>)> = Vec::new();

    // Host payloads, from each host's captures and the recorded sessions.
    let mut calls: Vec<(String, Call)> = Vec::new();
    for host in [Host::Codewhale, Host::Claude, Host::Codex, Host::Gemini] {
        for f in files(&root.join("fixtures/hosts").join(host.name())) {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            if let Some(call) = captured(&v, host) {
                calls.push((format!("{}-{name}", host.name()), call));
            }
        }
    }
    for f in files(&root.join("fixtures/sessions")) {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        for (i, line) in std::fs::read_to_string(&f).unwrap().lines().enumerate() {
            let Ok(v) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let Some(host) = v["host"].as_str().and_then(Host::parse) else {
                continue;
            };
            if let Some(call) = captured(&v, host) {
                calls.push((format!("{stem}-{i}"), call));
            }
        }
    }
    let templates = TEMPLATES.len();
    for (i, (name, call)) in calls.iter().enumerate() {
        seeds.push(("payload", name.clone(), call.encode()));
        let detected = Call {
            host: HostArg::Detect,
            ..call.clone()
        };
        seeds.push(("payload", format!("{name}-detect"), detected.encode()));
        // Each capture in a few workspace states: one in turn, and runs.
        for t in [i % templates, 4, 9, 15] {
            let mut bytes = call.encode();
            bytes.insert(1, u8::try_from(t).unwrap());
            seeds.push(("hook", format!("{name}-t{t}"), bytes));
        }
    }

    // Workflows: the built-ins, the example, and the docs' workflow TOML.
    let mut workflows: Vec<(String, String)> = Vec::new();
    for f in files(&root.join("src/workflow/builtin"))
        .into_iter()
        .chain([root.join("fixtures/workflows/example.toml")])
    {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        workflows.push((name, std::fs::read_to_string(&f).unwrap()));
    }
    let mut configs: Vec<(String, String)> = vec![
        (
            "hooks-example".into(),
            std::fs::read_to_string(root.join("hooks.example.toml")).unwrap(),
        ),
        ("settings".into(), SETTINGS.into()),
    ];
    let docs = [root.join("README.md")]
        .into_iter()
        .chain(files(&root.join("docs")))
        .filter(|p| p.extension().is_some_and(|e| e == "md"));
    for doc in docs {
        let stem = doc.file_stem().unwrap().to_string_lossy().into_owned();
        for (i, block) in toml_blocks(&doc).into_iter().enumerate() {
            let name = format!("{stem}-{i}");
            if block.contains("[[phases]]") || block.contains("name =") {
                workflows.push((name, block));
            } else {
                configs.push((name, block));
            }
        }
    }
    for (name, text) in workflows {
        seeds.push(("workflow", name, text.into_bytes()));
    }
    for (name, text) in configs {
        seeds.push(("config", name, text.into_bytes()));
    }

    // Shell commands: the corpus lines, the command before the last TAB.
    for f in files(&root.join("tests/shell-corpus")) {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        for (i, line) in std::fs::read_to_string(&f).unwrap().lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((cmd, _)) = line.rsplit_once('\t') else {
                continue;
            };
            let cmd = cmd.replace('⏎', "\n");
            seeds.push(("shell", format!("{stem}-{i}"), cmd.into_bytes()));
        }
    }

    for target in TARGETS {
        std::fs::create_dir_all(corpus(target)).unwrap();
    }
    for (target, name, bytes) in &seeds {
        std::fs::write(corpus(target).join(format!("seed-{name}")), bytes).unwrap();
    }
    eprintln!("wrote {} seeds", seeds.len());
}
