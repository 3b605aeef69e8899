//! A tiny builder for running `flowgate` in a scratch workspace.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_flowgate");

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch workspace and `FLOWGATE_HOME`.
pub struct Ws {
    pub dir: tempfile::TempDir,
    pub home: tempfile::TempDir,
}

#[derive(Debug, Clone)]
pub struct Out {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Out {
    pub fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim()).unwrap_or_else(|e| {
            panic!(
                "stdout is not JSON ({e}): {:?}\nstderr: {}",
                self.stdout, self.stderr
            )
        })
    }
    /// The `text` CodeWhale would send instead of the user's message.
    pub fn text(&self) -> String {
        self.json()["text"].as_str().expect("text").to_string()
    }
    pub fn reason(&self) -> String {
        self.json()["reason"].as_str().expect("reason").to_string()
    }
    #[track_caller]
    pub fn ok(&self) -> Out {
        assert_eq!(
            self.code, 0,
            "expected exit 0\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self.clone()
    }
    #[track_caller]
    pub fn code(&self, code: i32) -> Out {
        assert_eq!(
            self.code, code,
            "expected exit {code}\nstdout: {}\nstderr: {}",
            self.stdout, self.stderr
        );
        self.clone()
    }
}

/// A captured host payload: `{note, event, env, stdin}`.
pub fn fixture(host: &str, name: &str) -> Value {
    let p = repo()
        .join("fixtures/hosts")
        .join(host)
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap()
}

impl Ws {
    pub fn new() -> Ws {
        Ws {
            dir: tempfile::tempdir().unwrap(),
            home: tempfile::tempdir().unwrap(),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn write(&self, rel: &str, text: &str) -> &Self {
        let p = self.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
        self
    }

    pub fn command(&self, args: &[&str]) -> Command {
        self.command_of(BIN, args)
    }

    /// The same set-up for another program (a copy of flowgate, `sh`, …).
    pub fn command_of(&self, program: impl AsRef<std::ffi::OsStr>, args: &[&str]) -> Command {
        let mut c = Command::new(program);
        c.args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.home.path())
            .env("FLOWGATE_HOME", self.home.path())
            .env("FLOWGATE_WORKSPACE", self.path())
            .current_dir(self.path());
        c
    }

    pub fn exec(mut cmd: Command, stdin: &str) -> Out {
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("spawn flowgate");
        // Written beside the wait: a call that takes its input from the
        // environment (CodeWhale's tool call) may exit without reading
        // stdin, closing the pipe early.
        let mut pipe = child.stdin.take().unwrap();
        let input = stdin.as_bytes().to_vec();
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let o = child.wait_with_output().unwrap();
        let _ = writer.join();
        Out {
            code: o.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&o.stdout).into(),
            stderr: String::from_utf8_lossy(&o.stderr).into(),
        }
    }

    /// Run a command-line command (as the user or the agent's shell would).
    pub fn run(&self, args: &[&str]) -> Out {
        Ws::exec(self.command(args), "")
    }

    /// Run a hook the way CodeWhale does: the fixture's env and stdin, with
    /// some env overrides and an optional stdin replacement.
    pub fn hook(
        &self,
        event: &str,
        host: &str,
        fixture_name: &str,
        env: &[(&str, &str)],
        stdin: Option<&str>,
    ) -> Out {
        let fx = fixture(host, fixture_name);
        let mut cmd = self.command(&[event]);
        for (k, v) in fx["env"].as_object().unwrap() {
            cmd.env(k, v.as_str().unwrap());
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let stdin = stdin
            .map(str::to_string)
            .unwrap_or_else(|| fx["stdin"].as_str().unwrap().to_string());
        Ws::exec(cmd, &stdin)
    }

    /// CodeWhale hook shortcut.
    pub fn cw(&self, event: &str, fixture_name: &str) -> Out {
        self.hook(event, "codewhale", fixture_name, &[], None)
    }

    /// A CodeWhale bash tool call running `command`.
    pub fn bash(&self, command: &str) -> Out {
        let args = serde_json::json!({ "command": command }).to_string();
        self.hook(
            "tool_call",
            "codewhale",
            "tool_call_before.bash",
            &[("DEEPSEEK_TOOL_ARGS", &args)],
            None,
        )
    }

    /// A CodeWhale message with this text.
    pub fn message(&self, text: &str) -> Out {
        let stdin = serde_json::json!({
            "event": "message_submit", "text": text, "text_bytes": text.len(),
            "text_original_bytes": text.len(), "text_truncated": false,
            "session_id": "sess_4be1f0a2", "workspace": "/home/dev/shop",
            "mode": "ACT", "model": "deepseek-chat", "total_tokens": 0
        })
        .to_string();
        self.hook(
            "message_submit",
            "codewhale",
            "message_submit",
            &[("DEEPSEEK_MESSAGE", text)],
            Some(&stdin),
        )
    }

    pub fn state(&self) -> Value {
        let p = self.path().join(".flowgate/state.json");
        serde_json::from_str(&std::fs::read_to_string(p).expect("state.json exists")).unwrap()
    }

    /// Write `state` to `state.json` as a person editing it would: without
    /// the seal (`"sum"`), which would no longer match.
    pub fn write_state(&self, mut state: Value) {
        if let Some(o) = state.as_object_mut() {
            o.remove("sum");
        }
        self.write(".flowgate/state.json", &state.to_string());
    }

    pub fn state_bytes(&self) -> Option<Vec<u8>> {
        std::fs::read(self.path().join(".flowgate/state.json")).ok()
    }

    pub fn generation(&self) -> u64 {
        self.state()["generation"].as_u64().unwrap()
    }

    /// `[(workflow, index)]` of the run's path.
    pub fn path_of_run(&self) -> Vec<(String, u64)> {
        self.state()["run"]["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["workflow"].as_str().unwrap().to_string(),
                    s["index"].as_u64().unwrap(),
                )
            })
            .collect()
    }

    pub fn journal(&self) -> String {
        std::fs::read_to_string(self.path().join(".flowgate/journal.jsonl")).unwrap_or_default()
    }
}

pub fn p(w: &str, i: u64) -> (String, u64) {
    (w.to_string(), i)
}
