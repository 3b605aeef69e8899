//! Shell writes under path rules (issue 10), through the real binary on
//! every host: the files a shell command writes are checked against the
//! phase's `files` rule when flowgate can name them (redirections, `cp`,
//! `tee`, `sed -i`, output options, …), and refused when it cannot. Before
//! issue 10 every shell write was refused in a path-limited phase. Also: a
//! command defined in `config.toml` changes a decision, and a phase with
//! `shell.unknown = "deny"` refuses commands flowgate does not know.

use serde_json::{Value, json};

use crate::harness::{Out, Ws};
use crate::leaks::{hook_bytes, is_host_deny, pre_tool_use};

const HOSTS: [&str; 4] = ["codewhale", "claude", "codex", "gemini"];

/// A shell tool call running `command`, as each host sends it.
fn bash(ws: &Ws, host: &str, command: &str) -> Out {
    if host == "codewhale" {
        return ws.bash(command);
    }
    let tool = match host {
        "gemini" => "run_shell_command",
        _ => "Bash",
    };
    let stdin = pre_tool_use(host, tool, json!({ "command": command }));
    hook_bytes(ws, "tool_call", host, stdin.as_bytes())
}

fn allowed(host: &str, out: &Out) -> bool {
    match host {
        "codewhale" => out.code == 0 && out.json()["decision"] == "allow",
        _ => out.code == 0 && out.stdout.trim().is_empty(),
    }
}

/// The deny reason, whichever host shape it came in.
fn reason(out: &Out) -> String {
    let v: Value = serde_json::from_str(out.stdout.trim()).unwrap_or(Value::Null);
    // Texts write paths with a division slash (U+2215); compare with `/`.
    format!("{} {}", out.stdout, v)
        .replace("\\u201c", "“")
        .replace('∕', "/")
}

fn phase(ws: &Ws) -> String {
    let s = ws.state();
    let run = &s["run"];
    let top = run["path"].as_array().unwrap().last().unwrap().clone();
    let wf = top["workflow"].as_str().unwrap();
    let i = top["index"].as_u64().unwrap() as usize;
    run["definitions"][wf]["phases"][i]["phase"]["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A workspace in tdd's red phase; `config` goes to .flowgate/config.toml.
fn red(config: &str) -> Ws {
    let ws = Ws::new();
    ws.write(
        ".flowgate/config.toml",
        &format!("test_command = \"test ! -e tests/broken\"\n{config}"),
    );
    ws.write("src/lib.rs", "fn x() {}\n");
    ws.write("tests/dates.rs", "#[test] fn t() {}\n");
    ws.run(&["start", "tdd", "parse dates"]).ok();
    assert_eq!(phase(&ws), "red");
    ws
}

#[test]
fn shell_writes_to_named_paths_follow_the_files_rule() {
    let ws = red("");
    for host in HOSTS {
        // Red lets the shell write test files when it can name them.
        for cmd in [
            "echo x > tests/a.txt",
            "printf 'x\\n' | tee tests/b.txt",
            "sed -i s/a/b/ tests/dates.rs",
            "cp src/lib.rs tests/copy.rs",
            "mkdir -p tests/fixtures && cp data.json tests/fixtures/",
            "cd tests && echo x > c.txt",
            "cat src/lib.rs > tests/snapshot.txt 2>/dev/null",
            "cat src/lib.rs",
        ] {
            let out = bash(&ws, host, cmd);
            assert!(allowed(host, &out), "{host} {cmd}: {out:?}");
        }
        // A write to another path is denied, naming that path.
        for (cmd, path) in [
            ("echo x > src/a.rs", "src/a.rs"),
            ("cp tests/a.txt src/b.rs", "src/b.rs"),
            ("mv src/lib.rs tests/lib.rs", "src/lib.rs"),
            ("cd tests && echo x > ../src/a.rs", "src/a.rs"),
            ("sed -i s/a/b/ tests/dates.rs src/lib.rs", "src/lib.rs"),
            ("pandoc notes.md -o src/notes.html", "src/notes.html"),
        ] {
            let out = bash(&ws, host, cmd);
            assert!(is_host_deny(host, &out), "{host} {cmd}: {out:?}");
            let r = reason(&out);
            assert!(
                r.contains(path) && r.contains("may not change in this phase"),
                "{host} {cmd}: the reason names {path}: {r}"
            );
        }
        // A write whose file cannot be named is denied as such.
        for cmd in [
            "cp a \"$(echo src)/b\"",
            "cargo fmt",
            "echo x > \"$OUT\"",
            "touch tests/a; cd src; touch b",
        ] {
            let out = bash(&ws, host, cmd);
            assert!(is_host_deny(host, &out), "{host} {cmd}: {out:?}");
            assert!(
                reason(&out).contains("flowgate cannot name every"),
                "{host} {cmd}: {}",
                reason(&out)
            );
        }
        let out = bash(&ws, host, "echo x > /etc/flowgate-test");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        assert!(reason(&out).contains("is outside the"), "{out:?}");
    }

    // Green: the other way round.
    ws.write("tests/broken", "");
    ws.run(&["step", "next"]).ok();
    assert_eq!(phase(&ws), "green");
    for host in HOSTS {
        let out = bash(&ws, host, "echo x > src/a.rs");
        assert!(allowed(host, &out), "{host}: {out:?}");
        let out = bash(&ws, host, "echo x > tests/a.txt");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        assert!(reason(&out).contains("tests/a.txt"), "{out:?}");
    }
}

/// A generator flowgate does not know: it writes the file `--dest` names.
const MYGEN: &str = r#"
[shell.commands.mygen]
output = ["--dest", "-d"]
values = ["--template"]
"#;

#[test]
fn a_command_defined_in_config_changes_the_decision() {
    // Without the definition, `mygen` is an unknown command with no sign of
    // a write: allowed.
    let ws = red("");
    let out = bash(
        &ws,
        "codewhale",
        "mygen --template t.tmpl --dest src/gen.rs",
    );
    assert!(allowed("codewhale", &out), "{out:?}");

    // With it, the write to src/gen.rs is seen and denied, naming the path;
    // one under tests/ is allowed.
    let ws = red(MYGEN);
    for host in HOSTS {
        let out = bash(&ws, host, "mygen --template t.tmpl --dest src/gen.rs");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        assert!(reason(&out).contains("src/gen.rs"), "{host}: {out:?}");
        let out = bash(&ws, host, "mygen -d tests/gen_test.rs");
        assert!(allowed(host, &out), "{host}: {out:?}");
    }
    // explain shows what the analyser makes of it.
    let out = ws.run(&["explain", "shell", "mygen --dest src/gen.rs"]);
    assert!(out.stdout.contains("Files named: src/gen.rs"), "{out:?}");
}

#[test]
fn a_project_task_runner_defined_in_config_judges_task_names() {
    // As a plain task runner, only formatter and fixer names write.
    let ws = red("[shell.commands.mytasks]\ntasks = true\n");
    let out = bash(&ws, "codewhale", "mytasks gen-mocks");
    assert!(allowed("codewhale", &out), "{out:?}");
    // As a runner of the project's own tasks, code generation writes too
    // (files it does not name: denied in red, which allows only tests/).
    let ws = red("[shell.commands.mytasks]\nproject_tasks = true\n");
    for host in HOSTS {
        let out = bash(&ws, host, "mytasks gen-mocks");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        let out = bash(&ws, host, "mytasks test");
        assert!(allowed(host, &out), "{host}: {out:?}");
    }
}

#[test]
fn a_user_command_overrides_the_built_in_one() {
    // `tee` writes its arguments; a project that wraps it differently can
    // say so (here: it writes nothing).
    let ws = red("[shell.commands.tee]\nwrites = \"never\"\n");
    let out = bash(&ws, "codewhale", "echo x | tee src/a.rs");
    assert!(allowed("codewhale", &out), "{out:?}");
    let ws = red("");
    let out = bash(&ws, "codewhale", "echo x | tee src/a.rs");
    assert!(is_host_deny("codewhale", &out), "{out:?}");
}

#[test]
fn shell_command_definitions_are_validated_with_locations() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/config.toml",
        "[shell.commands.mygen]\nwrite = \"always\"\noutput = [\"dest\"]\ntargets = \"sometimes\"\nruns = \"script\"\n[shell.commands.mygen.subcommands.gen]\nwrites = \"maybe\"\n",
    );
    let out = ws.run(&["validate"]);
    assert_eq!(out.code, 78, "{out:?}");
    let all = format!("{}{}", out.stdout, out.stderr);
    for want in [
        "config.toml:2:1: unknown key \"write\" in [shell.commands.mygen] (did you mean \"writes\"?)",
        "config.toml:3:10: \"output\" in [shell.commands.mygen] lists options like \"-o\"",
        "config.toml:4:11: \"targets\" in [shell.commands.mygen] must be",
        "config.toml:5:8: \"runs\" in [shell.commands.mygen] goes with \"run\"",
        "config.toml:7:10: \"writes\" in [shell.commands.mygen gen] must be",
    ] {
        assert!(all.contains(want), "{want}\n{all}");
    }
}

/// A task runner whose `-x CODE` runs Ruby: its inline code is read as
/// `ruby -e` is.
const RUBYTASK: &str = r#"
[shell.commands.rtask]
inline_code = ["-x", "--exec"]
code_lang = "ruby"
"#;

#[test]
fn a_user_command_runs_inline_code_in_the_language_it_names() {
    let ws = red(RUBYTASK);
    for host in HOSTS {
        let out = bash(&ws, host, "rtask -x 'File.write(\"src/a.rb\", \"x\")'");
        assert!(is_host_deny(host, &out), "{host}: {out:?}");
        let out = bash(&ws, host, "rtask --exec 'puts File.read(\"src/a.rb\")'");
        assert!(allowed(host, &out), "{host}: {out:?}");
    }
    // Read as Python (the default), the same write is not seen: the
    // language is what decides.
    let ws = red("[shell.commands.rtask]\ninline_code = [\"-x\"]\n");
    let out = bash(
        &ws,
        "codewhale",
        "rtask -x 'File.write(\"src/a.rb\", \"x\")'",
    );
    assert!(allowed("codewhale", &out), "{out:?}");
    // `python_code`, the field's older name, is inline Python.
    let ws = red("[shell.commands.pyrun]\npython_code = [\"-e\"]\n");
    let out = bash(&ws, "codewhale", "pyrun -e 'open(\"src/a.py\", \"w\")'");
    assert!(is_host_deny("codewhale", &out), "{out:?}");
}

#[test]
fn inline_code_languages_are_validated_with_locations() {
    let ws = Ws::new();
    ws.write(
        ".flowgate/config.toml",
        "[shell.commands.a]\ninline_code = [\"-e\"]\ncode_lang = \"cobol\"\n[shell.commands.b]\ncode_lang = \"ruby\"\n[shell.commands.c]\npython_code = [\"-e\"]\ninline_code = [\"-x\"]\n",
    );
    let out = ws.run(&["validate"]);
    assert_eq!(out.code, 78, "{out:?}");
    let all = format!("{}{}", out.stdout, out.stderr);
    for want in [
        "config.toml:3:13: \"code_lang\" in [shell.commands.a] must be one of python, node, perl, ruby, php, lua, r, elixir, julia, matlab, found \"cobol\"",
        "config.toml:5:13: \"code_lang\" in [shell.commands.b] is the language of the \"inline_code\" options",
        "config.toml:7:15: \"python_code\" in [shell.commands.c] is the older name of \"inline_code\"",
    ] {
        assert!(all.contains(want), "{want}\n{all}");
    }
}

/// A read-only phase that runs only commands flowgate knows.
const STRICT: &str = r#"
name = "Strict"
[[phases]]
id = "look"
name = "Look"
instructions = "Look around; {allowedTools}."
shell = { deny_writes = true, unknown = "deny" }
"#;

#[test]
fn a_phase_can_refuse_commands_flowgate_does_not_know() {
    let ws = Ws::new();
    ws.write(".flowgate/workflows/strict.toml", STRICT);
    let out = ws.run(&["start", "strict", "x"]);
    assert!(
        out.stdout
            .contains("shell commands may not write files or run commands flowgate does not know"),
        "{out:?}"
    );
    for host in HOSTS {
        for cmd in ["ls -la", "git status && cargo test", "grep -rn TODO src"] {
            let out = bash(&ws, host, cmd);
            assert!(allowed(host, &out), "{host} {cmd}: {out:?}");
        }
        for (cmd, name) in [
            ("mytool --list", "mytool"),
            ("python3 scripts/report.py", "report.py"),
            ("./run_checks.sh", "run_checks.sh"),
        ] {
            let out = bash(&ws, host, cmd);
            assert!(is_host_deny(host, &out), "{host} {cmd}: {out:?}");
            assert!(
                reason(&out).contains(&format!("does not know what “{name}” does")),
                "{host} {cmd}: {}",
                reason(&out)
            );
        }
    }
    // The key is checked where it is written.
    let ws = Ws::new();
    ws.write(
        ".flowgate/workflows/bad.toml",
        "name = \"Bad\"\n[[phases]]\nid = \"a\"\nname = \"A\"\ninstructions = \"x\"\nshell = { unknown = \"sometimes\" }\n",
    );
    let out = ws.run(&["validate"]);
    assert_eq!(out.code, 78, "{out:?}");
    let all = format!("{}{}", out.stdout, out.stderr);
    assert!(
        all.contains("bad.toml:6:21: \"unknown\" (shell)")
            && all.contains("must be \"allow\" or \"deny\", found \"sometimes\""),
        "{all}"
    );
}

/// `runs = "container"` with `mounts`: the command it runs counts only
/// through a writable mount of a host path.
#[test]
fn a_container_command_defined_in_config() {
    let ws = red(
        "[shell.commands.box]\nrun = 1\nruns = \"container\"\nmounts = [\"--bind\"]\nvalues = [\"--name\"]\n",
    );
    let out = ws.run(&["explain", "shell", "box --name x --bind .:/a img rm /a/x"]);
    assert!(
        out.stdout.contains("a write to /a/x in a container"),
        "{out:?}"
    );
    let out = ws.run(&["explain", "shell", "box --name x img rm /a/x"]);
    assert!(out.stdout.contains("(none found)"), "{out:?}");
}
