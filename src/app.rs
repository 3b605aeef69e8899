//! The I/O shell around the core: where the workspace is, the settings, the
//! workflow directories and the store, plus the operations that both the
//! command line and `@flow` messages use (start, cancel, status, list).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::config::Settings;
use crate::engine::rules::GroupMap;
use crate::engine::run::Run;
use crate::engine::state::State;
use crate::engine::transition::{self, Command};
use crate::exit::Failure;
use crate::host::Host;
use crate::store::Store;
use crate::workflow::{Catalog, Dirs};

/// Set once a hook process knows it exits right after answering.
static EXITING: AtomicBool = AtomicBool::new(false);

/// This process exits as soon as it has answered one hook call (only
/// `cli::hook::run` says so; in-process callers such as tests do not).
pub fn exit_after_this_call() {
    EXITING.store(true, Ordering::Relaxed);
}

/// Free `v`, or leave it to the OS when the process is about to exit: a
/// hook call frees its state and workflows one allocation at a time for
/// nothing, a tenth of a tool call's instructions with 100 todos.
pub fn release<T>(v: T) {
    if EXITING.load(Ordering::Relaxed) {
        std::mem::forget(v);
    }
}

pub struct App {
    pub workspace: PathBuf,
    pub home: Option<PathBuf>,
    pub settings: Settings,
    pub store: Store,
}

/// `FLOWGATE_HOME`, else `$XDG_CONFIG_HOME/flowgate`, else `~/.config/flowgate`.
pub fn flowgate_home() -> Option<PathBuf> {
    if let Some(h) = std::env::var_os("FLOWGATE_HOME").filter(|v| !v.is_empty()) {
        return Some(h.into());
    }
    if let Some(x) = std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(x).join("flowgate"));
    }
    std::env::var_os("HOME")
        .filter(|v| !v.is_empty())
        .map(|h| PathBuf::from(h).join(".config/flowgate"))
}

/// The workspace: the flag, else `FLOWGATE_WORKSPACE`, else the host's, else
/// the nearest directory at or above the current one holding `.flowgate/`,
/// else the current directory.
pub fn resolve_workspace(flag: Option<&Path>, from_host: Option<&Path>) -> PathBuf {
    if let Some(p) = flag {
        return p.to_path_buf();
    }
    if let Some(p) = std::env::var_os("FLOWGATE_WORKSPACE").filter(|v| !v.is_empty()) {
        return p.into();
    }
    if let Some(p) = from_host {
        return p.to_path_buf();
    }
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    cwd.ancestors()
        .find(|d| d.join(".flowgate").is_dir())
        .map(Path::to_path_buf)
        .unwrap_or(cwd)
}

/// Where `path` (as a tool names it: absolute, or relative to the
/// workspace) lands, relative to the workspace with `/` separators, after
/// `..` and symlinks are resolved; `None` when that is outside the
/// workspace. Symlinks are resolved for the part of the path that exists,
/// so a link inside the workspace that points out of it is outside.
pub fn resolve_in_workspace(workspace: &Path, path: &str) -> Option<String> {
    use std::path::Component;
    let root = workspace
        .canonicalize()
        .unwrap_or_else(|_| workspace.to_path_buf());
    let joined = if Path::new(path).is_absolute() {
        PathBuf::from(path)
    } else {
        workspace.join(path)
    };
    // `..` first, lexically, so a missing directory cannot hide it.
    let mut lexical = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::ParentDir => {
                lexical.pop();
            }
            Component::CurDir => {}
            other => lexical.push(other),
        }
    }
    // Then the deepest part that exists, with its symlinks resolved.
    let mut existing = lexical.as_path();
    let mut rest = Vec::new();
    let resolved = loop {
        if let Ok(c) = existing.canonicalize() {
            break c;
        }
        rest.push(existing.file_name()?.to_owned());
        existing = existing.parent()?;
    };
    let mut full = resolved;
    for part in rest.iter().rev() {
        full.push(part);
    }
    let rel = full.strip_prefix(&root).ok()?;
    let words: Vec<&str> = rel.iter().filter_map(|s| s.to_str()).collect();
    (words.len() == rel.iter().count()).then(|| words.join("/"))
}

impl App {
    pub fn open(workspace: PathBuf) -> Result<App, Failure> {
        let (app, diags) = App::open_lenient(workspace);
        match diags.split_first() {
            None => Ok(app),
            Some((first, [])) => Err(Failure::config(first.to_string())),
            Some((first, more)) => Err(Failure::config(format!(
                "{first} (and {} more; run `flowgate validate`)",
                more.len()
            ))),
        }
    }

    /// Open even when the config has problems (for `validate`): the default
    /// settings stand in, and the problems are returned.
    pub fn open_lenient(workspace: PathBuf) -> (App, Vec<crate::diag::Diag>) {
        let home = flowgate_home();
        let user_cfg = home.as_ref().map(|h| h.join("config.toml"));
        let (settings, diags) = match Settings::load(
            user_cfg.as_deref(),
            &workspace.join(".flowgate/config.toml"),
        ) {
            Ok(s) => (s, Vec::new()),
            Err(d) => (Settings::default(), d),
        };
        let store = Store::new(&workspace, settings.lock_timeout_ms);
        let app = App {
            workspace,
            home,
            settings,
            store,
        };
        (app, diags)
    }

    pub fn dirs(&self) -> Dirs {
        Dirs {
            project: self.workspace.join(".flowgate/workflows"),
            user: self.home.as_ref().map(|h| h.join("workflows")),
        }
    }

    pub fn groups(&self, host: Host) -> GroupMap {
        host.groups(&self.settings)
    }

    /// The host for a command typed in the agent's shell (or by the user):
    /// the run's own host, else the one the environment shows, else CodeWhale.
    pub fn cli_host(&self, state: &State) -> Host {
        state
            .run
            .as_ref()
            .and_then(|r| r.host.as_deref())
            .and_then(Host::parse)
            .or_else(Host::from_env)
            .unwrap_or(Host::Codewhale)
    }

    /// A notice when the run's definitions no longer match the files.
    pub fn stale_notice(&self, run: &Run) -> Option<String> {
        // The cheap check first: every source still the one the run started
        // from (no parsing; this runs on every message).
        let dirs = self.dirs();
        if !run.fingerprints.is_empty()
            && run.fingerprints.len() == run.definitions.len()
            && run
                .fingerprints
                .iter()
                .all(|(k, f)| crate::workflow::catalog::fingerprint(&dirs, k) == Some(*f))
        {
            return None;
        }
        let cat = Catalog::load_tree(&self.dirs(), &self.settings.group_names(), &run.workflow);
        if cat.closure(&run.workflow) == run.definitions && cat.broken.is_empty() {
            return None;
        }
        Some(format!(
            "the definition of workflow \"{}\" changed since this run started; the run keeps the version it started with. To switch to the new one, cancel the run (`flowgate step cancel --confirm`, or the user's `flowgate cancel`) and start it again.",
            run.workflow
        ))
    }

    /// Start a run of `key`; refuses while another run is active unless
    /// `replace`. Returns the run's first message (initial message + context).
    pub fn start(
        &self,
        key: &str,
        task: &str,
        replace: bool,
        session: Option<String>,
        host: Host,
    ) -> Result<(String, String), Failure> {
        let cat = Catalog::load_tree(&self.dirs(), &self.settings.group_names(), key);
        if let Some(origin) = cat.broken.get(key) {
            let first = cat
                .diags_for(key)
                .first()
                .map(|d| d.to_string())
                .or_else(|| cat.diags.first().map(|d| d.to_string()));
            return Err(Failure::config(format!(
                "workflow \"{key}\" ({}) is invalid: {}",
                origin.file,
                first.unwrap_or_else(|| "run `flowgate validate`".into())
            )));
        }
        let Some((wf, _)) = cat.usable.get(key) else {
            let all = Catalog::load_all(&self.dirs(), &self.settings.group_names());
            let names: Vec<&str> = all
                .usable
                .iter()
                .filter(|(_, (w, _))| !w.hidden)
                .map(|(k, _)| k.as_str())
                .collect();
            let hint = crate::diag::did_you_mean(key, names.iter().copied())
                .map(|k| format!(" (did you mean \"{k}\"?)"))
                .unwrap_or_default();
            return Err(Failure::usage(format!(
                "unknown workflow \"{key}\"{hint}. Available: {}",
                if names.is_empty() {
                    "(none)".into()
                } else {
                    names.join(", ")
                }
            )));
        };
        if wf.hidden {
            return Err(Failure::usage(format!(
                "\"{key}\" is a subworkflow that can only run as part of another workflow. It cannot be started directly."
            )));
        }
        let definitions = cat.closure(key);
        let origins = definitions
            .keys()
            .filter_map(|k| cat.usable.get(k).map(|(_, o)| (k.clone(), o.clone())))
            .collect();
        let mut run = Run::start(
            definitions,
            origins,
            key,
            task,
            crate::time::task_id(),
            crate::time::now_iso(),
            session,
        );
        run.host = Some(host.name().to_string());
        let dirs = self.dirs();
        let fingerprints: Option<std::collections::BTreeMap<String, u64>> = run
            .definitions
            .keys()
            .map(|k| crate::workflow::catalog::fingerprint(&dirs, k).map(|f| (k.clone(), f)))
            .collect();
        run.fingerprints = fingerprints.unwrap_or_default();
        let summary = format!(
            "started {} ({}) for \"{}\"",
            run.root().name,
            run.task_id,
            run.description
        );
        let (mut message, recovered) = self.apply(Command::Start {
            run: Box::new(run),
            replace,
        })?;
        if let Some(r) = recovered {
            message = format!("flowgate: {r}\n\n{message}");
        }
        Ok((message, summary))
    }

    /// Cancel the run at once (the user's command).
    pub fn cancel_now(&self) -> Result<String, Failure> {
        self.apply(Command::CancelNow).map(|(text, _)| text)
    }

    /// `step next`: run the current phase's checks (if it has any) outside
    /// the lock, then let the core judge them and move on.
    pub fn step_next(&self, summary: Option<String>) -> Result<(String, Option<String>), Failure> {
        let state = self.store.load().unwrap_or_default();
        let evidence = state.active_run().and_then(|run| {
            let checks = &run.phase().checks;
            (!checks.is_empty()).then(|| {
                let test_cmd = crate::checks::test_command(
                    &self.workspace,
                    self.settings.test_command.as_deref(),
                );
                transition::Evidence {
                    phase: run.phase().id.clone(),
                    steps: run.steps,
                    results: crate::checks::run_all(&self.workspace, checks, test_cmd.as_deref()),
                }
            })
        });
        self.apply(Command::Next { summary, evidence })
    }

    /// Apply a state-changing command under the store's lock: the core's
    /// `transition::apply` decides, this only loads and writes. Returns the
    /// text to show and a notice when a corrupt state was set aside.
    pub fn apply(&self, cmd: Command) -> Result<(String, Option<String>), Failure> {
        let mut recovered = None;
        let result = self.store.update(|state: &mut State, rec| {
            recovered = rec.map(str::to_string);
            let host = match &cmd {
                Command::Start { run, .. } => run.host.as_deref().and_then(Host::parse),
                _ => None,
            }
            .unwrap_or_else(|| self.cli_host(state));
            let groups = self.groups(host);
            let ctx = transition::Ctx {
                groups: &groups,
                context_max_bytes: self.settings.context_max_bytes,
                limits: self.settings.todo_limits,
                mcp: self.settings.mcp,
            };
            transition::apply(state, cmd, &ctx).map_err(Failure::refused)
        });
        match result {
            Ok(text) => Ok((text, recovered)),
            // The command failed after a corrupt state was set aside: the
            // failure still says so (its first line is what stderr shows).
            Err(mut f) => {
                if let Some(r) = recovered {
                    let (first, rest) = f.message.split_once('\n').unwrap_or((&f.message, ""));
                    let rest = if rest.is_empty() {
                        String::new()
                    } else {
                        format!("\n{rest}")
                    };
                    f.message = format!("{first} (also: {r}){rest}");
                }
                Err(f)
            }
        }
    }

    /// `key  name  (source)` rows for every usable workflow, then problems.
    pub fn list(&self) -> (Vec<String>, usize) {
        let cat = Catalog::load_all(&self.dirs(), &self.settings.group_names());
        let mut rows = Vec::new();
        for (key, (wf, origin)) in &cat.usable {
            let mut src = origin.tier.as_str().to_string();
            if origin.tier != crate::workflow::Tier::Builtin {
                src = format!("{src}: {}", origin.file);
            }
            let over: Vec<&str> = cat
                .shadowed
                .iter()
                .filter(|(k, _)| k == key)
                .map(|(_, o)| o.tier.as_str())
                .collect();
            if !over.is_empty() {
                src = format!("{src}; overrides {}", over.join(", "));
            }
            let hidden = if wf.hidden { " [subworkflow only]" } else { "" };
            rows.push(format!("{key:<16} {}{hidden}  ({src})", wf.name));
        }
        for (key, origin) in &cat.broken {
            rows.push(format!(
                "{key:<16} INVALID  ({}: {}; run `flowgate validate`)",
                origin.tier.as_str(),
                origin.file
            ));
        }
        (rows, cat.broken.len())
    }
}
