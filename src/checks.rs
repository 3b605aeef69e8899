//! Running a phase's checks: the evidence `step next` needs before a phase
//! with `checks` can be left. This is I/O at the edge — a command runs in
//! the workspace with a time limit — and only on a step, never on a hook.
//! What the results mean is decided in `engine::transition`.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::engine::transition::{CheckResult, Ran};
use crate::workflow::Check;

/// The most output kept from one check: its last lines within this many
/// bytes go into the answer.
pub const TAIL_BYTES: usize = 2048;
/// At most this many lines of that.
pub const TAIL_LINES: usize = 20;

/// The test command for `{testCommand}`: the setting, else one guessed from
/// the files at the workspace's top (`Cargo.toml` → `cargo test`, …).
pub fn test_command(workspace: &Path, setting: Option<&str>) -> Option<String> {
    if let Some(s) = setting.filter(|s| !s.trim().is_empty()) {
        return Some(s.to_string());
    }
    const GUESSES: &[(&str, &str)] = &[
        ("Cargo.toml", "cargo test"),
        ("go.mod", "go test ./..."),
        ("package.json", "npm test"),
        ("pyproject.toml", "pytest"),
        ("pytest.ini", "pytest"),
        ("setup.py", "pytest"),
        ("tox.ini", "pytest"),
    ];
    GUESSES
        .iter()
        .find(|(file, _)| workspace.join(file).is_file())
        .map(|(_, cmd)| cmd.to_string())
}

/// Run the checks in order, stopping at the first that does not hold.
pub fn run_all(workspace: &Path, checks: &[Check], test_cmd: Option<&str>) -> Vec<CheckResult> {
    let mut out = Vec::new();
    for check in checks {
        let result = run_one(workspace, check, test_cmd);
        let holds = result.holds();
        out.push(result);
        if !holds {
            break;
        }
    }
    out
}

fn run_one(workspace: &Path, check: &Check, test_cmd: Option<&str>) -> CheckResult {
    let not_run = |run: String, why: String| CheckResult {
        run,
        expect: check.expect,
        ran: Ran::NotRun(why),
        tail: String::new(),
    };
    let run = if check.run.contains("{testCommand}") {
        match test_cmd {
            Some(t) => check.run.replace("{testCommand}", t),
            None => {
                return not_run(
                    check.run.clone(),
                    "no test command is known here; set test_command in .flowgate/config.toml (e.g. test_command = \"cargo test\")".into(),
                );
            }
        }
    } else {
        check.run.clone()
    };
    let mut cmd = match (check.shell, crate::shell::plain_words(&run)) {
        (false, Some(words)) if !words.is_empty() => {
            let mut c = Command::new(&words[0]);
            c.args(&words[1..]);
            c
        }
        // Shell syntax (also from a substituted test command): `sh -c`.
        _ => {
            let mut c = Command::new("sh");
            c.arg("-c").arg(&run);
            c
        }
    };
    cmd.current_dir(workspace)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Its own process group, so a timeout stops everything it started.
        cmd.process_group(0);
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return not_run(run, format!("cannot start it ({e})")),
    };
    let output = Arc::new(Mutex::new(Vec::new()));
    let readers: Vec<_> = [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    .map(|mut pipe| {
        let output = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
                out.extend_from_slice(&buf[..n]);
                // Keep only what the tail can use.
                if out.len() > 4 * TAIL_BYTES {
                    let cut = out.len() - 2 * TAIL_BYTES;
                    out.drain(..cut);
                }
            }
        })
    })
    .collect();
    let limit = Duration::from_secs(check.timeout_secs);
    let started = Instant::now();
    let ran = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status.code().map_or(Ran::Killed, Ran::Exited),
            Ok(None) if started.elapsed() >= limit => {
                stop_group(&mut child);
                break Ran::TimedOut(check.timeout_secs);
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => {
                stop_group(&mut child);
                break Ran::NotRun(format!("cannot wait for it ({e})"));
            }
        }
    };
    for r in readers {
        let _ = r.join();
    }
    let bytes = output.lock().unwrap_or_else(|e| e.into_inner()).clone();
    CheckResult {
        run,
        expect: check.expect,
        ran,
        tail: tail(&String::from_utf8_lossy(&bytes)),
    }
}

/// Stop the check and everything it started.
fn stop_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The last `TAIL_LINES` lines within `TAIL_BYTES`.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut size = 0;
    for line in lines.iter().rev().take(TAIL_LINES) {
        let line = crate::engine::text::truncate_bytes(line, 300);
        if size + line.len() + 1 > TAIL_BYTES {
            break;
        }
        size += line.len() + 1;
        kept.push(line);
    }
    kept.reverse();
    kept.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::Expect;

    fn check(run: &str, expect: Expect, timeout_secs: u64, shell: bool) -> Check {
        Check {
            run: run.into(),
            expect,
            timeout_secs,
            shell,
        }
    }

    #[test]
    fn outcomes_are_read_from_exit_status_and_time() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path();
        let r = run_one(ws, &check("true", Expect::Pass, 5, false), None);
        assert_eq!(r.ran, Ran::Exited(0));
        assert!(r.holds());
        let r = run_one(ws, &check("false", Expect::Pass, 5, false), None);
        assert_eq!(r.ran, Ran::Exited(1));
        assert!(!r.holds());
        let r = run_one(ws, &check("false", Expect::Fail, 5, false), None);
        assert!(r.holds());
        let r = run_one(ws, &check("true", Expect::Fail, 5, false), None);
        assert!(!r.holds(), "a pass is not the failure red needs");
        let r = run_one(
            ws,
            &check("echo one; echo two >&2; exit 3", Expect::Pass, 5, true),
            None,
        );
        assert_eq!(r.ran, Ran::Exited(3));
        assert!(
            r.tail.contains("one") && r.tail.contains("two"),
            "{}",
            r.tail
        );
        let t = Instant::now();
        let r = run_one(ws, &check("sleep 30", Expect::Fail, 1, false), None);
        assert_eq!(r.ran, Ran::TimedOut(1));
        assert!(!r.holds(), "a timeout never holds");
        assert!(t.elapsed() < Duration::from_secs(10));
        let r = run_one(
            ws,
            &check("no-such-command-here", Expect::Fail, 5, false),
            None,
        );
        assert!(matches!(r.ran, Ran::NotRun(_)));
        assert!(!r.holds(), "a check that cannot run never holds");
    }

    #[test]
    fn the_test_command_is_set_or_guessed() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path();
        let r = run_one(ws, &check("{testCommand}", Expect::Pass, 5, false), None);
        assert!(matches!(r.ran, Ran::NotRun(ref w) if w.contains("test_command")));
        assert_eq!(test_command(ws, None), None);
        std::fs::write(ws.join("go.mod"), "module x\n").unwrap();
        assert_eq!(test_command(ws, None).as_deref(), Some("go test ./..."));
        assert_eq!(
            test_command(ws, Some("make check")).as_deref(),
            Some("make check")
        );
        let r = run_one(
            ws,
            &check("{testCommand}", Expect::Pass, 5, false),
            Some("sh -c 'exit 0'"),
        );
        assert_eq!(r.ran, Ran::Exited(0));
    }

    #[test]
    fn the_tail_is_bounded() {
        let long: String = (0..500).map(|i| format!("line {i}\n")).collect();
        let t = tail(&long);
        assert!(t.len() <= TAIL_BYTES);
        assert!(t.lines().count() <= TAIL_LINES);
        assert!(t.ends_with("line 499"));
    }
}
