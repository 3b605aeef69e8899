//! Codex CLI (`@openai/codex`), headless: `codex exec PROMPT` against the
//! OpenAI Responses API on loopback (a `mock` model provider in a scratch
//! `CODEX_HOME`). Project hooks run only in a trusted project with trusted
//! hooks: the project is trusted in `config.toml` and hook trust is
//! bypassed for the run (`--dangerously-bypass-hook-trust`), as `flowgate
//! init --host codex` tells a user doing CI. `update_plan` is switched on
//! with `[tools.update_plan] enabled = true`.
//!
//! Tools: `exec_command` (the hook sees `Bash`), the freeform
//! `apply_patch`, `update_plan`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::json;

use super::server::Api;
use super::{Act, Cx, Host, Input, Outcome, Project};

pub struct Codex;

pub static CODEX: Codex = Codex;

/// A model slug Codex knows (an unknown one gets no `apply_patch`).
const MODEL: &str = "gpt-5.5";

impl Host for Codex {
    fn name(&self) -> &'static str {
        "codex"
    }

    fn program(&self) -> Option<PathBuf> {
        super::npm_program("codex")
    }

    fn install_hint(&self) -> String {
        super::NPM_HINT.into()
    }

    fn api(&self) -> &'static dyn Api {
        &super::openai::RESPONSES
    }

    fn tools(&self, act: &Act, _cx: &mut Cx) -> Vec<(String, Input)> {
        match act {
            Act::Say(_) => Vec::new(),
            Act::Write { path, content } => {
                let lines: String = content.lines().map(|l| format!("+{l}\n")).collect();
                vec![(
                    "apply_patch".into(),
                    Input::Freeform(format!(
                        "*** Begin Patch\n*** Add File: {path}\n{lines}*** End Patch\n"
                    )),
                )]
            }
            Act::Shell(cmd) => vec![("exec_command".into(), Input::Json(json!({ "cmd": cmd })))],
            Act::Todos(list) => {
                let plan: Vec<_> = list
                    .iter()
                    .map(|(step, status)| json!({"step": step, "status": status}))
                    .collect();
                vec![("update_plan".into(), Input::Json(json!({ "plan": plan })))]
            }
        }
    }

    fn configure(&self, p: &Project, url: &str) {
        let home = p.scratch.join("codex-home");
        std::fs::create_dir_all(&home).unwrap();
        let ws = p.ws.display().to_string();
        let config = format!(
            r#"model = "{MODEL}"
model_provider = "mock"

[model_providers.mock]
name = "scripted model"
base_url = "{url}/v1"
wire_api = "responses"
env_key = "E2E_API_KEY"
request_max_retries = 0
stream_max_retries = 0

[features]
plugins = false

[tools.update_plan]
enabled = true

[projects."{ws}"]
trust_level = "trusted"
"#
        );
        std::fs::write(home.join("config.toml"), config).unwrap();
    }

    fn command(&self, p: &Project, _url: &str, prompt: &str) -> Command {
        let mut c = p.clean_command(&p.program);
        c.args(["exec", "--skip-git-repo-check"])
            .args([
                "--dangerously-bypass-approvals-and-sandbox",
                "--dangerously-bypass-hook-trust",
            ])
            .arg(prompt)
            .env("CODEX_HOME", p.scratch.join("codex-home"))
            .env("E2E_API_KEY", "e2e-not-a-key");
        c
    }

    fn hook_failures(&self, out: &Outcome) -> Vec<String> {
        hook_lines(out)
            .into_iter()
            .filter(|l| l.ends_with("Failed"))
            .collect()
    }

    fn clean_blocks(&self, out: &Outcome) -> Option<Vec<String>> {
        Some(
            hook_lines(out)
                .into_iter()
                .filter(|l| l.ends_with("Blocked"))
                .collect(),
        )
    }

    fn shows_prompt_blocks(&self) -> bool {
        false
    }
}

/// `hook: <Event> <Status>` lines of `codex exec` (`hook: <Event>` alone
/// when it starts).
fn hook_lines(out: &Outcome) -> Vec<String> {
    out.stdout
        .lines()
        .chain(out.stderr.lines())
        .map(str::trim)
        .filter(|l| l.starts_with("hook: "))
        .map(str::to_string)
        .collect()
}

super::scenario_tests!(CODEX);

/// What this runner had to set up for Codex to run flowgate's hooks and
/// offer `update_plan` is what `flowgate init --host codex` tells the user.
#[test]
fn init_says_what_codex_needs() {
    let p = Project::new(&CODEX, PathBuf::from("codex"));
    let said = p.flowgate(&["init", "--host", "codex"]);
    for needed in [
        format!("[projects.\"{}\"]", p.ws.display()).as_str(),
        "trust_level = \"trusted\"",
        "/hooks",
        "--dangerously-bypass-hook-trust",
        "[tools.update_plan]",
        "enabled = true",
    ] {
        assert!(
            said.contains(needed),
            "init does not mention {needed}: {said}"
        );
    }
}
