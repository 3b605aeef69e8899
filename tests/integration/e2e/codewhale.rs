//! CodeWhale (`codewhale-tui`), the same scenarios, when
//! `FLOWGATE_CODEWHALE_BIN` names a binary (CodeWhale is not on npm; build
//! it with `cargo install codewhale-tui --version 0.9.10`). Not part of CI:
//! `scripts/e2e-codewhale.sh` runs it.
//!
//! CodeWhale runs hooks only in its interactive TUI (`codewhale exec` runs
//! none), so the runner drives the TUI in a detached tmux session: the
//! first prompt is `--prompt`, each later one is typed once the previous
//! turn has ended (flowgate's journal records the `turn_end` hook, or a
//! blocked message). The model is the Chat Completions API on loopback
//! (`base_url`), and flowgate's hooks are the `[hooks]` block `flowgate
//! init --host codewhale` prints, in the scratch `~/.codewhale/config.toml`.
//!
//! Tools (0.9.10): `write {path, content}`, `bash {command}`, `todo_write
//! {todos: [{content, status}]}`.
//!
//! CodeWhale has no stop hook: a turn that ends with work left arms a
//! reminder that comes with the user's next message.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use super::server::Api;
use super::{Act, Cx, HOST_TIMEOUT, Host, Input, Outcome, Project, Ran};

pub struct Codewhale;

pub static CODEWHALE: Codewhale = Codewhale;

const MODEL: &str = "deepseek-chat";

impl Host for Codewhale {
    fn name(&self) -> &'static str {
        "codewhale"
    }

    fn program(&self) -> Option<PathBuf> {
        std::env::var_os("FLOWGATE_CODEWHALE_BIN")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    }

    fn install_hint(&self) -> String {
        "FLOWGATE_CODEWHALE_BIN=/path/to/codewhale-tui scripts/e2e-codewhale.sh (needs tmux)".into()
    }

    fn required(&self) -> bool {
        false
    }

    fn stop_hook(&self) -> bool {
        false
    }

    fn caps_reasons(&self) -> bool {
        true
    }

    fn api(&self) -> &'static dyn Api {
        &super::openai_chat::CHAT
    }

    fn tools(&self, act: &Act, _cx: &mut Cx) -> Vec<(String, Input)> {
        match act {
            Act::Say(_) => Vec::new(),
            Act::Write { path, content } => vec![(
                "write".into(),
                Input::Json(json!({"path": path, "content": content})),
            )],
            Act::Shell(cmd) => vec![("bash".into(), Input::Json(json!({ "command": cmd })))],
            Act::Todos(list) => {
                let items: Vec<_> = list
                    .iter()
                    .map(|(c, s)| json!({"content": c, "status": s}))
                    .collect();
                vec![("todo_write".into(), Input::Json(json!({ "todos": items })))]
            }
        }
    }

    fn configure(&self, p: &Project, url: &str) {
        let dir = p.home.join(".codewhale");
        std::fs::create_dir_all(&dir).unwrap();
        // The block `flowgate init --host codewhale` printed, as it says:
        // "Put this in ~/.codewhale/config.toml".
        let hooks = &p.init[p.init.find("[hooks]").expect("init prints [hooks]")..];
        let config = format!(
            r#"provider = "deepseek"
api_key = "e2e-not-a-key"
base_url = "{url}/v1"
default_text_model = "{MODEL}"
allow_shell = true
sandbox_mode = "danger-full-access"

[update]
check_for_updates = false

{hooks}"#
        );
        std::fs::write(dir.join("config.toml"), config).unwrap();
    }

    fn command(&self, p: &Project, _url: &str, prompt: &str) -> Command {
        let mut c = p.clean_command(&p.program);
        c.args([
            "--skip-onboarding",
            "--yolo",
            "--fresh",
            "--no-mouse-capture",
        ])
        .arg("--workspace")
        .arg(&p.ws)
        .args(["--prompt", prompt]);
        c
    }

    fn run(&self, p: &Project, url: &str, prompts: &[String]) -> Ran {
        let sock = p.scratch.join("tmux.sock");
        let tmux = |args: &[&str]| {
            let mut c = p.clean_command(std::path::Path::new("tmux"));
            c.arg("-S").arg(&sock).args(args).stdin(Stdio::null());
            c
        };
        // The TUI's own command line, run by tmux's shell in the session.
        let cmd = self.command(p, url, &prompts[0]);
        let line = std::iter::once(cmd.get_program())
            .chain(cmd.get_args())
            .map(|a| super::sh_quote(&a.to_string_lossy()))
            .collect::<Vec<_>>()
            .join(" ");
        let mut env = String::new();
        for (k, v) in [
            ("CODEWHALE_ALLOW_INSECURE_HTTP", "1"),
            ("DEEPSEEK_API_KEY", "e2e-not-a-key"),
            ("TERM", "xterm-256color"),
        ] {
            env.push_str(&format!("{k}={} ", super::sh_quote(v)));
        }
        let status = tmux(&["new-session", "-d", "-x", "200", "-y", "50"])
            .arg(format!(
                "cd {} && exec env {env}{line} 2>{}",
                super::sh_quote(&p.ws.display().to_string()),
                super::sh_quote(&p.scratch.join("stderr.txt").display().to_string())
            ))
            .status()
            .expect("tmux: the CodeWhale scenarios drive its TUI through tmux");
        assert!(status.success(), "tmux new-session failed");
        let deadline = Instant::now() + HOST_TIMEOUT;
        let mut timed_out = false;
        for (k, prompt) in prompts.iter().enumerate() {
            timed_out |= !wait_for_turns(p, k + 1, deadline);
            if timed_out {
                break;
            }
            if let Some(next) = prompts.get(k + 1) {
                let _ = tmux(&["send-keys", "-l", next]).status();
                std::thread::sleep(Duration::from_millis(300));
                let _ = tmux(&["send-keys", "Enter"]).status();
            }
            let _ = prompt;
        }
        // Let the last hooks and requests settle, then read the screen.
        std::thread::sleep(Duration::from_millis(500));
        let screen = tmux(&["capture-pane", "-p", "-S", "-3000"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let _ = tmux(&["kill-server"]).stderr(Stdio::null()).status();
        let stderr = std::fs::read_to_string(p.scratch.join("stderr.txt")).unwrap_or_default();
        (Some(0), screen, stderr, timed_out)
    }

    /// CodeWhale shows a denial as the tool's failure with the hook's
    /// reason (`Failed to authorize tool execution: ToolCallBefore hook
    /// denied tool 'write': …`); a hook that failed reads `hook failed`,
    /// `hook timed out` or `… failed and blocked submission`.
    fn hook_failures(&self, out: &Outcome) -> Vec<String> {
        out.stdout
            .lines()
            .filter(|l| {
                let l = l.to_ascii_lowercase();
                ["hook failed", "hook timed out", "hook error"]
                    .iter()
                    .any(|w| l.contains(w))
            })
            .map(str::to_string)
            .collect()
    }
}

/// Wait until `n` turns have ended (a `turn_end` hook, or a message
/// flowgate blocked) in flowgate's journal; false at the deadline.
fn wait_for_turns(p: &Project, n: usize, deadline: Instant) -> bool {
    while Instant::now() < deadline {
        let journal =
            std::fs::read_to_string(p.ws.join(".flowgate/journal.jsonl")).unwrap_or_default();
        let ended = journal
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|e| {
                e["host"] == "codewhale"
                    && (e["event"] == "turn_end"
                        || (e["event"] == "message_submit" && e["decision"] == "block"))
            })
            .count();
        if ended >= n {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}

super::scenario_tests!(CODEWHALE);
