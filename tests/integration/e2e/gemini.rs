//! Gemini CLI (`@google/gemini-cli`), headless: `gemini -p PROMPT
//! --approval-mode yolo -m gemini-2.5-pro` against the Gemini API on
//! loopback (`GOOGLE_GEMINI_BASE_URL`), in a trusted folder
//! (`GEMINI_CLI_TRUST_WORKSPACE=true`), with API-key auth and every
//! network extra switched off in the scratch user settings.
//!
//! Tools: `write_file`, `run_shell_command`, `write_todos` (offered to 2.x
//! non-preview models, hence `gemini-2.5-pro`).

use std::path::PathBuf;
use std::process::Command;

use serde_json::json;

use super::server::Api;
use super::{Act, Cx, Host, Input, Outcome, Project};

pub struct Gemini;

pub static GEMINI: Gemini = Gemini;

const MODEL: &str = "gemini-2.5-pro";

impl Host for Gemini {
    fn name(&self) -> &'static str {
        "gemini"
    }

    fn program(&self) -> Option<PathBuf> {
        super::npm_program("gemini")
    }

    fn install_hint(&self) -> String {
        super::NPM_HINT.into()
    }

    fn api(&self) -> &'static dyn Api {
        &super::gemini_api::GEMINI
    }

    fn tools(&self, act: &Act, _cx: &mut Cx) -> Vec<(String, Input)> {
        match act {
            Act::Say(_) => Vec::new(),
            Act::Write { path, content } => vec![(
                "write_file".into(),
                Input::Json(json!({"file_path": path, "content": content})),
            )],
            Act::Shell(cmd) => vec![(
                "run_shell_command".into(),
                Input::Json(json!({"command": cmd, "description": "Run a command"})),
            )],
            Act::Todos(list) => {
                let items: Vec<_> = list
                    .iter()
                    .map(|(d, s)| json!({"description": d, "status": s}))
                    .collect();
                vec![("write_todos".into(), Input::Json(json!({ "todos": items })))]
            }
        }
    }

    fn configure(&self, p: &Project, _url: &str) {
        let dir = p.home.join(".gemini");
        std::fs::create_dir_all(&dir).unwrap();
        let settings = json!({
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
            "privacy": {"usageStatisticsEnabled": false},
            "telemetry": {"enabled": false},
            "ide": {"enabled": false}
        });
        std::fs::write(dir.join("settings.json"), settings.to_string()).unwrap();
    }

    fn command(&self, p: &Project, url: &str, prompt: &str) -> Command {
        let mut c = p.clean_command(&p.program);
        c.args(["-p", prompt, "-m", MODEL, "--approval-mode", "yolo"])
            .env("GOOGLE_GEMINI_BASE_URL", url)
            .env("GEMINI_API_KEY", "e2e-not-a-key")
            .env("GEMINI_CLI_TRUST_WORKSPACE", "true");
        c
    }

    fn hook_failures(&self, out: &Outcome) -> Vec<String> {
        out.stdout
            .lines()
            .chain(out.stderr.lines())
            .filter(|l| l.contains("Hook(s)") || (l.contains("hook") && l.contains("failed")))
            .map(str::to_string)
            .collect()
    }
}

super::scenario_tests!(GEMINI);

/// Gemini's own todo statuses, `blocked` and `cancelled`, are mirrored (a
/// `blocked` item once made flowgate drop the whole list).
#[test]
fn write_todos_with_gemini_statuses() {
    let Some(mut s) = super::Session::new(&GEMINI) else {
        return;
    };
    let out = s
        .user("Plan the checkout fix.")
        .model(vec![super::todos(&[
            ("Reproduce the wrong total", "completed"),
            ("Wait for the pricing team", "blocked"),
            ("Rewrite the cart", "cancelled"),
        ])])
        .model(vec![super::say("Planned.")])
        .run();
    out.assert_finished();
    let pair = |t: &str, s: &str| (t.to_string(), s.to_string());
    assert_eq!(
        out.todos(),
        [
            pair("Reproduce the wrong total", "completed"),
            pair("Wait for the pricing team", "not_started"),
            pair("Rewrite the cart", "abandoned"),
        ],
        "{}",
        out.dump()
    );
}
