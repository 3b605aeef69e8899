//! Unit tests for `analyse`, one group per construct.

use super::analyse;

fn writes(cmd: &str) -> Vec<String> {
    let a = analyse(cmd);
    assert_eq!(a.unparsable, None, "{cmd:?} unexpectedly unparsable");
    a.writes
}

fn is_write(cmd: &str) -> bool {
    !writes(cmd).is_empty()
}

fn texts(cmd: &str) -> Vec<String> {
    analyse(cmd).commands.into_iter().map(|c| c.text).collect()
}

#[test]
fn simple_command_words_and_text() {
    let a = analyse("FOO=1 BAR='x y' git  push   origin \"my branch\"");
    assert_eq!(a.commands.len(), 1);
    assert_eq!(
        a.commands[0].argv().collect::<Vec<_>>(),
        ["git", "push", "origin", "my branch"]
    );
    assert_eq!(a.commands[0].text, "git push origin my branch");
    assert!(a.writes.is_empty());
}

#[test]
fn operators_split_commands() {
    assert_eq!(
        texts("a; b && c || d | e & f\ng"),
        ["a", "b", "c", "d", "e", "f", "g"]
    );
    assert_eq!(texts("a |& b"), ["a", "b"]);
}

#[test]
fn quotes_and_escapes() {
    assert_eq!(
        analyse(r#"echo 'a"b' "c'd" e\ f $'g\th' \$x"#).commands[0]
            .argv()
            .collect::<Vec<_>>(),
        ["echo", "a\"b", "c'd", "e f", "g\th", "$x"]
    );
    assert!(!is_write("echo 'a > b' \"c >> d\" e\\>f"));
    assert!(is_write("\\rm x"));
    assert!(is_write("r''m x"));
}

#[test]
fn redirections() {
    assert_eq!(writes("echo a > out.txt"), ["redirection to out.txt"]);
    for w in [
        "x >> f", "x >| f", "x &> f", "x &>> f", "x 1> f", "x 2> f", "x <> f", "x >& f", ">f",
        "x 3>>f",
    ] {
        assert!(is_write(w), "{w}");
    }
    for r in [
        "x > /dev/null",
        "x 2>/dev/null",
        "x 2>&1",
        "x >&2",
        "x 1>&2",
        "x &>/dev/null",
        "x > /dev/stderr",
        "x >/dev/stdout",
        "x 2>&-",
        "x < in.txt",
        "x <&0",
        "x 3>&1-",
    ] {
        assert!(!is_write(r), "{r}");
    }
}

#[test]
fn substitutions_are_analysed() {
    assert_eq!(
        texts("echo $(date) `whoami`"),
        ["date", "whoami", "echo $(date) `whoami`"]
    );
    assert!(is_write("echo \"$(rm -f x)\""));
    assert!(is_write("echo `touch x`"));
    assert!(is_write("echo ${x:-$(rm y)}"));
    assert!(is_write("x=$(mv a b)"));
    assert!(is_write("cat <(cp a b)"));
    assert!(is_write("echo `echo \\`rm x\\``"));
    assert!(!is_write("echo $((1 > 2))"));
}

#[test]
fn compound_commands() {
    assert!(is_write("(cd x && rm y)"));
    assert!(is_write("{ rm y; }"));
    assert!(is_write("{ echo a; } > f"));
    assert!(is_write(
        "if true; then rm x; elif false; then :; else :; fi"
    ));
    assert!(is_write("for i in 1 2; do touch $i; done"));
    assert!(is_write("while false; do :; done > log"));
    assert!(is_write("case $a in (x) rm a;; y|z) :;; esac"));
    assert!(is_write("f() { rm x; }; f"));
    assert_eq!(texts("if [ -f x ]; then cat x; fi"), ["[ -f x ]", "cat x"]);
    assert_eq!(texts("for f in a b; do echo $f; done"), ["echo $f"]);
    assert!(!is_write("[[ $a > $b ]]"));
    assert!(!is_write("(( x > 3 )) && echo y"));
}

#[test]
fn heredocs() {
    assert!(!is_write("cat <<EOF\nrm -rf / > x\nEOF"));
    assert!(!is_write("cat <<'EOF'\n$(rm x)\nEOF"));
    assert!(
        is_write("cat <<EOF\n$(rm x)\nEOF"),
        "unquoted here-doc bodies are expanded"
    );
    assert!(is_write("cat > f <<EOF\nx\nEOF"));
    assert!(is_write("cat <<-EOF > f\n\tx\n\tEOF"));
    assert!(is_write("bash <<'EOF'\nrm x\nEOF"));
    assert!(is_write("python3 - <<'PY'\nopen('x', 'w')\nPY"));
    assert!(is_write("git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\""));
    assert_eq!(
        texts("cat <<A <<B\na\nA\nb\nB\necho done"),
        ["cat", "echo done"]
    );
    assert!(is_write("tee f <<< 'x'"));
}

#[test]
fn wrappers_are_removed() {
    for (cmd, argv0) in [
        ("sudo -u root -E rm x", "rm"),
        ("env -i A=1 B=2 rm x", "rm"),
        ("nice -n 5 rm x", "rm"),
        ("timeout -s KILL 10s rm x", "rm"),
        ("nohup rm x", "rm"),
        ("stdbuf -oL rm x", "rm"),
        ("command rm x", "rm"),
        ("exec rm x", "rm"),
        ("time rm x", "rm"),
        ("xargs -0 -I{} rm {}", "rm"),
        ("sudo env FOO=1 nice xargs rm", "rm"),
        ("npx prettier --write .", "prettier"),
        ("uv run --with x ruff format", "ruff"),
    ] {
        let a = analyse(cmd);
        assert_eq!(
            a.commands.last().and_then(|c| c.argv().next()),
            Some(argv0),
            "{cmd}"
        );
        assert!(!a.writes.is_empty(), "{cmd}");
    }
    assert!(!is_write("command -v rm"));
    assert_eq!(texts("sudo -i"), ["sudo -i"]);
}

#[test]
fn nested_interpreters() {
    assert!(is_write("bash -c 'rm x'"));
    assert!(is_write("sh -ec \"touch x\""));
    assert!(is_write("bash -o pipefail -c 'cp a b'"));
    assert!(is_write("eval 'rm x'"));
    assert!(is_write("eval rm x"));
    assert!(is_write("echo 'rm x' | sh"));
    assert!(is_write("su -c 'rm x' root"));
    assert!(is_write("find . -exec rm {} \\;"));
    assert!(is_write("find . -execdir sh -c 'mv \"$1\" x' _ {} +"));
    assert!(is_write("find . -delete"));
    assert!(!is_write("find . -exec grep -l x {} +"));
    assert!(!is_write("bash script.sh"));
    assert!(!is_write("bash -c 'ls'"));
    let a = analyse("bash -c 'git status && rm x'");
    assert_eq!(
        a.commands
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>(),
        ["bash -c git status && rm x", "git status", "rm x"]
    );
}

#[test]
fn known_writers() {
    for w in [
        "tee a",
        "cp a b",
        "mv a b",
        "rm a",
        "rmdir a",
        "touch a",
        "mkdir a",
        "ln -s a b",
        "install a b",
        "truncate -s0 a",
        "dd if=a of=b",
        "sed -i s/a/b/ f",
        "sed -ibak s/a/b/ f",
        "perl -pi -e 1 f",
        "patch -p1",
        "chmod +x a",
        "chown u a",
        "shred a",
        "unlink a",
        "rsync -a a/ b/",
        "git apply p",
        "git am p",
        "git checkout f",
        "git switch b",
        "git restore f",
        "git stash",
        "git commit -m x",
        "git reset --hard",
        "git clean -fd",
        "git rm f",
        "git mv a b",
        "git merge b",
        "git rebase main",
        "git cherry-pick x",
        "git revert x",
        "git pull",
        "git init",
        "git clone u",
        "git add .",
        "git tag v1",
        "git branch -D b",
        "cargo fmt",
        "rustfmt a.rs",
        "gofmt -w .",
        "go fmt ./...",
        "black .",
        "ruff format .",
        "ruff check --fix",
        "prettier --write .",
        "eslint --fix .",
        "clang-format -i a.c",
        "isort .",
        "npm install",
        "npm i",
        "yarn add x",
        "pip install x",
        "cargo add x",
        "tar xzf a.tgz",
        "unzip a.zip",
        "curl -o f u",
        "curl -O u",
        "wget u",
        "python -c \"open('a','w')\"",
        "node -e \"fs.writeFileSync('a','b')\"",
        "perl -e 'open(F, \">a\")'",
        "ruby -e 'File.write(\"a\", \"b\")'",
    ] {
        assert!(is_write(w), "{w}");
    }
}

#[test]
fn read_only_counterparts() {
    for r in [
        "tee",
        "tee /dev/null",
        "sed -n 1p f",
        "sed s/a/b/ f",
        "perl -ne 'print' f",
        "patch --dry-run -p1",
        "rsync -n -a a/ b/",
        "rsync -a a/ host:b/",
        "git apply --check p",
        "git stash list",
        "git branch",
        "git branch -a",
        "git tag -l",
        "git status",
        "git fetch",
        "git push",
        "cargo fmt --check",
        "cargo fmt -- --check",
        "rustfmt --check a.rs",
        "gofmt -l .",
        "black --check .",
        "ruff format --check .",
        "ruff check .",
        "prettier --check .",
        "eslint .",
        "isort --check-only .",
        "npm test",
        "npm run build",
        "tar tzf a.tgz",
        "unzip -l a.zip",
        "curl u",
        "curl -o /dev/null u",
        "curl -o - u",
        "wget -qO- u",
        "wget -O - u",
        "wget --spider u",
        "python x.py",
        "python -c 'print(open(\"a\").read())'",
        "node -e 'console.log(1)'",
        "cargo build",
        "cargo test",
        "cargo clippy",
        "make",
        "pytest",
        "go test ./...",
        "awk '{print $1}' f",
        "awk '$1 > 2' f",
        "jq '.a > 1' f",
        "echo x >&2",
        "grep '>' f",
    ] {
        assert!(!is_write(r), "{r}: {:?}", writes(r));
    }
}

#[test]
fn unparsable_inputs() {
    for bad in [
        "echo 'abc",
        "echo \"abc",
        "echo $(ls",
        "echo `ls",
        "echo ${x",
        "cat <<EOF\nno end",
        "cat <<EOF",
        "echo )",
        "case x in a) echo",
        "echo >",
    ] {
        assert!(analyse(bad).unparsable.is_some(), "{bad:?}");
    }
    let deep = format!("{}x{}", "$(".repeat(200), ")".repeat(200));
    assert_eq!(
        analyse(&deep).unparsable.as_deref(),
        Some("nesting too deep")
    );
    // `eval eval … rm x`: each eval re-analyses the rest one level deeper.
    let evals = format!("{}rm x", "eval ".repeat(100));
    assert_eq!(
        analyse(&evals).unparsable.as_deref(),
        Some("nesting too deep")
    );
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

#[test]
fn reasonable_nesting_is_fine() {
    let mut s = "rm x".to_string();
    for _ in 0..8 {
        s = format!("bash -c {}", shell_quote(&s));
    }
    assert_eq!(writes(&s), ["rm"]);
}

#[test]
fn containers_and_tool_installers() {
    assert_eq!(writes("docker cp web:/app/x ./x"), ["docker cp"]);
    assert!(!is_write("docker cp ./x web:/app/x"));
    assert!(is_write("kubectl cp pod:/tmp/a ./a"));
    assert_eq!(writes("pipx install ruff"), ["pipx install"]);
    assert!(is_write("pipx uninstall ruff"));
    assert!(!is_write("pipx list"));
}

#[test]
fn plain_words_split_one_plain_command_only() {
    assert_eq!(
        super::plain_words("bash -lc 'flowgate step next'").unwrap(),
        vec!["bash", "-lc", "flowgate step next"]
    );
    assert_eq!(
        super::plain_words("a \"b c\" 'd;e'").unwrap(),
        vec!["a", "b c", "d;e"]
    );
    // Backslash escapes mean what they mean to the shell: still one command.
    assert_eq!(
        super::plain_words(r#"x 'it'\''s' a\;b "q\"""#).unwrap(),
        vec!["x", "it's", "a;b", "q\""]
    );
    for not_plain in [
        "bash -lc 'x' && rm y",
        "echo $(rm x)",
        "echo \"$HOME\"",
        "ls *.rs",
        "a\nb",
        "x > y",
        "'open",
    ] {
        assert!(super::plain_words(not_plain).is_none(), "{not_plain}");
    }
}

proptest::proptest! {
    #![proptest_config(crate::proptest_config(256))]

    /// `text_starts_with` reads from the words what `text().starts_with`
    /// says, for prefixes cut from the text anywhere (inside a word, at a
    /// space, past the end) and changed in one byte.
    #[test]
    fn a_shown_command_knows_how_its_text_starts(
        words in proptest::collection::vec("[ab é]{0,4}", 0..5),
        cut in 0usize..30,
        change in proptest::option::of(0usize..30),
    ) {
        let argv: Vec<super::parse::Arg<'_>> = words.iter().map(|w| w.as_str().into()).collect();
        let mut text = String::new();
        let mut shown = super::Shown { argv: &argv, text: &mut text, built: false };
        let whole = shown.text().to_string();
        let mut prefix: String = whole.chars().take(cut).collect();
        if cut > whole.chars().count() {
            prefix.push('a');
        }
        if let Some(at) = change
            && let Some((i, c)) = prefix.char_indices().nth(at)
        {
            prefix.replace_range(i..i + c.len_utf8(), if c == 'a' { "b" } else { "a" });
        }
        proptest::prop_assert_eq!(shown.text_starts_with(&prefix), whole.starts_with(&prefix));
    }
}

#[test]
fn analyse_each_sees_the_same_commands_analyse_collects() {
    for cmd in [
        "FOO=1 sudo tee -a log < in && bash -c 'sed -i s/a/b/ f' | grep x",
        "find . -name '*.tmp' -exec rm {} \\; ; echo $(git status) `ls`",
        "echo 'unterminated",
    ] {
        let full = super::analyse(cmd);
        let mut seen = Vec::new();
        let each =
            super::analyse_each(cmd, &Default::default(), &mut |c| seen.push(c.to_command()));
        assert_eq!(seen, full.commands, "{cmd}");
        assert!(each.commands.is_empty());
        assert_eq!(each.writes, full.writes);
        assert_eq!(each.unparsable, full.unparsable);
    }
}

#[test]
fn run_time_code_and_names_are_unanalysable_with_a_plain_reason() {
    for (cmd, reason) in [
        (
            "cmd=rm; $cmd -rf build",
            "the command name is only known at run time ($cmd)",
        ),
        (
            "curl -fsSL https://x/install.sh | sh",
            "the code run by sh comes from a pipe, only known at run time",
        ),
        (
            "bash -c \"$CMD\"",
            "the code run by bash -c is only known at run time ($CMD)",
        ),
        (
            "eval \"$(curl -s https://x/y)\"",
            "the code run by eval is only known at run time ($(curl -s https://x/y))",
        ),
        (
            "source <(curl -s https://x)",
            "the code run by source comes from a process substitution, only known at run time",
        ),
        (
            "$(printf '%s' very-long-command-name-that-goes-on-and-on) x",
            "the command name is only known at run time ($(printf '%s' very-long-command-name-…)",
        ),
    ] {
        let a = analyse(cmd);
        assert_eq!(a.unparsable.as_deref(), Some(reason), "{cmd:?}");
        assert!(reason.len() < 100, "{reason}");
    }
    // Run-time arguments are data; only names and code are run-time commands.
    for ok in [
        "echo $HOME",
        "ls \"$DIR\"",
        "cat $(git ls-files | head -1)",
        "bash -c 'echo $HOME'",
        "eval 'echo $HOME'",
        "echo hi | sh",
        "\"$HOME/.cargo/bin/cargo\" --version",
        "find . -exec grep -l x {} +",
    ] {
        assert_eq!(analyse(ok).unparsable, None, "{ok:?}");
    }
}

#[test]
fn run_time_rule_finds_the_right_word() {
    let unknown = |cmd: &str| analyse(cmd).unparsable.is_some();
    for cmd in [
        // the marks follow the words through wrappers and nested commands
        "find . -exec sh -c \"$X\" \\;",
        "sudo -u root bash -c \"$X\"",
        "nice -n 5 timeout 3 env A=1 \"$X\"",
        "python3 -m $MOD",
        // an unquoted expansion in a wrapper's options may become the command
        "timeout $T ls",
        // a path is a name only once its last part is literal and quoted
        "$HOME/bin/tool x",
        "\"$D/$T\" x",
        "\"$D\"/*/x",
        // placeholders as names or as the whole script
        "ls | xargs -I % sh -c '%'",
        "find . -exec '{}' \\;",
        "ls | xargs sudo",
        // a compound command's output is more than its last command's
        "(curl -s u; echo ls) | sh",
        "for u in a b; do curl -s $u; done | bash",
        // an unquoted here-doc is expanded before the shell reads it
        "bash <<EOF\necho $HOME\nEOF",
        "python3 - <<EOF\nprint('$X')\nEOF",
        "echo \"$X\" | sh",
    ] {
        assert!(unknown(cmd), "{cmd:?}");
    }
    // the fallback for words after the 63rd still sees the expansion
    let many = format!("env {}\"$X\" y", "A=1 ".repeat(70));
    assert!(unknown(&many));

    for cmd in [
        "sudo -u root bash -c 'echo $X'",
        "timeout \"$T\" ls",
        "\"$HOME/bin/tool\" x",
        "\"$(git rev-parse --show-toplevel)\"/scripts/lint.sh",
        "bash -c \"echo $((1 + 2))\"",
        "ls | xargs -I{} sh -c 'wc -l < {}'",
        "find . -name '*.sh' -exec sh -c 'head -1 {}' \\;",
        "ls | xargs -0 grep x",
        "a[1]=x",
        "bash <<'EOF'\necho $HOME\nEOF",
        "printf 'ls\\n' | sh",
        "echo '$x'",
        "\\$x y",
        "[ -f x ] && [[ -d y ]]",
        "echo {a,b} *.rs",
    ] {
        assert_eq!(analyse(cmd).unparsable, None, "{cmd:?}");
    }
    // run-time code still has its visible part analysed: globs and `explain`
    // see what it can of it
    let a = analyse("bash -c \"rm -rf $DIR\"");
    assert!(a.unparsable.is_some());
    assert_eq!(a.writes, ["rm"]);
}

// --- issue 10: the table engine, targets, unknown commands ------------------

fn targets(cmd: &str) -> Vec<String> {
    let a = analyse(cmd);
    assert_eq!(a.unparsable, None, "{cmd:?} unexpectedly unparsable");
    a.targets
}

fn unnamed(cmd: &str) -> Vec<String> {
    analyse(cmd).unnamed
}

#[test]
fn writes_name_the_files_they_touch() {
    for (cmd, want) in [
        ("echo x > out.txt", &["out.txt"][..]),
        ("echo x >> a 2> b", &["a", "b"]),
        ("cp a b c dest/", &["dest/"]),
        ("cp -t dest/ a b", &["dest/"]),
        ("mv a b", &["a", "b"]),
        ("rm -rf build dist", &["build", "dist"]),
        ("tee x.log y.log < in", &["x.log", "y.log"]),
        ("sed -i -e s/a/b/ f1 f2", &["f1", "f2"]),
        ("sed -i.bak 's/a/b/' -- -odd", &["-odd"]),
        ("perl -pi -e 's/a/b/' f.txt", &["f.txt"]),
        ("chmod +x a.sh b.sh", &["a.sh", "b.sh"]),
        ("dd if=/dev/zero of=disk.img bs=1M", &["disk.img"]),
        ("sort -o sorted.txt in.txt", &["sorted.txt"]),
        ("curl -sSLo bin/tool https://x/tool", &["bin/tool"]),
        ("wget -O page.html https://x", &["page.html"]),
        ("tar czf out.tgz src/", &["out.tgz"]),
        ("tar xzf a.tgz -C vendor", &["vendor"]),
        ("uniq in.txt out.txt", &["out.txt"]),
        ("pandoc a.md -o b.html", &["b.html"]),
        ("git -C sub diff --output=x.patch", &["sub/x.patch"]),
        ("env -C d touch x", &["d/x"]),
        ("cd pkg && touch a", &["pkg/a"]),
        ("cd /abs && touch a", &["/abs/a"]),
        ("prettier --write src tests", &["src", "tests"]),
        ("black -q src/", &["src/"]),
        ("gofmt -l -w .", &["."]),
        ("sqlite3 app.db 'DELETE FROM t'", &["app.db"]),
        ("strace -o trace.txt ls", &["trace.txt"]),
        ("script log.txt make", &["log.txt"]),
        ("protoc --go_out=gen api.proto", &["gen"]),
        ("mytool --out-file=o.bin", &["o.bin"]),
    ] {
        assert_eq!(targets(cmd), want, "{cmd}");
        assert!(unnamed(cmd).is_empty(), "{cmd}: {:?}", unnamed(cmd));
    }
}

#[test]
fn writes_that_cannot_name_their_files_say_so() {
    for cmd in [
        "cargo fmt",
        "npm install",
        "git commit -m x",
        "cp a \"$(echo src)/b\"",
        "echo x > \"$OUT\"",
        "echo x > ~/.bashrc",
        "touch *.txt",
        "cp a {b,c}",
        "tar xzf a.tgz",
        "cp a",
        "mytool --fix",
        "python -c \"open('x','w')\"",
        "find . -name '*.o' -delete",
        "ls | xargs rm",
        "cd \"$D\" && touch a",
        "touch a; cd b",
        "(cd sub) && touch a",
        "cd sub | cat; touch a",
        "cd sub & touch a",
    ] {
        let a = analyse(cmd);
        assert!(!a.writes.is_empty(), "{cmd}");
        assert!(!a.unnamed.is_empty(), "{cmd}: {a:?}");
    }
    // A write named before a later `cd` is no longer sure (loops, functions).
    let a = analyse("for d in a b; do touch f; cd sub; done");
    assert!(a.targets.is_empty() && !a.unnamed.is_empty(), "{a:?}");
}

#[test]
fn read_only_forms_of_writing_commands() {
    for cmd in [
        "go fmt -n ./...",
        "git tag -n5 v1.0.0",
        "git tag --list 'v1.*'",
        "git branch -vv",
        "git config user.name",
        "git commit --dry-run",
        "git clean -fdn",
        "git rm -r -n --cached build/",
        "npm install --dry-run",
        "npm pack --dry-run",
        "uv lock --check",
        "cargo fix --help",
        "cargo add --help",
        "cargo fmt -- --check",
        "cargo install --list",
        "go mod tidy -diff",
        "ruff check --fix --diff .",
        "rustfmt --emit stdout src/lib.rs",
        "rustfmt --emit=stdout src/lib.rs",
        "dart format --output=none .",
        "terraform fmt -check=true",
        "buildifier -mode=check BUILD",
        "kubectl get pods -o yaml",
        "yq -o json . f.yaml",
        "gzip -dc a.gz",
        "wget -qO- https://x",
        "curl -o - https://x",
        "unzip -l a.zip",
        "rsync -avn src/ dst/",
        "aws s3 cp dist/a s3://b/a",
        "scp host:a.txt -",
        "command -v rm",
        "parallel --dry-run gzip ::: *.log",
        "make -n fmt",
        "sqlite3 -readonly app.db 'DELETE FROM t'",
        "sqlite3 app.db 'SELECT 1'",
        "duckdb -c 'CREATE TABLE t (a INT)'",
        "pwsh -c 'Get-ChildItem | Out-String'",
        "lua -e 'io.write(1)'",
        "Rscript -e 'writeLines(\"x\")'",
    ] {
        let a = analyse(cmd);
        assert!(a.writes.is_empty(), "{cmd}: {:?}", a.writes);
        assert_eq!(a.unparsable, None, "{cmd}");
    }
}

#[test]
fn subcommands_wrappers_and_runners_follow_the_table() {
    for (cmd, want) in [
        ("git -c core.x=1 -C d commit -am x", "git commit"),
        ("git stash", "git stash"),
        ("git tag v1", "git tag"),
        ("git tag -d v1", "git tag -d"),
        ("git config set user.name x", "git config set"),
        ("cargo +nightly fmt", "cargo fmt"),
        ("uv pip install x", "uv pip install"),
        ("rustup component add clippy", "rustup component add"),
        ("npm audit fix", "npm audit fix"),
        ("npm run lint:fix", "npm run lint:fix"),
        ("npm run lint -- --fix", "npm run lint --fix"),
        ("pnpm lint --fix", "pnpm lint --fix"),
        ("yarn", "yarn"),
        ("sudo -u root timeout 5 nice -n 3 rm x", "rm"),
        ("flock /tmp/l -c 'npm ci'", "npm ci"),
        ("trap 'rm -f x' EXIT", "rm"),
        ("watch -n 2 'date >> t.log'", "redirection to t.log"),
        ("hyperfine 'touch a' 'touch b'", "touch"),
        ("git submodule foreach 'git pull'", "git pull"),
        ("gdb --args cp a b", "cp"),
        ("env -S 'touch x'", "touch"),
        ("script -c 'rm x' /dev/null", "rm"),
        (
            "python manage.py makemigrations",
            "manage.py makemigrations",
        ),
        ("php artisan make:model User", "artisan make:model"),
        ("bundle exec rails db:migrate", "rails db:migrate"),
        ("./gradlew spotlessApply", "gradlew spotlessApply"),
        ("mvn -q versions:set -DnewVersion=2", "mvn versions:set"),
        ("make fmt", "make fmt"),
        ("parallel gzip ::: a b", "gzip"),
        ("npx prisma migrate dev", "prisma migrate dev"),
        ("uvx ruff format .", "ruff format"),
        ("docker save img -o img.tar", "docker save -o img.tar"),
        ("pip-compile requirements.in", "pip-compile"),
        ("R CMD INSTALL pkg", "R CMD INSTALL"),
    ] {
        let w = writes(cmd);
        assert!(w.iter().any(|x| x == want), "{cmd}: {w:?}");
    }
}

#[test]
fn inline_code_in_powershell_lua_and_r() {
    for cmd in [
        "pwsh -c \"Set-Content -Path out.txt -Value 'x'\"",
        "pwsh -NoProfile -Command 'Remove-Item -Recurse build'",
        "powershell \"Add-Content notes.md 'x'\"",
        "pwsh -c '\"x\" | Out-File log.txt'",
        "pwsh -c 'Get-Date > now.txt'",
        "pwsh -c '[IO.File]::WriteAllText(\"a\", \"b\")'",
        "pwsh -c 'git commit -am x'",
        "pwsh -c 'Invoke-WebRequest https://x -OutFile a.zip'",
        "pwsh -c 'ls | ForEach-Object { Remove-Item $_ }'",
        "lua -e 'local f = io.open(\"o\", \"w\")'",
        "lua -e 'io.output(\"o.txt\")'",
        "lua -e 'os.execute(\"rm x\")'",
        "Rscript -e 'write.csv(df, \"a.csv\")'",
        "Rscript -e 'cat(1, file = \"a.txt\")'",
        "Rscript -e 'system(\"rm x\")'",
        "R -e 'sink(\"log.txt\")'",
        "echo 'os.remove(\"x\")' | lua -",
    ] {
        assert!(is_write(cmd), "{cmd}: {:?}", analyse(cmd));
    }
    for cmd in [
        "pwsh -c 'Get-Content a.txt | Select-String x'",
        "pwsh -c 'Write-Host hi; $x = Get-Date'",
        "pwsh -c 'Tee-Object -Variable v'",
        "pwsh -c 'cargo test'",
        "lua -e 'for l in io.lines(\"a\") do print(l) end'",
        "Rscript -e 'x <- read.csv(\"a.csv\"); print(summary(x))'",
        "Rscript -e 'cat(\"hi\\n\")'",
    ] {
        assert!(!is_write(cmd), "{cmd}: {:?}", analyse(cmd));
    }
    // Code PowerShell builds at run time.
    for cmd in [
        "pwsh -c 'Invoke-Expression $code'",
        "pwsh -EncodedCommand ZQBjAGgAbwA=",
        "pwsh -c \"$X\"",
    ] {
        assert!(analyse(cmd).unparsable.is_some(), "{cmd}");
    }
}

#[test]
fn parser_gaps_of_issue_10() {
    for cmd in [
        "time { cargo fmt; cargo test; }",
        "time -p (rm -rf tmp)",
        "time (rm -rf tmp && mkdir tmp)",
        "coproc tee build.log",
        "coproc LOGGER { tee -a session.log; }",
        "(( n += $(touch m && echo 1) ))",
        "echo $(( $(rm -f a; echo 1) + 1 ))",
        "for ((i=0; i<$(mkdir -p o && echo 3); i++)); do :; done",
        "arr=( $(touch a b) )",
        "x=( `rm y` )",
    ] {
        assert!(is_write(cmd), "{cmd}: {:?}", analyse(cmd));
    }
    assert_eq!(texts("time cargo test"), ["cargo test"]);
    assert_eq!(texts("time -p cargo test"), ["cargo test"]);
    assert_eq!(texts("coproc NAME { ls; }"), ["ls"]);
    assert_eq!(
        texts("(( $(git rev-list --count HEAD) > 1 ))"),
        ["git rev-list --count HEAD"]
    );
    // `time` with options of the program is the program
    assert_eq!(writes("time -o t.txt ls"), ["time -o t.txt"]);
}

#[test]
fn commands_flowgate_does_not_know_are_listed() {
    let a = analyse("mytool x | other-tool && ls && python3 gen.py && npm run build");
    assert_eq!(a.unknown, ["mytool", "other-tool", "gen.py"]);
    assert!(a.writes.is_empty());
    // the general rules judge them
    assert_eq!(writes("mytool -o out.bin in"), ["mytool -o out.bin"]);
    assert_eq!(
        writes("mytool --output=out.bin"),
        ["mytool --output out.bin"]
    );
    assert_eq!(writes("mytool --outdir dist"), ["mytool --outdir dist"]);
    assert_eq!(writes("mytool --write"), ["mytool --write"]);
    assert_eq!(writes("./scripts/format.sh"), ["format.sh"]);
    assert!(!is_write("mytool --output-format json"));
    assert!(!is_write("mytool --fix --dry-run"));
    assert!(!is_write("mytool -o -"));
    assert!(!is_write("mytool --fix-dry-run"));
    assert!(
        analyse("ls -la && grep -rn x . && git status")
            .unknown
            .is_empty()
    );
}

#[test]
fn user_commands_come_before_the_table() {
    use super::spec::{Targets, cmd};
    let mut users = super::UserCommands::default();
    users.insert(cmd(&["mygen"]).output(&["--dest"]));
    users.insert(cmd(&["tee"]));
    const DEPLOY: &[super::spec::Spec] =
        &[super::spec::sub(&["apply"]).writes_targets(Targets::Last)];
    users.insert(cmd(&["deploy"]).subs(DEPLOY));
    users.insert(cmd(&["pyrun"]).inline_code(super::Lang::Python, &["-e"]));
    assert!(
        !super::analyse_with("pyrun -e 'open(\"o.txt\", \"w\")'", &users)
            .writes
            .is_empty()
    );
    assert!(
        super::analyse_with("pyrun -e 'print(1)'", &users)
            .writes
            .is_empty()
    );
    let a = super::analyse_with("mygen --dest src/x.rs", &users);
    assert_eq!(a.targets, ["src/x.rs"]);
    assert!(a.unknown.is_empty());
    assert!(
        super::analyse_with("echo x | tee f", &users)
            .writes
            .is_empty()
    );
    assert_eq!(
        super::analyse_with("deploy apply a b", &users).targets,
        ["b"]
    );
    // without them
    assert!(analyse("mygen --dest src/x.rs").writes.is_empty());
    assert_eq!(analyse("mygen --dest src/x.rs").unknown, ["mygen"]);
    assert!(is_write("echo x | tee f"));
}

#[test]
fn sql_given_to_sqlite3() {
    for cmd in [
        "sqlite3 app.db \"INSERT INTO users VALUES (1)\"",
        "sqlite3 app.db < schema.sql",
        "echo 'DROP TABLE t;' | sqlite3 app.db",
        "sqlite3 app.db <<'EOF'⏎CREATE TABLE t (a);⏎EOF",
        "sqlite3 -readonly app.db '.output out.txt' 'select 1'",
        "sqlite3 app.db '.backup b.db'",
        "sqlite3 app.db 'PRAGMA journal_mode = WAL'",
        "sqlite3 app.db \".shell rm x\"",
        "duckdb -c \"COPY (SELECT 1) TO 'o.csv'\"",
    ] {
        let cmd = cmd.replace('⏎', "\n");
        assert!(is_write(&cmd), "{cmd}");
    }
    for cmd in [
        "sqlite3 app.db .schema",
        "sqlite3 app.db 'SELECT * FROM t; SELECT 2'",
        "sqlite3 :memory: 'CREATE TABLE t (a)'",
        "echo 'select 1;' | sqlite3 app.db",
        "sqlite3 --version",
    ] {
        assert!(!is_write(cmd), "{cmd}: {:?}", writes(cmd));
    }
}

mod engine_properties {
    //! The table engine must never panic, on any command in the table with
    //! any mix of its own options, values and arguments.
    use proptest::prelude::*;

    use super::super::analyse;
    use super::super::table::TABLE;

    /// A word a table command might be given: one of its option entries
    /// (with or without a value), a subcommand, or an argument.
    fn words() -> impl Strategy<Value = String> {
        let names: Vec<&'static str> = TABLE.iter().flat_map(|s| s.names.iter().copied()).collect();
        let entries: Vec<String> = TABLE
            .iter()
            .flat_map(|s| {
                [
                    s.values,
                    s.output,
                    s.files,
                    s.write_flags,
                    s.read_only,
                    s.listing,
                    s.run_after,
                    s.code,
                    s.chdir,
                ]
                .into_iter()
                .flatten()
                .copied()
                .chain(s.subcommands.iter().flat_map(|c| c.names.iter().copied()))
            })
            .map(str::to_string)
            .chain(
                [
                    "--",
                    "-",
                    "x",
                    "a b",
                    "$X",
                    "{}",
                    "/dev/null",
                    "host:p",
                    "~/f",
                    "+n",
                ]
                .map(String::from),
            )
            .collect();
        (
            prop::sample::select(names),
            prop::collection::vec(
                (
                    prop::sample::select(entries),
                    prop::bool::ANY,
                    "[a-z./=-]{0,6}",
                ),
                0..12,
            ),
        )
            .prop_map(|(name, args)| {
                let mut s = name.to_string();
                for (w, glue, v) in args {
                    s.push(' ');
                    s.push_str(&super::super::quote(&w));
                    if glue {
                        s.push_str(&v);
                    } else if !v.is_empty() {
                        s.push(' ');
                        s.push_str(&super::super::quote(&v));
                    }
                }
                s
            })
    }

    proptest! {
        #![proptest_config(crate::proptest_config(3000))]

        #[test]
        fn the_engine_never_panics_on_table_commands(cmd in words()) {
            let a = analyse(&cmd);
            prop_assert_eq!(
                a.writes.is_empty(),
                a.targets.is_empty() && a.unnamed.is_empty(),
                "{:?}: {:?}", cmd, a
            );
            // with a wrapper and a runner in front, too
            let _ = analyse(&format!("sudo timeout 3 {cmd}"));
            let _ = analyse(&format!("npm run x -- {cmd}"));
            let _ = analyse(&format!("bash -c {}", super::super::quote(&cmd)));
        }
    }
}

/// Pairs (a write, its read-only twin): the first must be flagged, the
/// second not. Collects every wrong answer before failing, so a reverted
/// table entry shows all the pairs it breaks.
fn check_pairs(pairs: &[(&str, &str)]) {
    let mut wrong = Vec::new();
    for (w, r) in pairs {
        if !is_write(w) {
            wrong.push(format!("write missed: {w}"));
        }
        if is_write(r) {
            wrong.push(format!("read-only flagged: {r} {:?}", writes(r)));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Seventeenth blind batch: a developer machine's settings (dconf,
/// gsettings, alternatives, default applications, host name, time zone,
/// locale, font cache, chezmoi), package extraction, and flags that send
/// an archive or a torrent's listing to stdout.
#[test]
fn blind17_machine_settings() {
    check_pairs(&[
        (
            "dconf load /org/gnome/terminal/ < terminal.dconf",
            "dconf dump /org/gnome/terminal/",
        ),
        (
            "dconf write /org/gnome/x/y true",
            "dconf read /org/gnome/x/y",
        ),
        (
            "gsettings set org.gnome.desktop.interface color-scheme 'prefer-dark'",
            "gsettings get org.gnome.desktop.interface color-scheme",
        ),
        (
            "sudo update-alternatives --set editor /usr/bin/vim.basic",
            "update-alternatives --display editor",
        ),
        (
            "xdg-mime default org.gnome.Evince.desktop application/pdf",
            "xdg-mime query default application/pdf",
        ),
        ("sudo hostnamectl set-hostname devbox", "hostnamectl status"),
        ("hostnamectl hostname devbox", "hostnamectl hostname"),
        (
            "sudo timedatectl set-timezone Europe/Berlin",
            "timedatectl list-timezones",
        ),
        ("localectl set-locale LANG=en_US.UTF-8", "localectl status"),
        ("fc-cache -fv ~/.local/share/fonts", "fc-list : family"),
        ("chezmoi apply -v", "chezmoi apply --dry-run -v"),
        ("chezmoi add ~/.zshrc", "chezmoi diff"),
        (
            "dpkg-deb -x shop_1.8.1_amd64.deb /tmp/pkg",
            "dpkg-deb -c shop_1.8.1_amd64.deb",
        ),
        ("7z x data.7z", "7z x -so data.7z reports/q3.csv"),
        (
            "aria2c https://example.com/a.iso",
            "aria2c -S debian-12.torrent",
        ),
        // fd runs the command once per result, with the path appended
        // when the command has no placeholder
        (
            "fd -e ts -x sd 'fetchOrders' 'loadOrders'",
            "fd -e ts -x wc -l",
        ),
        ("fd -e log -X rm", "fd -e ts -x sd -p 'a' 'b'"),
    ]);
}

/// Seventeenth batch: sftp fetches a `HOST:PATH` operand; its commands on
/// stdin write with `get` and `lmkdir` and run shell code with `!`.
#[test]
fn blind17_sftp() {
    check_pairs(&[
        (
            "sftp -b - web1 <<< 'get /var/log/shop/app.log /tmp/app.log'",
            "sftp -b - web1 <<< 'ls -l /var/log/shop'",
        ),
        (
            "printf 'cd logs\\nget app.log\\n' | sftp web1",
            "printf 'cd logs\\nls\\n' | sftp web1",
        ),
        (
            "sftp web1 <<'EOF'\nlmkdir out\nEOF",
            "sftp web1 <<'EOF'\nput a.txt\nEOF",
        ),
        (
            "sftp -P 2222 dev@web1:/etc/nginx/nginx.conf .",
            "sftp -P 2222 dev@web1",
        ),
        ("sftp '[fe80::1]:/etc/hosts'", "sftp -b cmds.txt web1"),
        ("sftp web1 <<< '!rm -f local.txt'", "sftp web1 <<< '!ls'"),
    ]);
}

/// Fifteenth batch: python-dotenv's CLI edits the file with `set` and
/// `unset`; dotenv-cli still runs the command it is given.
#[test]
fn blind15_dotenv_set() {
    check_pairs(&[
        (
            "dotenv set API_BASE_URL http://localhost:4000",
            "dotenv get API_BASE_URL",
        ),
        (
            "dotenv -f .env.test unset DEBUG",
            "dotenv -f .env.test list",
        ),
        (
            "dotenv -e .env -- rm -rf dist",
            "dotenv -e .env -- node check.js",
        ),
    ]);
}

/// Eighteenth blind batch: Go's golden-file `-update` convention,
/// PHPUnit's report files, and `git notes prune -n`.
#[test]
fn blind18_reports_and_golden_files() {
    check_pairs(&[
        (
            "go test ./internal/render -run TestGolden -update",
            "go test ./internal/render -run TestGolden",
        ),
        ("go test ./... -args -update", "go test ./... -args -v"),
        (
            "vendor/bin/phpunit --log-junit /tmp/phpunit.xml",
            "vendor/bin/phpunit --filter CartTest",
        ),
        (
            "phpunit --coverage-html build/coverage tests/Unit",
            "phpunit -c phpunit.xml.dist tests/Unit",
        ),
        ("git notes prune", "git notes prune -n"),
    ]);
}

/// Seventeenth batch: xsv and qsv write one file per chunk or group.
#[test]
fn blind17_csv_split() {
    check_pairs(&[
        (
            "xsv split -s 10000 chunks/ orders.csv",
            "xsv count orders.csv",
        ),
        (
            "qsv partition country by-country/ orders.csv",
            "qsv headers orders.csv",
        ),
        (
            "xsv select id,sku orders.csv -o /tmp/ids.csv",
            "xsv select id,sku orders.csv",
        ),
    ]);
}

/// Seventeenth batch: `nohup CMD` writes nohup.out when its output is a
/// terminal (a host may run commands in a pty), not when it is
/// redirected or piped.
#[test]
fn blind17_nohup_out() {
    check_pairs(&[
        (
            "nohup node server.js &",
            "nohup node server.js > /dev/null 2>&1 &",
        ),
        ("nohup ./bin/worker", "nohup ./bin/worker | tail -n 5"),
        ("/usr/bin/nohup sleep 60 &", "nohup sleep 60 &> /dev/null &"),
    ]);
}

/// Fifteenth batch: gpg writes its result beside the FILE it signs,
/// encrypts or decrypts when no `-o` names another; from stdin it writes
/// stdout, and `-d`/`--verify` only show.
#[test]
fn blind15_gpg_beside_the_file() {
    check_pairs(&[
        (
            "gpg --armor --detach-sign dist/shop-1.8.0.tar.gz",
            "gpg --verify dist/shop-1.8.0.tar.gz.asc dist/shop-1.8.0.tar.gz",
        ),
        ("gpg -c secrets.env", "gpg -c -o - secrets.env | base64"),
        (
            "gpg -sab -u dev@shop.test release.tar",
            "tar c src | gpg -ea -r ops@shop.test",
        ),
        ("gpg -e -r ops@shop.test notes.txt", "gpg -d notes.txt.gpg"),
        (
            "gpg --clearsign README.md",
            "gpg --clearsign -o /dev/stdout README.md",
        ),
        ("gpg backup.tar.gpg", "gpg --list-packets backup.tar.gpg"),
        (
            "gpg --batch --yes --encrypt-files a.txt b.txt",
            "gpg --show-keys key.asc",
        ),
        ("gpg --import key.asc", "gpg --list-keys"),
    ]);
}

/// Twentieth blind batch: Django's `call_command` in inline Python runs
/// the management command the table knows; a log or trace file an option
/// names; the lock file `update-browserslist-db` rewrites; a pprof profile
/// fetched from a URL, which pprof saves under ~/pprof.
#[test]
fn b20_call_command_logs_and_profiles() {
    check_pairs(&[
        (
            "python manage.py shell -c \"from django.core.management import call_command; call_command('dumpdata', 'orders', output='/tmp/orders.json')\"",
            "python manage.py shell -c \"from django.core.management import call_command; call_command('dumpdata', 'orders')\"",
        ),
        (
            "python -c \"from django.core import management; management.call_command('makemigrations', 'orders')\"",
            "python -c \"from django.core import management; management.call_command('makemigrations', 'orders', dry_run=True)\"",
        ),
        (
            "python manage.py shell -c \"from django.core.management import call_command; call_command('migrate', interactive=False)\"",
            "python manage.py shell -c \"from django.core.management import call_command; call_command('showmigrations')\"",
        ),
        (
            "gunicorn app.main:app -k uvicorn.workers.UvicornWorker --access-logfile /tmp/access.log --bind :8000",
            "gunicorn app.main:app -k uvicorn.workers.UvicornWorker --access-logfile - --bind :8000",
        ),
        (
            "gunicorn -p /tmp/gunicorn.pid shop.wsgi",
            "gunicorn --check-config shop.wsgi",
        ),
        (
            "npx tsc --noEmit --generateTrace /tmp/tsc-trace",
            "npx tsc --noEmit --extendedDiagnostics",
        ),
        (
            "npx madge --image /tmp/deps.svg src",
            "npx madge --circular src",
        ),
        (
            "npx update-browserslist-db@latest",
            "npx browserslist 'last 2 versions'",
        ),
        (
            "npx browserslist --update-db",
            "npx browserslist --coverage",
        ),
        (
            "go tool pprof -top http://localhost:6060/debug/pprof/heap",
            "go tool pprof -top cpu.prof",
        ),
    ]);
    // a command name only known at run time
    let a = analyse(
        "python -c \"from django.core.management import call_command; call_command(name)\"",
    );
    assert!(a.unparsable.is_some(), "{a:?}");
}

/// Command-line tools the table knew only as writing nothing were not
/// read at all, so the general rules never saw their verbs (`astro add`,
/// `cdk init`): their first words are judged as a known command's unlisted
/// subcommand is, and the few that write the machine's kube config or a
/// process list have their subcommands listed.
#[test]
fn known_tools_with_verbs() {
    check_pairs(&[
        ("npx astro add react", "npx astro check"),
        ("npx cypress install", "npx cypress verify"),
        ("cdk init app --language typescript", "cdk diff ShopStack"),
        ("npx storybook init", "npx storybook dev -p 6006"),
        (
            "sam init --runtime python3.12 --name shop",
            "sam validate --lint",
        ),
        ("nuxt add page about", "nuxt info"),
        ("vault login -method=github", "vault kv get secret/shop/db"),
        ("heroku login", "heroku logs --tail -a shop"),
        ("pm2 save", "pm2 list"),
        ("pm2 flush", "pm2 logs api --lines 50"),
        ("pm2 startup systemd", "pm2 describe api"),
        (
            "eksctl utils write-kubeconfig --cluster shop",
            "eksctl get clusters",
        ),
        (
            "doctl kubernetes cluster kubeconfig save shop",
            "doctl kubernetes cluster list",
        ),
        (
            "k3d kubeconfig merge shop --kubeconfig-switch-context",
            "k3d cluster list",
        ),
        ("kubectx staging", "kubectx -c"),
        ("kubens payments", "kubens --current"),
        (
            "docker-compose run --rm -v \"$PWD\":/app node npm ci",
            "docker-compose run --rm node npm ci",
        ),
        (
            "podman-compose cp web:/app/log.txt ./log.txt",
            "podman-compose logs web",
        ),
        ("minikube update-context", "minikube status"),
    ]);
    for ro in [
        "kubectx",
        "kubens",
        "pm2 --version",
        "cdk --help",
        "astro --help add",
    ] {
        assert!(!is_write(ro), "{ro}: {:?}", writes(ro));
    }
    // a user's tool: known as writing nothing, its verbs are not read; with
    // `verbs`, they are
    let mut users = super::UserCommands::default();
    users.insert(super::spec::cmd(&["shopctl"]));
    assert!(
        super::analyse_with("shopctl init web", &users)
            .writes
            .is_empty()
    );
    users.insert(super::spec::cmd(&["shopctl"]).verbs());
    assert!(
        !super::analyse_with("shopctl init web", &users)
            .writes
            .is_empty()
    );
    assert!(
        super::analyse_with("shopctl status", &users)
            .writes
            .is_empty()
    );
}

/// Fifth blind batch: subcommands that write (caches, config files,
/// scaffolding, `clean`).
#[test]
fn blind5_subcommands_that_write() {
    check_pairs(&[
        ("pip cache purge", "pip cache list"),
        (
            "pip config set global.index-url https://x",
            "pip config list",
        ),
        ("coverage html", "coverage report -m"),
        ("npx turbo prune web --docker", "npx turbo run test"),
        (
            "npx nx g @nx/react:component Button",
            "npx nx g @nx/js:lib utils --dry-run",
        ),
        ("npx nx format:write", "npx nx format:check"),
        ("cargo clean", "cargo build"),
        (
            "bundle config set --local path vendor/bundle",
            "bundle config get path",
        ),
        ("bundle config path vendor/bundle", "bundle config"),
        (
            "vendor/bin/rector process src",
            "vendor/bin/rector process src --dry-run",
        ),
        ("dotnet user-secrets set K v", "dotnet user-secrets list"),
        ("dotnet clean", "dotnet build"),
        ("cabal freeze", "cabal build all"),
        (
            "pulumi config set aws:region us-west-2",
            "pulumi config get aws:region",
        ),
        (
            "kustomize edit set image api=x:1",
            "kustomize build overlays/prod",
        ),
        ("hpack", "ghc --version"),
    ]);
}

/// Fifth blind batch: flags that make a command write, options naming the
/// file it writes, and flags that make a writing command read-only.
#[test]
fn blind5_write_flags_outputs_and_read_only_flags() {
    check_pairs(&[
        ("mypy --install-types --non-interactive src/", "mypy src/"),
        ("yarn constraints --fix", "yarn constraints"),
        (
            "./gradlew dependencies --write-locks",
            "./gradlew dependencies",
        ),
        (
            "bundle exec rubocop --auto-gen-config",
            "bundle exec rubocop",
        ),
        (
            "dotnet nuget locals all --clear",
            "dotnet nuget locals all --list",
        ),
        ("git fsck --lost-found", "git fsck"),
        (
            "keytool -genkeypair -alias a -keystore k.jks",
            "keytool -list -keystore k.jks",
        ),
        ("jar xf app.jar META-INF/MANIFEST.MF", "jar tf app.jar"),
        ("jar -cf app.jar -C build .", "jar --list --file app.jar"),
        (
            "go tool cover -html=c.out -o c.html",
            "go tool cover -func=c.out",
        ),
        ("npx nx graph --file=graph.html", "npx nx graph"),
        (
            "dotnet ef migrations script -o m.sql",
            "dotnet ef migrations script",
        ),
        (
            "bin/rails generate model C body:text",
            "bin/rails generate model C --pretend",
        ),
        (
            "ormolu --mode inplace src/Main.hs",
            "ormolu --mode check src/Main.hs",
        ),
        ("ormolu -i src/Main.hs", "ormolu src/Main.hs"),
        ("mvn clean", "mvn test"),
    ]);
}

/// Fifth blind batch: which arguments are the files written.
#[test]
fn blind5_target_arguments() {
    check_pairs(&[
        (
            "python3 -m json.tool --indent 2 raw.json pretty.json",
            "python3 -m json.tool raw.json",
        ),
        ("dos2unix scripts/*.sh", "dos2unix -i scripts/a.sh"),
        ("dos2unix -n in.txt out.txt", "dos2unix --info=u in.txt"),
    ]);
}

/// `xargs CMD` appends the words it reads: a command writing its arguments
/// writes them, even when none is given on the line.
#[test]
fn xargs_appends_the_files_a_command_writes() {
    check_pairs(&[
        (
            "git ls-files -z '*.py' | xargs -0 black -q",
            "git ls-files -z '*.py' | xargs -0 black --check -q",
        ),
        ("ls *.sh | xargs dos2unix", "ls *.sh | xargs dos2unix -i"),
        ("ls *.txt | xargs sudo tee -a", "ls *.txt | xargs wc -l"),
    ]);
    // with a placeholder, nothing is appended: the arguments are on the line
    assert!(!is_write("ls | xargs -I{} uniq {}"));
    assert!(is_write("ls | xargs -I{} uniq {} out"));
}

/// `elixir -e CODE` is scanned like the other interpreters' inline code.
#[test]
fn inline_elixir_code() {
    check_pairs(&[
        (
            r#"elixir -e 'File.write!("priv/version.txt", "0.3.0")'"#,
            r#"elixir -e 'IO.puts(File.read!("mix.exs"))'"#,
        ),
        (
            r#"elixir -e 'File.rm_rf("_build")'"#,
            r#"elixir -e 'File.exists?("_build") |> IO.inspect'"#,
        ),
        (
            r#"elixir -e 'File.open("log", [:append], fn f -> IO.write(f, "x") end)'"#,
            r#"elixir -e 'File.open("log", [:read], fn f -> IO.read(f, :line) end)'"#,
        ),
        (
            r#"elixir -e 'System.cmd("rm", ["-f", "x"])'"#,
            r#"elixir -e 'System.cmd("git", ["status"])'"#,
        ),
        ("elixir -S mix format", "elixir -S mix test"),
        (
            "elixir --eval ':os.cmd(~c\"touch x\")' ",
            "elixir --version",
        ),
    ]);
}

mod streaming {
    //! Commands are classified while the line is still being parsed
    //! (`parse::parse_each`). Whatever the line, the result must be the one
    //! of parsing it whole first (`analyse_whole`, the way it was done
    //! before).
    use proptest::prelude::*;

    use super::super::{analyse, analyse_whole};

    /// Every command of the shell corpus.
    fn corpus() -> Vec<String> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/shell-corpus");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            for l in text.lines() {
                if let Some((cmd, _)) = l.rsplit_once('\t')
                    && !l.starts_with('#')
                {
                    out.push(cmd.replace('⏎', "\n"));
                }
            }
        }
        out
    }

    #[test]
    fn every_corpus_command_is_analysed_as_if_parsed_whole() {
        let cmds = corpus();
        assert!(cmds.len() > 3000, "{}", cmds.len());
        for cmd in &cmds {
            assert_eq!(analyse(cmd), analyse_whole(cmd), "{cmd}");
        }
    }

    #[test]
    fn a_compound_command_piped_on_after_earlier_commands_still_counts() {
        for cmd in [
            "echo a; echo b && for f in x; do echo rm $f; done | sh",
            "true && if true; then echo rm x; fi | bash",
            "cd src; ls && { echo rm x; } | sh",
            "a; b <<EOF && c\nrm x\nEOF\ncat <<'E' | sh\nrm y\nE\nd",
        ] {
            let a = analyse(cmd);
            assert_eq!(a, analyse_whole(cmd), "{cmd}");
            assert!(
                a.unparsable.is_some() || !a.writes.is_empty(),
                "{cmd}: {a:?}"
            );
        }
    }

    proptest! {
        #![proptest_config(crate::proptest_config(2000))]

        /// Lines of pieces that touch what streaming depends on: lists,
        /// pipes into shells, compound ends, here-docs, background jobs,
        /// `cd`.
        #[test]
        fn any_line_is_analysed_as_if_parsed_whole(pieces in prop::collection::vec(
            prop::sample::select(vec![
                "echo rm x", "ls", "cd sub", "cat f", "sh", "bash -s", "tee out",
                "done", "fi", "}", "for f in a; do", "if true; then", "{",
                " | ", " && ", " || ", "; ", " & ", "\n", " > o", " <<EOF\nrm z\nEOF\n",
                " <<'Q'\nx\nQ\n", "$(echo rm y)", "`ls`", "(", ")", "sed -i s/a/b/ f",
                "é", "\r", "#", "\\\n", "((", ") )", "[[ 1 ]]", "f() ", "function g ",
                "case a in a) ", ";;", "esac", "coproc ", "time ", "! ", "|& ", "bash -c 'rm q'",
                "eval 'rm e'", "x=(a b)", " <<-T\n\trm t\n\tT\n",
            ]),
            0..14,
        )) {
            let cmd = pieces.concat();
            prop_assert_eq!(analyse(&cmd), analyse_whole(&cmd), "{:?}", cmd);
        }
    }
}

/// Sixth blind batch: SQL that writes local files or a database file
/// (`psql -c '\copy … TO'`, Python's `sqlite3`).
#[test]
fn blind6_sql_that_writes_local_files() {
    check_pairs(&[
        (
            r#"psql -d app_dev -c "\copy users TO 'users.csv' WITH CSV HEADER""#,
            r#"psql -d app_dev -c "\copy users TO STDOUT WITH CSV HEADER""#,
        ),
        (
            r#"psql "$DATABASE_URL" -c "\copy (SELECT * FROM users) TO 'users.csv' CSV HEADER""#,
            r#"psql -d app -c "\copy users FROM 'users.csv' CSV HEADER""#,
        ),
        (
            "psql -d app -o out.txt -c 'SELECT 1'",
            "psql -c 'SELECT now();'",
        ),
        (r"psql -c '\o report.txt' -d app", r"psql -c '\dt'"),
        (r"psql -c '\! rm -f x'", r"psql -c '\! ls'"),
        (
            "python -c \"import sqlite3; c=sqlite3.connect('app.db'); c.execute('DELETE FROM sessions'); c.commit()\"",
            "python -c \"import sqlite3; c=sqlite3.connect('app.db'); print(c.execute('SELECT count(*) FROM users').fetchone())\"",
        ),
        (
            "python3 -c \"import sqlite3; sqlite3.connect('a.db').executescript('CREATE TABLE t(x)')\"",
            "python3 -c \"import sqlite3; c=sqlite3.connect(':memory:'); c.execute('CREATE TABLE t(x)')\"",
        ),
    ]);
    let t = targets(r#"psql -d app -c "\copy users TO 'out/users.csv' CSV""#);
    assert_eq!(t, ["out/users.csv"]);
}

/// Sixth blind batch: subcommands and tasks that write (config files in the
/// home directory, installed dependencies, formatter tasks).
#[test]
fn blind6_subcommands_and_tasks_that_write() {
    check_pairs(&[
        ("pnpm run fmt", "pnpm run test"),
        ("npm run fmt", "npm run build"),
        ("sbt scalafmtAll", "sbt scalafmtCheckAll"),
        ("sbt Test/scalafmt", "sbt test"),
        ("pod install", "pod outdated"),
        ("pod update Alamofire", "pod search Alamofire"),
        (
            "aws eks update-kubeconfig --name prod --region us-east-1",
            "aws eks describe-cluster --name prod",
        ),
        (
            "ansible-galaxy collection install -r requirements.yml",
            "ansible-galaxy collection list",
        ),
        (
            "ansible-galaxy role install geerlingguy.docker",
            "ansible-galaxy role list",
        ),
        (
            "ansible-vault encrypt group_vars/prod/secrets.yml",
            "ansible-vault view group_vars/prod/secrets.yml",
        ),
        (
            "ansible-vault decrypt group_vars/prod/secrets.yml",
            "ansible-vault decrypt --output - group_vars/prod/secrets.yml",
        ),
        (
            "gcloud config set project acme-staging",
            "gcloud config list",
        ),
        (
            "gcloud container clusters get-credentials prod",
            "gcloud config get project",
        ),
        (
            "az storage blob download --account-name a -c exports -n report.csv -f ./report.csv",
            "az storage blob list --account-name a -c exports -o table",
        ),
        ("vercel env pull .env.local", "vercel env ls"),
        ("vercel env pull", "vercel whoami"),
        (
            "sqlite-utils insert data.db people people.json --pk=id",
            "sqlite-utils tables data.db --counts",
        ),
        (
            "sqlite-utils transform data.db people --drop age",
            "sqlite-utils rows data.db people",
        ),
        (
            "sqlfluff fix --dialect postgres migrations/",
            "sqlfluff lint --dialect postgres migrations/",
        ),
    ]);
}

/// Sixth blind batch: file tools whose flags or arguments decide whether
/// they write.
#[test]
fn blind6_file_tools_flags_and_outputs() {
    check_pairs(&[
        (
            "python3 -m zipfile -e dist/pkg.whl /tmp/pkg",
            "python3 -m zipfile -l dist/pkg.whl",
        ),
        (
            "python3 -m zipfile -c out.zip src/",
            "python3 -m zipfile -t dist/pkg.whl",
        ),
        (
            "plutil -replace CFBundleShortVersionString -string 2.1.0 App/Info.plist",
            "plutil -p App/Info.plist",
        ),
        (
            "plutil -convert xml1 App/Info.plist",
            "plutil -lint App/Info.plist",
        ),
        ("ctags -R --exclude=node_modules .", "ctags -R -f - ."),
        ("ctags -R -f .tags src", "ctags -x src/main.c"),
        (
            "exiftool -all= -overwrite_original photos/*.jpg",
            "exiftool -DateTimeOriginal photos/IMG_0042.jpg",
        ),
        ("exiftool -Artist=Me a.jpg", "exiftool -s -G a.jpg"),
        (
            "exiftool '-FileName<CreateDate' dir",
            "exiftool -api largefilesupport=1 a.mov",
        ),
        (
            "exiftool -o out.jpg -Title=x a.jpg",
            "exiftool -if '$Make' -p '$FileName' dir",
        ),
        (
            "pdftotext -layout manual.pdf manual.txt",
            "pdftotext -layout manual.pdf -",
        ),
        ("qpdf --linearize in.pdf web.pdf", "qpdf --check web.pdf"),
        (
            "qpdf --replace-input --linearize in.pdf",
            "qpdf --show-npages in.pdf",
        ),
        ("qpdf --decrypt in.pdf out.pdf", "qpdf --json in.pdf"),
        ("mkcert localhost 127.0.0.1", "mkcert -CAROOT"),
        ("mkcert -install", "mkcert -help"),
        ("perf record -g ./bench", "perf stat -e cycles ./bench"),
        // a task runner given a task is not `perf record`
        ("yarn", "yarn lint --max-warnings=0"),
        (
            "perf record -o perf2.data ./bench",
            "perf record -o - ./bench",
        ),
        (
            "patchelf --set-rpath '$ORIGIN/../lib' dist/bin/tool",
            "patchelf --print-rpath dist/bin/tool",
        ),
        (
            "patchelf --add-needed libfoo.so dist/bin/tool",
            "patchelf --print-needed dist/bin/tool",
        ),
        (
            "jpegoptim --strip-all --max=85 static/photos/*.jpg",
            "jpegoptim --noaction --max=85 static/photos/*.jpg",
        ),
        ("jpegoptim -m85 a.jpg", "jpegoptim -n -m85 a.jpg"),
        (
            "jupyter nbconvert --to script analysis.ipynb",
            "jupyter nbconvert --to script --stdout analysis.ipynb",
        ),
    ]);
}

/// `julia -e CODE` is scanned like the other interpreters' inline code:
/// files it writes, `Pkg` changes to the project, commands it runs.
#[test]
fn inline_julia_code() {
    check_pairs(&[
        (
            r#"julia --project -e 'using Pkg; Pkg.add("DataFrames")'"#,
            r#"julia --project -e 'using Pkg; Pkg.status()'"#,
        ),
        (
            r#"julia --project=. -e 'import Pkg; Pkg.instantiate()'"#,
            r#"julia --project=. -e 'import Pkg; Pkg.test()'"#,
        ),
        (
            r#"julia -e 'using Pkg; pkg"add Example"'"#,
            r#"julia -e 'using Pkg; pkg"status"'"#,
        ),
        (
            r#"julia -e 'write("out.txt", "x")'"#,
            r#"julia -e 'println(read("in.txt", String))'"#,
        ),
        (
            r#"julia -e 'open("log.txt", "a") do io; println(io, 1); end'"#,
            r#"julia -e 'open("log.txt") do io; println(readline(io)); end'"#,
        ),
        (
            r#"julia -e 'rm("build"; recursive=true)'"#,
            r#"julia -e 'isdir("build") && println(1)'"#,
        ),
        ("julia -e 'run(`rm -rf build`)'", "julia -e 'run(`ls`)'"),
        (
            "echo 'mkpath(\"out\")' | julia",
            "julia -t 4 --project scripts/bench.jl",
        ),
    ]);
}

/// `ex` and `ed` scripts that are seen whole and only print and quit are
/// read-only; a write command (`w`, `x`, `wq`), a shell command (`!cmd`),
/// anything not known, a script not seen, or an `ex` script that never
/// quits keep them writes.
#[test]
fn ex_and_ed_scripts_that_only_print() {
    check_pairs(&[
        (
            "ex -sc '%s/2023/2024/g|x' LICENSE",
            "ex -s +'%p' +'q!' README.md",
        ),
        (
            "ex -s +'g/TODO/d' +'wq' src/main.c",
            "ex -s +'g/TODO/p' +'q!' src/main.c",
        ),
        // `q` fails after a change: ex goes on reading commands
        ("ex -s +'%s/a/b/g' +'q' f", "ex -s +'%s/a/b/g|%p' +'q!' f"),
        ("ex -s +'%p' f", "ex -s -c '1,5p' -c 'q' f"),
        ("ex -s +'!rm x' +'q!' f", "ex -s +'set nu' +'%p' +'q!' f"),
        (
            "ex -s +'set verbosefile=/tmp/log' +'q!' f",
            "ex -s +10 +'.p' +'q!' f",
        ),
        (
            r#"ex -s +'put =system("rm x")' +'q!' f"#,
            "ex -s +'$' +'.,$d' +'%p' +'cq' f",
        ),
        ("ex -s +'g/x/w! out' +'q!' f", "ex -s +'v/^#/p' +'q!' f"),
        ("ex -S script.vim f", "ex -s -u NONE +'%p' +'q!' f"),
        ("ex -s -V9log.txt +'%p' +'q!' f", "ex -s -V9 +'%p' +'q!' f"),
        ("ex -s +\"$CMD\" +'q!' f", "ex -s +'/main/' +'.p' +'q!' f"),
        (
            r"printf '%s\n' ',p' 'w' 'q' | ed -s README.md",
            r"printf '%s\n' ',p' 'q' | ed -s README.md",
        ),
        (
            r"ed -s README.md <<< $'1i\n# Project\n.\nw\nq'",
            r"ed -s README.md <<< $'1i\n# w\n.\n,p\nQ'",
        ),
        ("ed f", r"printf ',p\nq\n' | ed -s config.ini"),
        ("cat cmds.ed | ed -s f", r"printf 'g/re/p\nq\n' | ed -s f"),
        (
            r"printf '!rm x\nq\n' | ed -s f",
            r"printf '1,3n\nq\n' | ed -s f",
        ),
        (r"printf 'r !date\nq\n' | ed f", r"printf '$=\n' | ed -s f"),
        (
            r"printf ',s/a/b/\nw\n' | ed -s f",
            r"printf ',s/a/b/\n,p\n' | ed -s f",
        ),
    ]);
}

mod review {
    //! Lines a hostile review found to run writes that the analysis let
    //! through (checked against bash 5.2: each one writes). Each must be
    //! a write or unanalysable, and the streaming analysis must agree
    //! with the whole-line one.
    use super::super::{analyse, analyse_whole};

    fn flagged(cmd: &str) {
        let a = analyse(cmd);
        assert_eq!(a, analyse_whole(cmd), "{cmd:?}");
        assert!(
            a.unparsable.is_some() || !a.writes.is_empty(),
            "{cmd:?} let through: {a:?}"
        );
    }

    /// A carriage return is an ordinary character to bash, not a blank: a
    /// `#` after one does not start a comment, and a here-doc delimiter
    /// goes on past it.
    #[test]
    fn a_carriage_return_is_part_of_a_word() {
        for cmd in [
            "true\r#; rm -rf x",
            "echo hi \r# ; rm -rf x",
            ": <<Z\rQ\nZ\rQ\nrm -rf x\nZ\n",
            "cat <<EOF\nEOF\r\n: <<'W'\nEOF\nrm -rf y\nW\n",
        ] {
            flagged(cmd);
        }
    }

    /// In an unquoted here-doc a backslash-newline joins lines before the
    /// delimiter is looked for: `EO\⏎F` ends `<<EOF`.
    #[test]
    fn a_here_doc_delimiter_split_by_a_line_continuation() {
        for cmd in [
            ": <<EOF\nEO\\\nF\nrm -rf x\nEOF\n",
            ": <<-EOF\n\tEO\\\nF\nrm -rf x\nEOF\n",
        ] {
            flagged(cmd);
        }
        // Quoted, it does not.
        assert!(!super::is_write(": <<'EOF'\nEO\\\nF\nrm -rf x\nEOF\n"));
    }

    /// `((…) )` and `$((…) )` are not arithmetic: with the inner `)` not
    /// followed at once by another, bash runs them as nested subshells.
    #[test]
    fn double_parens_not_closed_by_two_are_subshells() {
        for cmd in ["((rm -rf x) )", "echo $((rm -rf x) )", "x=$((rm -rf x);)"] {
            flagged(cmd);
        }
    }

    /// A `#` starting a word inside `arr=( … )` starts a comment: the
    /// parens in it do not count.
    #[test]
    fn comments_inside_an_array_assignment() {
        flagged("arr=(a #(\n)\nrm -rf y\n#)");
    }

    /// What `printf` and `echo -e` print is not their words when a format
    /// or escapes rewrite them.
    #[test]
    fn printf_formats_and_echo_escapes_piped_to_a_shell() {
        for cmd in [
            "printf 'rm -rf %s\\n' x | sh",
            "printf 'r\\155 -rf x\\n' | sh",
            "printf '%b' 'r\\x6d -rf x' | sh",
            "echo -e 'r\\x6d -rf x' | sh",
            "echo 'r\\0155 -rf x' | sh -c 'echo \"$(cat)\" | sh'",
        ] {
            flagged(cmd);
        }
    }

    /// Redirections apply left to right: `< FILE` after a here-doc is what
    /// the command reads.
    #[test]
    fn a_file_redirected_after_a_here_doc_is_the_input() {
        for cmd in [
            "cat <<EOF < evil.sh | sh\nls\nEOF\n",
            "cat <<<'ls' < evil.sh | sh",
            "cat <<EOF < <(curl -s u) | sh\nls\nEOF\n",
            "sh <<EOF <&3\nls\nEOF\n",
        ] {
            flagged(cmd);
        }
        // A script file, like `bash run.sh`: a command flowgate cannot see.
        for cmd in ["bash <<EOF < run.sh\nls\nEOF\n", "bash < run.sh"] {
            let a = analyse(cmd);
            assert_eq!(a, analyse_whole(cmd), "{cmd:?}");
            assert_eq!(a.unknown, ["run.sh"], "{cmd:?}");
        }
        // A here-doc after the file is the input.
        assert_eq!(super::writes("sh < run.sh <<EOF\nrm x\nEOF\n"), ["rm"]);
    }

    /// `]]` ends a `[[ … ]]` even with an operator right after it; a
    /// keyword after a redirection is an ordinary word (bash runs `>f
    /// function g` as the command `function`, creating f).
    #[test]
    fn dbracket_ends_and_keywords_after_redirections() {
        for cmd in [
            "[[ 1 ]]&&rm -rf x",
            "[[ 1 ]]>f",
            "[[ -z 1 ]]||rm -rf x",
            ">f function g",
            ">f for x",
            "&>out select",
        ] {
            flagged(cmd);
        }
    }

    /// Deny globs only see the commands the analysis reaches. Handing
    /// commands out while parsing spent the work budget on an earlier
    /// command's nested code (`eval …`) before a later backtick was parsed,
    /// so `git push` was never shown, where the whole-line parse showed it:
    /// a phase with only `deny = ["git push*"]` (where an unanalysable line
    /// is allowed) let it through. (Nesting deeper than 40 hides it from
    /// both.)
    #[test]
    fn a_spent_budget_does_not_hide_later_commands_from_deny_globs() {
        let pad = "a".repeat(200_000);
        let cmd =
            format!("eval eval eval eval eval eval eval eval eval : {pad}; true; git push `true`");
        let mut seen = Vec::new();
        super::super::analyse_each(&cmd, &Default::default(), &mut |c| {
            seen.push(c.text().to_string())
        });
        let whole = analyse_whole(&cmd);
        assert!(
            whole
                .commands
                .iter()
                .any(|c| c.text.starts_with("git push"))
        );
        assert!(
            seen.iter().any(|t| t.starts_with("git push")),
            "git push never shown"
        );
    }

    /// An unquoted expansion among a shell's options or as its script
    /// may split into `-c CODE` (`IFS=,; x=-c,'rm -rf y'; sh $x`) or vanish
    /// (the script then comes from the pipe).
    #[test]
    fn a_shell_script_or_option_split_at_run_time() {
        for cmd in [
            "echo 'rm -rf x' | sh $x",
            "IFS=,; x='-c,rm -rf y'; sh $x",
            "bash -e $x",
        ] {
            flagged(cmd);
        }
        // After the script they are its arguments.
        assert_eq!(analyse("sh run.sh $x").unparsable, None);
    }

    /// Code bash runs that is not in a command position: an alias value,
    /// a `mapfile -C` callback, an array subscript in a variable name or
    /// arithmetic (evaluated with its `$(…)`, even single-quoted).
    #[test]
    fn aliases_callbacks_and_array_subscripts() {
        for cmd in [
            "shopt -s expand_aliases\nalias l='rm -rf x'\nl",
            "echo v | mapfile -C 'rm -rf x' -c 1",
            "[[ -v 'a[$(rm -rf x)]' ]]",
            "test -v 'a[$(rm -rf x)]'",
            "printf -v 'a[$(rm -rf x)]' v",
            "read 'a[$(rm -rf x)]' <<< v",
            "let 'a[$(rm -rf x)]'",
            "x='a[$(rm -rf y)]'; echo $((x))",
            "declare -i n; n='a[`rm -rf x`]'",
        ] {
            flagged(cmd);
        }
        // `BASH_ENV=f bash -c …` sources f first: a script flowgate cannot see.
        assert_eq!(analyse("BASH_ENV=e.sh bash -c ls").unknown, ["e.sh"]);
        assert!(analyse("BASH_ENV=$f bash -c ls").unparsable.is_some());
        for ok in [
            "a[1]=x",
            "let 'i+=1'",
            "printf -v out '%s' x",
            "echo 'a[$(x)]'",
        ] {
            assert_eq!(analyse(ok).unparsable, None, "{ok:?}");
        }
    }

    /// A shell with no script reads one from its standard input, which a
    /// group, a `bash -c` or a descriptor copy may hand it unseen.
    #[test]
    fn a_shell_reading_an_input_it_cannot_see() {
        for cmd in [
            "echo 'rm -rf x' | { true; sh; }",
            "echo 'rm -rf x' | bash -c sh",
            "{ bash; } < run.sh",
            "sh <&3",
        ] {
            flagged(cmd);
        }
        // Printing a version or help reads no script.
        for cmd in [
            "lua -v",
            "node -v",
            "perl -v",
            "bash --version",
            "python3 -h",
        ] {
            assert_eq!(analyse(cmd).unparsable, None, "{cmd:?}");
        }
    }
}

/// Review harness: `REVIEW_IN` (one command a line, `\n` written as `⏎`,
/// `\r` as `␍`) analysed into `REVIEW_OUT`, one `flagged` or `clear` a
/// line. Run by hand against bash.
#[test]
#[ignore]
fn review_dump() {
    let Ok(inp) = std::env::var("REVIEW_IN") else {
        return;
    };
    let text = std::fs::read_to_string(inp).unwrap();
    let mut out = String::new();
    for l in text.lines() {
        let cmd = l.replace('⏎', "\n").replace('␍', "\r");
        let a = analyse(&cmd);
        let flagged = a.unparsable.is_some() || !a.writes.is_empty();
        out.push_str(if flagged { "flagged\n" } else { "clear\n" });
    }
    std::fs::write(std::env::var("REVIEW_OUT").unwrap(), out).unwrap();
}

/// General rules for commands in no table (`mytool` stands for any of
/// them): an output option's value that names a format is not a file.
#[test]
fn unknown_commands_output_formats_are_not_files() {
    check_pairs(&[
        ("mytool list -o out.json", "mytool list -o json"),
        (
            "mytool get x --output=report.yaml",
            "mytool get x --output yaml",
        ),
        ("mytool get pods -o pods.txt", "mytool get pods -o wide"),
        ("mytool show -o table.txt", "mytool show -o table"),
        (
            "mytool get x -o out/x.txt",
            "mytool get x -o jsonpath='{.data.password}'",
        ),
        ("mytool -o cfg host", "mytool -o BatchMode=yes host"),
    ]);
}

/// General rules for commands in no table: a first argument that says
/// format or fix (`TOOL fmt`, `TOOL format:write`) writes, unless a
/// check, diff or dry-run flag or an output option says otherwise.
#[test]
fn unknown_commands_fix_verbs() {
    check_pairs(&[
        ("mytool fmt", "mytool fmt --check"),
        ("mytool format src/", "mytool format --diff src/"),
        ("mytool fix .", "mytool fix --dry-run ."),
        ("mytool format:write", "mytool format:check"),
        (
            "mytool fmt -recursive",
            "mytool fmt -check -diff -recursive",
        ),
        ("mytool format --fix", "mytool format --check-formatted"),
        ("mytool format", "mytool format --verify-no-changes"),
        ("mytool format lib", "mytool format --list-different lib"),
        (
            "mytool format lib/",
            "mytool format --output=none --set-exit-if-changed lib/",
        ),
        ("mytool spotlessApply", "mytool spotlessCheck"),
        ("mytool fmt", "mytool apply"),
    ]);
}

/// General rules for commands in no table: verbs that act on files of this
/// machine (`TOOL install`, `TOOL collection install`, `TOOL env pull`),
/// with their read-only twins.
#[test]
fn unknown_commands_write_verbs() {
    check_pairs(&[
        ("mytool install", "mytool install --dry-run"),
        ("mytool install x", "mytool help install"),
        ("mytool install x", "mytool install --list"),
        (
            "mytool collection install -r req.yml",
            "mytool collection list",
        ),
        ("mytool release download v1", "mytool release view v1"),
        ("mytool env pull .env.local", "mytool env ls"),
        ("mytool repo clone o/r", "mytool repo view o/r"),
        ("mytool pr checkout 12", "mytool pr view 12"),
        ("mytool uninstall x", "mytool list x"),
        ("mytool vendor", "mytool verify"),
    ]);
}

/// General rules for commands in no table: verbs that write only as the
/// first argument; as a later one they mostly change a remote resource
/// (`TOOL app sync prod`, `TOOL webapp update`).
#[test]
fn unknown_commands_first_argument_write_verbs() {
    check_pairs(&[
        ("mytool update", "mytool status"),
        ("mytool update", "mytool webapp update --name x"),
        ("mytool sync", "mytool app sync prod"),
        ("mytool sync", "mytool sync --dry-run"),
        ("mytool restore", "mytool build"),
        ("mytool remove left-pad", "mytool show left-pad"),
        ("mytool link", "mytool whoami"),
        ("mytool encrypt secrets.yml", "mytool view secrets.yml"),
        (
            "mytool decrypt secrets.yml",
            "mytool webapp update --name x",
        ),
        ("mytool record ./bench", "mytool report"),
    ]);
}

/// General rules for commands in no table: `TOOL config set|unset|use-context …`
/// writes the tool's configuration file; `config get|list|view` read it.
#[test]
fn unknown_commands_config_writes() {
    check_pairs(&[
        ("mytool config set project p", "mytool config get project"),
        ("mytool config unset x", "mytool config list"),
        (
            "mytool config use-context dev",
            "mytool config current-context",
        ),
        ("mytool config set-context dev", "mytool config view"),
        ("mytool config set project p", "mytool secrets set K v"),
    ]);
}

/// General rules for commands in no table: `add` as the second word adds
/// to a local list (`TOOL remote add`, `TOOL plugin add`), and `TOOL cache
/// clean|purge` empties the tool's cache.
#[test]
fn unknown_commands_second_word_add_and_cache() {
    check_pairs(&[
        ("mytool remote add up https://x/r.git", "mytool remote list"),
        ("mytool plugin add nodejs", "mytool plugin list"),
        ("mytool cache clean --force", "mytool cache verify"),
        ("mytool cache purge", "mytool cache dir"),
    ]);
}

/// General rules for commands in no table: single-dash output options
/// (`-out FILE`, `-out=FILE`), fix and snapshot-update flags.
#[test]
fn unknown_commands_write_options() {
    check_pairs(&[
        ("mytool genrsa -out key.pem 2048", "mytool genrsa 2048"),
        ("mytool plan -out=plan.bin", "mytool plan -outline"),
        ("mytool -output dist/a.js", "mytool -output-format json"),
        ("mytool -fix src/a.cpp", "mytool src/a.cpp"),
        (
            "mytool --fix-errors src/a.cpp",
            "mytool --fix-dry-run src/a.cpp",
        ),
        ("mytool --autocorrect-all", "mytool --lint"),
        ("mytool test --update-snapshots", "mytool test"),
        ("mytool --snapshot-update tests/", "mytool tests/"),
        ("mytool --updateSnapshot", "mytool --ci"),
    ]);
}

/// General rules: first words that change this machine's files or a
/// repository (`TOOL lock`, `TOOL enable`, `TOOL allow`,
/// `TOOL revision`, `TOOL commit|merge|rebase|reset|switch`, `TOOL
/// require PKG`, `TOOL convert|import|render …`); `--print` makes them
/// read-only.
#[test]
fn unknown_commands_more_first_word_verbs() {
    check_pairs(&[
        ("mytool lock", "mytool lock --print"),
        ("mytool enable mysvc", "mytool status mysvc"),
        ("mytool disable mysvc", "mytool is-enabled mysvc"),
        ("mytool allow", "mytool status"),
        ("mytool revision -m 'add users'", "mytool history"),
        ("mytool autoupdate", "mytool run --all-files"),
        ("mytool prune", "mytool ls"),
        ("mytool commit -m wip", "mytool log"),
        ("mytool merge feature", "mytool diff feature"),
        ("mytool rebase main", "mytool show main"),
        ("mytool cherry-pick abc123", "mytool show abc123"),
        ("mytool revert abc123", "mytool blame a.c"),
        ("mytool reset --hard", "mytool status"),
        ("mytool switch dev", "mytool branches"),
        ("mytool require acme/lib", "mytool why acme/lib"),
        ("mytool edit set image app=x:1", "mytool build ."),
        ("mytool convert -O qcow2 a.raw a.qcow2", "mytool info a.raw"),
        ("mytool import key.asc", "mytool list-keys"),
        ("mytool render report.qmd", "mytool inspect report.qmd"),
    ]);
}

/// General rules: `TOOL cp|copy SRC… DEST` writes DEST when it is on
/// this machine (not `-`, not `bucket:path`, not `gs://…`).
#[test]
fn unknown_commands_copy_verbs() {
    check_pairs(&[
        (
            "mytool cp box:/app/log.txt ./log.txt",
            "mytool cp box:/app/log.txt -",
        ),
        (
            "mytool cp gs://b/model.bin models/",
            "mytool cp report.pdf gs://b/r/",
        ),
        (
            "mytool copy remote:bucket ./data",
            "mytool copy ./data remote:bucket",
        ),
    ]);
    assert_eq!(
        analyse("mytool cp box:/a/b.txt out/b.txt").targets,
        ["out/b.txt"]
    );
}

/// General rules: `TOOL NOUN VERB` where the noun is something of this
/// project or machine (its dependencies, packages, module, environment,
/// tools, workspace, version override) and the verb changes it.
#[test]
fn unknown_commands_local_noun_verbs() {
    check_pairs(&[
        (
            "mytool dependency update ./chart",
            "mytool dependency list ./chart",
        ),
        ("mytool mod tidy", "mytool mod edit -json"),
        ("mytool mod init example.com/m", "mytool mod why x"),
        ("mytool env update -f env.yml", "mytool env list"),
        ("mytool env remove -n old", "mytool env export"),
        ("mytool package init --type lib", "mytool package describe"),
        ("mytool pkg set scripts.x=y", "mytool pkg get scripts"),
        ("mytool tool update -g ef", "mytool tool list -g"),
        ("mytool override set nightly", "mytool override list"),
        ("mytool flake update", "mytool flake show"),
        ("mytool workspace new staging", "mytool workspace show"),
        ("mytool dependency update", "mytool app update"),
    ]);
}

/// General rules: options that skip a confirmation or overwrite what
/// exists (`--yes`, `--force`, `-auto-approve`, `--no-input`,
/// `--non-interactive`) say an unknown command changes something.
#[test]
fn unknown_commands_confirmation_flags() {
    check_pairs(&[
        ("mytool --yes -i in.mp4 out.mp4", "mytool -y -i in.mp4"),
        ("mytool detect --force", "mytool detect"),
        ("mytool apply -auto-approve", "mytool plan"),
        ("mytool build --yes", "mytool build --yes --dry-run"),
    ]);
    // Flags that only say no one is there to answer a prompt: agents run
    // everything that way (`eas whoami --non-interactive`).
    for cmd in [
        "mytool whoami --non-interactive",
        "mytool build:list --non-interactive --json",
        "mytool status --no-input",
    ] {
        assert!(!is_write(cmd), "{cmd}: {:?}", writes(cmd));
    }
}

/// General rules: protoc-style `--LANG_out=DIR` options, `--destination`
/// and `--export-FORMAT FILE` name what they write.
#[test]
fn unknown_commands_more_output_options() {
    check_pairs(&[
        (
            "mytool --go_out=gen api.proto",
            "mytool --go_opt=paths=x api.proto",
        ),
        ("mytool --cpp_out gen api.proto", "mytool api.proto"),
        (
            "mytool -destination=mock.go -source=s.go",
            "mytool -source=s.go",
        ),
        (
            "mytool --destination out/ a.txt",
            "mytool -destination 'platform=iOS'",
        ),
        (
            "mytool --export-markdown bench.md 'sleep 1'",
            "mytool 'sleep 1'",
        ),
        ("mytool --export-json=r.json x", "mytool --export-json=- x"),
    ]);
    assert_eq!(analyse("mytool --go_out=gen api.proto").targets, ["gen"]);
}

/// How the general rules for unknown commands do on the corpus when every
/// command but wrappers and those classified by code is unknown: an
/// estimate of how they do on tools flowgate has not seen. Prints the
/// figures and, per case, what was flagged; run with
/// `cargo test --lib generic_rules_on_corpus -- --ignored --nocapture`.
#[test]
#[ignore]
fn generic_rules_on_corpus() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/shell-corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    super::table::GENERIC_ONLY.set(true);
    let (mut w, mut caught, mut r, mut blocked) = (0, 0, 0, 0);
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let writes = name.contains("writes");
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let cmd = line.rsplit_once('\t').map_or(line, |(c, _)| c);
            let a = analyse(&cmd.replace('⏎', "\n"));
            let flagged = !a.writes.is_empty() || a.unparsable.is_some();
            if writes {
                w += 1;
                caught += usize::from(flagged);
            } else {
                r += 1;
                blocked += usize::from(flagged);
            }
            if flagged {
                let how = if writes { "CAUGHT" } else { "BLOCKED" };
                println!("{how} {name}: {cmd:?} {:?} {:?}", a.writes, a.unparsable);
            }
        }
    }
    super::table::GENERIC_ONLY.set(false);
    println!("generic rules alone: writes caught {caught}/{w}, read-only blocked {blocked}/{r}");
}

/// Known commands: a subcommand the table does not list is judged by the
/// general rules' verbs and long write flags (`TOOL login`, `TOOL config
/// set`, `TOOL NOUN install`); as a later word only the verbs that bring
/// files onto this machine count (`gh pr create` changes a remote
/// resource). Cluster and image changes are listed as read-only.
#[test]
fn known_commands_unlisted_subcommands() {
    check_pairs(&[
        ("gh config set editor vim", "gh config get editor"),
        ("gh auth login --with-token", "gh auth status"),
        ("docker login ghcr.io -u me --password-stdin", "docker ps"),
        ("aws sso login --profile dev", "aws sts get-caller-identity"),
        ("kubectl krew install ctx", "kubectl krew list"),
        (
            "dotnet nuget add source https://x/v3/index.json -n acme",
            "dotnet nuget list source",
        ),
        (
            "docker context create remote --docker host=ssh://h",
            "docker context ls",
        ),
        ("pdm use 3.12", "pdm list"),
        ("gh config set editor vim", "gh pr create --fill --draft"),
        (
            "gh config set editor vim",
            "gh release create v1.0.0 dist/a.tgz --generate-notes",
        ),
        (
            "docker login ghcr.io",
            "kubectl create secret generic db --from-literal=pw=x --dry-run=client -o yaml",
        ),
        (
            "docker login ghcr.io",
            "kubectl create deployment web --image=nginx",
        ),
        ("docker login ghcr.io", "helm install web ./chart"),
        ("docker login ghcr.io", "docker pull alpine:3.19"),
        (
            "gh config set editor vim",
            "gh config set editor vim --help",
        ),
        // after a subcommand, the next word is mostly its argument
        ("cargo login", "cargo test login"),
        ("gh auth login", "cargo run -- install"),
        ("gh auth logout", "npm test -- login"),
    ]);
}

/// Known commands whose spec names no output file of its own: a long
/// output option with a file as its value writes (`tsc --outDir`,
/// `op read --out-file`), not a format, `-` or standard output.
#[test]
fn known_commands_long_output_options() {
    check_pairs(&[
        (
            "npx tsc --declaration --emitDeclarationOnly --outDir types",
            "npx tsc --noEmit",
        ),
        (
            "op read op://Dev/DB/password --out-file db-pass.txt",
            "op read op://Dev/DB/password",
        ),
        (
            "op read op://Dev/DB/password --out-file=db-pass.txt",
            "op read op://Dev/DB/password --out-file -",
        ),
        (
            "docker compose config --output merged.yaml",
            "docker compose config",
        ),
        (
            "wrangler d1 export prod-db --remote --output backup.sql",
            "aws s3 ls --output json",
        ),
        (
            "wrangler d1 export prod-db --output backup.sql",
            "wrangler d1 export prod-db --output /dev/stdout",
        ),
    ]);
}

/// General rules: `login`/`logout` as the first or second word (the
/// tool's credentials), `use` and `bump` as the first (the project's
/// tool version, its version number), and more `TOOL NOUN VERB` pairs:
/// `config save`, `context create|use`, `store prune`, `export
/// kubeconfig`, `migration new`.
#[test]
fn unknown_commands_login_use_bump_and_noun_verbs() {
    check_pairs(&[
        ("mytool login", "mytool whoami"),
        ("mytool auth logout", "mytool auth status"),
        ("mytool use 3.12", "mytool list"),
        ("mytool bump --yes", "mytool bump --dry-run"),
        ("mytool use 3.12", "mytool app use x"),
        ("mytool config save -a app", "mytool config show"),
        ("mytool context create c", "mytool context ls"),
        ("mytool context use c", "mytool context inspect c"),
        ("mytool store prune", "mytool store path"),
        (
            "mytool export kubeconfig --name dev",
            "mytool get kubeconfig --name dev",
        ),
        ("mytool migration new add_profiles", "mytool migration list"),
    ]);
}

/// Seventh blind batch: table entries for tools and subcommands whose
/// writes no general rule sees, each with a read-only twin.
#[test]
fn blind7_table_entries() {
    check_pairs(&[
        ("pnpm store prune", "pnpm store path"),
        (
            "yarn config set nodeLinker node-modules",
            "yarn config get nodeLinker",
        ),
        ("npx nx reset", "npx nx graph --file=-"),
        (
            "npx json -I -f package.json -e 'this.private=true'",
            "npx json -f package.json version",
        ),
        ("npx npm-check-updates -u", "npx npm-check-updates"),
        (
            "poetry config virtualenvs.in-project true",
            "poetry config virtualenvs.in-project",
        ),
        (
            "poetry config --unset repositories.x",
            "poetry config --list",
        ),
        ("ruff check --add-noqa .", "ruff check ."),
        (
            "jupytext --to py:percent notebook.ipynb",
            "jupytext --to py -o - notebook.ipynb",
        ),
        (
            "towncrier build --yes --version 1.2.0",
            "towncrier build --draft --version 1.2.0",
        ),
        (
            "python -m grpc_tools.protoc -I proto --python_out=gen proto/svc.proto",
            "python -m grpc_tools.protoc --version",
        ),
        ("cargo sqlx prepare", "cargo sqlx prepare --check"),
        ("cargo sqlx migrate add init", "cargo sqlx migrate info"),
        ("wire gen ./cmd/app", "wire check ./cmd/app"),
        (
            "mvn install:install-file -Dfile=lib/x.jar -DgroupId=g -DartifactId=a -Dversion=1 -Dpackaging=jar",
            "mvn dependency:tree",
        ),
        (
            "mvn dependency:tree -DoutputFile=deps.txt",
            "mvn help:effective-pom",
        ),
        (
            "mvn help:effective-pom -Doutput=effective-pom.xml",
            "mvn help:effective-pom -Dverbose",
        ),
        (
            "mvn dependency:copy-dependencies -DoutputDirectory=lib",
            "mvn dependency:analyze",
        ),
        (
            "dotnet dev-certs https -ep ./certs/a.pfx -p devpass",
            "dotnet dev-certs https --check",
        ),
        ("bundle exec annotate --models", "bundle exec rspec"),
        ("bundle lock", "bundle lock --print"),
        (
            "composer config repositories.local path ../pkg",
            "composer config name",
        ),
        (
            "php bin/console cache:clear",
            "php bin/console debug:router",
        ),
        (
            "php bin/console doctrine:migrations:diff",
            "php bin/console doctrine:migrations:status",
        ),
        (
            "vendor/bin/phpstan analyse --generate-baseline",
            "vendor/bin/phpstan analyse src",
        ),
        ("mix phx.digest", "mix phx.routes"),
        ("mix deps.unlock --unused", "mix deps.unlock --check-unused"),
        (
            "mix phx.gen.html Accounts User users",
            "mix phx.gen.secret 64",
        ),
        (
            "hlint src/Lib.hs --refactor --refactor-options=\"--inplace\"",
            "hlint src/Lib.hs --refactor",
        ),
        (
            "xcrun simctl io booted screenshot screen.png",
            "xcrun simctl io booted enumerate",
        ),
        (
            "agvtool new-marketing-version 2.1",
            "agvtool what-marketing-version",
        ),
        (
            "defaults write com.apple.dock autohide -bool true",
            "defaults read com.apple.dock autohide",
        ),
        (
            "/usr/libexec/PlistBuddy -c \"Set :CFBundleShortVersionString 2.1.0\" App/Info.plist",
            "/usr/libexec/PlistBuddy -c \"Print :CFBundleShortVersionString\" App/Info.plist",
        ),
        ("cmake -E rm -rf build", "cmake -E echo hi"),
        (
            "cmake -E copy_if_different config.h.in build/config.h",
            "cmake -E compare_files a b",
        ),
        (
            "cmake --build build --target install",
            "cmake --build build --target all",
        ),
        ("conan profile detect --force", "conan profile show"),
        ("cscope -bR", "cscope -d -L1 main"),
        ("bear -- make", "make -n"),
        (
            "podman generate systemd --new --files --name web",
            "podman generate systemd --name web",
        ),
        (
            "podman kube generate web -f web.yaml",
            "podman kube generate web",
        ),
        (
            "kind export kubeconfig --name dev",
            "kind get kubeconfig --name dev",
        ),
        (
            "aws lambda invoke --function-name api --payload '{}' response.json",
            "aws lambda list-functions",
        ),
        (
            "gcloud iam service-accounts keys create key.json --iam-account ci@p.iam.gserviceaccount.com",
            "gcloud iam service-accounts keys list --iam-account ci@p.iam.gserviceaccount.com",
        ),
        ("az account set --subscription 0000", "az account show"),
        ("flyctl config save -a myapp", "flyctl config show -a myapp"),
        ("netlify link --id 1a2b3c4d", "netlify status"),
        ("wrangler types", "wrangler whoami"),
        (
            "supabase migration new add_profiles",
            "supabase gen types typescript --project-id abc",
        ),
        ("firebase use staging", "firebase projects:list"),
        ("packer init .", "packer validate ."),
        ("packer fmt .", "packer fmt -check ."),
        (
            "git push -u origin feature/login",
            "git push origin feature/login",
        ),
        ("ar x libfoo.a", "ar t libfoo.a"),
        ("ar rcs libfoo.a a.o b.o", "ar tv libfoo.a"),
        (
            "pngquant --ext .png --force images/a.png",
            "pngquant --help",
        ),
        (
            "libreoffice --headless --convert-to pdf slides.pptx",
            "libreoffice --version",
        ),
        (
            "plantuml docs/arch.puml",
            "plantuml -checkonly docs/arch.puml",
        ),
        ("xattr -d com.apple.quarantine ./tool", "xattr -l ./tool"),
        ("dune fmt", "dune build"),
        (
            "COSIGN_PASSWORD= cosign generate-key-pair",
            "cosign verify --key cosign.pub img",
        ),
        ("cz bump --yes", "cz bump --dry-run"),
        ("brew bundle", "brew bundle check"),
        ("brew bundle dump", "brew bundle dump --file=-"),
    ]);
}

/// Read-only commands agents run that today's general rules for known
/// commands took for writes: a test runner's first word is a filter, not a
/// subcommand (`npx jest login`); `docker compose pull` fetches images as
/// `docker pull` does; an option the table lists as taking a value is not
/// an output file (`kubectl get --output template`); more output formats.
#[test]
fn known_commands_read_only_words_are_not_writes() {
    for cmd in [
        "npx jest login",
        "jest update",
        "npx jest --watch install",
        "npx vitest login",
        "vitest run update",
        "pnpm exec jest login",
        "docker compose pull",
        "docker compose -f x.yml pull --quiet",
        "kubectl get pods --output=go-template --template x",
        "kubectl get pods --output template --template x",
        "kubectl get pods --output=jsonpath --template x",
        "az account show --output jsonc",
        "az vm list --output yamlc",
        "aws ec2 describe-instances --output yaml-stream",
    ] {
        assert!(writes(cmd).is_empty(), "{cmd}: {:?}", writes(cmd));
    }
    for cmd in [
        "npx jest -u",
        "npx jest --updateSnapshot src/a",
        "vitest run -u",
        "npx vitest --outputFile=r.json",
        "docker compose cp web:/a b",
        "kubectl cp x:/a b",
    ] {
        assert!(is_write(cmd), "{cmd}");
    }
}

/// Go's flags are single-dash words and never clusters: `-cover` is not
/// `-c -o ver` (which wrote a file named `ver` and blocked the most common
/// Go test run in read-only phases), while `-coverprofile` still writes.
#[test]
fn go_test_flags_are_words_not_clusters() {
    for ro in [
        "go test -cover ./...",
        "go test -json ./...",
        "go test -short -race ./pkg/...",
        "go test -cover -covermode=atomic -coverpkg=./... ./...",
        "go test -covermode atomic ./...",
        "go test -failfast -benchmem -bench . ./...",
        "go test -shuffle=on -count=1 ./...",
    ] {
        assert!(!is_write(ro), "{ro}: {:?}", writes(ro));
    }
    for w in [
        "go test -cover -coverprofile=cover.out ./...",
        "go test -coverprofile cover.out ./...",
        "go test -c -o bin/pkg.test ./pkg",
        "go test -json -cpuprofile cpu.prof .",
    ] {
        assert!(is_write(w), "{w}");
    }
}

/// A `--dry-run`/`--dryrun` on a command in the table makes it read-only,
/// as it does for unknown commands (not `--dry-run=none`, kubectl's "do
/// it"); an explicit output option still writes.
#[test]
fn known_commands_dry_run() {
    check_pairs(&[
        (
            "npx ng generate component header",
            "npx ng generate component header --dry-run",
        ),
        ("dotnet new console", "dotnet new console --dry-run"),
        (
            "dotnet new console --dry-run=none",
            "dotnet new console --dryrun",
        ),
        (
            "kubectl create secret generic s --from-literal=a=b --dry-run=client -o yaml > s.yaml",
            "kubectl create secret generic s --from-literal=a=b --dry-run=client -o yaml",
        ),
    ]);
}

/// Eighth blind batch: table entries for tools whose writes no general
/// rule sees, each with a read-only twin.
#[test]
fn blind8_table_entries() {
    check_pairs(&[
        ("javac -d out src/Main.java", "javac src/Main.java"),
        (
            "dotnet publish -c Release -o out",
            "dotnet publish -c Release",
        ),
        (
            "gs -sDEVICE=pdfwrite -dNOPAUSE -dBATCH -sOutputFile=small.pdf big.pdf",
            "gs -dNOPAUSE -dBATCH -sDEVICE=nullpage big.pdf",
        ),
        (
            "typst compile paper.typ paper.pdf",
            "typst query paper.typ '<intro>'",
        ),
        ("typst compile paper.typ", "typst fonts"),
        (
            "htpasswd -cb .htpasswd admin s3cret",
            "htpasswd -nb admin s3cret",
        ),
        (
            "htpasswd -b .htpasswd admin s3cret",
            "htpasswd -vb .htpasswd admin s3cret",
        ),
        (
            "conda config --add channels conda-forge",
            "conda config --show channels",
        ),
        (
            "conda config --set auto_activate_base false",
            "conda config --get",
        ),
        ("python -m compileall -q src/", "python -m pydoc json"),
        (
            "python3 -m py_compile app.py",
            "python3 -m json.tool data.json",
        ),
        ("sdk default java 21.0.2-tem", "sdk current java"),
        ("sudo ldconfig", "ldconfig -p"),
        (
            "sudo logrotate -f /etc/logrotate.conf",
            "logrotate -d /etc/logrotate.conf",
        ),
        (
            "sudo journalctl --vacuum-size=100M",
            "journalctl -u nginx -n 50",
        ),
        ("journalctl --rotate", "journalctl --disk-usage"),
        ("stow -t ~ zsh", "stow -n -v -t ~ zsh"),
        ("stow -D zsh", "stow --simulate -D zsh"),
        (
            "atlas migrate diff add_users --env local",
            "atlas migrate status --env local",
        ),
        (
            "atlas migrate new add_users",
            "atlas migrate lint --env local",
        ),
        ("npx tsc --build --clean", "npx tsc --build --dry"),
        ("flock /tmp/deploy.lock -c 'echo deploying'", "flock -s 9"),
        ("flock -n .lock true", "flock -n 9"),
    ]);
}

/// Eighth blind batch: commands the table took for writes that only list,
/// simulate or describe.
#[test]
fn blind8_read_only_forms() {
    check_pairs(&[
        ("git lfs track '*.psd'", "git lfs track"),
        (
            "yt-dlp https://example.com/v",
            "yt-dlp -F https://example.com/v",
        ),
        (
            "yt-dlp -x https://example.com/v",
            "yt-dlp --list-formats https://example.com/v",
        ),
        (
            "yt-dlp https://example.com/v",
            "yt-dlp -s https://example.com/v",
        ),
        (
            "yt-dlp https://example.com/v",
            "yt-dlp --simulate https://example.com/v",
        ),
        (
            "pwsh -c 'Remove-Item -Recurse -Force bin'",
            "pwsh -c 'Remove-Item -Recurse -Force bin -WhatIf'",
        ),
        (
            "pwsh -c 'Remove-Item bin -WhatIf; Remove-Item obj'",
            "pwsh -c 'Set-Content a.txt x -WhatIf'",
        ),
    ]);
}

/// `is_assignment` is the definition it replaced (split at the first `=`,
/// a `+` and an array subscript removed, a name left), on words built from
/// the characters that matter.
mod assignment_words {
    use proptest::prelude::*;

    use super::super::classify::is_assignment;
    use super::super::parse::is_name;

    fn by_definition(w: &str) -> bool {
        match w.split_once('=') {
            Some((name, _)) => {
                let name = name.strip_suffix('+').unwrap_or(name);
                let name = match name.strip_suffix(']').and_then(|n| n.split_once('[')) {
                    Some((array, _)) => array,
                    None => name,
                };
                is_name(name)
            }
            None => false,
        }
    }

    proptest! {
        #![proptest_config(crate::proptest_config(2048))]

        #[test]
        fn is_assignment_is_its_definition(w in "[a_Z9=+\\[\\]$ é-]{0,8}") {
            prop_assert_eq!(is_assignment(&w), by_definition(&w), "{:?}", w);
        }
    }

    #[test]
    fn examples() {
        for yes in [
            "a=1",
            "_x=",
            "A9+=x",
            "arr[1]=x",
            "arr[$i]+=x",
            "a[]=",
            "x=a=b",
        ] {
            assert!(is_assignment(yes), "{yes}");
        }
        for no in [
            "grep", "9a=1", "a+b=1", "a++=1", "a[x=1]=2", "=x", "a[=", "-x=1", "é=1",
        ] {
            assert!(!is_assignment(no), "{no}");
        }
    }
}

/// Eleventh blind batch: tools of five real stacks (Next.js, Django, a
/// Rust/WASM CLI, Go with Helm and Terraform, a dbt/Airflow pipeline).
#[test]
fn blind11_stack_tools() {
    check_pairs(&[
        ("npx next lint --fix", "npx next lint"),
        ("next lint --fix --dir src", "next build"),
        (
            "python manage.py spectacular --color --file schema.yml",
            "python manage.py spectacular --color",
        ),
        ("maturin develop --release", "maturin build --release"),
        ("maturin build --release -o dist", "maturin --version"),
        ("buf build -o /tmp/image.binpb", "buf build"),
        ("tflint --init", "tflint --recursive"),
        ("tflint --fix", "tflint -f compact"),
        ("dbt deps", "dbt compile"),
        ("dbt clean", "dbt ls --select tag:daily"),
        (
            "airflow variables export /tmp/airflow-vars.json",
            "airflow variables list",
        ),
        (
            "airflow connections export /tmp/conns.json",
            "airflow connections list",
        ),
        (
            "airflow dags show etl_daily --save /tmp/etl_daily.png",
            "airflow dags show etl_daily",
        ),
        ("airflow db migrate", "airflow db check"),
        ("npx prisma db pull", "npx prisma db pull --print"),
        (
            "go tool cover -html=c.out -o coverage.html",
            "go tool pprof -top -nodecount=20 cpu.pprof",
        ),
        (
            "go tool pprof -output=top.txt -top cpu.pprof",
            "go tool cover -func=c.out",
        ),
    ]);
}

/// `manage.py shell -c CODE` runs CODE as Python: it is read as inline
/// Python is (the table's `inline_code` field).
#[test]
fn django_shell_code_is_python() {
    check_pairs(&[
        (
            "python manage.py shell -c \"import json; from apps.orders.models import Order; json.dump(list(Order.objects.values('id')), open('/tmp/orders.json','w'))\"",
            "python manage.py shell -c \"from apps.orders.models import Order; print(Order.objects.count())\"",
        ),
        (
            "./manage.py shell --command 'import shutil; shutil.rmtree(\"media/cache\")'",
            "django-admin shell --command 'import django; print(django.VERSION)'",
        ),
    ]);
    let a = analyse("python manage.py shell -c \"$CODE\"");
    assert!(a.unparsable.is_some(), "{a:?}");
}

/// Snapshot and expected-output libraries in update mode write their
/// files: the setting is data (`table::WRITING_ENV`).
#[test]
fn settings_that_make_tests_update_files() {
    check_pairs(&[
        (
            "INSTA_UPDATE=always cargo test",
            "INSTA_UPDATE=no cargo test",
        ),
        (
            "TRYCMD=overwrite cargo test --test cli_tests",
            "cargo test --test cli_tests",
        ),
        (
            "env UPDATE_EXPECT=1 cargo test -p parser",
            "env RUST_LOG=debug cargo test",
        ),
        ("SNAPSHOTS=overwrite cargo nextest run", "TRYCMD=overwrite"),
    ]);
}

/// Ninth and tenth blind batches: commands the table did not know or
/// misread, each with a read-only use of the same tool.
#[test]
fn blind9_10_table_entries() {
    check_pairs(&[
        (
            "git bundle create /tmp/shop.bundle --all",
            "git bundle verify repo.bundle",
        ),
        (
            "git bundle create repo.bundle --all",
            "git bundle list-heads repo.bundle",
        ),
        ("git bundle unbundle repo.bundle", "git cat-file -p HEAD"),
        (
            "git commit-tree HEAD^{tree} -m 'synthetic'",
            "git rev-parse HEAD^{tree}",
        ),
        ("git mktree < tree.txt", "git ls-tree HEAD"),
        ("git write-tree", "git ls-files -s"),
        ("git mktag < tag.txt", "git cat-file tag v1"),
        ("git unpack-objects < pack.pack", "git verify-pack -v x.idx"),
        ("git index-pack x.pack", "git count-objects -v"),
        (
            "git pack-objects base < list",
            "git pack-objects --stdout < list",
        ),
        (
            "git merge-file a.txt base.txt b.txt",
            "git merge-file -p a.txt base.txt b.txt",
        ),
        ("git commit-graph write", "git commit-graph verify"),
        (
            "mvn archetype:generate -B -DgroupId=com.acme -DartifactId=billing -DarchetypeArtifactId=maven-archetype-quickstart",
            "mvn -B -DarchetypeArtifactId=x -Dhttp.proxyHost=p test",
        ),
        (
            "gradle spotlessApply -Dorg.gradle.mode=1",
            "gradle test -Dorg.gradle.mode=1 -Phello=1",
        ),
        ("sudo usermod -aG docker dev", "id dev"),
        ("sudo useradd -m deploy", "getent passwd deploy"),
        ("sudo groupadd docker", "groups dev"),
        ("sudo userdel -r olduser", "id olduser"),
        ("sudo passwd dev", "passwd -S dev"),
        ("echo 'dev:pw' | sudo chpasswd", "getent group docker"),
        ("sudo gpasswd -a dev docker", "id -Gn dev"),
        ("at now + 1 minute <<< 'rm /tmp/x'", "at -l"),
        ("echo 'make' | batch", "atq"),
        ("atrm 3", "at -c 3"),
        (
            "crudini --set config.ini server port 8080",
            "crudini --get config.ini server port",
        ),
        (
            "crudini --del config.ini server port",
            "crudini --get config.ini",
        ),
        (
            "crudini --merge config.ini < extra.ini",
            "crudini --get --format=sh config.ini server",
        ),
        ("dvc repro", "dvc status"),
        (
            "dvc get https://github.com/org/repo data/x.csv",
            "dvc list https://github.com/org/repo data",
        ),
        ("dvc add data/raw.csv", "dvc diff"),
        ("dvc pull", "dvc dag"),
        ("dvc checkout", "dvc metrics show"),
        (
            "dvc import https://github.com/org/repo data/x.csv",
            "dvc params diff",
        ),
        ("dvc gc -w", "dvc push"),
        ("dvc commit", "dvc doctor"),
        (
            "papermill in.ipynb out.ipynb",
            "papermill in.ipynb - -p alpha 0.6",
        ),
        (
            "papermill in.ipynb out.ipynb -p alpha 0.6",
            "papermill --help-notebook in.ipynb",
        ),
        (
            "ffmpeg -i input.mp4 -vn audio.mp3",
            "ffmpeg -i input.mp4 -f null -",
        ),
        (
            "ffmpeg -i input.mp4 -an -vn audio.mp3",
            "ffmpeg -i x -an -f null /dev/null",
        ),
        ("gpg --import key.asc", "gpg --list-keys"),
        ("gpg --recv-keys 0xABCDEF", "gpg --verify doc.sig doc.txt"),
        (
            "gpg --keyserver keys.openpgp.org --recv-keys 0xAB",
            "gpg --fingerprint dev@example.com",
        ),
        ("gpg --full-generate-key", "gpg -d notes.txt.gpg"),
        (
            "gpg --batch --gen-key params.txt",
            "gpg --list-secret-keys --keyid-format long",
        ),
        (
            "gpg --delete-keys dev@example.com",
            "gpg --export --armor dev@example.com",
        ),
        (
            "gpg --edit-key dev@example.com",
            "gpg --decrypt notes.txt.gpg",
        ),
        (
            "gpg -o notes.txt --decrypt notes.txt.gpg",
            "gpg -o - --decrypt notes.txt.gpg",
        ),
        ("dotnet new console -o App", "dotnet new list"),
        ("dotnet new webapi", "dotnet new search blazor"),
        ("dotnet new install Some.Templates", "dotnet new --list"),
        ("dotnet new gitignore", "dotnet new console --help"),
        (
            "rename 's/\\.jpeg$/.jpg/' images/*.jpeg",
            "rename -n 's/\\.jpeg$/.jpg/' images/*.jpeg",
        ),
        ("rename -v 's/a/b/' *.txt", "rename --nono 's/a/b/' *.txt"),
        ("rename -e 's/a/b/' *.txt", "rename -vn -e 's/a/b/' *.txt"),
        ("terraform state rm aws_instance.x", "terraform state pull"),
        (
            "terraform state push s.tfstate",
            "terraform state show aws_instance.x",
        ),
        ("sox in.wav out.flac", "sox --i in.wav"),
        ("sox in.wav out.flac", "soxi in.wav"),
        (
            "split -l 1000 big.csv part_",
            "split -l 1000 --filter='wc -l' big.csv",
        ),
        (
            "split -l 1000 --filter='gzip > $FILE.gz' big.csv",
            "split --filter 'wc -c' -b 1M big.bin",
        ),
        (
            "inkscape logo.svg --export-filename=logo.png",
            "inkscape --query-all logo.svg",
        ),
        ("inkscape logo.svg -o logo.pdf", "inkscape --version"),
        (
            "inkscape --export-type=png logo.svg",
            "inkscape --query-width -i rect1 logo.svg",
        ),
        (
            "python3 -m tarfile -e a.tar /tmp/a",
            "python3 -m tarfile -l a.tar",
        ),
        (
            "python3 -m tarfile -c out.tar src/",
            "python3 -m tarfile -t a.tar",
        ),
        ("python3 -m pydoc -w json", "python3 -m pydoc json"),
        ("python3 -m ensurepip --upgrade", "python3 -m site"),
        (
            "python3 -m zipapp myapp -o app.pyz",
            "python3 -m zipapp --info app.pyz",
        ),
        ("python3 -m gzip big.log", "python3 -m json.tool a.json"),
    ]);
}

/// Ninth and tenth blind batches: a keyword naming the output (`pdftk …
/// output FILE`), a default output whose file is `-` (standard output),
/// and a process substitution given as a file to write (a pipe to a
/// command analysed on its own).
#[test]
fn blind9_10_keywords_stdout_and_process_substitutions() {
    check_pairs(&[
        (
            "pdftk a.pdf b.pdf cat output merged2.pdf",
            "pdftk a.pdf dump_data",
        ),
        (
            "pdftk a.pdf dump_data output info.txt",
            "pdftk a.pdf dump_data output -",
        ),
        ("pdftk in.pdf burst", "pdftk in.pdf dump_data_utf8"),
        ("pdftotext report.pdf", "pdftotext report.pdf -"),
        (
            "pdftotext -layout report.pdf out.txt",
            "pdftotext -layout report.pdf - | grep x",
        ),
        ("echo hi | tee out.txt >(wc -c)", "echo hi | tee >(wc -c)"),
        (
            "tee >(gzip > out.gz) < data.txt",
            "tee >(sha256sum) < big.iso > /dev/null",
        ),
        ("sort -o out.txt in.txt", "sort -o >(cat) in.txt"),
    ]);
    assert_eq!(targets("pdftk a.pdf cat output m.pdf"), ["m.pdf"]);
    assert_eq!(targets("pdftotext a.pdf a.txt"), ["a.txt"]);
    assert_eq!(unnamed("pdftotext report.pdf"), ["pdftotext"]);
    assert_eq!(targets("echo x | tee a.txt >(wc -c)"), ["a.txt"]);
    // `-` is a file to rm; only a single output position means stdout
    assert!(is_write("rm -"));
}

/// Ninth and tenth blind batches: sed's `w` to standard output or error,
/// SQL that is only explained, `parallel --results DIR`, `psql` reading
/// backslash commands from a here-doc.
#[test]
fn blind9_10_sed_sql_parallel_psql() {
    check_pairs(&[
        ("sed -n 'w out.txt' in.txt", "sed -n 'w /dev/stdout' in.txt"),
        (
            "sed 's/a/b/w changes.txt' in.txt",
            "sed 's/a/b/w /dev/stderr' in.txt",
        ),
        (
            "sed -n '/x/w /tmp/x.txt' in.txt",
            "sed -n '/x/w /dev/fd/2' in.txt",
        ),
        (
            "sed -e 's/a/b/w /dev/stdout' -e 'w log.txt' in.txt",
            "sed -e 's/a/b/w /dev/stdout' -e 'p' in.txt",
        ),
        (
            "sqlite3 app.db \"DELETE FROM sessions\"",
            "sqlite3 app.db \"EXPLAIN QUERY PLAN DELETE FROM sessions\"",
        ),
        (
            "sqlite3 app.db \"EXPLAIN SELECT 1; DELETE FROM sessions\"",
            "sqlite3 app.db \"explain delete from sessions\"",
        ),
        (
            "duckdb app.db \"EXPLAIN ANALYZE DELETE FROM t\"",
            "duckdb app.db \"EXPLAIN DELETE FROM t\"",
        ),
        (
            "parallel --results out/ echo ::: a b",
            "parallel echo ::: a b",
        ),
        (
            "parallel --results=out echo ::: a b",
            "parallel -j2 echo ::: a b",
        ),
        (
            "parallel --joblog jobs.log echo ::: a b",
            "parallel --dry-run --results out echo ::: a",
        ),
        (
            "psql shop <<'EOF'\n\\copy users TO '/tmp/users.csv' CSV\nEOF",
            "psql shop <<'EOF'\n\\copy users FROM '/tmp/users.csv' CSV\nEOF",
        ),
        (
            "psql shop <<< '\\o /tmp/out.txt'",
            "psql shop <<< 'SELECT count(*) FROM users'",
        ),
        (
            "printf '%s\\n' '\\copy t TO x.csv CSV' | psql shop",
            "echo 'select 1' | psql shop",
        ),
    ]);
    assert_eq!(
        targets("psql shop <<'EOF'\n\\copy users TO '/tmp/users.csv' CSV\nEOF"),
        ["/tmp/users.csv"]
    );
    assert!(targets("parallel --results out/ echo ::: a").contains(&"out/".to_string()));
}

/// Tenth blind batch: code run by Python's `exec`/`eval`, Tcl code given
/// to `tclsh`/`expect`, Emacs in batch mode, aliases defined but not used.
#[test]
fn blind10_exec_tcl_emacs_aliases() {
    check_pairs(&[
        (
            "python3 -c \"exec('open(\\\"x\\\",\\\"w\\\")')\"",
            "python3 -c \"exec('print(1)')\"",
        ),
        (
            "python3 -c \"eval(compile('import os; os.remove(\\\"x\\\")', 's', 'exec'))\"",
            "python3 -c \"print(eval('1+2'))\"",
        ),
        (
            "python3 -c \"exec 'open(\\\"x\\\",\\\"w\\\")'\"",
            "python3 -c \"import re; print(re.compile('a+').match('aa'))\"",
        ),
        (
            "tclsh <<< 'set f [open out.txt w]; puts $f hi; close $f'",
            "tclsh <<< 'puts [info patchlevel]'",
        ),
        (
            "echo 'file delete x.txt' | tclsh",
            "echo 'set f [open in.txt r]; puts [read $f]' | tclsh",
        ),
        (
            "tclsh <<'EOF'\nif {1} {\n  file rename a.txt b.txt\n}\nEOF",
            "tclsh <<'EOF'\nif {[file exists a.txt]} {\n  puts yes\n}\nEOF",
        ),
        ("tclsh <<< 'exec rm -f x'", "tclsh <<< 'exec ls -la'"),
        (
            "tclsh <<< 'set f [open log.txt {WRONLY CREAT}]'",
            "tclsh <<< 'set f [open log.txt]; puts [gets $f]'",
        ),
        (
            "tclsh <<< 'open out.txt a+'",
            "tclsh <<< 'puts [glob *.txt]'",
        ),
        (
            "expect -c 'spawn rm -f x'",
            "expect -c 'spawn ssh host; expect eof'",
        ),
        (
            "emacs --batch --eval '(with-temp-file \"out.txt\" (insert \"hi\"))'",
            "emacs --batch --eval '(message \"%s\" emacs-version)'",
        ),
        (
            "emacs notes.org --batch -f org-html-export-to-html --kill",
            "emacs -Q --batch --eval '(princ (+ 1 2))'",
        ),
        (
            "emacs --batch init.el -f batch-byte-compile",
            "emacs -batch -Q -l ert -f ert-run-tests-batch-and-exit",
        ),
        (
            "emacs --batch src/init.el --eval '(progn (indent-region (point-min) (point-max)) (save-buffer))'",
            "emacs --batch src/init.el --eval '(message (buffer-string))'",
        ),
        (
            "emacs --batch -l org --eval '(org-babel-tangle-file \"config.org\")'",
            "emacs --batch -l org --eval '(message (org-version))'",
        ),
        (
            "emacs -nw notes.txt",
            "emacs --batch --eval=\"(message \\\"hi\\\")\"",
        ),
        ("alias l='rm -rf x'; l", "alias rm='rm -i'"),
        ("alias l='rm -rf x'\nl -v", "alias ll='ls -l'; ll"),
        ("alias g='git commit -am wip'\ng", "alias x='rm -rf y'"),
    ]);
    // code only known at run time
    for cmd in [
        "python3 -c \"exec(open('gen.py').read())\"",
        "python3 -c \"import sys; eval(sys.stdin.read())\"",
        "emacs --batch --eval \"$X\"",
        "alias l=\"$X\"\nl",
    ] {
        assert!(analyse(cmd).unparsable.is_some(), "{cmd:?}");
    }
    assert_eq!(analyse("alias l=\"$X\"").unparsable, None);
}

/// Tcl code is read by a small scanner: odd or deep input ends, without a
/// panic, and nesting past its limit says so.
#[test]
fn tcl_scanner_ends_on_any_input() {
    use super::code::scan_tcl;
    for src in [
        "",
        "{",
        "}",
        "[",
        "]",
        "\"",
        "\\",
        "\u{a0}x",
        "open",
        "file",
        "exec",
        "open x",
        "#",
        "{}{}",
        "[]]",
        "\"[\"",
        "a\\\nb",
        "\u{a0}\u{a0}",
        "set x {a\\}b}",
    ] {
        let _ = scan_tcl(src);
    }
    for deep in ["[".repeat(5000), "{".repeat(5000), "[{".repeat(3000)] {
        assert!(scan_tcl(&deep).runtime.is_some());
    }
    assert!(
        scan_tcl("puts [expr {1 + [string length abc]}]")
            .writes
            .is_empty()
    );
}

/// A container's command writes host files through a writable bind mount
/// of a host path (`-v "$PWD":/app`, `--mount type=bind,…`): it is
/// analysed as a command of its own, and what it writes counts, unnamed
/// (its paths are the container's). Without one, or with a read-only
/// mount or a named volume, its writes stay in the container.
#[test]
fn container_commands_through_bind_mounts() {
    check_pairs(&[
        (
            "docker run --rm -v \"$PWD\":/app -w /app node:20 npm ci",
            "docker run -v \"$PWD\":/app node npm test",
        ),
        (
            "docker run --rm -v \"$(pwd)/out:/out\" alpine sh -c 'echo done > /out/status.txt'",
            "docker run --rm alpine sh -c 'echo done > /out/status.txt'",
        ),
        (
            "docker run -v \"$PWD\":/app alpine touch /app/x",
            "docker run --rm -v \"$PWD\":/src:ro alpine touch /src/x",
        ),
        (
            "docker run --rm -v \"$PWD\":/src -w /src node:20 npm install",
            "docker run --rm -v data:/data alpine touch /data/x",
        ),
        (
            "docker run --rm --mount type=bind,source=\"$PWD\",target=/src node:20 npm install",
            "docker run --rm --mount type=bind,source=\"$PWD\",target=/src,readonly node:20 npm install",
        ),
        (
            "docker run --rm --mount=type=bind,src=.,dst=/src,ro=false alpine rm /src/x",
            "docker run --rm --mount type=volume,source=v,target=/v alpine rm /v/x",
        ),
        (
            "podman run --rm -v .:/src:Z node:20 npm ci",
            "podman run --rm -v /data alpine touch /data/x",
        ),
        (
            "docker container run -v ~/work:/a alpine rm /a/x",
            "docker container run -v ~/work:/a alpine ls /a",
        ),
        (
            "docker compose run --rm -v \"$PWD:/src\" app npm install",
            "docker compose run --rm app npm install",
        ),
        (
            "docker run --rm -v $(pwd):/work -w /work node:20 npx prettier --write .",
            "docker run --rm -v $(pwd):/work -w /work node:20 npx prettier --check .",
        ),
        (
            "docker run --rm -v \"$(pwd)\":/src -w /src golang:1.22 gofmt -w .",
            "docker run --rm -e CGO=0 -v \"$(pwd)\":/src -w /src golang:1.22 go vet ./...",
        ),
        (
            "docker -H tcp://h:2375 run -v /srv:/srv --name x -p 80:80 alpine rm -rf /srv/old",
            "docker run --rm -it -v /srv:/srv --name x -p 80:80 alpine cat /srv/a",
        ),
        (
            "docker run --volumes-from data alpine rm /data/x",
            "docker run --volumes-from data alpine ls /data",
        ),
    ]);
    let a = analyse("docker run -v \"$PWD\":/a alpine touch /a/x");
    assert!(a.targets.is_empty(), "{a:?}");
    assert!(a.unnamed.iter().any(|u| u.contains("/a/x")), "{a:?}");
    assert!(
        analyse("docker run -v \"$PWD\":/a alpine sh -c \"$X\"")
            .unparsable
            .is_some()
    );
    assert_eq!(
        analyse("docker run --rm alpine sh -c \"$X\"").unparsable,
        None
    );
}

/// An unquoted current directory in a container's mount is one word; any
/// other unquoted expansion before the container's command may split into
/// it.
#[test]
fn container_mounts_of_the_current_directory_unquoted() {
    for cmd in [
        "docker run --rm -v $(pwd):/app -w /app node:20 npm test",
        "docker run --rm -v $PWD:/app -w /app node:20 npm test",
        "docker run --rm -v ${PWD}/src:/src alpine ls /src",
    ] {
        let a = analyse(cmd);
        assert!(
            a.writes.is_empty() && a.unparsable.is_none(),
            "{cmd:?}: {a:?}"
        );
    }
    assert!(is_write(
        "docker run --rm -v $(pwd):/app -w /app node:20 npm ci"
    ));
    assert!(
        analyse("docker run --rm -v $X:/app alpine ls /app")
            .unparsable
            .is_some()
    );
}

/// A user's command can run its argv in a container with mounts of its
/// own (`runs = "container"`, `mounts`), as `docker run` does.
#[test]
fn user_container_commands() {
    use super::spec::{UserCommands, cmd};
    let mut users = UserCommands::default();
    users.insert(
        cmd(&["box"])
            .run_container(1)
            .mounts(&["--bind"])
            .values(&["--name"]),
    );
    let w = |c: &str| !super::analyse_with(c, &users).writes.is_empty();
    assert!(w("box --name x --bind .:/a img rm /a/x"));
    assert!(!w("box --name x --bind .:/a:ro img rm /a/x"));
    assert!(!w("box --name x img rm /a/x"));
    assert!(!w("box --bind .:/a img ls /a"));
}

/// `/dev/null`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` are not files
/// wherever a write target is judged: in SQL dot commands and psql's
/// backslash commands too.
#[test]
fn device_targets_in_sql_and_psql() {
    check_pairs(&[
        (
            "sqlite3 app.db '.output out.txt' 'select 1'",
            "sqlite3 app.db '.output /dev/null' 'select 1'",
        ),
        (
            "sqlite3 app.db '.once result.csv' 'select 1'",
            "sqlite3 app.db '.once /dev/stdout' 'select 1'",
        ),
        ("psql -c '\\o out.txt' shop", "psql -c '\\o /dev/null' shop"),
        (
            "psql -c \"\\copy t TO 'x.csv' CSV\" shop",
            "psql -c \"\\copy t TO '/dev/stdout' CSV\" shop",
        ),
    ]);
}

/// `--entrypoint PROG` makes PROG the container's program, with the words
/// after the image as its arguments.
#[test]
fn container_entrypoint() {
    check_pairs(&[
        (
            "docker run -v \"$PWD\":/app --entrypoint sh node:20 -c 'rm -rf /app/x'",
            "docker run -v \"$PWD\":/app --entrypoint sh node:20 -c 'ls /app'",
        ),
        (
            "docker run -v \"$PWD\":/app --entrypoint=rm alpine -rf /app/x",
            "docker run -v \"$PWD\":/app --entrypoint=ls alpine -la /app",
        ),
        (
            "docker run -v \"$PWD\":/app --entrypoint touch alpine /app/x",
            "docker run --entrypoint touch alpine /app/x",
        ),
    ]);
}

// --- twelfth blind batch ---

/// Twelfth blind batch: Android and Apple tooling (SDK packages, AVDs,
/// device files pulled to this machine, signing, keychains, stapling).
#[test]
fn blind12_android_and_apple() {
    check_pairs(&[
        (
            "sdkmanager \"platforms;android-34\" \"build-tools;34.0.0\"",
            "sdkmanager --list_installed",
        ),
        (
            "sdkmanager --install \"ndk;26.1.10909125\"",
            "sdkmanager --list",
        ),
        (
            "sdkmanager --uninstall \"system-images;android-30;google_apis;x86\"",
            "sdkmanager --list | grep system-images",
        ),
        ("sdkmanager --update", "sdkmanager --version"),
        ("avdmanager delete avd -n pixel7", "avdmanager list avd"),
        (
            "avdmanager create avd -n p7 -k \"system-images;android-34;google_apis;x86_64\"",
            "avdmanager list device",
        ),
        ("adb bugreport ./bugreports/br.zip", "adb devices -l"),
        (
            "adb pull /sdcard/Download/trace.perfetto-trace ./traces/",
            "adb shell ls /sdcard/Download",
        ),
        ("adb backup -f backup.ab com.example.app", "adb logcat -d"),
        (
            "zipalign -p -f 4 app-unsigned.apk app-aligned.apk",
            "zipalign -c -v 4 app-release.apk",
        ),
        (
            "apksigner sign --ks release.keystore app.apk",
            "apksigner verify --print-certs app-release.apk",
        ),
        (
            "apksigner sign --ks release.keystore --out signed.apk app.apk",
            "apksigner verify app.apk",
        ),
        ("carthage bootstrap --platform iOS", "carthage version"),
        ("carthage checkout", "carthage outdated"),
        ("fastlane add_plugin versioning", "fastlane lanes"),
        ("fastlane install_plugins", "bundle exec fastlane lanes"),
        (
            "xcrun stapler staple dist/App.dmg",
            "xcrun stapler validate dist/App.dmg",
        ),
        (
            "security import dist_cert.p12 -k ~/Library/Keychains/login.keychain-db -P \"$P12_PASS\" -T /usr/bin/codesign",
            "security find-identity -v -p codesigning",
        ),
        (
            "security create-keychain -p ci build.keychain",
            "security list-keychains",
        ),
        (
            "security set-key-partition-list -S apple-tool:,apple: -s -k ci build.keychain",
            "security find-certificate -c \"Apple Development\" -p",
        ),
        (
            "security list-keychains -d user -s build.keychain login.keychain",
            "security list-keychains -d user",
        ),
        (
            "codesign --force --deep --sign - dist/App.app",
            "codesign -dv --verbose=4 dist/App.app",
        ),
        (
            "codesign -s \"Developer ID Application: X\" -o runtime dist/App.app",
            "codesign --verify --deep --strict dist/App.app",
        ),
        (
            "codesign --remove-signature bin/tool",
            "codesign -d --entitlements - dist/App.app",
        ),
    ]);
}

/// Twelfth blind batch: Flutter and Dart, and the Node runners of React
/// Native and Expo (`npx TOOL`; a `create-*` package scaffolds).
#[test]
fn blind12_flutter_and_node_runners() {
    check_pairs(&[
        ("flutter gen-l10n", "flutter analyze"),
        ("flutter config --enable-web", "flutter config --list"),
        (
            "flutter config --android-sdk /opt/android",
            "flutter config",
        ),
        ("flutter screenshot -o /tmp/flutter.png", "flutter devices"),
        ("dart pub global activate fvm", "dart pub global list"),
        (
            "dart compile exe bin/cli.dart -o bin/cli",
            "dart analyze --fatal-infos",
        ),
        (
            "dart run flutter_launcher_icons",
            "dart run tool/print_version.dart",
        ),
        ("npx expo prebuild --clean", "npx expo start"),
        ("npx expo customize metro.config.js", "npx expo --version"),
        ("npx pod-install", "npx react-native info"),
        (
            "npx react-native bundle --platform android --dev false --entry-file index.js --bundle-output android/app/src/main/assets/index.android.bundle --assets-dest android/app/src/main/res",
            "npx react-native doctor",
        ),
        (
            "npx patch-package react-native-webview",
            "npm ls react-native",
        ),
    ]);
}

/// Twelfth blind batch: game, graphics and audio tools.
#[test]
fn blind12_graphics_and_audio() {
    check_pairs(&[
        (
            "dxc -T ps_6_0 -E main shaders/lit.hlsl -Fo shaders/lit.cso",
            "dxc -T ps_6_0 -E main shaders/lit.hlsl",
        ),
        (
            "blender -b scenes/level1.blend -f 1",
            "blender -b scenes/level1.blend --python scripts/stats.py",
        ),
        (
            "Unity -batchmode -nographics -quit -projectPath /home/dev/game -exportPackage Assets/Plugins/Net net-plugin.unitypackage",
            "Unity -batchmode -nographics -quit -projectPath /home/dev/game -executeMethod Build.Validate -logFile -",
        ),
        (
            "gltf-transform optimize models/ship.glb models/ship.opt.glb",
            "gltf-transform inspect models/ship.glb",
        ),
        (
            "aseprite -b hero.aseprite --sheet hero-sheet.png --data hero-sheet.json",
            "aseprite -b hero.aseprite --list-tags",
        ),
        (
            "aseprite -b in.aseprite --save-as out.png",
            "aseprite --version",
        ),
        (
            "convert logo.png -resize 50% small.png",
            "convert -list format | grep -i webp",
        ),
    ]);
}

/// Twelfth blind batch: embedded boards, flash dumps, disk images,
/// linkers and cross toolchains (`arm-none-eabi-objcopy` is `objcopy`).
#[test]
fn blind12_embedded() {
    check_pairs(&[
        (
            "pio project init --board esp32dev --ide vscode",
            "pio project config",
        ),
        ("arduino-cli core update-index", "arduino-cli core list"),
        ("arduino-cli config init", "arduino-cli config dump"),
        ("arduino-cli sketch new Blink", "arduino-cli board list"),
        ("west zephyr-export", "west list"),
        (
            "west config build.board nrf52840dk/nrf52840",
            "west config build.board",
        ),
        ("west config -d build.board", "west config -l"),
        (
            "ld -T linker.ld -o kernel.bin boot.o kernel.o",
            "ld --version",
        ),
        (
            "openocd -f interface/stlink.cfg -f target/stm32f4x.cfg -c \"init; reset halt; dump_image flash_dump.bin 0x08000000 0x100000; shutdown\"",
            "openocd -f interface/stlink.cfg -f target/stm32f4x.cfg -c \"program build/fw.elf verify reset exit\"",
        ),
        (
            "avrdude -p m328p -c usbasp -U flash:r:backup.hex:i",
            "avrdude -p m328p -c usbasp -U flash:w:firmware.hex:i",
        ),
        (
            "esptool.py --port /dev/ttyUSB0 read_flash 0 0x400000 flash_dump.bin",
            "esptool.py --port /dev/ttyUSB0 chip_id",
        ),
        (
            "st-flash read dump.bin 0x8000000 0x10000",
            "st-flash write firmware.bin 0x8000000",
        ),
        (
            "dfu-util -a 0 -U backup.bin",
            "dfu-util -a 0 -D firmware.bin",
        ),
        (
            "qemu-img convert -f raw -O qcow2 disk.raw disk.qcow2",
            "qemu-img info vm/disk.qcow2",
        ),
        (
            "qemu-img resize vm/disk.qcow2 +10G",
            "qemu-img check vm/disk.qcow2",
        ),
        (
            "qemu-img snapshot -c before-upgrade vm/disk.qcow2",
            "qemu-img snapshot -l vm/disk.qcow2",
        ),
        (
            "qemu-img create -f qcow2 vm/disk.qcow2 20G",
            "qemu-img measure -O qcow2 disk.raw",
        ),
        ("mkfs.fat -C fat.img 32768", "mkfs.fat --version"),
        ("mkfs.ext4 -F rootfs.img", "mkfs.ext4 -n rootfs.img"),
        (
            "mksquashfs rootfs/ rootfs.sqsh -comp xz",
            "mksquashfs -version",
        ),
        (
            "mkimage -A arm -O linux -T script -C none -d boot.cmd boot.scr",
            "mkimage -l boot.scr",
        ),
    ]);
}

/// Twelfth blind batch: users and groups, lingering, certificates and
/// keyrings.
#[test]
fn blind12_users_certificates_keyrings() {
    check_pairs(&[
        ("sudo usermod -aG dialout dev", "passwd -S dev"),
        ("sudo useradd -m -s /bin/bash ci", "getent passwd ci"),
        ("sudo passwd dev", "passwd --status dev"),
        ("loginctl enable-linger dev", "loginctl show-user dev"),
        (
            "certbot certonly --standalone -d example.com --agree-tos -m ops@example.com -n",
            "certbot certificates",
        ),
        (
            "sudo certbot delete --cert-name old.example.com",
            "certbot renew --dry-run",
        ),
        (
            "gpg --batch --passphrase '' --quick-gen-key \"Dev <dev@example.com>\" ed25519 sign never",
            "gpg --list-keys",
        ),
        (
            "gpg --import keys/teammate.asc",
            "gpg --import --import-options show-only keys/teammate.asc",
        ),
        (
            "gpg --recv-keys 0x6B3C5D2E1F0A9B87",
            "gpg --verify release.tar.gz.sig release.tar.gz",
        ),
        (
            "gpg --delete-secret-keys 0x6B3C5D2E1F0A9B87",
            "gpg --fingerprint dev@example.com",
        ),
    ]);
}

/// Twelfth blind batch: JVM and .NET projects, science and papers.
#[test]
fn blind12_jvm_dotnet_science() {
    check_pairs(&[
        (
            "mvn archetype:generate -DgroupId=com.example -DartifactId=demo -DarchetypeArtifactId=maven-archetype-quickstart -DinteractiveMode=false",
            "mvn help:describe -Dplugin=archetype -Ddetail",
        ),
        ("sbt publishLocal", "sbt about"),
        ("sbt new scala/scala3.g8", "sbt compile"),
        ("dotnet sln add src/Api/Api.csproj", "dotnet sln list"),
        (
            "dotnet sln Shop.sln remove src/Legacy/Legacy.csproj",
            "dotnet sln Shop.sln list",
        ),
        ("dotnet new console -o HelloApp", "dotnet new list"),
        (
            "dotnet new install Foo.Templates",
            "dotnet new search blazor",
        ),
        ("conda clean --all -y", "conda clean --all --dry-run"),
        (
            "conda-lock -f environment.yml -p linux-64",
            "conda list numpy",
        ),
        ("nbstripout --install", "nbstripout --is-installed"),
        (
            "papermill train.ipynb runs/train-out.ipynb -p lr 0.001",
            "papermill --help-notebook train.ipynb",
        ),
        (
            "jupyter trust notebooks/explore.ipynb",
            "jupyter kernelspec list",
        ),
        (
            "quarto render report.qmd --to pdf",
            "quarto inspect report.qmd",
        ),
        ("quarto convert explore.ipynb", "quarto check"),
        (
            "pdflatex -interaction=nonstopmode paper.tex",
            "pdflatex --version",
        ),
        ("latexmk -pdf paper.tex", "latexmk -v"),
        ("latexmk -c", "latexmk -version"),
        ("bibtex paper", "bibtex --version"),
        ("biber thesis", "biber --version"),
        ("makeindex thesis.idx", "texcount -inc paper.tex"),
        (
            "nccopy -k nc4 data/in.nc data/out.nc",
            "ncdump -h data/in.nc",
        ),
    ]);
}

/// Twelfth blind batch: version managers (`nvm use` only changes PATH)
/// and the rest.
#[test]
fn blind12_version_managers_and_others() {
    check_pairs(&[
        ("pyenv virtualenv 3.12.2 app-env", "pyenv virtualenvs"),
        (
            "pyenv install 3.12.2",
            "pyenv install --list | grep ' 3.12'",
        ),
        ("asdf plugin add nodejs", "asdf plugin list"),
        ("nvm install 20", "nvm use 20 && node -v"),
        ("nvm alias default 20", "nvm ls"),
        (
            "git bundle create /tmp/repo.bundle --all",
            "git bundle verify /tmp/repo.bundle",
        ),
    ]);
}

/// `npx create-NAME` (what `npm init NAME` runs) scaffolds a project: a
/// general rule for commands flowgate does not know; `TOOL settings set`
/// writes the tool's settings; `pdftk … output FILE` names its output by
/// a keyword; `lame IN -` writes to standard output.
#[test]
fn blind12_general_rules() {
    check_pairs(&[
        (
            "npx create-expo-app@latest my-app --template blank-typescript",
            "npx expo config --type public",
        ),
        ("npm exec create-foo -- my-app", "npx expo-doctor"),
        (
            "lame -V2 music.wav music.mp3",
            "lame -V2 music.wav - | wc -c",
        ),
        ("lame music.wav", "lame --help"),
        (
            "pdftk a.pdf b.pdf cat output merged.pdf",
            "pdftk a.pdf dump_data output -",
        ),
        (
            "mise settings set experimental true",
            "mise settings get experimental",
        ),
    ]);
}

/// A cross toolchain's binutils (`arm-none-eabi-objcopy`) are the tools
/// the table knows (`objcopy`).
#[test]
fn blind12_cross_toolchains() {
    check_pairs(&[
        (
            "arm-none-eabi-objcopy -O ihex build/zephyr/zephyr.elf dist/zephyr.hex",
            "arm-none-eabi-size build/zephyr/zephyr.elf",
        ),
        (
            "arm-none-eabi-strip build/app.elf",
            "arm-none-eabi-objdump -h build/app.elf",
        ),
    ]);
}

/// sox writes the last file before its effects: not `-n` (no file), `-d`
/// (the audio device) or `-`; `spectrogram -o FILE` and `noiseprof FILE`
/// write; `--i` only shows.
#[test]
fn blind12_sox_output_and_effects() {
    check_pairs(&[
        ("sox input.wav -r 22050 output.wav", "sox in.wav -n stat"),
        ("sox -n tone.wav synth 3 sine 440", "sox --i -d intro.wav"),
        (
            "ffmpeg -i song.flac -f wav - | sox -t wav - out.ogg",
            "ffmpeg -i song.flac -f wav - | sox -t wav - -n stat",
        ),
        ("sox in.wav -n spectrogram -o spec.png", "sox in.wav -d"),
        (
            "sox in.wav out.wav trim 0 10",
            "sox in.wav -n trim 0 10 stats",
        ),
    ]);
}

/// Inline code: Blender's Python exporters and saves (`bpy.ops.…`), R's
/// renv, usethis and knitr::purl.
#[test]
fn blind12_blender_python_and_r_code() {
    check_pairs(&[
        (
            "blender --background model.blend --python-expr \"import bpy; bpy.ops.export_scene.gltf(filepath='exports/model.glb')\"",
            "blender --background model.blend --python-expr \"import bpy; print(len(bpy.data.objects))\"",
        ),
        (
            "blender -b scene.blend --python-expr \"import bpy; bpy.ops.wm.save_mainfile()\"",
            "blender -b scene.blend --python-expr \"import bpy; bpy.ops.import_scene.gltf(filepath='in.glb')\"",
        ),
        ("Rscript -e 'renv::init()'", "Rscript -e 'renv::status()'"),
        (
            "Rscript -e 'usethis::use_mit_license()'",
            "Rscript -e 'usethis::proj_get()'",
        ),
        (
            "Rscript -e 'knitr::purl(\"analysis.Rmd\")'",
            "Rscript -e 'knitr::kable(head(mtcars))'",
        ),
        (
            "Rscript -e 'usethis::use_test(\"parser\")'",
            "Rscript -e 'reticulate::use_python(\"/usr/bin/python3\")'",
        ),
        (
            "blender -b s.blend --python-expr \"import bpy; bpy.ops.render.render(write_still=True)\"",
            "blender -b s.blend --python-expr \"import bpy; bpy.ops.render.render()\"",
        ),
    ]);
}

// --- review of 2026-11-27 (fifth session) ---

/// Written, or not analysable (run-time code): either way not read-only.
fn gated(cmd: &str) -> bool {
    let a = analyse(cmd);
    !a.writes.is_empty() || a.unparsable.is_some()
}

/// Tcl's `eval {…}` scanned its braced script twice (as a braced word,
/// then as `eval`'s script): nested thirty deep that was 2^30 scans, a
/// hook that never answers. Work is bounded by the code's length now.
#[test]
fn tcl_nested_eval_is_bounded() {
    let mut code = "file delete x".to_string();
    for _ in 0..30 {
        code = format!("eval {{{code}}}");
    }
    let cmd = format!("tclsh <<'EOF'\n{code}\nEOF");
    let start = std::time::Instant::now();
    assert!(gated(&cmd));
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

/// `EXPLAIN …` is passed over, so one statement must not hide a second:
/// SQLite's comments and backquoted names are not quotes (`/* ' */`), and
/// each argument of `sqlite3` is run on its own, so a quote left open in
/// one does not swallow the next (`.shell` ran while flowgate saw a
/// string).
#[test]
fn sql_statements_do_not_fold() {
    check_pairs(&[
        (
            "sqlite3 x.db \"EXPLAIN SELECT 1 /* ' */; DROP TABLE t; -- '\"",
            "sqlite3 x.db 'EXPLAIN QUERY PLAN DELETE FROM t'",
        ),
        (
            "sqlite3 x.db \"EXPLAIN SELECT \\`'\\`; DROP TABLE t; SELECT \\`'\\`\"",
            "sqlite3 x.db \"EXPLAIN SELECT \\`'\\` FROM t\"",
        ),
        (
            "sqlite3 x.db \"EXPLAIN SELECT 1 -- it's\n; DROP TABLE t; -- '\"",
            "sqlite3 x.db \"EXPLAIN SELECT 1 -- it's\n\"",
        ),
        (
            "sqlite3 x.db \"SELECT 1 -- '\" '.shell rm -rf src' \"SELECT 2 -- '\"",
            "sqlite3 x.db \"SELECT 1 -- '\" '.tables' \"SELECT 2 -- '\"",
        ),
        (
            "sqlite3 x.db <<'EOF'\nSELECT 1 /* ' */;\n.output out.txt\nSELECT 2; -- '\nEOF",
            "sqlite3 x.db <<'EOF'\nSELECT 1 /* ' */;\n.tables\nSELECT 2; -- '\nEOF",
        ),
    ]);
}

/// An alias whose value ends in a blank has the next word checked for an
/// alias too (`alias s='sudo '` … `s x`), at every use; and an alias whose
/// name bash expands (`{a,x}`, `$N`) is not known by name, so its value
/// counts where it is defined.
#[test]
fn aliases_after_a_blank_and_unknown_names() {
    check_pairs(&[
        (
            "alias s='sudo '; alias x='rm -rf y'\ns x",
            "alias s='sudo '; alias x='ls y'\ns x",
        ),
        (
            "alias s='sudo '; alias x='ls'; alias y='rm -rf z'\ns x\ns y",
            "alias s='sudo '; alias x='ls'; alias y='ls z'\ns x\ns y",
        ),
        ("alias {a,x}='rm -rf y'\nx", "alias {a,x}='ls y'\nx"),
        ("alias $N='rm -rf y'\nx", "alias $N='ls y'\nx"),
        ("alias x$N='rm -rf y'\nx", "alias x$N='ls y'\nx"),
    ]);
}

/// After `--` the words are operands, not flags: `rename 's/a/b/' -- -n
/// x` renames `-n` and `x`, `split -- in --filter` writes `--filteraa`,
/// `rm -rf -- --help src` and `git rm -r -- -n x` delete. Only where a
/// command hands them on to another (`cargo fmt -- --check`, as a `--
/// --check` read-only entry) do they still make it read-only.
#[test]
fn read_only_flags_after_double_dash() {
    check_pairs(&[
        ("rename 's/a/b/' -- -n x", "rename -n 's/a/b/' -- x"),
        ("rename -- 's/a/b/' --nono x", "rename --nono -- 's/a/b/' x"),
        ("mmv -- -n 'b#1'", "mmv -n -- 'a*' 'b#1'"),
        ("split -- in --filter", "split --filter 'wc -l' -- in"),
        ("cargo fmt -- --emit files", "cargo fmt -- --check"),
        ("rm -rf -- --help src", "rm --help"),
        ("git rm -r -- -n x", "git rm -r -n -- x"),
        ("git rm -- --help x", "git rm --help"),
        ("git restore -- --help x", "git restore --help"),
        ("chmod -R 777 -- --help src", "chmod --help"),
    ]);
}

/// `/dev/fd/N`, `/dev/stdout`, `/proc/self/fd/N` are not files, unless
/// the descriptor was opened on a file for reading (`3<f`, `1<f`): Linux
/// then reopens that file, for writing if asked (`sed -n 'w /dev/fd/3' x
/// 3<f` overwrites f; checked on Linux).
#[test]
fn descriptor_paths_reopen_files_read_in() {
    for cmd in [
        "sed -n 'w /dev/fd/3' x 3<important.txt",
        "sqlite3 :memory: '.output /dev/fd/3' 'select 1' 3<important.txt",
        "exec 3<important.txt\nsed -n 'w /dev/fd/3' x",
        "cat x 1<important.txt >/dev/stdout",
        "psql -c '\\o /dev/stdout' 1<important.txt",
    ] {
        assert!(gated(cmd), "{cmd}");
    }
    for cmd in [
        "sed -n 'w /dev/fd/3' x",
        "exec 3<input.txt; read -r v <&3; exec 3<&-; echo \"$v\"",
        "cat x > /dev/stdout",
    ] {
        assert!(!gated(cmd), "{cmd}");
    }
}

/// Mount options as docker reads them: `-v=SRC:DST` (pflag's glued short
/// value), `--mount` keys and types in any case, `readonly=` any of Go's
/// booleans, fields in CSV quotes, podman's `type=glob`; and options
/// that take a value (`--net-alias`, `--dns-opt`, `--cpu-count`), so
/// the image is not taken for one and the mount for the command.
#[test]
fn container_mounts_as_docker_reads_them() {
    let rm = "node rm -rf /app/x";
    let pairs: Vec<(String, String)> = [
        ("-v=\"$PWD\":/app", "-v=\"$PWD\":/app:ro"),
        (
            "--mount type=bind,src=\"$PWD\",dst=/app,readonly=False",
            "--mount type=bind,src=\"$PWD\",dst=/app,readonly=True",
        ),
        (
            "--mount Type=Bind,src=/x,dst=/app",
            "--mount Type=Bind,src=/x,dst=/app,ReadOnly",
        ),
        (
            "--mount '\"type=bind\",src=/x,dst=/app'",
            "--mount '\"type=volume\",src=v,dst=/app'",
        ),
        (
            "--mount type=glob,src=/x*,dst=/app",
            "--mount type=glob,src=/x*,dst=/app,ro=t",
        ),
        (
            "--net-alias foo -v \"$PWD\":/app",
            "--net-alias foo -v \"$PWD\":/app:ro",
        ),
        (
            "--dns-opt ndots:1 -v \"$PWD\":/app",
            "--dns-opt ndots:1 -v v:/app",
        ),
        (
            "--cpu-count 2 -v \"$PWD\":/app",
            "--cpu-count 2 -v \"$PWD\":/app:ro",
        ),
    ]
    .iter()
    .map(|(w, r)| {
        (
            format!("docker run --rm {w} {rm}"),
            format!("docker run --rm {r} {rm}"),
        )
    })
    .collect();
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(w, r)| (w.as_str(), r.as_str()))
        .collect();
    check_pairs(&pairs);
}

/// `emacs --batch` was a write whatever it ran before its code was read;
/// read as a list of writing words, Lisp that builds a name at run time
/// (`(funcall (intern …))`, `(eval (read …))`, `(load …)`) is not
/// analysable, and a file it loads (`-l FILE`, `-x FILE`) is a script
/// flowgate does not know, as `--script FILE` is.
#[test]
fn emacs_batch_code_not_read_as_words() {
    let e = |code: &str| format!("emacs --batch --eval '{code}'");
    for code in [
        "(funcall (intern (concat \"sav\" \"e-buffer\")))",
        "(load \"x.el\")",
        "(make-empty-file \"x\")",
        "(make-temp-file \"x\")",
        "(dired-create-directory \"x\")",
        "(org-babel-execute-buffer)",
        "(move-file-to-trash \"x\")",
    ] {
        assert!(gated(&e(code)), "{code}");
    }
    assert!(!gated(&e("(message \"%s\" emacs-version)")));
    for (cmd, script) in [
        ("emacs --batch -l build.el", "build.el"),
        ("emacs --batch --load=build.el", "build.el"),
        ("emacs -x run.el", "run.el"),
        (
            "emacs -Q --batch -l ert -l tests.el -f ert-run-tests-batch-and-exit",
            "tests.el",
        ),
    ] {
        assert!(analyse(cmd).unknown.iter().any(|u| u == script), "{cmd}");
    }
}

/// pdftk reads its keywords in any case (`copy_downcase` in its source):
/// `OUTPUT f`, `Burst`.
#[test]
fn keywords_in_any_case() {
    check_pairs(&[
        ("pdftk a.pdf cat OUTPUT b.pdf", "pdftk a.pdf cat OUTPUT -"),
        ("pdftk a.pdf Burst", "pdftk a.pdf DUMP_DATA"),
    ]);
}

/// More settings that make tests write (insta: `INSTA_UPDATE=force` or
/// `=1`, `INSTA_FORCE_UPDATE=1`; expect-test updates with any value of
/// `UPDATE_EXPECT`), and pprof's flags are Go flags, `--output` too.
#[test]
fn writing_env_values_and_go_double_dash_flags() {
    check_pairs(&[
        (
            "INSTA_UPDATE=force cargo test",
            "INSTA_UPDATE=no cargo test",
        ),
        ("INSTA_UPDATE=1 cargo test", "INSTA_UPDATE=auto cargo test"),
        (
            "INSTA_FORCE_UPDATE=1 cargo test",
            "INSTA_FORCE_UPDATE=0 cargo test",
        ),
        ("UPDATE_EXPECT=yes cargo test", "cargo test"),
        (
            "go tool pprof --output=x.svg -svg cpu.prof",
            "go tool pprof -svg cpu.prof",
        ),
    ]);
}

/// psql reads standard input with `-f -` (or `-f /dev/stdin`) as without
/// `-f`; `\s FILE` saves the history and `\lo_export OID FILE` a large
/// object, both on this machine.
#[test]
fn psql_stdin_script_and_more_backslash_writes() {
    check_pairs(&[
        (
            "psql -f - <<'EOF'\n\\o out.txt\nselect 1;\nEOF",
            "psql -f - <<'EOF'\nselect 1;\nEOF",
        ),
        (
            "psql --file=/dev/stdin <<'EOF'\n\\o out.txt\nEOF",
            "psql --file=/dev/stdin <<'EOF'\n\\dt\nEOF",
        ),
        ("psql -c '\\s hist.txt'", "psql -c '\\s'"),
        ("psql -c '\\lo_export 1234 out.bin'", "psql -c '\\lo_list'"),
    ]);
}

/// Tcl as tclsh reads it: `file` takes any unique prefix of a subcommand
/// (`file del x`), commands have full names (`::file`,
/// `tcl::file::delete`), and a command named at run time (`$f delete x`,
/// `{*}$cmd`, `eval $s`) is not analysable (each checked with tclsh 8.6).
#[test]
fn tcl_prefixes_full_names_and_run_time_commands() {
    let tcl = |code: &str| format!("tclsh <<'EOF'\n{code}\nEOF");
    for code in [
        "file del x",
        "file ren a b",
        "file mkd d",
        "::file delete x",
        "tcl::file::delete x",
        "set f file; $f delete x",
        "set c [list file delete x]; {*}$c",
        "set s \"file delete x\"; eval $s",
        "[string cat fi le] delete x",
    ] {
        assert!(gated(&tcl(code)), "{code}");
    }
    for code in [
        "file dirname x",
        "file exists x",
        "::puts hi",
        "eval {puts hi}",
    ] {
        assert!(!gated(&tcl(code)), "{code}");
    }
}

/// `__builtins__.exec(…)` is the builtin `exec` (as `builtins.exec`).
#[test]
fn python_exec_through_dunder_builtins() {
    check_pairs(&[(
        "python3 -c '__builtins__.exec(\"import os; os.remove(\\\"x\\\")\")'",
        "python3 -c '__builtins__.exec(\"print(1)\")'",
    )]);
}

/// `wild`'s first-byte test answers as the whole match does.
mod wild_first_byte {
    use super::super::spec::wild;
    use proptest::prelude::*;

    /// The match by its definition, written independently of `wild`:
    /// without `*`, equality; `*` matches any run, tried at every length.
    fn by_definition(pattern: &str, text: &str) -> bool {
        fn m(p: &[u8], t: &[u8]) -> bool {
            match p.split_first() {
                None => t.is_empty(),
                Some((b'*', rest)) => (0..=t.len()).any(|k| m(rest, &t[k..])),
                Some((c, rest)) => t.first() == Some(c) && m(rest, &t[1..]),
            }
        }
        m(pattern.as_bytes(), text.as_bytes())
    }

    proptest! {
        #[test]
        fn wild_is_its_definition(p in "[ab*é-]{0,5}", t in "[abé-]{0,5}") {
            prop_assert_eq!(wild(&p, &t), by_definition(&p, &t), "{:?} {:?}", p, t);
        }
    }
}

/// `echo '\o f' | psql` opens f: an echo or printf whose output flowgate
/// cannot read exactly (a backslash in it) is not taken for none.
#[test]
fn psql_from_an_echo_with_backslashes() {
    assert!(gated("echo '\\o important.txt' | psql"));
    assert!(gated("printf '\\\\o %s\\n' out.txt | psql"));
    assert!(!gated("echo 'select 1;' | psql"));
    assert!(!gated("cat dump.sql | psql shop"));
}

/// `mvn -l FILE` writes its log there.
#[test]
fn mvn_log_file() {
    check_pairs(&[("mvn -l build.log validate", "mvn -q validate")]);
}

/// Python names imported under another name (`import os as o`, `from os
/// import remove`, `from shutil import rmtree as r`) are what they stand
/// for (review: read-only before).
#[test]
fn python_imports_under_other_names() {
    check_pairs(&[
        (
            "python3 -c \"import os as o; o.remove('x')\"",
            "python3 -c \"import os as o; print(o.getcwd())\"",
        ),
        (
            "python3 -c \"from os import remove; remove('x')\"",
            "python3 -c \"from os import getcwd; print(getcwd())\"",
        ),
        (
            "python3 -c \"from shutil import rmtree as r; r('build')\"",
            "python3 -c \"from shutil import which as w; print(w('ls'))\"",
        ),
        (
            "python3 -c \"from os import (rename as mv, getcwd); mv('a', 'b')\"",
            "python3 -c \"from os import (rename as mv, getcwd); print(getcwd())\"",
        ),
        (
            "python3 -c \"import subprocess as sp; sp.run('rm -rf x', shell=True)\"",
            "python3 -c \"import subprocess as sp; sp.run('ls', shell=True)\"",
        ),
    ]);
}

#[test]
fn python_imports_after_a_from_import() {
    check_pairs(&[(
        "python3 -c \"from a import b\nimport os as o\no.remove('x')\"",
        "python3 -c \"from a import b\nimport os as o\nprint(o.sep)\"",
    )]);
    assert!(is_write(
        "python3 -c \"from os.path import join\nfrom os import remove\nremove(join('a', 'b'))\""
    ));
}

/// Python modules and functions named through calls and assignments
/// (`__import__('os')`, `importlib.import_module('shutil')`,
/// `getattr(os, 'remove')`, `o = os`, `rm = os.remove`); a name only known
/// at run time among a writing module's functions is unanalysable.
#[test]
fn python_modules_named_by_calls() {
    check_pairs(&[
        (
            "python3 -c \"__import__('os').remove('x')\"",
            "python3 -c \"print(__import__('os').getcwd())\"",
        ),
        (
            "python3 -c \"import importlib; importlib.import_module('shutil').rmtree('build')\"",
            "python3 -c \"import importlib; print(importlib.import_module('shutil').which('ls'))\"",
        ),
        (
            "python3 -c \"import os; getattr(os, 'remove')('x')\"",
            "python3 -c \"import os; print(getattr(os, 'sep'))\"",
        ),
        (
            "python3 -c \"getattr(__import__('os'), 'unlink')('x')\"",
            "python3 -c \"print(getattr(__import__('sys'), 'version'))\"",
        ),
        (
            "python3 -c \"m = __import__('shutil'); m.rmtree('build')\"",
            "python3 -c \"m = __import__('json'); print(m.dumps([1]))\"",
        ),
        (
            "python3 -c \"import os; o = os; o.remove('x')\"",
            "python3 -c \"import os; o = os; print(o.getcwd())\"",
        ),
        (
            "python3 -c \"import os; rm = os.remove; rm('x')\"",
            "python3 -c \"import os; cwd = os.getcwd; print(cwd())\"",
        ),
        (
            "python3 -c \"__import__('subprocess').run(['rm', '-rf', 'src'])\"",
            "python3 -c \"__import__('subprocess').run(['ls', '-la'])\"",
        ),
    ]);
    for cmd in [
        "python3 -c \"import os, sys; getattr(os, sys.argv[1])('x')\"",
        "python3 -c \"import sys; __import__(sys.argv[1]).remove('x')\"",
    ] {
        let a = analyse(cmd);
        assert!(
            a.unparsable.is_some() || !a.writes.is_empty(),
            "{cmd} must not be read-only: {a:?}"
        );
    }
    assert!(!is_write(
        "python3 -c \"import json, sys; d = json.load(sys.stdin); print([getattr(d, k, None) for k in ('a', 'b')])\""
    ));
}

/// A writing setting exported for the commands after it (`export
/// INSTA_UPDATE=always; cargo test`), also through `env`.
#[test]
fn writing_env_exported_or_through_env() {
    check_pairs(&[
        (
            "export INSTA_UPDATE=always; cargo test",
            "export RUST_BACKTRACE=1; cargo test",
        ),
        ("export INSTA_UPDATE=always", "export INSTA_UPDATE=no"),
        (
            "declare -x UPDATE_EXPECT=1 && cargo test",
            "declare UPDATE_EXPECT_X=1 && cargo test",
        ),
        (
            "env INSTA_UPDATE=always cargo test",
            "env RUST_LOG=debug cargo test",
        ),
        (
            "env -u FOO TRYCMD=overwrite cargo test --test cli",
            "env -u FOO TRYCMD=skip cargo test --test cli",
        ),
    ]);
}

/// A container that can reach host files some other way than a named
/// command through a bind mount: the image's own program with a writable
/// mount (unanalysable), `--privileged`, a host disk given with `--device`.
#[test]
fn containers_with_host_access() {
    check_pairs(&[
        (
            "docker run --privileged --rm alpine sh -c 'mount /dev/sda1 /mnt && rm -rf /mnt/x'",
            "docker run --rm alpine sh -c 'mount /dev/sda1 /mnt && rm -rf /mnt/x'",
        ),
        (
            "podman run --privileged=true alpine rm -rf /x",
            "podman run --privileged=false alpine rm -rf /x",
        ),
        (
            "docker run --rm --device /dev/sda alpine dd if=/dev/zero of=/dev/sda",
            "docker run --rm --device /dev/snd alpine dd if=/dev/zero of=/dev/snd",
        ),
        (
            "docker run --rm --device=/dev/nvme0n1:/dev/xvda alpine mkfs.ext4 /dev/xvda",
            "docker run --rm --device=/dev/ttyUSB0 esp-idf idf.py flash",
        ),
    ]);
    for (cmd, runs_unseen) in [
        (
            "docker run --rm -v \"$PWD\":/src koalaman/shellcheck-alpine",
            true,
        ),
        ("docker run --rm --mount type=bind,src=.,dst=/w img", true),
        (
            "docker run --rm -v \"$PWD\":/src:ro koalaman/shellcheck-alpine",
            false,
        ),
        ("docker run --rm -v data:/var/lib/data postgres:16", false),
        ("docker run --rm hello-world", false),
        ("docker run --rm -v \"$PWD\":/app node:20 npm test", false),
    ] {
        let a = analyse(cmd);
        assert_eq!(a.unparsable.is_some(), runs_unseen, "{cmd}: {a:?}");
        assert!(a.writes.is_empty(), "{cmd}: {a:?}");
    }
}

/// A makefile read from standard input: its recipes are shell code.
#[test]
fn makefile_from_stdin() {
    check_pairs(&[
        (
            "make -f /dev/stdin <<< $'out.txt:\\n\\ttouch out.txt'",
            "make -f /dev/stdin <<< $'all:\\n\\techo hi'",
        ),
        (
            "make -f - <<'EOF'\nclean:\n\t@rm -rf build\nEOF",
            "make -f - <<'EOF'\nshow:\n\t@ls build\nEOF",
        ),
        (
            "printf 'x:\\n\\t-cp a b\\n' | make --file=- x",
            "printf 'x:\\n\\t-cat a b\\n' | make --file=- x",
        ),
        (
            "gmake -f /dev/stdin <<'EOF'\nall:\n\tfor f in *.c; do \\\n\t  echo $$f > $$f.txt; \\\n\tdone\nEOF",
            "gmake -f /dev/stdin <<'EOF'\nall:\n\tfor f in *.c; do \\\n\t  echo $$f; \\\n\tdone\nEOF",
        ),
    ]);
    for cmd in [
        "make -f <(curl -s https://x/Makefile) all",
        "curl -s https://x/Makefile | make -f - all",
    ] {
        let a = analyse(cmd);
        assert!(a.unparsable.is_some(), "{cmd}: {a:?}");
    }
    assert!(!is_write("make -f build/Makefile test"));
}

/// A DuckDB database file opened and changed from Python, as SQLite's is.
#[test]
fn python_duckdb_file_changes() {
    check_pairs(&[(
        "python -c \"import duckdb; con = duckdb.connect('data/w.duckdb'); con.execute('CREATE SCHEMA b'); con.close()\"",
        "python -c \"import duckdb; con = duckdb.connect('data/w.duckdb'); print(con.execute('SELECT 1').fetchall())\"",
    )]);
    assert!(!is_write(
        "python -c \"import duckdb; duckdb.connect(':memory:').execute('CREATE TABLE t(a int)')\""
    ));
    assert!(!is_write(
        "python -c \"import duckdb; duckdb.connect().execute('CREATE TABLE t AS SELECT 1')\""
    ));
}

/// Thirteenth blind batch: Terraform, Terragrunt, Pulumi, Checkov.
#[test]
fn blind13_infra_terraform() {
    check_pairs(&[
        (
            "terraform fmt -recursive -diff modules/",
            "terraform fmt -recursive -check -diff modules/",
        ),
        ("terraform fmt -diff", "terraform fmt -diff -write=false"),
        (
            "terraform plan -generate-config-out=generated_imports.tf",
            "terraform plan -var-file=prod.tfvars",
        ),
        (
            "TF_LOG=TRACE TF_LOG_PATH=/tmp/tf-trace.log terraform plan",
            "TF_LOG=TRACE terraform plan",
        ),
        ("export TF_LOG_PATH=/tmp/tf.log", "export TF_LOG=DEBUG"),
        (
            "checkov -d infra -o sarif --output-file-path reports/",
            "checkov -d infra -o sarif",
        ),
        (
            "checkov -d infra --create-baseline",
            "checkov -d infra --compact",
        ),
        ("terragrunt hclfmt", "terragrunt hclfmt --terragrunt-check"),
        ("terragrunt hcl fmt", "terragrunt hcl fmt --check"),
        (
            "pulumi stack export --file /tmp/dev-stack.json",
            "pulumi stack export --stack dev",
        ),
        ("packer fmt -diff .", "packer fmt -check -diff ."),
    ]);
}

/// Thirteenth blind batch: Ansible, Helm, Packer, Vagrant.
#[test]
fn blind13_infra_config_tools() {
    check_pairs(&[
        ("ansible-lint --fix playbooks/", "ansible-lint playbooks/"),
        (
            "ansible-lint --sarif-file lint.sarif playbooks/",
            "ansible-lint -f sarif playbooks/",
        ),
        (
            "ansible localhost -m setup --tree /tmp/facts",
            "ansible localhost -m setup",
        ),
        (
            "ansible all -i hosts -t out -m ping",
            "ansible all -i hosts -m ping",
        ),
        ("helm unittest -u charts/api", "helm unittest charts/api"),
        (
            "helm unittest -t JUnit -o report.xml charts/api",
            "helm unittest -t JUnit charts/api",
        ),
        (
            "helm-docs --chart-search-root charts",
            "helm-docs --dry-run --chart-search-root charts",
        ),
        (
            "packer hcl2_upgrade -with-annotations ubuntu.json",
            "packer validate ubuntu.pkr.hcl",
        ),
        (
            "vagrant init bento/ubuntu-22.04",
            "vagrant init -o - bento/ubuntu-22.04",
        ),
        (
            "vagrant box add bento/ubuntu-22.04 --provider virtualbox",
            "vagrant box list",
        ),
        (
            "vagrant plugin install vagrant-disksize",
            "vagrant plugin list",
        ),
        ("vagrant box prune -f", "vagrant box prune --dry-run"),
        ("vagrant package --output web.box", "vagrant status"),
    ]);
}

/// Thirteenth blind batch: Bazel, Buck2, dune, buildozer.
#[test]
fn blind13_infra_build_systems() {
    check_pairs(&[
        ("bazel clean", "bazel info output_base"),
        ("bazel clean --expunge", "bazel build //..."),
        ("bazel mod tidy", "bazel mod graph"),
        (
            "bazel build //... --execution_log_json_file=/tmp/exec.json",
            "bazel build //... --config=ci",
        ),
        (
            "bazel test //services/... --profile=/tmp/bazel-profile.gz",
            "bazel test //services/... --test_output=errors",
        ),
        (
            "bazelisk build --build_event_json_file bep.json //...",
            "bazelisk build -c opt //...",
        ),
        (
            "bazel clean --async",
            "bazel query 'rdeps(//..., //libs/money:money)' --output=label",
        ),
        (
            "bazel test //... --profile /tmp/p.gz",
            "bazel cquery //services/api:server --output=files",
        ),
        ("buck2 clean", "buck2 targets //..."),
        ("buck2 init --git", "buck2 clean --dry-run"),
        (
            "buck2 build //app:bin --out dist/app",
            "buck2 build //app:bin",
        ),
        ("dune clean", "dune build"),
        (
            "buildozer 'add deps //libs/money' //services/api:server",
            "buildozer 'print deps' //services/api:server",
        ),
        (
            "buildozer 'print name' 'set visibility //visibility:public' //x:y",
            "buildozer 'print name' 'print srcs' //x:y",
        ),
        (
            "buildozer 'set testonly True' //x:all",
            "buildozer -stdout 'set testonly True' //x:all",
        ),
    ]);
}

/// Thirteenth blind batch: monorepo tools (Turborepo, Lerna, Rush, pnpm,
/// yarn workspaces, Earthly).
#[test]
fn blind13_infra_monorepo() {
    check_pairs(&[
        (
            "turbo run build --summarize",
            "turbo run build --filter=web",
        ),
        (
            "turbo run build --graph=/tmp/turbo-graph.svg",
            "turbo run build --graph",
        ),
        ("npx turbo run format", "npx turbo run lint"),
        ("turbo format:write", "turbo build"),
        ("turbo login", "turbo ls"),
        (
            "lerna exec -- rm -rf dist coverage",
            "lerna exec -- ls dist",
        ),
        ("lerna run format --stream", "lerna run test --stream"),
        (
            "lerna exec --scope '@shop/*' -- npm pkg set engines.node='>=20'",
            "lerna exec --scope '@shop/*' -- npm pkg get engines",
        ),
        (
            "rush change --bulk --message \"fix: retry on 503\" --bump-type patch",
            "rush change --verify",
        ),
        ("rush version --bump", "rush check"),
        (
            "rush deploy --project @shop/api --overwrite",
            "rush build --to @shop/api",
        ),
        ("rush prettier", "rush list"),
        ("rush install", "rush rebuild"),
        ("pnpm audit --fix", "pnpm audit --audit-level high"),
        (
            "pnpm deploy --filter=@shop/api --prod /tmp/api-deploy",
            "pnpm list --filter=@shop/api --prod",
        ),
        (
            "pnpm pack --pack-destination /tmp/pkgs",
            "pnpm pack --dry-run",
        ),
        ("pnpm pack", "pnpm publish --dry-run"),
        (
            "pnpm config set auto-install-peers true --location project",
            "pnpm config get auto-install-peers",
        ),
        (
            "yarn workspace @shop/web add -D vitest@^2",
            "yarn workspace @shop/web run test",
        ),
        (
            "yarn workspace @shop/web format",
            "yarn workspace @shop/web build",
        ),
        (
            "yarn workspaces foreach -A run format",
            "yarn workspaces foreach -A run test",
        ),
        (
            "yarn workspaces foreach -A add lodash",
            "yarn workspaces foreach -A lint",
        ),
        ("yarn cache clean --all", "yarn cache dir"),
        ("earthly --artifact +build/dist ./dist", "earthly +build"),
        ("earthly +fmt", "earthly +lint"),
        (
            "earthly ./services/api+format",
            "earthly ./services/api+test",
        ),
        ("earthly prune", "earthly ls"),
    ]);
}

/// Thirteenth blind batch: data tools (duckdb extensions, csvsql, Miller,
/// yq's split, pyarrow and polars writers, Great Expectations).
#[test]
fn blind13_infra_data() {
    check_pairs(&[
        ("duckdb -c \"INSTALL httpfs\"", "duckdb -c \"SELECT 42\""),
        (
            "duckdb -c \"FORCE INSTALL spatial\"",
            "duckdb -c \"SELECT * FROM duckdb_extensions()\"",
        ),
        (
            "csvsql --db sqlite:///shop.db --insert --tables customers data/customers.csv",
            "csvsql --db sqlite:///shop.db --query \"select count(*) from customers\"",
        ),
        (
            "yq -s '.metadata.name' k8s/all-in-one.yaml",
            "yq '.metadata.name' k8s/all-in-one.yaml",
        ),
        ("yq e --split-exp '.kind' all.yaml", "yq e '.kind' all.yaml"),
        (
            "python3 -c \"import pyarrow.parquet as pq; t = pq.read_table('data/events.parquet'); pq.write_table(t.slice(0, 1000), '/tmp/events_sample.parquet')\"",
            "python3 -c \"import pyarrow.parquet as pq; t = pq.read_table('data/events.parquet'); print(t.num_rows)\"",
        ),
        (
            "python3 -c \"import polars as pl; pl.read_csv('a.csv').write_parquet('a.parquet')\"",
            "python3 -c \"import polars as pl; print(pl.read_csv('a.csv').write_csv())\"",
        ),
        (
            "great_expectations suite new",
            "great_expectations suite list",
        ),
        (
            "great_expectations checkpoint new nightly_orders",
            "great_expectations checkpoint list",
        ),
        (
            "great_expectations project upgrade",
            "great_expectations project check-config",
        ),
        (
            "great_expectations docs build",
            "great_expectations datasource list",
        ),
        (
            "python3 - <<'EOF'\nimport great_expectations as gx\nctx = gx.get_context(mode=\"file\")\nctx.suites.add(gx.ExpectationSuite(name=\"orders_suite\"))\nEOF",
            "python3 - <<'EOF'\nimport great_expectations as gx\nctx = gx.get_context(mode=\"ephemeral\")\nctx.suites.add(gx.ExpectationSuite(name=\"orders_suite\"))\nEOF",
        ),
        (
            "python3 -c 'import great_expectations as gx; gx.get_context().build_data_docs()'",
            "python3 -c 'import great_expectations as gx; print(gx.get_context().suites.all())'",
        ),
    ]);
}

/// Thirteenth blind batch: Miller's verbs and DSL that write files.
#[test]
fn blind13_infra_miller() {
    check_pairs(&[
        (
            "mlr --csv split -g region data/orders.csv",
            "mlr --icsv --opprint stats1 -a mean,p50,max -f total -g region data/orders.csv",
        ),
        (
            "mlr --icsv --opprint tee /tmp/orders_copy.csv then head -n 3 data/orders.csv",
            "mlr --c2p head -n 5 then cut -f id,email data/users.csv",
        ),
        (
            "mlr --csv put -q 'tee > \"/tmp/by_status/\".$status.\".csv\", $*' data/orders.csv",
            "mlr --csv put -q 'print > stderr, $status' data/orders.csv",
        ),
        (
            "mlr -n put 'end { emit > \"sums.json\", @sums }'",
            "mlr -n put 'end { emit @sums }'",
        ),
        (
            "mlr --icsv filter -x 'system(\"rm -rf out\") == \"\"' data.csv",
            "mlr --icsv --ojson filter '$total > 500' data/orders.csv",
        ),
        (
            "mlr --csv put 'tee | \"gzip > out.gz\", $*' data.csv",
            "mlr --csv put 'tee | \"wc -l\", $*' data.csv",
        ),
        (
            "mlr -I --csv sort -f name people.csv",
            "mlr --csv sort -f name people.csv",
        ),
        (
            "mlr --prepipe 'rm -f x' --csv cat a.csv",
            "mlr --prepipe gunzip --csv cat a.csv.gz",
        ),
    ]);
}

/// A makefile from standard input runs shell code outside tab-led
/// recipe lines too: a recipe after `;` on the rule line, `$(shell …)`
/// where a variable is set, `$(file >F,…)`; `-f` run together with other
/// short options; `--eval` text; each recipe line is a shell of its own.
#[test]
fn makefile_from_stdin_all_its_code() {
    check_pairs(&[
        (
            "make -f - <<'EOF'\nall: ; rm -rf build\nEOF",
            "make -f - <<'EOF'\nall: ; ls build\nEOF",
        ),
        (
            "make -f - <<'EOF'\nX := $(shell rm -rf build)\nall:\n\techo $(X)\nEOF",
            "make -f - <<'EOF'\nX := $(shell ls build)\nall:\n\techo $(X)\nEOF",
        ),
        (
            "make -f - <<'EOF'\n$(file >out.txt,hi)\nall:\n\techo hi\nEOF",
            "make -f - <<'EOF'\n$(info hi)\nall:\n\techo hi\nEOF",
        ),
        (
            "make -sf - <<'EOF'\nall:\n\trm -rf build\nEOF",
            "make -sf - <<'EOF'\nall:\n\tls build\nEOF",
        ),
        (
            "make -kf- all <<'EOF'\nall:\n\ttouch x\nEOF",
            "make -kf- all <<'EOF'\nall:\n\tcat x\nEOF",
        ),
        (
            "make --eval='x: ; rm -rf build' x",
            "make --eval='x: ; ls build' x",
        ),
        (
            "make -f - <<'EOF'\n.RECIPEPREFIX = >\nall:\n> rm -rf build\nEOF",
            "make -f - <<'EOF'\n.RECIPEPREFIX = >\nall:\n> ls build\nEOF",
        ),
    ]);
    // each recipe line a shell of its own: the quote does not span lines
    let a = analyse("make -f - <<'EOF'\nall:\n\techo 'a\n\ttouch x\n\t'\nEOF");
    assert!(!a.writes.is_empty(), "{a:?}");
    assert!(!is_write(
        "make -f - <<'EOF'\nall:\n\techo 'a \\\n\ttouch x \\\n\t'\nEOF"
    ));
    // an assignment with `;` and `:` in its value is no rule
    assert!(!is_write(
        "make -f - <<'EOF'\nY = a;rm:x\nall:\n\techo hi\nEOF"
    ));
    assert!(!is_write("make -C sub -j4 -f Makefile all"));
}

/// `--device`: any host device path that is not a known non-disk one
/// can reach host files (an LVM volume, `/dev/block/8:0`, all of `/dev`);
/// `:r` gives it read only; `--privileged=0` is Go's false.
#[test]
fn container_devices_not_known_harmless() {
    for (cmd, runs_unseen) in [
        ("docker run --rm --device /dev/vg0/root alpine", true),
        ("docker run --rm --device /dev alpine", true),
        ("docker run --rm --device=/dev/block/8:0 alpine", true),
        ("docker run --rm --device /dev/snd/../sda alpine", true),
        (
            "docker run --rm --device /dev/sda:/dev/xvda:r alpine",
            false,
        ),
        ("docker run --rm --device /dev/kvm alpine", false),
        ("docker run --rm --device nvidia.com/gpu=all alpine", false),
        ("docker run --rm --privileged=0 alpine", false),
    ] {
        let a = analyse(cmd);
        assert_eq!(a.unparsable.is_some(), runs_unseen, "{cmd}: {a:?}");
    }
    check_pairs(&[(
        "docker run --rm --device /dev/vg0/data alpine dd if=/dev/zero of=/dev/vg0/data",
        "docker run --rm --device /dev/ttyUSB0 alpine dd if=/dev/zero of=/dev/ttyUSB0",
    )]);
}

/// DuckDB from Python: `con.sql(…)`/`duckdb.query(…)` run statements as
/// `execute` does; `COPY … TO 'f'` writes f whatever the database (one in
/// memory too); a relation's `write_parquet('f')`/`write_csv('f')`.
#[test]
fn python_duckdb_sql_and_relation_writes() {
    check_pairs(&[
        (
            "python -c \"import duckdb; duckdb.connect('w.duckdb').sql('CREATE TABLE t(a int)')\"",
            "python -c \"import duckdb; duckdb.connect('w.duckdb').sql('SELECT * FROM t').show()\"",
        ),
        (
            "python -c \"import duckdb; duckdb.sql(\\\"COPY (SELECT 1) TO 'out.csv'\\\")\"",
            "python -c \"import duckdb; duckdb.sql('SELECT 1').show()\"",
        ),
        (
            "python -c \"import duckdb; duckdb.connect().execute(\\\"COPY (SELECT 1) TO 'o.csv'\\\")\"",
            "python -c \"import duckdb; duckdb.connect().execute('SELECT 1').fetchall()\"",
        ),
        (
            "python -c \"import duckdb; duckdb.sql('SELECT 1').write_parquet('x.parquet')\"",
            "python -c \"import duckdb; print(duckdb.sql('SELECT 1').fetchall())\"",
        ),
    ]);
    assert!(!is_write(
        "python -c \"import polars as pl; print(pl.read_csv('x.csv').write_json())\""
    ));
}

/// `docker create` sets up the command `docker start` runs later: it is
/// judged as `docker run` is.
#[test]
fn container_create_is_judged_as_run() {
    check_pairs(&[
        (
            "docker create --name c -v \"$PWD\":/x alpine rm -rf /x/src",
            "docker create --name c alpine rm -rf /x/src",
        ),
        (
            "podman create -v .:/w:rw alpine sh -c 'touch /w/f'",
            "podman create -v .:/w:ro alpine sh -c 'touch /w/f'",
        ),
    ]);
}

/// Inline code whose calls nest or stay open thousands deep is read within
/// a work budget: past it the code is too complex to analyse (it took
/// seconds, read quadratically often).
#[test]
fn inline_code_calls_thousands_deep_are_bounded() {
    for code in [
        "x.y(".repeat(4000),
        "getattr(".repeat(4000),
        "__import__(x).y(".repeat(3000),
    ] {
        let cmd = format!("python3 -c '{code}'");
        let a = analyse(&cmd);
        assert!(a.unparsable.is_some(), "{}…: {:?}", &cmd[..40], a.writes);
    }
    let node = format!("node -e '{}'", "f(".repeat(4000));
    assert!(analyse(&node).unparsable.is_some());
    // real code stays well inside it
    let real = "import json, sys\\nfor line in sys.stdin:\\n    d = json.loads(line)\\n    print(d.get('a'), len(d.get('b', [])))\\n".repeat(200);
    assert!(!is_write(&format!("python3 -c $'{real}'")));
}

/// Thirteenth blind batch: less common languages' toolchains (Erlang,
/// Haskell, OCaml, Zig, Nim, Crystal, Scala, Clojure): package managers,
/// scaffolding, in-place formatters and output options.
#[test]
fn blind13_langs() {
    check_pairs(&[
        (
            "mix gettext.extract --merge",
            "mix gettext.extract --check-up-to-date",
        ),
        ("rebar3 upgrade --all", "rebar3 tree"),
        ("rebar3 unlock cowboy", "rebar3 compile"),
        (
            "rebar3 new app billing",
            "rebar3 ct --suite=test/orders_SUITE",
        ),
        ("stack setup", "stack build --fast"),
        ("stack install hlint", "stack ls dependencies"),
        ("stack new shop-api simple", "stack test"),
        ("stack build --copy-bins", "stack build"),
        (
            "stylish-haskell -i src/Shop/Types.hs",
            "stylish-haskell src/Shop/Types.hs",
        ),
        (
            "ghc -O2 -o bin/report app/Report.hs",
            "ghc -O2 -fno-code -rtsopts -XOverloadedStrings -optl-static app/Report.hs",
        ),
        ("dune build @fmt --auto-promote", "dune build @fmt"),
        ("dune build @runtest --auto-promote", "dune test"),
        ("dune clean", "dune build"),
        (
            "opam install . --deps-only --with-test -y",
            "opam install . --deps-only --show-actions",
        ),
        ("opam switch create . 5.1.1 --deps-only", "opam switch list"),
        ("opam switch 5.1.1", "opam switch"),
        ("opam update", "opam list -i"),
        (
            "opam pin add ppx_shop git+https://github.com/example/ppx_shop.git",
            "opam pin list",
        ),
        ("opam lock .", "opam show cohttp-lwt-unix --field=version"),
        ("ocamlformat -i lib/*.ml", "ocamlformat --check lib/*.ml"),
        ("zig build -p /tmp/zig-out", "zig build test"),
        (
            "zig build-exe src/main.zig -femit-bin=bin/shop",
            "zig build-exe src/main.zig -fno-emit-bin",
        ),
        (
            "zig build-lib -femit-h=include/shop.h src/lib.zig",
            "zig build-lib -femit-h src/lib.zig",
        ),
        (
            "zig cc -O2 -o bin/hash vendor/xxhash.c",
            "zig cc -O2 -Wno-unused -fno-omit-frame-pointer -nostdlib -c -o - vendor/xxhash.c",
        ),
        (
            "nim c -d:release -o:bin/shop src/shop.nim",
            "nim c -d:release src/shop.nim",
        ),
        (
            "nim c --out:/tmp/bench -r bench/bench.nim",
            "nim check src/shop.nim",
        ),
        ("nimpretty --indent:2 src/shop.nim", "nimpretty --version"),
        ("nimble refresh", "nimble build"),
        ("nimble lock", "nimble test"),
        (
            "crystal build src/shop.cr --release -o bin/shop",
            "crystal build src/shop.cr --no-codegen",
        ),
        ("crystal tool format", "crystal tool format --check"),
        ("crystal init app inventory", "crystal spec"),
        (
            "sbt \"scalafix RemoveUnused\"",
            "sbt \"scalafix --check RemoveUnused\"",
        ),
        (
            "sbt \"scalafmtOnly src/main/scala/Cart.scala\"",
            "sbt \"testOnly shop.CartSpec\"",
        ),
        ("lein new app shop-api", "lein test"),
        ("lein install", "lein check"),
        ("lein cljfmt fix", "lein cljfmt check"),
        ("lein ancient upgrade :no-tests", "lein ancient"),
        (
            "clj -Ttools install io.github.seancorfield/deps-new '{:git/tag \"v0.8.0\"}' :as new",
            "clj -Ttools list",
        ),
        (
            "clojure -M:outdated --upgrade --force",
            "clojure -M:outdated",
        ),
    ]);
}

/// Fourteenth blind batch: documentation sites, frameworks, JVM and load
/// test tools, package managers' caches.
#[test]
fn blind14_docs_and_tools() {
    check_pairs(&[
        (
            "mkdocs build --site-dir /tmp/site-preview",
            "mkdocs build --strict",
        ),
        ("mkdocs gh-deploy --force", "mkdocs serve -a 127.0.0.1:8001"),
        (
            "mike deploy --push --update-aliases 1.4 latest",
            "mike list",
        ),
        ("hugo -d /tmp/public --minify", "hugo --minify"),
        ("hugo mod get -u", "hugo mod graph"),
        ("mdbook build -d /tmp/book", "mdbook build"),
        (
            "sphinx-quickstart -q -p Shop -a \"Dev Team\" --ext-autodoc docs",
            "sphinx-build --version",
        ),
        (
            "sphinx-build -b html docs /tmp/docs-html",
            "sphinx-build -b linkcheck docs",
        ),
        (
            "sphinx-build -M html docs /tmp/docs",
            "sphinx-build --version",
        ),
        (
            "npx docusaurus write-translations --locale de",
            "npx docusaurus build",
        ),
        (
            "npx docusaurus docs:version 2.0",
            "npx docusaurus serve --port 3001",
        ),
        (
            "npx docusaurus swizzle @docusaurus/theme-classic Footer --eject",
            "npx docusaurus swizzle --list",
        ),
        (
            "bundle exec jekyll build -d /tmp/_site",
            "bundle exec jekyll build",
        ),
        (
            "git merge-tree --write-tree main feature/helm-hpa",
            "git merge-tree base main feature/helm-hpa",
        ),
        ("gh auth setup-git", "gh auth status"),
        ("npm test -- -u", "npm test -- --watchAll=false"),
        ("npx svgo -f src/assets/icons", "npx svgo --show-plugins"),
        ("svgo logo.svg", "svgo logo.svg -o -"),
        (
            "bandit -r app -f json -o bandit-report.json",
            "bandit -r app -f json",
        ),
        (
            "flask --app app db migrate -m \"add audit log\"",
            "flask --app app db current",
        ),
        (
            "jcmd 4821 GC.heap_dump /tmp/heap.hprof",
            "jcmd 4821 GC.heap_info",
        ),
        (
            "jcmd 4821 JFR.start filename=/tmp/rec.jfr",
            "jcmd 4821 Thread.print",
        ),
        (
            "jmap -dump:live,format=b,file=/tmp/heap.bin 4821",
            "jmap -histo 4821",
        ),
        (
            "k6 run --out json=/tmp/k6.json load/checkout.js",
            "k6 run --out cloud load/checkout.js",
        ),
        (
            "k6 run -o csv=/tmp/k6.csv load/checkout.js",
            "k6 run load/checkout.js",
        ),
    ]);
}

/// Thirteenth and fourteenth blind batches: inline code given to commands
/// the table knows for their other uses (Erlang, Crystal, Clojure,
/// babashka, ts-node) and Python calls that download data files.
#[test]
fn blind13_inline_code() {
    check_pairs(&[
        (
            "erl -noshell -eval 'ok = file:write_file(\"priv/build_info\", io_lib:format(\"~p.~n\", [erlang:system_info(otp_release)])), halt().'",
            "erl -noshell -eval 'io:format(\"~s~n\", [erlang:system_info(otp_release)]), halt().'",
        ),
        (
            "erl -noshell -pa ebin -eval '{ok, F} = file:open(\"out.txt\", [write]), halt().'",
            "erl -noshell -pa ebin -eval '{ok, F} = file:open(\"in.txt\", [read]), halt().'",
        ),
        (
            "erl -noshell -eval 'os:cmd(\"rm -rf _build\"), halt().'",
            "erl -noshell -eval 'os:cmd(\"ls _build\"), halt().'",
        ),
        (
            "crystal eval 'File.write(\"VERSION\", \"0.9.1\\n\")'",
            "crystal eval 'puts [1, 2, 3].sum'",
        ),
        (
            "clojure -M -e '(spit \"resources/version.edn\" (pr-str {:version \"0.3.0\"}))'",
            "clojure -M -e '(println (slurp \"deps.edn\"))'",
        ),
        (
            "clj -Sdeps '{:deps {}}' -M -e '(clojure.java.io/delete-file \"x.edn\")'",
            "clj -Sdeps '{:deps {}}' -M -e '(clojure.java.io/file \"x.edn\")'",
        ),
        (
            "bb -e '(spit \"/tmp/deps-copy.edn\" (slurp \"deps.edn\"))'",
            "bb -e '(println (slurp \"deps.edn\"))'",
        ),
        (
            "bb -e '(fs/delete-tree \"target\")'",
            "bb -e '(fs/exists? \"target\")'",
        ),
        (
            "bb '(shell \"rm\" \"-rf\" \"out\")'",
            "bb '(shell \"ls\" \"out\")'",
        ),
        ("bb clean", "bb tasks"),
        (
            "npx ts-node -e \"import { writeFileSync } from 'fs'; writeFileSync('/tmp/out.json', '{}')\"",
            "npx ts-node -e \"import { readFileSync } from 'fs'; console.log(readFileSync('package.json', 'utf8'))\"",
        ),
        (
            "python -c \"import nltk; nltk.download('punkt')\"",
            "python -c \"import nltk; print(nltk.data.path)\"",
        ),
        (
            "python3 -c \"from nltk import download; download('stopwords')\"",
            "python3 -c \"from nltk import word_tokenize; print(word_tokenize('a b'))\"",
        ),
    ]);
}

/// Fourteenth blind batch: an image whose entrypoint is a tool runs that
/// tool with the words after the image; through a writable bind mount its
/// writes reach the host.
#[test]
fn blind14_image_entrypoints() {
    check_pairs(&[
        (
            "docker run --rm -v \"$PWD\":/work -w /work hashicorp/terraform:1.9 fmt -recursive",
            "docker run --rm -v \"$PWD\":/work -w /work hashicorp/terraform:1.9 fmt -check -recursive",
        ),
        (
            "docker run --rm -v \"$(pwd)\":/workdir mikefarah/yq -i '.replicaCount = 2' charts/api/values.yaml",
            "docker run --rm -v \"$(pwd)\":/workdir mikefarah/yq '.replicaCount' charts/api/values.yaml",
        ),
        (
            "docker run --rm -v \"$PWD\":/data docker.io/pandoc/core:3.1 README.md -o README.pdf",
            "docker run --rm pandoc/core:3.1 README.md -o README.pdf",
        ),
    ]);
}

/// A writing setting's description fits the 47 characters a deny reason
/// shows of it.
#[test]
fn writing_env_descriptions_fit_a_reason() {
    for cmd in [
        "INSTA_UPDATE=always cargo test",
        "export INSTA_UPDATE=always; cargo test",
    ] {
        let w = writes(cmd);
        assert!(
            w.iter()
                .any(|d| d.starts_with("INSTA_UPDATE") || d.starts_with("export INSTA_UPDATE")),
            "{cmd}: {w:?}"
        );
        assert!(w.iter().all(|d| d.chars().count() <= 47), "{cmd}: {w:?}");
    }
}

/// The review's false positives from the general rules, now known tools:
/// registry copies are remote (`crane`/`gcrane`/`oras cp`), `kubectl
/// convert` and yq 3's `merge` print, `spruce` prints; what does write
/// files stays a write.
#[test]
fn registry_tools_and_printing_merges() {
    check_pairs(&[
        (
            "crane export ghcr.io/a/b out.tar",
            "gcrane cp ghcr.io/a/b ghcr.io/c/d",
        ),
        (
            "crane pull ghcr.io/a/b:1 img.tar",
            "crane copy ghcr.io/a/b:1 ghcr.io/c/d:1",
        ),
        (
            "oras pull ghcr.io/a/b:1 -o out/",
            "oras copy ghcr.io/a/b:1 ghcr.io/c/d:1",
        ),
        (
            "kubectl apply -f x.yaml -o yaml > applied.yaml",
            "kubectl convert -f x.yaml --output-version apps/v1",
        ),
        ("yq merge -i a.yaml b.yaml", "yq merge a.yaml b.yaml"),
        (
            "spruce merge a.yml b.yml > out.yml",
            "spruce merge a.yml b.yml",
        ),
    ]);
    assert!(!is_write("crane export ghcr.io/a/b - | tar -t"));
}

/// A flag that prints the result (`--print`, `--stdout`, `--list`) makes
/// an unknown command read-only only when no write flag or output file
/// is given beside it.
#[test]
fn print_flags_do_not_cancel_explicit_writes() {
    check_pairs(&[
        ("mytool fmt --write --print src/", "mytool fmt --print src/"),
        (
            "mytool --print -o out.txt in.md",
            "mytool --print -o json in.md",
        ),
        (
            "mytool convert --stdout --in-place a.md",
            "mytool convert --stdout a.md",
        ),
        (
            "mytool sync --list --output=files.txt",
            "mytool sync --list --output=-",
        ),
    ]);
}

/// The fifteenth batch's table misses: profilers' output files, changelog
/// generators, packaging into dist/, credentials, secrets written out.
#[test]
fn blind15_table() {
    check_pairs(&[
        (
            "valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out ./build/app",
            "valgrind --leak-check=full ./build/app",
        ),
        (
            "valgrind --tool=massif ./build/app --load data.bin",
            "valgrind --tool=memcheck ./build/app",
        ),
        (
            "ab -n 1000 -c 50 -g /tmp/ab.tsv http://localhost:8080/",
            "ab -n 1000 -c 50 http://localhost:8080/",
        ),
        (
            "goose -dir db/migrations create add_invoices sql",
            "goose -dir db/migrations status",
        ),
        (
            "npx conventional-changelog -p angular -i CHANGELOG.md -s",
            "npx conventional-changelog -p angular -i CHANGELOG.md",
        ),
        (
            "git cliff --unreleased --prepend CHANGELOG.md",
            "git cliff --unreleased",
        ),
        (
            "git-cliff -o CHANGELOG.md",
            "git-cliff --unreleased --strip header",
        ),
        ("gem build shop_client.gemspec", "gem list"),
        ("poetry build", "poetry show --tree"),
        ("goreleaser release --snapshot --clean", "goreleaser check"),
        (
            "docker build -t api:1 --iidfile /tmp/iid .",
            "docker build -t api:1 .",
        ),
        ("gcloud auth application-default login", "gcloud auth list"),
        ("op inject -i .env.tpl -o .env", "op inject -i .env.tpl"),
        (
            "op read op://vault/item/field -o key.pem",
            "op item get db --fields password",
        ),
        (
            "cargo flamegraph --bin indexer -- data/sample.csv",
            "cargo bench --bench indexer",
        ),
    ]);
    assert!(!is_write("go tool trace -pprof=net trace.out"));
}

/// Fifteenth blind batch: node's profiling flags write profile files;
/// `--v8-options` prints and runs nothing.
#[test]
fn blind15_code_node_profiling() {
    check_pairs(&[
        (
            "node --cpu-prof --cpu-prof-dir=/tmp/prof server.js",
            "node --inspect server.js",
        ),
        (
            "node --heapsnapshot-signal=SIGUSR2 --prof dist/server.js",
            "node --prof-process isolate-0x1-v8.log",
        ),
        (
            "node --heap-prof app.js",
            "node --v8-options | grep -i -- '--prof'",
        ),
        (
            "node --heapsnapshot-near-heap-limit=3 app.js",
            "node --v8-options",
        ),
    ]);
}

/// Fifteenth blind batch: `python -m build` writes dist/.
#[test]
fn blind15_code_python_build() {
    check_pairs(&[
        ("python -m build", "python -m build --help"),
        (
            "python3 -m build --wheel --outdir wheels/",
            "python -m build --version",
        ),
    ]);
}

/// Fifteenth blind batch: Xdebug's profiler and tracer write files.
#[test]
fn blind15_code_php_xdebug() {
    check_pairs(&[
        (
            "php -d xdebug.mode=profile -d xdebug.output_dir=/tmp/xdebug artisan route:list",
            "php -d xdebug.mode=debug artisan route:list",
        ),
        (
            "php -d xdebug.mode=develop,trace script.php",
            "php -d memory_limit=-1 script.php",
        ),
        (
            "php -d xdebug.profiler_enable=1 index.php",
            "php -d xdebug.profiler_enable=0 index.php",
        ),
    ]);
}

/// Fifteenth blind batch: profilers and release tools in the table.
#[test]
fn blind15_table_profilers_releases() {
    check_pairs(&[
        ("npx clinic flame -- node server.js", "npx clinic --help"),
        ("npx 0x dist/server.js", "npx 0x --help"),
        (
            "async-profiler/profiler.sh -d 30 -f /tmp/flame.html 31337",
            "async-profiler/profiler.sh -d 30 31337",
        ),
        ("asprof -f out.jfr -e cpu 1234", "asprof list 1234"),
        (
            "java -XX:+FlightRecorder -XX:StartFlightRecording=duration=60s,filename=/tmp/rec.jfr -jar target/shop-api.jar",
            "java -XX:StartFlightRecording=duration=60s -jar target/shop-api.jar",
        ),
        (
            "./mvnw liquibase:generateChangeLog -Dliquibase.outputChangeLogFile=/tmp/changelog.xml",
            "./mvnw liquibase:status",
        ),
        ("bundle exec rake release", "bundle exec rake -T"),
        ("rake build", "rake -T release"),
        ("pinact run", "pinact run --check"),
        ("pinact run .github/workflows/ci.yaml", "pinact run -diff"),
        (
            "npx dotenv-vault@latest build",
            "npx dotenv-vault@latest status",
        ),
        ("dotenv-vault pull production", "dotenv-vault keys"),
    ]);
}

/// Fifteenth blind batch: mysql's `SELECT … INTO OUTFILE` writes a file;
/// other SQL changes the server only.
#[test]
fn blind15_code_mysql_outfile() {
    check_pairs(&[
        (
            "mysql -u root shop_dev -e \"SELECT id, sku FROM products INTO OUTFILE '/tmp/skus.csv'\"",
            "mysql -u root shop_dev -e \"SELECT id, sku FROM products\"",
        ),
        (
            "mariadb --execute='select * from t into dumpfile \"/tmp/t.bin\"' db",
            "mariadb --execute='select count(*) from t' db",
        ),
        (
            "mysql --tee=/tmp/session.log db",
            "mysql -e 'SHOW TABLES' db",
        ),
        (
            "mysql db <<'SQL'\nSELECT 1 INTO OUTFILE '/tmp/one.txt';\nSQL",
            "mysql db <<'SQL'\nSELECT 1;\nSQL",
        ),
    ]);
}

/// Sixteenth blind batch: Flutter's SDK and build-output subcommands, golden
/// updates, FlutterFire, melos, EAS and React Native asset tools write; `dart
/// format -o show` prints and `dart compile` without `-o` is a build.
#[test]
fn mob16_flutter_dart_expo() {
    check_pairs(&[
        ("flutter clean", "flutter analyze"),
        ("flutter precache --ios", "flutter doctor -v"),
        ("flutter upgrade", "flutter upgrade --verify-only"),
        ("flutter channel beta", "flutter channel"),
        (
            "flutter test --update-goldens test/golden/",
            "flutter test test/golden/",
        ),
        (
            "flutterfire configure --project=shop-prod",
            "flutterfire --help",
        ),
        ("melos bootstrap", "melos list"),
        ("melos clean", "melos run test"),
        ("eas build:configure -p all", "eas build:list"),
        ("npx react-native-asset", "npx react-native info"),
        (
            "npx react-native-rename \"Shop Plus\" -b com.shop.plus",
            "npx react-native-rename --help",
        ),
        (
            "dart format -o write lib/main.dart",
            "dart format -o show lib/main.dart",
        ),
        (
            "dart format --output write lib",
            "dart format --output none lib",
        ),
        (
            "dart compile exe bin/cli.dart -o build/cli",
            "dart compile exe bin/cli.dart",
        ),
    ]);
}

/// Sixteenth blind batch: fastlane actions that edit the project, its
/// screenshot, metadata and profile tools, gym's named output directory.
#[test]
fn mob16_fastlane() {
    check_pairs(&[
        (
            "fastlane run increment_build_number xcodeproj:\"ios/Shop.xcodeproj\"",
            "fastlane run latest_testflight_build_number",
        ),
        (
            "bundle exec fastlane run increment_version_number bump_type:patch",
            "bundle exec fastlane run get_version_number",
        ),
        ("fastlane snapshot", "fastlane lanes"),
        ("fastlane frameit silver", "fastlane frameit --help"),
        (
            "fastlane deliver download_metadata --app_identifier com.shop.app",
            "fastlane deliver --help",
        ),
        (
            "fastlane supply init --package_name com.shop.app",
            "fastlane supply --help",
        ),
        (
            "fastlane sigh --adhoc --output_path /tmp/profiles",
            "fastlane sigh --help",
        ),
        (
            "bundle exec fastlane gym --scheme Shop --output_directory /tmp/builds",
            "bundle exec fastlane gym --scheme Shop",
        ),
    ]);
}

/// Sixteenth blind batch: xcodebuild's clean, package resolution, exports and
/// named output bundles (its builds and tests are build output); swift package
/// clean, xcode-select -s, security cms -o, ditto; atos's -o is its input,
/// spctl -t is a type.
#[test]
fn mob16_apple_tools() {
    check_pairs(&[
        (
            "xcodebuild clean -workspace ios/Shop.xcworkspace -scheme Shop",
            "xcodebuild build -workspace ios/Shop.xcworkspace -scheme Shop",
        ),
        (
            "xcodebuild -workspace ios/Shop.xcworkspace -scheme Shop clean build",
            "xcodebuild -workspace ios/Shop.xcworkspace -scheme Shop build",
        ),
        (
            "xcodebuild -workspace A.xcworkspace -scheme Clean clean",
            "xcodebuild -workspace A.xcworkspace -scheme Clean build",
        ),
        (
            "xcodebuild -resolvePackageDependencies -project Shop.xcodeproj",
            "xcodebuild -list -project Shop.xcodeproj",
        ),
        (
            "xcodebuild archive -workspace Shop.xcworkspace -scheme Shop -archivePath build/Shop.xcarchive",
            "xcodebuild archive -workspace Shop.xcworkspace -scheme Shop",
        ),
        (
            "xcodebuild -exportArchive -archivePath build/Shop.xcarchive -exportPath build/ipa -exportOptionsPlist ExportOptions.plist",
            "xcodebuild -showBuildSettings -workspace Shop.xcworkspace -scheme Shop",
        ),
        (
            "xcodebuild test -scheme Shop -destination 'platform=iOS Simulator,name=iPhone 15' -resultBundlePath /tmp/ShopTests.xcresult",
            "xcodebuild test -scheme Shop -destination 'platform=iOS Simulator,name=iPhone 15'",
        ),
        (
            "xcodebuild -create-xcframework -library a.a -output Foo.xcframework",
            "xcodebuild build-for-testing -scheme Shop -destination 'generic/platform=iOS Simulator'",
        ),
        ("swift package clean", "swift package describe"),
        (
            "sudo xcode-select -s /Applications/Xcode-15.4.app/Contents/Developer",
            "xcode-select -p",
        ),
        (
            "security cms -D -i build/embedded.mobileprovision -o /tmp/profile.plist",
            "security cms -D -i build/embedded.mobileprovision",
        ),
        (
            "ditto -c -k --keepParent build/Shop.app /tmp/Shop.zip",
            "ditto -h",
        ),
        (
            "xcrun atos -arch arm64 -o x -l 0x100000000 0x1000a3f2c > /tmp/sym.txt",
            "xcrun atos -arch arm64 -o build/Shop.app.dSYM/Contents/Resources/DWARF/Shop -l 0x100000000 0x1000a3f2c",
        ),
        (
            "sudo spctl --master-disable",
            "spctl -a -vv -t install build/Shop.pkg",
        ),
    ]);
}

/// Sixteenth blind batch: snapshot recording and detekt's baseline and
/// autocorrect in Gradle; jadx's decompiled sources.
#[test]
fn mob16_gradle_jadx() {
    check_pairs(&[
        (
            "./gradlew recordPaparazziDebug",
            "./gradlew verifyPaparazziDebug",
        ),
        (
            "./gradlew :app:recordRoborazziDebug",
            "./gradlew :app:verifyRoborazziDebug",
        ),
        ("./gradlew detekt --auto-correct", "./gradlew detekt"),
        ("./gradlew detektBaseline", "./gradlew detektMain"),
        ("jadx -d /tmp/jadx-out app-release.apk", "jadx --help"),
        ("jadx app-release.apk", "jadx --version"),
    ]);
}

/// Sixteenth blind batch: cleans in cmake, ninja and meson; meson's
/// subprojects, format and wrap subcommands; conan remotes; vcpkg's update and
/// upgrade only list without --no-dry-run.
#[test]
fn mob16_cmake_ninja_meson() {
    check_pairs(&[
        (
            "cmake --build build --target clean",
            "cmake --build build --target all",
        ),
        ("ninja -C build -t clean", "ninja -C build -t targets all"),
        ("ninja -t cleandead", "ninja -C build -t commands install"),
        (
            "meson compile -C builddir --clean",
            "meson compile -C builddir",
        ),
        (
            "meson subprojects download",
            "meson subprojects foreach git status",
        ),
        ("meson format -i meson.build", "meson format meson.build"),
        ("meson wrap install fmt", "meson wrap search fmt"),
        ("meson wrap update sqlite3", "meson wrap info sqlite3"),
        ("meson init --language=c", "meson wrap list"),
        (
            "conan remote add shop-artifactory https://artifactory.shop.dev/api/conan/conan-local",
            "conan remote list",
        ),
        ("vcpkg upgrade --no-dry-run", "vcpkg upgrade"),
        ("vcpkg install fmt", "vcpkg update"),
    ]);
}

/// Sixteenth blind batch: gdb and lldb batch commands that write files (core
/// files, memory dumps, logging).
#[test]
fn mob16_debuggers() {
    check_pairs(&[
        (
            "gdb -batch -ex \"generate-core-file /tmp/shopd.core\" -p 4312",
            "gdb -batch -ex \"info threads\" -p 4312",
        ),
        (
            "gdb -batch -ex \"set logging file /tmp/gdb-bt.txt\" -ex \"set logging enabled on\" -ex run -ex \"bt full\" --args ./build/app --config conf/dev.toml",
            "gdb -batch -ex run -ex \"bt full\" --args ./build/app --config conf/dev.toml",
        ),
        (
            "gdb -batch -ex \"dump binary memory /tmp/heap.bin 0x555555559000 0x55555557a000\" -p 4312",
            "gdb -batch -ex \"x/16xb 0x555555559000\" -p 4312",
        ),
        (
            "gdb -p 4312 -batch -ex \"gcore /tmp/x.core\"",
            "gdb -p 4312 -batch -ex \"bt\"",
        ),
        (
            "gdb -batch -ex 'save breakpoints bp.txt' ./app",
            "gdb -batch -ex 'info breakpoints' ./app",
        ),
        (
            "lldb -b -o 'memory read --outfile /tmp/m.bin 0x1000 0x2000' -p 1",
            "lldb -b -o 'memory read 0x1000 0x2000' -p 1",
        ),
        (
            "lldb -b -o \"process save-core /tmp/app.core\" -p 4321",
            "lldb -b -o \"bt all\" -p 4321",
        ),
    ]);
}

/// Sixteenth blind batch: C and C++ tools: compilers' -MF, cppcheck --dump,
/// heaptrack, lcov -z, gcov's .gcov files (its -o is the object directory),
/// ccache's cache and settings, compiledb, doxygen -g, autoreconf, cpack -B,
/// xsv -o, clang-format-diff -i, ctest's report files.
#[test]
fn mob16_c_tools() {
    check_pairs(&[
        (
            "git diff -U0 --no-color HEAD | clang-format-diff -p1 -i",
            "git diff -U0 --no-color HEAD | clang-format-diff -p1",
        ),
        (
            "ctest --test-dir build --output-junit ctest-results.xml",
            "ctest --test-dir build --output-on-failure",
        ),
        (
            "ctest --test-dir build --output-log /tmp/ctest.log",
            "ctest --test-dir build -R unit",
        ),
        (
            "g++ -std=c++17 -MM -MF build/deps.d src/*.cpp",
            "g++ -std=c++17 -MM src/*.cpp",
        ),
        (
            "gcc -O2 -o bin/tool src/tool.c",
            "gcc -c src/util.c -o /dev/null",
        ),
        (
            "g++ -std=c++20 -O2 -S -o build/simd.s -fopt-info-vec src/simd.cpp",
            "g++ -std=c++20 -O2 -S -o /dev/null -fopt-info-vec src/simd.cpp",
        ),
        ("ccache gcc -c x.c -o x.o", "ccache gcc -c x.c"),
        (
            "cppcheck --dump src/parser.cpp",
            "cppcheck --enable=all src/parser.cpp",
        ),
        (
            "heaptrack ./build/app --input data/big.json",
            "heaptrack --analyze heaptrack.app.1234.zst",
        ),
        (
            "lcov --zerocounters --directory build",
            "lcov --list coverage.info",
        ),
        ("lcov -c -d build -o coverage.info", "lcov -c -d build"),
        ("ccache -C", "ccache -s"),
        ("ccache -z", "ccache --show-stats"),
        ("ccache --max-size=20G", "ccache -p"),
        ("compiledb make", "compiledb -o - make"),
        ("doxygen -g Doxyfile", "doxygen -x Doxyfile"),
        ("autoreconf -fi", "autoreconf --version"),
        (
            "cpack --config build/CPackConfig.cmake -B /tmp/packages",
            "cpack --config build/CPackConfig.cmake",
        ),
        (
            "xsv select id,label data/train.csv -o /tmp/labels.csv",
            "xsv select id,label data/train.csv",
        ),
        (
            "gcov -o build/CMakeFiles/geo.dir/src src/geo.cpp",
            "gcov -n -o build/CMakeFiles/geo.dir/src src/geo.cpp",
        ),
        ("gcov src/geo.cpp", "gcov --version"),
        ("heaptrack -p 4312", "heaptrack --version"),
    ]);
}

/// Sixteenth blind batch: pandas' `to_*` write to the path or buffer they
/// are given (first, or by keyword), not with none or to `sys.stdout`;
/// `to_sql` changes a database file; IPython runs `-c` code as python does.
#[test]
fn py16_pandas_outputs() {
    check_pairs(&[
        (
            "python3 -c 'import pandas as pd; pd.read_excel(\"b.xlsx\")[\"Q1\"].to_json(\"q1.json\", orient=\"records\")'",
            "python3 -c 'import pandas as pd; print(pd.read_excel(\"b.xlsx\")[\"Q1\"].to_json(orient=\"records\"))'",
        ),
        (
            "python -c \"import pandas as pd; pd.read_csv('raw.csv').describe().to_html('reports/summary.html')\"",
            "python -c \"import pandas as pd; print(pd.read_csv('raw.csv').describe().to_html())\"",
        ),
        (
            "python -c \"import pandas as pd; pd.read_csv('a.csv').to_csv(path_or_buf='b.csv', index=False)\"",
            "python -c \"import pandas as pd; print(pd.read_csv('a.csv').head(20).to_csv(index=False))\"",
        ),
        (
            "python -c \"import pandas as pd; pd.read_parquet('e.parquet').to_csv('e.csv', index=False)\"",
            "python -c \"import pandas as pd, sys; pd.read_parquet('e.parquet').head(50).to_csv(sys.stdout, index=False)\"",
        ),
        (
            "python -c \"import pandas as pd; pd.read_csv('a.csv').to_markdown(buf='a.md')\"",
            "python -c \"import pandas as pd; pd.read_csv('a.csv').to_markdown(None)\"",
        ),
        (
            "python -c \"import pandas as pd, sqlite3; pd.read_csv('users.csv').to_sql('users', sqlite3.connect('data/app.db'), if_exists='replace')\"",
            "python -c \"import pandas as pd, sqlite3; pd.read_csv('users.csv').to_sql('users', sqlite3.connect(':memory:'))\"",
        ),
        (
            "python -c \"import pandas as pd; from sqlalchemy import create_engine; pd.read_csv('u.csv').to_sql('u', create_engine('sqlite:///app.db'))\"",
            "python -c \"import pandas as pd; from sqlalchemy import create_engine; print(pd.read_sql('select 1', create_engine('sqlite:///app.db')))\"",
        ),
        (
            "python -c \"import pandas as pd, sqlalchemy as sa; pd.DataFrame().to_sql('t', sa.create_engine('sqlite:///data/x.db'))\"",
            "python -c \"import pandas as pd, sqlalchemy as sa; pd.DataFrame().to_sql('t', sa.create_engine('sqlite:///:memory:'))\"",
        ),
        (
            "ipython -c \"import pandas as pd; pd.DataFrame({'a': [1, 2]}).to_csv('scratch.csv')\"",
            "ipython -c \"import pandas as pd; print(pd.DataFrame({'a': [1, 2]}).to_csv())\"",
        ),
        (
            "python -c \"import polars as pl; pl.scan_parquet('d/*.parquet').filter(pl.col('c') == 'DE').sink_parquet('/tmp/de.parquet')\"",
            "python -c \"import polars as pl; print(pl.scan_parquet('d/*.parquet').filter(pl.col('c') == 'DE').collect())\"",
        ),
    ]);
}

/// Sixteenth blind batch: models, datasets and downloads saved from inline
/// Python; HDF5 files opened for writing; `tempfile.mkdtemp`.
#[test]
fn py16_ml_files() {
    check_pairs(&[
        (
            "python -c \"import joblib; from sklearn.dummy import DummyClassifier; joblib.dump(DummyClassifier(), 'models/b.joblib')\"",
            "python -c \"import joblib; print(joblib.load('models/b.joblib'))\"",
        ),
        (
            "python -c \"import torch, torchvision; m = torchvision.models.resnet18(); torch.onnx.export(m, torch.randn(1, 3, 224, 224), 'models/r.onnx')\"",
            "python -c \"import torch, torchvision; m = torchvision.models.resnet18(); p = torch.onnx.export(m, (torch.randn(1, 3, 224, 224),), dynamo=True); print(p)\"",
        ),
        (
            "python -c \"from datasets import load_dataset; load_dataset('imdb', split='train[:1%]').save_to_disk('data/imdb_small')\"",
            "python -c \"from datasets import load_from_disk; print(load_from_disk('data/imdb_small'))\"",
        ),
        (
            "python -c \"from transformers import AutoTokenizer; AutoTokenizer.from_pretrained('bert-base-uncased').save_pretrained('artifacts/tokenizer')\"",
            "python -c \"from transformers import AutoTokenizer; print(AutoTokenizer.from_pretrained('artifacts/tokenizer'))\"",
        ),
        (
            "python -c \"from huggingface_hub import snapshot_download; snapshot_download('sentence-transformers/all-MiniLM-L6-v2', local_dir='models/minilm')\"",
            "python -c \"from huggingface_hub import list_repo_files; print(list_repo_files('sentence-transformers/all-MiniLM-L6-v2'))\"",
        ),
        (
            "python -c \"from huggingface_hub import hf_hub_download; print(hf_hub_download('gpt2', 'config.json'))\"",
            "python -c \"from huggingface_hub import hf_hub_url; print(hf_hub_url('gpt2', 'config.json'))\"",
        ),
        (
            "python -c \"import h5py, numpy as np; f = h5py.File('data/cache.h5', 'w'); f['x'] = np.arange(10); f.close()\"",
            "python -c \"import h5py; f = h5py.File('data/cache.h5', 'r'); print(list(f.keys()))\"",
        ),
        (
            "python -c \"import tempfile; print(tempfile.mkdtemp(prefix='exp-'))\"",
            "python -c \"import tempfile; print(tempfile.gettempdir())\"",
        ),
    ]);
}

/// Sixteenth blind batch: notebook tools. nbconvert by `python -m`,
/// kernelspecs, generated Jupyter config, nbqa running its tool on the
/// notebooks, nbdime's git drivers.
#[test]
fn py16_notebook_tools() {
    check_pairs(&[
        (
            "python -m nbconvert --to html --no-input notebooks/report.ipynb",
            "python -m nbconvert --to html --stdout notebooks/report.ipynb",
        ),
        (
            "jupyter kernelspec uninstall -y old-env",
            "jupyter kernelspec list",
        ),
        (
            "jupyter notebook --generate-config",
            "jupyter notebook list",
        ),
        ("jupyter lab --generate-config", "jupyter lab --version"),
        ("nbqa black notebooks/", "nbqa black notebooks/ --check"),
        (
            "nbqa isort notebooks/ --float-to-top",
            "nbqa flake8 notebooks/",
        ),
        (
            "nbdime config-git --enable --global",
            "nbdime diff a.ipynb b.ipynb",
        ),
    ]);
}

/// Sixteenth blind batch: environment managers (conda, micromamba, pixi)
/// and ML project tools (dvc, mlflow, wandb, optuna, pytest-cov reports,
/// NLTK's downloader).
#[test]
fn py16_ml_project_tools() {
    check_pairs(&[
        (
            "python -m nltk.downloader -d /usr/local/share/nltk_data punkt",
            "python -m nltk.downloader --help",
        ),
        (
            "conda env export -n churn -f environment.lock.yml",
            "conda env export -n churn",
        ),
        (
            "conda pack -n churn -o /tmp/churn-env.tar.gz",
            "conda env list",
        ),
        (
            "micromamba shell init -s bash -r ~/micromamba",
            "micromamba shell hook -s bash",
        ),
        ("pixi clean", "pixi list --frozen"),
        ("pixi task add test \"pytest -q\"", "pixi task list"),
        ("pixi global install ruff", "pixi global list"),
        ("pixi upgrade numpy", "pixi tree --frozen numpy"),
        (
            "pixi project channel add bioconda",
            "pixi project channel list",
        ),
        (
            "dvc stage add -n prepare -d src/prepare.py -o data/prepared python src/prepare.py",
            "dvc stage list",
        ),
        ("dvc plots show", "dvc plots show --json"),
        (
            "dvc plots diff HEAD~1 -o /tmp/plots",
            "dvc plots diff HEAD~1 --show-vega",
        ),
        (
            "mlflow gc --backend-store-uri sqlite:///mlflow.db",
            "mlflow experiments search",
        ),
        (
            "MLFLOW_TRACKING_URI=file:./mlruns mlflow experiments create --experiment-name churn-v2",
            "mlflow runs list --experiment-id 4",
        ),
        (
            "mlflow db upgrade sqlite:///mlflow.db",
            "mlflow artifacts list --run-id 4f2c",
        ),
        (
            "mlflow models generate-dockerfile -m runs:/4f2c/model -d /tmp/mlflow-docker",
            "mlflow models --help",
        ),
        ("wandb offline", "wandb status"),
        (
            "optuna create-study --study-name lr-sweep --storage sqlite:///optuna.db",
            "optuna create-study --study-name lr-sweep --storage postgresql://db/optuna",
        ),
        (
            "pytest --cov=src --cov-report=html:reports/coverage",
            "pytest --cov=src --cov-report=term-missing",
        ),
        (
            "pytest --cov=src --cov-report xml:cov.xml",
            "pytest --cov=src --cov-report term:skip-covered",
        ),
    ]);
}

/// Review 5: gcc and clang read their options whole (`-*`), which hid the
/// value glued to `-o` and `-MF` (`-obin/x`, `-MFdep.d`: both joined or
/// separate in GCC and Clang) and `--output`, which the general rules
/// caught before gcc had a spec.
#[test]
fn review5_gcc_glued_output() {
    check_pairs(&[
        ("gcc -obin/app main.c", "gcc -o/dev/null main.c"),
        (
            "clang --output=bin/app main.c",
            "clang --output=- -E main.c",
        ),
        ("g++ --output bin/app main.cpp", "g++ -c main.cpp"),
        ("gcc -MMD -MFbuild/main.d -c main.c", "gcc -MMD -c main.c"),
        ("zig cc -obin/app main.c", "zig cc -c main.c"),
    ]);
    // ghc's `-optl…`, `-osuf` and `-ohi` are not `-o` with a value glued
    assert!(!is_write("ghc -optl-static -osuf o2 Main.hs"));
}

/// Review 5: chezmoi's global `-o/--output FILE` (the general rules caught
/// it before chezmoi had a spec), `chezmoi git pull` (the source
/// directory), `upgrade` (its own binary), `state` changes, and its
/// global `-n` given before the subcommand.
#[test]
fn review5_chezmoi() {
    check_pairs(&[
        ("chezmoi archive -o dotfiles.tar.gz", "chezmoi archive"),
        ("chezmoi dump --output=state.json", "chezmoi dump"),
        (
            "chezmoi cat -o /tmp/bashrc ~/.bashrc",
            "chezmoi cat ~/.bashrc",
        ),
        ("chezmoi git pull", "chezmoi git status"),
        ("chezmoi upgrade", "chezmoi doctor"),
        ("chezmoi state reset", "chezmoi state dump"),
        ("chezmoi apply -v", "chezmoi -n apply"),
        ("chezmoi update", "chezmoi -nv update"),
    ]);
}

/// Review 5: PHPUnit's `--coverage-text=FILE` (bare, it prints) and
/// `--list-tests-xml FILE`; dpkg-deb's `-e`/`--control` extracts the
/// control files (into DEBIAN/ without a directory).
#[test]
fn review5_phpunit_dpkg_deb() {
    check_pairs(&[
        (
            "phpunit --coverage-text=build/cov.txt",
            "phpunit --coverage-text",
        ),
        ("phpunit --list-tests-xml tests.xml", "phpunit --list-tests"),
        ("dpkg-deb -e pkg.deb ctrl", "dpkg-deb -I pkg.deb"),
        (
            "dpkg-deb --control pkg.deb",
            "dpkg-deb --field pkg.deb Version",
        ),
    ]);
}

/// Review 5: sftp reads `- !cmd` as `!cmd` (whitespace after the `-`/`@`
/// marks), `mget` and upper-case commands as `get`, and runs `lls ARGS`
/// as `ls ARGS` through the shell (`lls; touch x`).
#[test]
fn review5_sftp_commands() {
    check_pairs(&[
        (
            "sftp -b - host <<'EOF'\n- !touch x\nEOF",
            "sftp -b - host <<'EOF'\n- ls\nEOF",
        ),
        (
            "sftp host <<'EOF'\nmget *.csv\nEOF",
            "sftp host <<'EOF'\nls *.csv\nEOF",
        ),
        (
            "sftp host <<'EOF'\nGET a.csv\nEOF",
            "sftp host <<'EOF'\nPWD\nEOF",
        ),
        (
            "sftp host <<'EOF'\nlls -l; touch x\nEOF",
            "sftp host <<'EOF'\nlls -l\nEOF",
        ),
        (
            "printf 'lls . ; rm -f a\\n' | sftp host",
            "printf 'lls .\\n' | sftp host",
        ),
    ]);
    // no panic on text that is not ASCII
    assert!(!is_write("sftp -bé host"));
    assert!(!is_write("sftp host <<'EOF'\n-é\n@\n!\nEOF"));
}

/// Review 5: `nohup` after a wrapper or an assignment is nohup all the
/// same (`sudo nohup CMD &`, `FOO=1 nohup CMD &`).
#[test]
fn review5_nohup_after_wrappers() {
    check_pairs(&[
        (
            "sudo nohup ./server &",
            "sudo nohup ./server > /dev/null 2>&1 &",
        ),
        ("FOO=1 nohup ./server &", "FOO=1 nohup ./server | cat"),
        ("env nohup ./server &", "env nohup ./server >/dev/null &"),
        ("timeout 60 nohup ./server", "timeout 60 ./server"),
    ]);
}

/// Review 5: gdb's `--eval-command` (the long form of `-ex`) and lldb's
/// `--one-line` (of `-o`) and `-O`; commands that run shell or Python
/// code (`shell`, `!`, `pipe`, `python`; lldb's `platform shell`,
/// `shell`, `script`), which this analyser does not read.
#[test]
fn review5_debugger_commands() {
    check_pairs(&[
        (
            "gdb -batch --eval-command='gcore /tmp/core' -p 42",
            "gdb -batch --eval-command=bt -p 42",
        ),
        (
            "gdb -batch -eval-command 'gcore' -p 42",
            "gdb -batch -eval-command 'info threads' -p 42",
        ),
        (
            "gdb -batch -ex 'shell touch x' ./app",
            "gdb -batch -ex 'info shared' ./app",
        ),
        (
            "gdb -batch -ex '!rm -f x' ./app",
            "gdb -batch -ex 'p 1' ./app",
        ),
        (
            "gdb -batch -ex 'pipe bt | tee bt.txt' ./app",
            "gdb -batch -ex 'bt full' ./app",
        ),
        (
            "gdb -batch -ex 'python open(\"x\",\"w\").write(\"1\")' ./app",
            "gdb -batch -ex 'print $pc' ./app",
        ),
        (
            "lldb -b --one-line 'process save-core c' ./app",
            "lldb -b --one-line 'bt' ./app",
        ),
        (
            "lldb -b -o 'platform shell touch x' ./app",
            "lldb -b -o 'platform status' ./app",
        ),
        (
            "lldb -b -O 'shell touch x' ./app",
            "lldb -b -O 'settings list' ./app",
        ),
        (
            "lldb -b -o 'script open(\"x\",\"w\")' ./app",
            "lldb -b -o 'frame variable' ./app",
        ),
    ]);
}

/// Review 5: fd appends the path unless the command has one of its
/// placeholders (`{}`, `{.}`, `{/}`, `{//}`, `{/.}`), not any brace
/// (`sd 'a{2}' b` edits each file).
#[test]
fn review5_fd_exec_placeholders() {
    check_pairs(&[
        ("fd -e rs -x sd 'a{2}' b", "fd -e rs -x rg 'a{2}'"),
        (
            "fd -e txt -X sd '[0-9]{4}' YEAR",
            "fd -e txt -X grep -E '[0-9]{4}'",
        ),
        ("fd -e md -x sd old new {}", "fd -e md -x wc -l {}"),
    ]);
}

/// Review 5: ccache's `--trim-dir` deletes files and `--extract-result`
/// writes into the current directory; the path options that only read
/// take a value (not a compiler to run); xsv/qsv `index` writes FILE.idx;
/// `meson subprojects foreach CMD` runs CMD in each subproject.
#[test]
fn review5_ccache_xsv_meson() {
    check_pairs(&[
        (
            "ccache --trim-dir /srv/ccache --trim-max-size 10G",
            "ccache --inspect abc.result",
        ),
        (
            "ccache --extract-result abc.result",
            "ccache --checksum-file big.bin",
        ),
        ("xsv index data.csv", "xsv count data.csv"),
        ("qsv index data.csv", "qsv count data.csv"),
        (
            "meson subprojects foreach git pull",
            "meson subprojects foreach git status",
        ),
    ]);
    assert!(analyse("ccache --hash-file f.o").unknown.is_empty());
}

/// Review 5: python-dotenv's `list`, `get` and `run -- CMD` are its own
/// read-only commands, not commands to run (`list`, `get`, `run` are no
/// programs); xcodebuild's first-launch and platform downloads install
/// into the system.
#[test]
fn review5_dotenv_xcodebuild() {
    check_pairs(&[
        ("dotenv -f .env set API_URL http://x", "dotenv -f .env list"),
        ("dotenv unset API_URL", "dotenv get API_URL"),
        ("dotenv run -- sed -i s/a/b/ f", "dotenv run -- pytest -q"),
        ("xcodebuild -downloadPlatform iOS", "xcodebuild -showsdks"),
        (
            "xcodebuild -runFirstLaunch",
            "xcodebuild -checkFirstLaunchStatus",
        ),
    ]);
    for c in ["dotenv list", "dotenv get K", "dotenv run -- pytest"] {
        assert!(
            analyse(c).unknown.is_empty(),
            "{c}: {:?}",
            analyse(c).unknown
        );
    }
}

/// Review 5: nohup's output redirected by the compound command around it
/// (`( nohup CMD & ) > /dev/null 2>&1`) is no terminal either: no
/// nohup.out. (Piped by one, `{ nohup a; b; } | cat`, it still counts: the
/// commands before the pipe may be handed out before it is read.)
#[test]
fn review5_nohup_in_compound() {
    check_pairs(&[
        (
            "( nohup ./server & )",
            "( nohup ./server & ) > /dev/null 2>&1",
        ),
        ("{ nohup make; }", "{ nohup make; } > /dev/null"),
        (
            "for i in 1 2; do nohup make; done",
            "for i in 1 2; do nohup make; done > /dev/null",
        ),
    ]);
}

/// Review 5: 7-Zip takes `-so` only with `a`, `e`, `u` and `x`; `d` and
/// `rn` change the archive in place whatever else they are given.
#[test]
fn review5_7z_so() {
    check_pairs(&[
        ("7z d backup.7z secret.txt -so", "7z x backup.7z -so"),
        (
            "7z rn backup.7z a.txt b.txt -so",
            "7z e backup.7z a.txt -so",
        ),
    ]);
}

/// Review 5: an option that takes a value before the subcommand
/// (`gsettings --schemadir DIR set …`, `vcpkg --triplet T install …`) is
/// not the subcommand.
#[test]
fn review5_options_before_subcommand() {
    check_pairs(&[
        (
            "gsettings --schemadir schemas set org.x.y key 1",
            "gsettings --schemadir schemas get org.x.y key",
        ),
        (
            "vcpkg --triplet x64-linux install zlib",
            "vcpkg --triplet x64-linux list",
        ),
    ]);
}

/// Nineteenth blind batch: Elixir's mix tasks that write (clean, the xref
/// graph file, credo's and sobelow's config, docs to a named directory)
/// and `mix run -e` code.
#[test]
fn jvm19_elixir() {
    check_pairs(&[
        ("mix clean", "mix compile --warnings-as-errors"),
        (
            "mix xref graph --format dot",
            "mix xref graph --format stats",
        ),
        (
            "mix xref graph --format dot --output deps.dot",
            "mix xref graph --format dot --output -",
        ),
        ("mix credo gen.config", "mix credo --strict"),
        ("mix sobelow --save-config", "mix sobelow --config"),
        ("mix docs -o /tmp/shop-docs", "mix docs --help"),
        (
            r#"mix run -e 'File.write!("priv/static/robots.txt", "User-agent: *\nDisallow: /admin\n")'"#,
            r#"mix run -e 'IO.puts(File.read!("priv/static/robots.txt"))'"#,
        ),
        (
            r#"mix run --eval 'File.rm_rf!("tmp/cache")'"#,
            "mix run priv/repo/seeds_check.exs",
        ),
    ]);
}

/// Nineteenth blind batch: JVM builds' migration, API-dump, catalog,
/// rewrite and release tasks, ktlint/detekt/scalafmt, the flyway and
/// liquibase CLIs, a generator jar with `-o`.
#[test]
fn jvm19_jvm() {
    check_pairs(&[
        ("mvn flyway:migrate", "mvn flyway:info"),
        ("mvn liquibase:update", "mvn liquibase:status"),
        (
            "mvn liquibase:rollback -Dliquibase.rollbackCount=1",
            "mvn liquibase:history",
        ),
        ("./gradlew flywayMigrate", "./gradlew flywayInfo"),
        (
            "./gradlew update -PrunList=main",
            "./gradlew status -PrunList=main",
        ),
        ("./gradlew apiDump", "./gradlew apiCheck"),
        (
            "./gradlew versionCatalogUpdate",
            "./gradlew dependencyUpdates",
        ),
        ("./gradlew rewriteRun", "./gradlew rewriteDryRun"),
        (
            "./gradlew release -Prelease.useAutomaticVersion=true -Prelease.releaseVersion=1.4.0 -Prelease.newVersion=1.5.0-SNAPSHOT",
            "./gradlew build -Prelease.useAutomaticVersion=true",
        ),
        (
            "./gradlew spotlessApply",
            "./gradlew help --task spotlessApply",
        ),
        (
            "ktlint --reporter=checkstyle,output=build/reports/ktlint.xml",
            "ktlint --reporter=checkstyle",
        ),
        ("ktlint installGitPreCommitHook", "ktlint 'src/**/*.kt'"),
        (
            "detekt --input src/main/kotlin --create-baseline --baseline config/detekt-baseline.xml",
            "detekt --input src/main/kotlin --baseline config/detekt-baseline.xml",
        ),
        ("sbt \"release with-defaults\"", "sbt test"),
        ("scalafmt", "scalafmt --test"),
        ("scalafmt src/main", "scalafmt --list"),
        (
            "flyway -configFiles=conf/flyway.conf migrate",
            "flyway -configFiles=conf/flyway.conf info",
        ),
        (
            "flyway -url=jdbc:sqlite:shop.db -locations=filesystem:db/migration migrate",
            "flyway -url=jdbc:sqlite:shop.db -locations=filesystem:db/migration validate",
        ),
        (
            "liquibase generate-changelog --changelog-file=db/changelog/generated.yaml",
            "liquibase status --changelog-file=db/changelog/db.changelog-master.yaml",
        ),
        (
            "liquibase update --changelog-file=db/changelog/db.changelog-master.yaml",
            "liquibase update-sql --changelog-file=db/changelog/db.changelog-master.yaml",
        ),
        (
            "java -jar ~/tools/openapi-generator-cli.jar generate -i api/openapi.yaml -g kotlin-spring -o shop-api-gen",
            "java -jar ~/tools/openapi-generator-cli.jar validate -i api/openapi.yaml",
        ),
    ]);
}

/// Nineteenth blind batch: SwiftPM's tools-version and writing plugins,
/// test and format report files, swiftgen, erasing simulators.
#[test]
fn jvm19_swift() {
    check_pairs(&[
        (
            "swift package tools-version --set 5.10",
            "swift package tools-version",
        ),
        (
            "swift package --allow-writing-to-package-directory format-source-code",
            "swift package describe --type json",
        ),
        (
            "swift test --parallel --xunit-output build/tests.xml",
            "swift test --parallel",
        ),
        (
            "swiftformat --lint . --report /tmp/swiftformat.json",
            "swiftformat --lint .",
        ),
        (
            "swiftgen config run --config swiftgen.yml",
            "swiftgen config lint --config swiftgen.yml",
        ),
        ("xcrun simctl erase all", "xcrun simctl list devices"),
    ]);
}

/// Nineteenth blind batch: luarocks, busted's coverage and luacov, Neovim
/// installing parsers and tools headless, selene's standard library file.
#[test]
fn jvm19_lua() {
    check_pairs(&[
        ("luarocks make", "luarocks list"),
        ("luarocks pack shop-1.2.0-1.rockspec", "luarocks show shop"),
        (
            "luarocks new_version shop-1.1.0-1.rockspec 1.2.0",
            "luarocks lint shop-1.1.0-1.rockspec",
        ),
        (
            "luarocks write_rockspec --lua-versions=5.1,5.4 --license=MIT",
            "luarocks search shop",
        ),
        (
            "luarocks config local_by_default true",
            "luarocks config local_by_default",
        ),
        (
            "luarocks purge --tree=.luarocks",
            "luarocks list --tree=.luarocks",
        ),
        ("busted --coverage spec/ && luacov", "busted spec/"),
        ("luacov", "busted -o TAP spec/unit"),
        (
            "nvim --headless -c 'TSInstallSync lua vim vimdoc query' -c q",
            "nvim --headless -c 'checkhealth' -c q",
        ),
        (
            "nvim --headless -c 'MasonInstall lua-language-server stylua' -c qall",
            "nvim --headless -c 'lua print(vim.version())' -c qall",
        ),
        ("nvim --headless '+Lazy! sync' +qa", "nvim --version"),
        ("selene generate-roblox-std", "selene src"),
    ]);
}

/// Nineteenth blind batch: deno's outdated --update, cache, coverage
/// files, code on stdin, upgrade, the Jupyter kernelspec.
#[test]
fn jvm19_deno() {
    check_pairs(&[
        ("deno outdated --update --latest", "deno outdated"),
        ("deno cache --reload main.ts", "deno check main.ts"),
        ("deno test --coverage=cov_profile", "deno test --allow-read"),
        (
            "deno coverage cov_profile --html",
            "deno coverage cov_profile",
        ),
        (
            "deno run -A - <<'EOF'\nawait Deno.mkdir(\"src/routes/api\", { recursive: true });\nEOF",
            "deno run -A - <<'EOF'\nconsole.log(await Deno.readTextFile(\"deno.json\"));\nEOF",
        ),
        ("deno upgrade", "deno upgrade --dry-run"),
        ("deno jupyter --install", "deno --version"),
    ]);
}

/// Nineteenth blind batch: bun's pack tarball, cache clearing (`bun pm
/// cache` alone prints its path), test coverage and reporter files, code
/// on stdin.
#[test]
fn jvm19_bun() {
    check_pairs(&[
        ("bun pm pack", "bun pm ls"),
        ("bun pm cache rm", "bun pm cache"),
        (
            "bun test --coverage --coverage-reporter=lcov --coverage-dir=coverage",
            "bun test --coverage",
        ),
        (
            "bun test --reporter=junit --reporter-outfile=./junit.xml",
            "bun test --bail",
        ),
        (
            "bun run - <<'EOF'\nawait Bun.write(\"src/generated/version.ts\", `export const VERSION = \"1.4.0\";\\n`);\nEOF",
            "bun run - <<'EOF'\nconsole.log(await Bun.file(\"package.json\").text());\nEOF",
        ),
    ]);
}

#[test]
fn dn19_dotnet() {
    check_pairs(&[
        (
            "dotnet package add FluentValidation --project src/Shop.Api",
            "dotnet package list --project src/Shop.Api",
        ),
        (
            "dotnet format --verify-no-changes --report artifacts/format",
            "dotnet format --verify-no-changes",
        ),
        ("dotnet csharpier format .", "dotnet csharpier check ."),
        ("dotnet csharpier .", "dotnet csharpier --check ."),
        (
            "dotnet build -bl:artifacts/build.binlog",
            "dotnet build -c Release",
        ),
        ("dotnet build -bl", "dotnet build -v minimal"),
        (
            "dotnet msbuild src/Shop.Api/Shop.Api.csproj -pp:artifacts/preprocessed.xml",
            "dotnet msbuild src/Shop.Api/Shop.Api.csproj -pp",
        ),
        (
            "dotnet test --logger \"trx;LogFileName=test-results.trx\" --results-directory ./TestResults",
            "dotnet test --logger \"console;verbosity=detailed\"",
        ),
        (
            "dotnet test --collect:\"XPlat Code Coverage\" --results-directory ./coverage",
            "dotnet test --filter Category=Unit",
        ),
        (
            "dotnet test /p:CollectCoverage=true /p:CoverletOutput=./coverage/ /p:CoverletOutputFormat=lcov",
            "dotnet test /p:CollectCoverage=false",
        ),
        (
            "dotnet nuget remove source legacy-feed",
            "dotnet nuget list source",
        ),
        (
            "dotnet nuget add source https://pkgs.example.com/index.json -n internal",
            "dotnet nuget list source --format short",
        ),
        (
            "dotnet user-jwts create --role admin",
            "dotnet user-jwts list",
        ),
        ("dotnet user-jwts key --reset", "dotnet user-jwts key"),
        (
            "dotnet dev-certs https --trust",
            "dotnet dev-certs https --check --trust",
        ),
        ("dotnet dev-certs https", "dotnet dev-certs https --check"),
        ("dotnet outdated --upgrade", "dotnet outdated"),
        (
            "dotnet outdated -u:prompt",
            "dotnet outdated --include-auto-references",
        ),
    ]);
}

#[test]
fn dn19_composer() {
    check_pairs(&[
        (
            "composer global require laravel/installer",
            "composer global show",
        ),
        ("composer clear-cache", "composer show --tree"),
        ("composer normalize", "composer normalize --dry-run"),
        ("composer run-script cs-fix", "composer run-script test"),
        ("composer dump-env prod", "composer validate"),
        (
            "symfony composer req symfony/mailer",
            "symfony composer show",
        ),
        (
            "symfony console doctrine:migrations:migrate -n",
            "symfony console doctrine:migrations:status",
        ),
    ]);
}

#[test]
fn dn19_php_tools() {
    check_pairs(&[
        (
            "php artisan schema:dump --prune",
            "php artisan migrate:status",
        ),
        ("php artisan down --secret=let-me-in", "php artisan about"),
        ("php artisan up", "php artisan route:list"),
        (
            "php artisan key:generate",
            "php artisan key:generate --show",
        ),
        (
            "vendor/bin/pest --coverage --coverage-clover=build/logs/clover.xml",
            "vendor/bin/pest --coverage",
        ),
        (
            "vendor/bin/pest --parallel --log-junit build/pest-junit.xml",
            "vendor/bin/pest --parallel",
        ),
        (
            "vendor/bin/pest --update-snapshots",
            "vendor/bin/pest --filter snapshots",
        ),
        (
            "vendor/bin/phpstan clear-result-cache",
            "vendor/bin/phpstan analyse src",
        ),
        (
            "vendor/bin/phpstan analyse src --generate-baseline",
            "vendor/bin/phpstan analyse -l 8 src",
        ),
        (
            "vendor/bin/psalm --set-baseline=psalm-baseline.xml",
            "vendor/bin/psalm --use-baseline=psalm-baseline.xml",
        ),
        (
            "vendor/bin/psalm --alter --issues=MissingReturnType,MissingParamType",
            "vendor/bin/psalm --alter --issues=MissingReturnType --dry-run",
        ),
        ("vendor/bin/pint", "vendor/bin/pint --test"),
        ("vendor/bin/pint --dirty", "vendor/bin/pint --dirty --test"),
        (
            "vendor/bin/pint --test || vendor/bin/pint",
            "vendor/bin/pint --test -v",
        ),
        (
            "vendor/bin/phinx migrate -e development",
            "vendor/bin/phinx status -e development",
        ),
        (
            "vendor/bin/phinx migrate -e development",
            "vendor/bin/phinx migrate --dry-run",
        ),
        (
            "php bin/console doctrine:migrations:migrate --no-interaction",
            "php bin/console doctrine:migrations:migrate --dry-run",
        ),
        (
            "php bin/console doctrine:migrations:migrate prev -n",
            "php bin/console doctrine:migrations:status",
        ),
        (
            "php bin/console doctrine:schema:update --force",
            "php bin/console doctrine:schema:update --dump-sql",
        ),
        (
            "php bin/console translation:extract --force fr",
            "php bin/console translation:extract --dump-messages fr",
        ),
    ]);
}

#[test]
fn dn19_ruby_tools() {
    check_pairs(&[
        ("bin/rails dev:cache", "bin/rails about"),
        ("bin/rails restart", "bin/rails stats"),
        ("bin/rails db:migrate", "bin/rails db:encryption:init"),
        ("bin/importmap pin chart.js", "bin/importmap outdated"),
        (
            "bundle exec rspec --init",
            "bundle exec rspec --format documentation",
        ),
        (
            "bundle exec rspec -o tmp/rspec.txt",
            "bundle exec rspec spec/models",
        ),
        (
            "bundle exec brakeman -o tmp/brakeman.json",
            "bundle exec brakeman -q",
        ),
        (
            "bundle exec tapioca gems",
            "bundle exec tapioca gems --verify",
        ),
        (
            "bundle exec tapioca dsl",
            "bundle exec tapioca dsl --verify",
        ),
        (
            "bundle exec overcommit --install",
            "bundle exec overcommit --run",
        ),
    ]);
}

#[test]
fn dn19_inline_code() {
    check_pairs(&[
        (
            "php artisan tinker --execute='file_put_contents(storage_path(\"app/report.json\"), App\\Models\\Order::all()->toJson());'",
            "php artisan tinker --execute='echo App\\Models\\Order::count();'",
        ),
        (
            "bin/rails runner 'File.write(\"tmp/route_names.txt\", Rails.application.routes.named_routes.names.join(\"\\n\"))'",
            "bin/rails runner 'puts Rails.application.routes.named_routes.names.join(\"\\n\")'",
        ),
        (
            "bundle exec rails r 'File.write(\"x.txt\", User.count.to_s)'",
            "bundle exec rails r 'puts User.count'",
        ),
        (
            "bin/rails runner -e production 'FileUtils.rm_rf(\"tmp/exports\")'",
            "bin/rails runner -e production script/report.rb",
        ),
    ]);
}

/// Twenty-second blind batch: Leiningen tasks and plugins that change the
/// project or the repository, Clojure CLI tools (deps-new, a build.clj
/// `clean`, `mvn-pom`) and clj-kondo's `--copy-configs`.
#[test]
fn pl22_clojure() {
    check_pairs(&[
        ("lein kibit --replace", "lein kibit"),
        (
            "lein release :patch",
            "lein test :only shop.cart-test/total-rounds",
        ),
        (
            "lein change version leiningen.release/bump-version release",
            "lein deps :tree",
        ),
        ("lein vcs tag", "lein vcs assert-committed"),
        ("lein vcs commit", "lein check"),
        ("lein pom", "lein uberjar"),
        ("clojure -Tnew app :name acme/shop", "clojure -Ttools list"),
        ("clojure -T:build clean", "clojure -T:build jar"),
        ("clojure -X:deps mvn-pom", "clojure -X:deps tree"),
        (
            "clj-kondo --lint \"$(clojure -Spath)\" --dependencies --copy-configs --skip-lint",
            "clj-kondo --lint src --config '{:output {:format :edn}}'",
        ),
    ]);
}

/// Twenty-second blind batch: a command melos runs in every package, a
/// JUnit report from `crystal spec`.
#[test]
fn pl22_dart_crystal() {
    check_pairs(&[
        ("melos exec -- dart format .", "melos exec -- dart analyze"),
        (
            "melos exec -c 1 \"dart format .\"",
            "melos exec -c 1 \"dart analyze\"",
        ),
        ("crystal spec --junit_output=/tmp/junit", "crystal spec"),
        (
            "crystal spec --junit_output reports spec/cart_spec.cr",
            "crystal spec spec/cart_spec.cr:42",
        ),
    ]);
}

/// Twenty-second blind batch: gleam's formatter, dependency changes,
/// scaffolding, clean and fix.
#[test]
fn pl22_gleam() {
    check_pairs(&[
        ("gleam format src test", "gleam format --check src test"),
        ("gleam format", "gleam format --stdin"),
        ("gleam add gleam_json", "gleam deps list"),
        (
            "gleam add --dev gleeunit",
            "gleam run -m shop/cli -- --help",
        ),
        ("gleam remove gleam_http", "gleam check"),
        ("gleam update", "gleam build"),
        ("gleam deps download", "gleam deps list"),
        ("gleam new shop_gleam", "gleam test"),
        ("gleam clean", "gleam run"),
        ("gleam fix", "gleam --version"),
        (
            "gleam export package-interface --out /tmp/iface.json",
            "gleam export --help",
        ),
        (
            "bash -c 'cd /home/dev/shop && gleam format && gleam test'",
            "bash -c 'cd /home/dev/shop && gleam format --check && gleam test'",
        ),
    ]);
}

/// Twenty-second blind batch: elm-review's fixes, elm-spa's generated code.
#[test]
fn pl22_elm() {
    check_pairs(&[
        ("elm-review --fix-all", "elm-review --report=json"),
        ("elm-review --fix", "elm-review --config review src"),
        ("elm-review init", "elm-review"),
        ("elm-spa gen", "elm-spa help"),
    ]);
}

/// Twenty-second blind batch: Perl's installers (cpanm, carton, dzil),
/// Makefile.PL/Build.PL, perltidy and tidyall, prove's state and archive,
/// Devel::Cover's `-delete`, plenv.
#[test]
fn pl22_perl() {
    check_pairs(&[
        ("cpanm --installdeps .", "cpanm --showdeps ."),
        ("cpanm -n Mojolicious", "cpanm --info Mojolicious"),
        ("cpanm -L local --installdeps --notest .", "cpanm --version"),
        ("cpanm --uninstall JSON::XS", "cpanm --help"),
        ("cpan-outdated -p | cpanm", "cpan-outdated -p"),
        (
            "dzil authordeps --missing | cpanm",
            "dzil authordeps --missing",
        ),
        ("carton bundle", "carton list"),
        ("carton install", "carton check"),
        (
            "carton exec -- perltidy -b lib/Shop.pm",
            "carton exec -- prove -lr t",
        ),
        ("dzil clean", "dzil listdeps --missing"),
        ("perl Makefile.PL", "perl -Ilib t/02-cart.t"),
        ("perl Build.PL && ./Build", "./Build test"),
        (
            "perltidy -b lib/Shop/Cart.pm",
            "perltidy -st -se lib/Shop/Cart.pm",
        ),
        (
            "perltidy -b -bext='/' lib/Shop/Order.pm lib/Shop/Item.pm",
            "perltidy -st -se -pro=.perltidyrc lib/Shop/Order.pm",
        ),
        (
            "perltidy lib/Shop/Payment.pm",
            "perltidy --standard-output lib/Shop/Payment.pm",
        ),
        (
            "perltidy -o /tmp/Order.tidy.pm lib/Shop/Order.pm",
            "perltidy -o /dev/null lib/Shop/Order.pm",
        ),
        ("tidyall -a", "tidyall -a --check-only"),
        ("tidyall -g", "tidyall --list -a"),
        (
            "tidyall lib/Shop.pm",
            "tidyall -p lib/Shop.pm < lib/Shop.pm",
        ),
        (
            "prove --state=failed,save -lr t",
            "prove --state=failed -lr t",
        ),
        ("prove --state save -lr t", "prove -j4 -lr t xt"),
        ("prove -lr -a /tmp/tap.tar.gz t", "prove -lv t/02-cart.t"),
        ("cover -delete", "cover -report text"),
        ("plenv local 5.38.2", "plenv versions"),
    ]);
}

/// Twenty-second blind batch: build targets and options that change the
/// tree (a CMake `format` target, `meson configure -D`, `meson setup
/// --wipe`, Bazel's gazelle and compile_commands targets) and typstyle.
#[test]
fn pl22_build_targets() {
    check_pairs(&[
        (
            "cmake --build build --target format",
            "cmake --build build --target help",
        ),
        (
            "cmake --build build -t clang-format",
            "cmake --build build -t shop_tests",
        ),
        (
            "meson configure builddir -Dbuildtype=release -Db_sanitize=address",
            "meson configure builddir",
        ),
        (
            "meson configure builddir -D b_lto=true",
            "meson configure builddir --no-pager",
        ),
        (
            "meson configure builddir --buildtype=release",
            "meson introspect builddir --targets",
        ),
        ("meson setup --wipe builddir", "meson setup builddir"),
        ("bazel run //:gazelle", "bazel run //src:shop -- --help"),
        (
            "bazel run //:gazelle -- update-repos -from_file=go.mod",
            "bazel run //:gazelle -- -mode=diff",
        ),
        (
            "bazel run @hedron_compile_commands//:refresh_all",
            "bazel query //...",
        ),
        (
            "bazelisk run :refresh_compile_commands",
            "bazel build //...",
        ),
        ("typstyle -i paper.typ", "typstyle --check paper.typ"),
        ("typstyle --inplace paper.typ", "typstyle paper.typ"),
    ]);
}

/// `perl -c FILE` compiles FILE without running it: a script spec
/// (`Makefile.PL`) does not apply.
#[test]
fn pl22_perl_syntax_check() {
    check_pairs(&[
        ("perl Makefile.PL INSTALL_BASE=local", "perl -c Makefile.PL"),
        ("perl -c -i.bak -pe 's/a/b/' x.pl", "perl -wc Build.PL"),
        (
            "perl -c -e 'BEGIN { unlink \"x\" }'",
            "perl -Ilib -wc script/shop.pl",
        ),
    ]);
}

/// Twenty-second blind batch: Haskell tools (cabal, stack, ghcup, hlint,
/// hasktags, cabal-fmt).
#[test]
fn hs22_haskell_tools() {
    check_pairs(&[
        (
            "cabal configure --enable-tests --enable-benchmarks",
            "cabal build all --enable-tests",
        ),
        ("cabal sdist -o /tmp/sdist", "cabal sdist --list-only -o -"),
        (
            "cabal test --test-options='--accept'",
            "cabal test shop-core-test --test-options='-p \"/Cart/\"'",
        ),
        (
            "cabal test --test-option=--accept",
            "cabal test --test-show-details=direct",
        ),
        ("hlint . --report=/tmp/hlint.html", "hlint . --json"),
        ("hlint src --report", "hlint src app test"),
        ("ghcup set ghc 9.6.5", "ghcup list -t ghc -c installed"),
        ("ghcup rm ghc 9.2.8", "ghcup whereis ghc 9.6.5"),
        ("ghcup gc --cache --tmpdirs", "ghcup list"),
        ("ghcup upgrade", "ghcup --version"),
        ("ghcup install ghc 9.6.5", "ghcup debug-info"),
        (
            "stack test --ta '--accept'",
            "stack test --fast --ta '--match \"/Cart/\"'",
        ),
        (
            "stack build --test --test-arguments=--accept",
            "stack build --test",
        ),
        ("stack sdist --tar-dir /tmp/dist", "stack sdist"),
        ("hasktags -c src", "hasktags --help"),
        ("hasktags -e -o TAGS src", "hasktags -c -o - src"),
        ("cabal-fmt -i shop.cabal", "cabal-fmt shop.cabal"),
        (
            "cabal-fmt --inplace shop.cabal",
            "cabal-fmt --check shop.cabal",
        ),
    ]);
}

/// Twenty-second blind batch: OCaml, Zig, Nim and Erlang tools.
#[test]
fn hs22_ocaml_zig_nim_erlang() {
    check_pairs(&[
        ("dune cache trim --size=2GB", "dune cache size"),
        ("dune cache clear", "dune describe workspace"),
        ("dune-release tag v0.4.0", "dune-release check"),
        (
            "zig test src/parser.zig -femit-bin=/tmp/parser-test",
            "zig test src/parser.zig --test-filter \"parse quoted string\"",
        ),
        (
            "zig run src/main.zig -femit-bin=bin/main",
            "zig run src/main.zig -- --help",
        ),
        (
            "zig objcopy -O binary zig-out/bin/firmware firmware.bin",
            "zig objcopy --help",
        ),
        ("choosenim 2.0.4", "choosenim show"),
        ("choosenim update stable", "choosenim versions --installed"),
        ("rebar3 plugins upgrade rebar3_hex", "rebar3 plugins list"),
        (
            "dialyzer --build_plt --output_plt /tmp/shop.plt --apps erts kernel stdlib",
            "dialyzer --plt /tmp/shop.plt --check_plt",
        ),
        (
            "dialyzer --build_plt --apps erts kernel stdlib",
            "dialyzer --plt_info",
        ),
        (
            "dialyzer -Wno_return src/shop.erl -o warnings.txt",
            "dialyzer -Wno_return src/shop.erl",
        ),
    ]);
}

/// Twenty-second blind batch: juliaup's channels and settings.
#[test]
fn hs22_juliaup() {
    check_pairs(&[
        ("juliaup default 1.10", "juliaup status"),
        ("juliaup add 1.10", "juliaup list"),
        ("juliaup override set 1.10", "juliaup override status"),
        (
            "juliaup config channelsymlinks true",
            "juliaup config channelsymlinks",
        ),
    ]);
}

/// Twenty-second blind batch: inline Haskell (`ghc -e`).
#[test]
fn hs22_ghc_inline() {
    check_pairs(&[
        (
            "ghc -e 'writeFile \"VERSION\" \"0.4.0\\n\"'",
            "ghc -e 'readFile \"shop.cabal\" >>= putStr . unlines . take 10 . lines'",
        ),
        (
            "ghc -e 'System.Directory.removeFile \"stale.txt\"'",
            "ghc -e 'System.Directory.doesFileExist \"stale.txt\" >>= print'",
        ),
        (
            "ghc -e 'import System.Process' -e 'callCommand \"rm -rf dist\"'",
            "ghc -e 'putStrLn \"writeFile\"'",
        ),
        (
            "ghc -e 'withFile \"out.txt\" WriteMode (`hPutStrLn` \"x\")'",
            "ghc -e 'withFile \"in.txt\" ReadMode (\\h -> hGetLine h >>= putStrLn)'",
        ),
        ("ghc -e ':! rm -rf dist'", "ghc -e ':t writeFile'"),
        (
            "ghci -e 'removeDirectoryRecursive \"dist-newstyle\"'",
            "ghci -e 'doesDirectoryExist \"dist-newstyle\" >>= print'",
        ),
        (
            "ghc -e 'readProcess \"git\" [\"tag\", \"v1\"] \"\" >>= putStr'",
            "ghc -e 'readProcess \"git\" [\"tag\", \"-l\"] \"\" >>= putStr'",
        ),
        (
            "ghc -package text -e 'Data.Text.IO.appendFile \"log\" \"x\"'",
            "ghc -package text -e 'Data.Text.IO.readFile \"log\" >>= print'",
        ),
    ]);
}

/// Twenty-second blind batch: inline Julia (Pkg's registries,
/// JuliaFormatter, Documenter's doctest fixes).
#[test]
fn hs22_julia() {
    check_pairs(&[
        (
            "julia -e 'using Pkg; Pkg.Registry.update()'",
            "julia -e 'using Pkg; Pkg.Registry.status()'",
        ),
        (
            "julia -e 'using JuliaFormatter; format(\".\")'",
            "julia --project -e 'using JuliaFormatter; exit(format(\".\"; overwrite=false) ? 0 : 1)'",
        ),
        (
            "julia -e 'using JuliaFormatter; format(\"src\"; style=BlueStyle())'",
            "julia -e 'using JuliaFormatter; println(format_text(read(\"src/parse.jl\", String)))'",
        ),
        (
            "julia -e 'using JuliaFormatter; format_file(\"src/parse.jl\")'",
            "julia -e 'using JuliaFormatter; format_file(\"src/parse.jl\"; overwrite=false)'",
        ),
        (
            "julia -e 'import JuliaFormatter; JuliaFormatter.format(\"src\")'",
            "julia -e 'using Printf; Printf.format(stdout, Printf.Format(\"%d\"), 1)'",
        ),
        (
            "julia --project -e 'using Documenter, ShopModels; doctest(ShopModels; fix=true)'",
            "julia --project -e 'using Documenter, ShopModels; doctest(ShopModels)'",
        ),
        (
            "julia --project=docs -e 'using Documenter, Shop; makedocs(sitename=\"Shop\", doctest=:fix)'",
            "julia --project=docs -e 'using Documenter, Shop; doctest(Shop; fix=false)'",
        ),
    ]);
}

/// Twenty-second blind batch: inline R (testthat snapshots, devtools'
/// README, desc, covr reports, styler's dry runs).
#[test]
fn hs22_r() {
    check_pairs(&[
        (
            "Rscript -e 'testthat::snapshot_accept(\"plot_orders\")'",
            "Rscript -e 'testthat::test_local()'",
        ),
        (
            "Rscript -e 'devtools::build_readme()'",
            "Rscript -e 'devtools::test(filter = \"parse_order\")'",
        ),
        (
            "Rscript -e 'desc::desc_set_version(\"0.5.0\")'",
            "Rscript -e 'desc::desc_get_deps()'",
        ),
        (
            "Rscript -e 'desc::desc_bump_version(\"minor\")'",
            "Rscript -e 'desc::desc_get_version()'",
        ),
        (
            "Rscript -e 'covr::report(file = \"/tmp/coverage.html\", browse = FALSE)'",
            "Rscript -e 'covr::percent_coverage(covr::package_coverage())'",
        ),
        (
            "Rscript -e 'styler::style_pkg()'",
            "Rscript -e 'styler::style_pkg(dry = \"on\")'",
        ),
        (
            "Rscript -e 'styler::style_file(\"R/plot.R\", dry = \"off\")'",
            "Rscript -e 'styler::style_file(\"R/plot.R\", dry = \"fail\")'",
        ),
    ]);
}

/// `call_command` with its arguments spread from a literal list or dict:
/// the options in them are the command's (`**{'output': F}` is
/// `--output=F`), not one argument only known at run time.
#[test]
fn review6_call_command_spread_arguments() {
    check_pairs(&[
        (
            "python manage.py shell -c \"call_command('dumpdata', 'orders', **{'output': 'o.json'})\"",
            "python manage.py shell -c \"call_command('dumpdata', 'orders', **{'indent': 2})\"",
        ),
        (
            "python manage.py shell -c \"call_command('dumpdata', 'orders', *['-o', 'o.json'])\"",
            "python manage.py shell -c \"call_command('dumpdata', *['orders', '--indent', '2'])\"",
        ),
        (
            "python manage.py shell -c \"call_command('dumpdata', 'orders', **dict(output='o.json'))\"",
            "python manage.py shell -c \"call_command('dumpdata', 'orders', **dict(indent=2))\"",
        ),
        (
            "python manage.py shell -c \"call_command('makemigrations', *('orders',))\"",
            "python manage.py shell -c \"call_command('makemigrations', *('orders',), **{'dry_run': True})\"",
        ),
    ]);
}

/// A dict key spread into `call_command` is not shell text: `#` in one
/// does not hide the options after it.
#[test]
fn review6_call_command_dict_key_not_shell() {
    check_pairs(&[(
        "python manage.py shell -c \"call_command('dumpdata', 'orders', **{'x #': 1, 'output': 'o.json'})\"",
        "python manage.py shell -c \"call_command('dumpdata', 'orders', **{'indent': 2})\"",
    )]);
    // nested spreads are bounded
    let deep = format!(
        "python -c \"call_command('check', {}'x'{})\"",
        "*[".repeat(3000),
        "]".repeat(3000)
    );
    let _ = analyse(&deep);
}

/// Tools judged by the general rules' verbs whose verb prints with an
/// option: `flux create|install --export` prints the manifests, `skaffold
/// fix` and `skaffold render` print unless told where to write.
#[test]
fn review6_verbs_tools_that_print() {
    check_pairs(&[
        (
            "flux create source git podinfo --url=https://github.com/x/podinfo",
            "flux create source git podinfo --url=https://github.com/x/podinfo --export",
        ),
        ("flux install", "flux install --export"),
        ("skaffold fix --overwrite", "skaffold fix"),
        ("skaffold render -o out.yaml", "skaffold render"),
        ("skaffold init", "skaffold diagnose"),
        ("skaffold config set default-repo x", "skaffold config list"),
    ]);
}

/// `cmake --build DIR --target A B…` builds several targets: a target
/// that formats, cleans or installs among them writes.
#[test]
fn review6_cmake_several_targets() {
    check_pairs(&[
        (
            "cmake --build build --target all format",
            "cmake --build build --target all tests",
        ),
        (
            "cmake --build build -t all clang-format",
            "cmake --build build -t all",
        ),
        (
            "cmake --build build -t app clean",
            "cmake --build build -t app",
        ),
        (
            "cmake --build build --target app install",
            "cmake -S format -B build",
        ),
    ]);
}

/// Compose's options before its subcommand that take a value
/// (`--project-directory DIR`) are not the subcommand; `config -o FILE`
/// writes the resolved file. pm2's `ecosystem` is `init`; doctl's
/// `auth init` saves the token, `kubeconfig remove` edits the kube config.
#[test]
fn review6_compose_pm2_doctl() {
    check_pairs(&[
        (
            "docker-compose --project-directory svc cp web:/app/log.txt ./log.txt",
            "docker-compose --project-directory svc cp ./log.txt web:/app/log.txt",
        ),
        (
            "docker compose --ansi never cp web:/app/log.txt ./log.txt",
            "docker compose --ansi never ps",
        ),
        (
            "docker-compose config -o resolved.yml",
            "docker-compose config",
        ),
        (
            "podman-compose config --output resolved.yml",
            "podman-compose config --services",
        ),
        ("pm2 ecosystem", "pm2 ls"),
        ("doctl auth init", "doctl auth list"),
        (
            "doctl kubernetes cluster kubeconfig remove prod",
            "doctl kubernetes cluster kubeconfig show prod",
        ),
    ]);
}

/// pprof fetches a profile from `host:port/debug/pprof/…` without a
/// scheme too, and saves it under ~/pprof; the standalone `pprof` is the
/// same tool.
#[test]
fn review6_pprof_without_scheme() {
    check_pairs(&[
        (
            "go tool pprof -top localhost:6060/debug/pprof/heap",
            "go tool pprof -top heap.pb.gz",
        ),
        (
            "pprof -top http://localhost:6060/debug/pprof/profile?seconds=5",
            "pprof -top cpu.prof",
        ),
        (
            "pprof -output out.txt -text cpu.prof",
            "pprof -text cpu.prof",
        ),
    ]);
}

/// A `call_command` argument written as adjacent literals or with a
/// string prefix is still that string (`'-' 'o'` is `-o`, `r'-o'` too).
#[test]
fn review6_call_command_string_forms() {
    check_pairs(&[
        (
            "python manage.py shell -c \"call_command('dumpdata', 'orders', '-' 'o', 'o.json')\"",
            "python manage.py shell -c \"call_command('dumpdata', 'orders', '--in' 'dent', '2')\"",
        ),
        (
            "python manage.py shell -c \"call_command('dumpdata', 'orders', r'-o', 'o.json')\"",
            "python manage.py shell -c \"call_command('dumpdata', r'orders')\"",
        ),
        (
            "python manage.py shell -c \"call_command('make' 'migrations')\"",
            "python manage.py shell -c \"call_command(u'show' 'migrations')\"",
        ),
    ]);
}

/// `call_command` through a module alias is Django's too.
#[test]
fn review6_call_command_module_alias() {
    check_pairs(&[(
        "python -c 'from django.core import management as mg; mg.call_command(\"migrate\")'",
        "python -c 'from django.core import management as mg; mg.call_command(\"showmigrations\")'",
    )]);
}

/// Tools judged by their verbs: an option before the subcommand that
/// takes a value is not the subcommand (`cdk --profile prod init`);
/// heroku's colon subcommands that write here (`plugins:install`,
/// `git:clone`, `pg:backups:download`); `cdk context --clear|--reset`
/// edits cdk.context.json.
#[test]
fn review6_verbs_tools_options() {
    check_pairs(&[
        (
            "cdk --profile prod init app --language typescript",
            "cdk --profile prod diff",
        ),
        ("cdk -a 'node app.js' init", "cdk -a 'node app.js' synth"),
        ("cdk context --clear", "cdk context"),
        ("cdk context --reset vpc-provider:1", "cdk context --json"),
        ("astro --root site add react", "astro --root site check"),
        ("minikube -p dev update-context", "minikube -p dev status"),
        ("heroku plugins:install heroku-repo", "heroku plugins"),
        ("heroku git:clone -a shop", "heroku apps:info -a shop"),
        (
            "heroku pg:backups:download -a shop",
            "heroku pg:backups -a shop",
        ),
    ]);
}

/// `diffsettings --output unified|hash` names a format, also from
/// `call_command(…, output='unified')`.
#[test]
fn review6_diffsettings_output_format() {
    check_pairs(&[
        (
            "python manage.py dumpdata --output data.json",
            "python manage.py diffsettings --output unified",
        ),
        (
            "python manage.py shell -c \"call_command('dumpdata', output='d.json')\"",
            "python manage.py shell -c \"call_command('diffsettings', output='unified')\"",
        ),
    ]);
}

/// `call_command` takes an option by its destination's name too:
/// `check_changes=True` is makemigrations' `--check`, `check_unapplied`
/// migrate's.
#[test]
fn review6_call_command_dest_names() {
    check_pairs(&[
        (
            "python manage.py shell -c \"call_command('makemigrations')\"",
            "python manage.py shell -c \"call_command('makemigrations', check_changes=True)\"",
        ),
        (
            "python manage.py shell -c \"call_command('migrate')\"",
            "python manage.py shell -c \"call_command('migrate', check_unapplied=True)\"",
        ),
    ]);
}

/// Twenty-fourth blind batch: Python packaging and cleaning tools (`uv
/// build -o`, `wheel`, `pyclean`) and version pins (`pyenv local` alone
/// prints the version).
#[test]
fn py24_packaging() {
    check_pairs(&[
        // the sdist and wheel in dist/: a package, as `poetry build`'s
        // and `python -m build`'s (the fifteenth batch's decision)
        ("uv build -o /tmp/dist", "uv build --help"),
        ("uv build --wheel", "uv tree"),
        ("uv build --out-dir dist/ --sdist", "uv build --help"),
        (
            "wheel unpack dist/shop-1.4.0-py3-none-any.whl -d /tmp/unpacked",
            "wheel version",
        ),
        ("wheel pack /tmp/unpacked/shop-1.4.0 -d dist", "wheel help"),
        ("pyclean .", "pyclean --dry-run ."),
        ("pyenv local 3.11.10", "pyenv local"),
        ("pyenv global 3.12.7", "pyenv global"),
        ("pyenv local --unset", "pyenv versions"),
        ("rbenv local 3.3.0", "rbenv local"),
    ]);
}

/// Twenty-fourth blind batch: Django tools (django-upgrade, migrations
/// optimised in place, django-extensions' model graphs, code fed to
/// `manage.py shell` on its standard input).
#[test]
fn py24_django() {
    check_pairs(&[
        (
            "django-upgrade --target-version 5.0 $(git ls-files -- '*.py')",
            "django-upgrade --help",
        ),
        (
            "python manage.py optimizemigration orders 0013",
            "python manage.py optimizemigration orders 0013 --check",
        ),
        (
            "python manage.py graph_models -a -o /tmp/models.png",
            "python manage.py graph_models -a --dot",
        ),
        (
            "python manage.py shell <<'EOF'\nfrom catalog.models import Product\nimport json\njson.dump(list(Product.objects.values(\"sku\", \"price\")), open(\"/tmp/prices.json\", \"w\"))\nEOF",
            "python manage.py shell <<'EOF'\nfrom catalog.models import Product\nprint(Product.objects.count())\nEOF",
        ),
        (
            "./manage.py shell <<< 'open(\"/tmp/x\", \"w\").write(\"1\")'",
            "./manage.py shell <<< 'print(1)'",
        ),
        (
            "echo 'import os; os.remove(\"db.sqlite3\")' | django-admin shell",
            "echo 'print(1)' | django-admin shell",
        ),
    ]);
}

/// Twenty-fourth blind batch: type checkers' and coverage tools' report
/// files, pyright's stubs, `python -m trace`'s annotated listings.
#[test]
fn py24_reports() {
    check_pairs(&[
        ("mypy src --junit-xml reports/mypy.xml", "mypy src"),
        ("mypy --html-report /tmp/mypy-html src", "mypy --strict src"),
        ("mypy --cobertura-xml-report reports src", "mypy -p shop"),
        (
            "pyright --createstub boto3",
            "pyright --verifytypes shop --ignoreexternal",
        ),
        (
            "diff-cover coverage.xml --compare-branch=origin/main --html-report /tmp/diffcov.html",
            "diff-cover coverage.xml --compare-branch=origin/main",
        ),
        (
            "python -m trace --count -C /tmp/tracecov --missing app/cli.py",
            "python -m trace --trace app/cli.py",
        ),
        (
            "python3 -m trace -c -m app/cli.py",
            "python3 -m trace --listfuncs app/cli.py",
        ),
    ]);
}

/// Twenty-fourth blind batch: tox and nox environments named like
/// formatters, pytest options forwarded after `--`, `tox devenv`; every
/// `pre-commit run` (see the table).
#[test]
fn py24_runners() {
    check_pairs(&[
        ("tox -e format", "tox -e py312"),
        ("tox -e lint-fix", "tox -e docs"),
        (
            "nox -s format -- src",
            "nox -s tests-3.12 -- tests/test_orders.py",
        ),
        (
            "tox -e py312 -- --snapshot-update",
            "tox -e py311,py312 -- -k \"not slow\"",
        ),
        (
            "nox -s tests -- --junitxml=/tmp/nox-junit.xml",
            "nox -s tests",
        ),
        ("tox devenv -e py312 .venv", "tox config -e py312 -k deps"),
        ("tox run -e fmt", "tox -l"),
        ("pre-commit run --all-files", "pre-commit validate-config"),
        (
            "pre-commit run ruff-format --files src/shop/api.py",
            "pre-commit run --help",
        ),
    ]);
}

/// Twenty-fourth blind batch: celery's schedule, log, pid and state files.
#[test]
fn py24_celery() {
    check_pairs(&[
        ("celery -A shop beat -l info", "celery -A shop beat --help"),
        (
            "celery -A shop beat -s /tmp/celerybeat-schedule",
            "celery -A shop beat -S django -l info",
        ),
        (
            "celery -A shop worker -l debug --logfile=/tmp/celery-worker.log",
            "celery -A shop worker -l info -Q default,emails",
        ),
        (
            "celery -A shop worker -B -l info",
            "celery -A shop inspect active",
        ),
        (
            "celery multi start w1 -A shop --pidfile=/var/run/celery/%n.pid --logfile=/var/log/celery/%n%I.log",
            "celery multi show w1 -A shop",
        ),
        (
            "celery -A shop beat -S django --logfile /tmp/beat.log",
            "celery -A shop report",
        ),
    ]);
}

/// Twenty-fourth blind batch: inline Python that creates a SQLite
/// database's tables with SQLAlchemy, logs to a file, compiles to a named
/// file.
#[test]
fn py24_inline_python() {
    check_pairs(&[
        (
            "python -c \"from sqlalchemy import create_engine; from app.models import Base; Base.metadata.create_all(create_engine('sqlite:///dev.db'))\"",
            "python -c \"from sqlalchemy import create_engine; from app.models import Base; Base.metadata.create_all(create_engine('sqlite://'))\"",
        ),
        (
            "python -c \"import logging; logging.basicConfig(filename='/tmp/debug.log'); logging.warning('probe')\"",
            "python -c \"import logging; logging.basicConfig(level=logging.DEBUG); logging.warning('probe')\"",
        ),
        (
            "python -c \"import logging; logging.getLogger().addHandler(logging.FileHandler('app.log'))\"",
            "python -c \"import logging; logging.getLogger().addHandler(logging.StreamHandler())\"",
        ),
        (
            "python -c \"import py_compile; py_compile.compile('app/main.py', cfile='/tmp/main.pyc')\"",
            "python -c \"import py_compile; py_compile.compile('app/main.py', doraise=True)\"",
        ),
    ]);
}

/// Twenty-third blind batch: JavaScript package managers (pnpm
/// self-update, yarn plugins and `yarn version check`, `-u` handed to the
/// test runner through `pnpm test`, `yarn test`, `turbo run`).
#[test]
fn js23_package_managers() {
    check_pairs(&[
        ("pnpm self-update", "pnpm outdated"),
        (
            "pnpm test -- -u",
            "pnpm test -- --run src/lib/orders.test.ts",
        ),
        ("yarn test -u", "yarn test --watchAll=false"),
        (
            "npx turbo run test -- -u",
            "npx turbo run test -- --coverage",
        ),
        ("turbo test -- --update", "turbo test --filter=web"),
        (
            "yarn plugin import @yarnpkg/plugin-workspace-tools",
            "yarn plugin list",
        ),
        (
            "yarn plugin remove @yarnpkg/plugin-exec",
            "yarn plugin runtime",
        ),
        ("yarn version check --interactive", "yarn version check"),
        ("yarn version apply", "yarn version apply --dry-run"),
        (
            "yarn workspace app version patch",
            "yarn workspace app version check",
        ),
        ("yarn version patch", "yarn why react"),
    ]);
}

/// Twenty-third blind batch: codemods rewrite the files they are given
/// unless a dry run; migrations of config and code.
#[test]
fn js23_codemods() {
    check_pairs(&[
        (
            "npx jscodeshift -t ./codemods/rename-prop.ts --parser=tsx --extensions=tsx,ts src/",
            "npx jscodeshift --dry -t ./codemods/rename-prop.ts --parser=tsx src/",
        ),
        (
            "npx jscodeshift -t t.js -p src",
            "npx jscodeshift -d -p -t t.js src",
        ),
        (
            "npx @next/codemod@latest next-async-request-api .",
            "npx @next/codemod@latest next-async-request-api . --dry --print",
        ),
        (
            "npx @next/codemod@canary upgrade latest",
            "npx @next/codemod --help",
        ),
        (
            "npx @turbo/codemod@latest migrate",
            "npx @turbo/codemod@latest migrate --dry",
        ),
        (
            "pnpm dlx @mui/codemod@latest v5.0.0/preset-safe src",
            "pnpm dlx @mui/codemod@latest v5.0.0/preset-safe src --dry",
        ),
        (
            "npx types-react-codemod@latest preset-19 ./src",
            "npx types-react-codemod preset-19 ./src --dry",
        ),
        (
            "npx codemod react/19/replace-reactdom-render",
            "npx codemod react/19/replace-reactdom-render --dry-run",
        ),
        (
            "npx @tailwindcss/upgrade",
            "npx @tailwindcss/upgrade --help",
        ),
        (
            "yarn dlx @yarnpkg/sdks vscode",
            "yarn dlx @yarnpkg/sdks --help",
        ),
        (
            "npx @eslint/migrate-config .eslintrc.json",
            "npx @eslint/migrate-config --help",
        ),
        ("npx sv migrate svelte-5", "npx sv check"),
        (
            "npx storybook@latest upgrade",
            "npx storybook@latest upgrade --dry-run",
        ),
        (
            "npx storybook automigrate",
            "npx storybook automigrate --list",
        ),
        (
            "npx storybook migrate csf-2-to-3",
            "npx storybook migrate csf-2-to-3 -n",
        ),
        (
            "npx typeorm-ts-node-commonjs migration:generate src/migrations/AddOrderTotal -d src/data-source.ts",
            "npx typeorm-ts-node-commonjs migration:generate src/migrations/AddOrderTotal -d src/data-source.ts --dr",
        ),
        (
            "npx typeorm-ts-node-esm migration:run -d src/data-source.ts",
            "npx typeorm-ts-node-esm migration:show -d src/data-source.ts",
        ),
    ]);
}

/// Twenty-third blind batch: JavaScript tools' output files, config they
/// create and caches they delete.
#[test]
fn js23_tool_outputs() {
    check_pairs(&[
        ("npx biome init", "npx biome format ./src"),
        ("npx biome format --write ./src", "npx biome ci ."),
        ("npx jest --clearCache", "npx jest --showConfig"),
        (
            "npx playwright merge-reports --reporter html ./all-blob-reports",
            "npx playwright merge-reports --reporter list ./all-blob-reports",
        ),
        (
            "npx playwright merge-reports --reporter=blob,line ./all-blob-reports",
            "npx playwright merge-reports ./all-blob-reports",
        ),
        (
            "npx playwright codegen --save-storage=auth.json http://localhost:3000/login",
            "npx playwright codegen http://localhost:3000/login",
        ),
        (
            "npx playwright open --save-har=x.har example.com",
            "npx playwright open example.com",
        ),
        (
            "npx storybook build -o /tmp/storybook-static",
            "npx storybook build",
        ),
        (
            "npx changeset publish",
            "npx changeset publish --no-git-tag",
        ),
        (
            "npx auto-changelog --package",
            "npx auto-changelog --stdout",
        ),
        (
            "npx auto-changelog -o HISTORY.md",
            "npx auto-changelog --help",
        ),
        ("npx auth secret", "npx auth secret --raw"),
        (
            "npx sass src/styles/main.scss public/main.css",
            "npx sass src/styles/main.scss",
        ),
        (
            "sass src/scss:public/css",
            "sass -I node_modules src/a.scss",
        ),
        ("npx swc src -d dist", "npx swc src/index.ts"),
        (
            "npx swc src/index.ts -o dist/index.js",
            "npx swc src/index.ts -o -",
        ),
        ("npx orval --config orval.config.ts", "npx orval --help"),
        ("npx next-sitemap", "npx next-sitemap --help"),
        ("npx nuxi prepare", "npx nuxi info"),
        ("npx nuxi cleanup", "npx nuxi build"),
        ("npx nuxi upgrade --force", "npx nuxi typecheck"),
        (
            "npx nuxi module add @nuxtjs/i18n",
            "npx nuxi module search i18n",
        ),
        ("npx nuxi add page account/orders", "npx nuxi preview"),
        ("npx next telemetry disable", "npx next telemetry status"),
        ("npx next telemetry --enable", "npx next telemetry"),
        (
            "npx source-map-explorer 'dist/assets/*.js' --html /tmp/sme.html",
            "npx source-map-explorer 'dist/assets/*.js' --json",
        ),
        ("npx depcruise --init", "npx depcruise src --validate"),
        (
            "npx depcruise src -T dot -f deps.dot",
            "npx depcruise src -T dot -f -",
        ),
        ("npx lint-staged", "npx lint-staged --help"),
        (
            "npx prettier --write --list-different \"apps/**/*.{ts,tsx}\"",
            "npx prettier --list-different \"apps/**/*.{ts,tsx}\"",
        ),
        ("npx prettier -c --write src", "npx prettier -c src"),
    ]);
}

/// Twenty-first blind batch: local Kubernetes clusters and plugins. A
/// cluster created or deleted writes the kube config (a file); `kubectl
/// slice -o DIR` writes the split manifests.
#[test]
fn ops21_local_clusters() {
    check_pairs(&[
        (
            "kubectl slice -f all.yaml -o ./manifests",
            "kubectl slice -f all.yaml --stdout",
        ),
        (
            "kubectl slice -f all.yaml -o ./manifests",
            "kubectl slice -f all.yaml -o ./manifests --dry-run",
        ),
        (
            "kind export logs ./kind-logs --name dev",
            "kind get kubeconfig --name dev",
        ),
        ("kind export logs", "kind get clusters"),
        (
            "minikube start --driver=docker --memory=8g",
            "minikube status",
        ),
        ("minikube delete", "minikube start --dry-run"),
        ("minikube logs --file=minikube.log", "minikube logs"),
        (
            "k3d cluster create dev --agents 2 -p \"8080:80@loadbalancer\"",
            "k3d cluster list",
        ),
        (
            "k3d cluster delete dev",
            "k3d cluster create dev --kubeconfig-update-default=false",
        ),
        ("helmfile deps", "helmfile lint"),
        ("helmfile -e prod deps", "helmfile -e prod diff"),
    ]);
}

/// Twenty-first blind batch: image builds and scanners. `--cache-to
/// type=local`, `--metadata-file`, a buildx builder's files, `syft -o
/// FORMAT=FILE`, `grype --file`, `dive --json`.
#[test]
fn ops21_images() {
    check_pairs(&[
        (
            "docker buildx build --cache-to type=local,dest=/tmp/.buildx-cache --cache-from type=local,src=/tmp/.buildx-cache -t api:dev --load .",
            "docker buildx build --cache-from type=local,src=/tmp/.buildx-cache -t api:ci --load .",
        ),
        (
            "docker build --cache-to=type=local,dest=/tmp/cache .",
            "docker build --cache-to type=registry,ref=ghcr.io/acme/api:cache .",
        ),
        (
            "docker buildx build --metadata-file build-meta.json -t ghcr.io/acme/api:1 --push .",
            "docker buildx build --platform linux/amd64,linux/arm64 -t ghcr.io/acme/api:1 --push .",
        ),
        (
            "docker buildx create --name multi --driver docker-container --use",
            "docker buildx ls",
        ),
        ("docker buildx use multi", "docker buildx inspect multi"),
        (
            "syft dir:. -o cyclonedx-json=sbom.cdx.json",
            "syft dir:. -o cyclonedx-json",
        ),
        (
            "syft ghcr.io/acme/api:1.4 --file sbom.json",
            "syft ghcr.io/acme/api:1.4 -o table",
        ),
        (
            "grype ghcr.io/acme/api:1.4 -o json --file grype.json",
            "grype ghcr.io/acme/api:1.4 -o json",
        ),
        ("dive api:dev --ci --json dive.json", "dive api:dev --ci"),
    ]);
}

/// Twenty-first blind batch: ansible's fetch module copies files to this
/// machine (not in check mode); `ANSIBLE_LOG_PATH` names a log file.
#[test]
fn ops21_ansible() {
    check_pairs(&[
        (
            "ansible web -i inventory/prod -m ansible.builtin.fetch -a \"src=/var/log/nginx/error.log dest=./fetched/\"",
            "ansible web -i inventory/prod -m ansible.builtin.fetch -a \"src=/var/log/x dest=./fetched/\" --check",
        ),
        (
            "ansible all -m fetch -a 'src=/etc/hosts dest=hosts/'",
            "ansible all -m ping",
        ),
        (
            "ANSIBLE_LOG_PATH=./ansible.log ansible-playbook -i inventory/staging site.yml --check",
            "ansible-playbook -i inventory/staging site.yml --check",
        ),
    ]);
}

/// Twenty-first blind batch: cloud CLIs. Files they download or generate;
/// copies to a remote are not local writes, and `gsutil rsync -n` is a dry
/// run.
#[test]
fn ops21_cloud_clis() {
    check_pairs(&[
        (
            "aws cloudformation package --template-file template.yaml --s3-bucket b --output-template-file packaged.yaml",
            "aws cloudformation package --template-file template.yaml --s3-bucket b",
        ),
        (
            "az keyvault secret download --vault-name shop-kv --name tls-key --file tls.key",
            "az keyvault secret show --vault-name shop-kv --name db-password --query value -o tsv",
        ),
        (
            "az acr login --name shopregistry",
            "az acr login --name shopregistry --expose-token",
        ),
        (
            "az bicep build --file infra/main.bicep",
            "az bicep build --file infra/main.bicep --stdout",
        ),
        (
            "gsutil -m rsync -r gs://shop-assets ./assets",
            "gsutil -m rsync -r -n gs://shop-assets ./assets",
        ),
        ("gsutil cp -n gs://b/x.txt .", "gsutil cp x.txt gs://b/"),
        (
            "rclone sync r2:shop-site ./site",
            "rclone sync ./site r2:shop-site",
        ),
        (
            "rclone move ./out r2:archive",
            "rclone copy ./site r2:shop-site",
        ),
        (
            "rclone delete ./tmp-cache",
            "rclone delete r2:shop-site/old",
        ),
        (
            "rclone copy s3:shop-exports ./exports",
            "rclone copy s3:shop-exports ./exports --dry-run",
        ),
    ]);
}

/// Twenty-first blind batch: Nix out-links, profiles, local caches and
/// garbage collection; buildifier's `-lint=warn` still formats the files
/// (its mode is `fix` unless told otherwise).
#[test]
fn ops21_nix_bazel() {
    check_pairs(&[
        (
            "nix build .#dockerImage -o result-image",
            "nix build .#api --no-link",
        ),
        (
            "nix build .#api --out-link out/api",
            "nix build .#dockerImage --dry-run",
        ),
        ("nix-collect-garbage -d", "nix-collect-garbage -d --dry-run"),
        (
            "nix develop --profile /tmp/dev-profile -c true",
            "nix develop -c true",
        ),
        (
            "nix copy --to file:///tmp/nix-cache .#api",
            "nix copy --to ssh://builder .#api",
        ),
        (
            "nix copy --to=/mnt/store .#api",
            "nix copy --to s3://cache .#api",
        ),
        (
            "buildifier --lint=warn -r .",
            "buildifier --lint=warn -mode=check -r .",
        ),
        (
            "buildifier -lint=warn BUILD.bazel",
            "buildifier -mode=diff -lint=warn -r .",
        ),
    ]);
}

/// Twenty-first blind batch: Postgres and MongoDB tools: a base backup's
/// directory, a new data directory, mongodump's files (bare `--archive` is
/// standard output), JavaScript run by `mongosh --eval`.
#[test]
fn ops21_databases() {
    check_pairs(&[
        (
            "pg_basebackup -h db.internal -U replicator -D ./pgbackup -Ft -z -P",
            "pg_basebackup -h db.internal -U replicator -D - -Ft",
        ),
        ("initdb -D ./pgdata", "initdb --help"),
        ("initdb -U postgres ./pgdata", "pg_isready -h localhost"),
        (
            "mongodump --db shop --collection orders --archive=orders.archive --gzip",
            "mongodump --db shop --archive --gzip",
        ),
        ("mongodump --db shop", "mongodump --db shop --out -"),
        (
            "mongosh shop --quiet --eval 'require(\"fs\").writeFileSync(\"/tmp/stats.json\", JSON.stringify(db.stats()))'",
            "mongosh shop --quiet --eval 'db.users.updateMany({legacy: true}, {$set: {legacy: false}})'",
        ),
    ]);
}

/// Twenty-first blind batch: secrets and certificates. `sops FILE` edits
/// FILE (`-d`, `-e` print), `sops set`/`updatekeys` rewrite it; `step
/// certificate create` and `cfssljson` write certificates and keys.
#[test]
fn ops21_secrets_certs() {
    check_pairs(&[
        (
            "sops updatekeys -y secrets/prod.enc.yaml",
            "sops -d secrets/prod.enc.yaml",
        ),
        (
            "EDITOR=vim sops secrets/staging.enc.yaml",
            "sops -e secrets/plain.yaml",
        ),
        (
            "sops set secrets/prod.enc.yaml '[\"db\"][\"password\"]' '\"n3w-pass\"'",
            "sops -d --extract '[\"db\"][\"password\"]' secrets/prod.enc.yaml",
        ),
        (
            "sops -d -i secrets.yaml",
            "sops --decrypt --output /dev/stdout secrets/dev.enc.yaml",
        ),
        (
            "sops decrypt --in-place secrets.yaml",
            "sops decrypt secrets.yaml",
        ),
        (
            "sops -e --output secrets.enc.yaml secrets.yaml",
            "sops exec-env secrets.enc.env 'env'",
        ),
        (
            "step certificate create api.shop.internal api.crt api.key --profile leaf --ca ca.crt --ca-key ca.key --no-password --insecure",
            "step certificate inspect certs/api.crt --short",
        ),
        (
            "cfssl gencert -initca ca-csr.json | cfssljson -bare ca",
            "cfssl gencert -initca ca-csr.json | cfssljson -stdout",
        ),
        ("cfssljson -f resp.json -bare ca", "cfssljson -version"),
    ]);
}

/// Twenty-first blind batch: infrastructure as code and policy tools:
/// `terragrunt render-json`, `cdktf get`, `etcdctl snapshot save`, `opa fmt
/// -w`, `conftest pull`; `jsonnet -J DIR` names a library path, not a verb.
#[test]
fn ops21_iac_policy() {
    check_pairs(&[
        (
            "terragrunt render-json",
            "terragrunt hclfmt --terragrunt-check",
        ),
        ("cdktf get", "cdktf diff"),
        (
            "etcdctl snapshot save /tmp/etcd.db",
            "etcdctl get --prefix /registry/namespaces --keys-only",
        ),
        (
            "etcdctl --endpoints https://10.0.0.1:2379 snapshot save snap.db",
            "etcdctl --endpoints https://10.0.0.1:2379 snapshot status snap.db",
        ),
        ("opa fmt -w policies/", "opa fmt -l policies/"),
        ("opa fmt --write policies/x.rego", "opa fmt policies/x.rego"),
        (
            "conftest pull oci://ghcr.io/acme/policies:latest",
            "conftest test k8s/ --policy policies/",
        ),
        (
            "jsonnet -J vendor main.jsonnet -o out.json",
            "jsonnet -J vendor main.jsonnet",
        ),
        (
            "jsonnet -m out/ main.jsonnet",
            "jsonnet --jpath vendor -V env=prod main.jsonnet",
        ),
    ]);
}

/// Twenty-first blind batch: `skopeo copy` to a destination on this
/// machine (`dir:`, `oci:`, `oci-archive:`, `docker-archive:`); copies
/// between registries and from a local directory write nothing here.
#[test]
fn ops21_skopeo() {
    check_pairs(&[
        (
            "skopeo copy docker://ghcr.io/acme/api:1.4 oci-archive:api-1.4.tar",
            "skopeo copy oci-archive:api-1.4.tar docker://ghcr.io/acme/api:1.4",
        ),
        (
            "skopeo copy docker://docker.io/library/alpine:3.20 dir:/tmp/alpine",
            "skopeo copy dir:/tmp/alpine docker://ghcr.io/acme/alpine:3.20",
        ),
        (
            "skopeo --insecure-policy copy --src-creds u:p docker://a/b:1 oci:./layout:1",
            "skopeo copy docker://ghcr.io/acme/api:1.4.3 docker://123456789012.dkr.ecr.eu-west-1.amazonaws.com/api:1.4.3",
        ),
        (
            "skopeo copy docker://a/b:1 docker-archive:b.tar:b:1",
            "skopeo copy docker://a/b:1 containers-storage:b:1",
        ),
        (
            "skopeo sync --src docker --dest dir registry.example.com/busybox /media/usb",
            "skopeo sync --src docker --dest docker registry.example.com/busybox my-registry.local",
        ),
        (
            "skopeo copy --digestfile digest.txt docker://a/b:1 docker://c/b:1",
            "skopeo inspect docker://ghcr.io/acme/api:1.4",
        ),
        (
            "skopeo login ghcr.io",
            "skopeo list-tags docker://ghcr.io/acme/api",
        ),
    ]);
}

/// Twenty-first blind batch: an ansible module run on this machine
/// (`localhost`, `127.0.0.1`, `-c local`) writes here when it is a file
/// module, and `-m shell`/`command` runs its arguments here; on other
/// hosts, or under `--check`, nothing is written on this machine.
#[test]
fn ops21_ansible_local() {
    check_pairs(&[
        (
            "ansible localhost -m ansible.builtin.file -a \"path=/tmp/ansible-marker state=touch\"",
            "ansible web -m ansible.builtin.file -a \"path=/tmp/ansible-marker state=touch\"",
        ),
        (
            "ansible localhost -m copy -a \"src=files/motd dest=/tmp/motd\"",
            "ansible localhost -m copy -a \"src=files/motd dest=/tmp/motd\" --check",
        ),
        (
            "ansible all -c local -m template -a 'src=a.j2 dest=a.conf'",
            "ansible web -i inventory/prod -m copy -a 'src=files/nginx.conf dest=/etc/nginx/nginx.conf' -b --check",
        ),
        (
            "ansible localhost -m shell -a 'rm -rf build'",
            "ansible localhost -m shell -a 'df -h /'",
        ),
        (
            "ansible 127.0.0.1 -a 'touch x'",
            "ansible web -i inventory/prod -m shell -a 'rm -rf /tmp/x'",
        ),
        (
            "ansible localhost -bCm file -a 'path=x state=absent' --tree out",
            "ansible localhost -m setup",
        ),
    ]);
}

/// Twenty-first blind batch: `kubectl cp` into a pod (`[ns/]pod:path`,
/// kubectl's reading of a word with a colon) writes nothing here; out of a
/// pod, the local destination is written.
#[test]
fn ops21_kubectl_cp() {
    check_pairs(&[
        (
            "kubectl cp shop/db-0:/tmp/dump.sql ./dump.sql",
            "kubectl cp ./fixtures/seed.sql shop/db-0:/tmp/seed.sql",
        ),
        (
            "kubectl cp -c api shop/api-0:/tmp/heap.hprof /tmp/heap.hprof",
            "kubectl -n shop cp -c api ./x.txt api-0:/tmp/x.txt",
        ),
        (
            "oc cp web-0:/var/log/app.log ./app.log",
            "oc cp ./conf web-0:/etc/app/",
        ),
        ("kubectl config use-context prod", "kubectl get pods -A"),
    ]);
}

/// Twenty-sixth blind batch: Gradle's `clean*` tasks, publications to the
/// local Maven repository, the Android lint baseline.
#[test]
fn fx26_gradle_tasks() {
    check_pairs(&[
        (
            "./gradlew cleanTest test",
            "./gradlew test --tests com.acme.FooTest",
        ),
        ("gradle :app:clean", "gradle :app:dependencies"),
        (
            "./gradlew :lib:publishToMavenLocal -Pversion=1.4.0-SNAPSHOT",
            "./gradlew :lib:publish --dry-run",
        ),
        (
            "./gradlew publishMavenPublicationToMavenLocal",
            "./gradlew :lib:generatePomFileForMavenPublication -m",
        ),
        ("./gradlew updateLintBaseline", "./gradlew lint"),
        (
            "./gradlew :app:updateLintBaselineDebug",
            "./gradlew :app:lintDebug",
        ),
    ]);
}

/// Twenty-sixth blind batch: Maven plugin goals that write (the release
/// plugin's other goals, dependency goals with an output file or purging
/// ~/.m2, Quarkus extensions, OpenRewrite by its full coordinates).
#[test]
fn fx26_maven_goals() {
    check_pairs(&[
        ("mvn release:clean", "mvn release:help"),
        (
            "mvn release:branch -DbranchName=release/1.2 -B",
            "mvn help:effective-pom -B",
        ),
        (
            "mvn dependency:build-classpath -Dmdep.outputFile=cp.txt",
            "mvn dependency:build-classpath",
        ),
        (
            "mvn dependency:purge-local-repository -DmanualInclude=com.acme:common",
            "mvn dependency:tree -Dincludes=com.acme",
        ),
        (
            "mvn quarkus:add-extension -Dextensions='rest-jackson'",
            "mvn quarkus:list-extensions",
        ),
        (
            "./mvnw quarkus:remove-extension -Dextensions=kafka",
            "./mvnw quarkus:info",
        ),
        (
            "mvn org.openrewrite.maven:rewrite-maven-plugin:run -Drewrite.activeRecipes=org.openrewrite.java.migrate.jakarta.JavaxMigrationToJakarta",
            "mvn org.openrewrite.maven:rewrite-maven-plugin:dryRun -Drewrite.activeRecipes=org.openrewrite.java.migrate.jakarta.JavaxMigrationToJakarta",
        ),
        (
            "mvn -U org.openrewrite.maven:rewrite-maven-plugin:6.1.0:runNoFork",
            "mvn org.openrewrite.maven:rewrite-maven-plugin:6.1.0:discover",
        ),
        ("mvn rewrite:runNoFork", "mvn rewrite:dryRunNoFork"),
    ]);
}

/// Twenty-sixth blind batch: sbt's cross-built publications (`+task`) and
/// sbt-header's `headerCreate`; mill's `clean`.
#[test]
fn fx26_sbt_mill() {
    check_pairs(&[
        ("sbt +publishM2", "sbt +test"),
        ("sbt +core/publishLocal", "sbt +core/compile"),
        ("sbt headerCreate", "sbt headerCheck"),
        ("sbt Test/headerCreateAll", "sbt Test/headerCheckAll"),
        ("./mill clean", "./mill resolve __"),
        ("mill clean foo.compile", "mill foo.test"),
        ("mill foo.publishLocal", "mill show foo.compile"),
    ]);
}

/// Twenty-sixth blind batch: the JVM's output files (`kotlinc -d`, a
/// unified-logging file, `keytool -exportcert -file`).
#[test]
fn fx26_jvm_outputs() {
    check_pairs(&[
        (
            "kotlinc src/main/kotlin/Main.kt -include-runtime -d app.jar",
            "kotlinc src/main/kotlin/Main.kt -include-runtime",
        ),
        (
            "java -Xlog:gc*:file=/tmp/gc.log -jar build/libs/app.jar",
            "java -Xlog:gc*:stdout -jar build/libs/app.jar",
        ),
        (
            "java -Xlog:gc:gc.log:time,uptime -cp app.jar com.acme.Main",
            "java -Xlog:gc -cp app.jar com.acme.Main",
        ),
        (
            "java -Xloggc:gc.log -jar app.jar",
            "java -XX:+PrintGCDetails -jar app.jar",
        ),
        (
            "keytool -exportcert -alias upload -keystore release.jks -storepass changeit -file upload.der",
            "keytool -exportcert -rfc -alias upload -keystore release.jks -storepass changeit",
        ),
        (
            "keytool -certreq -alias server -keystore ks.jks -file server.csr",
            "keytool -printcert -file upload.der",
        ),
        (
            "keytool -importcert -alias ca -file ca.pem -keystore truststore.jks -noprompt",
            "keytool -printcertreq -file server.csr",
        ),
    ]);
}

/// Twenty-sixth blind batch: .NET (`dotnet script init`, `nuget pack`).
#[test]
fn fx26_dotnet() {
    check_pairs(&[
        ("dotnet script init", "dotnet script --version"),
        ("dotnet script new hello.csx", "dotnet script --info"),
        (
            "nuget pack Acme.Core.nuspec -OutputDirectory out",
            "nuget list Acme.Core -Source https://api.nuget.org/v3/index.json",
        ),
        ("nuget pack Acme.Core.csproj", "nuget help pack"),
    ]);
}

/// Twenty-sixth blind batch: Ruby and PHP tools (rswag, `gem unpack`,
/// `composer archive`, artisan's `package:discover` and `sail:*`, phpcs's
/// report file).
#[test]
fn fx26_ruby_php() {
    check_pairs(&[
        (
            "bundle exec rake rswag:specs:swaggerize",
            "bundle exec rake -T rswag",
        ),
        (
            "gem unpack rack -v 3.1.8 --target /tmp/gems",
            "gem contents rack -v 3.1.8",
        ),
        ("gem unpack rack", "gem specification rack"),
        (
            "composer archive --format=zip --dir=dist",
            "composer show --tree",
        ),
        ("php artisan package:discover --ansi", "php artisan about"),
        (
            "php artisan sail:install --with=mysql,redis",
            "php artisan route:list",
        ),
        (
            "vendor/bin/phpcs --report-file=phpcs-report.txt src",
            "vendor/bin/phpcs --standard=PSR12 --report=summary src",
        ),
    ]);
}

/// Twenty-sixth blind batch: `ruby -c` only checks the syntax: the code is
/// not run, from a pipe, a file or `-e`; without `-c`, code from a pipe is
/// still only known at run time.
#[test]
fn fx26_ruby_syntax_check() {
    check_pairs(&[
        (
            "erb -x -T - app/views/orders/_order.html.erb > compiled.rb",
            "erb -x -T - app/views/orders/_order.html.erb | ruby -c",
        ),
        (
            "ruby -e 'File.write(\"x\", \"y\")'",
            "ruby -ce 'File.write(\"x\", \"y\")'",
        ),
        (
            "ruby -i.bak -pe 'gsub(/a/, \"b\")' f.txt",
            "ruby -wc app/models/order.rb",
        ),
    ]);
    for cmd in [
        "erb -x -T - app/views/refunds/show.html.erb | ruby -c",
        "cat x.rb | ruby -c -",
        "ruby -c < app.rb",
    ] {
        let a = analyse(cmd);
        assert!(a.unparsable.is_none(), "{cmd}: {:?}", a.unparsable);
        assert!(a.writes.is_empty(), "{cmd}: {:?}", a.writes);
    }
    for cmd in ["erb -x -T - show.html.erb | ruby", "cat x.rb | ruby -w -"] {
        assert!(analyse(cmd).unparsable.is_some(), "{cmd}");
    }
}

/// Twenty-fifth blind batch: cargo plugins' subcommands that write
/// (manifests, configs, archives, coverage data, SBOMs, reinstalled
/// binaries), `cargo watch -x` running a writing cargo subcommand, and
/// `cargo make` tasks named like formatters or cleans.
#[test]
fn fx25_cargo_plugins() {
    check_pairs(&[
        ("cargo autoinherit", "cargo tree -d"),
        ("cargo deny init", "cargo deny check licenses"),
        ("cargo install-update -a", "cargo install-update -l"),
        (
            "cargo nextest archive --workspace --archive-file /tmp/tests.tar.zst",
            "cargo nextest run --archive-file /tmp/tests.tar.zst --workspace-remap .",
        ),
        (
            "cargo llvm-cov clean --workspace",
            "cargo llvm-cov --workspace --summary-only",
        ),
        ("cargo watch -x fmt -x test", "cargo watch -x check -x test"),
        (
            "cargo watch -x 'clippy --fix --allow-dirty'",
            "cargo watch -x 'fmt -- --check'",
        ),
        ("cargo make format", "cargo make test"),
        ("cargo make clean", "cargo make --list-all-steps"),
        ("cargo make fmt", "cargo make --print-steps format"),
        ("cargo dist init --yes", "cargo dist plan"),
        ("cargo dist generate", "cargo dist generate --check"),
        ("wasm-pack pack pkg", "wasm-pack test --node"),
        ("cargo cyclonedx --format json", "cargo cyclonedx --help"),
    ]);
}

/// Twenty-fifth blind batch: Go tools that write reports, test binaries,
/// generated code, rewritten imports and configs.
#[test]
fn fx25_go_tools() {
    check_pairs(&[
        (
            "go test -c ./internal/store",
            "go test -cover ./internal/store",
        ),
        (
            "go test -c -o bin/store.test ./internal/store",
            "go test -c -o /dev/null ./internal/store",
        ),
        (
            "gotestsum --junitfile junit.xml -- -race ./...",
            "gotestsum --format testname -- -race ./...",
        ),
        (
            "gotestsum --jsonfile out.json ./...",
            "gotestsum --format dots ./...",
        ),
        (
            "go generate -run stringer ./internal/order",
            "go generate -n -run stringer ./...",
        ),
        (
            "gci write --skip-generated -s standard -s default -s 'prefix(github.com/acme/shop)' .",
            "gci diff -s standard -s default .",
        ),
        ("golangci-lint migrate", "golangci-lint config verify"),
        (
            "golangci-lint run --output.json.path lint.json",
            "golangci-lint run --output.json.path stdout",
        ),
        (
            "golangci-lint run --output.junit-xml.path=reports/lint.xml ./...",
            "golangci-lint run --output.text.path=stderr ./...",
        ),
        ("mockery", "mockery showconfig"),
        ("cd cmd/shop && wire", "cd cmd/shop && wire check"),
        ("wire ./cmd/shop", "wire diff ./cmd/shop"),
        ("buf config init", "buf config ls-lint-rules"),
        (
            "ko build --push=false --tarball=/tmp/shop.tar ./cmd/shop",
            "ko build --push=false ./cmd/shop",
        ),
        (
            "KO_DOCKER_REPO=ghcr.io/acme ko build --image-refs=.ko-refs ./cmd/shop",
            "KO_DOCKER_REPO=ghcr.io/acme ko build ./cmd/shop",
        ),
        (
            "goose -dir db/migrations sqlite3 ./shop.db up",
            "goose -dir db/migrations sqlite3 ./shop.db status",
        ),
        (
            "goose -dir db/migrations sqlite3 ./shop.db down",
            "goose -dir db/migrations postgres 'user=app dbname=shop' up",
        ),
        (
            "migrate -path db/migrations -database sqlite3://shop.db up",
            "migrate -path db/migrations -database sqlite3://shop.db version",
        ),
        (
            "migrate -path db/migrations -database sqlite3://shop.db down 1",
            "migrate -path db/migrations -database postgres://localhost/shop up",
        ),
        (
            "gopls format -w internal/order/order.go",
            "gopls format internal/order/order.go | diff internal/order/order.go -",
        ),
        ("gopls imports -w main.go", "gopls imports -d main.go"),
    ]);
}

/// Twenty-fifth and twenty-seventh blind batches: images whose entrypoint
/// is buf or sqlc, with the work tree bind-mounted.
#[test]
fn fx25_image_entrypoints() {
    check_pairs(&[
        (
            "docker run --rm -v \"$PWD\":/workspace -w /workspace bufbuild/buf generate",
            "docker run --rm -v \"$PWD\":/workspace -w /workspace bufbuild/buf lint",
        ),
        (
            "docker run --rm -v \"$(pwd)\":/workspace -w /workspace bufbuild/buf generate",
            "docker run --rm -v \"$(pwd)\":/workspace:ro -w /workspace bufbuild/buf generate",
        ),
        (
            "docker run --rm -u \"$(id -u)\" -v \"$PWD\":/src -w /src sqlc/sqlc generate",
            "docker run --rm -v \"$PWD\":/src -w /src sqlc/sqlc vet",
        ),
    ]);
}

/// Twenty-seventh blind batch: Flutter's coverage file, Firebase's
/// emulator data exported to disk.
#[test]
fn fx27_flutter_firebase() {
    check_pairs(&[
        (
            "flutter test --coverage --coverage-path=/tmp/lcov.info",
            "flutter test --reporter expanded test/widget_test.dart",
        ),
        (
            "flutter test --coverage-path coverage/unit.info test/",
            "flutter test --update-goldens --help",
        ),
        (
            "firebase emulators:export ./emulator-data --force",
            "firebase emulators:start --import=./emulator-data",
        ),
        (
            "firebase --project demo emulators:export backup",
            "firebase --project demo emulators:start --only firestore",
        ),
        (
            "firebase emulators:start --import=./emulator-data --export-on-exit",
            "firebase emulators:exec --import=./emulator-data 'npm test'",
        ),
        (
            "firebase emulators:exec --export-on-exit=./data 'npm test'",
            "firebase projects:list",
        ),
    ]);
}

/// Twenty-seventh blind batch: i18n-tasks rewriting locale files.
#[test]
fn fx27_i18n_tasks() {
    check_pairs(&[
        (
            "bundle exec i18n-tasks normalize",
            "bundle exec i18n-tasks check-normalized",
        ),
        (
            "bundle exec i18n-tasks add-missing",
            "bundle exec i18n-tasks missing",
        ),
        ("i18n-tasks remove-unused -y", "i18n-tasks unused"),
        (
            "i18n-tasks translate-missing --from en",
            "i18n-tasks health",
        ),
        (
            "i18n-tasks mv 'old.key' 'new.key'",
            "i18n-tasks find 'users.*'",
        ),
        (
            "i18n-tasks rm 'old.*'",
            "i18n-tasks tree-translate --from en",
        ),
        ("i18n-tasks data-write tree.yml", "i18n-tasks data -l en"),
        ("i18n-tasks xlsx-report", "i18n-tasks eq-base de"),
    ]);
}

/// Twenty-seventh blind batch: grpcurl's reflected descriptors and
/// protos, lychee's request cache and report.
#[test]
fn fx27_grpcurl_lychee() {
    check_pairs(&[
        (
            "grpcurl -plaintext -protoset-out /tmp/reflected.protoset localhost:50051 describe payments.v1.PaymentService",
            "grpcurl -plaintext localhost:50051 describe payments.v1.PaymentService",
        ),
        (
            "grpcurl -plaintext -proto-out-dir ./protos localhost:50051 describe",
            "grpcurl -plaintext -d '{\"id\": 1}' localhost:50051 payments.v1.PaymentService/Get",
        ),
        (
            "grpcurl -plaintext --protoset-out=out.pb localhost:50051 list",
            "grpcurl -plaintext localhost:50051 list",
        ),
        (
            "lychee --cache --max-cache-age 1d --offline 'public/**/*.html'",
            "lychee --offline 'public/**/*.html'",
        ),
        (
            "lychee -o report.md --format markdown docs/",
            "lychee --max-cache-age 1d --no-progress README.md",
        ),
        (
            "lychee --cookie-jar cookies.json https://example.com",
            "lychee --dump docs/",
        ),
    ]);
}

/// Twenty-seventh blind batch: project tasks named like code generation,
/// files written out, caches cleared (docusaurus's standard scripts).
#[test]
fn fx27_task_names() {
    check_pairs(&[
        ("npm run clear", "npm run serve"),
        (
            "npm run write-translations -- --locale de",
            "npm run write-good",
        ),
        ("npm run write-heading-ids", "npm run typecheck"),
        ("yarn cache:clear", "yarn start"),
        ("make generate", "make test"),
        ("make gen-mocks", "make check-generated"),
        ("pnpm run codegen", "pnpm run verify-codegen"),
        ("just generate", "just lint"),
        ("task generate", "task generate:check"),
        ("npm run generate:types", "npm run check"),
        ("make regenerate", "make build"),
        ("turbo run generate", "turbo run build"),
        (
            "npx turbo codegen --filter=api",
            "npx turbo lint --filter=api",
        ),
        // a build tool's generation phases and tasks write build output
        ("gradle clean", "gradle generateProto"),
        ("mvn clean", "mvn generate-sources"),
    ]);
}

/// Review 7: a task named for the write-good linter, however spelt, and
/// the task runners' own file and directory options (their values are not
/// task names).
#[test]
fn review7_task_names() {
    check_pairs(&[
        ("make write-translations", "make write_good"),
        ("gulp generate", "gulp --gulpfile gen.js lint"),
        ("invoke generate", "invoke --collection tasks_gen test"),
        ("poe codegen", "poe -C codegen test"),
        ("doit generate", "doit --file dodo_gen.py test"),
        ("grunt generate", "grunt --gruntfile gen.js test"),
        // cargo-make's task given by `-t`/`--task`
        ("cargo make -t generate", "cargo make -t test"),
        ("cargo make --task fmt", "cargo make --task ci-flow"),
    ]);
}

/// Review 7: the JVM's log written to any file, not only a `.log` one.
#[test]
fn review7_java_xlog() {
    check_pairs(&[
        (
            "java -Xlog:gc:gc.txt -version",
            "java -Xlog:gc:stdout -version",
        ),
        (
            "java -Xlog:gc*:logs/gc -jar app.jar",
            "java -Xlog:gc*=debug:stderr:time,uptime,level,tags -version",
        ),
    ]);
}

/// Review 7: Go's flags take one dash or two (golang-migrate, goose).
#[test]
fn review7_go_flag_dashes() {
    check_pairs(&[
        (
            "migrate --path m --database=sqlite3://x.db up",
            "migrate --path m --database=postgres://h/db up",
        ),
        (
            "migrate --database sqlite3://x.db up",
            "migrate --database sqlite3://x.db version",
        ),
        (
            "goose --dir m sqlite3 ./db.sqlite up",
            "goose --dir m sqlite3 ./db.sqlite status",
        ),
        (
            "goose --table t sqlite3 ./db.sqlite up",
            "goose --table t sqlite3 ./db.sqlite version",
        ),
    ]);
}

/// Review 7: gotestsum hands the words after `--` to `go test`; its
/// `tool slowest` reads a `--jsonfile` (and `--skip-stmt` edits the tests).
#[test]
fn review7_gotestsum() {
    check_pairs(&[
        (
            "gotestsum -- -coverprofile=c.out ./...",
            "gotestsum -- -cover ./...",
        ),
        ("gotestsum -- -c ./pkg", "gotestsum -- -count=1 ./pkg"),
        (
            "gotestsum -- ./... -update",
            "gotestsum -- -run TestX ./...",
        ),
        (
            "gotestsum tool slowest --jsonfile x.json --skip-stmt testing.Short",
            "gotestsum tool slowest --jsonfile x.json --threshold 500ms",
        ),
    ]);
}

/// Twenty-ninth blind batch: wrappers that run their argv.
#[test]
fn fx29_wrappers() {
    check_pairs(&[
        (
            "runuser -u www-data -- touch /var/www/shop/storage/logs/laravel.log",
            "runuser -u www-data -- ls /var/www/shop/storage/logs",
        ),
        (
            "runuser -l deploy -c 'touch x'",
            "runuser -l deploy -c 'ls'",
        ),
        (
            "git ls-files | entr -d rsync -a ./ /tmp/mirror/",
            "git ls-files | entr -d rsync -an ./ /tmp/mirror/",
        ),
        (
            "ls *.c | entr -s 'make > build.log'",
            "ls *.c | entr -s 'make -n'",
        ),
        (
            "fakeroot tar -czf /tmp/pkg.tgz -C stage .",
            "fakeroot tar -tzf /tmp/pkg.tgz",
        ),
        ("fakeroot -s .fakeroot.state ls -l", "fakeroot ls -l"),
        (
            "aws-vault exec dev -- aws s3 cp s3://shop-assets/config.json ./config.json",
            "aws-vault exec dev -- aws s3 ls s3://shop-assets/",
        ),
        (
            "aws-vault exec -d 1h dev -- touch x",
            "aws-vault exec -d 1h dev -- aws sts get-caller-identity",
        ),
    ]);
}

/// Twenty-ninth blind batch: modes and options that decide whether an
/// archiver, a recorder or a git command writes.
#[test]
fn fx29_modes() {
    check_pairs(&[
        (
            "script --timing=/tmp/timing.txt -q -c 'make' /dev/null",
            "script -q -c 'make -n' /dev/null",
        ),
        (
            "find src | cpio -ov -F /tmp/src.cpio",
            "find src | cpio -ov | wc -c",
        ),
        (
            "find src | cpio -o -O /tmp/src.cpio",
            "cpio -t -F /tmp/src.cpio",
        ),
        (
            "cpio -i etc/fstab < initramfs.cpio",
            "cpio -i --to-stdout etc/fstab < initramfs.cpio",
        ),
        ("tar -rf release.tar notes.txt", "tar -df release.tar"),
        (
            "tar --delete -f release.tar a.txt",
            "tar --diff -f release.tar",
        ),
        ("tar cf release.tar src", "tar dvf release.tar"),
        ("git replace -d 1234abcd", "git replace -l"),
        ("git replace --graft HEAD~1", "git replace --list 'v*'"),
        (
            "git replace --convert-graft-file",
            "git replace --format=long",
        ),
        ("git am 0001-fix.patch", "git am --show-current-patch=diff"),
        ("git am --continue", "git am --show-current-patch"),
        ("go clean -cache", "go clean -n -cache"),
        (
            "fish -c 'set -Ux EDITOR vim'",
            "fish -c 'set -gx EDITOR vim'",
        ),
        (
            "fish -c 'set --universal fish_greeting'",
            "set -euo pipefail",
        ),
    ]);
}

/// Twenty-ninth blind batch: inline code whose only written file is a
/// literal `/dev/null`, `/dev/stdout`, `/dev/stderr` (PHP's `php://stdout`)
/// writes no file, as a redirection there does; another literal, or a
/// path only known at run time, is a file.
#[test]
fn fx29_inline_code_no_file() {
    check_pairs(&[
        (
            "python3 -c \"open('/tmp/x','w').write('x')\"",
            "python3 -c \"import sys; open('/dev/null','w').write('x'); print('ok')\"",
        ),
        (
            "python3 -c \"import sys; open(sys.argv[1],'w').write('x')\" out",
            "python3 -c \"open('/dev/stderr','a').write('x')\"",
        ),
        (
            "node -e \"require('fs').writeFileSync('out.txt', 'hello')\"",
            "node -e \"require('fs').writeFileSync('/dev/stdout', 'hello\\n')\"",
        ),
        (
            "node -e \"fs.appendFileSync(process.argv[1], 'x')\"",
            "node -e \"fs.createWriteStream('/dev/null').write('x')\"",
        ),
        (
            "perl -e 'open(my $fh, \">\", \"out.txt\"); print $fh \"x\"'",
            "perl -e 'open(my $fh, \">\", \"/dev/null\"); print $fh \"x\"; print \"ok\\n\"'",
        ),
        (
            "perl -e 'open(my $fh, \">\", \"/dev/null\" . $x)'",
            "perl -e 'open(F, \">/dev/stderr\"); print F \"x\"'",
        ),
        (
            "perl -e 'open(F, \">>log.txt\"); print F \"x\"'",
            "perl -e 'open(my $fh, \"<\", \"log.txt\")'",
        ),
        (
            "ruby -e 'File.open(\"out.txt\", \"w\") { |f| f.puts \"x\" }'",
            "ruby -e 'File.open(\"/dev/null\", \"w\") { |f| f.puts \"x\" }; puts \"ok\"'",
        ),
        (
            "ruby -e 'File.write(ARGV[0], \"x\")' out",
            "ruby -e 'File.write(\"/dev/stdout\", \"x\")'",
        ),
        (
            "php -r 'file_put_contents(\"out.txt\", \"hello\\n\");'",
            "php -r 'file_put_contents(\"php://stdout\", \"hello\\n\");'",
        ),
        (
            "php -r '$f = fopen(\"out.log\", \"a\");'",
            "php -r '$f = fopen(\"php://stderr\", \"w\"); fwrite($f, \"x\");'",
        ),
    ]);
}

/// Twenty-ninth blind batch: GNU sed's `e COMMAND` runs shell code; bash's
/// `/dev/tcp/HOST/PORT` and `/dev/udp/…` redirections are sockets.
#[test]
fn fx29_sed_e_and_sockets() {
    check_pairs(&[
        (
            "sed 'e touch /tmp/pwned' input.txt",
            "sed 'e date' input.txt",
        ),
        (
            "sed -e '1e rm -f x.txt' input.txt",
            "sed -e '1e ls -l' input.txt",
        ),
        ("sed '/^#/e echo hi > log.txt' in", "sed '/^#/e echo hi' in"),
        (
            "exec 3<>/var/run/app.sock.txt; printf 'PING' >&3",
            "exec 3<>/dev/tcp/localhost/6379; printf 'PING\\r\\n' >&3; timeout 1 head -c 7 <&3",
        ),
        (
            "echo hi > /devx/tcp/h/1",
            "echo hi > /dev/udp/127.0.0.1/514",
        ),
    ]);
}

/// Twenty-ninth blind batch: PHP's Phar archives, written by their
/// building and extracting methods (not by being opened and read).
#[test]
fn fx29_php_phar() {
    check_pairs(&[
        (
            "php -d phar.readonly=0 -r '$p = new Phar(\"/tmp/app.phar\"); $p->buildFromDirectory(\"src\");'",
            "php -r '$p = new Phar(\"/tmp/app.phar\"); foreach ($p as $f) echo $f, PHP_EOL;'",
        ),
        (
            "php -r '(new PharData(\"a.tar\"))->extractTo(\"out\");'",
            "php -r '$p = new PharData(\"a.tar\"); echo count($p);'",
        ),
        (
            "php -r '$p = new PharData(\"a.tar\"); $p->addFromString(\"x\", \"y\");'",
            "php -r '$p = new PharData(\"a.tar\"); echo $p->getPath();'",
        ),
    ]);
}

/// Twenty-ninth blind batch: bash's named descriptors (`{NAME}<FILE`,
/// `{NAME}>&2`) are redirections, not command words; `{NAME}>FILE` still
/// writes FILE.
#[test]
fn fx29_named_descriptors() {
    check_pairs(&[
        (
            "exec {fd}>/tmp/out.log; echo hi >&\"$fd\"",
            "exec {fd}</etc/os-release; cat <&\"$fd\"",
        ),
        ("exec {log}>>build.log", "exec {log}>&2"),
        ("{ echo a; } > x.txt", "{ echo a; } {fd}<&-"),
    ]);
}

/// Twenty-eighth blind batch: PlatformIO's clean targets and log2file
/// filter, arduino-cli's exported binaries, west's clean targets and pip
/// install, idf.py's writing actions (in the espressif/idf image too).
#[test]
fn fx28b_embedded_builds() {
    check_pairs(&[
        ("pio run -t clean", "pio run -t upload"),
        ("pio run -e esp32dev -t cleanall", "pio run -e esp32dev"),
        (
            "platformio run --target clean",
            "platformio run --target size",
        ),
        (
            "pio device monitor -b 115200 -f log2file",
            "pio device monitor -b 115200 -f colorize",
        ),
        (
            "arduino-cli compile --fqbn arduino:avr:uno --output-dir ./dist sketches/Blink",
            "arduino-cli compile --fqbn arduino:avr:uno sketches/Blink",
        ),
        (
            "arduino-cli compile -b arduino:avr:uno --export-binaries sketches/Blink",
            "arduino-cli compile -b arduino:avr:uno -u -p /dev/ttyACM0 sketches/Blink",
        ),
        (
            "west build -t clean",
            "west build -b nrf52840dk/nrf52840 app",
        ),
        ("west build -t pristine", "west build -t menuconfig"),
        ("west packages pip --install", "west packages pip"),
        ("idf.py fullclean", "idf.py build"),
        ("idf.py clean", "idf.py size"),
        (
            "idf.py python-clean",
            "idf.py -p /dev/ttyUSB0 flash monitor",
        ),
        ("idf.py set-target esp32s3", "idf.py size-components"),
        (
            "idf.py add-dependency \"espressif/led_strip^2.5.3\"",
            "idf.py -C fw build",
        ),
        ("idf.py update-dependencies", "idf.py reconfigure"),
        ("idf.py save-defconfig", "idf.py app"),
        (
            "idf.py create-project -p /home/dev/fw blink",
            "idf.py --version",
        ),
        (
            "idf.py create-component -C components sensor_bus",
            "idf.py -B build-s3 build",
        ),
        ("idf.py build fullclean", "idf.py build flash"),
        (
            "docker run --rm -v \"$PWD\":/project -w /project espressif/idf:v5.2 idf.py fullclean",
            "docker run --rm -v \"$PWD\":/project -w /project espressif/idf:v5.2 idf.py build",
        ),
    ]);
}

/// Twenty-eighth blind batch: flash read back into files, a binary
/// extracted after `cargo objcopy --`, serial consoles' logs.
#[test]
fn fx28b_flash_and_serial() {
    check_pairs(&[
        (
            "nrfjprog --readcode /tmp/nrf-code.hex -f NRF52",
            "nrfjprog --program fw.hex -f NRF52 --verify",
        ),
        (
            "nrfjprog --readuicr uicr.hex",
            "nrfjprog --memrd 0x10001080",
        ),
        ("picotool save -a /tmp/pico-flash.uf2", "picotool info -a"),
        (
            "picotool save -r 0x10000000 0x10010000 part.bin",
            "picotool load -x fw.uf2",
        ),
        (
            "cargo objcopy --release -- -O binary /tmp/app.bin",
            "cargo size --release -- -A",
        ),
        (
            "cargo objcopy --bin app -- -O ihex app.hex",
            "cargo objdump --bin app -- -d",
        ),
        (
            "picocom -b 115200 /dev/ttyACM0 --logfile /tmp/serial.log",
            "picocom -b 115200 /dev/ttyACM0",
        ),
        (
            "picocom -g serial.log -b 9600 /dev/ttyUSB0",
            "picocom -b 9600 /dev/ttyUSB0",
        ),
        (
            "minicom -D /dev/ttyUSB0 -b 115200 -C /tmp/capture.log",
            "minicom -D /dev/ttyUSB0 -b 115200",
        ),
        (
            "minicom --capturefile=cap.log -D /dev/ttyUSB0",
            "minicom -D /dev/ttyUSB0 -w",
        ),
        (
            "avrdude -c usbasp -p m328p -U flash:r:flash.hex:i",
            "avrdude -c usbasp -p m328p -U lfuse:r:-:h -U hfuse:r:-:h",
        ),
        (
            "avrdude -c usbasp -p m328p -U lfuse:r:-:h -U flash:r:/tmp/dump:r",
            "avrdude -c usbasp -p m328p -U flash:w:fw.hex:i",
        ),
    ]);
}

/// Twenty-eighth blind batch: HPC environments: conda and micromamba,
/// Slurm (`scontrol write batch_script`; the `-o` of squeue, sacct and
/// sinfo is a format), environment modules' collections, Fortran's fpm
/// and fprettify.
#[test]
fn fx28b_hpc() {
    check_pairs(&[
        ("conda rename -n sim sim-old", "conda list -n sim"),
        ("micromamba self-update", "micromamba env list"),
        (
            "scontrol write batch_script 812345",
            "scontrol write batch_script 812345 -",
        ),
        (
            "scontrol write batch_script 812345 job.sh",
            "scontrol show job 812345",
        ),
        ("module save hpc-default", "module load gcc/12 openmpi"),
        ("ml save hpc-default", "module savelist"),
        ("fpm clean --all", "fpm build --profile release"),
        ("fpm clean --skip", "fpm test"),
        (
            "fprettify -i 4 src/*.f90",
            "fprettify -i 4 --diff src/*.f90",
        ),
        ("fprettify -r src", "fprettify --stdout src/main.f90"),
        (
            "sbatch job.sh > id.txt",
            "squeue -u $USER -o \"%.18i %.9P %.30j %.8T %.10M %R\"",
        ),
        (
            "sacct -j 1 > acct.txt",
            "sacct -u $USER -S now-1days -o JobID,State,ExitCode",
        ),
        ("sinfo -N > nodes.txt", "sinfo -p gpu -o \"%P %a %l %D %G\""),
        ("sstat -j 1 > s.txt", "sstat -j 1 -o JobID,MaxRSS"),
    ]);
}

/// Twenty-eighth blind batch: Apple tooling (SwiftPM's cache, swiftc's
/// binary, simulators, fastlane match, installer packages, sips, actool).
#[test]
fn fx28a_apple() {
    check_pairs(&[
        ("swift package purge-cache", "swift package describe"),
        (
            "swiftc -O -o /tmp/bench Sources/Bench/main.swift",
            "swiftc -typecheck Sources/Bench/main.swift",
        ),
        (
            "xcrun simctl delete unavailable",
            "xcrun simctl list devices",
        ),
        (
            "bundle exec fastlane match development --readonly",
            "bundle exec fastlane lanes",
        ),
        (
            "pkgbuild --root build/root --identifier com.example.tool --version 1.0 dist/tool.pkg",
            "pkgutil --payload-files dist/tool.pkg",
        ),
        (
            "productbuild --distribution Distribution.xml --package-path dist dist/Tool-Installer.pkg",
            "pkgutil --check-signature dist/Tool-Installer.pkg",
        ),
        (
            "sips -Z 512 Marketing/*.png",
            "sips -g pixelWidth -g pixelHeight Marketing/*.png",
        ),
        (
            "sips -s format jpeg in.png --out out.jpg",
            "sips --getProperty format in.png",
        ),
        (
            "xcrun actool App/Assets.xcassets --compile /tmp/assets --platform iphoneos --minimum-deployment-target 15.0 --app-icon AppIcon --output-partial-info-plist /tmp/assets/partial.plist",
            "xcrun actool App/Assets.xcassets --print-contents",
        ),
    ]);
}

/// Twenty-eighth blind batch: Kotlin Multiplatform's Gradle tasks (the
/// Kotlin/JS yarn.lock, CocoaPods, SQLDelight's schema files).
#[test]
fn fx28a_kmp_gradle() {
    check_pairs(&[
        ("./gradlew kotlinUpgradeYarnLock", "./gradlew :shared:build"),
        ("./gradlew :shared:podInstall", "./gradlew :shared:tasks"),
        (
            "./gradlew :shared:generateCommonMainAppDatabaseSchema",
            "./gradlew :shared:verifyCommonMainAppDatabaseMigration",
        ),
    ]);
}

/// Twenty-eighth blind batch: game development (Unity Hub, Godot,
/// gdformat, SCons, Unreal's editor commandlets and UnrealPak).
#[test]
fn fx28a_gamedev() {
    check_pairs(&[
        (
            "unityhub -- --headless install-modules --version 2022.3.20f1 -m android",
            "unityhub -- --headless editors --installed",
        ),
        (
            "unityhub -- --headless install-path --set /opt/unity",
            "unityhub -- --headless install-path --get",
        ),
        (
            "unityhub -- --headless install --version 2022.3.20f1",
            "unityhub --version",
        ),
        ("godot --headless --import", "godot --headless --version"),
        (
            "godot --doctool docs/api",
            "godot --headless --check-only -s tool.gd",
        ),
        ("godot --dump-extension-api", "godot --help"),
        (
            "godot --headless --path . --convert-3to4",
            "godot --headless --path . --validate-conversion-3to4",
        ),
        (
            "gdformat scripts/ addons/inventory/",
            "gdformat --check scripts/ addons/inventory/",
        ),
        ("scons -C godot-cpp -c", "scons -C godot-cpp -c -n"),
        ("scons --clean", "scons -j4 platform=linux"),
        (
            "/home/dev/UE_5.3/Engine/Binaries/Linux/UnrealEditor-Cmd /home/dev/Shooter/Shooter.uproject -run=ResavePackages -fixupredirects -autocheckout",
            "/home/dev/UE_5.3/Engine/Binaries/Linux/UnrealEditor-Cmd /home/dev/Shooter/Shooter.uproject -run=CompileAllBlueprints",
        ),
        (
            "/home/dev/UE_5.3/Engine/Binaries/Linux/UnrealPak /tmp/Patch.pak -Create=/tmp/pak-filelist.txt",
            "/home/dev/UE_5.3/Engine/Binaries/Linux/UnrealPak /tmp/Patch.pak -List",
        ),
    ]);
}

/// Twenty-eighth blind batch: texture and mesh tools, and PIL's
/// `Image.save` in inline Python.
#[test]
fn fx28a_assets() {
    check_pairs(&[
        (
            "basisu -ktx2 -uastc -mipmap Assets/Textures/albedo.png -output_path build/textures/",
            "basisu -info Assets/Textures/albedo.ktx2",
        ),
        (
            "toktx --t2 --genmipmap --bcmp Assets/Textures/grass.ktx2 raw/grass.png",
            "toktx --version",
        ),
        (
            "ktx extract Assets/Textures/stone.ktx2 /tmp/stone.png",
            "ktx info Assets/Textures/stone.ktx2",
        ),
        (
            "nvcompress -bc7 raw/rock_albedo.png Assets/Textures/rock_albedo.dds",
            "nvddsinfo Assets/Textures/rock_albedo.dds",
        ),
        (
            "assimp export models/crate.fbx /tmp/crate.obj",
            "assimp info models/crate.fbx",
        ),
        (
            "TexturePacker --format unity-texture2d --sheet Assets/Atlas/ui.png --data Assets/Atlas/ui.tpsheet raw/ui/",
            "TexturePacker --version",
        ),
        (
            "python3 -c \"from PIL import Image; Image.open('raw/hero.png').convert('RGBA').save('Assets/Textures/hero.png')\"",
            "python3 -c \"from PIL import Image; print(Image.open('raw/hero.png').size)\"",
        ),
        (
            "python3 - <<'EOF'\nfrom PIL import Image\nimport glob\nfor p in glob.glob('Assets/Icons/*.png'):\n    im = Image.open(p)\n    im.thumbnail((128, 128))\n    im.save(p)\nEOF",
            "python3 - <<'EOF'\nfrom PIL import Image\nimport glob, io\nfor p in glob.glob('Assets/Icons/*.png'):\n    im = Image.open(p)\n    im.save(io.BytesIO(), 'PNG')\n    print(p, im.size)\nEOF",
        ),
    ]);
}

/// Twenty-eighth blind batch: `git lfs migrate info` only reports; `import`
/// and `export` rewrite history and the work tree.
#[test]
fn fx28a_git_lfs_migrate() {
    check_pairs(&[(
        "git lfs migrate import --everything --include='*.psd'",
        "git lfs migrate info --everything --top=10",
    )]);
}

/// Fix 28c: MATLAB and Octave inline code (`matlab -batch`, `-r`, `octave
/// --eval`): calls that write, in call and command syntax, against
/// look-alikes that only read or print.
#[test]
fn fx28c_matlab_octave() {
    check_pairs(&[
        (
            "matlab -batch \"results = runtests('tests'); save('/tmp/r.mat','results')\"",
            "matlab -batch \"results = runtests('tests'); disp(table(results))\"",
        ),
        (
            "matlab -batch \"matlab.addons.toolbox.packageToolbox('t.prj','dist/T.mltbx')\"",
            "matlab -batch \"matlab.addons.toolbox.toolboxVersion('dist/T.mltbx')\"",
        ),
        (
            "matlab -batch \"f = figure('Visible','off'); plot(1:10); exportgraphics(f,'l.png')\"",
            "matlab -batch \"f = figure('Visible','off'); plot(1:10); disp(f')\"",
        ),
        (
            "matlab -batch \"delete('cache/*.mat')\"",
            "matlab -batch \"h = figure; delete(h)\"",
        ),
        (
            "matlab -nodisplay -r \"print('-dpng', 'out.png'); exit\"",
            "matlab -nodisplay -r \"print('-dpng'); exit\"",
        ),
        (
            "matlab -r \"print -dpng out.png\"",
            "matlab -r \"print -dpng\"",
        ),
        (
            "matlab -batch \"fid = fopen('o.txt', 'W'); fclose(fid)\"",
            "matlab -batch \"fid = fopen('o.txt', 'r'); fclose(fid)\"",
        ),
        (
            "matlab -batch \"system('rm -rf build')\"",
            "matlab -batch \"system('ls build')\"",
        ),
        ("matlab -batch \"!touch x\"", "matlab -batch \"x = ~true\""),
        ("matlab -logfile run.log -batch ver", "matlab -batch ver"),
        (
            "octave --no-gui --eval \"pkg install -forge signal\"",
            "octave --no-gui --eval \"pkg list\"",
        ),
        (
            "octave --eval \"pkg('install', '-forge', 'signal')\"",
            "octave --eval \"pkg('load', 'signal')\"",
        ),
        (
            "octave-cli --eval \"A = magic(4); save('-ascii', '/tmp/A.txt', 'A')\"",
            "octave-cli --eval \"s = load('data/params.mat'); disp(fieldnames(s))\"",
        ),
        (
            "octave --eval \"csvwrite('results/summary.csv', rand(10,3))\"",
            "octave --eval \"disp(csvread('results/summary.csv'))\"",
        ),
        (
            "octave --eval \"mkdir('results/plots')\"",
            "octave --eval \"disp(isfolder('results/plots'))\"",
        ),
        (
            "octave --eval \"x = 1\nsave out.mat x\"",
            "octave --eval \"x = 1\nload out.mat x\"",
        ),
        (
            "octave --eval \"disp('it''s'); writematrix(A, 'a.csv') % save\"",
            "octave --eval \"disp('it''s save(1)') % save('x')\"",
        ),
    ]);
}

/// Fix 28c: HDF5 and netCDF tools (h5repack, h5clear, h5format_convert,
/// h5mkgrp; NCO's ncks, ncrcat, ncwa, ncatted, ncrename; cdo;
/// gdal_translate), xarray's `to_netcdf` and `to_zarr`.
#[test]
fn fx28c_hdf5_netcdf() {
    check_pairs(&[
        (
            "h5repack -f GZIP=6 output/run01.h5 /tmp/run01-gz.h5",
            "h5dump -H output/run01.h5",
        ),
        ("h5repack -i a.h5 -o b.h5", "h5repack --help"),
        (
            "h5clear -s output/run01.h5",
            "h5clear --filesize output/run01.h5",
        ),
        (
            "h5format_convert output/run01.h5",
            "h5format_convert -n output/run01.h5",
        ),
        (
            "h5mkgrp output/run01.h5 /diagnostics",
            "h5ls -r -v output/run01.h5",
        ),
        (
            "ncks -v temp,salt data/ocean.nc /tmp/ocean-ts.nc",
            "ncks -H -C -v lat -d lat,0,4 data/ocean.nc",
        ),
        ("ncks -m in.nc -o out.nc", "ncks -m data/ocean.nc"),
        (
            "ncatted -O -a units,temp,o,c,\"K\" data/ocean.nc",
            "ncks -M data/ocean.nc",
        ),
        (
            "ncrename -v t2m,temperature data/era5.nc",
            "ncks -m data/era5.nc",
        ),
        ("ncrcat data/daily_*.nc /tmp/all_days.nc", "ncrcat --help"),
        (
            "ncwa -a time data/era5.nc /tmp/era5-timemean.nc",
            "ncwa --help",
        ),
        (
            "cdo -f nc4 copy data/forecast.grb /tmp/forecast.nc",
            "cdo sinfo data/forecast.grb",
        ),
        (
            "cdo -O mergetime data/2023_*.nc /tmp/2023.nc",
            "cdo showname data/model.nc",
        ),
        (
            "cdo -O remapbil,r360x180 data/model.nc /tmp/model-1deg.nc",
            "cdo -s output -fldmean -selname,t2m data/era5.nc",
        ),
        (
            "gdal_translate -of GTiff NETCDF:\"data/dem.nc\":elevation /tmp/dem.tif",
            "gdalinfo NETCDF:\"data/dem.nc\":elevation",
        ),
        (
            "gdal_translate -b 1 in.tif out.tif",
            "gdal_translate --formats",
        ),
        (
            "python -c \"import xarray as xr; xr.open_dataset('e.nc').sel(time='2023-01').to_netcdf('/tmp/jan.nc')\"",
            "python -c \"import xarray as xr; print(xr.open_dataset('e.nc').to_netcdf())\"",
        ),
        (
            "python -c \"import xarray as xr; xr.open_dataset('e.nc').to_zarr(store='out.zarr')\"",
            "python -c \"import xarray as xr; print(xr.open_zarr('out.zarr'))\"",
        ),
    ]);
}

/// Fix 28c: workflow managers: snakemake's writing options against its
/// dry runs and listings, snakefmt in place, `nextflow clean -f`.
#[test]
fn fx28c_workflows() {
    check_pairs(&[
        ("snakemake --unlock", "snakemake -n"),
        ("snakemake --touch -c 1", "snakemake --touch -n -c 1"),
        (
            "snakemake --delete-all-output -c 1",
            "snakemake --delete-all-output --dry-run -c 1",
        ),
        (
            "snakemake --cleanup-metadata results/counts.tsv",
            "snakemake --summary -c 1",
        ),
        (
            "snakemake --report /tmp/report.html",
            "snakemake --list-rules",
        ),
        (
            "snakemake --conda-create-envs-only -c 4",
            "snakemake --lint",
        ),
        (
            "snakemake --archive /tmp/workflow.tar.gz",
            "snakemake --dry-run -p -c 1 results/x.tsv",
        ),
        (
            "snakefmt Snakefile rules/",
            "snakefmt --check Snakefile rules/",
        ),
        ("snakefmt Snakefile", "snakefmt --diff Snakefile"),
        (
            "nextflow clean -f -before last",
            "nextflow clean -n -before last",
        ),
        ("nextflow clean -f", "nextflow log last -f name,status"),
    ]);
}

#[test]
fn idf_merge_bin_output() {
    check_pairs(&[
        (
            "idf.py merge-bin -o /tmp/merged-flash.bin",
            "idf.py merge-bin",
        ),
        (
            "idf.py merge-bin --output dist/flash.bin",
            "idf.py -p /dev/ttyUSB0 flash monitor",
        ),
    ]);
}

#[test]
fn vim_in_ex_mode_that_only_prints_and_quits() {
    check_pairs(&[
        (
            "vim -es -i NONE -c '%s/foo/bar/ge' -c 'wq' main.c",
            "vim -es -i NONE -c '%s/foo/bar/ge' -c 'q!' main.c",
        ),
        (
            "vim -Es -c 'w /tmp/x' -c 'qa!' src/main.c",
            "vim -Es -i NONE -c '%print' -c 'qa!' src/main.c",
        ),
        (
            "vim -Es -c '%print' src/main.c",
            "vim -Es -n -i NONE -c 'g/\\s\\+$/number' -c 'q!' src/main.c",
        ),
        ("vim src/main.c", "vi -e -s +'%p' +'q!' f"),
        (
            "nvim --headless -es -c 'TSInstall rust' -c 'qa!'",
            "nvim -es -n -i NONE +'%print' +'q!' scripts/setup.sh",
        ),
        (
            "nvim --headless -c 'Lazy! sync' -c 'qa'",
            "vim -d a.txt b.txt",
        ),
    ]);
}

#[test]
fn thirtieth_batch_cleans_and_corepack() {
    check_pairs(&[
        ("pnpm -r run clean", "pnpm -r run build"),
        ("npm run clean", "npm run clean:check"),
        ("corepack pnpm install", "corepack pnpm list"),
        (
            "docker run --rm -v \"$PWD\":/app -w /app node:20 corepack pnpm install",
            "docker run --rm -v \"$PWD\":/app:ro -w /app node:20 corepack pnpm install",
        ),
        ("corepack enable", "corepack --version"),
    ]);
}

#[test]
fn thirty_first_batch_data_tools() {
    check_pairs(&[
        (
            "mlflow experiments csv -x 3 -o /tmp/exp3_runs.csv",
            "mlflow experiments csv -x 3",
        ),
        (
            "rclone config create r2 s3 provider Cloudflare",
            "rclone config show r2",
        ),
        (
            "nvidia-smi --query-gpu=utilization.gpu --format=csv -l 5 -f /tmp/gpu.csv",
            "nvidia-smi --query-gpu=utilization.gpu --format=csv",
        ),
        ("accelerate config default", "accelerate env"),
        (
            "hdfs dfs -get /warehouse/orders data/raw/orders",
            "hdfs dfs -ls /warehouse/orders",
        ),
        (
            "hadoop fs -copyToLocal /data/x ./x",
            "hadoop fs -put ./x /data/x",
        ),
        (
            "duckdb -c \"COPY (SELECT 1) TO 'out.csv' (HEADER)\"",
            "duckdb -c \"COPY (SELECT 1) TO '/dev/stdout' (HEADER)\"",
        ),
    ]);
}
