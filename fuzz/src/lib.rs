//! What each fuzz target does with one input, and what it checks on the
//! result. The cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`) call these,
//! and the stable test `tests/integration/fuzz_corpus.rs` includes this
//! file to replay the committed corpus (`fuzz/corpus/<target>/`) through
//! the very same code. Any panic is a finding.
//!
//! Input layouts:
//! - `payload`, `hook`: byte 0 is the call's selector ([`Call::decode`]:
//!   event, host, whether environment values follow); `hook` takes byte 1
//!   for the workspace it runs in ([`TEMPLATES`]); the rest is stdin, then,
//!   if the selector says so, NUL-separated environment values.
//! - `workflow`, `config`, `shell`: the whole input is the text (invalid
//!   UTF-8 is replaced, so no input is wasted).
//!
//! Nothing here uses a machine path: scratch directories are temporary ones.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use flowgate::app::App;
use flowgate::cli::hook;
use flowgate::config::Settings;
use flowgate::diag::Diag;
use flowgate::engine::event::{Decision, Event, EventKind};
use flowgate::exit::ExitStatus;
use flowgate::host::{self, Host};
use flowgate::shell::{self, UserCommands};
use flowgate::workflow::parse::{Parsed, parse_workflow};
use flowgate::workflow::{Catalog, Dirs};
use serde_json::Value;

/// The events, in selector order.
pub const KINDS: [EventKind; 5] = [
    EventKind::MessageSubmit,
    EventKind::ToolCall,
    EventKind::TurnEnd,
    EventKind::AgentEnd,
    EventKind::SessionStart,
];

/// How a call names its host (`--host`), in selector order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostArg {
    Named(Host),
    /// No `--host`: flowgate detects the host from the payload.
    Detect,
    /// A `--host` no host has (a typo in the hook config).
    Unknown,
}

pub const HOST_ARGS: [HostArg; 6] = [
    HostArg::Named(Host::Codewhale),
    HostArg::Named(Host::Claude),
    HostArg::Named(Host::Codex),
    HostArg::Named(Host::Gemini),
    HostArg::Detect,
    HostArg::Unknown,
];

/// The variables the hosts' readers look up, in the order the values after
/// stdin fill them.
pub const ENV_NAMES: [&str; 12] = [
    "DEEPSEEK_TOOL_NAME",
    "DEEPSEEK_TOOL_ARGS",
    "DEEPSEEK_MESSAGE",
    "DEEPSEEK_SESSION_ID",
    "DEEPSEEK_WORKSPACE",
    "CLAUDE_PROJECT_DIR",
    "GEMINI_PROJECT_DIR",
    "CODEWHALE_TOOL_NAME",
    "CODEWHALE_TOOL_ARGS",
    "CODEWHALE_MESSAGE",
    "CODEWHALE_SESSION_ID",
    "CODEWHALE_WORKSPACE",
];

/// One hook call: the event it is run as, the host it names, its stdin and
/// its environment.
#[derive(Clone, Debug)]
pub struct Call {
    pub kind: EventKind,
    pub host: HostArg,
    pub stdin: Vec<u8>,
    pub env: Vec<(&'static str, String)>,
}

impl Call {
    /// Selector `b`: event `KINDS[b % 5]`, host `HOST_ARGS[(b / 5) % 6]`;
    /// when `(b / 30) % 2 == 1`, `rest` is stdin up to the first NUL, then
    /// NUL-separated values for [`ENV_NAMES`] in order (an empty value or
    /// invalid UTF-8 leaves the variable unset: a real environment holds no
    /// NUL, and `std::env::var` gives nothing for invalid UTF-8); else all
    /// of `rest` is stdin and the environment is empty.
    pub fn decode(b: u8, rest: &[u8]) -> Call {
        let b = usize::from(b);
        let kind = KINDS[b % KINDS.len()];
        let host = HOST_ARGS[(b / KINDS.len()) % HOST_ARGS.len()];
        let with_env = (b / (KINDS.len() * HOST_ARGS.len())) % 2 == 1;
        if !with_env {
            return Call {
                kind,
                host,
                stdin: rest.to_vec(),
                env: Vec::new(),
            };
        }
        let mut parts = rest.split(|&c| c == 0);
        let stdin = parts.next().unwrap_or_default().to_vec();
        let env = ENV_NAMES
            .iter()
            .zip(parts)
            .filter_map(|(name, v)| {
                let v = std::str::from_utf8(v).ok().filter(|v| !v.is_empty())?;
                Some((*name, v.to_string()))
            })
            .collect();
        Call {
            kind,
            host,
            stdin,
            env,
        }
    }

    /// The bytes [`Call::decode`] reads back as this call (for seeds). A
    /// variable not in [`ENV_NAMES`] is dropped; stdin holding a NUL is
    /// cut there when there is an environment.
    pub fn encode(&self) -> Vec<u8> {
        let kind = KINDS.iter().position(|k| *k == self.kind).unwrap_or(0);
        let host = HOST_ARGS.iter().position(|h| *h == self.host).unwrap_or(0);
        let with_env = usize::from(!self.env.is_empty());
        let selector = kind + KINDS.len() * (host + HOST_ARGS.len() * with_env);
        let mut out = vec![u8::try_from(selector).expect("selector fits a byte")];
        out.extend_from_slice(&self.stdin);
        if with_env == 1 {
            for name in ENV_NAMES {
                out.push(0);
                if let Some((_, v)) = self.env.iter().find(|(n, _)| *n == name) {
                    out.extend(v.bytes().filter(|&c| c != 0));
                }
            }
        }
        out
    }

    fn lookup(&self, name: &str) -> Option<String> {
        self.env
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
    }

    /// What flowgate reads stdin as: UTF-8, else a lossy copy.
    fn text(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.stdin)
    }

    /// The host that answers: the named one, else the detected one.
    fn answering_host(&self) -> Host {
        match self.host {
            HostArg::Named(h) => h,
            HostArg::Detect | HostArg::Unknown => Host::detect(&self.text()),
        }
    }
}

/// What the README's "Exit codes" section promises of any hook answer:
/// stdout empty or one JSON object; exit 2 only as a block, with the host's
/// JSON on stdout and the reason on stderr, and never for Claude Code or
/// Gemini CLI, which take blocks as JSON on exit 0.
fn check_answer(host: Host, status: ExitStatus, stdout: &str, stderr: &str, what: &str) {
    if !stdout.is_empty() {
        match serde_json::from_str::<Value>(stdout) {
            Ok(Value::Object(_)) => {}
            _ => panic!("{what}: stdout is not one JSON object: {stdout:?}"),
        }
    }
    if status == ExitStatus::Blocked {
        assert!(!stdout.is_empty(), "{what}: exit 2 with nothing on stdout");
        assert!(
            !stderr.trim().is_empty(),
            "{what}: exit 2 with an empty stderr"
        );
        assert!(
            !matches!(host, Host::Claude | Host::Gemini),
            "{what}: exit 2 for {host:?}, which takes blocks on exit 0"
        );
    }
}

/// "Every error is one `flowgate: …` line on stderr."
fn check_error_line(stderr: &str, what: &str) {
    assert!(
        stderr.starts_with("flowgate: ") && !stderr.trim_end().contains('\n'),
        "{what}: an error is not one `flowgate: …` line: {stderr:?}"
    );
}

// ---- payload: each host's reader, and its answers -----------------------

/// Read `data` as one event of a host (`host::read`), as `hook` would; for
/// what was read, build every answer shape from its text.
pub fn payload(data: &[u8]) {
    let Some((&b, rest)) = data.split_first() else {
        return;
    };
    let call = Call::decode(b, rest);
    let stdin = call.text();
    let host = call.answering_host();
    let kind = call.kind;
    let env = |name: &str| call.lookup(name);
    let what = format!("{kind:?} for {host:?}");
    let input = match host::read(host, kind, stdin.to_string(), &env) {
        Ok(input) => input,
        Err(e) => {
            assert!(!e.trim().is_empty(), "{what}: an empty error");
            return;
        }
    };
    assert_eq!(input.event.kind(), kind, "{what}: read another event");
    let (text, user_text) = match &input.event {
        Event::MessageSubmit { text, .. } => (text.clone(), Some(text.as_str())),
        Event::ToolCall(call) => (call.name.clone(), None),
        Event::SessionStart { source } => (source.clone().unwrap_or_default(), None),
        Event::TurnEnd { .. } | Event::AgentEnd { .. } => (stdin.to_string(), None),
    };
    let decisions = [
        Decision::Pass,
        Decision::AddContext(text.clone()),
        Decision::Replace(text.clone()),
        Decision::BlockMessage(text.clone()),
        Decision::Allow,
        Decision::Deny(text.clone()),
        Decision::AllowStop(None),
        Decision::AllowStop(Some(text.clone())),
        Decision::Continue(text.clone()),
    ];
    for d in &decisions {
        let a = host::answer(host, kind, d, user_text);
        let what = format!("{what}, {}", d.label());
        assert!(
            matches!(a.status, ExitStatus::Success | ExitStatus::Blocked),
            "{what}: a decision answered {:?}",
            a.status
        );
        check_answer(host, a.status, &a.stdout, &a.stderr, &what);
    }
    let a = host::refuse(host, kind, ExitStatus::DataErr, &text);
    check_answer(
        host,
        a.status,
        &a.stdout,
        &a.stderr,
        &format!("{what}, refuse"),
    );
    let a = host::error(host, kind, ExitStatus::DataErr, &text);
    check_answer(
        host,
        a.status,
        &a.stdout,
        &a.stderr,
        &format!("{what}, error"),
    );
    check_error_line(&a.stderr, &format!("{what}, error"));
}

// ---- hook: the whole hook call in-process --------------------------------

/// The workspace states a `hook` input may run in.
#[derive(Clone, Copy, Debug)]
pub enum Template {
    /// A directory without `.flowgate/`.
    Bare,
    /// `.flowgate/` with a config and no run.
    Idle,
    /// A state file that is not JSON.
    Corrupt,
    /// A config file with an error.
    BadConfig,
    /// A run of this built-in workflow, after this many `step next`.
    Run(&'static str, usize),
}

pub const TEMPLATES: [Template; 18] = [
    Template::Bare,
    Template::Idle,
    Template::Corrupt,
    Template::BadConfig,
    Template::Run("bugfix", 0),
    Template::Run("bugfix", 1),
    Template::Run("bugfix", 2),
    Template::Run("bugfix", 3),
    Template::Run("rpir", 0),
    Template::Run("rpir", 1),
    Template::Run("rpir", 2),
    Template::Run("rpir", 3),
    Template::Run("rpir", 4),
    Template::Run("rpir", 5),
    Template::Run("tdd", 0),
    Template::Run("tdd", 1),
    Template::Run("tdd", 2),
    Template::Run("tdd", 3),
];

/// The config every template with `.flowgate/` holds: checks pass while
/// `.flowgate/pass` exists, so a run can be stepped through its phases.
const CONFIG: &str = "test_command = \"test -e .flowgate/pass\"\n";

/// The files under `.flowgate/`, or `None` for no `.flowgate/` at all.
type Files = Option<Vec<(PathBuf, Vec<u8>)>>;

/// Scratch directories for the targets that need the file system
/// (`hook`, `workflow`); removed when dropped.
pub struct Scratch {
    dir: tempfile::TempDir,
    templates: HashMap<usize, Files>,
}

impl Default for Scratch {
    fn default() -> Self {
        Self::new()
    }
}

impl Scratch {
    pub fn new() -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix("flowgate-fuzz-")
            .tempdir()
            .expect("a temporary directory");
        let workflows = dir.path().join("workflows");
        std::fs::create_dir_all(&workflows).expect("workflows/");
        std::fs::write(workflows.join("phase.md"), "Do the phase.\n").expect("phase.md");
        Scratch {
            dir,
            templates: HashMap::new(),
        }
    }

    fn workspace(&self) -> PathBuf {
        self.dir.path().join("ws")
    }

    /// Build a template's files once, in a directory of its own.
    fn build(&self, t: Template) -> Files {
        let root = tempfile::Builder::new()
            .prefix("template-")
            .tempdir_in(self.dir.path())
            .expect("a template directory");
        let fg = root.path().join(".flowgate");
        match t {
            Template::Bare => return None,
            Template::Idle | Template::Run(..) => {
                std::fs::create_dir_all(&fg).expect(".flowgate/");
                std::fs::write(fg.join("config.toml"), CONFIG).expect("config");
            }
            Template::Corrupt => {
                std::fs::create_dir_all(&fg).expect(".flowgate/");
                std::fs::write(fg.join("state.json"), "{\"run\": [").expect("state");
            }
            Template::BadConfig => {
                std::fs::create_dir_all(&fg).expect(".flowgate/");
                std::fs::write(fg.join("config.toml"), "on_error = 3\n").expect("config");
            }
        }
        if let Template::Run(key, steps) = t {
            let app = App::open(root.path().to_path_buf()).expect("the template opens");
            app.start(key, "fuzz", false, None, Host::Codewhale)
                .expect("a built-in workflow starts");
            for _ in 0..steps {
                if app.step_next(None).is_err() {
                    // A check did not hold: flip the test outcome and retry.
                    let pass = fg.join("pass");
                    if pass.exists() {
                        std::fs::remove_file(&pass).expect("remove pass");
                    } else {
                        std::fs::write(&pass, "").expect("write pass");
                    }
                    let _ = app.step_next(None);
                }
            }
        }
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&fg).expect("read .flowgate/") {
            let entry = entry.expect("an entry");
            let name = entry.file_name();
            // The journal starts empty, so a call's entry can be counted.
            if name == "journal.jsonl" || name == "state.lock" || !entry.path().is_file() {
                continue;
            }
            let bytes = std::fs::read(entry.path()).expect("read a template file");
            files.push((PathBuf::from(name), bytes));
        }
        files.sort();
        Some(files)
    }

    /// Lay template `i` out as the workspace, afresh.
    fn lay(&mut self, i: usize) -> bool {
        if !self.templates.contains_key(&i) {
            let files = self.build(TEMPLATES[i]);
            self.templates.insert(i, files);
        }
        let ws = self.workspace();
        if ws.exists() {
            std::fs::remove_dir_all(&ws).expect("clear the workspace");
        }
        std::fs::create_dir_all(&ws).expect("the workspace");
        let Some(files) = &self.templates[&i] else {
            return false;
        };
        let fg = ws.join(".flowgate");
        std::fs::create_dir_all(&fg).expect(".flowgate/");
        for (name, bytes) in files {
            std::fs::write(fg.join(name), bytes).expect("a template file");
        }
        true
    }

    /// One hook call through `cli::hook::respond`, as the `flowgate <event>`
    /// command makes it, in a fresh copy of workspace template `data[1]`.
    pub fn hook(&mut self, data: &[u8]) {
        let [b, t, rest @ ..] = data else {
            return;
        };
        let call = Call::decode(*b, rest);
        let template = usize::from(*t) % TEMPLATES.len();
        let had_dir = self.lay(template);
        let ws = self.workspace();
        let host_arg = match call.host {
            HostArg::Named(h) => Some(h.name()),
            HostArg::Detect => None,
            HostArg::Unknown => Some("claude-cod"),
        };
        let env = |name: &str| call.lookup(name);
        let out = hook::respond(Some(&ws), call.kind, host_arg, Ok(call.stdin.clone()), &env);
        let host = call.answering_host();
        let what = format!(
            "{:?} as {:?} in {:?}: exit {}, stdout {:?}, stderr {:?}",
            call.kind,
            call.host,
            TEMPLATES[template],
            out.status.code(),
            out.stdout,
            out.stderr
        );
        assert!(
            [0, 1, 2, 64, 65, 78].contains(&out.status.code()),
            "{what}: an exit code outside the documented set"
        );
        check_answer(host, out.status, &out.stdout, &out.stderr, &what);
        let failed = !matches!(out.status, ExitStatus::Success | ExitStatus::Blocked);
        if failed {
            check_error_line(&out.stderr, &what);
        }
        let fg = ws.join(".flowgate");
        if !had_dir && failed {
            assert!(
                !fg.exists(),
                "{what}: .flowgate/ was created just to journal an error"
            );
        }
        if had_dir && !out.stderr.contains("cannot write the journal") {
            let journal = std::fs::read_to_string(fg.join("journal.jsonl")).unwrap_or_default();
            let lines: Vec<&str> = journal.lines().collect();
            assert_eq!(lines.len(), 1, "{what}: journal {journal:?}");
            assert!(
                matches!(serde_json::from_str(lines[0]), Ok(Value::Object(_))),
                "{what}: the journal line is not a JSON object: {journal:?}"
            );
        }
    }

    // ---- workflow: the workflow file loader ------------------------------

    /// `data` as a workflow file: as a built-in (`instructions` inline) and
    /// as a project file (`instructions_file` read from a directory holding
    /// `phase.md`); a usable one also goes through the catalogue's
    /// cross-file checks (subworkflows, cycles) as `.flowgate/workflows/`.
    pub fn workflow(&mut self, data: &[u8]) {
        let src = String::from_utf8_lossy(data);
        let groups = Settings::default().group_names();
        let dir = self.dir.path().join("workflows");
        let builtin = parse_workflow("fuzz", "fuzz.toml", &src, None, &groups);
        check_parsed(&builtin, &src);
        let project = parse_workflow("fuzz", "fuzz.toml", &src, Some(&dir), &groups);
        check_parsed(&project, &src);
        if project.workflow.is_none() {
            return;
        }
        let file = dir.join("fuzz.toml");
        std::fs::write(&file, src.as_bytes()).expect("write the workflow");
        let dirs = Dirs {
            project: dir.clone(),
            user: None,
        };
        let cat = Catalog::load_tree(&dirs, &groups, "fuzz");
        for d in &cat.diags {
            assert!(d.line >= 1 && d.col >= 1, "{d}: not located");
        }
        if cat.broken.is_empty() {
            let closure = cat.closure("fuzz");
            assert!(
                closure.contains_key("fuzz"),
                "a usable root is in its closure"
            );
        }
        std::fs::remove_file(&file).expect("remove the workflow");
    }
}

/// A file with a problem yields no workflow, and every problem is located
/// within the file (1-based line and column).
fn check_parsed(p: &Parsed, src: &str) {
    assert_eq!(
        p.workflow.is_some(),
        p.diags.is_empty(),
        "a workflow comes with no diagnostics, and only then: {:?}",
        p.diags.iter().map(Diag::to_string).collect::<Vec<_>>()
    );
    check_located(&p.diags, src);
}

fn check_located(diags: &[Diag], src: &str) {
    let lines = src.matches('\n').count() + 1;
    for d in diags {
        assert!(
            d.line >= 1 && d.line <= lines && d.col >= 1,
            "{d}: outside the file ({lines} lines)"
        );
        assert!(!d.message.trim().is_empty(), "{d}: no message");
    }
}

// ---- config: the config.toml loader -------------------------------------

/// `data` as `.flowgate/config.toml` over the defaults; when it is valid,
/// what a hook derives from it: each host's groups, and the shell analysis
/// with its `[shell.commands.*]` for commands named after its words.
pub fn config(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut settings = Settings::default();
    let diags = settings.apply("config.toml", &text);
    check_located(&diags, &text);
    if !diags.is_empty() {
        return;
    }
    for h in [Host::Codewhale, Host::Claude, Host::Codex, Host::Gemini] {
        let groups = h.groups(&settings);
        for g in settings.group_names() {
            assert!(groups.contains_key(&g), "{h:?} lacks group {g}");
        }
    }
    let mut words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    words.sort_unstable();
    words.dedup();
    for w in words.into_iter().take(8) {
        let cmd = format!("{w} --fix -o out.txt a b && {w} render x > y");
        check_analysis(&cmd, Some(&settings.shell_commands));
    }
}

// ---- shell: the shell analyser ------------------------------------------

/// How long one analysis may take before it counts as hanging. The
/// analyser bounds its work to a few milliseconds (`shell::MIN_BUDGET`);
/// this is generous for unoptimised and sanitiser builds.
pub const SHELL_LIMIT: Duration = Duration::from_secs(5);

/// `data` as a shell command: `shell::analyse` must return, and soon;
/// `analyse_each` must hand over exactly the commands it collects.
pub fn shell(data: &[u8]) {
    let cmd = String::from_utf8_lossy(data);
    check_analysis(&cmd, None);
    let _ = shell::plain_words(&cmd);
}

/// `analyse` (no user commands) or `analyse_with`, timed, against
/// `analyse_each`.
fn check_analysis(cmd: &str, users: Option<&UserCommands>) {
    let none = UserCommands::default();
    let start = Instant::now();
    let collected = match users {
        None => shell::analyse(cmd),
        Some(u) => shell::analyse_with(cmd, u),
    };
    let took = start.elapsed();
    assert!(
        took < SHELL_LIMIT,
        "analysing {} bytes took {took:?}",
        cmd.len()
    );
    let mut seen = Vec::new();
    let users = users.unwrap_or(&none);
    let mut each = shell::analyse_each(cmd, users, &mut |c| seen.push(c.to_command()));
    assert!(each.commands.is_empty(), "analyse_each collected commands");
    each.commands = seen;
    assert_eq!(
        each, collected,
        "analyse_each and analyse differ on {cmd:?}"
    );
}

/// The targets, by name, as `fuzz/corpus/<name>/` holds their inputs.
pub const TARGETS: [&str; 5] = ["payload", "hook", "workflow", "config", "shell"];

/// Run one input of the named target.
pub fn run(target: &str, scratch: &mut Scratch, data: &[u8]) {
    match target {
        "payload" => payload(data),
        "hook" => scratch.hook(data),
        "workflow" => scratch.workflow(data),
        "config" => config(data),
        "shell" => shell(data),
        other => panic!("no fuzz target {other}"),
    }
}
