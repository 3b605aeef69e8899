//! `flowgate init` as a user meets it: `--dry-run` writes nothing,
//! `--remove` gives back what was there, every host gets its next steps,
//! a machine-specific path is flagged, an odd binary path still gives
//! config its host can run, and settings files that are broken, commented
//! (Gemini) or symbolic links are handled before anything is written.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::harness::{BIN, Out, Ws, fixture};

const HOSTS: [&str; 4] = ["codewhale", "claude", "codex", "gemini"];

/// A PATH without flowgate on it: init names the binary by its path.
const BARE_PATH: &str = "/usr/bin:/bin";

/// Every entry under `dir`, by relative path: kind, mode, and the bytes (a
/// file) or the link text (a symbolic link).
fn tree(dir: &Path) -> BTreeMap<PathBuf, (char, u32, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, (char, u32, Vec<u8>)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            let rel = p.strip_prefix(root).unwrap().to_path_buf();
            let mode = meta.permissions().mode();
            if meta.file_type().is_symlink() {
                let to = std::fs::read_link(&p).unwrap();
                out.insert(rel, ('l', mode, to.into_os_string().into_encoded_bytes()));
            } else if meta.is_dir() {
                out.insert(rel, ('d', mode, Vec::new()));
                walk(root, &p, out);
            } else {
                out.insert(rel, ('f', mode, std::fs::read(&p).unwrap()));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// `flowgate ARGS` in the workspace with `PATH` set to `path`.
fn run_path(ws: &Ws, program: &Path, path: &str, args: &[&str]) -> Out {
    let mut c = ws.command_of(program, args);
    c.env("PATH", path);
    Ws::exec(c, "")
}

fn init(ws: &Ws, args: &[&str]) -> Out {
    run_path(ws, Path::new(BIN), BARE_PATH, &[&["init"], args].concat())
}

fn read(ws: &Ws, rel: &str) -> String {
    std::fs::read_to_string(ws.path().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn json_of(ws: &Ws, rel: &str) -> Value {
    serde_json::from_str(&read(ws, rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// JSON values equal, key order included.
#[track_caller]
fn same_json(a: &Value, b: &Value) {
    assert_eq!(
        serde_json::to_string_pretty(a).unwrap(),
        serde_json::to_string_pretty(b).unwrap()
    );
}

/// The hook files and the MCP server files of a host.
fn hook_file(host: &str) -> &'static str {
    match host {
        "claude" => ".claude/settings.json",
        "codex" => ".codex/hooks.json",
        _ => ".gemini/settings.json",
    }
}

/// Settings a user already had, with hooks and servers of their own.
fn seed(ws: &Ws, host: &str) -> Vec<(&'static str, &'static str)> {
    let files: Vec<(&str, &str)> = match host {
        "claude" => vec![
            (
                ".claude/settings.json",
                "{\n    \"model\": \"opus\",\n    \"permissions\": { \"allow\": [\"Bash(cargo test:*)\"] },\n    \"hooks\": {\n        \"PreToolUse\": [ { \"matcher\": \"Bash\", \"hooks\": [ { \"type\": \"command\", \"command\": \"./scripts/lint.sh\", \"timeout\": 7 } ] } ],\n        \"Notification\": [ { \"hooks\": [ { \"type\": \"command\", \"command\": \"notify-send claude\" } ] } ]\n    },\n    \"env\": { \"RUST_LOG\": \"info\" }\n}\n",
            ),
            (
                ".mcp.json",
                "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"gh-mcp\" }\n  }\n}\n",
            ),
        ],
        "codex" => vec![
            (
                ".codex/hooks.json",
                "{\n  \"description\": \"team hooks\",\n  \"hooks\": {\n    \"Stop\": [ { \"hooks\": [ { \"type\": \"command\", \"command\": \"./scripts/summary.sh\" } ] } ]\n  }\n}\n",
            ),
            (
                ".codex/config.toml",
                "# team settings\nmodel = \"o3\" # mine\n\n[mcp_servers.github]\ncommand = \"gh-mcp\" # the GitHub server\n",
            ),
        ],
        "gemini" => vec![(
            ".gemini/settings.json",
            "{\n  \"theme\": \"GitHub\",\n  \"general\": { \"vimMode\": true },\n  \"hooks\": {\n    \"BeforeTool\": [ { \"matcher\": \"write_file\", \"hooks\": [ { \"name\": \"fmt\", \"type\": \"command\", \"command\": \"./scripts/fmt-check.sh\" } ] } ]\n  },\n  \"mcpServers\": { \"github\": { \"command\": \"gh-mcp\" } }\n}\n",
        )],
        _ => vec![],
    };
    for (rel, text) in &files {
        ws.write(rel, text);
    }
    files
}

// ---- --dry-run ----------------------------------------------------------

/// `--dry-run` says what would change, file by file, and leaves the tree
/// exactly as it was: names, bytes and modes, and no `.flowgate/`.
#[test]
fn dry_run_changes_nothing_on_disk() {
    for host in HOSTS {
        let ws = Ws::new();
        seed(&ws, host);
        if host == "claude" {
            let p = ws.path().join(".claude/settings.json");
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        let before = tree(ws.path());
        let out = init(&ws, &["--host", host, "--dry-run"]).ok().stdout;
        assert_eq!(tree(ws.path()), before, "{host}: {out}");
        assert!(!ws.path().join(".flowgate").exists(), "{host}");
        assert!(
            out.contains("Dry run: nothing was written"),
            "{host}: {out}"
        );
        assert!(
            out.contains("Would create: ") && out.contains(".flowgate/workflows/example.toml"),
            "{host}: {out}"
        );
        if host == "codewhale" {
            // The block CodeWhale needs is printed, as without --dry-run.
            assert!(out.contains("[[hooks.hooks]]"), "{out}");
        } else {
            let hooks = ws.path().join(hook_file(host)).display().to_string();
            assert!(out.contains(&format!(" in {hooks}:")), "{out}");
            assert!(out.contains("would add `"), "{host}: {out}");
            assert!(out.contains("would back up the previous file to"), "{out}");
        }

        // After a real init, a dry run finds nothing to do, and still
        // writes nothing.
        init(&ws, &["--host", host]).ok();
        let before = tree(ws.path());
        let out = init(&ws, &["--host", host, "--dry-run"]).ok().stdout;
        assert_eq!(tree(ws.path()), before, "{host}: {out}");
        assert!(out.contains("nothing to create"), "{host}: {out}");
        if host != "codewhale" {
            assert!(out.contains("unchanged: nothing to add"), "{host}: {out}");
            assert!(!out.contains("would add"), "{host}: {out}");
            // And so does a dry removal.
            let out = init(&ws, &["--host", host, "--remove", "--dry-run"])
                .ok()
                .stdout;
            assert_eq!(tree(ws.path()), before, "{host}: {out}");
            assert!(out.contains("would remove `"), "{host}: {out}");
        }
    }
}

// ---- --remove -----------------------------------------------------------

/// init, then `--remove`: every file holds what it held before (other keys,
/// hooks and servers; Codex's TOML byte for byte), `.flowgate/` is kept,
/// and removing again is a no-op that says so.
#[test]
fn remove_gives_back_what_was_there() {
    for host in ["claude", "codex", "gemini"] {
        let ws = Ws::new();
        let seeded = seed(&ws, host);
        init(&ws, &["--host", host]).ok();
        assert!(
            read(&ws, hook_file(host)).contains("tool_call --host"),
            "{host}"
        );
        ws.run(&["start", "bugfix", "kept"]).ok();
        let state = ws.state_bytes().unwrap();

        let out = init(&ws, &["--host", host, "--remove"]).ok().stdout;
        assert!(out.contains("removed `"), "{host}: {out}");
        assert!(out.contains("is kept as it is"), "{host}: {out}");
        for (rel, text) in &seeded {
            if rel.ends_with(".toml") {
                assert_eq!(&read(&ws, rel), text, "{host} {rel}");
            } else {
                same_json(&json_of(&ws, rel), &serde_json::from_str(text).unwrap());
            }
        }
        for kept in ["workflows/example.toml", ".gitignore", "config.toml"] {
            assert!(ws.path().join(".flowgate").join(kept).is_file(), "{kept}");
        }
        assert_eq!(ws.state_bytes().unwrap(), state, "{host}");

        // Twice: nothing there, nothing written, exit 0.
        let before = tree(ws.path());
        let out = init(&ws, &["--host", host, "--remove"]).ok().stdout;
        assert!(out.contains("Nothing to remove"), "{host}: {out}");
        assert!(out.contains("nothing to remove"), "{host}: {out}");
        assert_eq!(tree(ws.path()), before, "{host}");
    }

    // Where init never ran, --remove says so, creates nothing, exits 0.
    let ws = Ws::new();
    let out = init(&ws, &["--host", "claude", "--remove"]).ok().stdout;
    assert!(
        out.contains("the file does not exist; nothing to remove"),
        "{out}"
    );
    assert!(tree(ws.path()).is_empty(), "{out}");
    // CodeWhale's config was only printed: nothing to take out.
    let out = init(&ws, &["--host", "codewhale", "--remove"]).ok().stdout;
    assert!(out.contains("nothing for it to remove"), "{out}");
    assert!(tree(ws.path()).is_empty(), "{out}");
}

/// A foreign server named flowgate, and hooks that are not flowgate's,
/// survive --remove.
#[test]
fn remove_leaves_what_is_not_flowgates() {
    let ws = Ws::new();
    let text = "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"flowgate agent_end --host codex\"}, {\"type\": \"command\", \"command\": \"./flowgate-notes.sh Stop\"}]}]}, \"mcpServers\": {\"flowgate\": {\"command\": \"node\", \"args\": [\"fg.js\"]}}}";
    ws.write(".gemini/settings.json", text);
    let out = init(&ws, &["--host", "gemini", "--remove"]).ok().stdout;
    assert!(out.contains("is not flowgate's; left as it is"), "{out}");
    assert_eq!(read(&ws, ".gemini/settings.json"), text);
}

// ---- next steps -----------------------------------------------------------

/// Every host gets what to do next, ending with `flowgate doctor`.
#[test]
fn init_says_what_to_do_next_on_every_host() {
    for (host, needed) in [
        (
            "codewhale",
            &[
                "# Next steps:",
                "~/.codewhale/config.toml",
                "`codewhale exec`",
            ][..],
        ),
        ("claude", &["Next steps:", "Start `claude` in", "/mcp"][..]),
        (
            "codex",
            &["Next steps:", "trust_level = \"trusted\"", "`/hooks`"][..],
        ),
        (
            "gemini",
            &[
                "Next steps:",
                "TRUST_FOLDER",
                "~/.gemini/trustedFolders.json",
            ][..],
        ),
    ] {
        let ws = Ws::new();
        let out = init(&ws, &["--host", host]).ok().stdout;
        for n in needed {
            assert!(out.contains(n), "{host} lacks {n}: {out}");
        }
        let dir = ws.path().display().to_string();
        let last_step = out
            .lines()
            .rfind(|l| {
                l.trim_start_matches("# ")
                    .trim_start()
                    .starts_with(char::is_numeric)
            })
            .unwrap_or_else(|| panic!("{host}: no numbered step: {out}"))
            .to_string();
        assert!(
            last_step.contains(&format!("Run `flowgate doctor` in {dir}")),
            "{host}: {last_step}"
        );
    }
}

// ---- machine-specific paths -------------------------------------------

fn hook_command(root: &Value, event: &str) -> String {
    root["hooks"][event][0]["hooks"][0]["command"]
        .as_str()
        .unwrap_or_else(|| panic!("{event}: {root}"))
        .to_string()
}

/// The rule: the config says `flowgate` when the `flowgate` on PATH is this
/// binary (a link to it counts), else the binary's absolute path, and then
/// init warns that the committed files name a path of this machine.
#[test]
fn an_absolute_path_is_flagged_and_flowgate_on_path_is_written_bare() {
    // Not on PATH: the absolute path, and a warning naming the files.
    let ws = Ws::new();
    let out = init(&ws, &["--host", "claude"]).ok().stdout;
    assert_eq!(
        hook_command(&json_of(&ws, ".claude/settings.json"), "PreToolUse"),
        format!("{BIN} tool_call --host claude")
    );
    assert!(
        out.contains(
            "Warning: .claude/settings.json and .mcp.json name this flowgate by its absolute path"
        ),
        "{out}"
    );
    assert!(out.contains("`flowgate` is not on PATH"), "{out}");
    assert!(out.contains("put this flowgate on PATH"), "{out}");

    // On PATH (through a link, as `ln -s` users have it): the bare name,
    // in the hooks and in the server entries, and no warning.
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(BIN, bin.path().join("flowgate")).unwrap();
    let path = format!("{}:{BARE_PATH}", bin.path().display());
    for (host, server_file) in [
        ("claude", ".mcp.json"),
        ("codex", ".codex/config.toml"),
        ("gemini", ".gemini/settings.json"),
    ] {
        let ws = Ws::new();
        let out = run_path(&ws, Path::new(BIN), &path, &["init", "--host", host])
            .ok()
            .stdout;
        let root = json_of(&ws, hook_file(host));
        let tool = if host == "gemini" {
            "BeforeTool"
        } else {
            "PreToolUse"
        };
        assert_eq!(
            hook_command(&root, tool),
            format!("flowgate tool_call --host {host}")
        );
        let server = if host == "codex" {
            let doc: toml::Table = toml::from_str(&read(&ws, server_file)).unwrap();
            doc["mcp_servers"]["flowgate"]["command"]
                .as_str()
                .unwrap()
                .to_string()
        } else {
            json_of(&ws, server_file)["mcpServers"]["flowgate"]["command"]
                .as_str()
                .unwrap()
                .to_string()
        };
        assert_eq!(server, "flowgate", "{host}");
        assert!(!out.contains("Warning"), "{host}: {out}");
    }
    let ws = Ws::new();
    let out = run_path(&ws, Path::new(BIN), &path, &["init"]).ok().stdout;
    assert!(
        out.contains("command = \"flowgate tool_call --host codewhale\""),
        "{out}"
    );
    assert!(!out.contains("absolute path"), "{out}");

    // Another flowgate first on PATH: the path, and the warning says why.
    let other = tempfile::tempdir().unwrap();
    let fake = other.path().join("flowgate");
    std::fs::write(&fake, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{BARE_PATH}", other.path().display());
    let ws = Ws::new();
    let out = run_path(&ws, Path::new(BIN), &path, &["init", "--host", "gemini"])
        .ok()
        .stdout;
    assert!(
        out.contains(&format!(
            "the `flowgate` on PATH is another binary ({})",
            fake.display()
        )),
        "{out}"
    );
    let ws = Ws::new();
    let out = init(&ws, &["--host", "codewhale"]).ok().stdout;
    assert!(
        out.contains("# Note: the block names this flowgate by its absolute path"),
        "{out}"
    );
}

// ---- quoting --------------------------------------------------------------

/// The words `sh` makes of `cmd` (every host runs hook commands through a
/// POSIX shell: CodeWhale `sh -c`, Claude Code and Gemini CLI `bash -c`,
/// Codex `$SHELL -lc`).
fn shell_words(cmd: &str) -> Vec<String> {
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("set -- {cmd}; printf '%s\\0' \"$@\""))
        .output()
        .unwrap();
    assert!(out.status.success(), "{cmd}: {out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .split_terminator('\0')
        .map(str::to_string)
        .collect()
}

/// Run a hook command as the host does, `sh -c CMD`, with a fixture.
fn run_hook_command(ws: &Ws, cmd: &str, host: &str, fixture_name: &str) -> Out {
    let fx = fixture(host, fixture_name);
    let mut c = ws.command_of("sh", &["-c", cmd]);
    for (k, v) in fx["env"].as_object().unwrap() {
        c.env(k, v.as_str().unwrap());
    }
    Ws::exec(c, fx["stdin"].as_str().unwrap())
}

/// A binary under `it's "here" \ now/`: every config init writes or prints
/// parses, the command splits into exactly that path plus flowgate's
/// arguments, runs through `sh -c` and answers as flowgate does, and the
/// MCP server's `command` is that path. A second init changes nothing.
#[test]
fn an_odd_binary_path_gives_valid_config_for_every_host() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("it's \"here\" \\ now");
    std::fs::create_dir_all(&dir).unwrap();
    let odd = dir.join("flowgate");
    std::fs::copy(BIN, &odd).unwrap();
    let odd_s = odd.display().to_string();
    for (host, write_fixture) in [
        ("codewhale", "tool_call_before.write"),
        ("claude", "PreToolUse.write"),
        ("codex", "PreToolUse.apply_patch"),
        ("gemini", "BeforeTool.write_file"),
    ] {
        let ws = Ws::new();
        let out = run_path(&ws, &odd, BARE_PATH, &["init", "--host", host]).ok();
        ws.run(&["start", "bugfix", "quoting"]).ok();
        let (tool_cmd, server) = match host {
            "codewhale" => {
                // The whole output is TOML (the rest is comments).
                let doc: toml::Table = toml::from_str(&out.stdout)
                    .unwrap_or_else(|e| panic!("not TOML: {e}\n{}", out.stdout));
                let hooks = doc["hooks"]["hooks"].as_array().unwrap();
                let gate = hooks
                    .iter()
                    .find(|h| h["event"].as_str() == Some("tool_call_before"))
                    .unwrap();
                let line = out
                    .stdout
                    .lines()
                    .find_map(|l| l.strip_prefix("# { \"mcpServers\""))
                    .unwrap();
                let entry: Value =
                    serde_json::from_str(&format!("{{ \"mcpServers\"{line}")).unwrap();
                (
                    gate["command"].as_str().unwrap().to_string(),
                    entry["mcpServers"]["flowgate"]["command"].clone(),
                )
            }
            "codex" => {
                let doc: toml::Table = toml::from_str(&read(&ws, ".codex/config.toml")).unwrap();
                (
                    hook_command(&json_of(&ws, ".codex/hooks.json"), "PreToolUse"),
                    json!(doc["mcp_servers"]["flowgate"]["command"].as_str()),
                )
            }
            "claude" => (
                hook_command(&json_of(&ws, ".claude/settings.json"), "PreToolUse"),
                json_of(&ws, ".mcp.json")["mcpServers"]["flowgate"]["command"].clone(),
            ),
            _ => {
                let root = json_of(&ws, ".gemini/settings.json");
                (
                    hook_command(&root, "BeforeTool"),
                    root["mcpServers"]["flowgate"]["command"].clone(),
                )
            }
        };
        assert_eq!(server, json!(odd_s), "{host}: the server runs the binary");
        let words = shell_words(&tool_cmd);
        assert_eq!(
            words,
            [odd_s.as_str(), "tool_call", "--host", host],
            "{host}: {tool_cmd}"
        );
        // Through the shell, the copy answers as flowgate does: a denied
        // write in the read-only Diagnose phase.
        let via_shell = run_hook_command(&ws, &tool_cmd, host, write_fixture);
        let direct = run_hook_command(
            &ws,
            &format!("{BIN} tool_call --host {host}"),
            host,
            write_fixture,
        );
        assert_eq!(
            (via_shell.code, &via_shell.stdout),
            (direct.code, &direct.stdout),
            "{host}"
        );
        assert!(
            format!("{}{}", via_shell.stdout, via_shell.stderr).contains("Diagnose"),
            "{host}: {via_shell:?}"
        );
        // A second run recognises its own quoted hooks.
        if host != "codewhale" {
            let again = run_path(&ws, &odd, BARE_PATH, &["init", "--host", host])
                .ok()
                .stdout;
            assert!(again.contains("nothing changed"), "{host}: {again}");
            assert!(!again.contains("added `"), "{host}: {again}");
        }
    }
}

// ---- settings files that are broken, commented or links ------------------

/// A settings file that does not parse stops init before it creates
/// anything, with the file, line and column, and how to go on.
#[test]
fn a_broken_settings_file_stops_init_before_anything_is_created() {
    let broken = "{\n  \"theme\": \"dark\"\n  \"hooks\": {}\n}\n";
    for (host, rel, other) in [
        ("claude", ".claude/settings.json", None),
        ("claude", ".mcp.json", Some(".claude/settings.json")),
        ("codex", ".codex/hooks.json", None),
        ("gemini", ".gemini/settings.json", None),
    ] {
        let ws = Ws::new();
        ws.write(rel, broken);
        let before = tree(ws.path());
        let out = init(&ws, &["--host", host]).code(78);
        let at = format!("{}:3:3: ", ws.path().join(rel).display());
        assert!(out.stderr.contains(&at), "{host} {rel}: {}", out.stderr);
        assert!(
            out.stderr.contains("flowgate changed nothing"),
            "{}",
            out.stderr
        );
        assert!(out.stderr.contains("Fix the file"), "{}", out.stderr);
        assert_eq!(tree(ws.path()), before, "{host} {rel}: {}", out.stderr);
        if let Some(other) = other {
            assert!(!ws.path().join(other).exists(), "{other}");
        }
        // --remove checks first too.
        init(&ws, &["--host", host, "--remove"]).code(78);
        assert_eq!(tree(ws.path()), before, "{host} {rel}");
    }
    // Codex's TOML is read before its hooks.json is written.
    let ws = Ws::new();
    ws.write(".codex/config.toml", "model = \"o3\"\n[mcp_servers\n");
    let before = tree(ws.path());
    let out = init(&ws, &["--host", "codex"]).code(78);
    assert!(
        out.stderr.contains(".codex/config.toml:2:"),
        "{}",
        out.stderr
    );
    assert_eq!(tree(ws.path()), before, "{}", out.stderr);
}

/// Gemini reads its settings as JSON with comments: init accepts them,
/// says the rewrite drops them and keeps them in the backup; an error in
/// such a file is placed where it is in the file.
#[test]
fn gemini_settings_with_comments_are_accepted() {
    let ws = Ws::new();
    let text = "// project settings\n{\n  /* the look */\n  \"theme\": \"GitHub\", // dark one day\n  \"general\": { \"vimMode\": true }\n}\n";
    ws.write(".gemini/settings.json", text);
    let out = init(&ws, &["--host", "gemini", "--dry-run"]).ok().stdout;
    assert!(out.contains("its comments would not be kept"), "{out}");
    let out = init(&ws, &["--host", "gemini"]).ok().stdout;
    let bak = ws.path().join(".gemini/settings.json.flowgate.bak");
    assert!(
        out.contains(&format!(
            "its comments were not kept (flowgate rewrites the JSON and cannot keep them); they are in the backup {}",
            bak.display()
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&bak).unwrap(), text);
    let now = json_of(&ws, ".gemini/settings.json");
    assert_eq!(now["theme"], "GitHub");
    assert_eq!(now["general"], json!({"vimMode": true}));
    assert_eq!(now["hooks"]["BeforeTool"].as_array().unwrap().len(), 1);

    // --remove reads comments too.
    let ws = Ws::new();
    ws.write(".gemini/settings.json", text);
    let out = init(&ws, &["--host", "gemini", "--remove"]).ok().stdout;
    assert!(out.contains("nothing to remove"), "{out}");
    assert_eq!(read(&ws, ".gemini/settings.json"), text);

    // A mistake after a comment: its own line and column.
    let ws = Ws::new();
    ws.write(".gemini/settings.json", "{ /* é */ \"theme\": }\n");
    let out = init(&ws, &["--host", "gemini"]).code(78);
    let col = "{ /* é */ \"theme\": ".len() + 1;
    assert!(
        out.stderr
            .contains(&format!(".gemini/settings.json:1:{col}: ")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("comments allowed"), "{}", out.stderr);
    // Claude Code's settings are plain JSON: comments are refused there.
    let ws = Ws::new();
    ws.write(".claude/settings.json", "{ // no\n}\n");
    let out = init(&ws, &["--host", "claude"]).code(78);
    assert!(out.stderr.contains("without comments"), "{}", out.stderr);
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// The umask the tests run under, as the shell reports it.
fn umask() -> u32 {
    let out = std::process::Command::new("sh")
        .args(["-c", "umask"])
        .output()
        .unwrap();
    u32::from_str_radix(String::from_utf8(out.stdout).unwrap().trim(), 8).unwrap()
}

/// A settings file that is a symbolic link stays a link and its target
/// gets the change; existing files keep their mode; new ones get the
/// umask's; a link to nothing stops init before anything is created.
#[test]
fn links_and_modes_are_kept() {
    let ws = Ws::new();
    let original = "{\n  \"model\": \"opus\"\n}\n";
    ws.write("shared/claude-settings.json", original);
    let target = ws.path().join("shared/claude-settings.json");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::fs::create_dir_all(ws.path().join(".claude")).unwrap();
    let link = ws.path().join(".claude/settings.json");
    std::os::unix::fs::symlink("../shared/claude-settings.json", &link).unwrap();
    ws.write(".mcp.json", "{}\n");
    std::fs::set_permissions(
        ws.path().join(".mcp.json"),
        std::fs::Permissions::from_mode(0o604),
    )
    .unwrap();

    let out = init(&ws, &["--host", "claude"]).ok().stdout;
    assert!(
        out.contains(&format!(
            "{} is a symbolic link: wrote {}, the link stays",
            link.display(),
            target.canonicalize().unwrap().display()
        )),
        "{out}"
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("../shared/claude-settings.json")
    );
    let merged: Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(merged["model"], "opus");
    assert!(merged["hooks"]["PreToolUse"].is_array(), "{merged}");
    assert_eq!(mode(&target), 0o640);
    assert_eq!(mode(&ws.path().join(".mcp.json")), 0o604);
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".claude/settings.json.flowgate.bak")).unwrap(),
        original
    );
    // New files: as any new file (0666 less the umask), not 0600.
    let fresh = 0o666 & !umask();
    for rel in [".flowgate/config.toml", ".flowgate/workflows/example.toml"] {
        assert_eq!(mode(&ws.path().join(rel)), fresh, "{rel}");
    }
    // --remove writes through the link too.
    init(&ws, &["--host", "claude", "--remove"]).ok();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    same_json(
        &serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap(),
        &serde_json::from_str(original).unwrap(),
    );
    assert_eq!(mode(&target), 0o640);

    let ws = Ws::new();
    init(&ws, &["--host", "codex"]).ok();
    for rel in [".codex/hooks.json", ".codex/config.toml"] {
        assert_eq!(mode(&ws.path().join(rel)), fresh, "{rel}");
    }

    // A link to nothing: refused, nothing created, the link untouched.
    let ws = Ws::new();
    std::fs::create_dir_all(ws.path().join(".gemini")).unwrap();
    std::os::unix::fs::symlink("missing.json", ws.path().join(".gemini/settings.json")).unwrap();
    let before = tree(ws.path());
    let out = init(&ws, &["--host", "gemini"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr
            .contains("is a symbolic link to missing.json, which does not exist"),
        "{}",
        out.stderr
    );
    assert_eq!(tree(ws.path()), before);
}
