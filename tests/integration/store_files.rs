//! The files under `.flowgate/` against a hostile or broken directory:
//! planted links, a killed writer's leftovers, the umask, corrupt and newer
//! states, a held lock. Each test drives the real binary and looks at the
//! files it left behind.

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::harness::{BIN, Out, Ws};

/// Run `script` in `sh` with the workspace's environment; `$1` is the
/// flowgate binary, so `exec "$1" …` keeps the shell's pid (`$$`).
fn sh(ws: &Ws, script: &str, extra: &[&str]) -> Out {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(script)
        .arg("sh")
        .arg(BIN)
        .args(extra)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", ws.home.path())
        .env("FLOWGATE_HOME", ws.home.path())
        .env("FLOWGATE_WORKSPACE", ws.path())
        .current_dir(ws.path());
    Ws::exec(c, "")
}

fn fg(ws: &Ws) -> PathBuf {
    ws.path().join(".flowgate")
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p)
        .map(|m| m.file_type().is_symlink())
        .unwrap_or(false)
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

pub(crate) fn temp_files(ws: &Ws) -> Vec<String> {
    names_in(&fg(ws))
        .into_iter()
        .filter(|n| n.starts_with(".state.json.") && n.ends_with(".tmp"))
        .collect()
}

fn aside_files(ws: &Ws) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = names_in(&fg(ws))
        .into_iter()
        .filter(|n| n.starts_with("state.corrupt-"))
        .map(|n| fg(ws).join(n))
        .collect();
    v.sort();
    v
}

fn todo_texts(ws: &Ws) -> Vec<String> {
    ws.state()["todos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["text"].as_str().unwrap().to_string())
        .collect()
}

/// A one-line `flowgate: …` error on stderr, exit 1.
#[track_caller]
fn refused(out: &Out) -> String {
    out.code(1);
    let err = out.stderr.trim_end();
    assert!(err.starts_with("flowgate: "), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err.to_string()
}

#[test]
fn a_planted_temp_file_link_is_never_written_through() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "seed"]).ok();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    // The link carries the pid of the writer: `exec` keeps the shell's pid.
    let out = sh(
        &ws,
        r#"ln -s "$2" .flowgate/.state.json.$$.tmp && exec "$1" todo append x"#,
        &[victim.to_str().unwrap()],
    );
    out.ok();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    let state = fg(&ws).join("state.json");
    assert!(!is_link(&state), "state.json must stay a regular file");
    assert!(std::fs::symlink_metadata(&state).unwrap().is_file());
    assert_eq!(todo_texts(&ws), ["seed", "x"]);
}

#[test]
fn the_next_writer_removes_a_killed_writers_temp_files() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "seed"]).ok();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    ws.write(
        ".flowgate/.state.json.4242.tmp",
        "{\"version\": 1, \"genera",
    );
    ws.write(".flowgate/.state.json.Xy7q2k.tmp", "");
    symlink(&victim, fg(&ws).join(".state.json.99.tmp")).unwrap();
    // Not a writer's temp file: left alone.
    ws.write(".flowgate/notes.tmp", "mine");
    ws.write(".flowgate/.state.json.bak", "mine");
    // A reader does not touch them.
    ws.run(&["todo", "list"]).ok();
    assert_eq!(temp_files(&ws).len(), 3);

    ws.run(&["todo", "append", "y"]).ok();
    assert_eq!(temp_files(&ws), Vec::<String>::new());
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert_eq!(
        std::fs::read_to_string(fg(&ws).join("notes.tmp")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(fg(&ws).join(".state.json.bak")).unwrap(),
        "mine"
    );
    assert_eq!(todo_texts(&ws), ["seed", "y"]);

    // Real kills at varying instants, then one more write: nothing is left.
    for i in 0..60u64 {
        let mut child = ws
            .command(&["todo", "append", &format!("k{i}")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_micros((i * 131) % 4000));
        let _ = child.kill();
        let _ = child.wait();
    }
    ws.run(&["todo", "append", "last"]).ok();
    assert_eq!(temp_files(&ws), Vec::<String>::new());
    assert_eq!(todo_texts(&ws).last().unwrap(), "last");
}

#[test]
fn a_linked_flowgate_directory_is_refused() {
    let ws = Ws::new();
    let outside = tempfile::tempdir().unwrap();
    symlink(outside.path(), fg(&ws)).unwrap();
    let link = fg(&ws).display().to_string();

    let err = refused(&ws.run(&["todo", "append", "x"]));
    assert!(err.contains(&link), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert!(err.contains("real directory"), "names the fix: {err}");

    refused(&ws.run(&["start", "bugfix", "t"]));
    refused(&ws.run(&["status"]));
    // A read-only hook: no state read through the link, no journal line.
    let out = ws.cw("tool_call", "tool_call_before.read");
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    ws.message("hello");

    assert_eq!(names_in(outside.path()), Vec::<String>::new());
    assert!(is_link(&fg(&ws)));
}

#[test]
fn a_linked_state_file_is_refused() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "seed"]).ok();
    let outside = tempfile::tempdir().unwrap();
    let real = outside.path().join("real.json");
    std::fs::rename(fg(&ws).join("state.json"), &real).unwrap();
    let before = std::fs::read(&real).unwrap();
    symlink(&real, fg(&ws).join("state.json")).unwrap();

    for args in [
        &["todo", "append", "x"][..],
        &["status"],
        &["todo", "list"],
        &["start", "bugfix", "t"],
    ] {
        let err = refused(&ws.run(args));
        assert!(
            err.contains(&fg(&ws).join("state.json").display().to_string()),
            "{err}"
        );
        assert!(err.contains("symbolic link"), "{err}");
    }
    ws.message("hello");
    assert!(is_link(&fg(&ws).join("state.json")));
    assert_eq!(std::fs::read(&real).unwrap(), before);
    assert!(aside_files(&ws).is_empty());
}

#[test]
fn a_linked_journal_is_refused() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "seed"]).ok();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let journal = fg(&ws).join("journal.jsonl");
    std::fs::remove_file(&journal).unwrap();
    symlink(&victim, &journal).unwrap();
    let gen_before = ws.generation();

    let err = refused(&ws.run(&["todo", "append", "x"]));
    assert!(err.contains(&journal.display().to_string()), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(ws.generation(), gen_before, "nothing was changed");

    let out = ws.cw("tool_call", "tool_call_before.read");
    out.ok();
    assert!(out.stderr.contains("journal.jsonl"), "{}", out.stderr);
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    ws.run(&["log"]);

    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(is_link(&journal));
}

#[test]
fn a_linked_lock_is_refused_and_its_target_never_created() {
    let ws = Ws::new();
    ws.run(&["todo", "write", "seed"]).ok();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("created-by-mistake");
    let lock = fg(&ws).join("state.lock");
    std::fs::remove_file(&lock).unwrap();
    symlink(&target, &lock).unwrap();

    let err = refused(&ws.run(&["todo", "append", "x"]));
    assert!(err.contains(&lock.display().to_string()), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    refused(&ws.run(&["start", "bugfix", "t"]));
    assert!(!target.exists());
    assert_eq!(names_in(outside.path()), Vec::<String>::new());
    assert_eq!(todo_texts(&ws), ["seed"]);
}

#[test]
fn state_journal_and_lock_are_private_whatever_the_umask() {
    for umask in ["000", "022", "077", "377"] {
        let ws = Ws::new();
        if umask == "377" {
            // Such a umask would leave flowgate a directory it cannot enter.
            std::fs::create_dir(fg(&ws)).unwrap();
        }
        sh(
            &ws,
            &format!(r#"umask {umask} && exec "$1" todo append x"#),
            &[],
        )
        .ok();
        sh(
            &ws,
            &format!(r#"umask {umask} && exec "$1" todo append y"#),
            &[],
        )
        .ok();
        for name in ["state.json", "journal.jsonl", "state.lock"] {
            let meta = std::fs::symlink_metadata(fg(&ws).join(name)).unwrap();
            assert_eq!(
                meta.permissions().mode() & 0o777,
                0o600,
                "{name} under umask {umask}"
            );
        }
        assert_eq!(todo_texts(&ws), ["x", "y"]);
    }
}

#[test]
fn repeated_corruptions_keep_every_aside_file() {
    let ws = Ws::new();
    for i in 0..4 {
        ws.write(".flowgate/state.json", &format!("{{corrupt {i}"));
        let out = ws.run(&["todo", "append", &format!("item-{i}")]).ok();
        assert!(out.stderr.contains("was moved to"), "{}", out.stderr);
    }
    let mut kept: Vec<String> = aside_files(&ws)
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    kept.sort();
    assert_eq!(
        kept,
        ["{corrupt 0", "{corrupt 1", "{corrupt 2", "{corrupt 3"]
    );
    assert_eq!(todo_texts(&ws), ["item-3"]);
}

#[test]
fn a_state_from_a_newer_flowgate_is_refused_and_left_untouched() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "t"]).ok();
    let mut st = ws.state();
    st["version"] = 2.into();
    st["future_field"] = serde_json::json!({"a": [1, 2]});
    let text = serde_json::to_string_pretty(&st).unwrap();
    ws.write(".flowgate/state.json", &text);

    for args in [
        &["todo", "append", "x"][..],
        &["step", "next"],
        &["cancel"],
        &["start", "bugfix", "again", "--replace"],
        &["status"],
        &["todo", "list"],
    ] {
        let err = refused(&ws.run(args));
        assert!(err.contains("newer flowgate"), "{args:?}: {err}");
        assert!(err.contains("schema 2"), "{err}");
        assert!(err.contains("upgrade flowgate"), "{err}");
    }
    let out = ws.message("hello");
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    ws.cw("tool_call", "tool_call_before.edit");

    assert_eq!(
        std::fs::read_to_string(fg(&ws).join("state.json")).unwrap(),
        text
    );
    assert!(aside_files(&ws).is_empty());
}

/// A state that parses but breaks what later code relies on.
fn break_run(ws: &Ws, how: &str) {
    let mut st = ws.state();
    let run = &mut st["run"];
    match how {
        "missing subworkflow" => {
            run["definitions"]
                .as_object_mut()
                .unwrap()
                .remove("rpir-implement");
        }
        "missing root" => {
            run["definitions"].as_object_mut().unwrap().remove("rpir");
        }
        "index out of range" => run["path"][0]["index"] = 9.into(),
        "empty subworkflow" => {
            run["definitions"]["rpir-implement"]["phases"] = serde_json::json!([]);
        }
        "cycle" => {
            run["definitions"]["rpir-implement"]["phases"]
                .as_array_mut()
                .unwrap()
                .insert(0, serde_json::json!({"subworkflow": "rpir"}));
        }
        "empty path" => run["path"] = serde_json::json!([]),
        "path ends at a reference" => run["path"][0]["index"] = 2.into(),
        _ => unreachable!(),
    }
    ws.write(
        ".flowgate/state.json",
        &serde_json::to_string_pretty(&st).unwrap(),
    );
}

#[test]
fn a_state_that_breaks_the_run_is_corrupt_not_a_panic() {
    for how in [
        "missing subworkflow",
        "missing root",
        "index out of range",
        "empty subworkflow",
        "cycle",
        "empty path",
        "path ends at a reference",
    ] {
        let ws = Ws::new();
        ws.run(&["start", "rpir", "t"]).ok();
        break_run(&ws, how);

        let err = refused(&ws.run(&["status"]));
        assert!(err.contains("state.json is unreadable"), "{how}: {err}");

        let out = ws.cw("tool_call", "tool_call_before.edit");
        assert!(!out.stderr.contains("panicked"), "{how}: {}", out.stderr);
        // A runtime error that fails closed (on_error = "deny").
        out.code(1);
        assert_eq!(out.json()["decision"], "deny", "{how}");
        assert!(
            out.reason().contains("state.json is unreadable"),
            "{how}: {}",
            out.stdout
        );

        // A message is a change: the state is moved aside, with a notice.
        let out = ws.message("hi");
        assert!(!out.stderr.contains("panicked"), "{how}: {}", out.stderr);
        let text = out.ok().text();
        assert!(text.contains("was moved to"), "{how}: {text}");
        assert_eq!(aside_files(&ws).len(), 1, "{how}");
        ws.run(&["status"]).ok();
    }
}

#[test]
fn a_held_lock_fails_in_one_line_naming_the_lock_and_what_to_do() {
    let ws = Ws::new();
    ws.write(".flowgate/config.toml", "lock_timeout_ms = 100\n");
    ws.run(&["todo", "write", "seed"]).ok();
    let lock_path = fg(&ws).join("state.lock");
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(&lock_path)
        .unwrap();
    lock.lock().unwrap();

    let err = refused(&ws.run(&["todo", "append", "x"]));
    assert!(err.contains(&lock_path.display().to_string()), "{err}");
    assert!(err.contains("100 ms"), "{err}");
    assert!(err.contains("nothing was changed"), "{err}");
    assert!(err.contains("try again"), "{err}");
    drop(lock);
    assert_eq!(todo_texts(&ws), ["seed"]);
    ws.run(&["todo", "append", "x"]).ok();
    assert_eq!(todo_texts(&ws), ["seed", "x"]);
}
