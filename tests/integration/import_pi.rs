//! `flowgate import pi DIR…`: pi-workflows definitions (a directory of
//! workflow directories, `workflow.yaml` plus Markdown phase files with
//! front matter) become flowgate TOML that validates and runs.

use crate::harness::Ws;

/// A pi-workflows tier like the reference's example: a workflow with a
/// subworkflow, a blacklist, a whitelist, templates, a shared phase file,
/// a hidden loop, and one whose commandName differs from its directory.
fn pi_tier(ws: &Ws) -> std::path::PathBuf {
    let root = "pi/.pi/workflows";
    ws.write(
        &format!("{root}/bugfix/workflow.yaml"),
        r#"name: Bug Fix
commandName: bugfix
sessionNamePrefix: "Fix: "
sessionNameMaxLength: 40
initialMessage: |
  Begin {workflowName} ({workflowKey}) for "{description}".
  First: {firstPhaseEmoji} {firstPhaseName} — profiles: {firstPhaseProfiles}
roleInstruction: You lead this fix. Follow the phase instructions.
advanceReminder: "When done, advance."
blockReasonTemplate: "{toolName} is blocked in {phaseName}."
notDoneReminder: "Still in {phaseEmoji} {phaseName} of {workflowName}; finish it, then call workflow_step."
completionMessage: "Done: {workflowName}"
phases:
  - diagnose.md
  - { subworkflow: review-loop }
  - ../_lib/verify.md
"#,
    );
    ws.write(
        &format!("{root}/bugfix/diagnose.md"),
        "---\nid: diagnose\nname: Diagnose\nemoji: \"🔬\"\ntools:\n  blacklist: [edit, write]\navailableProfiles: [scout]\n---\n\nFind the root cause of {description}. Next up: {nextPhaseName}.\nWhen done call {toolName} action='next'.\n",
    );
    ws.write(
        &format!("{root}/_lib/verify.md"),
        "---\nid: verify\nname: Verify\nemoji: ✅\ntools:\n  whitelist:\n    - read\n    - bash\n---\nRun the tests. Quotes ''' and \"\"\" and a backslash \\ stay as written.\n",
    );
    ws.write(
        &format!("{root}/review-loop/workflow.yaml"),
        "name: Patch & Check\nshow: workflows      # commandName/initialMessage may be omitted\nloopable: true\nphases: [patch.md, check.md]\n",
    );
    ws.write(
        &format!("{root}/review-loop/patch.md"),
        "---\nid: patch\nname: Patch\nemoji: 🩹\n---\nPatch it.\n",
    );
    ws.write(
        &format!("{root}/review-loop/check.md"),
        "---\r\nid: check\r\nname: Check\r\nemoji: 🔍\r\n---\r\nIf problems remain call workflow_step loop, else next.\r\n",
    );
    ws.write(
        &format!("{root}/Docs/workflow.yaml"),
        "name: Docs\ncommandName: docs-review\ninitialMessage: Review the docs for {description}.\nloopable: false\nphases:\n  - read.md\n",
    );
    ws.write(
        &format!("{root}/Docs/read.md"),
        "---\nid: read\nname: Read\nemoji: 📖\n---\nRead the docs.\n",
    );
    ws.path().join(root)
}

#[test]
fn a_pi_tier_imports_into_toml_that_validates_and_runs() {
    let ws = Ws::new();
    ws.run(&["init"]).ok();
    let dir = pi_tier(&ws);
    let out = ws.run(&["import", "pi", &dir.display().to_string()]);
    let report = out.ok().stdout;
    for want in [
        "bugfix → .flowgate/workflows/bugfix.toml",
        "review-loop → .flowgate/workflows/review-loop.toml",
        "Docs → .flowgate/workflows/docs-review.toml",
        "sessionNamePrefix",
        "sessionNameMaxLength",
    ] {
        assert!(report.contains(want), "missing {want:?} in\n{report}");
    }
    let bugfix =
        std::fs::read_to_string(ws.path().join(".flowgate/workflows/bugfix.toml")).unwrap();
    for want in [
        "name = \"Bug Fix\"",
        "tools = { deny = [\"edit\", \"write\"] }",
        "tools = { allow = [\"read\", \"bash\"] }",
        "profiles = [\"scout\"]",
        "subworkflow = \"review-loop\"",
        "[messages]",
        "role = \"You lead this fix. Follow the phase instructions.\"",
        "advance = \"When done, advance.\"",
        "blocked = \"{toolName} is blocked in {phaseName}.\"",
        "not_done = ",
        "completed = \"Done: {workflowName}\"",
        "cancelled = \"Done: {workflowName}\"",
        "Begin {workflowName} ({workflowKey}) for \"{description}\".",
    ] {
        assert!(bugfix.contains(want), "missing {want:?} in\n{bugfix}");
    }
    let review =
        std::fs::read_to_string(ws.path().join(".flowgate/workflows/review-loop.toml")).unwrap();
    assert!(
        review.contains("hidden = true") && review.contains("loopable = true"),
        "{review}"
    );
    let docs =
        std::fs::read_to_string(ws.path().join(".flowgate/workflows/docs-review.toml")).unwrap();
    assert!(docs.contains("loopable = false"), "{docs}");
    // Everything validates, and the workflow runs through its subworkflow.
    let v = ws.run(&["validate"]);
    assert_eq!(v.code, 0, "{}{}", v.stdout, v.stderr);
    let first = ws.run(&["start", "bugfix", "login fails"]).ok().stdout;
    assert!(
        first.contains("Begin Bug Fix (bugfix) for \"login fails\"."),
        "{first}"
    );
    assert!(
        first.contains("First: 🔬 Diagnose — profiles: scout"),
        "{first}"
    );
    // The blacklist holds in the imported phase.
    ws.cw("tool_call", "tool_call_before.edit").code(2);
    ws.run(&["step", "next"]).ok();
    let status = ws.run(&["status"]).ok().stdout;
    assert!(status.contains("Patch"), "{status}");
    ws.run(&["step", "next"]).ok();
    ws.run(&["step", "loop"]).ok();
    assert!(ws.run(&["status"]).ok().stdout.contains("Patch"));
    ws.run(&["step", "next"]).ok();
    ws.run(&["step", "next"]).ok();
    let status = ws.run(&["status"]).ok().stdout;
    assert!(status.contains("Verify"), "{status}");
    let text = ws.run(&["step", "status"]).ok().stdout;
    assert!(
        text.contains("''' and \"\"\" and a backslash \\ stay as written"),
        "{text}"
    );
    // The hidden one cannot be started; the renamed one can, by its command name.
    ws.run(&["cancel"]).ok();
    ws.run(&["start", "review-loop", "x"]).code(64);
    ws.run(&["start", "docs-review", "the API"]).ok();
}

#[test]
fn existing_files_are_kept_unless_forced() {
    let ws = Ws::new();
    ws.run(&["init"]).ok();
    let dir = pi_tier(&ws);
    let d = dir.display().to_string();
    ws.run(&["import", "pi", &d]).ok();
    let file = ws.path().join(".flowgate/workflows/bugfix.toml");
    std::fs::write(&file, "# mine\n").unwrap();
    let out = ws.run(&["import", "pi", &d]);
    out.code(1);
    assert!(
        out.stdout.contains("bugfix") && out.stdout.contains("--force"),
        "{}",
        out.stdout
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "# mine\n");
    ws.run(&["import", "pi", "--force", &d]).ok();
    assert!(std::fs::read_to_string(&file).unwrap().contains("Bug Fix"));
}

#[test]
fn one_workflow_directory_and_what_cannot_be_imported() {
    let ws = Ws::new();
    ws.run(&["init"]).ok();
    let dir = pi_tier(&ws);
    // A single workflow directory: its subworkflow is not among the imported
    // ones nor flowgate's, so it is not written, and the report says why.
    let out = ws.run(&["import", "pi", &dir.join("bugfix").display().to_string()]);
    out.code(1);
    assert!(
        out.stdout.contains("review-loop") && out.stdout.contains("not found"),
        "{}",
        out.stdout
    );
    assert!(!ws.path().join(".flowgate/workflows/bugfix.toml").exists());
    // Broken sources are named with their file and reason.
    ws.write(
        "bad/nofm/workflow.yaml",
        "name: X\ncommandName: x\ninitialMessage: go\nphases: [a.md]\n",
    );
    ws.write("bad/nofm/a.md", "no front matter here\n");
    ws.write("bad/syntax/workflow.yaml", "name: [unclosed\n");
    ws.write(
        "bad/escape/workflow.yaml",
        "name: E\ncommandName: e\ninitialMessage: go\nphases: [../../outside.md]\n",
    );
    ws.write("outside.md", "---\nid: o\nname: O\nemoji: x\n---\nx\n");
    ws.write(
        "bad/both/workflow.yaml",
        "name: B\ncommandName: b\ninitialMessage: go\nphases: [a.md]\n",
    );
    ws.write(
        "bad/both/a.md",
        "---\nid: a\nname: A\nemoji: x\ntools: { blacklist: [edit], whitelist: [read] }\n---\nx\n",
    );
    let out = ws.run(&["import", "pi", &ws.path().join("bad").display().to_string()]);
    out.code(1);
    let r = &out.stdout;
    assert!(r.contains("a.md") && r.contains("front matter"), "{r}");
    assert!(r.contains("syntax/workflow.yaml:"), "{r}");
    assert!(r.contains("escapes"), "{r}");
    assert!(r.contains("blacklist") && r.contains("whitelist"), "{r}");
    let v = ws.run(&["validate"]);
    assert_eq!(v.code, 0, "nothing invalid was written: {}", v.stderr);
}

/// Nothing outside `.flowgate/` is written: a `workflows` directory or a
/// workflow file that is a link is refused, and its target stays as it was.
#[cfg(unix)]
#[test]
fn import_never_writes_through_a_link() {
    let ws = Ws::new();
    let dir = pi_tier(&ws);
    let d = dir.display().to_string();
    let outside = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(ws.path().join(".flowgate")).unwrap();
    std::os::unix::fs::symlink(outside.path(), ws.path().join(".flowgate/workflows")).unwrap();
    let out = ws.run(&["import", "pi", &d]);
    assert_ne!(out.code, 0, "{out:?}");
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);

    std::fs::remove_file(ws.path().join(".flowgate/workflows")).unwrap();
    std::fs::create_dir(ws.path().join(".flowgate/workflows")).unwrap();
    let target = outside.path().join("victim.txt");
    std::fs::write(&target, "keep\n").unwrap();
    std::os::unix::fs::symlink(&target, ws.path().join(".flowgate/workflows/bugfix.toml")).unwrap();
    let out = ws.run(&["import", "pi", "--force", &d]);
    assert_ne!(out.code, 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep\n");
}
