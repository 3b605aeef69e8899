//! The real hosts, end to end: Claude Code, Codex and Gemini CLI, installed
//! from npm at the versions pinned in `tests/e2e/package.json` (`npm ci
//! --prefix tests/e2e`), each run headless in a scratch project against a
//! scripted model server on 127.0.0.1 (`server.rs`, one API per host:
//! `anthropic.rs`, `openai.rs`, `gemini_api.rs`), with flowgate wired by the
//! real `flowgate init --host X`. CodeWhale runs the same scenarios when
//! `FLOWGATE_CODEWHALE_BIN` names a `codewhale` binary (`codewhale.rs`).
//!
//! A scenario (`scenarios.rs`) is a script: what the user types, what the
//! model does turn by turn (in host-neutral acts: write a file, run a shell
//! command, set the todo list, say something), and what must then be true
//! of what the model was shown (the requests the server received), of the
//! disk, of `.flowgate/state.json` and of what the host printed. Every
//! expectation is read from those real outputs; none is computed with
//! flowgate's code.
//!
//! Hosts that are not installed are skipped with one line saying how to
//! install them, unless `FLOWGATE_E2E=require` (CI), which fails instead.

mod anthropic;
mod gemini_api;
mod openai;
mod openai_chat;
mod server;

mod claude;
mod codewhale;
mod codex;
mod gemini;
mod scenarios;

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::{BIN, repo};
use server::{Api, Request, Server};

/// How long one host run may take before it is killed (a hung host fails
/// the scenario; a healthy run takes a few seconds).
pub const HOST_TIMEOUT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------- the script

/// One model turn in the host's own tool vocabulary.
#[derive(Clone, Debug)]
pub struct Turn {
    pub steps: Vec<Step>,
}

impl Turn {
    /// What the model says once the script is used up.
    pub fn done() -> Turn {
        Turn {
            steps: vec![Step::Say("Done.".into())],
        }
    }
}

#[derive(Clone, Debug)]
pub enum Step {
    Say(String),
    Use(ToolUse),
}

#[derive(Clone, Debug)]
pub struct ToolUse {
    pub id: String,
    pub name: String,
    pub input: Input,
}

#[derive(Clone, Debug)]
pub enum Input {
    Json(Value),
    /// A freeform tool's raw text (Codex's `apply_patch`).
    Freeform(String),
}

/// What the scripted model does, in host-neutral words; each host turns an
/// act into its own tool calls.
#[derive(Clone, Debug)]
pub enum Act {
    Say(String),
    /// Write a new file (relative to the project) with the host's file tool.
    Write {
        path: String,
        content: String,
    },
    /// Run a command with the host's shell tool.
    Shell(String),
    /// Make the host's native todo list this one: `(text, status)` with
    /// status `pending`, `in_progress` or `completed`.
    Todos(Vec<(String, String)>),
}

pub fn say(text: &str) -> Act {
    Act::Say(text.into())
}

pub fn write(path: &str, content: &str) -> Act {
    Act::Write {
        path: path.into(),
        content: content.into(),
    }
}

pub fn shell(cmd: &str) -> Act {
    Act::Shell(cmd.into())
}

pub fn todos(items: &[(&str, &str)]) -> Act {
    Act::Todos(
        items
            .iter()
            .map(|(t, s)| (t.to_string(), s.to_string()))
            .collect(),
    )
}

/// What a host keeps between acts while it translates a script (the todo
/// list so far, for hosts whose todo tools are incremental).
#[derive(Default)]
pub struct Cx {
    pub ws: PathBuf,
    pub todos: Vec<(String, String)>,
    /// Claude Code task ids, by todo text.
    pub task_ids: Vec<(String, String)>,
}

// ------------------------------------------------------ what the model saw

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    System,
    User,
    Assistant,
}

/// One piece of a request, in order.
#[derive(Clone, Debug)]
pub enum Item {
    Text { role: Role, text: String },
    Call { id: String, name: String },
    Result { id: String, text: String },
}

impl Item {
    pub fn text(role: Role, text: &str) -> Item {
        Item::Text {
            role,
            text: text.into(),
        }
    }
}

// ------------------------------------------------------------------ hosts

/// One agent host: where it is installed, which API it speaks, how an act
/// becomes its tool calls, how it runs headless, and how it reports a hook
/// failure.
pub trait Host: Sync {
    /// flowgate's `--host` name.
    fn name(&self) -> &'static str;
    /// The host program, if installed.
    fn program(&self) -> Option<PathBuf>;
    /// How to install it, for the skip line.
    fn install_hint(&self) -> String;
    fn api(&self) -> &'static dyn Api;
    /// The tool calls (name, input) an act becomes.
    fn tools(&self, act: &Act, cx: &mut Cx) -> Vec<(String, Input)>;
    /// Write the host's own settings (after `flowgate init`).
    fn configure(&self, p: &Project, url: &str);
    /// The headless command for one prompt.
    fn command(&self, p: &Project, url: &str, prompt: &str) -> Command;
    /// Lines in which the host reports a hook as failed (not as a block).
    fn hook_failures(&self, out: &Outcome) -> Vec<String>;
    /// Lines in which the host reports a deliberate block cleanly, when it
    /// has such a report (Codex: `hook: PreToolUse Blocked`).
    fn clean_blocks(&self, _out: &Outcome) -> Option<Vec<String>> {
        None
    }
    /// Does the headless host show the user why a prompt was blocked?
    fn shows_prompt_blocks(&self) -> bool {
        true
    }
    /// Does the host cut hook reasons (CodeWhale: 240 characters)?
    fn caps_reasons(&self) -> bool {
        false
    }
    /// Can the host's stop hook make the agent continue? (CodeWhale has
    /// none: its reminder comes with the user's next message.)
    fn stop_hook(&self) -> bool {
        true
    }
    /// Does `FLOWGATE_E2E=require` require this host? (CodeWhale is not on
    /// npm: it runs only when a binary is supplied.)
    fn required(&self) -> bool {
        true
    }
    /// Run the host on `prompts` (one after the other, each once the
    /// previous turn ended) against the model at `url`: exit code, stdout,
    /// stderr, timed out.
    fn run(&self, p: &Project, url: &str, prompts: &[String]) -> Ran {
        assert_eq!(prompts.len(), 1, "{} takes one prompt per run", self.name());
        run_bounded(&mut self.command(p, url, &prompts[0]), HOST_TIMEOUT)
    }
}

/// The npm-installed program `name` under `tests/e2e/node_modules/.bin/`.
pub fn npm_program(name: &str) -> Option<PathBuf> {
    let p = repo().join("tests/e2e/node_modules/.bin").join(name);
    p.exists().then_some(p)
}

pub const NPM_HINT: &str = "npm ci --prefix tests/e2e";

/// Is the suite required to run (`FLOWGATE_E2E=require`)?
fn required() -> bool {
    std::env::var("FLOWGATE_E2E").is_ok_and(|v| v == "require")
}

/// The host's program, or `None` after printing how to install it (or a
/// panic when `FLOWGATE_E2E=require`).
pub fn find(host: &dyn Host) -> Option<PathBuf> {
    if let Some(p) = host.program() {
        return Some(p);
    }
    let line = format!(
        "e2e {}: not installed; to run it: {}",
        host.name(),
        host.install_hint()
    );
    assert!(
        !(required() && host.required()),
        "FLOWGATE_E2E=require: {line}"
    );
    eprintln!("{line} (skipped)");
    None
}

// ---------------------------------------------------------------- projects

/// A scratch project: the workspace (`shop/`), a scratch home, and room
/// for the host's own files, all in one temporary directory.
pub struct Project {
    _root: tempfile::TempDir,
    pub ws: PathBuf,
    pub home: PathBuf,
    pub scratch: PathBuf,
    pub program: PathBuf,
    /// What `flowgate init --host <host>` printed.
    pub init: String,
}

impl Project {
    /// A new project with flowgate wired by `flowgate init --host <host>`.
    pub fn new(host: &dyn Host, program: PathBuf) -> Project {
        let root = tempfile::Builder::new()
            .prefix("flowgate-e2e-")
            .tempdir()
            .unwrap();
        let base = root.path().canonicalize().unwrap();
        let mut p = Project {
            ws: base.join("shop"),
            home: base.join("home"),
            scratch: base.join("scratch"),
            program,
            init: String::new(),
            _root: root,
        };
        for d in [&p.ws, &p.home, &p.scratch, &p.flowgate_home()] {
            std::fs::create_dir_all(d).unwrap();
        }
        // A login shell (Codex runs `bash -lc`) resets PATH from
        // /etc/profile; like a user who installed flowgate, the profile
        // puts it back.
        let profile = format!(
            "export PATH={}:\"$PATH\"\n",
            crate::e2e::sh_quote(&flowgate_dir().display().to_string())
        );
        std::fs::write(p.home.join(".profile"), &profile).unwrap();
        std::fs::write(p.home.join(".bash_profile"), &profile).unwrap();
        let out = p.flowgate(&["init", "--host", host.name()]);
        assert!(
            out.contains("hooks in")
                || out.contains("hooks and MCP server in")
                || out.contains("[hooks]"),
            "flowgate init --host {}: {out}",
            host.name()
        );
        p.init = out;
        p.write(".flowgate/config.toml", "max_auto_continue = 2\n");
        p
    }

    pub fn flowgate_home(&self) -> PathBuf {
        self.home.join(".config/flowgate")
    }

    /// PATH for everything the test starts: flowgate's directory first.
    pub fn path_env(&self) -> OsString {
        let mut dirs = vec![flowgate_dir()];
        if let Some(p) = std::env::var_os("PATH") {
            dirs.extend(std::env::split_paths(&p));
        }
        std::env::join_paths(dirs).unwrap()
    }

    /// A command with a clean environment: PATH, the scratch HOME and
    /// FLOWGATE_HOME, cwd = the workspace.
    pub fn clean_command(&self, program: &Path) -> Command {
        let mut c = Command::new(program);
        c.env_clear()
            .env("PATH", self.path_env())
            .env("HOME", &self.home)
            .env("FLOWGATE_HOME", self.flowgate_home())
            .env("LANG", "C.UTF-8")
            .env("TERM", "dumb")
            .env("NO_COLOR", "1")
            .current_dir(&self.ws);
        c
    }

    /// Run `flowgate ARGS` in the project as the user would; its stdout
    /// and stderr.
    pub fn flowgate(&self, args: &[&str]) -> String {
        let o = self
            .clean_command(&flowgate_dir().join("flowgate"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(o.status.success(), "flowgate {args:?} failed: {text}");
        text
    }

    pub fn write(&self, rel: &str, text: &str) {
        let p = self.ws.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

/// The directory of the flowgate binary under test (put first on PATH, so
/// `init` writes plain `flowgate` into the hooks, as for an installed one).
pub fn flowgate_dir() -> PathBuf {
    Path::new(BIN).parent().unwrap().to_path_buf()
}

pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

// -------------------------------------------------------------- a session

/// A scenario being written: the project, what the user types, the
/// model's turns.
pub struct Session<'h> {
    pub host: &'h dyn Host,
    pub project: Project,
    prompts: Vec<String>,
    acts: Vec<Vec<Act>>,
}

impl<'h> Session<'h> {
    /// `None` (after one line saying so) when the host is not installed.
    pub fn new(host: &'h dyn Host) -> Option<Session<'h>> {
        let program = find(host)?;
        Some(Session {
            host,
            project: Project::new(host, program),
            prompts: Vec::new(),
            acts: Vec::new(),
        })
    }

    /// The user, in a terminal: `flowgate ARGS`.
    pub fn flowgate(&mut self, args: &[&str]) -> &mut Self {
        self.project.flowgate(args);
        self
    }

    /// What the user types into the host (again: a later message, once
    /// the agent has stopped; only hosts without a stop hook take more
    /// than one per run).
    pub fn user(&mut self, prompt: &str) -> &mut Self {
        self.prompts.push(prompt.into());
        self
    }

    /// The model's next turn.
    pub fn model(&mut self, acts: Vec<Act>) -> &mut Self {
        self.acts.push(acts);
        self
    }

    /// Run the host once with the prompt against the scripted model.
    pub fn run(&mut self) -> Outcome {
        let mut cx = Cx {
            ws: self.project.ws.clone(),
            ..Cx::default()
        };
        let mut turns = Vec::new();
        let mut calls = Vec::new();
        for (t, acts) in self.acts.iter().enumerate() {
            let mut steps = Vec::new();
            let mut ids = Vec::new();
            for act in acts {
                if let Act::Say(s) = act {
                    steps.push(Step::Say(s.clone()));
                    continue;
                }
                for (name, input) in self.host.tools(act, &mut cx) {
                    let id = format!("toolu_e2e_{t}_{}", steps.len());
                    ids.push(id.clone());
                    steps.push(Step::Use(ToolUse { id, name, input }));
                }
            }
            turns.push(Turn { steps });
            calls.push(ids);
        }
        let server = Server::start(
            self.host.api(),
            turns,
            HOST_TIMEOUT + Duration::from_secs(30),
        );
        self.host.configure(&self.project, &server.url());
        let started = Instant::now();
        let (code, stdout, stderr, timed_out) =
            self.host.run(&self.project, &server.url(), &self.prompts);
        let requests = server.requests();
        eprintln!(
            "e2e {}: {} model requests ({} main), host ran {:.1?}",
            self.host.name(),
            requests.iter().filter(|r| r.method == "POST").count(),
            requests.iter().filter(|r| r.main).count(),
            started.elapsed()
        );
        dump(self.host.name(), &requests, &self.project, &stdout, &stderr);
        Outcome {
            host: self.host.name(),
            ws: self.project.ws.clone(),
            scratch: self.project.scratch.clone(),
            api: server.api(),
            requests,
            refused: server.refused(),
            calls,
            code,
            stdout,
            stderr,
            timed_out,
            took: started.elapsed(),
        }
    }
}

/// With `FLOWGATE_E2E_DUMP=DIR`, keep every request body (and the host's
/// scratch files) under `DIR/<test name>/`, to see what a host sent.
fn dump(host: &str, requests: &[Request], p: &Project, stdout: &str, stderr: &str) {
    let Some(dir) = std::env::var_os("FLOWGATE_E2E_DUMP") else {
        return;
    };
    let test = std::thread::current()
        .name()
        .unwrap_or(host)
        .replace("::", "-");
    let dir = PathBuf::from(dir).join(test);
    std::fs::create_dir_all(&dir).unwrap();
    for (i, r) in requests.iter().enumerate() {
        let name = format!(
            "{i:02}-{}{}.json",
            r.method,
            if r.main { "-main" } else { "" }
        );
        let text = format!(
            "{} {}\n{}",
            r.method,
            r.path,
            serde_json::to_string_pretty(&r.body).unwrap()
        );
        std::fs::write(dir.join(name), text).unwrap();
    }
    std::fs::write(dir.join("host-stdout.txt"), stdout).unwrap();
    std::fs::write(dir.join("host-stderr.txt"), stderr).unwrap();
    let _ = Command::new("cp")
        .arg("-r")
        .arg(&p.scratch)
        .arg(&p.ws)
        .arg(&dir)
        .status();
}

/// Exit code, stdout, stderr, timed out.
pub type Ran = (Option<i32>, String, String, bool);

/// Run `cmd` in its own process group with stdin closed; kill the group
/// after `limit`.
pub fn run_bounded(cmd: &mut Command, limit: Duration) -> Ran {
    use std::os::unix::process::CommandExt;
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = cmd.spawn().expect("start the host");
    let pid = child.id();
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let deadline = Instant::now() + limit;
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if Instant::now() > deadline {
            timed_out = true;
            let _ = child.kill();
            break child.wait().ok();
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // Whatever the host left running in its group goes too, so the pipes close.
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pid}")])
        .stderr(Stdio::null())
        .status();
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap()).into_owned();
    (status.and_then(|s| s.code()), stdout, stderr, timed_out)
}

// ---------------------------------------------------------------- outcome

/// What one host run produced.
pub struct Outcome {
    pub host: &'static str,
    pub ws: PathBuf,
    pub scratch: PathBuf,
    api: &'static dyn Api,
    pub requests: Vec<Request>,
    /// The host asked for more turns than the script and its slack.
    pub refused: bool,
    /// The tool call ids of each model turn.
    calls: Vec<Vec<String>>,
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub timed_out: bool,
    pub took: Duration,
}

impl Outcome {
    /// Everything worth seeing when an assertion fails.
    pub fn dump(&self) -> String {
        let mut s = format!(
            "host {} exited {:?} after {:.1?}{}{}\n--- stdout\n{}\n--- stderr\n{}\n--- requests\n",
            self.host,
            self.code,
            self.took,
            if self.timed_out { " (TIMED OUT)" } else { "" },
            if self.refused {
                " (kept asking for turns)"
            } else {
                ""
            },
            tail(&self.stdout, 4000),
            tail(&self.stderr, 4000)
        );
        for (i, r) in self.requests.iter().enumerate() {
            s.push_str(&format!(
                "{i}: {} {}{}\n",
                r.method,
                r.path,
                if r.main { " (main)" } else { "" }
            ));
        }
        for (i, items) in self.main().iter().enumerate() {
            s.push_str(&format!("--- main request {i}, last items\n"));
            for it in items.iter().rev().take(4).rev() {
                let line = match it {
                    Item::Text { role, text } => format!("{role:?}: {text:?}"),
                    Item::Call { id, name } => format!("call {name} ({id})"),
                    Item::Result { id, text } => format!("result ({id}): {text:?}"),
                };
                s.push_str(&format!("  {}\n", tail(&line, 700)));
            }
        }
        s.push_str(&format!(
            "--- journal\n{}",
            tail(&self.journal_text(), 4000)
        ));
        s
    }

    /// The main requests, as what each showed the model.
    pub fn main(&self) -> Vec<Vec<Item>> {
        self.requests
            .iter()
            .filter(|r| r.main)
            .map(|r| self.api.shown(&r.body))
            .collect()
    }

    /// Requests to a model endpoint (POST), main or side.
    pub fn model_requests(&self) -> usize {
        self.requests.iter().filter(|r| r.method == "POST").count()
    }

    /// The results the model got for the tool calls of its turn `turn`
    /// (from 0), as the last request shows them.
    pub fn results_of(&self, turn: usize) -> Vec<String> {
        let ids = &self.calls[turn];
        let last = self.main().pop().unwrap_or_default();
        ids.iter()
            .map(|id| {
                last.iter()
                    .find_map(|it| match it {
                        Item::Result { id: i, text } if i == id => Some(text.clone()),
                        _ => None,
                    })
                    .unwrap_or_else(|| {
                        panic!(
                            "no result for call {id} of turn {turn} in the last request\n{}",
                            self.dump()
                        )
                    })
            })
            .collect()
    }

    /// The single result of turn `turn`.
    pub fn result_of(&self, turn: usize) -> String {
        let mut r = self.results_of(turn);
        assert_eq!(r.len(), 1, "turn {turn} made {} calls", r.len());
        r.remove(0)
    }

    /// The user-role texts of main request `n`.
    pub fn user_texts(&self, n: usize) -> Vec<String> {
        self.main()
            .get(n)
            .unwrap_or_else(|| panic!("no main request {n}\n{}", self.dump()))
            .iter()
            .filter_map(|it| match it {
                Item::Text {
                    role: Role::User,
                    text,
                } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// The user-role texts main request `n` adds to the one before it
    /// (hosts resend the whole history, so these are what is new).
    pub fn new_user_texts(&self, n: usize) -> Vec<String> {
        let mut texts = self.user_texts(n);
        let before = if n == 0 {
            0
        } else {
            self.user_texts(n - 1).len()
        };
        texts.drain(..before.min(texts.len()));
        texts
    }

    pub fn journal_text(&self) -> String {
        std::fs::read_to_string(self.ws.join(".flowgate/journal.jsonl")).unwrap_or_default()
    }

    /// Journal entries of hook events from this host.
    pub fn journal(&self) -> Vec<Value> {
        self.journal_text()
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|e| e["host"] == self.host)
            .collect()
    }

    /// The reasons flowgate gave with `decision` (`deny`, `continue`, …).
    pub fn reasons(&self, decision: &str) -> Vec<String> {
        self.journal()
            .iter()
            .filter(|e| e["decision"] == decision)
            .map(|e| e["reason"].as_str().unwrap_or("").to_string())
            .collect()
    }

    pub fn state(&self) -> Value {
        let text = std::fs::read_to_string(self.ws.join(".flowgate/state.json"))
            .unwrap_or_else(|e| panic!("state.json: {e}\n{}", self.dump()));
        serde_json::from_str(&text).unwrap()
    }

    /// The run's phase index (`None`: no active run).
    pub fn phase(&self) -> Option<u64> {
        let s = self.state();
        (s["run"]["status"] == "active").then(|| s["run"]["path"][0]["index"].as_u64().unwrap())
    }

    /// `(text, status)` of flowgate's todo list.
    pub fn todos(&self) -> Vec<(String, String)> {
        self.state()["todos"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| {
                (
                    t["text"].as_str().unwrap_or("").into(),
                    t["status"].as_str().unwrap_or("").into(),
                )
            })
            .collect()
    }

    pub fn file(&self, rel: &str) -> Option<String> {
        std::fs::read_to_string(self.ws.join(rel)).ok()
    }

    /// The host ran to its end by itself: no timeout, no refused turns.
    #[track_caller]
    pub fn assert_finished(&self) {
        assert!(
            !self.timed_out && !self.refused,
            "the host did not finish by itself\n{}",
            self.dump()
        );
    }
}

fn tail(s: &str, n: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= n {
        s.to_string()
    } else {
        format!("…{}", chars[chars.len() - n..].iter().collect::<String>())
    }
}

/// One `#[test]` per scenario for a host.
macro_rules! scenario_tests {
    ($host:expr) => {
        #[test]
        fn context_once_after_the_users_words() {
            crate::e2e::scenarios::context_once_after_the_users_words(&$host);
        }
        #[test]
        fn writes_denied_in_a_read_only_phase() {
            crate::e2e::scenarios::writes_denied_in_a_read_only_phase(&$host);
        }
        #[test]
        fn step_next_through_the_shell() {
            crate::e2e::scenarios::step_next_through_the_shell(&$host);
        }
        #[test]
        fn allowed_write_lands() {
            crate::e2e::scenarios::allowed_write_lands(&$host);
        }
        #[test]
        fn native_todos_mirrored() {
            crate::e2e::scenarios::native_todos_mirrored(&$host);
        }
        #[test]
        fn stop_with_work_left_is_continued() {
            crate::e2e::scenarios::stop_with_work_left_is_continued(&$host);
        }
        #[test]
        fn loop_guard_ends_a_stop_loop() {
            crate::e2e::scenarios::loop_guard_ends_a_stop_loop(&$host);
        }
        #[test]
        fn flow_status_without_a_model_request() {
            crate::e2e::scenarios::flow_status_without_a_model_request(&$host);
        }
        #[test]
        fn tdd_red_green_cycle() {
            crate::e2e::scenarios::tdd_red_green_cycle(&$host);
        }
        #[test]
        fn blocks_are_not_hook_failures() {
            crate::e2e::scenarios::blocks_are_not_hook_failures(&$host);
        }
    };
}
pub(crate) use scenario_tests;
