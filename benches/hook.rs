//! Hook-call budgets (SPEC §8), measured as ratios in one run:
//!
//! - `tool_call` during an active run vs an empty Rust binary started the
//!   same way (budget: median ≤ 1.5×);
//! - 500 workflow files, a 100-item todo list, a 100 MB journal vs the small
//!   case (budget: ratio ≤ 1.1).
//!
//! Run with `cargo bench --bench hook` (add `-- --quick` for fewer rounds).
//! Calls are interleaved round-robin so machine noise hits every case alike.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_flowgate");

struct Case {
    name: &'static str,
    /// The empty-binary case started the same way (same environment), or
    /// `None` for a baseline itself.
    baseline: Option<usize>,
    program: PathBuf,
    args: Vec<String>,
    env: Vec<(String, String)>,
    samples: Vec<Duration>,
}

fn time_once(c: &Case) -> Duration {
    let mut cmd = Command::new(&c.program);
    cmd.args(&c.args)
        .env_clear()
        .envs(c.env.iter().cloned())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let start = Instant::now();
    let mut child = cmd.spawn().expect("spawn");
    drop(child.stdin.take());
    child.wait().expect("wait");
    start.elapsed()
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn empty_binary(dir: &Path) -> PathBuf {
    let src = dir.join("empty.rs");
    std::fs::write(&src, "fn main() {}\n").unwrap();
    let out = dir.join("empty");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let ok = Command::new(rustc)
        .args([
            "-C",
            "opt-level=3",
            "-C",
            "panic=abort",
            "-C",
            "strip=symbols",
            "-o",
        ])
        .arg(&out)
        .arg(&src)
        .status()
        .expect("rustc");
    assert!(ok.success(), "could not build the empty baseline binary");
    out
}

fn workspace(dir: &Path, name: &str) -> PathBuf {
    let ws = dir.join(name);
    std::fs::create_dir_all(&ws).unwrap();
    ws
}

fn flowgate(ws: &Path, home: &Path, args: &[&str]) {
    let st = Command::new(BIN)
        .args(args)
        .env("FLOWGATE_WORKSPACE", ws)
        .env("FLOWGATE_HOME", home)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(st.success(), "setup: flowgate {args:?}");
}

fn tool_env(ws: &Path, home: &Path, tool: &str, args: &str) -> Vec<(String, String)> {
    vec![
        ("FLOWGATE_WORKSPACE".into(), ws.display().to_string()),
        ("FLOWGATE_HOME".into(), home.display().to_string()),
        ("DEEPSEEK_SESSION_ID".into(), "sess_4be1f0a2".into()),
        ("DEEPSEEK_WORKSPACE".into(), ws.display().to_string()),
        ("DEEPSEEK_MODE".into(), "Agent".into()),
        ("DEEPSEEK_TOOL_NAME".into(), tool.into()),
        ("DEEPSEEK_TOOL_ARGS".into(), args.into()),
    ]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let rounds = if quick { 60 } else { 400 };
    let tmp = tempfile::tempdir().unwrap();
    let home = workspace(tmp.path(), "home");
    let empty = empty_binary(tmp.path());

    // Small: a bugfix run in its read-only phase, three todos.
    let small = workspace(tmp.path(), "small");
    flowgate(&small, &home, &["start", "bugfix", "login fails"]);
    flowgate(&small, &home, &["todo", "write", "a", "b", "c"]);

    // 500 workflow files in the project tier.
    let many = workspace(tmp.path(), "many-workflows");
    let wf = many.join(".flowgate/workflows");
    std::fs::create_dir_all(&wf).unwrap();
    for i in 0..500 {
        std::fs::write(
            wf.join(format!("w{i:03}.toml")),
            format!("name = \"W{i}\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"do {i}\"\ntools = {{ deny = [\"@write\"] }}\n"),
        )
        .unwrap();
    }
    flowgate(&many, &home, &["start", "bugfix", "login fails"]);
    flowgate(&many, &home, &["todo", "write", "a", "b", "c"]);

    // A 100-item todo list of realistic length.
    let todos = workspace(tmp.path(), "100-todos");
    flowgate(&todos, &home, &["start", "bugfix", "login fails"]);
    let items: Vec<String> = (0..100)
        .map(|i| format!("Step {i}: update the handler and its tests for case {i}"))
        .collect();
    let mut args = vec!["todo", "write"];
    args.extend(items.iter().map(String::as_str));
    flowgate(&todos, &home, &args);

    // A 100 MB journal.
    let journal = workspace(tmp.path(), "100mb-journal");
    flowgate(&journal, &home, &["start", "bugfix", "login fails"]);
    flowgate(&journal, &home, &["todo", "write", "a", "b", "c"]);
    {
        let line = format!(
            "{}\n",
            r#"{"time":"2026-11-22T02:15:54.370Z","event":"tool_call","host":"codewhale","session":"sess_4be1f0a2","tool":"read","decision":"allow","reason":"allowed by the phase rules"}"#
        );
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(journal.join(".flowgate/journal.jsonl"))
            .unwrap();
        let block = line.repeat(8192);
        while f.metadata().unwrap().len() < 100 * 1024 * 1024 {
            f.write_all(block.as_bytes()).unwrap();
        }
    }

    let read = r#"{"path":"src/login.rs"}"#;
    let edit = r#"{"path":"src/login.rs","search":"a","replace":"b"}"#;
    let bash = r#"{"command":"cargo test --workspace 2>&1 | tail -n 20"}"#;
    // A ~10 KB command (CodeWhale passes at most 10000 bytes of tool input).
    let mut long = String::from("cargo test --workspace 2>&1 | grep -E 'fail|panic'");
    let mut i = 0;
    while long.len() < 9_800 {
        long.push_str(&format!(
            " && grep -rn \"pattern_{i}\" src/module_{i}/ | head -n 3"
        ));
        i += 1;
    }
    let bash_10k = serde_json::json!({ "command": long }).to_string();
    let mk = |name, baseline, program: &Path, args: &[&str], env| Case {
        name,
        baseline,
        program: program.to_path_buf(),
        args: args.iter().map(|s| s.to_string()).collect(),
        env,
        samples: Vec::new(),
    };
    let bin = PathBuf::from(BIN);
    let hook = ["tool_call", "--host", "codewhale"];
    let mut cases = vec![
        mk(
            "empty Rust binary",
            None,
            &empty,
            &[],
            tool_env(&small, &home, "read", read),
        ),
        mk(
            "empty Rust binary, 10 KB env",
            None,
            &empty,
            &[],
            tool_env(&small, &home, "bash", &bash_10k),
        ),
        mk(
            "tool_call read (allow)",
            Some(0),
            &bin,
            &hook,
            tool_env(&small, &home, "read", read),
        ),
        mk(
            "tool_call edit (deny)",
            Some(0),
            &bin,
            &hook,
            tool_env(&small, &home, "edit", edit),
        ),
        mk(
            "tool_call bash (shell rules)",
            Some(0),
            &bin,
            &hook,
            tool_env(&small, &home, "bash", bash),
        ),
        mk(
            "tool_call bash, 10 KB command",
            Some(1),
            &bin,
            &hook,
            tool_env(&small, &home, "bash", &bash_10k),
        ),
        mk(
            "tool_call read, 500 workflows",
            Some(0),
            &bin,
            &hook,
            tool_env(&many, &home, "read", read),
        ),
        mk(
            "tool_call read, 100 todos",
            Some(0),
            &bin,
            &hook,
            tool_env(&todos, &home, "read", read),
        ),
        mk(
            "tool_call read, 100 MB journal",
            Some(0),
            &bin,
            &hook,
            tool_env(&journal, &home, "read", read),
        ),
    ];
    // Warm up the page cache, then interleave.
    for c in &cases {
        for _ in 0..5 {
            time_once(c);
        }
    }
    for _ in 0..rounds {
        for c in cases.iter_mut() {
            let d = time_once(c);
            c.samples.push(d);
        }
    }
    let medians: Vec<Duration> = cases.iter_mut().map(|c| median(&mut c.samples)).collect();
    let small_read = medians[2].as_secs_f64();
    println!("flowgate hook benchmark: {rounds} interleaved rounds, medians");
    println!(
        "{:<34} {:>10} {:>12} {:>12}",
        "case", "median", "vs empty", "vs small"
    );
    let mut worst_active: f64 = 0.0;
    for (c, m) in cases.iter().zip(&medians) {
        let m = m.as_secs_f64();
        let vs_empty = c.baseline.map(|b| m / medians[b].as_secs_f64());
        if let Some(r) = vs_empty {
            worst_active = worst_active.max(r);
        }
        println!(
            "{:<34} {:>8.0}µs {:>12} {:>11.2}×",
            c.name,
            m * 1e6,
            vs_empty.map_or_else(|| "baseline".to_string(), |r| format!("{r:.2}×")),
            m / small_read
        );
    }
    let worst_scale = medians[6..]
        .iter()
        .map(|m| m.as_secs_f64() / small_read)
        .fold(0.0, f64::max);
    println!();
    println!(
        "budget tool_call ≤ 1.5× an empty binary started the same way: worst {worst_active:.2}× {}",
        if worst_active <= 1.5 { "OK" } else { "OVER" }
    );
    println!(
        "budget no growth with scale ≤ 1.1×: worst {worst_scale:.2}× {}",
        if worst_scale <= 1.1 { "OK" } else { "OVER" }
    );
}
