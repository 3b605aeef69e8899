//! Authoring helpers: shell completions and the workflow-authoring guide.

use crate::harness::{Ws, repo};

#[test]
fn completions_for_each_shell() {
    let ws = Ws::new();
    let bash = ws.run(&["completions", "bash"]).ok().stdout;
    assert!(
        bash.contains("complete -F _flowgate") && bash.contains("validate"),
        "{bash}"
    );
    // The script is valid bash.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("flowgate.bash");
    std::fs::write(&file, &bash).unwrap();
    let st = std::process::Command::new("bash")
        .arg("-n")
        .arg(&file)
        .status()
        .unwrap();
    assert!(st.success(), "bash -n rejected the completion script");
    let zsh = ws.run(&["completions", "zsh"]).ok().stdout;
    assert!(zsh.starts_with("#compdef flowgate"), "{zsh}");
    let fish = ws.run(&["completions", "fish"]).ok().stdout;
    assert!(
        fish.contains("complete -c flowgate") && fish.contains("step"),
        "{fish}"
    );
    let out = ws.run(&["completions", "tcsh"]);
    out.code(64);
    assert!(
        out.stderr.contains("possible values: bash, zsh, fish"),
        "{}",
        out.stderr
    );
}

#[test]
fn guide_is_the_authoring_doc() {
    let ws = Ws::new();
    let out = ws.run(&["guide"]).ok().stdout;
    let doc = std::fs::read_to_string(repo().join("docs/authoring.md")).unwrap();
    assert_eq!(out.trim_end(), doc.trim_end());
    for topic in [
        "checks",
        "files",
        "subworkflow",
        "flowgate step next",
        "flowgate validate",
        "Skip when clean",
        "profiles",
    ] {
        assert!(out.contains(topic), "the guide should cover {topic}");
    }
}

/// The complete example in the guide is a workflow that validates and runs,
/// as a user who copies it would find.
#[test]
fn the_guides_example_validates_and_runs() {
    let doc = std::fs::read_to_string(repo().join("docs/authoring.md")).unwrap();
    let marker = "<!-- example: release.toml -->";
    let at = doc.find(marker).expect("the guide has a complete example");
    let block = doc[at..]
        .split("```toml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let ws = Ws::new();
    ws.write(".flowgate/workflows/release.toml", block);
    let marker = "<!-- example: lib/checklist.md -->";
    let at = doc
        .find(marker)
        .expect("the guide has the shared instructions file");
    let md = doc[at..]
        .split("```markdown\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    ws.write(".flowgate/workflows/lib/checklist.md", md);
    let marker = "<!-- example: review-loop.toml -->";
    let at = doc.find(marker).expect("the guide has the loop");
    let sub = doc[at..]
        .split("```toml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    ws.write(".flowgate/workflows/review-loop.toml", sub);
    let out = ws.run(&["validate"]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    ws.run(&["start", "release", "ship 1.2"]).ok();
    let next = ws.run(&["step", "next"]).ok().stdout;
    assert!(
        next.contains("Advanced") || next.contains("Entered"),
        "{next}"
    );
}

/// `explain` names the phase and the very rule that decides, for each kind
/// of rule.
#[test]
fn explain_names_the_deciding_rule() {
    let ws = Ws::new();
    ws.run(&["start", "bugfix", "x"]).ok();
    let out = ws
        .run(&["explain", "tool", "edit", r#"{"path":"a.rs"}"#])
        .ok()
        .stdout;
    assert!(
        out.contains("phase \"diagnose\": tools.deny entry \"@write\" covers edit"),
        "{out}"
    );
    let out = ws.run(&["explain", "shell", "echo hi > x"]).ok().stdout;
    assert!(
        out.contains("phase \"diagnose\": shell.deny_writes (redirection to x)"),
        "{out}"
    );
    let out = ws
        .run(&["explain", "shell", "git push origin main"])
        .ok()
        .stdout;
    assert!(
        out.contains("phase \"diagnose\": shell.deny pattern matches \"git push origin main\""),
        "{out}"
    );
    ws.write(
        ".flowgate/workflows/lim.toml",
        "name = \"L\"\n[[phases]]\nid = \"t\"\nname = \"T\"\ninstructions = \"x\"\ntools = { allow = [\"@read\", \"write\"] }\nfiles = { allow = [\"tests/**\"] }\n",
    );
    ws.run(&["start", "--replace", "lim", "x"]).ok();
    let out = ws
        .run(&["explain", "tool", "bash", r#"{"command":"ls"}"#])
        .ok()
        .stdout;
    assert!(
        out.contains("phase \"t\": tools.allow (@read, write) does not cover bash"),
        "{out}"
    );
    let out = ws
        .run(&[
            "explain",
            "tool",
            "write",
            r#"{"path":"src/a.rs","content":""}"#,
        ])
        .ok()
        .stdout;
    assert!(
        out.contains("phase \"t\": files.allow does not cover src/a.rs"),
        "{out}"
    );
    let out = ws
        .run(&["explain", "tool", "read", r#"{"path":"src/a.rs"}"#])
        .ok()
        .stdout;
    assert!(
        out.contains("allow") && out.contains("phase \"t\""),
        "{out}"
    );
}
