//! `flowgate doctor`: for each host wired here or in the user's home, is
//! every event wired, does the command run this binary, will the host run
//! the hooks (trust), and does a live call through the command answer.
//! Set-ups are made the way a user makes them: `flowgate init --host X`,
//! then the host's own trust files.

use crate::harness::{BIN, Out, Ws};

fn doctor(ws: &Ws) -> Out {
    ws.run(&["doctor"])
}

fn problems(out: &Out) -> Vec<String> {
    out.stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("PROBLEM"))
        .map(|l| l.trim().to_string())
        .collect()
}

#[track_caller]
fn all_well(ws: &Ws) -> Out {
    let out = doctor(ws);
    assert_eq!(
        out.code, 0,
        "doctor should be happy:\n{}{}",
        out.stdout, out.stderr
    );
    assert!(
        out.stdout.trim_end().ends_with("All is well."),
        "{}",
        out.stdout
    );
    assert!(problems(&out).is_empty());
    out
}

fn sha256_hex(text: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sha256sum (coreutils)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()[..64].to_string()
}

/// Codex's trust hash of one hook, written out by hand the way Codex
/// builds it (codex-rs/hooks discovery: the event label, the matcher and
/// the one normalized handler, keys sorted, compact JSON, sha256).
fn codex_hash(event_label: &str, matcher: Option<&str>, command: &str, timeout: u64) -> String {
    let cmd = serde_json::to_string(command).unwrap();
    let handler =
        format!(r#"{{"async":false,"command":{cmd},"timeout":{timeout},"type":"command"}}"#);
    let json = match matcher {
        Some(m) => {
            format!(r#"{{"event_name":"{event_label}","hooks":[{handler}],"matcher":"{m}"}}"#)
        }
        None => format!(r#"{{"event_name":"{event_label}","hooks":[{handler}]}}"#),
    };
    format!("sha256:{}", sha256_hex(&json))
}

fn codex_trust(ws: &Ws, project: bool, hooks: bool) {
    let dir = ws.path().display().to_string();
    let file = format!("{dir}/.codex/hooks.json");
    let mut toml = String::new();
    if project {
        toml.push_str(&format!(
            "[projects.\"{dir}\"]\ntrust_level = \"trusted\"\n\n"
        ));
    }
    if hooks {
        for (label, matcher, event, timeout) in [
            ("user_prompt_submit", None, "message_submit", 30),
            ("pre_tool_use", Some("*"), "tool_call", 10),
            ("stop", None, "agent_end", 30),
            (
                "session_start",
                Some("startup|resume|clear|compact"),
                "session_start",
                10,
            ),
        ] {
            let cmd = format!("{BIN} {event} --host codex");
            let hash = codex_hash(label, matcher, &cmd, timeout);
            toml.push_str(&format!(
                "[hooks.state.\"{file}:{label}:0:0\"]\ntrusted_hash = \"{hash}\"\n\n"
            ));
        }
    }
    let home = ws.home.path().join(".codex");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::write(home.join("config.toml"), toml).unwrap();
}

#[test]
fn nothing_wired_is_a_problem_with_the_fix() {
    let ws = Ws::new();
    ws.run(&["init"]).ok();
    let out = doctor(&ws);
    out.code(1);
    let p = problems(&out);
    assert_eq!(p.len(), 1, "{}", out.stdout);
    assert!(
        p[0].contains("no host runs flowgate") && p[0].contains("flowgate init --host"),
        "{p:?}"
    );
}

#[test]
fn a_clean_claude_setup_is_all_well() {
    let ws = Ws::new();
    ws.run(&["init", "--host", "claude"]).ok();
    let out = all_well(&ws);
    assert!(out.stdout.contains("Claude Code"), "{}", out.stdout);
    assert!(
        out.stdout.contains("live decision") && out.stdout.contains("allowed"),
        "{}",
        out.stdout
    );
}

#[test]
fn codex_hooks_that_are_not_trusted_are_found_with_the_fix() {
    let ws = Ws::new();
    ws.run(&["init", "--host", "codex"]).ok();
    // Nothing trusted yet: the project and each hook.
    let out = doctor(&ws);
    out.code(1);
    let p = problems(&out);
    assert!(
        p.iter().any(|l| l.contains("project")
            && l.contains("not trusted")
            && l.contains("trust_level = \"trusted\"")),
        "{}",
        out.stdout
    );
    assert!(
        p.iter()
            .any(|l| l.contains("PreToolUse") && l.contains("not trusted") && l.contains("/hooks")),
        "{}",
        out.stdout
    );
    // The project trusted, the hooks not.
    codex_trust(&ws, true, false);
    let p = problems(&doctor(&ws));
    assert_eq!(p.len(), 4, "one per hook: {p:?}");
    assert!(
        p.iter()
            .all(|l| l.contains("not trusted") && l.contains("fix:")),
        "{p:?}"
    );
    // Both: all is well, and the hash flowgate computes is Codex's.
    codex_trust(&ws, true, true);
    let out = all_well(&ws);
    assert!(out.stdout.contains("trusted"), "{}", out.stdout);
    // A hook changed after it was trusted: Codex calls it modified and skips it.
    let file = ws.path().join(".codex/hooks.json");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"matcher\": \"*\"", "\"matcher\": \".*\"");
    std::fs::write(&file, text).unwrap();
    let p = problems(&doctor(&ws));
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains("PreToolUse") && p[0].contains("changed since"),
        "{p:?}"
    );
}

#[test]
fn a_gemini_folder_that_is_not_trusted_is_found_with_the_fix() {
    let ws = Ws::new();
    ws.run(&["init", "--host", "gemini"]).ok();
    let out = doctor(&ws);
    out.code(1);
    let p = problems(&out);
    assert_eq!(p.len(), 1, "{}", out.stdout);
    assert!(
        p[0].contains("not a trusted folder")
            && p[0].contains("trustedFolders.json")
            && p[0].contains("TRUST_FOLDER"),
        "{p:?}"
    );
    // Trusting a parent folder is enough.
    let gem = ws.home.path().join(".gemini");
    std::fs::create_dir_all(&gem).unwrap();
    let parent = ws.path().parent().unwrap().display().to_string();
    std::fs::write(
        gem.join("trustedFolders.json"),
        format!("{{ \"{parent}\": \"TRUST_FOLDER\" }}"),
    )
    .unwrap();
    all_well(&ws);
    // A closer rule wins.
    let me = ws.path().display().to_string();
    std::fs::write(
        gem.join("trustedFolders.json"),
        format!("{{ \"{parent}\": \"TRUST_FOLDER\", \"{me}\": \"DO_NOT_TRUST\" }}"),
    )
    .unwrap();
    doctor(&ws).code(1);
    // The environment switch.
    let mut cmd = ws.command(&["doctor"]);
    cmd.env("GEMINI_CLI_TRUST_WORKSPACE", "true");
    std::fs::remove_file(gem.join("trustedFolders.json")).unwrap();
    Ws::exec(cmd, "").ok();
}

#[test]
fn a_config_pointing_at_a_missing_binary_is_found_with_the_fix() {
    let ws = Ws::new();
    ws.run(&["init", "--host", "claude"]).ok();
    let file = ws.path().join(".claude/settings.json");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace(BIN, "/opt/gone/flowgate");
    std::fs::write(&file, text).unwrap();
    let out = doctor(&ws);
    out.code(1);
    let p = problems(&out);
    assert!(!p.is_empty());
    assert!(
        p.iter().all(|l| l.contains("/opt/gone/flowgate")
            && l.contains("does not exist")
            && l.contains("flowgate init --host claude")),
        "{}",
        out.stdout
    );
}

#[test]
fn another_flowgate_is_not_this_one() {
    let ws = Ws::new();
    ws.run(&["init", "--host", "claude"]).ok();
    let other = ws.home.path().join("bin/flowgate");
    std::fs::create_dir_all(other.parent().unwrap()).unwrap();
    std::fs::write(&other, "#!/bin/sh\nexit 0\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&other, std::fs::Permissions::from_mode(0o755)).unwrap();
    let file = ws.path().join(".claude/settings.json");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace(BIN, &other.display().to_string());
    std::fs::write(&file, text).unwrap();
    let out = doctor(&ws);
    out.code(1);
    assert!(
        problems(&out)
            .iter()
            .any(|l| l.contains("not this flowgate")),
        "{}",
        out.stdout
    );
}

#[test]
fn codewhale_needs_hooks_enabled_and_a_closed_gate() {
    let ws = Ws::new();
    let printed = ws.run(&["init", "--host", "codewhale"]).ok().stdout;
    let block = printed.split_once("\n\n").unwrap().1.to_string();
    let cfg = ws.home.path().join(".codewhale/config.toml");
    std::fs::create_dir_all(cfg.parent().unwrap()).unwrap();
    std::fs::write(&cfg, &block).unwrap();
    let out = all_well(&ws);
    assert!(out.stdout.contains("CodeWhale"), "{}", out.stdout);
    std::fs::write(
        &cfg,
        block
            .replace("enabled = true", "enabled = false")
            .replace("continue_on_error = false", "continue_on_error = true"),
    )
    .unwrap();
    let out = doctor(&ws);
    out.code(1);
    let p = problems(&out);
    assert!(p.iter().any(|l| l.contains("enabled = true")), "{p:?}");
    assert!(
        p.iter()
            .any(|l| l.contains("continue_on_error = false") && l.contains("tool_call_before")),
        "{p:?}"
    );
    // A missing event is named.
    std::fs::write(
        &cfg,
        block.replace("event = \"turn_end\"", "event = \"session_end\""),
    )
    .unwrap();
    let p = problems(&doctor(&ws));
    assert!(
        p.iter()
            .any(|l| l.contains("turn_end") && l.contains("not wired")),
        "{p:?}"
    );
}

/// Hooks written inline in `$CODEX_HOME/config.toml` (the user layer): no
/// project trust is needed, each hook's trust is keyed by that file.
#[test]
fn codex_user_hooks_in_config_toml_under_codex_home() {
    let ws = Ws::new();
    ws.run(&["init"]).ok();
    let codex_home = ws.home.path().join("codex-home");
    std::fs::create_dir_all(&codex_home).unwrap();
    let file = codex_home.join("config.toml");
    let key_src = file.display().to_string();
    let mut toml = String::new();
    let mut state = String::new();
    for (event, label, matcher, ours, timeout) in [
        (
            "UserPromptSubmit",
            "user_prompt_submit",
            None,
            "message_submit",
            30,
        ),
        ("PreToolUse", "pre_tool_use", Some("*"), "tool_call", 10),
        ("Stop", "stop", None, "agent_end", 30),
        (
            "SessionStart",
            "session_start",
            Some("startup|resume"),
            "session_start",
            10,
        ),
    ] {
        let cmd = format!("{BIN} {ours} --host codex");
        toml.push_str(&format!("[[hooks.{event}]]\n"));
        if let Some(m) = matcher {
            toml.push_str(&format!("matcher = \"{m}\"\n"));
        }
        toml.push_str(&format!(
            "[[hooks.{event}.hooks]]\ntype = \"command\"\ncommand = \"{cmd}\"\ntimeout = {timeout}\n\n"
        ));
        let hash = codex_hash(label, matcher, &cmd, timeout);
        state.push_str(&format!(
            "[hooks.state.\"{key_src}:{label}:0:0\"]\ntrusted_hash = \"{hash}\"\n\n"
        ));
    }
    std::fs::write(&file, &toml).unwrap();
    let run = |ws: &Ws| {
        let mut cmd = ws.command(&["doctor"]);
        cmd.env("CODEX_HOME", &codex_home);
        Ws::exec(cmd, "")
    };
    let out = run(&ws);
    out.code(1);
    let p = problems(&out);
    assert_eq!(p.len(), 4, "{}", out.stdout);
    assert!(
        p.iter().all(|l| l.contains("not trusted by Codex")),
        "{p:?}"
    );
    assert!(
        !out.stdout.contains("project"),
        "user hooks need no project trust: {}",
        out.stdout
    );
    std::fs::write(&file, format!("{toml}{state}")).unwrap();
    let out = run(&ws);
    assert_eq!(out.code, 0, "{}", out.stdout);
    // The same hooks also wired in the project: said, not a problem while
    // the commands are the same; a problem once they differ.
    ws.run(&["init", "--host", "codex"]).ok();
    let out = run(&ws);
    assert!(
        out.stdout
            .contains("PreToolUse is wired 2 times with the same command"),
        "{}",
        out.stdout
    );
    assert!(
        !problems(&out).iter().any(|l| l.contains("times")),
        "{}",
        out.stdout
    );
    let project = ws.path().join(".codex/hooks.json");
    let text = std::fs::read_to_string(&project).unwrap().replace(
        "tool_call --host codex",
        "tool_call --host codex --workspace .",
    );
    std::fs::write(&project, text).unwrap();
    let out = run(&ws);
    assert!(
        problems(&out)
            .iter()
            .any(|l| l.contains("PreToolUse runs flowgate 2 times with different commands")),
        "{}",
        out.stdout
    );
}
