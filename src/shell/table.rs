//! The built-in table: what the commands coding agents run write, as data
//! (see `spec.rs` for the fields; users add commands in `config.toml` with
//! the same fields). Commands whose meaning needs code — shells, `eval`,
//! `source`, interpreters and their inline code, `sed`, `awk`, `find`,
//! `fd`, `xargs`, `parallel`, `tar`, `sqlite3`, `duckdb`, `psql`,
//! `pacman`, `pwsh`, `tclsh`, `emacs` in batch mode, `ex` and `ed` scripts,
//! `mlr` (Miller: its verbs and DSL expressions),
//! `sox` (its output is the last file before its effects) — are in
//! `classify.rs`; they are known commands too ([`CODE`]).
//!
//! The table is Rust data, not a file read at run time: parsing it would
//! cost more than a whole hook call (a 72 KB TOML document took ~7 ms to
//! parse on the build machine). Its name index is sorted at compile time.

use super::code::Lang::{self, Php, Python};
use super::compact::{
    CODE_NODE, Compact, Node, SpecRef, Table, compile, index, keys, sizes, top_names,
};
use super::spec::CodeArgs::{All, Each, First};
use super::spec::Targets::{Dest, From, Last, Nth};
use super::spec::{Spec, Targets, cmd, sub};

/// Names classified by code in `classify.rs`, not by the table.
#[rustfmt::skip]
pub(crate) const CODE: &[&str] = &[
    "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "posh", "rbash", "eval",
    "source", ".", "python", "pypy", "ipython", "node", "perl", "ruby", "php", "lua", "luajit",
    "Rscript", "R", "pwsh", "powershell", "powershell.exe", "pwsh.exe", "tclsh", "wish", "expect",
    "osascript", "irb", "elixir", "awk", "gawk", "mawk", "nawk", "sed", "gsed", "find", "gfind", "fd",
    "fdfind", "xargs", "gxargs", "parallel", "tar", "gtar", "bsdtar", "sqlite3", "duckdb",
    "pacman", "deno", "bun", "cd", "pushd", "popd", "chdir", "psql", "julia", "ex", "ed", "red",
    "emacs",
    "sox", "mlr", "miller", "mysql", "mariadb", "sftp", "gpg", "gpg2", "skopeo", "ansible", "kubectl", "oc",
    "vi", "vim", "nvim",
];

const A: Targets = Targets::All;

const SOPS_VALUES: &[&str] = &[
    "--extract",
    "--set",
    "--input-type",
    "--output-type",
    "--age",
    "-a",
    "--pgp",
    "-p",
    "--kms",
    "-k",
    "--gcp-kms",
    "--azure-kv",
    "--hc-vault-transit",
    "--config",
    "--encrypted-regex",
    "--unencrypted-regex",
    "--filename-override",
    "--indent",
];

const RCLONE_VALUES: &[&str] = &[
    "--config",
    "--include",
    "--exclude",
    "--filter",
    "--transfers",
];

/// `docker build`, `docker buildx build|bake`: `-o type=local,dest=DIR`,
/// the image ID and metadata files, a cache exported to a local directory.
const DOCKER_BUILD: Spec = sub(&["build"])
    .values(&[
        "-t",
        "--tag",
        "-f",
        "--file",
        "--build-arg",
        "--target",
        "--platform",
        "--cache-to",
        "--cache-from",
    ])
    .output(&["-o", "--output"])
    .files(&["--iidfile", "--metadata-file"])
    .write_flags(&["--cache-to=*type=local*"]);

/// sox's effects: the words after its output file (`sox IN OUT trim 0 10`;
/// see `classify::sox`).
#[rustfmt::skip]
pub(crate) const SOX_EFFECTS: &[&str] = &[
    "allpass", "band", "bandpass", "bandreject", "bass", "bend", "biquad", "channels", "chorus",
    "compand", "contrast", "dcshift", "deemph", "delay", "dither", "divide", "downsample",
    "earwax", "echo", "echos", "equalizer", "fade", "fir", "firfit", "flanger", "gain",
    "highpass", "hilbert", "ladspa", "loudness", "lowpass", "mcompand", "noiseprof", "noisered",
    "norm", "oops", "overdrive", "pad", "phaser", "pitch", "rate", "remix", "repeat", "reverb",
    "reverse", "riaa", "silence", "sinc", "spectrogram", "speed", "splice", "stat", "stats",
    "stretch", "swap", "synth", "tempo", "treble", "tremolo", "trim", "upsample", "vad", "vol",
];

/// sox's options that take a value (`-t wav`, `-r 22050`).
#[rustfmt::skip]
pub(crate) const SOX_VALUES: &[&str] = &[
    "-t", "--type", "-r", "--rate", "-b", "--bits", "-e", "--encoding", "-c", "--channels", "-C",
    "--compression", "-v", "--volume", "--buffer", "--input-buffer", "--comment",
    "--add-comment", "--comment-file", "--plot", "--effects-file", "--temp", "--replay-gain",
];

/// Environment settings that make the command they are given to write
/// files: snapshot and expected-output test libraries in update mode
/// (`INSTA_UPDATE=always cargo test`). Name, then the values that write
/// (none listed: any value, as expect-test reads `UPDATE_EXPECT`).
const WRITING_ENV: &[(&str, &[&str])] = &[
    ("INSTA_UPDATE", &["always", "1", "force", "new", "unseen"]),
    ("INSTA_FORCE_UPDATE", &["1"]),
    ("INSTA_FORCE_UPDATE_SNAPSHOTS", &["1"]),
    ("TRYCMD", &["overwrite", "dump"]),
    ("TRYBUILD", &["overwrite"]),
    ("SNAPSHOTS", &["overwrite"]),
    ("UPDATE_EXPECT", &[]),
    // the log file terraform (with `TF_LOG`) and packer write
    ("TF_LOG_PATH", &[]),
    ("PACKER_LOG_PATH", &[]),
    // ansible's log file
    ("ANSIBLE_LOG_PATH", &[]),
];

/// Does the assignment `w` (`NAME=VALUE`) make its command write?
pub(crate) fn writing_env(w: &str) -> bool {
    w.split_once('=').is_some_and(|(name, value)| {
        WRITING_ENV
            .iter()
            .any(|(n, values)| *n == name && (values.is_empty() || values.contains(&value)))
    })
}

/// Images whose entrypoint is a tool (`docker run hashicorp/terraform fmt`
/// runs `terraform fmt`): the image's name without its registry, tag or
/// digest, and the tool.
const IMAGE_ENTRYPOINTS: &[(&str, &str)] = &[
    ("hashicorp/terraform", "terraform"),
    ("hashicorp/packer", "packer"),
    ("mikefarah/yq", "yq"),
    ("mvdan/shfmt", "shfmt"),
    ("pandoc/core", "pandoc"),
    ("pandoc/latex", "pandoc"),
    ("pandoc/extra", "pandoc"),
    ("amazon/aws-cli", "aws"),
    ("aquasec/trivy", "trivy"),
    ("bufbuild/buf", "buf"),
    ("sqlc/sqlc", "sqlc"),
];

/// The tool an image runs as its entrypoint, if it is one of
/// [`IMAGE_ENTRYPOINTS`] (`docker.io/hashicorp/terraform:1.9`).
pub(crate) fn image_entrypoint(image: &str) -> Option<&'static str> {
    let name = image.split('@').next().unwrap_or(image);
    // a tag is after the last `/` (a registry may have a port)
    let name = match name.rsplit_once(':') {
        Some((n, tag)) if !tag.contains('/') => n,
        _ => name,
    };
    let name = ["docker.io/", "index.docker.io/"]
        .iter()
        .find_map(|r| name.strip_prefix(r))
        .unwrap_or(name);
    IMAGE_ENTRYPOINTS
        .iter()
        .find(|(i, _)| *i == name)
        .map(|(_, tool)| *tool)
}

/// Conventional make targets that install or delete files.
const MAKE_WRITE_TASKS: &[&str] = &[
    "install",
    "install-*",
    "uninstall",
    "clean",
    "clean-*",
    "distclean",
    "mostlyclean",
    "maintainer-clean",
    "realclean",
    "clobber",
];

/// Formatters and fixers share these read-only flags.
const CHECK: &[&str] = &["--check", "--diff", "--dry-run"];

/// tox environments and nox sessions named like formatters or fixers
/// (`tox -e format`, `nox -s lint-fix`), and pytest's write options handed
/// on after `--`.
const TOX_NOX_WRITES: &[&str] = &[
    "-e=*format",
    "-e=*fmt",
    "-e=*fix",
    "-s=*format",
    "-s=*fmt",
    "-s=*fix",
    "--session=*format",
    "--session=*fmt",
    "--session=*fix",
    "--sessions=*format",
    "--sessions=*fmt",
    "--sessions=*fix",
    "--snapshot-update",
    "--update-snapshots",
    "--force-regen",
    "--inline-snapshot=fix",
    "--junitxml*",
    "--junit-xml*",
    "--cov-report=html*",
    "--cov-report=xml*",
    "--cov-report=json*",
    "--cov-report=lcov*",
];

#[rustfmt::skip]
pub(crate) const TABLE: &[Spec] = &[
    // --- known commands that write nothing by themselves ---------------------
    cmd(&[
        ":", "true", "false", "echo", "printf", "test", "[", "pwd", "export", "unset",
        "shopt", "alias", "unalias", "type", "hash", "help", "read", "readonly", "declare",
        "typeset", "local", "let", "shift", "exit", "return", "break", "continue", "wait", "jobs",
        "fg", "bg", "disown", "kill", "killall", "pkill", "ulimit", "umask", "times", "getopts",
        "mapfile", "readarray", "compgen", "complete", "dirs", "logout", "ls", "dir", "vdir",
        "cat", "tac", "nl", "head", "tail", "more", "most", "wc", "grep", "egrep", "fgrep", "rg",
        "ag", "ack", "ugrep", "cut", "paste", "join", "comm", "diff", "diff3", "sdiff", "cmp",
        "colordiff", "delta", "difft", "file", "stat", "du", "df", "locate", "which", "whereis",
        "whatis", "apropos", "man", "info", "tldr", "date", "cal", "sleep", "printenv", "id",
        "whoami", "groups", "users", "who", "w", "last", "uname", "hostname", "uptime", "nproc",
        "lscpu", "lsblk", "lsusb", "lspci", "free", "vmstat", "iostat", "mpstat", "top", "htop",
        "btop", "ps", "pgrep", "pidof", "pstree", "lsof", "netstat", "ss", "ip", "ifconfig",
        "route", "ping", "traceroute", "tracepath", "mtr", "dig", "nslookup", "host", "whois",
        "nc", "ncat", "telnet", "ssh", "mosh", "realpath", "readlink", "dirname",
        "basename", "seq", "yes", "od", "hexdump", "hd", "strings", "nm", "objdump", "readelf",
        "ldd", "otool", "size", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum",
        "sha512sum", "b2sum", "shasum", "cksum", "sum", "base32", "basenc", "column", "fold",
        "fmt", "pr", "expand", "unexpand", "tr", "rev", "tsort", "numfmt", "factor", "bc", "dc",
        "expr", "jq", "gojq", "jaq", "jless", "fx", "xq", "csvlook", "csvcut", "csvstat",
        "bat", "batcat", "glow", "mdcat", "highlight", "pygmentize", "zcat", "zless",
        "zgrep", "zdiff", "bzcat", "xzcat", "zstdcat", "lz4cat", "zipinfo", "lsar", "tig",
        "getconf", "lsb_release", "arch", "tty", "stty", "tput", "clear", "reset",
        "getent", "ffprobe", "identify", "mediainfo", "pdfinfo", "soxi", "atq",
        "wslpath", "cygpath", "dmesg",
        "service", "findmnt", "mount", "blkid", "fdisk",
        "parted", "sensors", "pv", "ts", "ifne", "vipe", "combine", "isutf8", "errno", "pee",
        // builds, tests, linters and checkers: they write only build output
        "rustc", "clippy-driver", "rust-analyzer", "cargo-nextest", "pylint", "flake8", "pyflakes", "pycodestyle", "pydocstyle",
        "vulture", "radon", "xenon", "mocha", "ava", "karma",
        "minitest", "bats", "behave",
        "kotlin",
        "scalac", "scala", "ghci",
        "ocaml", "erl",
        "gcc-ar", "as", "shellcheck", "hadolint",
        "yamllint", "actionlint", "cspell", "vale", "proselint", "write-good", "alex",
        "staticcheck", "golint", "revive", "govulncheck", "errcheck", "ineffassign", "gosec",
        "cargo-deny", "cargo-audit", "cargo-outdated", "cargo-udeps", "cargo-bloat",
        "cargo-expand", "tfsec", "kubeval", "kubeconform",
        "spectral", "commitlint", "danger", "sonar-scanner", "luacheck",
        "credo", "reek", "htmlhint", "jshint", "jscs", "vue-tsc",
        "svelte-check", "vite", "webpack", "rollup", "esbuild", "parcel",
        "serve", "http-server", "live-server", "nodemon",
        "forever", "uvicorn", "hypercorn",
        "pg_isready", "curlie", "websocat", "wrk",
        "hey", "locust", "siege", "lighthouse", "k9s", "stern", "ansible-playbook",
        "crictl", "ctr",
        "lazydocker", "ctop", "spruce",
    ]),
    // command-line tools whose own subcommands are judged by the general
    // rules' verbs, as a known command's unlisted subcommand is (`astro
    // add`, `cdk init`, `vault login`); they write nothing else by themselves
    cmd(&[
        "cypress", "linode-cli", "stripe", "sentry-cli", "vault",
        "consul", "nomad", "tilt", "argocd", "istioctl", "sam",
        "serverless", "sls",
    ]).verbs(),
    // `--root DIR` before the subcommand (`astro --root site add react`)
    cmd(&["astro"]).verbs().values(&["--root", "--config", "--site", "--base"]),
    // `context --clear|--reset KEY` edits cdk.context.json
    cmd(&["cdk"])
        .verbs()
        .values(&[
            "-a", "--app", "-c", "--context", "-p", "--plugin", "--profile", "-r", "--role-arn",
            "-o", "--output", "--proxy", "--ca-bundle-path",
        ])
        .subs(&[sub(&["context"]).write_flags(&["--clear", "-e", "--reset"])]),
    // colon subcommands: a plugin installed, an app's repository cloned, a
    // database backup downloaded (latest.dump)
    cmd(&["heroku"]).verbs().subs(&[sub(&[
        "plugins:install", "plugins:link", "plugins:uninstall", "plugins:update", "git:clone",
        "pg:backups:download",
    ])
    .always()]),
    // `flux create|install --export` prints the manifests
    cmd(&["flux"]).verbs().read_only(&["--export"]),
    // `skaffold fix` prints the upgraded config unless `--overwrite`,
    // `render` the manifests unless `-o`
    cmd(&["skaffold"]).verbs().subs(&[
        sub(&["fix"]).write_flags(&["--overwrite"]),
        sub(&["render"]).output(&["-o", "--output"]),
    ]),
    // `-o DIR`: the static build's directory; `upgrade`, `automigrate`,
    // `migrate`: package.json, config and stories rewritten (its other
    // subcommands are judged by the general rules' verbs: `add`, `init`)
    cmd(&["storybook"]).subs(&[
        sub(&["build"]).output(&["-o", "--output-dir"]),
        sub(&["upgrade", "automigrate", "migrate"])
            .always()
            .read_only(&["-n", "--dry-run", "-l", "--list"]),
    ]),
    // `prepare`: the generated types in .nuxt; `cleanup`: deletes .nuxt
    // and .output; `upgrade`: nuxt in package.json and the lock file;
    // `module add`: the module installed and added to nuxt.config (`add
    // page …`: the general rules' verbs)
    cmd(&["nuxi", "nuxt"]).subs(&[
        sub(&["prepare", "cleanup", "upgrade"]).always(),
        sub(&["module"]).subs(&[sub(&["add"]).always()]),
    ]),
    // pm2's saved process list, its log files, a boot script, an
    // ecosystem.config.js (`ecosystem`, as `init`)
    cmd(&["pm2"]).subs(&[sub(&["save", "dump", "flush", "startup", "unstartup", "ecosystem"])
        .always()]),
    // the machine's kube config: a cluster's credentials merged in, a
    // context or namespace switched (`kubectx NAME`, not `kubectx -c`)
    // `start` and `delete` also create or remove the machine's profile under
    // ~/.minikube; `logs --file` writes the log
    cmd(&["minikube"]).values(&["-p", "--profile"]).subs(&[
        sub(&["update-context", "start", "delete"]).always(),
        sub(&["logs"]).files(&["--file"]),
    ]),
    cmd(&["eksctl"]).subs(&[sub(&["utils"]).subs(&[sub(&["write-kubeconfig"]).always()])]),
    // doctl's own config: an access token saved, switched or removed
    cmd(&["doctl"]).subs(&[
        sub(&["kubernetes", "k8s"]).subs(&[sub(&["cluster", "c"]).subs(&[sub(&[
            "kubeconfig", "kcfg",
        ])
        .subs(&[sub(&["save", "remove"]).always()])])]),
        sub(&["auth"]).subs(&[sub(&["init", "switch", "remove"]).always()]),
    ]),
    cmd(&["k3d"]).subs(&[
        sub(&["kubeconfig"]).subs(&[sub(&["merge", "write"]).always()]),
        sub(&["cluster"]).subs(&[sub(&["create", "delete"])
            .always()
            .read_only(&["--kubeconfig-update-default=false"])]),
    ]),
    cmd(&["kubectx", "kubens"]).with_args(1).write_flags(&["-d", "-u", "--unset"]),
    // registry tools: copies between registries are remote; `export IMG
    // FILE` and `pull IMG FILE` write the tarball (`-` is stdout)
    cmd(&["crane", "gcrane"])
        .values(&["--platform", "--format"])
        .subs(&[
            sub(&["export"]).always().writes_targets(Nth(2)),
            sub(&["pull"]).always().writes_targets(Last),
            sub(&["cp", "copy", "push", "append", "mutate", "tag", "delete", "rebase", "flatten"]),
        ]),
    // ApacheBench's `-g FILE` (gnuplot data) and `-e FILE` (percentiles)
    cmd(&["ab"])
        .output(&["-g", "-e"])
        .values(&[
            "-n", "-c", "-t", "-s", "-b", "-B", "-p", "-u", "-T", "-v", "-C", "-H", "-A", "-P",
            "-X", "-m", "-Z", "-f", "-E",
        ]),
    // 1Password's CLI: `inject`/`read`/`document get` write where `-o`
    // says; the rest reads or changes the vault (remote)
    cmd(&["op"]).subs(&[
        sub(&["inject"]).output(&["-o", "--out-file"]).values(&["-i", "--in-file", "--account"]),
        sub(&["read"]).output(&["-o", "--out-file"]).values(&["--account"]),
        sub(&["document"]).subs(&[sub(&["get"]).output(&["-o", "--out-file", "--output"])]),
    ]),
    // goose's `create NAME [sql|go]` and `fix` (renumbers) change the
    // migrations directory
    // `goose DRIVER DBSTRING COMMAND`: with sqlite the database is a local
    // file, which the migrations change (Go flags: one dash or two)
    cmd(&["goose"])
        .values(&[
            "-dir", "-table", "-certfile", "-ssl-cert", "-ssl-key", "-env", "--dir", "--table",
            "--certfile", "--ssl-cert", "--ssl-key", "--env",
        ])
        .subs(&[
            sub(&["create", "fix"]).always(),
            sub(&["sqlite3", "sqlite"]).subs(&[sub(&["*"]).subs(&[sub(&[
                "up", "up-by-one", "up-to", "down", "down-to", "redo", "reset", "create", "fix",
            ])
            .always()])]),
        ]),
    // golang-migrate: `create` writes the migration files; on a sqlite
    // database (a local file) every command but `version` changes it (Go
    // flags: one dash or two)
    cmd(&["migrate"])
        .write_flags(&[
            "-database=sqlite3://*", "-database=sqlite://*", "-database=sqlcipher://*",
            "--database=sqlite3://*", "--database=sqlite://*", "--database=sqlcipher://*",
        ])
        .values(&[
            "-path", "-source", "-database", "-lock-timeout", "-prefetch", "--path", "--source",
            "--database", "--lock-timeout", "--prefetch",
        ])
        .subs(&[
            sub(&["create"]).always().values(&["-ext", "-dir", "-format", "-tz", "-digits"]),
            sub(&["version", "help"]),
        ]),
    // changelog generators: git-cliff's `--prepend FILE`/`-o FILE`,
    // conventional-changelog's `-s` (rewrites its `-i` file)
    cmd(&["git-cliff"])
        .output(&["-o", "--output", "--prepend"])
        .values(CLIFF_VALUES),
    cmd(&["conventional-changelog"])
        .write_flags(&["-s", "--same-file"])
        .output(&["-o", "--outfile"])
        .values(&[
            "-p", "--preset", "-i", "--infile", "-k", "--pkg", "-r", "--release-count", "-n",
            "--config", "-c", "--context", "-l", "--lerna-package", "-t", "--tag-prefix",
        ]),
    // goreleaser writes dist/ (`--clean` first deletes it)
    cmd(&["goreleaser"]).subs(&[sub(&["release", "r", "build", "b", "init"]).always()]),
    // `oras pull` writes the artifact's files (into the directory `-o`
    // names, else here)
    cmd(&["oras"]).subs(&[
        sub(&["pull"]).always().chdir(&["-o", "--output"]),
        sub(&["cp", "copy", "push", "attach", "tag"]),
    ]),
    // --- file operations -------------------------------------------------------
    cmd(&["cp", "gcp"])
        .always()
        .targets(Dest)
        .values(&["-S", "--suffix"])
        .output(&["-t", "--target-directory"]),
    cmd(&["mv", "gmv"])
        .always()
        .targets(A)
        .values(&["-S", "--suffix"])
        .files(&["-t", "--target-directory"]),
    cmd(&[
        "rm", "grm", "rm.exe", "rmdir", "unlink", "srm", "trash", "trash-put", "mkfifo",
        "sudoedit", "rimraf", "del-cli",
    ])
    .always()
    .targets(A),
    cmd(&["shred"]).always().targets(A).values(&[
        "-n", "-s", "--iterations", "--size", "--random-source",
    ]),
    cmd(&["touch"])
        .always()
        .targets(A)
        .values(&["-d", "-t", "-r", "--date", "--reference"]),
    cmd(&["mkdir", "gmkdir"])
        .always()
        .targets(A)
        .values(&["-m", "--mode", "--context"]),
    cmd(&["mknod"])
        .always()
        .targets(Targets::First)
        .values(&["-m", "--mode"]),
    cmd(&["truncate"])
        .always()
        .targets(A)
        .values(&["-s", "-r", "--size", "--reference"]),
    cmd(&["fallocate"])
        .always()
        .targets(Last)
        .values(&["-l", "-o", "-n", "--length", "--offset"]),
    cmd(&["setfacl"]).always().targets(A).values(&[
        "-m", "-x", "-M", "-X", "--modify", "--remove", "--set", "--set-file",
    ]),
    cmd(&["chmod", "chown", "chgrp", "chattr", "chcon"])
        .always()
        .targets(From(2))
        .values(&["--reference"]),
    cmd(&["ln", "link", "gln"])
        .always()
        .targets(Dest)
        .values(&["-S", "--suffix"])
        .output(&["-t", "--target-directory"]),
    cmd(&["install", "ginstall"])
        .always()
        .targets(A)
        .values(&[
            "-m", "-o", "-g", "-S", "--mode", "--owner", "--group", "--suffix",
        ])
        .files(&["-t", "--target-directory"]),
    // `--filter=CMD` hands each piece to CMD (shell code) instead of a file
    cmd(&["split", "gsplit"])
        .always()
        .code(&["--filter"])
        .listing(&["--filter"])
        .values(&[
            "-l", "-b", "-C", "-n", "-a", "-t", "--lines", "--bytes", "--line-bytes", "--number",
            "--suffix-length", "--additional-suffix", "--separator",
        ]),
    cmd(&["csplit"])
        .always()
        .values(&["-f", "-b", "-n", "--prefix", "--suffix-format"]),
    cmd(&["apply_patch", "applypatch"]).always(),
    // `-n`/`--nono`/`--no-act` only show what would be renamed
    cmd(&["rename", "prename", "file-rename", "perl-rename", "mmv"])
        .always()
        .read_only(&["-n", "--nono", "--no-act", "--just-print"])
        .values(&["-e", "-E"]),
    cmd(&["virtualenv", "venv", "pyvenv"]).always().targets(Targets::First),
    cmd(&["patch", "gpatch"])
        .always()
        .read_only(&["--dry-run", "--check"])
        .values(&[
            "-p", "-i", "-d", "-B", "-F", "-V", "-z", "-D", "--input", "--directory",
        ])
        .output(&["-o", "--output"])
        .files(&["-r", "--reject-file"]),
    cmd(&["sponge"]).writes_targets(A),
    cmd(&[
        "nano", "emacsclient", "pico", "micro", "hx", "kak",
        "code", "subl", "gedit", "mcedit", "joe", "jed", "ne",
    ])
    .writes_targets(A),
    cmd(&["strip", "objcopy", "upx", "install_name_tool"])
    .writes_targets(Last)
    .values(&["-o", "-R", "-K", "-N", "--remove-section", "--keep-symbol"])
    .output(&["-o"]),
    // `--set-*`, `--add-*`, `--remove-*`, … edit the file; `--print-*` only shows
    cmd(&["patchelf"])
        .writes_targets(Last)
        .read_only(&["--print-*", "--version", "--help", "-h"])
        .output(&["--output"]),
    cmd(&["dd"]).output(&["of="]),
    cmd(&["tee", "gtee"]).writes_targets(A),
    cmd(&["sort", "gsort"])
        .values(&[
            "-k", "-t", "-S", "-T", "--key", "--field-separator", "--buffer-size",
            "--temporary-directory",
        ])
        .output(&["-o", "--output"]),
    cmd(&["shuf"])
        .values(&[
            "-n", "-i", "--head-count", "--input-range", "--random-source",
        ])
        .output(&["-o", "--output"]),
    cmd(&["iconv"])
        .values(&["-f", "-t", "--from-code", "--to-code"])
        .output(&["-o", "--output"]),
    cmd(&["uniq"]).writes_targets(Nth(2)).values(&[
        "-f", "-s", "-w", "--skip-fields", "--skip-chars", "--check-chars",
    ]),
    cmd(&["xxd"]).writes_targets(Nth(2)).values(&[
        "-c", "-g", "-l", "-o", "-s", "-n", "-cols", "-len", "-seek", "-offset", "-name",
    ]),
    cmd(&["base64", "gbase64"])
        .values(&["-i", "--input", "-b", "--break", "-w", "--wrap"])
        .output(&["-o", "--output"]),
    cmd(&["openssl"]).output(&["-out", "-keyout"]),
    cmd(&["age"])
        .values(&["-r", "-R", "-i"])
        .output(&["-o", "--output"]),
    // `sops FILE` (or `edit`, `set`, `unset`, `updatekeys`) rewrites FILE;
    // `-d`, `-e`, `-r` print the result, unless `-i` or `--output`
    cmd(&["sops"])
        .writes_targets(Last)
        .listing(&["-d", "--decrypt", "-e", "--encrypt", "-r", "--rotate"])
        .write_flags(&["-i", "--in-place"])
        .output(&["--output"])
        .read_only(&["-v", "--version"])
        .values(SOPS_VALUES)
        .subs(&[
            sub(&["edit", "set", "unset"]).writes_targets(Targets::First).values(SOPS_VALUES),
            sub(&["updatekeys"]).writes_targets(A),
            sub(&["decrypt", "encrypt", "rotate"])
                .write_flags(&["-i", "--in-place"])
                .targets(Last)
                .output(&["--output"])
                .values(SOPS_VALUES),
            sub(&["exec-env", "exec-file", "filestatus", "keyservice", "publish"]),
        ]),
    cmd(&["ssh-keygen"])
        .always()
        .values(&[
            "-t", "-b", "-N", "-C", "-P", "-F", "-R", "-E", "-m", "-O", "-Z", "-a", "-n", "-V",
            "-I", "-s", "-z", "-D", "-w", "-Y", "-r",
        ])
        .read_only(&["-l", "-y", "-F", "-B", "-L", "-Q", "-e", "-H"])
        .output(&["-f"]),
    cmd(&["ssh-copy-id", "ssh-add", "ssh-keyscan"]),
    cmd(&["crontab"])
        .with_args(1)
        .write_flags(&["-r", "-e", "-i"])
        .listing(&["-l"])
        .values(&["-u"]),
    cmd(&["systemctl"]).values(&["-H", "--host", "-M", "--machine", "-t", "--type", "-p",
        "--property"]).subs(&[sub(&["enable", "disable", "reenable", "mask", "unmask", "link",
        "preset", "preset-all", "set-default", "set-property", "edit", "revert",
        "add-wants", "add-requires"])
    .always()]),
    // a machine's settings: dconf's database, the alternatives links,
    // mimeapps.list, /etc/hostname and machine-info, /etc/localtime and
    // adjtime (`set-ntp` enables a unit), /etc/locale.conf and
    // vconsole.conf, the font cache
    cmd(&["dconf"]).subs(&[sub(&["write", "reset", "load", "update", "compile"]).always()]),
    cmd(&["gsettings"])
        .values(&["--schemadir"])
        .subs(&[sub(&["set", "reset", "reset-recursively"]).always()]),
    cmd(&["update-alternatives", "alternatives"]).write_flags(&[
        "--install", "--set", "--remove", "--remove-all", "--auto", "--config", "--all",
        "--set-selections",
    ]),
    cmd(&["xdg-mime"]).subs(&[sub(&["default", "install", "uninstall"]).always()]),
    cmd(&["hostnamectl"]).subs(&[
        sub(&["set-hostname", "set-icon-name", "set-chassis", "set-deployment", "set-location"])
            .always(),
        // newer systemd: `hostnamectl hostname` prints, `… hostname NAME` sets
        sub(&["hostname", "icon-name", "chassis", "deployment", "location"]).with_args(1),
    ]),
    cmd(&["timedatectl"]).subs(&[sub(&["set-timezone", "set-local-rtc", "set-ntp"]).always()]),
    cmd(&["localectl"]).subs(&[sub(&["set-locale", "set-keymap", "set-x11-keymap"]).always()]),
    cmd(&["fc-cache"]).always().read_only(&["-V", "--version"]),
    // chezmoi: the target files in ~ (`apply`, `update`, `init --apply`)
    // or its source directory (`git pull` runs there), its own binary
    // (`upgrade`), its state database; `diff`, `status`, `managed`, `cat`
    // only show, unless the global `-o FILE` takes their output
    cmd(&["chezmoi"])
        .output(CHEZMOI_OUTPUT)
        .read_only(&["-n", "--dry-run"])
        .values(CHEZMOI_VALUES)
        .subs(&[
            sub(&[
                "apply", "add", "manage", "re-add", "edit", "edit-config", "init", "update",
                "forget", "unmanage", "remove", "rm", "destroy", "import", "merge", "merge-all",
                "chattr", "purge", "upgrade",
            ])
            .always()
            .output(CHEZMOI_OUTPUT)
            .read_only(&["-n", "--dry-run"])
            .values(CHEZMOI_VALUES),
            sub(&[
                "archive", "cat", "cat-config", "data", "decrypt", "diff", "docs", "doctor",
                "dump", "dump-config", "encrypt", "execute-template", "generate", "help",
                "ignored", "license", "list", "managed", "secret", "source-path", "status",
                "target-path", "unmanaged", "verify", "completion",
            ])
            .output(CHEZMOI_OUTPUT)
            .values(CHEZMOI_VALUES),
            sub(&["git"]).subs(GIT),
            sub(&["state"]).subs(&[sub(&["delete", "delete-bucket", "reset", "set"]).always()]),
        ]),
    // extracting or building a package (`-e`: the control files, into
    // DEBIAN/ without a directory); `-c`, `-I`, `-f` only show
    cmd(&["dpkg-deb"]).write_flags(&[
        "-x", "--extract", "-X", "--vextract", "-R", "--raw-extract", "-b", "--build", "-e",
        "--control",
    ]),
    // PHPUnit (and Pest, which takes its options) runs tests (read-only)
    // but writes the reports it is asked for; Pest's snapshots
    cmd(&["phpunit", "paratest", "pest"])
        .values(&[
            "-c", "--configuration", "--bootstrap", "--filter", "--group", "--exclude-group",
            "--testsuite", "--exclude-testsuite", "--order-by", "--random-order-seed",
            "--test-suffix", "--covers", "--uses", "--cache-directory", "-p", "--processes",
        ])
        .files(&[
            "--log-junit", "--log-teamcity", "--log-events-text", "--log-events-verbose-text",
            "--testdox-html", "--testdox-text", "--testdox-xml", "--coverage-clover",
            "--coverage-cobertura", "--coverage-crap4j", "--coverage-html", "--coverage-php",
            "--coverage-xml", "--generate-baseline", "--list-tests-xml",
        ])
        // `--coverage-text=FILE`; bare, the report goes to stdout
        .write_flags(&[
            "--generate-configuration", "--migrate-configuration", "--coverage-text=*",
            "--update-snapshots",
        ]),
    cmd(&["pg_dump", "pg_dumpall", "pg_restore"])
        .values(&[
            "-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-F", "--format",
            "-n", "--schema", "-t", "--table", "-T", "-N", "-j", "--jobs", "-E", "--encoding",
            "-Z", "--compress",
        ])
        .output(&["-f", "--file"]),
    cmd(&["mysqldump", "mariadb-dump"]).output(&["-r", "--result-file"]),
    // the backup's directory (`-D -`: a tar stream to stdout)
    cmd(&["pg_basebackup"])
        .values(&[
            "-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-F", "--format",
            "-X", "--wal-method", "-Z", "--compress", "-c", "--checkpoint", "-l", "--label", "-r",
            "--max-rate", "-T", "--tablespace-mapping", "-S", "--slot", "-t", "--target",
        ])
        .output(&["-D", "--pgdata"]),
    // a new cluster's data directory: `-D DIR`, `initdb DIR` or `$PGDATA`
    cmd(&["initdb"])
        .always()
        .targets(Targets::First)
        .output(&["-D", "--pgdata"])
        .values(&[
            "-U", "--username", "-E", "--encoding", "-A", "--auth", "--auth-host", "--auth-local",
            "-X", "--waldir", "--locale", "--locale-provider", "--lc-collate", "--lc-ctype",
            "--pwfile", "-L", "--wal-segsize", "-c", "--set",
        ]),
    // `./dump` unless `--out DIR` (`-`: stdout) or `--archive` (bare: stdout;
    // `--archive=FILE`)
    cmd(&["mongodump"])
        .always()
        .listing(&["--archive"])
        .write_flags(&["--archive=*"])
        .output(&["-o", "--out"])
        .values(&[
            "-d", "--db", "-c", "--collection", "-h", "--host", "--port", "-u", "--username",
            "-p", "--password", "-q", "--query", "--uri",
        ]),
    // `--eval CODE` is JavaScript (`require("fs")`); `db.…` changes the
    // server, not files
    cmd(&["mongosh", "mongo"]).inline_code(Lang::Node, &["--eval"]),
    cmd(&["less"]).files(&["-o", "-O", "--log-file", "--LOG-FILE"]),
    cmd(&["tree"])
        .values(&[
            "-L", "-I", "-P", "--filelimit", "-H", "-T", "--charset", "--sort",
        ])
        .output(&["-o"]),
    cmd(&["cloc", "tokei", "scc"])
        .values(&[
            "--exclude-dir", "--include-lang", "--exclude-lang", "-e", "--exclude",
        ])
        .files(&["--out", "--report-file", "-o", "--output"]),
    cmd(&["hyperfine"])
        .code_args(Each)
        .code(&[
            "--prepare", "-p", "--setup", "-s", "--cleanup", "-c", "--conclude",
        ])
        .values(&[
            "-w", "--warmup", "-r", "--runs", "-m", "--min-runs", "-M", "--max-runs", "-n",
            "--command-name", "-S", "--shell", "-u", "--time-unit", "--style", "--output",
        ])
        .files(&[
            "--export-json", "--export-csv", "--export-markdown", "--export-asciidoc",
            "--export-orgmode",
        ]),
    cmd(&["pandoc"])
        .values(&[
            "-f", "-r", "--from", "--read", "-t", "-w", "--to", "--write", "--template", "-M",
            "--metadata", "-V", "--variable", "--metadata-file", "--data-dir", "--resource-path",
            "--lua-filter", "-F", "--filter", "-c", "--css", "-H", "--include-in-header", "-B",
            "--include-before-body", "-A", "--include-after-body", "--reference-doc",
            "--pdf-engine", "--csl", "--bibliography", "--highlight-style", "--columns",
            "--tab-stop", "--toc-depth", "--slide-level", "--title-prefix", "-T",
        ])
        .output(&["-o", "--output"])
        .files(&["--extract-media", "--log"]),
    cmd(&[
        "convert", "magick", "composite", "montage", "compare", "cwebp", "gm",
    ])
    .writes_targets(Dest)
    // `-list TYPE` lists formats, fonts, colors
    .read_only(&["-list", "-version"])
    .subs(&[
        sub(&["identify"]),
        sub(&["mogrify"]).writes_targets(Targets::All),
        sub(&["convert", "composite", "montage", "compare"]).writes_targets(Dest),
    ]),
    cmd(&["mogrify", "optipng", "oxipng"])
        .writes_targets(A)
        .read_only(&["--dry-run", "-simulate", "--simulate", "-P", "--pretend"]),
    cmd(&["jpegoptim"])
        .writes_targets(A)
        .read_only(&["-n", "--noaction", "--stdout"])
        .values(&["-m", "--max", "-S", "--size", "-T", "--threshold"])
        .output(&["-d", "--dest"]),
    // `-TAG=VALUE`, `-all=`, `-TAG<=FILE` assign tags: the files are rewritten
    // (keeping a `_original` copy unless told not to)
    cmd(&["exiftool"])
        .write_flags(&[
            "-*=*", "-*<*", "-overwrite_original", "-overwrite_original_in_place", "-delete_original",
            "-delete_original!", "-restore_original", "-tagsFromFile", "-geotag", "-w", "-w!",
            "-w+", "-textOut", "-W", "-tagOut", "-srcfile",
        ])
        .targets(A)
        .values(&[
            "-w", "-w!", "-w+", "-textOut", "-W", "-tagOut", "-if", "-p", "-printFormat", "-d",
            "-dateFormat", "-c", "-coordFormat", "-ext", "-extension", "-x", "-exclude", "-api",
            "-charset", "-lang", "-sep", "-separator", "-userParam", "-fileOrder", "-i",
            "-ignore", "-tagsFromFile", "-geotag", "-srcfile", "-config", "-@",
        ])
        .output(&["-o", "-out"]),
    // the second argument is the text file written (`-` is standard output);
    // with one argument, IN's name with .txt
    cmd(&["pdftotext"]).always().targets(Nth(2)).values(&[
        "-f", "-l", "-r", "-x", "-y", "-W", "-H", "-enc", "-eol", "-opw", "-upw", "-fixed",
    ]),
    cmd(&["qpdf"])
        .writes_targets(Dest)
        .write_flags(&["--replace-input"])
        .read_only(&[
            "--check", "--check-linearization", "--show-*", "--json", "--json-key",
            "--json-object", "--is-encrypted", "--requires-password", "--list-attachments",
            "--version", "--help", "--filtered-stream-data", "--raw-stream-data",
        ]),
    // plist edits happen in place unless `-o FILE`
    cmd(&["plutil"])
        .write_flags(&["-replace", "-insert", "-remove", "-convert"])
        .targets(Last)
        .read_only(&["-p", "-lint", "-help", "-type"])
        .values(&["-e", "-s"])
        .output(&["-o"]),
    // a `tags` (or `TAGS`) file unless `-f -` or `-x`
    cmd(&["ctags", "uctags", "exuberant-ctags", "etags"])
        .always()
        .read_only(&["-x", "--version", "--help", "--list-*"])
        .values(&["--exclude", "--languages", "--fields", "--extras", "--kinds-*"])
        .output(&["-f", "-o", "--output"]),
    // certificate and key files, and `-install` changes the trust store
    cmd(&["mkcert"])
        .always()
        .read_only(&["-CAROOT", "-help", "--help", "-version"])
        .output(&["-cert-file", "-key-file", "-p12-file"]),
    // `python -m zipfile -e ZIP DIR` (`-l`, `-t` only read)
    cmd(&["zipfile"]).write_flags(&["-e", "--extract", "-c", "--create"]),
    cmd(&["ffmpeg", "avconv"]).writes_targets(Last).values(&[
        "-i", "-f", "-c", "-codec", "-vcodec", "-acodec", "-c:v", "-c:a", "-b", "-b:v", "-b:a",
        "-r", "-s", "-t", "-ss", "-to", "-vf", "-af", "-filter:v", "-filter:a", "-filter_complex",
        "-map", "-preset", "-crf", "-q", "-q:v", "-q:a", "-ac", "-ar", "-pix_fmt", "-metadata",
        "-loglevel", "-v", "-threads", "-aspect", "-frames", "-vframes", "-aframes", "-movflags",
        "-tune", "-profile:v", "-level", "-g", "-bf", "-maxrate", "-bufsize",
    ]),
    cmd(&["unzip"])
        .with_args(1)
        .read_only(&["-l", "-v", "-t", "-Z", "-p", "-c", "-z"])
        .values(&["-d", "-P", "-x"])
        .output(&["-d"]),
    cmd(&["zip"])
        .writes_targets(Targets::First)
        .read_only(&["-sf", "--show-files", "-T"])
        .values(&["-b", "-n", "-O", "-t", "-tt", "-x", "-i", "-P"])
        .output(&["-O", "--output-file"]),
    cmd(&[
        "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd",
        "lz4", "compress", "uncompress", "pigz", "unpigz", "brotli", "lzip", "lunzip", "lzop",
        "pbzip2", "pixz",
    ])
    .writes_targets(A)
    .read_only(&[
        "-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test",
    ])
    .values(&["-S", "--suffix", "-T", "-b", "-q", "-w", "-B", "-D"])
    .output(&["-o", "--output"]),
    cmd(&["7z", "7za", "7zr", "7zz"]).subs(&[
        // `-so`: the archive or the extracted files go to stdout (only
        // these commands take it; `d` and `rn` change the archive)
        sub(&["a", "x", "e", "u"]).always().read_only(&["-so"]),
        sub(&["d", "rn"]).always(),
        sub(&["l", "t", "h", "i", "b"]),
    ]),
    cmd(&["rar", "unrar"]).subs(&[sub(&["a", "x", "e", "u", "d", "m", "rn", "f"]).always()]),
    // --- downloads and copies --------------------------------------------------
    cmd(&["curl"])
        .values(&[
            "-A", "-b", "-C", "-d", "-e", "-E", "-F", "-H", "-K", "-m", "-P", "-Q", "-r", "-t",
            "-T", "-u", "-U", "-w", "-x", "-X", "-y", "-Y", "-z", "--data", "--data-raw",
            "--data-binary", "--data-urlencode", "--data-ascii", "--json", "--header", "--request",
            "--user", "--user-agent", "--referer", "--cookie", "--form", "--form-string",
            "--max-time", "--connect-timeout", "--retry", "--retry-delay", "--retry-max-time",
            "--url", "--proxy", "--cacert", "--capath", "--cert", "--key", "--resolve",
            "--write-out", "--upload-file", "--range", "--config", "--oauth2-bearer",
            "--netrc-file", "--limit-rate", "--interface", "--continue-at", "--time-cond",
            "--max-filesize", "--max-redirs", "--aws-sigv4", "--variable", "--connect-to",
            "--output-dir", "--etag-compare", "--unix-socket", "--proxy-user", "--preproxy",
            "--http-version",
        ])
        .output(&["-o", "--output"])
        .files(&[
            "-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--stderr",
            "--etag-save", "--hsts", "--alt-svc", "--libcurl",
        ])
        .write_flags(&["-O", "--remote-name", "--remote-name-all"]),
    cmd(&["wget", "wget2"])
        .always()
        .read_only(&["--spider"])
        .values(&[
            "-e", "-i", "-B", "-t", "-T", "-w", "-Q", "-l", "-A", "-R", "-D", "-X", "-I", "-U",
            "--user", "--password", "--header", "--user-agent", "--tries", "--timeout", "--wait",
            "--quota", "--level", "--accept", "--reject", "--domains", "--exclude-directories",
            "--include-directories", "--base", "--input-file", "--execute", "--post-data",
            "--post-file", "--method", "--body-data", "--referer", "--load-cookies",
        ])
        .output(&["-O", "--output-document", "-P", "--directory-prefix"])
        .files(&[
            "-o", "--output-file", "-a", "--append-output", "--save-cookies", "--save-headers",
        ]),
    // `aria2c -S`: a torrent's file list (axel's `-S` searches mirrors
    // and downloads)
    cmd(&["aria2c"])
        .always()
        .read_only(&["-S", "--show-files"])
        .output(&["-o", "--output", "-d", "--dir"]),
    cmd(&["axel", "gdown"])
        .always()
        .output(&["-o", "--output", "-d", "--dir"]),
    // listing formats, simulating and dumping JSON download nothing
    cmd(&["yt-dlp", "youtube-dl"])
        .always()
        .output(&["-o", "--output", "-P", "--paths"])
        .values(&[
            "-f", "--format", "--audio-format", "--merge-output-format", "-r", "--limit-rate",
            "-N", "--concurrent-fragments", "--cookies", "--cookies-from-browser", "--proxy",
            "-u", "--username", "-p", "--password", "--sub-langs", "--remux-video",
            "--recode-video", "-R", "--retries",
        ])
        .read_only(&[
            "-F", "--list-formats", "-s", "--simulate", "-j", "--dump-json", "-J",
            "--dump-single-json", "-g", "--get-url", "--list-subs", "--list-thumbnails",
        ]),
    cmd(&["http", "https", "xh", "xhs"])
        .write_flags(&["-d", "--download"])
        .output(&["-o", "--output"]),
    cmd(&["scp"])
        .writes_targets(Dest)
        .values(&["-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J"]),
    cmd(&["rsync"])
        .writes_targets(Dest)
        .read_only(&["-n", "--dry-run", "--list-only"])
        .values(&[
            "-e", "-B", "-f", "-T", "-M", "--exclude", "--include", "--exclude-from",
            "--include-from", "--files-from", "--filter", "--rsh", "--rsync-path", "--partial-dir",
            "--temp-dir", "--compare-dest", "--copy-dest", "--link-dest", "--password-file",
            "--chmod", "--chown", "--port", "--bwlimit", "--timeout", "--suffix", "--max-size",
            "--min-size", "--max-delete",
        ])
        .files(&["--log-file", "--backup-dir"]),
    // the paths among its arguments that are local (not `remote:path`): a
    // copy's destination, a move's source too
    cmd(&["rclone"])
        .read_only(&["-n", "--dry-run"])
        .values(RCLONE_VALUES)
        .subs(&[
            sub(&["copy", "sync", "copyto", "copyurl"])
                .writes_targets(Dest)
                .read_only(&["-n", "--dry-run"])
                .values(RCLONE_VALUES),
            sub(&[
                "move", "moveto", "delete", "deletefile", "purge", "mkdir", "rmdir", "rmdirs",
                "bisync", "dedupe",
            ])
            .writes_targets(A)
            .read_only(&["-n", "--dry-run"])
            .values(RCLONE_VALUES),
            sub(&["mount"]).always(),
            // rclone.conf (`show`, `file`, `dump`, `providers` print)
            sub(&["config"]).subs(&[sub(&[
                "create", "update", "delete", "password", "reconnect", "disconnect", "touch",
                "encryption",
            ])
            .always()]),
        ]),
    cmd(&["aws"])
        .values(&[
            "--profile", "--region", "--output", "--endpoint-url", "--query", "--color",
        ])
        .subs(&[
            sub(&["s3"]).subs(&[sub(&["cp", "mv", "sync"])
                .writes_targets(Dest)
                .read_only(&["--dryrun"])
                .values(&[
                    "--exclude", "--include", "--acl", "--storage-class", "--content-type",
                    "--cache-control", "--expires", "--sse", "--grants",
                ])]),
            sub(&["s3api"]).subs(&[sub(&["get-object"]).writes_targets(Last).values(&[
                "--bucket", "--key", "--range", "--version-id",
            ])]),
            // ~/.aws/config and credentials
            sub(&["configure"]).subs(&[sub(&["set", "import", "sso"]).always()]),
            // ~/.kube/config
            sub(&["eks"]).subs(&[sub(&["update-kubeconfig"]).always()]),
            // the packaged template (without the option, standard output)
            sub(&["cloudformation"])
                .subs(&[sub(&["package"]).output(&["--output-template-file"])]),
            // the response goes to the file named last
            sub(&["lambda"]).subs(&[sub(&["invoke"]).writes_targets(Last).values(&[
                "--function-name", "--payload", "--invocation-type", "--log-type", "--qualifier",
                "--client-context", "--cli-binary-format",
            ])]),
        ]),
    cmd(&["gcloud"])
        .values(&["--project", "--account", "--configuration", "--format", "--verbosity"])
        .subs(&[
            // the active configuration's properties, in the gcloud config dir
            sub(&["config"]).subs(&[
                sub(&["set", "unset"]).always(),
                sub(&["configurations"]).subs(&[sub(&[
                    "create", "activate", "delete", "rename", "update",
                ])
                .always()]),
            ]),
            // credentials in the gcloud config dir
            sub(&["auth"]).subs(&[
                sub(&["login", "activate-service-account", "revoke", "configure-docker"]).always(),
                sub(&["application-default"])
                    .subs(&[sub(&["login", "revoke", "set-quota-project"]).always()]),
            ]),
            // ~/.kube/config
            sub(&["container"]).subs(&[sub(&["clusters"])
                .subs(&[sub(&["get-credentials"]).always()])]),
            sub(&["storage"]).subs(&[sub(&["cp", "mv", "rsync"]).writes_targets(Dest)]),
            // the new key's file
            sub(&["iam"]).subs(&[sub(&["service-accounts"]).subs(&[sub(&["keys"]).subs(&[
                sub(&["create"])
                    .writes_targets(Targets::First)
                    .values(&["--iam-account", "--key-file-type"]),
            ])])]),
        ]),
    cmd(&["az"])
        .values(&["-o", "--output", "--query", "--subscription"])
        .subs(&[
            sub(&["storage"]).subs(&[sub(&["blob", "file"]).subs(&[
                // `-f FILE` names the local file (without it, standard output)
                sub(&["download"]).output(&["-f", "--file"]).values(AZ_STORAGE_VALUES),
                sub(&["download-batch"])
                    .always()
                    .output(&["-d", "--destination"])
                    .values(AZ_STORAGE_VALUES),
            ])]),
            // ~/.kube/config
            sub(&["aks"]).subs(&[sub(&["get-credentials"]).always()]),
            sub(&["config"]).subs(&[sub(&["set", "unset"]).always()]),
            // azureProfile.json
            sub(&["account"]).subs(&[sub(&["set", "clear"]).always()]),
            sub(&["keyvault"]).subs(&[sub(&["secret", "certificate", "key"]).subs(&[sub(&[
                "download", "backup",
            ])
            .output(&["-f", "--file"])
            .values(&["--vault-name", "-n", "--name", "--id", "-e", "--encoding", "-v", "--version"])])]),
            // the registry's credentials in docker's config.json, unless
            // `--expose-token` prints a token instead
            sub(&["acr"])
                .subs(&[sub(&["login"]).always().read_only(&["-t", "--expose-token"])]),
            // `main.json` beside `main.bicep` (a formatted or decompiled
            // file likewise), unless `--stdout`
            sub(&["bicep"]).subs(&[sub(&["build", "build-params", "decompile", "format"])
                .always()
                .read_only(&["--stdout"])
                .output(&["--outfile", "--outdir"])
                .values(&["-f", "--file"])]),
        ]),
    cmd(&["vercel"])
        .values(&["--cwd", "--scope", "-S", "--token", "-t", "-A", "--local-config"])
        .subs(&[
            // `.env.local` unless given a file
            sub(&["env"]).subs(&[sub(&["pull"])
                .always()
                .targets(Targets::First)
                .values(&["--environment", "--git-branch"])]),
            // `.vercel/`
            sub(&["pull", "link"]).always(),
        ]),
    cmd(&["gsutil"])
        .values(&["-h", "-o", "-u"])
        .subs(&[
            sub(&["cp", "mv"]).writes_targets(Dest).values(&["-z", "-Z"]),
            // `rsync -n`: a dry run (`cp -n` is no-clobber)
            sub(&["rsync"])
                .writes_targets(Dest)
                .read_only(&["-n"])
                .values(&["-x", "-y", "-j"]),
        ]),
    cmd(&["docker", "podman", "nerdctl"])
        .values(&[
            "-H", "--host", "-c", "--context", "--config", "-l", "--log-level",
        ])
        .subs(&[
            sub(&["cp"]).writes_targets(Dest),
            // `run IMAGE CMD…`: CMD writes host files only through a
            // writable bind mount (`-v "$PWD":/app`, `--mount type=bind,…`)
            sub(&["run"])
                .run_container(1)
                .mounts(CONTAINER_MOUNTS)
                .values(CONTAINER_RUN_VALUES)
                .files(&["--cidfile"]),
            // `create IMAGE CMD…` sets up what `start` runs later: judged
            // as `run` is
            sub(&["create"])
                .run_container(1)
                .mounts(CONTAINER_MOUNTS)
                .values(CONTAINER_RUN_VALUES)
                .files(&["--cidfile"]),
            // images are not files flowgate guards
            sub(&["pull"]),
            // `podman generate systemd --files`, `podman kube generate -f`
            sub(&["generate"]).subs(&[
                sub(&["systemd"]).write_flags(&["--files", "-f"]),
                sub(&["kube"]).output(&["-f", "--filename"]),
            ]),
            sub(&["kube"]).subs(&[sub(&["generate"]).output(&["-f", "--filename"])]),
            sub(&["container"]).subs(&[
                sub(&["cp"]).writes_targets(Dest),
                sub(&["run"])
                    .run_container(1)
                    .mounts(CONTAINER_MOUNTS)
                    .values(CONTAINER_RUN_VALUES)
                    .files(&["--cidfile"]),
                sub(&["export"]).output(&["-o", "--output"]),
            ]),
            sub(&["image"]).subs(&[sub(&["save"]).output(&["-o", "--output"])]),
            sub(&["save", "export"]).output(&["-o", "--output"]),
            DOCKER_BUILD,
            sub(&["buildx"]).values(&["--builder"]).subs(&[
                Spec {
                    names: &["build", "bake"],
                    ..DOCKER_BUILD
                },
                // a builder instance's files under ~/.docker/buildx
                sub(&["create", "use", "rm"]).always(),
            ]),
            sub(&["compose"]).values(COMPOSE_VALUES).subs(COMPOSE),
        ]),
    // Compose as a program of its own, as `docker compose`
    cmd(&["docker-compose", "podman-compose"]).values(COMPOSE_VALUES).subs(COMPOSE),
    cmd(&["helm"])
        .values(&[
            "-n", "--namespace", "--kube-context", "-f", "--values", "--set", "--version",
        ])
        .subs(&[
            sub(&["pull", "fetch"])
                .always()
                .output(&["-d", "--destination", "--untardir"]),
            sub(&["template"]).files(&["--output-dir"]),
            // cluster changes
            sub(&["install", "upgrade", "uninstall", "rollback"]),
            sub(&["package"]).always().output(&["-d", "--destination"]),
            sub(&["repo"]).subs(&[sub(&["add", "remove", "rm", "update", "up", "index"]).always()]),
            sub(&["create"]).always().targets(Targets::First),
            sub(&["dependency", "dep", "dependencies"])
                .subs(&[sub(&["update", "up", "build"]).always()]),
            // the helm-unittest plugin: `-u` updates its snapshot files
            sub(&["unittest"])
                .write_flags(&["-u", "--update-snapshot"])
                .files(&["-o", "--output-file"])
                .values(&[
                    "-f", "--file", "-t", "--output-type", "-v", "--values",
                    "--chart-tests-path",
                ]),
        ]),
    // helmfile.lock
    cmd(&["helmfile"])
        .values(&[
            "-f", "--file", "-e", "--environment", "-l", "--selector", "-n", "--namespace",
            "--kube-context",
        ])
        .subs(&[sub(&["deps"]).always()]),
    // an SBOM file per `-o FORMAT=FILE` (bare `-o FORMAT`: stdout)
    cmd(&["syft"])
        .values(&["-o", "--output", "-c", "--config", "-t", "--template", "-s", "--scope"])
        .write_flags(&["-o=*=*", "--output=*=*"])
        .files(&["--file"]),
    cmd(&["grype"])
        .values(&["-o", "--output", "-c", "--config", "-t", "--template", "-f", "--fail-on"])
        .files(&["--file"]),
    cmd(&["dive"]).values(&["--source", "-c", "--config"]).files(&["-j", "--json"]),
    // README.md in each chart, unless `--dry-run` prints it
    cmd(&["helm-docs"])
        .always()
        .read_only(&["-d", "--dry-run", "-h", "--help", "--version"])
        .values(&[
            "-c", "--chart-search-root", "-o", "--output-file", "-t", "--template-files", "-l",
            "--log-level", "-s", "--sort-values-order", "-g", "--chart-to-generate", "-i",
            "--ignore-file", "-b", "--badge-style", "--ignore-non-descriptions",
        ]),
    // scan results: `-o` is a format, `--output-file-path` the directory
    // (or `console,FILE`) they go to
    cmd(&["checkov"])
        .values(&[
            "-d", "--directory", "-f", "--file", "-o", "--output", "-c", "--check",
            "--skip-check", "--framework", "--skip-framework", "--config-file",
            "--baseline", "--external-checks-dir", "--repo-id", "-b", "--branch",
            "--var-file", "--soft-fail-on", "--hard-fail-on",
        ])
        .files(&["--output-file-path", "--create-config"])
        .write_flags(&["--create-baseline"]),
    // `--tree DIR`: one JSON file per host
    cmd(&["ansible-lint"])
        .write_flags(&["--fix", "--write", "--generate-ignore"])
        .files(&["--sarif-file"])
        .values(&[
            "-c", "--config-file", "-f", "--format", "-x", "--skip-list", "-w", "--warn-list",
            "-t", "--tags", "--project-dir", "--exclude", "-r", "--rules-dir", "--profile",
        ]),
    cmd(&["kustomize"]).subs(&[
        sub(&["edit", "create", "init"]).always(),
        sub(&["build"]).output(&["-o", "--output"]),
    ]),
    // Pulumi.<stack>.yaml and the stack's workspace
    cmd(&["pulumi"])
        .values(&["-s", "--stack"])
        .chdir(&["-C", "--cwd"])
        .subs(&[
            sub(&["config"]).subs(&[sub(&[
                "set", "set-all", "rm", "rm-all", "cp", "refresh",
            ])
            .always()]),
            sub(&["new"]).always(),
            sub(&["stack"]).subs(&[sub(&[
                "init", "rm", "select", "rename", "change-secrets-provider", "import",
            ])
            .always(),
            sub(&["export"]).files(&["--file"])]),
        ]),
    cmd(&["terraform", "tofu", "terragrunt"])
        .values(&["-chdir", "-var", "-var-file", "-target"])
        .subs(&[
            // `-diff` shows the changes it writes
            sub(&["fmt"]).always().targets(Targets::All).read_only(&[
                "-check", "--check", "-check=true", "-write=false",
            ]),
            // terragrunt's formatter of terragrunt.hcl files
            sub(&["hclfmt"]).always().read_only(&["--terragrunt-check", "--check"]),
            sub(&["hcl"]).subs(&[sub(&["fmt", "format"]).always().read_only(&["--check"])]),
            // terragrunt_rendered.json, or the file `--terragrunt-json-out` names
            sub(&["render-json"]).always().output(&["--terragrunt-json-out", "--json-out"]),
            sub(&[
                "init", "apply", "destroy", "import", "refresh", "taint", "untaint", "get",
                "force-unlock",
            ])
            .always(),
            sub(&["plan"]).output(&["-out"]).files(&["-generate-config-out"]),
            sub(&["state"]).subs(&[
                sub(&["rm", "mv", "push", "replace-provider"]).always(),
                // they print the state
                sub(&["pull", "list", "show"]),
            ]),
            sub(&["workspace"]).subs(&[sub(&["new", "select", "delete"]).always()]),
            sub(&["providers"]).subs(&[sub(&["lock", "mirror"]).always()]),
        ]),
    // --- version control ---------------------------------------------------------
    cmd(&["git"])
        .values(&[
            "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix",
            "--exec-path",
        ])
        .chdir(&["-C"])
        .subs(GIT),
    cmd(&["hg"])
        .chdir(&["-R", "--repository", "--cwd"])
        .subs(&[sub(&[
            "commit", "ci", "update", "up", "checkout", "co", "pull", "merge", "revert", "add",
            "addremove", "remove", "rm", "mv", "rename", "cp", "copy", "clone", "init", "rebase",
            "histedit", "shelve", "unshelve", "strip", "backout", "graft", "import", "purge",
            "amend", "uncommit", "absorb",
        ])
        .always()
        .read_only(&["-n", "--dry-run"])]),
    cmd(&["svn"]).subs(&[sub(&[
        "checkout", "co", "update", "up", "commit", "ci", "revert", "add", "delete", "del",
        "remove", "rm", "move", "mv", "copy", "cp", "import", "export", "merge", "switch", "sw",
        "cleanup", "patch", "resolve", "resolved", "mkdir", "lock", "unlock", "propset", "pset",
        "propdel", "pdel", "upgrade", "relocate",
    ])
    .always()
    .read_only(&["--dry-run"])]),
    cmd(&["gh"]).values(&["-R", "--repo"]).subs(&[
        sub(&["pr"]).subs(&[sub(&["checkout", "co"]).always()]),
        sub(&["repo"]).subs(&[sub(&["clone", "fork"]).always()]),
        sub(&["release", "run"]).subs(&[sub(&["download"])
            .always()
            .output(&["-D", "--dir", "-O", "--output"])]),
        sub(&["gist"]).subs(&[sub(&["clone"]).always()]),
        // git's credential helper in the user's git config
        sub(&["auth"]).subs(&[sub(&["setup-git"]).always()]),
        sub(&["extension", "ext"]).subs(&[sub(&["install", "upgrade", "remove"]).always()]),
    ]),
    // --- Rust -----------------------------------------------------------------
    cmd(&["cargo"])
        .values(&[
            "--manifest-path", "--color", "--config", "-Z", "-p", "--package", "--target-dir",
            "--features", "-F", "-j", "--jobs", "--target", "--bin", "--example", "--test",
            "--bench", "--profile",
        ])
        .chdir(&["-C"])
        .subs(CARGO),
    cmd(&["rustfmt"])
        .writes_targets(A)
        .read_only(&["--check", "--emit=stdout"])
        .values(&[
            "--emit", "--config-path", "--edition", "--config", "--color",
        ]),
    cmd(&["rustup"]).values(&["--toolchain"]).subs(&[
        sub(&["component", "target", "toolchain"]).subs(&[sub(&[
            "add", "remove", "install", "uninstall", "link",
        ])
        .always()]),
        sub(&["install", "update", "uninstall", "default", "self", "set"]).always(),
        sub(&["override"]).subs(&[sub(&["set", "unset"]).always()]),
        sub(&["run"]).run(1),
    ]),
    cmd(&["cargo-insta"]).subs(&[sub(&["accept", "reject", "review"]).always()]),
    // --- mobile, games, embedded, science, operations (twelfth blind batch) ---
    // Android SDK packages: named ones are installed; `--uninstall`,
    // `--update` and `--licenses` change the SDK too; `--list*` only show
    cmd(&["sdkmanager"])
        .with_args(1)
        .write_flags(&["--install", "--uninstall", "--update", "--licenses"])
        .read_only(&["--list", "--list_installed", "--version", "--help"])
        .values(&[
            "--sdk_root", "--channel", "--proxy", "--proxy_host", "--proxy_port", "--package_file",
        ]),
    // virtual devices under ~/.android/avd
    cmd(&["avdmanager"]).subs(&[sub(&["create", "delete", "move"]).always()]),
    // files brought from the device: `pull` into its last argument (or
    // here), a bug report, a backup (`-f FILE`, else backup.ab)
    cmd(&["adb"]).values(&["-s", "-t", "-H", "-P", "-L"]).subs(&[
        sub(&["pull"]).always().targets(Dest).values(&["-z"]),
        sub(&["bugreport"]).always().targets(Targets::First),
        sub(&["backup"]).always().output(&["-f"]),
    ]),
    // `zipalign [-f] [-p] ALIGN IN OUT`; `-c` only checks
    cmd(&["zipalign"]).writes_targets(Nth(3)).read_only(&["-c"]).values(&["-P"]),
    // decompiled sources: into `-d DIR`, or a directory named after the input
    cmd(&["jadx"])
        .always()
        .output(&["-d", "--output-dir", "-ds", "--output-dir-src", "-dr", "--output-dir-res"])
        .read_only(&["--version", "-h"])
        .values(&["-j", "--threads-count", "--log-level"]),
    // signs the APK in place, or writes `--out FILE`
    cmd(&["apksigner"]).subs(&[
        sub(&["sign"]).always().targets(Last).output(&["--out"]).values(APKSIGNER_VALUES),
        sub(&["rotate"]).output(&["--out"]).values(APKSIGNER_VALUES),
    ]),
    // Carthage/Checkouts, Carthage/Build and Cartfile.resolved
    cmd(&["carthage"]).subs(&[sub(&[
        "bootstrap", "update", "checkout", "build", "archive", "fetch",
    ])
    .always()]),
    // fastlane's Pluginfile and Gemfile, a new fastlane/ directory (lanes
    // are the project's own tasks)
    // `fastlane run ACTION`: actions that edit the project; the tools that
    // write screenshots, metadata, profiles; gym's named output directory
    cmd(&["fastlane"]).subs(&[
        sub(&[
            "add_plugin", "install_plugins", "update_plugins", "new_plugin", "init",
            "update_fastlane", "snapshot", "capture_screenshots", "capture_ios_screenshots",
            "screengrab", "capture_android_screenshots", "frameit", "frame_screenshots", "sigh",
            "get_provisioning_profile",
            // certificates into the keychain and profiles into ~/Library,
            // `--readonly` too (it only stops new ones being created)
            "match", "sync_code_signing",
        ])
        .always(),
        sub(&["run"]).subs(&[sub(&[
            "increment_*", "update_info_plist", "set_info_plist_value",
            "update_code_signing_settings",
        ])
        .always()]),
        sub(&["deliver", "upload_to_app_store"])
            .subs(&[sub(&["init", "download_metadata", "download_screenshots"]).always()]),
        sub(&["supply", "upload_to_play_store"]).subs(&[sub(&["init"]).always()]),
        sub(&["gym", "build_app", "build_ios_app"]).files(&["--output_directory", "-o"]),
    ]),
    // `xcrun stapler staple FILE`: the notarization ticket goes into FILE
    cmd(&["stapler"]).subs(&[sub(&["staple"]).always().targets(A)]),
    // an installer package or product archive (`--analyze`,
    // `--synthesize`: the component or distribution plist)
    cmd(&["pkgbuild", "productbuild"]).always().targets(Last).values(&[
        "--root", "--component", "--identifier", "--version", "--install-location", "--scripts",
        "--component-plist", "--sign", "--keychain", "--distribution", "--package-path",
        "--package", "--resources", "--product", "--timestamp",
    ]),
    // image edits happen in place unless `--out`; `-g` only reads
    cmd(&["sips"])
        .write_flags(&[
            "-s", "--setProperty", "-d", "--deleteProperty", "--deleteTag", "--copyTag",
            "--loadTag", "--repair", "-r", "--rotate", "-f", "--flip", "-c",
            "--cropToHeightWidth", "-p", "--padToHeightWidth", "-z", "--resampleHeightWidth",
            "--resampleWidth", "--resampleHeight", "-Z", "--resampleHeightWidthMax", "-i",
            "--addIcon", "-e", "--embedProfile", "-E", "--embedProfileIfNone", "-m", "--matchTo",
            "-M", "--matchToWithIntent", "--deleteColorManagementProperties",
        ])
        .targets(A)
        .output(&["-o", "--out"])
        .files(&["-x", "--extractProfile"])
        .values(&[
            "-g", "--getProperty", "-X", "--extractTag", "-s", "--setProperty", "-d",
            "--deleteProperty", "-r", "--rotate", "-f", "--flip", "-Z",
            "--resampleHeightWidthMax", "--resampleWidth", "--resampleHeight", "-e",
            "--embedProfile", "-E", "--embedProfileIfNone", "-m", "--matchTo", "--padColor",
            "-j", "--js",
        ]),
    // keychain files, and the keychain search list (`-s` sets it); `find-*`,
    // `dump-*`, `show-*` only read
    cmd(&["security"]).subs(&[
        sub(&[
            "import", "create-keychain", "delete-keychain", "add-generic-password",
            "add-internet-password", "add-certificates", "add-trusted-cert", "remove-trusted-cert",
            "delete-certificate", "delete-identity", "delete-generic-password",
            "delete-internet-password", "set-key-partition-list", "set-keychain-settings",
            "set-keychain-password", "set-generic-password-partition-list",
            "set-internet-password-partition-list", "set-identity-preference", "create-keypair",
            "trust-settings-import",
        ])
        .always(),
        sub(&["list-keychains", "default-keychain", "login-keychain"])
            .write_flags(&["-s"])
            .values(&["-d"]),
        sub(&["export"]).output(&["-o"]).values(&["-k", "-t", "-f", "-P"]),
        // `cms -D -i IN`: the decoded message goes to stdout unless `-o`
        sub(&["cms"]).output(&["-o"]).values(&["-i", "-k", "-N", "-u", "-Y", "-Z", "-c", "-e"]),
    ]),
    // signing rewrites the code (`-s`, `--sign`, `--remove-signature`);
    // `-d`, `-v` only show and verify. Its `-o` is `--options`, not a file
    cmd(&["codesign"])
        .write_flags(&["-s", "--sign", "--remove-signature"])
        .targets(A)
        .values(&[
            "-s", "--sign", "-o", "--options", "-i", "--identifier", "-r", "--requirements",
            "--entitlements", "--keychain", "--prefix", "--detached", "-R",
            "--test-requirement", "-a", "--architecture", "--digest-algorithm",
        ]),
    // Flutter app icons and splash screens (`dart run flutter_launcher_icons`)
    cmd(&[
        "flutter_launcher_icons", "flutter_launcher_icons:main", "flutter_launcher_icons:generate",
        "flutter_native_splash:create", "flutter_native_splash:remove",
    ])
    .always(),
    // firebase_options.dart and the platforms' Firebase config files
    cmd(&["flutterfire"]).subs(&[sub(&["configure", "reconfigure"]).always()]),
    // melos: each package's pubspec_overrides.yaml and .dart_tool; `clean`
    // deletes build output; `exec [--] CMD…` runs CMD in every package
    cmd(&["melos"]).subs(&[
        sub(&["bootstrap", "bs", "clean"]).always(),
        sub(&["exec"]).code_args(All).values(&[
            "-c", "--concurrency", "--scope", "--ignore", "--diff", "--since",
            "--dir-exists", "--file-exists", "--depends-on", "--no-depends-on", "--category",
        ]),
    ]),
    // Expo: the native projects (`prebuild`), config files it hands over
    // (`customize`), packages, the exported bundle
    cmd(&["expo", "expo-cli"]).subs(&[sub(&[
        "prebuild", "customize", "install", "export", "export:embed", "upgrade", "init",
    ])
    .always()]),
    // EAS: eas.json, and the project ID in app.json
    cmd(&["eas"]).subs(&[sub(&["build:configure", "update:configure", "init"]).always()]),
    // `pod install` in ios/; patches in patches/ (or applied to node_modules);
    // assets copied into, and files renamed in, the native projects
    cmd(&["pod-install", "patch-package", "react-native-asset", "react-native-rename"]).always(),
    cmd(&["react-native"]).subs(&[
        sub(&["bundle", "ram-bundle"])
            .files(&["--bundle-output", "--assets-dest", "--sourcemap-output"])
            .values(&[
                "--platform", "--dev", "--entry-file", "--minify", "--config", "--transformer",
                "--bundle-encoding", "--max-workers", "--sourcemap-sources-root",
            ]),
        sub(&["init", "upgrade", "link", "unlink"]).always(),
    ]),
    // DirectX shader compilers: the object, header, listing, debug and
    // error files they are told to write (else the listing goes to stdout)
    cmd(&["dxc", "fxc"])
        .output(&["-Fo"])
        .files(&["-Fh", "-Fc", "-Fd", "-Fe", "-Fi", "-Fre", "-Frs", "-Fsh"])
        .values(&["-T", "-E", "-D", "-I", "-HV", "-Vn"]),
    // `--python-expr CODE` is Python (read as inline Python is); a render
    // (`-f N`, `-a`) writes frames to `-o PATH` or the scene's output path;
    // `--python FILE` runs a script, not visible
    cmd(&["blender"])
        .inline_code(Python, &["--python-expr"])
        .write_flags(&["-f", "--render-frame", "-a", "--render-anim"])
        .output(&["-o", "--render-output"])
        .files(&["--log-file"])
        .values(&[
            "-f", "--render-frame", "-P", "--python", "--python-text", "-s", "--frame-start", "-e",
            "--frame-end", "-j", "--frame-jump", "-E", "--engine", "-F", "--render-format", "-t",
            "--threads", "-S", "--scene", "-x", "--use-extension", "--addons", "--app-template",
            "--log", "--log-level", "--python-exit-code",
        ]),
    // Unity in batch mode: `-exportPackage ASSET… FILE` writes FILE;
    // `-importPackage`, `-createProject` write the project; player builds
    // and logs go where they are told
    cmd(&["Unity", "unity", "Unity.exe", "unity-editor"])
        .write_flags(&["-exportPackage", "-importPackage", "-createProject"])
        .targets(Last)
        .output(&[
            "-buildWindows64Player", "-buildWindowsPlayer", "-buildLinux64Player",
            "-buildLinuxUniversalPlayer", "-buildOSXUniversalPlayer", "-buildOSXPlayer",
            "-buildOSX64Player",
        ])
        .files(&["-logFile", "-testResults"])
        .values(&[
            "-projectPath", "-buildTarget", "-executeMethod", "-importPackage", "-username",
            "-password", "-serial", "-testPlatform", "-testFilter", "-testCategory",
            "-cacheServerEndpoint",
        ]),
    // Unity Hub's CLI, all after `--` (`unityhub -- --headless COMMAND`),
    // where words are operands and only options count: the editor version
    // and modules only `install` and `install-modules` take, the install
    // path set (`install-path --set`). Before `--`, `--version` is the
    // app's own
    cmd(&["unityhub", "Unity Hub"])
        .write_flags(&["-v", "--version", "-m", "--module", "-c", "--changeset", "-s", "--set"])
        .read_only(&["-v", "--version"]),
    // Godot: the import cache, class docs, the extension API dump, a 3.x
    // project converted, exports
    cmd(&["godot", "godot4", "godot3"])
        .write_flags(&[
            "--import", "--doctool", "--dump-extension-api", "--dump-extension-api-with-docs",
            "--dump-gdextension-interface", "--convert-3to4", "--export", "--export-release",
            "--export-debug", "--export-pack",
        ])
        .values(&["--path", "--main-pack", "-s", "--script", "--render-thread", "--display-driver"]),
    // GDScript formatted in place (`--check`, `--diff` only report)
    cmd(&["gdformat"])
        .writes_targets(A)
        .read_only(&["-c", "--check", "-d", "--diff"])
        .values(&["-l", "--line-length", "-s", "--use-spaces"]),
    // builds are build output; `-c` deletes it (`-n` only prints)
    cmd(&["scons"])
        .write_flags(&["-c", "--clean", "--remove"])
        .read_only(&["-n", "--no-exec", "--just-print", "--dry-run", "--recon", "-h", "--help"])
        .values(&[
            "-C", "--directory", "-f", "--file", "--makefile", "--sconstruct", "-j", "--jobs",
            "-I", "--include-dir", "--site-dir",
        ]),
    // Unreal: commandlets that resave asset packages; UnrealPak's
    // `-Create=LIST` writes the pak, `-Extract` its files
    cmd(&["UnrealEditor-Cmd", "UnrealEditor", "UE4Editor-Cmd", "UE4Editor"]).write_flags(&[
        "-run=ResavePackages*", "-run=resavepackages*", "-run=FixupRedirects*",
        "-run=fixupredirects*",
    ]),
    cmd(&["UnrealPak"])
        .write_flags(&["-Create", "-create", "-Extract", "-extract"])
        .targets(Targets::First),
    // texture and mesh tools: KTX2/Basis, DDS files, atlases, exported
    // meshes; their info and validation commands only read
    cmd(&["basisu"]).always().read_only(&["-info", "-version", "-help"]).output(&[
        "-output_file", "-output_path",
    ]),
    // `toktx OUT IN…`
    cmd(&["toktx"]).writes_targets(Targets::First).values(&[
        "--levels", "--layers", "--depth", "--scale", "--resize", "--target_type", "--swizzle",
        "--input_swizzle", "--assign_oetf", "--convert_oetf", "--assign_primaries", "--clevel",
        "--qlevel",
    ]),
    cmd(&["ktx"]).subs(&[sub(&["create", "extract", "encode", "transcode", "deflate"]).always()]),
    // `nvcompress IN [OUT]`: OUT, by default IN's name as .dds
    cmd(&["nvcompress"]).always(),
    cmd(&["assimp"]).subs(&[sub(&["export", "extract"]).always()]),
    cmd(&["TexturePacker"])
        .always()
        .read_only(&["--version", "--help"])
        .output(&["--sheet", "--data"]),
    // `lame IN [OUT]`: OUT, by default IN's name as .mp3 (`-`: stdout)
    cmd(&["lame"]).always().targets(Nth(2)).values(&[
        "-b", "-B", "-V", "-q", "-s", "-m", "--resample", "--preset", "--abr", "--lowpass",
        "--highpass", "--scale", "--tt", "--ta", "--tl", "--ty", "--tc", "--tn", "--tg", "--ti",
        "--tv",
    ]),
    // `gltf-transform COMMAND IN OUT`: OUT; `inspect`, `validate` only read
    cmd(&["gltf-transform"]).subs(&[
        sub(&["inspect", "validate"]),
        sub(&["*"]).writes_targets(Dest).values(&[
            "--compress", "--texture-compress", "--texture-size", "--simplify-error",
            "--simplify-ratio", "--flatten", "--join", "--instance", "--palette", "--resample",
            "--prune", "--weld", "--format", "--slots", "--quality", "--effort", "--method",
            "--encoder", "--level", "--ratio", "--error", "--vertex-layout", "--config",
        ]),
    ]),
    // Aseprite's batch exports: the sheet, its data, the saved file
    cmd(&["aseprite"])
        .files(&["--sheet", "--data", "--save-as"])
        .values(&[
            "--sheet-type", "--scale", "--layer", "--tag", "--frame-range", "--format",
            "--filename-format", "--color-mode", "--script", "--script-param", "--palette",
            "--ignore-layer", "--shrink-to", "--sheet-width", "--sheet-height", "--sheet-columns",
            "--sheet-rows", "--border-padding", "--shape-padding", "--inner-padding",
            "--frame-tag", "--import-layer", "--tagname-format",
        ]),
    // PlatformIO: a project's files, packages in ~/.platformio; `run -t
    // clean`/`cleanall` delete the build output (and libdeps); the monitor's
    // `log2file` filter writes a log in the project
    cmd(&["pio", "platformio"]).subs(&[
        sub(&["project"]).subs(&[sub(&["init"]).always()]),
        sub(&["run"])
            .write_flags(&[
                "-t=clean", "-t=cleanall", "--target=clean", "--target=cleanall",
            ])
            .values(&[
                "-t", "--target", "-e", "--environment", "-d", "--project-dir", "-c",
                "--project-conf", "-j", "--jobs", "--upload-port", "--monitor-port",
            ]),
        sub(&["device"]).subs(&[sub(&["monitor"])
            .write_flags(&["-f=log2file", "--filter=log2file"])
            .values(&[
                "-f", "--filter", "-b", "--baud", "-p", "--port", "-e", "--environment", "-d",
                "--project-dir", "--eol", "--encoding",
            ])]),
        sub(&["pkg", "lib", "platform"])
            .subs(&[sub(&["install", "uninstall", "update", "pack"]).always()]),
        sub(&["system"]).subs(&[sub(&["prune"]).always()]),
        sub(&["init", "upgrade", "update"]).always(),
    ]),
    // arduino-cli: indexes, cores and libraries in its data directory,
    // arduino-cli.yaml, new sketches
    cmd(&["arduino-cli"])
        .values(&[
            "--config-file", "--format", "--additional-urls", "--log-level", "--log-format",
        ])
        .files(&["--log-file"])
        .subs(&[
            sub(&["core", "lib"]).subs(&[sub(&[
                "install", "uninstall", "upgrade", "update-index", "download",
            ])
            .always()]),
            sub(&["config"])
                .subs(&[sub(&["init", "set", "add", "remove", "delete", "unset"]).always()]),
            sub(&["sketch"]).subs(&[sub(&["new", "archive"]).always()]),
            sub(&["update", "upgrade"]).always(),
            // the binaries: into `--output-dir`, or the sketch's `build/`
            // (`-e`)
            sub(&["compile"])
                .output(&["--output-dir"])
                .write_flags(&["-e", "--export-binaries"])
                .values(&[
                    "-b", "--fqbn", "-p", "--port", "--build-path", "--build-property",
                    "--libraries", "--library", "--profile", "--warnings", "-P", "--programmer",
                ]),
        ]),
    // west: the CMake package registry (`zephyr-export`), .west/config
    // (`config NAME VALUE`, `-d`/`-D` delete; `config NAME` prints), the
    // workspace's repositories and blobs; `build -t clean`/`pristine`
    // delete the build output; `packages pip --install` installs (without,
    // it prints the requirements)
    cmd(&["west"]).values(&["-z", "--zephyr-base"]).subs(&[
        sub(&["build"])
            .write_flags(&["-t=clean", "-t=pristine", "--target=clean", "--target=pristine"])
            .values(&[
                "-t", "--target", "-b", "--board", "-d", "--build-dir", "-s", "--source-dir",
                "-o", "--build-opt", "-T", "--test-item", "--domain", "-S", "--snippet",
                "--shield",
            ]),
        sub(&["packages"]).subs(&[sub(&["pip"]).write_flags(&["--install"])]),
        sub(&["zephyr-export", "init", "update"]).always(),
        sub(&["config"])
            .with_args(2)
            .write_flags(&["-d", "--delete", "-D", "--delete-all"])
            .listing(&["-l", "--list"]),
        sub(&["blobs"]).subs(&[sub(&["fetch", "clean"]).always()]),
    ]),
    // ESP-IDF's actions (several may be given): cleans, sdkconfig rewritten
    // for a new target or saved as defaults, the component manager's
    // manifest and lock file, new projects and components
    cmd(&["idf.py"])
        .tasks(&[
            "fullclean", "clean", "python-clean", "set-target", "save-defconfig",
            "add-dependency", "update-dependencies", "create-manifest", "create-project",
            "create-project-from-example", "create-component",
        ])
        // `merge-bin -o FILE`: the merged image there (in build/ without it)
        .output(&["-o", "--output"])
        .values(&[
            "-C", "--project-dir", "-B", "--build-dir", "-p", "--port", "-b", "--baud", "-D",
            "--define-cache-entry", "-G", "--generator", "--cmake-warn-uninitialized", "--path",
        ]),
    // the linker writes `-o FILE`, by default a.out (cross toolchains'
    // `arm-none-eabi-ld` are this one too: see `classify::cross_tool`)
    cmd(&["ld", "ld.bfd", "ld.gold", "ld.lld", "ld64.lld"])
        .always()
        .output(&["-o", "--output"])
        .files(&["-Map", "--Map"])
        .read_only(&["--version", "-v", "-V", "--help"])
        .values(&[
            "-T", "--script", "-L", "--library-path", "-l", "--library", "-e", "--entry", "-m",
            "-z", "-soname", "-h", "-rpath", "-rpath-link", "--sysroot", "-u", "--undefined",
            "--defsym", "-Ttext", "-Tdata", "-Tbss", "-A", "--architecture", "-b", "--format",
            "--oformat", "-y", "--trace-symbol", "--dynamic-linker", "-I", "-R", "--just-symbols",
            "--exclude-libs", "--version-script", "--section-start", "-F", "-f", "--filter",
            "--auxiliary",
        ]),
    // OpenOCD's Tcl commands that write a local file: `dump_image FILE …`,
    // `flash read_bank N FILE` (`program` only writes the board); `-l`:
    // its log
    cmd(&["openocd"])
        .write_flags(&[
            "-c=*dump_image *", "-c=*read_bank *", "--command=*dump_image *",
            "--command=*read_bank *",
        ])
        .values(&["-c", "--command", "-f", "--file", "-s", "--search"])
        .files(&["-l", "--log_output"]),
    // `-U MEMORY:r:FILE[:FORMAT]` reads the chip's memory into FILE (`-`:
    // standard output; a file has a directory, an extension or is an
    // expansion); `:w:`, `:v:` write or verify the chip; `-l FILE`: its log
    cmd(&["avrdude"])
        .write_flags(&["-U=*:r:*.*", "-U=*:r:*/*", "-U=*:r:$*"])
        .values(&["-p", "-c", "-P", "-b", "-B", "-C", "-U", "-x", "-i"])
        .files(&["-l"]),
    // nrfjprog: a region read back into a hex file
    cmd(&["nrfjprog"])
        .files(&["--readcode", "--readuicr", "--readram", "--readqspi"])
        .values(&["-f", "--family", "-s", "--snr", "-c", "--clockspeed"]),
    // picotool: `save [-a|-p|-r FROM TO] FILE` writes the flash to FILE
    cmd(&["picotool"]).subs(&[sub(&["save"])
        .writes_targets(Last)
        .values(&["-t", "--family", "--bus", "--address", "--ser"])]),
    // serial consoles' logs: picocom `--logfile`, minicom's capture file
    cmd(&["picocom"])
        .files(&["-g", "--logfile"])
        .values(&["-b", "--baud", "-f", "--flow", "-y", "--parity", "-d", "--databits"]),
    cmd(&["minicom"])
        .files(&["-C", "--capturefile"])
        .values(&["-D", "--device", "-b", "--baudrate", "-S", "--script", "-p", "--ptty"]),
    // esptool: flash and memory dumps, merged and converted images
    cmd(&["esptool.py", "esptool"])
        .values(&[
            "-p", "--port", "-b", "--baud", "-c", "--chip", "--before", "--after",
            "--connect-attempts",
        ])
        .subs(&[
            sub(&["read_flash", "read-flash", "dump_mem", "dump-mem"])
                .always()
                .targets(Last),
            sub(&["merge_bin", "merge-bin", "elf2image"])
                .always()
                .output(&["-o", "--output"])
                .values(&[
                    "--flash_mode", "--flash-mode", "-fm", "--flash_freq", "--flash-freq", "-ff",
                    "--flash_size", "--flash-size", "-fs", "--target-offset", "--fill-flash-size",
                    "--format", "--version", "--chip",
                ]),
        ]),
    // `st-flash read FILE ADDR SIZE` (`write`, `erase` only change the board)
    cmd(&["st-flash"])
        .values(ST_FLASH_VALUES)
        .subs(&[sub(&["read"]).always().targets(Targets::First).values(ST_FLASH_VALUES)]),
    // `-U FILE` uploads the device's memory into FILE (`-D` sends a file)
    cmd(&["dfu-util"]).output(&["-U", "--upload"]).values(&[
        "-a", "--alt", "-d", "--device", "-p", "--path", "-c", "--cfg", "-i", "--intf", "-S",
        "--serial", "-s", "--dfuse-address", "-t", "--transfer-size", "-Z", "--upload-size",
        "-D", "--download", "-E", "--detach-delay", "-n", "--devnum",
    ]),
    // disk images created, converted, resized, committed, rebased or
    // amended, and their snapshots (`-l` lists); `check -r` repairs;
    // `info`, `measure`, `compare`, `map` only read
    cmd(&["qemu-img"]).subs(&[
        sub(&["create", "resize", "commit", "rebase", "amend", "bitmap"])
            .always()
            .targets(Targets::First)
            .values(QEMU_IMG_VALUES),
        sub(&["convert"]).always().targets(Dest).values(QEMU_IMG_VALUES),
        sub(&["snapshot"])
            .write_flags(&["-c", "-d", "-a"])
            .targets(Last)
            .values(&["-c", "-d", "-a", "-f", "--object"]),
        sub(&["check"])
            .write_flags(&["-r"])
            .targets(Last)
            .values(&["-r", "-f", "-T", "--object", "--output"]),
        sub(&["dd"]).output(&["of="]),
    ]),
    // file systems made on the device or image file named first
    cmd(&["mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mke2fs"])
        .always()
        .targets(Targets::First)
        // `-n`: what it would do
        .read_only(&["-n", "-V"])
        .values(&[
            "-b", "-C", "-d", "-E", "-e", "-G", "-g", "-i", "-I", "-J", "-L", "-l", "-m", "-M",
            "-N", "-o", "-O", "-r", "-t", "-T", "-U",
        ])
        .files(&["-z"]),
    cmd(&["mkfs.fat", "mkfs.vfat", "mkfs.msdos", "mkdosfs"])
        .always()
        .targets(Targets::First)
        .read_only(&["--version", "--help"])
        .values(&[
            "-F", "-n", "-S", "-s", "-i", "-r", "-f", "-R", "-h", "-m", "-b", "-D", "-M", "-g",
            "-l", "--codepage", "--mbr", "--variant", "--offset",
        ]),
    cmd(&[
        "mkfs", "mkfs.xfs", "mkfs.btrfs", "mkfs.f2fs", "mkfs.exfat", "mkfs.ntfs", "mkntfs",
        "mkfs.minix", "mkfs.bfs", "mkfs.cramfs", "mkswap",
    ])
    .always()
    .targets(Targets::First)
    .read_only(&["-V", "--version", "--help"])
    .values(&[
        "-t", "-L", "-U", "-b", "-n", "-d", "-i", "-l", "-m", "-r", "-s", "-O", "-p",
    ]),
    // `mksquashfs SOURCE… IMAGE [OPTIONS]`
    cmd(&["mksquashfs"])
        .always()
        .targets(Dest)
        .read_only(&["-version", "-help"])
        .values(&[
            "-comp", "-b", "-e", "-ef", "-o", "-p", "-pf", "-sort", "-processors", "-mem",
            "-root-mode", "-force-uid", "-force-gid", "-all-time", "-mkfs-time",
            "-Xcompression-level", "-Xbcj", "-Xdict-size", "-Xalgorithm", "-Xhc", "-Xlevel",
            "-Xwindow-size", "-Xstrategy", "-Xblock-size",
        ]),
    // U-Boot images: the last argument; `-l` lists an image's header
    cmd(&["mkimage"])
        .writes_targets(Last)
        .read_only(&["-l", "-V"])
        .values(&[
            "-A", "-O", "-T", "-C", "-a", "-e", "-n", "-d", "-f", "-k", "-K", "-g", "-G", "-o",
            "-D", "-i", "-p", "-N", "-R", "-b", "-c",
        ]),
    cmd(&["chage"]).always().read_only(&["-l", "--list"]),
    // /var/lib/systemd/linger/USER (the other verbs act on sessions)
    cmd(&["loginctl"]).subs(&[sub(&["enable-linger", "disable-linger"]).always()]),
    // certificates, keys and renewal settings under /etc/letsencrypt (and
    // the web server's configuration); `certificates`, `plugins` only show
    cmd(&["certbot", "certbot-auto", "letsencrypt"])
        .always()
        .read_only(&["--version", "-h", "--help"])
        .code(&[
            "--pre-hook", "--post-hook", "--deploy-hook", "--renew-hook", "--manual-auth-hook",
            "--manual-cleanup-hook",
        ])
        .values(&[
            "-d", "--domains", "--domain", "-m", "--email", "--cert-name", "-a",
            "--authenticator", "-i", "--installer", "-w", "--webroot-path", "--config-dir",
            "--work-dir", "--logs-dir", "--server", "--preferred-challenges", "--key-type",
            "--rsa-key-size", "--elliptic-curve", "-c", "--config", "--cert-path", "--key-path",
            "--fullchain-path", "--chain-path", "--reason", "--preferred-chain", "--eab-kid",
            "--eab-hmac-key", "--user-agent", "--http-01-port", "--https-port",
        ])
        .subs(&[sub(&["certificates", "plugins", "show_account"])]),
    // Conda lock files (and `install` makes the environment)
    cmd(&["conda-lock"]).always(),
    // rendered documents next to their source (`-o -`: standard output),
    // converted notebooks, projects, extensions and tools
    cmd(&["quarto"]).subs(&[
        sub(&["render"])
            .always()
            .output(&["-o", "--output"])
            .files(&["--output-dir"])
            .values(&["--to", "-t", "-P", "--execute-param", "--profile", "-M", "--metadata"]),
        sub(&["convert"]).always().output(&["-o", "--output"]),
        sub(&[
            "create", "add", "install", "uninstall", "remove", "update", "use", "publish",
        ])
        .always(),
    ]),
    // TeX engines: the PDF (or DVI), .aux and .log next to the source (or
    // in `-output-directory`)
    cmd(&[
        "pdflatex", "xelatex", "lualatex", "latex", "pdftex", "tex", "xetex", "luatex", "etex",
        "platex", "uplatex",
    ])
    .always()
    .read_only(&["--version", "-version", "--help", "-help"])
    .values(&[
        "-interaction", "--interaction", "-jobname", "--jobname", "-output-directory",
        "--output-directory", "-aux-directory", "-output-format", "--output-format", "-fmt",
        "-synctex", "-cnf-line", "-include-directory", "-kpathsea-debug",
    ]),
    // builds the document and its auxiliary files; `-c`, `-C` delete them.
    // Its long single-dash flags are named so that `-pv` is not `-p -v`
    cmd(&["latexmk"])
        .always()
        .read_only(&[
            "-v", "-version", "--version", "-h", "-help", "--help", "-showextraoptions",
            "-commands",
        ])
        .write_flags(&[
            "-pdf", "-pdfdvi", "-pdfps", "-pdflua", "-pdfxe", "-xelatex", "-lualatex", "-dvi",
            "-dvi-", "-dvilua", "-xdv", "-ps", "-pv", "-pv-", "-pvc", "-pvc-", "-c", "-C", "-CA",
            "-g", "-gg", "-f", "-verbose", "-shell-escape", "-no-shell-escape", "-halt-on-error",
            "-new-viewer", "-view",
        ])
        .values(&[
            "-e", "-r", "-jobname", "-outdir", "-auxdir", "-output-directory", "-aux-directory",
            "-pdflatex", "-latex", "-interaction",
        ])
        .files(&["-MF", "-deps-out"]),
    // the bibliography (.bbl) and its log next to the .aux
    cmd(&["bibtex", "bibtex8", "bibtexu", "biber"])
        .always()
        .read_only(&["--version", "-version", "-v", "--help", "-help", "-h"]),
    // the index (.ind) and its log next to the .idx
    cmd(&["makeindex"])
        .always()
        .output(&["-o"])
        .files(&["-t"])
        .values(&["-s", "-p"]),
    // `nccopy [OPTIONS] IN OUT`
    cmd(&["nccopy"]).writes_targets(Dest).values(&[
        "-k", "-d", "-c", "-v", "-V", "-g", "-G", "-m", "-h", "-e", "-F", "-L", "-M",
    ]),
    // nvm: versions under ~/.nvm and their aliases; `use` only changes this
    // shell's PATH
    cmd(&["nvm"]).subs(&[
        sub(&[
            "install", "uninstall", "alias", "unalias", "reinstall-packages", "install-latest-npm",
        ])
        .always(),
        sub(&["cache"]).subs(&[sub(&["clear"]).always()]),
        sub(&[
            "use", "ls", "list", "current", "which", "ls-remote", "version", "version-remote",
            "deactivate", "unload",
        ]),
        sub(&["exec"]).run(1),
    ]),
    // juliaup: Julia versions, channels and its config file; `status`,
    // `list`, `override status` only show; `config NAME` shows a setting,
    // `config NAME VALUE` sets it
    cmd(&["juliaup"]).subs(&[
        sub(&["add", "remove", "rm", "update", "up", "default", "link", "gc"]).always(),
        sub(&["override"]).subs(&[sub(&["set", "unset"]).always()]),
        sub(&["self"]).subs(&[sub(&["update", "uninstall", "channel"]).always()]),
        sub(&["config"]).with_args(2),
    ]),
    // --- Go ---------------------------------------------------------------------
    cmd(&["go"]).subs(&[
        sub(&["fmt"]).always().read_only(&["-n"]),
        // Go's flags are whole words: `-run` is not `-r -u -n`
        sub(&["generate"])
            .always()
            .read_only(&["-n"])
            .values(&["-run", "-skip", "-tags", "-mod"]),
        sub(&["get", "install", "fix"]).always().read_only(&["-n"]),
        sub(&["mod"]).subs(&[
            sub(&["tidy"]).always().read_only(&["-diff"]),
            sub(&["init", "vendor"]).always(),
            sub(&["edit"]).always().read_only(&["-json", "-print"]),
        ]),
        sub(&["work"]).subs(&[sub(&["init", "use", "edit", "sync", "vendor"])
            .always()
            .read_only(&["-json", "-print"])]),
        sub(&["env"]).write_flags(&["-w", "-u"]),
        sub(&["build"])
            .output(&["-o"])
            .values(&["-tags", "-ldflags", "-gcflags", "-p"]),
        sub(&["test"])
            .values(&[
                "-run", "-bench", "-count", "-timeout", "-tags", "-p", "-parallel",
                "-covermode", "-coverpkg", "-cpu", "-benchtime", "-shuffle", "-skip",
                "-fuzz", "-fuzztime", "-list", "-vet", "-exec", "-ldflags", "-gcflags", "-mod",
            ])
            // Go's flags are whole words, never clusters: named here so
            // `-cover` is not read as `-c -o ver`. They only show.
            .listing(&[
                "-cover", "-json", "-short", "-race", "-failfast", "-benchmem", "-trimpath",
                "-fullpath", "-msan", "-asan",
            ])
            .files(&[
                "-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile",
                "-mutexprofile", "-trace", "-outputdir",
            ])
            // the test binary's golden-file convention (`-update`, the
            // standard library's own tests included); `-c` compiles the
            // test binary into PKG.test here (or `-o`)
            .write_flags(&["-update", "-update-golden", "-update_golden", "-c"])
            .read_only(&["-o=/dev/null"]),
        sub(&["run"])
            .run_script(0)
            .values(&["-tags", "-ldflags", "-exec"]),
        // `-n` prints the remove commands without running them
        sub(&["clean"])
            .write_flags(&["-modcache", "-cache", "-testcache", "-fuzzcache"])
            .read_only(&["-n"]),
        // `go tool cover -html=c.out -o c.html`; pprof's flags are Go's
        // single-dash words, never clusters (`-nodecount=20`, `-top`)
        sub(&["tool"])
            .output(&["-o"])
            .values(&["-html", "-func", "-mode", "-var"])
            .subs(&[
                // a profile fetched from a URL is saved under ~/pprof
                sub(&["pprof"])
                    .files(&["-output", "--output"])
                    .write_flags(PPROF_FETCH)
                    .listing(&["-*"]),
                // `-pprof=TYPE` prints a profile; Go's single-dash words
                sub(&["trace"]).values(&["-pprof", "-http", "-d"]),
            ]),
    ]),
    // the standalone pprof, as `go tool pprof`
    cmd(&["pprof"]).files(&["-output", "--output"]).write_flags(PPROF_FETCH).listing(&["-*"]),
    cmd(&["tflint"])
        .write_flags(&["--init", "--fix"])
        .values(&[
            "-f", "--format", "-c", "--config", "--chdir", "--var-file", "--var", "--only",
            "--enable-rule", "--disable-rule", "--filter",
        ]),
    cmd(&["next"]).subs(&[
        sub(&["lint"]).write_flags(&["--fix"]).targets(A),
        // the user's Next.js config store
        sub(&["telemetry"])
            .write_flags(&["--enable", "--disable"])
            .subs(&[sub(&["enable", "disable"]).always()]),
    ]),
    // --- Rust into Python (maturin), data pipelines (dbt, Airflow) --------------
    cmd(&["maturin"]).subs(&[
        // `develop` installs the module into the virtualenv
        sub(&["develop", "new", "init"]).always(),
        sub(&["build", "sdist"]).output(&["-o", "--out"]),
        sub(&["generate-ci"]).output(&["-o", "--output"]),
    ]),
    cmd(&["dbt"]).subs(&[sub(&["deps", "clean", "init"]).always()]),
    cmd(&["airflow"]).subs(&[
        sub(&["variables", "connections", "pools"]).subs(&[sub(&["export"]).writes_targets(Last)]),
        sub(&["dags"]).subs(&[sub(&["show", "show-dependencies"]).files(&["--save", "-s"])]),
        sub(&["db"]).subs(&[sub(&[
            "init", "migrate", "reset", "upgrade", "downgrade", "clean",
        ])
        .always()
        .read_only(&["--show-sql-only"])]),
    ]),
    cmd(&[
        "gofmt", "goimports", "gofumpt", "golines", "goimports-reviser",
    ])
    .write_flags(&["-w", "-w=true", "--write-output"])
    .targets(A),
    cmd(&["golangci-lint"])
        .values(&[
            "-c", "--config", "--timeout", "-E", "--enable", "-D", "--disable",
        ])
        .subs(&[
            // v2's report files (`--output.json.path FILE`; `stdout` and
            // `stderr` print)
            sub(&["run"])
                .write_flags(&[
                    "--fix", "--output.text.path=*.*", "--output.text.path=*/*",
                    "--output.json.path=*.*", "--output.json.path=*/*", "--output.tab.path=*.*",
                    "--output.tab.path=*/*", "--output.html.path=*.*", "--output.html.path=*/*",
                    "--output.checkstyle.path=*.*", "--output.checkstyle.path=*/*",
                    "--output.code-climate.path=*.*", "--output.code-climate.path=*/*",
                    "--output.junit-xml.path=*.*", "--output.junit-xml.path=*/*",
                    "--output.teamcity.path=*.*", "--output.teamcity.path=*/*",
                    "--output.sarif.path=*.*", "--output.sarif.path=*/*",
                ])
                .values(&["--output.*.path"])
                .targets(A),
            // the config rewritten in v2's format
            sub(&["migrate"]).always(),
            sub(&["fmt"])
                .always()
                .targets(A)
                .read_only(&["-d", "--diff"]),
        ]),
    // `-w` writes the edits into the source files; else they are printed
    cmd(&["gopls"]).subs(&[sub(&["format", "imports", "rename", "codeaction", "fix", "execute"])
        .write_flags(&["-w", "-write"])]),
    // gci's `write` rewrites the import blocks (`print`, `diff`, `list` show)
    cmd(&["gci"]).subs(&[sub(&["write"])
        .writes_targets(A)
        .values(&["-s", "--section", "--custom-order"])]),
    // test reports; `--post-run-command` is a command it runs; the words
    // after `--` are `go test`'s (whole-word Go flags: its files, the
    // compiled test binary, golden files updated)
    cmd(&["gotestsum"])
        .files(&["--junitfile", "--jsonfile", "--jsonfile-timing-events", "--rerun-fails-report"])
        .code(&["--post-run-command"])
        .listing(&["-*"])
        .write_flags(&[
            "-c", "-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile",
            "-mutexprofile", "-trace", "-outputdir", "-update", "-update-golden", "-update_golden",
        ])
        .values(&[
            "-f", "--format", "--packages", "--rerun-fails", "--junitfile-testsuite-name",
            "--junitfile-testcase-classname", "--junitfile-project-name", "--format-icons",
            "--hide-summary", "--rerun-fails-max-failures", "--raw-command",
        ])
        // `tool slowest` reads the `--jsonfile`; `--skip-stmt` adds the
        // statement to the slow tests' sources
        .subs(&[sub(&["tool"]).subs(&[sub(&["slowest"])
            .write_flags(&["--skip-stmt"])
            .values(&["--jsonfile", "--threshold", "--num"])])]),
    // mocks generated as `.mockery.yaml` says
    cmd(&["mockery"])
        .always()
        .output(&["--output"])
        .read_only(&["--dry-run", "--print", "--version"])
        .values(&[
            "--name", "--dir", "--outpkg", "--config", "--srcpkg", "--case", "--filename",
            "--structname", "--tags", "--log-level",
        ])
        .subs(&[sub(&["showconfig", "version", "help", "completion"])]),
    // image tarballs, the list of pushed references, SBOMs
    cmd(&["ko"]).verbs().files(&["--tarball", "--image-refs", "--sbom-dir"]),
    // --- Python -------------------------------------------------------------------
    cmd(&["black", "blue"])
        .writes_targets(A)
        .read_only(&["--check", "--diff"])
        .values(&[
            "-l", "-c", "-t", "-S", "-W", "--line-length", "--config", "--target-version",
            "--include", "--exclude", "--extend-exclude", "--force-exclude", "--code",
            "--required-version", "--python-cell-magics",
        ]),
    cmd(&["isort"])
        .writes_targets(A)
        .read_only(&[
            "--check", "--check-only", "-c", "--diff", "--df", "--show-diff", "--stdout", "-d",
        ])
        .values(&[
            "--settings-path", "--settings-file", "--sp", "--profile", "-l", "--line-length", "-p",
            "--project", "-o", "--thirdparty",
        ]),
    cmd(&[
        "autopep8", "yapf", "autoflake", "docformatter", "comby", "unimport", "pycln",
    ])
    .write_flags(&["--in-place", "-i", "-in-place"])
    .targets(A),
    cmd(&[
        "pyupgrade", "add-trailing-comma", "reorder-python-imports", "absolufy-imports",
        "django-upgrade",
    ])
    .writes_targets(A)
    .values(&["--target-version"]),
    // deletes bytecode files and caches under its arguments
    cmd(&["pyclean"])
        .writes_targets(A)
        .read_only(&["-n", "--dry-run"])
        .values(&["-d", "--debris", "-e", "--erase", "-x", "--exclude"]),
    // `wheel unpack` extracts, the others write a wheel
    cmd(&["wheel"]).subs(&[sub(&["unpack", "pack", "convert", "tags"]).always()]),
    cmd(&["ruff"])
        .values(RUFF_VALUES)
        .write_flags(&["--fix", "--fix-only"])
        .read_only(&["--no-fix", "--diff", "--check"])
        .targets(A)
        .subs(&[
            sub(&["format"])
                .always()
                .targets(A)
                .values(RUFF_VALUES)
                .read_only(&["--check", "--diff"]),
            sub(&["check"])
                .values(RUFF_VALUES)
                .write_flags(&["--fix", "--fix-only", "--unsafe-fixes", "--add-noqa"])
                .read_only(&["--no-fix", "--diff"])
                .targets(A),
            sub(&["clean"]).always(),
        ]),
    cmd(&["pip", "pip3"])
        .values(&["--python", "--proxy", "--cache-dir"])
        .subs(&[
            sub(&["install", "uninstall", "download", "wheel"])
            .always()
            .read_only(&["--dry-run"])
            .values(&[
                "-r", "--requirement", "-c", "--constraint", "-e", "--editable", "-t", "--target",
                "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--python-version",
                "--platform", "--root", "--prefix", "-d", "--dest", "-w", "--wheel-dir",
                "--progress-bar",
            ])
            .files(&["--report"]),
            // pip's cache and its config file (pip.conf)
            sub(&["cache"]).subs(&[sub(&["purge", "remove"]).always()]),
            sub(&["config"]).subs(&[sub(&["set", "unset", "edit"]).always()]),
        ]),
    // installs stub packages into the environment; its reports (`--junit-xml
    // FILE`, `--html-report DIR`, …)
    cmd(&["mypy"])
        .write_flags(&["--install-types"])
        .files(&["--junit-xml", "--*-report"]),
    // stubs for a package, in typings/
    cmd(&["pyright"]).write_flags(&["--createstub"]),
    cmd(&["diff-cover", "diff-quality"]).files(&[
        "--html-report", "--json-report", "--markdown-report",
    ]),
    // reports and data files it writes (`coverage run` is a test run)
    cmd(&["coverage"]).subs(&[
        sub(&["html", "xml", "json", "lcov", "annotate"])
            .always()
            .values(&[
                "--data-file", "--include", "--omit", "--fail-under", "--precision", "--title",
                "--rcfile", "--contexts",
            ])
            .output(&["-o", "-d", "--directory"]),
        sub(&["erase", "combine"]).always(),
    ]),
    // `python -m json.tool IN OUT`
    cmd(&["json.tool"]).writes_targets(Nth(2)).values(&["--indent"]),
    cmd(&["pip-compile"])
        .always()
        .read_only(&["--dry-run"])
        .values(&[
            "--extra", "--pip-args", "-c", "--constraint", "-i", "--index-url",
        ])
        .output(&["-o", "--output-file"]),
    cmd(&["pip-sync"]).always().read_only(&["--dry-run", "-n"]),
    cmd(&["uv"])
        .values(&[
            "--python", "-p", "--project", "--directory", "--cache-dir", "--color",
        ])
        .subs(&[
            sub(&["add", "remove", "init", "venv"])
                .always()
                .read_only(&["--dry-run"]),
            sub(&["sync"]).always().read_only(&["--dry-run", "--check"]),
            sub(&["lock"]).always().read_only(&[
                "--check", "--locked", "--check-exists", "--dry-run",
            ]),
            sub(&["pip"]).subs(&[
                sub(&["install", "uninstall", "sync"])
                    .always()
                    .read_only(&["--dry-run"]),
                sub(&["compile"]).output(&["-o", "--output-file"]),
            ]),
            sub(&["export"]).output(&["-o", "--output-file"]),
            sub(&["tool", "python"]).subs(&[
                sub(&["install", "uninstall", "upgrade", "pin", "update-shell"]).always(),
                sub(&["run"]).run(0).values(UV_RUN_VALUES),
            ]),
            sub(&["run"]).run(0).values(UV_RUN_VALUES),
            sub(&["version"])
                .with_args(1)
                .write_flags(&["--bump"])
                .read_only(&["--dry-run", "--short"]),
            sub(&["format"]).always().read_only(CHECK),
            sub(&["cache"]).subs(&[sub(&["clean", "prune"]).always()]),
            // the sdist and wheel in dist/ or `-o DIR`: a package, as
            // `poetry build` and `python -m build` write
            sub(&["build"]).always().output(&["-o", "--out-dir"]),
        ]),
    cmd(&["uvx"]).run(0).values(&[
        "--from", "--with", "--python", "-p", "--index", "--with-requirements",
    ]),
    cmd(&["pipx"]).subs(&[
        sub(&[
            "install", "uninstall", "upgrade", "upgrade-all", "inject", "uninject", "reinstall",
            "reinstall-all", "uninstall-all", "ensurepath", "pin", "unpin",
        ])
        .always(),
        sub(&["run"])
            .run(0)
            .values(&["--spec", "--python", "--index-url", "--pip-args"]),
    ]),
    cmd(&["poetry", "pdm", "pipenv", "hatch", "rye"])
        .values(&["-C", "--directory", "-P", "--project"])
        .subs(&[
            // `build`: the sdist and wheel in dist/, a package like `npm pack`'s
            sub(&[
                "add", "remove", "install", "update", "lock", "init", "new", "sync", "uninstall",
                "clean", "upgrade", "pin", "fmt", "build",
            ])
            .always()
            .read_only(&["--dry-run", "--check"]),
            sub(&["export"]).output(&["-o", "--output"]),
            // `poetry config NAME VALUE`: its config.toml
            sub(&["config"]).with_args(2).write_flags(&["--unset"]),
            sub(&["version"])
                .with_args(1)
                .read_only(&["--dry-run", "--short", "-s"]),
            sub(&["run"]).run(0).values(&["-e", "--env"]),
            sub(&["self"]).subs(&[sub(&["add", "remove", "update", "install", "lock"]).always()]),
        ]),
    // pixi: `clean` deletes the .pixi environments, `upgrade` edits the
    // manifest, `project channel add` and `task add` too, `global` installs
    // into ~/.pixi (its other verbs are judged by the general rules:
    // `pixi add`, `pixi install`)
    cmd(&["pixi"]).subs(&[
        sub(&["clean", "upgrade", "reinstall"]).always(),
        sub(&["project", "workspace"]).subs(&[sub(&["channel", "platform"]).subs(&[sub(&[
            "add", "remove", "rm",
        ])
        .always()])]),
        sub(&["task"]).subs(&[sub(&["add", "remove", "rm", "alias"]).always()]),
        sub(&["global"]).subs(&[sub(&[
            "install", "uninstall", "add", "remove", "sync", "update", "upgrade", "upgrade-all",
            "expose", "shortcut", "edit",
        ])
        .always()]),
    ]),
    cmd(&["conda", "mamba", "micromamba"])
        .values(&["-n", "--name", "-p", "--prefix"])
        .subs(&[
            sub(&[
                "install", "create", "remove", "uninstall", "update", "upgrade", "clean",
                // moves the environment's directory
                "rename",
                // micromamba's own binary
                "self-update",
            ])
            .always()
            .read_only(&["--dry-run", "-d"]),
            sub(&["env"]).subs(&[
                sub(&["create", "update", "remove"]).always(),
                sub(&["export"])
                    .output(&["-f", "--file"])
                    .values(&["-n", "--name", "-p", "--prefix"]),
            ]),
            // conda-pack's archive: `-o`, by default NAME.tar.gz here
            sub(&["pack"])
                .always()
                .output(&["-o", "--output"])
                .values(&["-n", "--name", "-p", "--prefix", "--format", "-j", "--n-threads"]),
            // the shell's rc file (`shell hook` prints the code)
            sub(&["shell"]).subs(&[sub(&["init", "deinit", "reinit"]).always()]),
            sub(&["run"])
                .run(0)
                .values(&["-n", "--name", "-p", "--prefix"]),
            // ~/.condarc (or the file `--file` names)
            sub(&["config"])
                .write_flags(&[
                    "--add", "--append", "--prepend", "--set", "--remove", "--remove-key",
                ])
                .values(&["--file", "--env"]),
        ]),
    // Slurm: `scontrol write batch_script JOB [FILE]` writes
    // slurm-JOB.sh here, or FILE (`-`: standard output); `write config`, a
    // slurm.conf copy; the queue and accounting tools' `-o` is a format
    cmd(&["scontrol"]).values(&["-M", "--clusters"]).subs(&[sub(&["write"]).subs(&[
        sub(&["batch_script"]).always().targets(Nth(2)),
        sub(&["config"]).always(),
    ])]),
    cmd(&["squeue", "sinfo", "sacct", "sstat"]).values(&[
        "-o", "--format", "-O", "--Format", "-u", "--user", "-p", "--partition", "-j", "--jobs",
        "-S", "--starttime", "-E", "--endtime", "-M", "--clusters", "-A", "--account",
    ]),
    // environment modules: a saved collection under ~ (`saverm` deletes it)
    cmd(&["module", "ml"]).subs(&[sub(&["save", "saverm"]).always()]),
    // Fortran: fpm's clean deletes build/; fprettify formats in place
    // unless it prints a diff or to standard output
    cmd(&["fpm"]).subs(&[sub(&["clean"]).always()]),
    cmd(&["fprettify"])
        .writes_targets(A)
        .read_only(&["-d", "--diff", "-s", "--stdout", "-h", "--help", "-v", "--version"])
        .values(&[
            "-i", "--indent", "-l", "--line-length", "-w", "--whitespace", "-e", "--exclude",
            "-f", "--fortran", "-c", "--config-file", "--exclude-max-lines",
        ]),
    // A temporary file or directory is a file written (outside the tree).
    // `sqlite-utils COMMAND DB …`: the database file
    cmd(&["sqlite-utils"]).subs(&[sub(&[
        "insert", "upsert", "bulk", "create-database", "create-table", "create-index",
        "create-view", "create-triggers", "drop-table", "drop-view", "transform", "extract",
        "add-column", "add-foreign-key", "add-foreign-keys", "index-foreign-keys", "enable-fts",
        "disable-fts", "populate-fts", "rebuild-fts", "optimize", "vacuum", "analyze", "convert",
        "insert-files", "duplicate", "rename-table", "enable-wal", "disable-wal",
        "enable-counts", "reset-counts", "add-geometry-column", "create-spatial-index",
    ])
    .always()
    .targets(Targets::First)
    .values(&["--pk", "--column", "--type", "--fk", "--fk-col", "--name"]),
    sub(&["install", "uninstall"]).always(),
    ]),
    cmd(&["mktemp"]).always().read_only(&["-u", "--dry-run"]),
    // Compilers and converters with an explicit output (the default build
    // output is not counted, as for `tsc`).
    cmd(&["javac"]).output(&["-d", "-s", "-h"]).values(&[
        "-cp", "-classpath", "--class-path", "-sourcepath", "--source-path", "--release",
        "-source", "--source", "-target", "--target", "-encoding", "-processorpath",
        "--processor-path", "-p", "--module-path", "--module", "-m", "-bootclasspath",
    ]),
    // `-d` names the directory or jar it writes
    // (options are single-dash words, read whole: `-include-runtime`)
    cmd(&["kotlinc", "kotlinc-jvm"])
        .output(&["-d"])
        .listing(&["-*"])
        .values(&[
            "-cp", "-classpath", "-jvm-target", "-language-version", "-api-version",
            "-module-name", "-jdk-home", "-kotlin-home", "-P", "-opt-in",
        ]),
    // Ghostscript: `-sOutputFile=F`, `-o F`; `-dKEY`, `-sKEY=V` are one word
    cmd(&["gs", "gswin64c", "gswin32c"])
        .output(&["-sOutputFile", "-o"])
        .values(&["-d", "-s", "-r", "-g", "-I"]),
    // typstyle prints unless `-i`
    cmd(&["typstyle"])
        .write_flags(&["-i", "--inplace"])
        .read_only(&["--check", "--diff"])
        .values(&["-c", "--column", "-l", "--line-width", "-t", "--indent-width", "--tab-width"]),
    // `typst compile IN [OUT]`: OUT, by default IN's name as a PDF
    cmd(&["typst"]).subs(&[sub(&["compile", "c", "watch", "w", "init"]).always()]),
    // `htpasswd [-c] FILE USER`: the password file; `-n` prints, `-v`
    // verifies
    cmd(&["htpasswd"])
        .always()
        .targets(Targets::First)
        .read_only(&["-n", "-v"])
        .values(&["-C", "-r"]),
    // `python -m compileall DIR`, `python -m py_compile FILE`: .pyc files
    cmd(&["compileall", "py_compile"]).always(),
    // `python -m nltk.downloader [-d DIR] PACKAGE…`: NLTK's data, into DIR
    // or ~/nltk_data
    cmd(&["nltk.downloader"])
        .always()
        .output(&["-d", "--dir"])
        .values(&["-u", "--url"]),
    // /etc/ld.so.cache and library links; `-p` prints the cache
    cmd(&["ldconfig"])
        .always()
        .output(&["-C"])
        .values(&["-f", "-r", "-c", "--format"])
        .read_only(&["-p", "--print-cache", "-V", "--version"]),
    // rotates (and deletes) logs; `-d` only shows what it would do
    cmd(&["logrotate"])
        .always()
        .values(&["-s", "--state", "-l", "--log", "-m", "--mail"])
        .read_only(&["-d", "--debug", "--usage", "--version"]),
    // the journal files: vacuuming deletes, rotating and flushing write
    cmd(&["journalctl"])
        .write_flags(&[
            "--vacuum-*", "--rotate", "--flush", "--setup-keys", "--update-catalog",
            "--relinquish-var",
        ])
        .values(&[
            "-u", "--unit", "--user-unit", "-n", "--lines", "-p", "--priority", "-S", "--since",
            "-U", "--until", "-t", "--identifier", "-D", "--directory", "--file", "-g", "--grep",
            "-o", "--output", "-M", "--machine", "-F", "--field", "--cursor", "--after-cursor",
        ]),
    // symlinks in the target directory; `-n` simulates
    cmd(&["stow", "xstow"])
        .always()
        .values(&["-d", "--dir", "-t", "--target", "--ignore", "--defer", "--override"])
        .read_only(&["-n", "--no", "--simulate", "-V", "--version"]),
    // Atlas: migration files and their atlas.sum; `schema fmt` its HCL
    cmd(&["atlas"]).subs(&[
        sub(&["migrate"]).subs(&[sub(&[
            "diff", "new", "hash", "edit", "rm", "checkpoint", "import",
        ])
        .always()
        .values(&["--env", "--dir", "--to", "--dev-url", "--config", "--format"])]),
        sub(&["schema"]).subs(&[sub(&["fmt"]).always()]),
    ]),
    // Code generators that write next to their input by default.
    cmd(&["stringer", "flatc", "graphql-codegen", "gql-gen"]).always().read_only(&["--check"]),
    cmd(&["mockgen"]).output(&["-destination"]).values(&["-source", "-package", "-self_package"]),
    // `--install`: the git filter in .git/config and .gitattributes
    cmd(&["nbstripout"])
        .writes_targets(A)
        .write_flags(&["--install", "--uninstall"])
        .read_only(&["--dry-run", "--verify", "-t", "--textconv", "--is-installed", "--status"]),
    cmd(&["redis-cli"])
        .output(&["--rdb"])
        .values(&["-h", "-p", "-a", "-n", "-u", "--user", "--pass"]),
    // `-F`: the archive `-o` writes (`-i` reads it, but extracts); `-O`
    cmd(&["cpio"])
        .write_flags(&["-i", "--extract", "-p", "--pass-through"])
        .output(&["-F", "--file", "-O"])
        .values(&["-H", "--format", "-I", "-E", "--pattern-file", "-R", "--owner", "-C"])
        .read_only(&["-t", "--list", "--to-stdout"]),
    // `jar xf`, `jar cf`, `jar uf` (tar-style modes) and their options
    cmd(&["jar"])
        .write_flags(&[
            "-c", "-x", "-u", "-i", "--create", "--extract", "--update", "--generate-index",
        ])
        .subs(&[sub(&["c*", "x*", "u*", "i*"]).always()]),
    cmd(&["keytool"])
        .write_flags(&[
            "-genkeypair", "-genkey", "-genseckey", "-importcert", "-import", "-importkeystore",
            "-importpass", "-delete", "-changealias", "-storepasswd", "-keypasswd", "-keyclone",
            "-selfcert",
        ])
        .values(&[
            "-alias", "-keyalg", "-keysize", "-keystore", "-storepass", "-storetype", "-keypass",
            "-dname", "-validity", "-ext", "-sigalg", "-srckeystore", "-destkeystore",
            "-srcstorepass", "-deststorepass", "-srcalias", "-destalias", "-providername",
            "-providerclass", "-providerpath", "-infile", "-startdate", "-groupname",
        ])
        // `-file` is what `-exportcert`, `-certreq` and `-gencrl` write
        // (standard output without it), what the imports read (they write
        // the keystore anyway) and what the `-print*` commands read
        .output(&["-file"])
        .files(&["-outfile"])
        .read_only(&["-printcert", "-printcertreq", "-printcrl"]),
    cmd(&["dos2unix", "unix2dos", "mac2unix", "unix2mac"])
        .writes_targets(A)
        .read_only(&["-i", "--info"])
        .values(&["-c", "--convmode", "-n", "--newfile"]),
    cmd(&["setup.py"]).subs(&[sub(&[
        "install", "develop", "build", "build_ext", "build_py", "sdist", "bdist", "bdist_wheel",
        "bdist_egg", "clean", "egg_info", "upload", "register",
    ])
    .always()
    .read_only(&["--dry-run", "-n"])]),
    cmd(&["manage.py", "django-admin"]).subs(&[
        sub(&[
            "makemigrations", "migrate", "startapp", "startproject", "collectstatic",
            "createsuperuser", "loaddata", "flush", "squashmigrations", "compilemessages",
            "makemessages", "createcachetable", "clearsessions", "changepassword",
            "optimizemigration",
        ])
        .always()
        // (the last two: `call_command`'s names for `--check`)
        .read_only(&["--check", "--dry-run", "--plan", "--check-changes", "--check-unapplied"]),
        sub(&["dumpdata"]).output(&["-o", "--output"]),
        // django-extensions' model graph (without `-o`: dot text printed)
        sub(&["graph_models"]).output(&["-o", "--output"]),
        // drf-spectacular's schema
        sub(&["spectacular"]).files(&["--file"]),
        // `--output hash|unified` is a format
        sub(&["diffsettings"])
            .values(&["--output", "--default"])
            .read_only(&["--output=unified", "--output=hash"]),
        sub(&["shell"]).inline_code(Python, &["-c", "--command"]),
    ]),
    cmd(&["alembic"])
        .values(&["-c", "--config", "-n", "--name", "-x"])
        .subs(&[sub(&[
            "revision", "upgrade", "downgrade", "stamp", "init", "merge", "edit",
        ])
        .always()
        .read_only(&["--sql"])
        .values(&["-m", "--message", "--rev-id", "--head"])]),
    cmd(&["pytest", "py.test"])
        // pytest-cov's reports, as `coverage html` writes them: htmlcov/,
        // coverage.xml, … or the path after the colon (`term:skip-covered`
        // prints)
        .write_flags(&[
            "--snapshot-update", "--update-snapshots", "--force-regen", "--inline-snapshot=fix",
            "--cov-report=html*", "--cov-report=xml*", "--cov-report=json*",
            "--cov-report=lcov*", "--cov-report=annotate*",
        ])
        .values(&[
            "-k", "-m", "-p", "--rootdir", "-c", "--cov", "--cov-report", "-n",
        ])
        .files(&[
            "--junitxml", "--junit-xml", "--html", "--resultlog", "--report-log",
        ]),
    cmd(&["jupyter"]).subs(&[
        NBCONVERT,
        // the notebook signature database
        sub(&["trust"]).always(),
        // a kernel's directory under share/jupyter/kernels
        sub(&["kernelspec"]).subs(&[sub(&["install", "uninstall", "remove"]).always()]),
        // ~/.jupyter/jupyter_NAME_config.py
        sub(&["notebook", "lab", "server", "nbclassic"]).write_flags(&["--generate-config"]),
    ]),
    // `python -m nbconvert`, `jupyter-nbconvert`: as `jupyter nbconvert`
    NBCONVERT,
    // `nbqa TOOL PATHS…`: the tool, run on the notebooks' code cells, and
    // what it changes written back into them (`nbqa black nb/ --check`
    // reads)
    cmd(&["nbqa"]).run(0),
    // `--enable`/`--disable`: git's diff and merge drivers in its config
    // (`--global`: ~/.gitconfig), Jupyter's extension config
    cmd(&["nbdime"]).subs(&[
        sub(&["config-git", "extensions"]).write_flags(&["--enable", "--disable"]),
    ]),
    // --- JavaScript -----------------------------------------------------------------
    cmd(&["npm", "npm.cmd"])
        .values(&[
            "--prefix", "-w", "--workspace", "-C", "--cache", "--registry",
        ])
        .subs(&[
            sub(&[
                "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntall", "add",
                "ci", "clean-install", "install-clean", "install-test", "it", "uninstall", "un",
                "unlink", "remove", "rm", "r", "update", "up", "upgrade", "udpate", "link", "ln",
                "init", "create", "dedupe", "ddp", "prune", "shrinkwrap", "pack", "rebuild", "rb",
            ])
            .always()
            .read_only(&["--dry-run"]),
            sub(&["version"]).with_args(1).read_only(&["--dry-run"]),
            sub(&["pkg"]).subs(&[sub(&["set", "delete", "fix"]).always()]),
            sub(&["audit"]).subs(&[sub(&["fix"]).always().read_only(&["--dry-run"])]),
            // The user's npm cache and ~/.npmrc.
            sub(&["cache"]).subs(&[sub(&["clean", "add"]).always()]),
            sub(&["config", "c"]).subs(&[sub(&["set", "delete", "edit", "fix"]).always()]),
            sub(&["run", "run-script", "rum", "urn"]).run_task(0),
            // the words after `--` go to the test runner: jest's and
            // vitest's `-u` update snapshots
            sub(&["test", "t", "tst"]).write_flags(TEST_SNAPSHOT_UPDATE),
            sub(&["exec", "x"])
                .run(0)
                .code(&["-c", "--call"])
                .values(&["-p", "--package"]),
        ]),
    cmd(&["yarn", "yarnpkg"])
        .always()
        .run_task(0)
        .values(&["--cwd", "--modules-folder", "--cache-folder"])
        .subs(&[
            sub(&[
                "add", "install", "i", "remove", "rm", "uninstall", "un", "upgrade", "up",
                "update", "upgrade-interactive", "import", "link", "ln", "unlink", "init",
                "create", "dedupe", "prune", "patch-commit", "autoclean",
            ])
            .always()
            .read_only(&["--dry-run", "--check"]),
            YARN_VERSION,
            // .yarn/plugins and .yarnrc.yml
            sub(&["plugin"]).subs(&[sub(&["import", "remove"]).always()]),
            sub(&["set"]).subs(&[sub(&["version"]).always()]),
            sub(&["constraints"]).write_flags(&["--fix"]),
            // .yarnrc.yml
            sub(&["config"]).subs(&[sub(&["set", "unset", "delete"]).always()]),
            sub(&["run"]).run_task(0),
            sub(&["dlx", "exec", "x", "node"])
                .run(0)
                .values(&["-p", "--package"]),
            // `yarn workspace NAME COMMAND`: a yarn command or a script
            sub(&["workspace"]).subs(&[sub(&["*"]).run_task(0).subs(YARN_IN)]),
            sub(&["workspaces"]).subs(&[sub(&["foreach"])
                .run_task(0)
                .values(&["--from", "--include", "--exclude", "-j", "--jobs", "--since"])
                .subs(YARN_IN)]),
            // the user's package cache
            sub(&["cache"]).subs(&[sub(&["clean", "clear"]).always()]),
            sub(&["pack"])
                .always()
                .output(&["-o", "--out", "--filename"])
                .read_only(&["-n", "--dry-run"]),
            // the words go to the test runner: jest's and vitest's `-u`
            sub(&["test"]).write_flags(TEST_SNAPSHOT_UPDATE),
            sub(&[
                "check", "why", "info", "list", "ls", "outdated", "audit",
                "bin", "licenses", "npm", "explain", "help",
                "node-version", "start", "build",
            ]),
        ]),
    cmd(&["pnpm"])
        .run_task(0)
        .values(&["--filter", "-F", "-C", "--dir", "--reporter", "--store-dir"])
        .subs(&[
            sub(&[
                "add", "install", "i", "remove", "rm", "uninstall", "un", "upgrade", "up",
                "update", "import", "link", "ln", "unlink", "init", "create", "dedupe", "prune",
                "patch-commit", "rebuild", "rb", "fetch", "env", "self-update",
            ])
            .always()
            .read_only(&["--dry-run", "--check"]),
            // a copy of the package and its dependencies in the directory
            sub(&["deploy"]).always().targets(Last).values(&["--filter", "-F"]),
            // the tarball, in the current directory by default
            sub(&["pack"])
                .always()
                .output(&["--out", "--pack-destination"])
                .read_only(&["--dry-run"])
                .values(&["--pack-gzip-level"]),
            // overrides for the vulnerable versions in package.json
            sub(&["audit"]).write_flags(&["--fix"]).values(&["--audit-level"]),
            // .npmrc
            sub(&["config", "c"]).subs(&[sub(&["set", "delete"]).always()]),
            sub(&["run", "run-script"]).run_task(0),
            sub(&["exec", "dlx", "x"])
                .run(0)
                .code(&["-c", "--call"])
                .values(&["--package"]),
            sub(&["version"]).with_args(1),
            // the content-addressable store
            sub(&["store"]).subs(&[sub(&["prune", "add"]).always()]),
            // the words after `--` go to the test runner: jest's and
            // vitest's `-u` update snapshots
            sub(&["test", "t", "tst"]).write_flags(TEST_SNAPSHOT_UPDATE),
            sub(&[
                "why", "list", "ls", "ll", "outdated", "root", "bin", "licenses", "help", "start",
                "publish",
            ]),
        ]),
    cmd(&["npx", "pnpx", "bunx"])
        .run(0)
        .code(&["-c", "--call"])
        .values(&["-p", "--package"]),
    // `turbo TASK` is `turbo run TASK`; `--summarize` writes .turbo/runs/,
    // `--graph=FILE` the task graph (without a file it prints it); the
    // words after `--` go to the tasks: test runners' `-u` update snapshots
    cmd(&["turbo"])
        .project_tasks(&[])
        .values(TURBO_RUN_VALUES)
        .write_flags(TURBO_WRITE_FLAGS)
        .files(&["--graph", "--profile", "--anon-profile"])
        .subs(&[
            sub(&["prune", "gen", "generate"]).always(),
            sub(&["run"])
                .project_tasks(&[])
                .values(TURBO_RUN_VALUES)
                .write_flags(TURBO_WRITE_FLAGS)
                .files(&["--graph", "--profile", "--anon-profile"]),
            // .turbo/config.json and the user's token
            sub(&["link", "unlink", "login", "logout"]).always(),
        ]),
    cmd(&["nx"]).subs(&[
        sub(&[
            "generate", "g", "format:write", "format", "migrate", "add", "init", "import",
            "repair", "release", "reset",
        ])
        .always()
        .read_only(&["--dry-run", "--dryRun", "-d"]),
        sub(&["graph", "dep-graph"]).files(&["--file"]),
    ]),
    // `corepack pnpm install`: the package manager it names runs with the
    // words after it
    cmd(&["corepack"])
        .run(0)
        .subs(&[sub(&["enable", "disable", "install", "prepare", "use", "up"]).always()]),
    cmd(&["node-gyp"]).subs(&[sub(&["configure", "rebuild", "clean", "install"]).always()]),
    // environments and sessions named like formatters; pytest's write
    // options handed on after `--` (`tox -e py312 -- --snapshot-update`)
    cmd(&["tox"])
        .values(&["-e", "-c", "--conf", "--root", "--workdir", "-m", "-f", "-x", "--override"])
        .write_flags(TOX_NOX_WRITES)
        .subs(&[
            sub(&["run", "r", "run-parallel", "p"])
                .values(&["-e", "-m", "-f", "-x", "--override"])
                .write_flags(TOX_NOX_WRITES),
            // a development virtualenv; tox.ini
            sub(&["devenv", "d", "quickstart", "q"]).always(),
        ]),
    cmd(&["nox"])
        .values(&["-s", "-e", "--session", "--sessions", "-p", "--python", "-t", "--tags", "-k", "-f", "--noxfile"])
        .write_flags(TOX_NOX_WRITES),
    // celery: beat's schedule file (celerybeat-schedule; not with
    // django-celery-beat's database scheduler), log, pid and state files
    cmd(&["celery"])
        .values(&["-A", "--app", "-b", "--broker", "--result-backend", "--loader", "--config", "--workdir"])
        .subs(&[
            sub(&["beat"])
                .always()
                .values(&["-l", "--loglevel", "-S", "--scheduler", "--max-interval"])
                .output(&["-s", "--schedule"])
                .files(&["-f", "--logfile", "--pidfile"])
                .read_only(&["-S=django*", "--scheduler=django*"]),
            sub(&["worker"])
                .values(&[
                    "-l", "--loglevel", "-Q", "--queues", "-c", "--concurrency", "-n", "--hostname",
                    "-P", "--pool", "-s", "--schedule-filename",
                ])
                .write_flags(&["-B", "--beat"])
                .files(&["-f", "--logfile", "--pidfile", "-S", "--statedb"]),
            sub(&["multi"]).subs(&[sub(&["start", "restart"]).always()]),
        ]),
    // gunicorn's log and pid files (`-` is standard output)
    cmd(&["gunicorn"]).files(&[
        "--access-logfile", "--error-logfile", "--log-file", "-p", "--pid",
    ]),
    // `madge --image graph.svg`; browserslist's lock-file update
    cmd(&["madge"]).files(&["--image"]),
    cmd(&["browserslist"]).write_flags(&["--update-db"]),
    cmd(&["update-browserslist-db"]).always(),
    // `tsc --build --clean`: deletes the build's outputs
    cmd(&["tsc", "tsgo"]).write_flags(&["--init", "--clean"]).files(&[
        "--generateTrace", "--generateCpuProfile", "--outDir", "--outFile",
    ]).values(&[
        "-p", "--project", "--outDir", "--outFile", "--target", "-t", "--module", "-m", "--lib",
        "--jsx", "--declarationDir", "--rootDir", "--baseUrl", "--tsBuildInfoFile",
    ]),
    cmd(&["ts-node", "tsx", "esno", "vite-node", "babel-node"])
        .run_script(0)
        .values(&[
            "-r", "--require", "-P", "--project", "-O", "--compilerOptions", "--import",
            "--tsconfig", "-e", "--eval", "-p", "--print",
        ]),
    cmd(&["prettier", "prettierd"])
        .write_flags(&["--write", "-w"])
        .targets(A)
        // `--write --list-different` writes and lists what it changed
        .listing(&["--check", "-c", "--list-different", "-l"])
        .values(&[
            "--config", "--ignore-path", "--parser", "--plugin", "--log-level",
        ]),
    cmd(&[
        "eslint", "eslint_d", "stylelint", "markdownlint", "markdownlint-cli2", "standard",
        "standardrb", "xo", "tslint", "oxlint", "textlint", "remark", "lint-md", "knip",
    ])
    .write_flags(&["--fix", "--fix-type-only"])
    .targets(A)
    .read_only(&["--fix-dry-run", "--print-config"])
    .values(&[
        "-c", "--config", "--ext", "-f", "--format", "--rule", "--plugin", "--parser",
        "--ignore-pattern", "--ignore-path", "--max-warnings", "--resolve-plugins-relative-to",
        "--cache-location", "--env", "--global", "--rulesdir", "--parser-options",
    ])
    .files(&["-o", "--output-file"]),
    // `init`: biome.json; the others write with a write flag only (`biome
    // format` prints the diff)
    cmd(&["biome", "rome"]).subs(&[
        sub(&["init"]).always(),
        sub(&["check", "format", "lint", "ci", "migrate", "search", "explain", "rage"])
            .write_flags(&["--write", "--apply", "--apply-unsafe", "--fix", "--unsafe"])
            .targets(A)
            .values(&["--config-path", "--max-diagnostics", "--reporter", "--vcs-root"]),
    ]),
    cmd(&["dprint"]).subs(&[sub(&["fmt"]).always().targets(A).read_only(&["--diff"])]),
    // `--clearCache`: deletes the cache directory
    cmd(&["jest", "vitest"])
        .write_flags(&[
            "-u", "--updateSnapshot", "--update", "--update-snapshot", "--clearCache",
        ])
        .values(&[
            "-t", "--testNamePattern", "-c", "--config", "--reporter", "--reporters", "-w",
            "--maxWorkers", "--project", "--environment", "--shard", "--testTimeout", "--root",
            "--dir", "--mode",
        ])
        // No subcommands: `vitest run|watch|related …` take the same flags,
        // and the first word is mostly a test filter (`npx jest login`),
        // which the general rules for an unlisted subcommand would misread.
        .files(&["--outputFile", "--outputFile.json", "--coverageDirectory"]),
    cmd(&["playwright"]).subs(&[
        // `--save-storage`, `--save-har`: the browser's state, the traffic
        sub(&["codegen"])
            .output(&["-o", "--output"])
            .files(&["--save-storage", "--save-har"]),
        sub(&["open"]).files(&["--save-storage", "--save-har"]),
        // blob reports merged into an html report (playwright-report/) or
        // a blob (blob-report/); the others print
        sub(&["merge-reports"])
            .write_flags(&["--reporter=*html*", "--reporter=*blob*"])
            .values(&["-c", "--config", "--reporter"]),
        sub(&["install", "uninstall"]).always(),
        sub(&["test"])
            .write_flags(&["-u", "--update-snapshots"])
            .files(&["--output"]),
        sub(&["screenshot", "pdf"]).writes_targets(Last),
    ]),
    cmd(&["prisma"]).subs(&[
        sub(&["migrate"]).subs(&[
            sub(&["dev", "reset", "deploy", "resolve"]).always(),
            sub(&["diff"]).files(&["--output"]),
        ]),
        sub(&["generate", "init"]).always(),
        sub(&["db"]).subs(&[
            sub(&["push", "seed", "execute"]).always(),
            sub(&["pull"]).always().read_only(&["--print"]),
        ]),
        sub(&["format"]).always().read_only(&["--check"]),
    ]),
    cmd(&["drizzle-kit"]).subs(&[sub(&[
        "generate", "migrate", "push", "pull", "introspect", "drop", "up",
    ])
    .always()]),
    // typeorm's `--dryrun` prints the migration, `--check` only checks
    cmd(&[
        "sequelize", "sequelize-cli", "knex", "typeorm", "typeorm-ts-node-commonjs",
        "typeorm-ts-node-esm",
    ])
    .subs(&[sub(&[
        "db:migrate", "db:migrate:undo", "db:seed", "db:seed:all", "migration:generate",
        "migration:create", "migration:run", "migration:revert", "migrate:make", "migrate:latest",
        "migrate:rollback", "migrate:up", "migrate:down", "seed:make", "seed:run",
        "model:generate", "init", "init:*", "schema:sync", "schema:drop",
    ])
    .always()
    .read_only(&["--dr", "--ch", "--check"])]),
    cmd(&["ng"]).subs(&[
        sub(&["generate", "g", "new", "n", "add", "update", "extract-i18n"]).always(),
        sub(&["lint"]).write_flags(&["--fix"]),
    ]),
    cmd(&["nest"]).subs(&[sub(&["generate", "g", "new", "n", "add"]).always()]),
    cmd(&["husky"])
        .always()
        .subs(&[sub(&["init", "install", "add", "set", "uninstall"]).always()]),
    // `publish` tags each published package in git
    cmd(&["changeset", "changesets"]).always().subs(&[
        sub(&["version", "add", "pre", "init", "tag"]).always(),
        sub(&["publish"]).always().read_only(&["--no-git-tag"]).values(&["--otp", "--tag"]),
        sub(&["status"]),
    ]),
    // `-o FILE` instead of CHANGELOG.md
    cmd(&["auto-changelog"])
        .always()
        .output(&["-o", "--output"])
        .read_only(&["--stdout"])
        .values(&["-c", "--config", "-t", "--template", "-r", "--remote"]),
    // codemods rewrite the files they are given (`@next/codemod`,
    // `@turbo/codemod`, `@mui/codemod` and codemod.com's CLI are all
    // `codemod`) unless a dry run
    cmd(&["jscodeshift", "codemod", "types-react-codemod"])
        .always()
        .read_only(&["-d", "--dry"])
        .values(&[
            "-t", "--transform", "--parser", "--extensions", "-c", "--cpus", "--ignore-pattern",
            "--ignore-config", "--parser-config",
        ]),
    // `@tailwindcss/upgrade`, `@eslint/migrate-config`, `@yarnpkg/sdks`:
    // rewritten config, css and templates; eslint.config.mjs; .yarn/sdks
    cmd(&["upgrade", "migrate-config", "sdks"]).always(),
    // Auth.js: AUTH_SECRET written into the .env file (`--raw` prints it,
    // `--copy` copies it)
    cmd(&["auth"]).subs(&[sub(&["secret"]).always().read_only(&["--raw", "--copy"])]),
    // `sass IN OUT`, `sass IN:OUT DIR:OUTDIR`; `sass IN` prints the css
    cmd(&["sass"])
        .writes_targets(Nth(2))
        .write_flags(&["*:*"])
        .values(&[
            "-I", "--load-path", "-s", "--style", "--source-map-urls", "--pkg-importer",
            "--silence-deprecation", "--fatal-deprecation", "--future-deprecation",
        ]),
    // @swc/cli: `-d DIR`, `-o FILE`; without them it prints
    cmd(&["swc"])
        .output(&["-o", "--out-file", "-d", "--out-dir"])
        .values(&["--config-file", "-C", "--config", "--env-name", "--extensions", "--ignore"]),
    cmd(&["next-sitemap"]).always(),
    // Svelte's CLI: `migrate` rewrites components (`add`, `create`: the
    // general rules' verbs)
    cmd(&["sv"]).subs(&[sub(&["migrate"]).always()]),
    // `--html FILE`, `--json FILE`, `--tsv FILE` (without a file it prints)
    cmd(&["source-map-explorer"]).files(&["--html", "--json", "--tsv"]),
    // `--init`: .dependency-cruiser.js; `-f FILE`: the report
    cmd(&["depcruise", "dependency-cruiser", "dependency-cruise"])
        .write_flags(&["--init"])
        .output(&["-f", "--output-to"])
        .values(&["-T", "--output-type"]),
    // runs the configured fixers on the staged files and stages their
    // changes, hiding the unstaged ones meanwhile
    cmd(&["lint-staged"]).always(),
    cmd(&[
        "standard-version", "semantic-release", "release-it", "bumpp", "np",
    ])
    .always()
    .read_only(&["--dry-run", "-d", "--ci-dry-run"]),
    cmd(&["lerna"]).subs(&[
        sub(&[
            "version", "publish", "bootstrap", "add", "clean", "init", "link", "create", "import",
            "repair",
        ])
        .always()
        .read_only(&["--dry-run"]),
        // a command in each package, or a package script in each
        sub(&["exec"]).run(0).values(LERNA_VALUES),
        sub(&["run"]).run_task(0).values(LERNA_VALUES).write_flags(&["--profile"]),
    ]),
    // change files, versions and changelogs, the deployment folder,
    // dependencies; `rush NAME`: a custom command from command-line.json
    cmd(&["rush"]).tasks(&["prettier", "prettier:*"]).subs(&[
        sub(&["change"]).always().read_only(&["-v", "--verify"]).values(&[
            "-b", "--target-branch", "--email", "--message", "--bump-type",
        ]),
        sub(&["version"]).always().values(&[
            "-b", "--target-branch", "--override-bump", "--override-prerelease-id",
            "--version-policy", "--override-version",
        ]),
        sub(&["deploy"]).always().values(&[
            "-p", "--project", "-s", "--scenario", "-t", "--target-folder",
        ]),
        sub(&[
            "install", "update", "add", "remove", "purge", "link", "unlink", "init",
            "init-deploy", "init-autoinstaller", "update-autoinstaller", "init-subspace",
            "upgrade-interactive", "setup", "update-cloud-credentials",
        ])
        .always()
        .values(&["-p", "--package", "--variant", "--to", "--from", "-t", "-f", "--subspace"]),
        sub(&["publish"]).write_flags(&["-a", "--apply", "--pack"]),
        sub(&[
            "build", "rebuild", "check", "list", "scan", "tab-complete", "alert", "help",
        ]),
    ]),
    cmd(&["sort-package-json"])
        .always()
        .read_only(&["--check", "-c"]),
    cmd(&["syncpack"]).subs(&[sub(&[
        "fix-mismatches", "format", "set-semver-ranges", "update", "fix",
    ])
    .always()
    .read_only(&["--dry-run"])]),
    cmd(&[
        "create-vite", "create-react-app", "create-next-app", "degit", "giget", "tiged",
        "cookiecutter", "copier", "yo", "plop", "hygen",
    ])
    .always(),
    cmd(&[
        "openapi-generator-cli", "openapi-generator", "swagger-codegen",
        "openapi-typescript", "apollo",
    ])
    .subs(&[
        sub(&["generate", "codegen", "client:codegen"])
            .always()
            .output(&["-o", "--output"])
            .values(&[
                "-i", "--input-spec", "-g", "--generator-name", "-c", "--config",
            ]),
        sub(&["validate", "list", "version", "help", "config-help"]),
    ])
    .output(&["-o", "--output"]),
    // a code generator without subcommands: the client from its config
    cmd(&["orval"])
        .always()
        .output(&["-o", "--output"])
        .values(&["-c", "--config", "-i", "--input", "-p", "--project"]),
    // --- other languages' tools -----------------------------------------------------
    // `gem build` writes the .gem file
    cmd(&["gem"]).subs(&[
        sub(&["install", "uninstall", "update", "pristine", "cleanup", "build"]).always(),
        // extracts the gem into the current directory or `--target DIR`
        sub(&["unpack"])
            .always()
            .output(&["--target"])
            .values(&["-v", "--version", "--platform"]),
    ]),
    cmd(&["bundle", "bundler"])
        .always()
        .values(&["--gemfile", "--path"])
        .subs(&[
            sub(&[
                "install", "update", "add", "remove", "lock", "init", "clean", "binstubs",
                "package", "cache",
            ])
            .always()
            .read_only(&["--print"]),
            sub(&["exec"]).run(0),
            // .bundle/config; `bundle config NAME VALUE` is the old `set`
            sub(&["config"]).with_args(2).subs(&[
                sub(&["set", "unset"]).always(),
                sub(&["get", "list"]),
            ]),
            sub(&[
                "list", "show", "info", "check", "outdated", "doctor", "platform",
                "version", "help", "licenses", "viz", "open", "console",
            ]),
        ]),
    cmd(&["rails", "rake"])
        .project_tasks(&[
            "db:*", "generate", "g", "destroy", "d", "new", "credentials:edit", "*:install",
            "active_storage:install", "assets:precompile", "assets:clobber", "tmp:clear",
            "log:clear", "app:update",
            // tmp/caching-dev.txt; tmp/restart.txt
            "dev:cache", "restart",
            // Bundler's gem tasks: pkg/*.gem, installed, tagged and pushed
            "build", "release", "release:*", "install", "install:*",
            // rswag: the OpenAPI files from the specs
            "rswag:specs:swaggerize",
        ])
        .read_only(&[
            "-n", "--dry-run", "-T", "--tasks", "-P", "-W", "-D", "--describe",
        ])
        .values(&["-f", "--rakefile", "-I", "-R", "-e", "--environment"])
        .subs(&[
            sub(&[
                "db:version", "db:migrate:status", "routes", "console", "c", "server", "s",
                "runner", "about", "test", "stats", "notes", "dbconsole", "middleware", "secret",
                "version",
                // prints keys to copy into the credentials
                "db:encryption:init",
            ]),
            sub(&["generate", "g", "destroy", "d", "new"])
                .always()
                .read_only(&["-p", "--pretend"]),
        ]),
    // the locale files (`check-normalized`, `missing`, `unused`, `health`
    // and the `tree-*` tasks print); `xlsx-report`: tmp/i18n-report.xlsx
    // unless `-p FILE`
    cmd(&["i18n-tasks"]).subs(&[
        sub(&[
            "normalize", "add-missing", "translate-missing", "remove-unused", "prune", "mv",
            "cp", "rm", "data-merge", "data-write", "data-remove",
        ])
        .always(),
        sub(&["xlsx-report"]).always().output(&["-p", "--path"]),
    ]),
    cmd(&["rubocop"])
        .write_flags(&[
            "--autocorrect", "--autocorrect-all", "--auto-correct", "--auto-correct-all",
            "--fix-layout", "-a", "-A", "-x", "--auto-gen-config", "--regenerate-todo",
        ])
        .targets(A)
        .values(&[
            "-c", "--config", "-f", "--format", "--only", "--except", "-r", "--require",
        ])
        .files(&["-o", "--out"]),
    // `--init`: .rspec and spec/spec_helper.rb; `-o FILE`: the formatter's output
    cmd(&["rspec"])
        .write_flags(&["--init"])
        .output(&["-o", "--out"])
        .values(&[
            "-f", "--format", "-r", "--require", "-e", "--example", "-t", "--tag", "-I",
            "--seed", "-P", "--pattern", "--exclude-pattern", "--order",
        ]),
    cmd(&["brakeman"])
        .output(&["-o", "--output"])
        .values(&["-f", "--format", "-c", "--config-file", "-i", "--ignore-config", "-p", "--path"]),
    // Sorbet's RBI files; `--verify` only checks them
    cmd(&["tapioca"]).subs(&[sub(&[
        "gems", "gem", "dsl", "init", "annotations", "todo", "require", "configure",
    ])
    .always()
    .read_only(&["--verify"])]),
    // hooks in .git/hooks, the signature in .git/config
    cmd(&["overcommit"]).write_flags(&["-i", "--install", "-u", "--uninstall", "--sign"]),
    // config/importmap.rb and vendor/javascript
    cmd(&["importmap"]).subs(&[sub(&["pin", "unpin", "update", "pristine"]).always()]),
    cmd(&["erblint", "erb_lint", "erb-lint", "haml-lint", "slim-lint"])
        .write_flags(&["--autocorrect", "-a", "--autocorrect-all", "-A"])
        .targets(A),
    cmd(&["composer"]).subs(COMPOSER),
    // Symfony's bin/console: commands that write files, as data
    cmd(&["console"]).subs(CONSOLE),
    // the Symfony CLI runs Composer and the console
    cmd(&["symfony"]).subs(&[
        sub(&["composer"]).subs(COMPOSER),
        sub(&["console"]).subs(CONSOLE),
    ]),
    cmd(&["phpstan", "phpstan.phar"])
        .write_flags(&["--generate-baseline", "-b"])
        .values(&["-c", "--configuration", "-l", "--level", "--memory-limit", "--error-format"])
        .subs(&[
            sub(&["clear-result-cache"]).always(),
            sub(&["analyse", "analyze"])
                .write_flags(&["--generate-baseline", "-b"])
                .values(&[
                    "-c", "--configuration", "-l", "--level", "--memory-limit", "--error-format",
                ]),
        ]),
    // Psalm: a baseline, a report, Psalter's fixes (`--alter`), psalm.xml
    // (`--init`), its caches
    cmd(&["psalm", "psalm.phar"])
        .files(&["--set-baseline", "--report"])
        .write_flags(&[
            "--update-baseline", "--alter", "--init", "--clear-cache", "--clear-global-cache",
        ])
        .read_only(&["--dry-run"]),
    // Laravel Pint formats in place unless `--test`
    cmd(&["pint"])
        .always()
        .targets(A)
        .read_only(&["--test"])
        .files(&["--output-to-file"])
        .values(&["--config", "--preset", "--format", "--output-format", "--cache-file"]),
    cmd(&["phinx"]).subs(&[sub(&[
        "migrate", "rollback", "seed:run", "create", "init", "seed:create", "breakpoint",
    ])
    .always()
    .read_only(&["-x", "--dry-run"])]),
    cmd(&["artisan"]).subs(&[
        sub(&[
            "migrate:status", "route:list", "about", "list", "help", "env", "test", "inspire",
            "serve", "schedule:list", "queue:work",
        ]),
        // `--execute CODE`: PHP code
        sub(&["tinker"]).inline_code(Php, &["--execute"]),
        // prints the key instead of writing .env
        sub(&["key:generate"]).always().read_only(&["--show"]),
        sub(&[
            "make:*", "migrate", "migrate:*", "db:seed", "db:wipe", "key:generate", "storage:link",
            "vendor:publish", "optimize", "optimize:clear", "config:cache", "config:clear",
            "route:cache", "route:clear", "view:cache", "view:clear", "event:cache", "cache:clear",
            "ide-helper:*", "livewire:make", "breeze:install", "jetstream:install", "install:*",
            "lang:publish", "stub:publish", "schema:dump",
            // bootstrap/cache/packages.php; Sail's docker-compose.yml and
            // Dockerfiles
            "package:discover", "sail:*",
            // storage/framework/down
            "down", "up",
        ])
        .always()
        .read_only(&["--pretend"]),
    ]),
    cmd(&["php-cs-fixer", "php-cs-fixer.phar"]).subs(&[sub(&["fix"])
        .always()
        .targets(A)
        .read_only(&["--dry-run"])
        .values(&[
            "--config", "--rules", "--path-mode", "--format", "--cache-file",
        ])]),
    cmd(&["rector"]).subs(&[sub(&["process"])
        .always()
        .targets(A)
        .read_only(&["--dry-run", "-n"])
        .values(&["-c", "--config", "-a", "--autoload-file", "--output-format"])]),
    // PHP_CodeSniffer: a report written to a file
    cmd(&["phpcs"]).output(&["--report-file"]),
    cmd(&["phpcbf"])
        .writes_targets(A)
        .values(&["--standard", "--extensions"]),
    cmd(&["mix"]).values(&["--env"]).subs(&[
        // prints a secret
        sub(&["phx.gen.secret"]),
        sub(&["format"])
            .always()
            .targets(A)
            .read_only(&["--check-formatted", "--dry-run"]),
        sub(&[
            "deps.get", "deps.update", "deps.unlock", "deps.clean", "ecto.gen.*", "phx.gen.*",
            "ecto.migrate", "ecto.rollback", "ecto.create", "ecto.drop", "ecto.reset",
            "ecto.setup", "ecto.dump", "ecto.load", "new", "phx.new", "archive.install",
            "local.hex", "local.rebar", "igniter.*", "setup", "phx.digest", "phx.digest.clean",
            "gettext.extract", "gettext.merge", "clean",
        ])
        .always()
        .read_only(&["--check-unused", "--check-locked", "--check-up-to-date"]),
        // `--format dot` writes xref_graph.dot (or `--output FILE`; `-`
        // prints it)
        sub(&["xref"]).subs(&[sub(&["graph"])
            .write_flags(&["--format=dot"])
            .read_only(&["--output=-"])
            .values(&["--format", "--output", "--label", "--source", "--sink", "--exclude"])]),
        // .credo.exs, a new check's file
        sub(&["credo"]).subs(&[sub(&["gen.config", "gen.check"]).always()]),
        // .sobelow-conf, .sobelow-skips; `--out FILE`
        sub(&["sobelow"])
            .write_flags(&["--save-config", "--mark-skip-all"])
            .output(&["--out"])
            .values(&["--config", "--format", "-i", "--ignore", "--ignore-files", "--root", "-r"]),
        // doc/ is build output; a directory named with `-o` is written
        sub(&["docs"]).output(&["-o", "--output"]).values(&["-f", "--formatter"]),
    ]),
    cmd(&["dart", "flutter"]).subs(&[
        sub(&["format"])
            .always()
            .targets(A)
            .read_only(&[
                "--output=none", "--output=show", "--output=json", "-o=none", "-o=show", "-o=json",
                "--show", "-n",
            ])
            .values(&["-o", "--output"]),
        sub(&["fix"]).write_flags(&["--apply"]),
        sub(&["pub"]).subs(&[
            sub(&["get", "add", "upgrade", "remove", "downgrade", "cache"]).always(),
            sub(&["run"]).run(0),
            sub(&["global"]).subs(&[sub(&["activate", "deactivate"]).always()]),
        ]),
        sub(&["create", "gen-l10n"]).always(),
        // build/ and .dart_tool/; the SDK's checkout and artifact cache
        sub(&["clean", "precache", "downgrade"]).always(),
        sub(&["upgrade"]).always().read_only(&["--verify-only"]),
        sub(&["channel"]).with_args(1),
        sub(&["test"])
            .write_flags(&["--update-goldens"])
            .files(&["--coverage-path"]),
        sub(&["run"]).run(0),
        // the user's Flutter settings; `flutter config` alone (or `--list`) prints
        sub(&["config"])
            .write_flags(&[
                "--enable-*", "--no-enable-*", "--android-sdk", "--android-studio-dir",
                "--jdk-dir", "--build-dir", "--clear-features", "--analytics", "--no-analytics",
                "--cli-animations", "--no-cli-animations",
            ])
            .values(&["--android-sdk", "--android-studio-dir", "--jdk-dir", "--build-dir"]),
        // flutter_01.png here unless `-o FILE`
        sub(&["screenshot"]).always().output(&["-o", "--out"]),
        // an executable or snapshot next to the source (build output) unless
        // `-o FILE`
        sub(&["compile"]).subs(&[sub(&[
            "exe", "aot-snapshot", "jit-snapshot", "kernel", "js", "wasm",
        ])
        .output(&["-o", "--output"])
        .files(&["-S", "--save-debugging-info", "--depfile"])
        .values(&["-D", "--define", "--target-os", "--target-arch", "-p", "--packages"])]),
    ]),
    cmd(&["build_runner"]).subs(&[sub(&["build", "watch", "clean"]).always()]),
    cmd(&["dotnet"]).subs(&[
        // `--report DIR`: format-report.json, even when only verifying
        sub(&["format"])
            .always()
            .read_only(&["--verify-no-changes"])
            .files(&["--report"]),
        sub(&["add", "remove", "clean"]).always(),
        // .NET 10's noun-first `dotnet package add|remove`; `list`, `search` show
        sub(&["package"]).subs(&[sub(&["add", "remove"]).always()]),
        // the CSharpier tool formats in place unless `check` (`--check` before 0.30)
        sub(&["csharpier"])
            .always()
            .read_only(&["--check"])
            .subs(&[sub(&["format"]).always(), sub(&["check"])]),
        // the dotnet-outdated tool: `-u[:prompt]` upgrades the references
        sub(&["outdated"]).write_flags(&["-u", "--upgrade", "-u:*", "--upgrade:*"]),
        // appsettings.Development.json and the user secrets
        sub(&["user-jwts"]).subs(&[sub(&["create", "remove", "clear"]).always(),
            sub(&["key"]).write_flags(&["--reset"])]),
        // MSBuild: a binary log (`-bl[:FILE]`), the preprocessed project
        // (`-pp:FILE`; `-pp` alone prints it)
        sub(&["msbuild"]).write_flags(&[
            "-bl", "-bl:*", "/bl", "/bl:*", "-binaryLogger*", "/binaryLogger*", "-pp:*", "/pp:*",
            "-preprocess:*", "/preprocess:*",
        ]),
        // scaffolds from a template (`dotnet new console`); `list`, `search`
        // and `details` only show templates
        sub(&["new"])
            .always()
            .read_only(&["--list", "-h", "-?"])
            .values(&["-o", "--output", "-n", "--name", "-lang", "--language", "-f", "--framework"])
            .subs(&[
                sub(&["list", "search", "details"]),
                sub(&["install", "uninstall", "update"]).always(),
            ]),
        // `sln [FILE] add|remove|migrate`; `list` shows
        sub(&["sln"]).always().subs(&[
            sub(&["list"]),
            sub(&["*.sln", "*.slnx"]).always().subs(&[sub(&["list"])]),
        ]),
        // builds write their default output; an explicit one counts, and so
        // do a binary log (`-bl[:FILE]`), a results file from a TRX, HTML or
        // JUnit logger, a data collector's attachments (`--collect "XPlat
        // Code Coverage"`) and coverlet's coverage (`-p:CollectCoverage=true`)
        sub(&["publish", "build", "pack", "test"])
            .output(&["-o", "--output"])
            .values(&[
                "-c", "--configuration", "-f", "--framework", "-r", "--runtime", "-a", "--arch",
                "-v", "--verbosity", "-l", "--logger", "--collect", "--results-directory",
            ])
            .write_flags(&[
                "-bl", "-bl:*", "/bl", "/bl:*", "-binaryLogger*", "/binaryLogger*",
                "--logger=trx*", "--logger=html*", "--logger=junit*", "-l=trx*", "-l=html*",
                "-l=junit*", "--logger:trx*", "--logger:html*", "--logger:junit*", "--collect",
                "--collect:*", "-p:CollectCoverage=true", "/p:CollectCoverage=true",
                "--property:CollectCoverage=true",
            ]),
        // the dotnet-script tool: `init` writes main.csx, omnisharp.json and
        // .vscode/launch.json, `new` a script; `dotnet script FILE` runs it
        sub(&["script"]).subs(&[sub(&["init", "new"]).always()]),
        // secrets.json in the user profile
        sub(&["user-secrets"]).subs(&[sub(&["set", "remove", "clear", "init"]).always()]),
        // NuGet.Config: `add|remove|update|enable|disable source`
        sub(&["nuget"]).subs(&[
            sub(&["locals"]).write_flags(&["-c", "--clear"]),
            sub(&["add", "remove", "update", "enable", "disable"]).always(),
        ]),
        // creates (and with `--trust` trusts) the development certificate
        // unless there is one; `--check` only checks; `-ep FILE` exports it
        sub(&["dev-certs"]).subs(&[sub(&["https"])
            .always()
            .read_only(&["-c", "--check"])
            .output(&["-ep", "--export-path"])
            .write_flags(&["--clean", "--import", "-t", "--trust"])
            .values(&["-p", "--password", "--format"])]),
        sub(&["tool", "workload"]).subs(&[sub(&[
            "install", "uninstall", "update", "restore", "repair",
        ])
        .always()]),
        sub(&["ef"]).subs(&[
            sub(&["migrations"]).subs(&[
                sub(&["add", "remove", "bundle"])
                    .always()
                    .output(&["-o", "--output"]),
                // prints the SQL unless given a file
                sub(&["script"]).output(&["-o", "--output"]),
            ]),
            sub(&["database"]).subs(&[sub(&["update", "drop"]).always()]),
            sub(&["dbcontext"]).subs(&[sub(&["scaffold", "optimize"]).always()]),
        ]),
    ]),
    // nuget.exe: `pack` writes the .nupkg (in the current directory unless
    // `-OutputDirectory`)
    cmd(&["nuget", "nuget.exe"]).subs(&[sub(&["pack"])
        .always()
        .output(&["-OutputDirectory"])
        .values(&[
            "-Version", "-Suffix", "-Properties", "-BasePath", "-Exclude", "-MinClientVersion",
            "-Verbosity", "-ConfigFile", "-MSBuildPath", "-MSBuildVersion",
        ])]),
    cmd(&["stylua"])
        .writes_targets(A)
        .read_only(&["--check", "-c", "--verify-only"]),
    cmd(&["taplo"]).subs(&[sub(&["fmt", "format"])
        .always()
        .targets(A)
        .read_only(&["--check"])]),
    cmd(&["swiftformat"])
        .writes_targets(A)
        .read_only(&["--lint", "--dryrun"])
        .files(&["--report"]),
    cmd(&["swift-format"])
        .write_flags(&["-i", "--in-place"])
        .targets(A)
        .subs(&[sub(&["format"])
            .write_flags(&["-i", "--in-place"])
            .targets(A)]),
    cmd(&["swift"]).subs(&[
        // a command plugin allowed to write the package's files
        sub(&["package"])
            .write_flags(&["--allow-writing-to-package-directory", "--allow-writing-to-directory"])
            .values(&["--allow-writing-to-directory"])
            .subs(&[
                sub(&[
                    "update", "resolve", "init", "reset", "edit", "unedit", "add-dependency",
                    "add-target", "clean", "purge-cache",
                ])
                .always(),
                // rewrites the Package.swift header
                sub(&["tools-version"]).write_flags(&["--set", "--set-current"]),
            ]),
        sub(&["test"]).output(&["--xunit-output"]),
    ]),
    // `swiftgen` and `config run` generate the sources its config names
    cmd(&["swiftgen"]).always().subs(&[
        sub(&["config"]).subs(&[sub(&["run"]).always()]),
        sub(&["run"]).output(&["-o", "--output"]),
        sub(&["template"]),
    ]),
    cmd(&["swiftlint"])
        .write_flags(&["--fix", "--autocorrect"])
        .subs(&[
            sub(&["lint"]).write_flags(&["--fix", "--autocorrect"]),
            sub(&["autocorrect"]).always(),
        ]),
    // a reporter given `output=FILE` writes it; the git hooks
    cmd(&["ktlint"])
        .write_flags(&["-F", "--format", "--reporter=*output=*"])
        .targets(A)
        .subs(&[sub(&["installGitPreCommitHook", "installGitPrePushHook"]).always()]),
    // a baseline file, the default config, fixes
    cmd(&["detekt", "detekt-cli"])
        .write_flags(&[
            "--create-baseline", "-cb", "--generate-config", "-gc", "--auto-correct", "-ac",
        ])
        .values(&[
            "--input", "-i", "--baseline", "-b", "--config", "-c", "--report", "-r",
            "--excludes", "-ex", "--includes", "-in", "--classpath", "-cp", "--plugins", "-p",
        ]),
    // formats the project's files in place (the ones named, or all)
    cmd(&["scalafmt"])
        .always()
        .targets(A)
        .read_only(&["--test", "--check", "--list", "--stdout", "--stdin"])
        .values(&["-c", "--config", "--config-str", "--exclude", "--mode", "--diff-branch"]),
    // migrations applied, reverted or a schema cleaned; `info`, `validate`
    // only read
    cmd(&["flyway"]).subs(&[sub(&["migrate", "clean", "baseline", "repair", "undo"]).always()]),
    // changesets applied or reverted, changelogs written; `status`,
    // `history`, `update-sql` (unless `--output-file`) only read
    cmd(&["liquibase"]).output(&["--output-file"]).subs(&[sub(&[
        "update", "update-count", "update-to-tag", "rollback", "rollback-count",
        "rollback-to-date", "drop-all", "generate-changelog", "diff-changelog", "changelog-sync",
        "changelog-sync-to-tag", "tag", "clear-checksums", "release-locks",
        "mark-next-changeset-ran",
    ])
    .always()
    .output(&["--output-file"])]),
    // luarocks: a rock built and installed, packed, a rockspec written,
    // the tree purged, a config value set (`config KEY` shows it)
    cmd(&["luarocks"])
        .values(&["--tree", "--server", "--only-server", "--lua-version", "--lua-dir"])
        .subs(&[
            sub(&["make", "pack", "new_version", "write_rockspec", "purge"]).always(),
            sub(&["config"]).with_args(2).write_flags(&["--unset"]),
        ]),
    // busted: `--coverage` writes luacov.stats.out; `-o` names an output
    // handler, not a file
    cmd(&["busted"]).write_flags(&["--coverage", "-c"]).values(&[
        "-o", "--output", "-p", "--pattern", "-t", "--tags", "--exclude-tags", "-m", "--lpath",
        "--cpath", "-r", "--run", "-f", "--config-file", "--lua", "--filter", "--filter-out",
        "--name", "--helper", "--loaders", "-C", "--directory", "--exclude-pattern", "--seed",
        "--repeat", "--lang",
    ]),
    // luacov writes its report (luacov.report.out) from the stats file
    cmd(&["luacov"]).always(),
    // selene: the Roblox standard library file, a std converted
    cmd(&["selene"]).subs(&[sub(&[
        "generate-roblox-std", "update-roblox-std", "upgrade-std",
    ])
    .always()]),
    cmd(&["ktfmt"])
        .writes_targets(A)
        .read_only(&["--dry-run", "-n", "--stdin-name"]),
    cmd(&["google-java-format"])
        .write_flags(&["--replace", "-r", "-i"])
        .targets(A)
        .read_only(&["--dry-run", "-n"]),
    cmd(&[
        "clang-format", "clang-format-14", "clang-format-15", "clang-format-16", "clang-format-17",
        "clang-format-18", "clang-format-19",
    ])
    .write_flags(&["-i", "--in-place"])
    .targets(A)
    .read_only(&["--dry-run", "-n"])
    .values(&[
        "--style", "-style", "--assume-filename", "--lines", "--offset", "--length",
    ]),
    cmd(&["clang-tidy", "run-clang-tidy"])
        .write_flags(&["-fix", "-fix-errors", "--fix", "--fix-errors", "-fix-notes"])
        .values(&[
            "-p", "-checks", "--checks", "-config", "--config", "-header-filter",
        ])
        .files(&["-export-fixes", "--export-fixes"]),
    cmd(&["cmake-format", "gersemi"])
        .write_flags(&["-i", "--in-place"])
        .targets(A)
        .read_only(&["--check"])
        .output(&["-o", "--outfile-path"]),
    cmd(&[
        "nixpkgs-fmt", "alejandra", "nixfmt", "fantomas", "mdformat",
    ])
    .writes_targets(A)
    .read_only(&["--check", "-c", "--diff", "--verify"]),
    // prints the formatted source unless told to edit in place
    cmd(&["ormolu", "fourmolu"])
        .write_flags(&["-i", "--mode=inplace", "-m=inplace"])
        .targets(A)
        .values(&[
            "-m", "--mode", "-o", "--ghc-opt", "--start-line", "--end-line", "--stdin-input-file",
            "-p", "--package", "-t", "--source-type",
        ]),
    cmd(&["hpack"]).always(),
    // `configure` writes cabal.project.local; `sdist -o DIR` puts the
    // tarball there (by default under dist-newstyle); tasty-golden's
    // `--accept` rewrites the golden files
    cmd(&["cabal"]).subs(&[
        sub(&[
            "freeze", "v2-freeze", "init", "install", "v2-install", "update", "v2-update",
            "clean", "v2-clean", "get", "unpack", "configure", "v2-configure",
        ])
        .always()
        .read_only(&["--dry-run"]),
        sub(&["sdist", "v2-sdist"]).output(&["-o", "--output-directory", "--output-dir"]),
        sub(&["test", "v2-test"])
            .write_flags(&["--test-options=*--accept*", "--test-option=--accept"])
            .values(&["--test-options", "--test-option"]),
    ]),
    // prints the formatted file unless told to edit in place
    cmd(&["cabal-fmt"]).write_flags(&["-i", "--inplace"]).targets(A),
    cmd(&["nix"])
        .values(&["--option", "-I", "--extra-experimental-features"])
        .subs(&[
            sub(&["fmt"]).always(),
            sub(&["flake"]).subs(&[sub(&["update", "lock", "init", "new"]).always()]),
            // `-o`: the out-link's name; `--profile`: a profile link
            sub(&["build"]).output(&["-o", "--out-link"]).files(&["--profile"]),
            sub(&["develop", "shell"])
                .run_after(&["-c", "--command"])
                .values(&["-i", "-k", "--keep", "-s", "--set-env-var"])
                .files(&["--profile"]),
            // a store or binary cache on this machine (not `ssh://`, `s3://`)
            sub(&["copy"])
                .values(&["--to", "--from"])
                .write_flags(&["--to=file://*", "--to=/*", "--to=.*", "--to=~*"]),
            sub(&["profile"]).subs(&[sub(&["install", "remove", "upgrade", "add"]).always()]),
        ]),
    cmd(&["nix-shell"])
        .code(&["--run", "--command"])
        .values(&["-p", "-A", "-I", "--arg", "--argstr"]),
    // store paths and old generations deleted
    cmd(&["nix-collect-garbage"]).always(),
    cmd(&["nix-env"]).write_flags(&["-i", "--install", "-e", "--uninstall", "-u", "--upgrade"]),
    cmd(&["buildifier"])
        .writes_targets(A)
        .read_only(&[
            "-mode=check", "--mode=check", "-mode=diff", "--mode=diff", "-mode=print_if_changed",
            "-d",
        ])
        .values(&["-type", "--type", "-path", "--path"]),
    // `--fix` asks before each fix, `--fix-all` before all of them; `init`
    // and `new-*` create a configuration or a package, `suppress` the
    // suppression files (`--check-after-tests` only checks them)
    cmd(&["elm-review"])
        .write_flags(&["--fix", "--fix-all", "--fix-all-without-prompt"])
        .values(&["--config", "--template", "--elmjson", "--compiler", "--elm-format-path"])
        .subs(&[sub(&["init", "new-package", "new-rule", "suppress"])
            .always()
            .read_only(&["--check-after-tests"])]),
    // `gen`: the generated modules in .elm-spa/
    cmd(&["elm-spa"]).subs(&[sub(&["gen"]).always()]),
    cmd(&["elm-format"])
        .writes_targets(A)
        .read_only(&["--validate", "--stdin"])
        .output(&["--output"]),
    cmd(&["djlint"])
        .write_flags(&["--reformat"])
        .targets(A)
        .read_only(&["--check"]),
    cmd(&["buf"]).subs(&[
        sub(&["format"])
            .write_flags(&["-w", "--write"])
            .read_only(&["-d", "--diff"])
            .output(&["-o", "--output"]),
        sub(&["generate"]).always().output(&["-o", "--output"]),
        sub(&["build"]).output(&["-o", "--output"]),
        sub(&["mod", "dep"]).subs(&[sub(&["update", "prune", "init"]).always()]),
        // buf.yaml created, or rewritten as v2
        sub(&["config"]).subs(&[sub(&["init", "migrate"]).always()]),
        sub(&["export"]).output(&["-o", "--output"]),
    ]),
    cmd(&["protoc", "protoc-c", "grpc_tools.protoc"])
        .values(&["-I", "--proto_path", "--plugin", "--*_opt"])
        .files(&["--*_out", "-o", "--descriptor_set_out", "--dependency_out"]),
    cmd(&["sqlc"]).subs(&[sub(&["generate", "init"]).always()]),
    cmd(&["swag"]).subs(&[
        sub(&["init"])
            .always()
            .output(&["-o", "--output"])
            .values(&["-g", "-d", "--dir"]),
        sub(&["fmt"]).always(),
    ]),
    cmd(&[
        "bindgen", "cbindgen", "cxxbridge", "uniffi-bindgen", "wasm-bindgen", "wasm-pack",
    ])
    .values(&["--config", "-c", "--crate", "--lang", "-l", "--target"])
    .output(&["-o", "--output", "--out-dir", "--out-file"])
    .subs(&[sub(&["build", "new", "generate", "pack"])
        .always()
        .output(&["-d", "--out-dir"])]),
    cmd(&["sqlx", "sqlx-cli"]).subs(&[
        sub(&["migrate"]).subs(&[sub(&["add", "run", "revert"]).always()]),
        sub(&["database", "db"]).subs(&[sub(&["create", "drop", "setup", "reset"]).always()]),
        sub(&["prepare"]).always().read_only(&["--check"]),
    ]),
    cmd(&["diesel"]).subs(&[
        sub(&["migration"]).subs(&[sub(&["generate", "run", "revert", "redo"]).always()]),
        sub(&["setup"]).always(),
        sub(&["database"]).subs(&[sub(&["setup", "reset", "drop"]).always()]),
    ]),
    cmd(&["zig"]).subs(&[
        sub(&["fmt"])
            .writes_targets(A)
            .read_only(&["--check", "--stdin", "--ast-check"]),
        sub(&["init", "init-exe", "init-lib", "fetch"]).always(),
        // `zig-out` is build output; `-p DIR` installs elsewhere
        sub(&["build"])
            .output(&["-p", "--prefix", "--prefix-exe-dir", "--prefix-lib-dir"])
            .values(&["--build-file", "--cache-dir", "--global-cache-dir", "-j"]),
        // `-femit-bin=PATH` names the output; bare, it is the default
        sub(&["build-exe", "build-lib", "build-obj", "test", "run"])
            .write_flags(&["-femit-bin=*", "-femit-h=*", "-femit-docs=*", "-femit-asm=*"]),
        // `objcopy IN OUT` writes OUT
        sub(&["objcopy"])
            .writes_targets(Dest)
            .files(&["--extract-to"])
            .values(&[
                "-O", "--output-target", "-j", "--only-section", "--pad-to",
                "--add-gnu-debuglink", "--set-section-alignment", "--set-section-flags",
                "--add-section",
            ]),
        // C compiler options are single-dash words (`-Wno-x`, `-fno-y`,
        // `-nostdlib`): `-*` keeps their letters from being read as `-o`
        sub(&["cc", "c++"])
            .output(&["-o", "--output"])
            .files(&["-MF"])
            .values(&["-target", "-I", "-L", "-D", "-x", "-include", "-isystem", "-MT", "-MQ"])
            .listing(&["-*"]),
    ]),
    cmd(&["latexindent", "latexindent.pl"])
        .write_flags(&[
            "-w", "--overwrite", "-overwriteIfDifferent", "--overwriteIfDifferent",
        ])
        .targets(A)
        .output(&["-o", "--outputfile"])
        .files(&["-g", "--logfile"]),
    cmd(&["tidy"])
        .write_flags(&["-m", "-modify", "--modify"])
        .targets(A)
        .output(&["-o", "-output", "--output-file"])
        .files(&["-f", "-file", "--error-file"])
        .values(&[
            "-config", "-indent-spaces", "-wrap", "-w", "-access", "-language",
        ]),
    // `-o FILE`; `-m DIR`: a file per field of the result
    cmd(&["jsonnet"])
        .values(&[
            "-J", "--jpath", "-V", "--ext-str", "--ext-str-file", "--ext-code", "--ext-code-file",
            "-A", "--tla-str", "--tla-str-file", "--tla-code", "--tla-code-file", "-s",
            "--max-stack", "-t", "--max-trace",
        ])
        .output(&["-o", "--output-file", "-m", "--multi"]),
    cmd(&["jsonnetfmt"])
        .write_flags(&["-i", "--in-place"])
        .targets(A)
        .read_only(&["--test"])
        .output(&["-o", "--output-file"]),
    cmd(&["typos", "codespell"])
        .write_flags(&["-w", "--write-changes"])
        .targets(A)
        .values(&[
            "-L", "--ignore-words-list", "-S", "--skip", "-I", "--ignore-words", "-x",
            "--exclude-file", "-D", "--dictionary", "-i", "--interactive", "-c", "--config",
            "--format", "--exclude", "--type",
        ]),
    cmd(&["xmlstarlet", "xml"]).subs(&[sub(&["ed", "edit"])
        .write_flags(&["-L", "--inplace"])
        .targets(Last)
        .values(&[
            "-u", "-v", "-d", "-i", "-a", "-s", "-t", "-n", "-r", "-m", "-N", "--update",
            "--value", "--delete", "--insert", "--append", "--subnode", "--type", "--rename",
            "--move",
        ])]),
    cmd(&["dasel"])
        .output(&["-o", "--out"])
        .values(&[
            "-f", "--file", "-r", "--read", "-w", "--write", "-s", "--selector",
        ])
        .subs(&[sub(&["put", "delete"])
            .output(&["-o", "--out"])
            .files(&["-f", "--file"])
            .values(&[
                "-t", "--type", "-v", "--value", "-r", "--read", "-w", "--write", "-s",
                "--selector", "-d", "--document",
            ])]),
    // great_expectations' CLI (before 1.0): new suites, checkpoints and
    // datasources, the project's config, its data docs
    cmd(&["great_expectations", "great-expectations"])
        .values(&["-c", "--config", "-d", "--directory"])
        .subs(&[
            sub(&["init"]).always(),
            sub(&["suite", "checkpoint", "datasource", "expectation"]).subs(&[sub(&[
                "new", "edit", "delete", "script", "scaffold", "demo", "add",
            ])
            .always()]),
            sub(&["project"]).subs(&[sub(&["upgrade"]).always()]),
            sub(&["docs"]).subs(&[sub(&["build", "clean"]).always()]),
            sub(&["store"]).subs(&[sub(&["list"])]),
        ]),
    // `--insert` (with `--db`) loads the files into the database
    cmd(&["csvsql"]).write_flags(&["--insert"]).values(&[
        "--db", "--query", "--tables", "-d", "--delimiter", "-q", "--quotechar", "-e",
        "--encoding", "-i", "--dialect", "--prefix", "--before-insert", "--after-insert",
        "--chunk-size", "-y", "--snifflimit", "--db-schema", "--engine-option",
    ]),
    // `-s EXP` (`--split-exp`) writes each document to a file named by EXP
    cmd(&["yq"])
        .write_flags(&["-i", "--inplace", "--in-place", "-s", "--split-exp"])
        .targets(From(2))
        .values(&[
            "-o", "--output-format", "-p", "--input-format", "-I", "--indent", "--from-file",
            "--expression", "-s", "--split-exp",
        ])
        .subs(&[
            sub(&["e", "eval", "ea", "eval-all"])
            .write_flags(&["-i", "--inplace", "--in-place", "-s", "--split-exp"])
            .targets(From(2))
            .values(&[
                "-o", "--output-format", "-p", "--input-format", "-I", "--indent", "-s",
                "--split-exp",
            ]),
            // yq 3's `merge`/`m` prints the merged document unless `-i`
            sub(&["merge", "m"]).write_flags(&["-i", "--inplace"]).targets(Nth(1)),
        ]),
    cmd(&["sd"])
        .writes_targets(From(3))
        .read_only(&["-p", "--preview"])
        .values(&["-f", "--flags"]),
    cmd(&["ast-grep", "sg"]).write_flags(&["-U", "--update-all"]),
    cmd(&["fastmod", "rerast", "semgrep"])
        .write_flags(&["--autofix", "-i", "--in-place", "--accept-all"])
        .output(&["-o", "--output"]),
    cmd(&["trivy", "gitleaks"])
        .values(&["-f", "--format", "--severity", "-c", "--config"])
        .output(&["-o", "--output", "-r", "--report-path"]),
    // `run`: what its hooks do is in .pre-commit-config.yaml, not visible
    // here, and fixing files is what they are for (the config its
    // `sample-config` prints has trailing-whitespace and end-of-file-fixer);
    // a run over the staged files also stashes the unstaged changes and
    // checks the work tree out
    cmd(&["pre-commit", "prek"]).subs(&[sub(&[
        "install", "uninstall", "autoupdate", "install-hooks", "migrate-config", "clean", "gc",
        "init-templatedir", "run", "try-repo",
    ])
    .always()]),
    cmd(&["bump2version", "bumpversion"])
        .always()
        .read_only(&["--dry-run", "-n", "--list"]),
    cmd(&["bump-my-version"]).subs(&[
        sub(&["bump", "replace"])
            .always()
            .read_only(&["--dry-run", "-n"]),
        sub(&["show", "show-bump", "sample-config"]),
    ]),
    cmd(&["cargo-release"]).write_flags(&["--execute", "-x"]),
    // --- package managers of the system ------------------------------------------------
    cmd(&["brew"]).subs(&[
        sub(&[
        "install", "uninstall", "remove", "rm", "upgrade", "update", "reinstall", "tap", "untap",
        "link", "unlink", "cleanup", "pin", "unpin", "autoremove",
    ])
    .always()
    .read_only(&["--dry-run", "-n"]),
        // installs the Brewfile's packages; `dump` writes the Brewfile
        sub(&["bundle"]).always().subs(&[
            sub(&["check", "list", "env", "sh"]),
            sub(&["exec"]).run(0),
            sub(&["dump"]).always().output(&["--file"]),
            sub(&["cleanup"]).write_flags(&["--force"]),
        ]),
    ]),
    cmd(&[
        "apt", "apt-get", "aptitude", "dnf", "yum", "zypper", "apk", "snap", "port", "flatpak",
        "emerge", "xbps-install", "nix-channel", "choco", "scoop", "winget",
    ])
    .read_only(&[
        "-s", "--simulate", "--dry-run", "--just-print", "--no-act", "--recon", "-p", "--pretend",
    ])
    .subs(&[sub(&[
        "install", "remove", "purge", "upgrade", "update", "autoremove", "add", "del", "reinstall",
        "dist-upgrade", "full-upgrade", "erase", "uninstall", "inject", "upgrade-all", "refresh",
        "clean", "autoclean", "build-dep", "source", "download",
    ])
    .always()
    .read_only(&[
        "-s", "--simulate", "--dry-run", "--just-print", "--no-act", "--recon",
    ])]),
    cmd(&["dpkg", "rpm"]).write_flags(&[
        "-i", "--install", "-r", "--remove", "-P", "--purge", "-U", "--upgrade", "-e", "--erase",
        "--unpack", "--configure",
    ]),
    cmd(&[
        "mise", "rtx", "asdf", "fnm", "volta", "pyenv", "rbenv", "nodenv", "goenv", "sdk",
        "jenv", "proto", "plenv",
    ])
    .subs(&[
        sub(&[
            "install", "i", "uninstall", "use", "pin", "set", "unset", "add",
            "remove", "upgrade", "prune", "reshim", "rehash", "trust", "alias",
            // `sdk default java 21`, `fnm default 20`: the default version's link
            "default",
            // pyenv-virtualenv
            "virtualenv", "virtualenv-delete",
        ])
        .always()
        // `pyenv install --list`: the versions it knows
        .read_only(&["--list", "-l", "--list-all"]),
        // `pyenv local` alone prints the version; `--unset` deletes the file
        sub(&["global", "local"]).with_args(1).write_flags(&["--unset"]),
        sub(&["plugin", "plugins"]).subs(&[sub(&[
            "add", "remove", "rm", "update", "install", "i", "uninstall", "link",
        ])
        .always()]),
    ]),
    // --- task runners ---------------------------------------------------------------
    // `cmake -E rm|copy|…`: its portable file commands; the `install` target
    cmd(&["cmake"])
        .values(&["-E", "--target", "-t", "-S", "-B", "-G", "-D", "-C", "-j", "--parallel"])
        .write_flags(&[
            "--install", "--target=install", "-t=install", "-E=rm", "-E=remove",
            "-E=remove_directory", "-E=rename", "-E=copy*", "-E=make_directory", "-E=touch*",
            "-E=create_symlink", "-E=create_hardlink", "-E=tar", "--target=clean", "-t=clean",
            "--target=format", "-t=format", "--target=clang-format", "-t=clang-format",
            // `--target A B…` builds several
            "format", "clang-format", "clean", "install",
        ]),
    // `meson format` prints unless `-i`/`-o`; `wrap search|info|list` read
    // wrapdb; `subprojects download|update|…` fetch sources into the tree
    cmd(&["meson"]).subs(&[
        sub(&["install", "init", "rewrite"]).always(),
        sub(&["wrap"]).subs(&[sub(&["install", "update", "promote", "update-db"]).always()]),
        // `foreach CMD`: CMD in each subproject
        sub(&["subprojects"]).subs(&[
            sub(&["download", "update", "checkout", "purge", "packagefiles"]).always(),
            sub(&["foreach"])
                .run(0)
                .values(&["--sourcedir", "--types", "--num-processes"]),
        ]),
        sub(&["compile"]).write_flags(&["--clean"]).values(&["-C", "-j", "--jobs"]),
        // `configure DIR` lists the options; `-Dk=v`, `--k=v` change them
        sub(&["configure"]).write_flags(&["-D*", "--*=*"]),
        // `--wipe` deletes the build directory's contents first
        sub(&["setup"]).write_flags(&["--wipe"]),
        sub(&["format", "fmt"])
            .write_flags(&["-i", "--inplace"])
            .output(&["-o", "--output"])
            .values(&["-c", "--configuration", "--editor-config"]),
    ]),
    // `-t TOOL`: ninja's tools only print, but `clean`, `cleandead`, `restat`
    // and `recompact` change the build directory's files; the ones that take
    // targets take no task names
    cmd(&["ninja", "samu"])
        .tasks(MAKE_WRITE_TASKS)
        .read_only(&[
            "-n", "--dry-run", "--help", "-h", "-t=targets", "-t=query", "-t=commands",
            "-t=inputs", "-t=deps", "-t=graph",
        ])
        .write_flags(&["-t=clean", "-t=cleandead", "-t=restat", "-t=recompact"])
        .values(&["-C", "-f", "-j", "-k", "-l", "-d", "-w", "-t"])
        .chdir(&["-C"]),
    cmd(&["conan"]).subs(&[
        sub(&[
        "install", "create", "export", "export-pkg", "new", "remove", "upload", "download",
        "build", "source", "lock", "editable",
    ])
    .always(),
        // ~/.conan2/profiles
        sub(&["profile"]).subs(&[sub(&["detect"]).always()]),
        // ~/.conan2/remotes.json and its credentials
        sub(&["remote"]).subs(&[sub(&[
            "add", "remove", "update", "rename", "enable", "disable", "login", "logout",
            "set-user",
        ])
        .always()]),
    ]),
    // `vcpkg update` lists outdated ports; `upgrade` only lists them too
    // without `--no-dry-run`
    cmd(&["vcpkg"]).values(VCPKG_VALUES).subs(&[
        sub(&["install", "remove", "integrate", "export", "x-update-baseline", "new", "add"])
            .always()
            .read_only(&["--dry-run"])
            .values(VCPKG_VALUES),
        sub(&["upgrade"]).write_flags(&["--no-dry-run"]).values(VCPKG_VALUES),
        sub(&["update"]),
    ]),
    cmd(&["make", "gmake", "bmake", "remake"])
        .project_tasks(MAKE_WRITE_TASKS)
        .read_only(&[
            "-n", "--dry-run", "--just-print", "--recon", "-q", "--question", "-p",
            "--print-data-base",
        ])
        .values(&[
            "-f", "--file", "--makefile", "-I", "--include-dir", "-j", "--jobs", "-l",
            "--load-average", "-o", "--old-file", "-W", "--what-if", "--assume-new",
        ])
        .chdir(&["-C", "--directory"]),
    cmd(&["just"])
        .project_tasks(MAKE_WRITE_TASKS)
        .read_only(&[
            "-n", "--dry-run", "-l", "--list", "--summary", "--show", "-s", "--evaluate", "--dump",
            "--variables", "--groups", "--check",
        ])
        .values(&[
            "-f", "--justfile", "-d", "--working-directory", "--set", "--shell",
            "--dotenv-filename", "--dotenv-path", "--color", "--unstable",
        ])
        .write_flags(&["--fmt", "--init"]),
    cmd(&[
        "task", "go-task", "mage", "invoke", "inv", "doit", "poe", "nps", "cake", "grunt", "gulp",
        "jake",
    ])
    .project_tasks(&[])
    .read_only(&[
        "--list", "--list-all", "-l", "-a", "--dry", "--summary", "--help", "-T", "--tasks",
        "--describe",
    ])
    // their files and directories (not `-c`, `-f`: go-task's `--color`,
    // mage's and go-task's `--force`)
    .values(&[
        "-d", "--dir", "-t", "--taskfile", "-o", "--output", "-C", "--concurrency", "--directory",
        "--root", "--gulpfile", "--gruntfile", "--jakefile", "--cwd", "--base", "--collection",
        "--search-root", "--config", "--file",
    ]),
    cmd(&["gradle", "gradlew", "gradlew.bat"])
        .tasks(&[
            "wrapper", "*Apply", "spotlessApply", "ktlintFormat", "*Format", "format*", "init",
            "installDist",
            // `clean` and the `clean<Task>` rule delete outputs; publishing
            // to ~/.m2 (`publish<Pub>PublicationToMavenLocal` too); Android
            // lint's baseline file
            "clean*", "*:clean*", "*ToMavenLocal", "updateLintBaseline*",
            "*:updateLintBaseline*",
            // snapshot images (Paparazzi, Roborazzi) and detekt's baseline
            "record*", "*:record*", "*detektBaseline*",
            // migrations (Flyway, Liquibase), the API dump files, the
            // version catalog, OpenRewrite, a release's version bump,
            // commit and tag
            "flywayMigrate", "flywayClean", "flywayRepair", "flywayBaseline", "flywayUndo",
            "update", "rollback*", "dropAll", "apiDump", "*:apiDump", "versionCatalogUpdate",
            "rewriteRun", "release",
            // Kotlin/JS's kotlin-js-store lock, CocoaPods' Pods and
            // Podfile.lock, SQLDelight's schema files in the sources
            "kotlinUpgradeYarnLock", "kotlinUpgradePackageLock", "podInstall", "*:podInstall",
            "generate*Schema", "*:generate*Schema",
        ])
        .read_only(&["-m", "--dry-run", "--help", "-h"])
        // lockfiles and gradle/verification-metadata.xml
        .write_flags(&[
            "--write-locks", "--update-locks", "--write-verification-metadata", "--auto-correct",
        ])
        .values(&[
            "-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file", "-x",
            "--exclude-task", "-g", "--gradle-user-home", "-I", "--init-script",
            "--gradle-version", "--distribution-type", "--console", "--warning-mode",
            "--max-workers", "--type", "--dsl", "--update-locks", "--write-verification-metadata",
            "-D", "--system-prop", "-P", "--project-prop",
            // `help --task NAME` describes a task
            "--task",
        ]),
    cmd(&["mvn", "mvnw", "mvnw.cmd", "mvnd"])
        .tasks(&[
            "spotless:apply", "versions:set", "versions:use-*", "versions:update-*",
            "versions:commit", "versions:revert", "versions:set-property", "formatter:format",
            "fmt:format", "license:format", "license:update-file-header", "sortpom:sort",
            "archetype:generate", "tidy:pom", "rewrite:run*", "impsort:sort", "install", "deploy",
            "release:prepare", "release:perform", "wrapper:wrapper", "clean", "install:*",
            // the release plugin's other goals: its files and backup poms
            // deleted, a branch with rewritten poms, the poms restored
            "release:clean", "release:branch", "release:rollback", "release:update-versions",
            // artifacts deleted from ~/.m2; extensions added to pom.xml;
            // OpenRewrite by its coordinates (`…:rewrite-maven-plugin[:V]:run`)
            "dependency:purge-local-repository", "quarkus:add-extension*",
            "quarkus:remove-extension*", "*:rewrite-maven-plugin:*run*",
            // migrations applied or reverted, a generated changelog
            "flyway:migrate", "flyway:clean", "flyway:repair", "flyway:baseline", "flyway:undo",
            "liquibase:update", "liquibase:rollback", "liquibase:dropAll",
            "liquibase:generateChangeLog",
        ])
        // goals' output files and directories (`-DoutputFile=deps.txt`)
        .output(&[
            "-DoutputFile", "-Doutput", "-DoutputDirectory", "-Dliquibase.outputChangeLogFile",
            "-Dmdep.outputFile",
        ])
        .files(&["-l", "--log-file"])
        .read_only(&["--help", "-h"])
        .values(&[
            "-f", "--file", "-pl", "--projects", "-P", "--activate-profiles", "-s", "--settings",
            "-gs", "-t", "-T", "--threads", "-rf", "--resume-from", "-am", "-amd", "-b",
            "--builder", "-D", "--define",
        ]),
    // --- long-tail tools whose writes no general rule sees ------------------------
    // /etc/passwd, /etc/group, /etc/shadow (and home directories);
    // `passwd -S` shows an account's status
    cmd(&[
        "useradd", "usermod", "userdel", "adduser", "deluser", "groupadd", "groupmod",
        "groupdel", "addgroup", "delgroup", "gpasswd", "chpasswd", "chgpasswd", "newusers",
        "chsh", "chfn", "vipw", "vigr", "pwconv", "grpconv",
    ])
    .always(),
    cmd(&["passwd"]).always().read_only(&["-S", "--status"]),
    // `at`/`batch` queue a job in the spool (`-l` lists it, `-c` prints a
    // job); `atrm` deletes one
    cmd(&["at", "batch"])
        .always()
        .read_only(&["-l", "-c"])
        .values(&["-q", "-f", "-t"]),
    cmd(&["atrm"]).always(),
    // an INI file edited in place (`--get` reads)
    cmd(&["crudini"])
        .write_flags(&["--set", "--del", "--merge"])
        .targets(Targets::First)
        .values(&["--format", "--list-sep"])
        .output(&["--output"]),
    // DVC: data files, .dvc files, dvc.lock and the cache in the project;
    // `push` changes the remote only
    cmd(&["dvc"]).subs(&[
        sub(&[
            "add", "repro", "pull", "checkout", "fetch", "get", "get-url", "import",
            "import-url", "init", "commit", "gc", "run", "update", "move", "remove", "destroy",
            "unprotect", "install", "freeze", "unfreeze",
        ])
        .always()
        .read_only(&["--dry", "--dry-run"])
        .values(&["-o", "--out", "-r", "--remote", "-j", "--jobs", "--rev", "-R"]),
        sub(&["exp"]).subs(&[sub(&["run", "apply", "branch", "gc", "remove", "pull", "save"]).always()]),
        // dvc.yaml
        sub(&["stage"]).subs(&[sub(&["add"]).always()]),
        // the rendered HTML, in dvc_plots/ (or `-o`); `--json` and
        // `--show-vega` print; `modify` edits dvc.yaml, `templates` writes
        // them to .dvc/plots
        sub(&["plots"]).subs(&[
            sub(&["show", "diff"])
                .always()
                .output(&["-o", "--out"])
                .read_only(&["--json", "--show-vega"])
                .values(&[
                    "-t", "--template", "-x", "-y", "--title", "--x-label", "--y-label",
                    "--targets", "--html-template",
                ]),
            sub(&["modify", "templates"]).always(),
        ]),
        sub(&["remote", "config"]).with_args(2).write_flags(&["--unset"]),
        sub(&[
            "status", "diff", "dag", "list", "ls", "push", "doctor", "version", "root", "metrics",
            "params", "data",
        ]),
    ]),
    // MLflow: its tracking store is ./mlruns (or a database file) unless a
    // server is named; `gc` deletes runs for good, `db upgrade` migrates
    cmd(&["mlflow"]).subs(&[
        sub(&["gc"]).always(),
        sub(&["db"]).subs(&[sub(&["upgrade"]).always()]),
        // `experiments csv -o FILE`: the runs as CSV (printed without it)
        sub(&["experiments"]).subs(&[
            sub(&["create", "delete", "restore", "rename"]).always(),
            sub(&["csv"]).output(&["-o", "--filename"]),
        ]),
        sub(&["runs"]).subs(&[sub(&["delete", "restore"]).always()]),
        // the Dockerfile and model, into `-d` (mlflow-dockerfile)
        sub(&["models"]).subs(&[sub(&["generate-dockerfile"])
            .always()
            .output(&["-d", "--output-directory"])]),
        sub(&["artifacts"]).subs(&[sub(&["download"]).always().output(&["-d", "--dst-path"])]),
    ]),
    // HDFS to this machine: `-get`, `-copyToLocal`, `-getmerge` (`-put`
    // writes the cluster's files, not this machine's)
    cmd(&["hdfs", "hadoop"]).subs(&[sub(&["dfs", "fs"])
        .write_flags(&["-get", "-copyToLocal", "-getmerge", "-moveToLocal"])]),
    // `-f FILE`: the queried figures logged there
    cmd(&["nvidia-smi"]).output(&["-f", "--filename"]),
    // Hugging Face accelerate: its config file (`config default`, the
    // interactive `config`); `env` prints
    cmd(&["accelerate"]).subs(&[sub(&["config"]).always().subs(&[sub(&["default", "update"])
        .always()
        .output(&["--config_file"])])]),
    // wandb/settings
    cmd(&["wandb"]).subs(&[sub(&["offline", "online", "disabled", "enabled"]).always()]),
    // a study change written to a database file (`--storage sqlite:///x`;
    // a server's database is not a file here)
    cmd(&["optuna"]).values(&["--storage", "--config"]).subs(&[sub(&[
        "create-study", "delete-study", "study", "tell", "ask", "storage",
    ])
    .write_flags(&["--storage=sqlite:*"])
    .values(&["--storage", "--study-name", "--study"])]),
    // `papermill IN OUT`: the executed notebook (`-` is standard output)
    cmd(&["papermill"]).writes_targets(Nth(2)).read_only(&["--help-notebook"]).values(&[
        "-p", "--parameters", "-r", "--parameters_raw", "-f", "--parameters_file", "-y",
        "--parameters_yaml", "-b", "--parameters_base64", "-k", "--kernel", "-l", "--language",
        "--cwd", "--engine", "--log-level", "--start-timeout", "--start_timeout",
        "--execution-timeout",
    ]),
    // MATLAB and Octave: the code of `-batch`/`-r` and `--eval` (a script
    // file run is not seen); `-logfile` copies the command window to a file
    cmd(&["matlab"])
        .inline_code(Lang::Matlab, &["-batch", "-r"])
        .files(&["-logfile"])
        .values(&["-sd", "-c"]),
    cmd(&["octave", "octave-cli"])
        .inline_code(Lang::Matlab, &["--eval"])
        .values(&["-p", "--path", "--exec-path", "--image-path"]),
    // HDF5: `h5repack IN OUT` (or `-i IN -o OUT`); `h5clear`,
    // `h5format_convert` and `h5mkgrp` change the file in place (`h5clear
    // --filesize` only prints the sizes, `h5format_convert -n` is a dry
    // run); `h5dump` and `h5ls` print
    cmd(&["h5repack"]).writes_targets(Dest).output(&["-o", "--outfile"]).values(&[
        "-i", "--infile", "-f", "--filter", "-l", "--layout", "-m", "--minimum", "-c",
        "--compact", "-d", "--indexed", "-s", "--ssize", "-u", "--ublock", "-b", "--block",
        "-M", "--metadata_block_size", "-t", "--threshold", "-a", "--alignment", "-e", "--file",
        "-S", "--fs_strategy", "-P", "--fs_persist", "-T", "--fs_threshold", "-G",
        "--fs_pagesize",
    ]),
    cmd(&["h5clear"]).writes_targets(Targets::All).read_only(&["--filesize"]),
    cmd(&["h5format_convert"])
        .writes_targets(Targets::All)
        .read_only(&["-n", "--noop"])
        .values(&["-d", "--dname"]),
    cmd(&["h5mkgrp"]).writes_targets(Targets::First),
    // NCO: `IN… OUT` (or `-o OUT`); one file is only read and printed
    // (`ncks -m IN`); `ncatted` and `ncrename` change the file in place
    // unless an output file follows it
    cmd(&["ncks", "ncrcat", "ncra", "ncecat", "nces", "ncea", "ncbo", "ncdiff", "ncflint"])
        .writes_targets(Dest)
        .output(&["-o", "--output", "--fl_out"])
        .values(&[
            "-v", "-d", "-p", "-l", "-L", "-t", "-g", "-D", "-X", "-n", "-y", "-s", "-w",
            "--cnk_plc", "--cnk_map", "--cnk_dmn", "--fl_fmt",
        ]),
    cmd(&["ncwa", "ncpdq"])
        .writes_targets(Dest)
        .output(&["-o", "--output", "--fl_out"])
        .values(&[
            "-a", "-v", "-d", "-p", "-l", "-L", "-t", "-g", "-D", "-m", "-M", "-T", "-B", "-w",
            "-y", "-P", "--cnk_plc", "--cnk_map", "--cnk_dmn", "--fl_fmt",
        ]),
    cmd(&["ncatted", "ncrename"])
        .always()
        .targets(Last)
        .output(&["-o", "--output", "--fl_out"])
        .values(&["-a", "-v", "-d", "-g", "-p", "-l", "-L", "-t", "-D"]),
    // CDO: `cdo [OPTIONS] OPERATOR… IN… OUT`: the last file is the output,
    // but the information and `output*` operators print
    cmd(&["cdo"])
        .values(&["-f", "-b", "-z", "-P", "-k", "-t", "-m", "--precision", "--percentile"])
        .subs(&[
            sub(&[
                "info", "infon", "sinfo", "sinfon", "xsinfo", "xsinfon", "map", "diff", "diffn",
                "npar", "nlevel", "nyear", "nmon", "ndate", "ntime", "ngridpoints", "ngrids",
                "show*", "partab", "codetab", "griddes", "zaxisdes", "vct", "vct2",
                "filedes", "verifygrid", "output", "outputf", "outputint", "outputsrv",
                "outputext", "outputtab",
            ]),
            sub(&["*"]).writes_targets(Dest),
        ]),
    // `gdal_translate SRC DST`
    cmd(&["gdal_translate"]).writes_targets(Dest).values(&[
        "-of", "-ot", "-b", "-mask", "-expand", "-r", "-a_srs", "-a_nodata", "-a_scale",
        "-a_offset", "-a_coord_epoch", "-co", "-mo", "-oo", "-if", "-colorinterp",
        "-projwin_srs", "-ovr", "--config",
    ]),
    // Snakemake: running the workflow is a build; these options change
    // .snakemake/ or the outputs themselves, or write the file named
    cmd(&["snakemake"])
        .write_flags(&[
            "--unlock", "--touch", "-t", "--delete-all-output", "--delete-temp-output",
            "--cleanup-metadata", "--cm", "--cleanup-shadow", "--conda-create-envs-only",
            "--conda-cleanup-envs",
        ])
        .output(&["--report", "--archive"])
        .read_only(&[
            "-n", "--dry-run", "--dryrun", "--list", "-l", "--list-rules", "--list-target-rules",
            "--lt", "--summary", "-S", "--detailed-summary", "-D", "--lint",
        ])
        .chdir(&["-d", "--directory"])
        .values(&[
            "-c", "--cores", "-j", "--jobs", "-s", "--snakefile", "--configfile",
            "--configfiles", "--profile", "--until", "--omit-from", "--conda-prefix",
            "--executor", "-e", "--report-stylesheet",
        ]),
    // formats in place unless told to check or diff (`-` is standard input)
    cmd(&["snakefmt"])
        .writes_targets(Targets::All)
        .read_only(&["--check", "--diff", "--compact-diff"])
        .values(&["-l", "--line-length", "--include", "--exclude", "--config"]),
    // `clean` deletes work directories and logs with `-f` (`-n` is a dry
    // run; with neither it refuses)
    cmd(&["nextflow"]).subs(&[sub(&["clean"])
        .write_flags(&["-f", "-force"])
        .read_only(&["-n", "-dry-run"])
        .values(&["-before", "-after", "-but"])]),
    // exports next to the input (`--export-type`) or to the file named
    cmd(&["inkscape"])
        .write_flags(&["--export-type", "--export-overwrite"])
        .output(&[
            "-o", "--export-filename", "--export-file", "-e", "--export-png", "-A",
            "--export-pdf", "-P", "--export-ps", "-E", "--export-eps", "-l",
            "--export-plain-svg", "--export-emf", "--export-wmf",
        ])
        .values(&[
            "--export-type", "-d", "--export-dpi", "-w", "--export-width", "-h",
            "--export-height", "-i", "--export-id", "-a", "--export-area", "--actions",
            "-b", "--export-background", "-y", "--export-background-opacity", "--export-page",
            "--query-id", "-I",
        ]),
    // `pdftk IN… OPERATION … output FILE` (`output -` is standard output);
    // `burst` and `unpack_files` write files of their own naming
    cmd(&["pdftk"])
        .output(&["output"])
        .write_flags(&["burst", "unpack_files"]),
    // `python -m tarfile -e|-c` (`-l`, `-t` only read)
    cmd(&["tarfile"]).write_flags(&["-e", "--extract", "-c", "--create"]),
    // `python -m ensurepip`: pip into the environment
    cmd(&["ensurepip"]).always(),
    // wire_gen.go: `gen` is what runs unless another subcommand is named
    // (`wire`, `wire ./cmd/app`)
    cmd(&["wire"])
        .always()
        .values(&["-header_file", "-output_file_prefix", "-tags"])
        .subs(&[sub(&["check", "diff", "show", "help", "commands", "flags"])]),
    cmd(&["json"]).write_flags(&["-I", "--in-place"]).values(&["-f", "-e", "-c"]),
    cmd(&["ncu", "npm-check-updates"]).write_flags(&["-u", "--upgrade"]),
    // writes the paired notebook unless told `-o -`
    cmd(&["jupytext"])
        .always()
        .output(&["-o", "--output"])
        .read_only(&["--test", "--test-strict", "--check", "--paired-paths", "--diff"])
        .values(&["--to", "--from", "--format-options", "--opt", "--pipe", "--pipe-fmt"]),
    // the changelog, and it deletes the news fragments
    cmd(&["towncrier"]).subs(&[
        sub(&["build"]).always().read_only(&["--draft"]),
        sub(&["create"]).always(),
    ]),
    // annotate_models writes schema comments into model files
    cmd(&["annotate", "annotaterb"]).always(),
    // `--report[=FILE]`: an HTML report (report.html by default)
    cmd(&["hlint"]).write_flags(&[
        "--refactor-options=*inplace*", "--refactor-options=-i", "--refactor-options=-i *",
        "--report",
    ]),
    // tags and TAGS (`-o FILE` instead; `-o -` is standard output)
    cmd(&["hasktags"]).always().output(&["-o", "--output", "-f", "--file"]),
    // `simctl io DEVICE screenshot|recordVideo FILE`
    // `erase` wipes the devices' data
    cmd(&["simctl"]).subs(&[
        sub(&["io"]).writes_targets(Nth(3)).values(&["--type"]),
        sub(&["erase", "delete"]).always(),
    ]),
    // asset catalogs compiled into the `--compile` directory, and the
    // Info.plist part and dependency file it is told to write
    cmd(&["actool"])
        .output(&["--compile"])
        .files(&["--output-partial-info-plist", "--export-dependency-info"])
        .values(&[
            "--platform", "--minimum-deployment-target", "--app-icon", "--accent-color",
            "--target-device", "--output-format",
        ]),
    cmd(&["xcrun"]).run(0).values(&["--sdk", "-sdk", "--toolchain"]),
    // builds into DerivedData are build output; `clean` deletes it, and
    // archives, exports, result bundles and xcframeworks go where named
    cmd(&["xcodebuild"])
        .write_flags(&[
            "clean", "-resolvePackageDependencies", "-exportArchive", "-exportLocalizations",
            "-importLocalizations", "-create-xcframework",
            // simulator runtimes and the first-launch packages, installed
            "-runFirstLaunch", "-downloadPlatform", "-downloadAllPlatforms",
            "-downloadAllPreviouslySelectedPlatforms", "-importPlatform",
        ])
        .files(&["-archivePath", "-exportPath", "-resultBundlePath", "-output"])
        .values(&[
            "-workspace", "-project", "-scheme", "-target", "-configuration", "-sdk",
            "-destination", "-arch", "-xcconfig", "-toolchain", "-derivedDataPath",
            "-exportOptionsPlist", "-testPlan", "-only-testing", "-skip-testing", "-xctestrun",
            "-jobs", "-destination-timeout", "-clonedSourcePackagesDirPath", "-localizationPath",
            "-exportLanguage", "-framework", "-library", "-headers", "-debug-symbols",
            "-testProductsPath", "-parallel-testing-worker-count", "-downloadPlatform",
            "-importPlatform",
        ]),
    // the selected developer directory (a link in /var/db)
    cmd(&["xcode-select"]).write_flags(&["-s", "--switch", "-r", "--reset"]),
    // copies SRC… to DEST (`-c -k`: a zip archive as DEST)
    cmd(&["ditto"]).writes_targets(Dest).values(&["--arch", "--bom", "--zlibCompressionLevel"]),
    // `-o` is the binary to symbolicate
    cmd(&["atos"]).values(&["-o", "-arch", "-l", "-p", "-f", "-s"]),
    // assessments only read; rules go into the system policy database
    cmd(&["spctl"])
        .write_flags(&[
            "--add", "--remove", "--enable", "--disable", "--master-enable", "--master-disable",
            "--global-enable", "--global-disable",
        ])
        .values(&["-t", "--type", "--context", "--label", "--path", "--anchor", "--hash"]),
    // Info.plist and the project's version settings
    cmd(&["agvtool"]).subs(&[sub(&[
        "new-marketing-version", "new-version", "next-version", "bump",
    ])
    .always()]),
    // the preferences plist
    cmd(&["defaults"]).subs(&[sub(&["write", "delete", "import", "rename"]).always()]),
    cmd(&["PlistBuddy"]).values(&["-c"]).write_flags(&[
        "-c=Set *", "-c=Add *", "-c=Delete *", "-c=Clear*", "-c=Merge *", "-c=Import *",
        "-c=Copy *", "-c=Save",
    ]),
    // cscope.out unless `-d` (use the existing database)
    cmd(&["cscope"])
        .always()
        .read_only(&["-d"])
        .output(&["-f"])
        .values(&["-i", "-I", "-p", "-s", "-F", "-P", "-L0", "-L1", "-L2", "-L3"]),
    // compile_commands.json around the build it runs
    cmd(&["bear"]).always().run(0).output(&["-o", "--output"]).values(&["--config"]),
    // `FILE-fs8.png`, or the input itself with `--ext .png --force`
    cmd(&["pngquant"])
        .always()
        .output(&["-o", "--output"])
        .values(&["--ext", "--quality", "-s", "--speed", "--posterize", "--map"]),
    cmd(&["libreoffice", "soffice", "lowriter", "localc", "loimpress"])
        .write_flags(&["--convert-to", "--print-to-file"])
        .values(&["--convert-to", "--infilter", "--outdir"]),
    // the diagram next to its source unless piped
    cmd(&["plantuml"])
        .always()
        .output(&["-o", "-output"])
        .read_only(&[
            "-pipe", "-p", "-syntax", "-checkonly", "-version", "-help", "-h", "-language",
            "-testdot",
        ]),
    cmd(&["xattr"]).write_flags(&["-d", "-w", "-c"]),
    // `--auto-promote`: the corrections (formatting, expect-test output)
    // written into the sources
    cmd(&["dune"]).subs(&[
        sub(&["fmt", "promote", "init", "clean"]).always(),
        sub(&["cache"]).subs(&[sub(&["trim", "clear"]).always()]),
        sub(&["build", "runtest", "test"]).write_flags(&["--auto-promote"]),
    ]),
    // `earthly +TARGET`: a formatter target writes through its `SAVE
    // ARTIFACT … AS LOCAL`; `--artifact +T/PATH [DEST]` copies one out.
    // Targets have a `+`, so a bare word is one of its commands:
    // `bootstrap`, `prune`, `init`, `config` write ~/.earthly, its cache,
    // an Earthfile, its config file.
    cmd(&["earthly"])
        .tasks(&[
            "*+fmt", "*+format", "*+fix", "*+*-fmt", "*+*-format", "*+*-fix", "*+fmt-*",
            "*+format-*", "bootstrap", "prune", "init", "config",
        ])
        .write_flags(&["-a", "--artifact"])
        .values(&[
            "--platform", "-s", "--secret", "--secret-file", "--ssh", "--config",
            "--buildkit-host", "--remote-cache", "--cache-from", "--build-arg", "--org",
            "--sat", "--satellite", "--env-file", "--arg-file", "--secret-file-path",
            "--buildkit-image", "--installation-name", "--git-username", "--git-password",
        ]),
    // a clean deletes build output; `mod tidy` rewrites MODULE.bazel; the
    // options in BAZEL_FILES name files it writes (profiles, logs)
    cmd(&["bazel", "bazelisk"])
        .values(&[
            "--bazelrc", "--output_base", "--output_user_root", "--install_base",
            "--host_jvm_args", "--server_javabase", "--max_idle_secs",
        ])
        .subs(&[
            sub(&["clean"]).always().values(BAZEL_VALUES),
            sub(&["mod"]).subs(&[sub(&["tidy"]).always().values(BAZEL_VALUES)]),
            sub(&["vendor"]).always().values(BAZEL_VALUES),
            // gazelle regenerates BUILD files (`-mode=diff` prints), hedron's
            // refresh targets write compile_commands.json
            sub(&["run"])
                .write_flags(&[
                    "*:gazelle", "*:gazelle-update-repos", "@hedron_compile_commands//*",
                    "*:refresh_compile_commands",
                ])
                .read_only(&["-- -mode=diff", "-- --mode=diff"])
                .values(BAZEL_VALUES)
                .files(BAZEL_FILES),
            sub(&[
                "build", "test", "coverage", "query", "cquery", "aquery", "fetch",
                "info", "version", "help", "shutdown", "dump", "config", "print_action",
                "analyze-profile", "license", "canonicalize-flags",
            ])
            .values(BAZEL_VALUES)
            .files(BAZEL_FILES),
        ]),
    cmd(&["buck2"]).subs(&[
        sub(&["clean", "init"]).always().read_only(&["--dry-run"]),
        // `--out PATH`: a copy of the output
        sub(&["build"]).output(&["--out"]).values(&[
            "--target-platforms", "-c", "--config", "--config-file", "--modifier", "-m",
        ]),
        sub(&[
            "test", "run", "query", "cquery", "aquery", "uquery", "targets", "ctargets",
            "utargets", "audit", "bxl", "log", "status", "kill", "killall", "server", "rage",
            "docs", "help", "starlark", "lsp", "subscribe", "explain", "debug", "completion",
            "install",
        ]),
    ]),
    // `buildozer 'COMMAND' LABEL…` edits BUILD files; `print` commands
    // only print, and `-stdout` prints the edited files instead
    cmd(&["buildozer"])
        .always()
        .read_only(&["-stdout"])
        .values(&["-f", "-buildifier", "-root_dir", "-build_file_name", "-types", "-add_tables"])
        .subs(&[sub(&["print *", "print"]).subs(&[
            sub(&["print *", "print"]),
            sub(&["* *", "delete", "fix"]).always(),
        ])]),
    // `step certificate create SUBJECT CRT KEY`: the certificate and its key
    cmd(&["step"]).subs(&[sub(&["certificate"]).subs(&[sub(&["create"])
        .writes_targets(From(2))
        .values(&[
            "--profile", "--ca", "--ca-key", "--ca-password-file", "--password-file", "--kty",
            "--crv", "--curve", "--size", "--not-before", "--not-after", "--san", "--template",
            "--set", "--set-file", "--key", "--key-password-file",
        ])])]),
    // `cfssljson -bare NAME`: NAME.pem, NAME-key.pem, NAME.csr, unless `-stdout`
    cmd(&["cfssljson"]).always().read_only(&["-stdout", "--stdout", "-version"]).values(&["-f"]),
    // provider and module bindings, under .gen/
    cmd(&["cdktf"]).subs(&[sub(&["get"]).always()]),
    cmd(&["etcdctl"])
        .values(&[
            "--endpoints", "--cacert", "--cert", "--key", "--user", "--password", "--dial-timeout",
            "--command-timeout", "-w", "--write-out",
        ])
        .subs(&[sub(&["snapshot"]).subs(&[
            sub(&["save"]).writes_targets(Targets::First),
            // the member's data directory (`--data-dir`, else NAME.etcd)
            sub(&["restore"]).always().output(&["--data-dir"]),
        ])]),
    // `opa fmt -w` rewrites its files (bare, it prints them)
    cmd(&["opa"]).subs(&[sub(&["fmt"]).write_flags(&["-w", "--write"]).targets(A)]),
    // `conftest pull URL`: the policies, into ./policy or `--policy DIR`
    cmd(&["conftest"]).subs(&[sub(&["pull"]).always()]),
    cmd(&["cosign"]).subs(&[
        sub(&["generate-key-pair"]).always(),
        sub(&["sign-blob"]).files(&["--output-signature", "--output-certificate", "--bundle"]),
    ]),
    // archive members out (`x`) or into the archive (`r`, `q`, `d`, `m`, `s`)
    cmd(&["ar"]).subs(&[sub(&["*x*", "*r*", "*q*", "*d*", "*m*", "*s*"]).always()]),
    // ~/.kube/config
    cmd(&["kind"]).subs(&[
        sub(&["export"]).subs(&[
            sub(&["kubeconfig"]).always(),
            // the logs, into DIR or a new temporary directory
            sub(&["logs"]).always().targets(Targets::First).values(&["--name", "--kubeconfig"]),
        ]),
        sub(&["create", "delete"]).subs(&[sub(&["cluster"]).always()]),
    ]),
    // .netlify/state.json
    cmd(&["netlify"]).subs(&[sub(&["link", "unlink", "init"]).always()]),
    // .firebaserc and firebase.json; `emulators:export DIR` and
    // `--export-on-exit[=DIR]`: the emulators' data, into DIR (or the
    // `--import` one) now or when they stop
    cmd(&["firebase"])
        .values(&["-P", "--project", "--config"])
        .subs(&[
            sub(&["init", "use"]).always(),
            sub(&["emulators:export"]).always().targets(Targets::First),
            sub(&["emulators:start", "emulators:exec"]).write_flags(&["--export-on-exit"]),
        ]),
    // the server's descriptors, as a protoset file or as .proto sources
    // (Go flags: one dash or two)
    cmd(&["grpcurl"]).output(&[
        "-protoset-out", "--protoset-out", "-proto-out-dir", "--proto-out-dir",
    ]),
    // `--cache`: .lycheecache in the current directory; the cookie jar is
    // read and saved back
    cmd(&["lychee"])
        .write_flags(&["--cache"])
        .output(&["-o", "--output"])
        .files(&["--cookie-jar"]),
    // worker-configuration.d.ts, wrangler.toml
    cmd(&["wrangler"]).subs(&[sub(&["types", "init"]).always()]),
    // fly.toml
    cmd(&["fly", "flyctl"]).subs(&[
        sub(&["config"]).subs(&[sub(&["save"]).always()]),
        sub(&["launch"]).always(),
    ]),
    // plugins in the user's packer dir; `fmt` rewrites templates
    cmd(&["packer"]).subs(&[
        sub(&["init"]).always(),
        // `-diff` shows the changes it writes
        sub(&["fmt"]).always().read_only(&["-check", "-write=false"]),
        sub(&["plugins"]).subs(&[sub(&["install", "remove"]).always()]),
        // TEMPLATE.json.pkr.hcl, or `-output-file`
        sub(&["hcl2_upgrade"]).always().output(&["-output-file"]),
    ]),
    // a Vagrantfile, boxes and plugins in ~/.vagrant.d; `up`, `halt`,
    // `destroy` change virtual machines
    cmd(&["vagrant"]).subs(&[
        sub(&["init"]).always().output(&["-o", "--output"]).values(&["--box-version", "--template"]),
        sub(&["package"]).always().output(&["--output"]),
        sub(&["box"]).subs(&[
            sub(&["add", "remove", "update", "prune", "repackage"])
                .always()
                .read_only(&["-n", "--dry-run"]),
        ]),
        sub(&["plugin"]).subs(&[sub(&[
            "install", "uninstall", "update", "repair", "expunge", "license",
        ])
        .always()]),
    ]),
    // --- wrappers: they run another command ---------------------------------------
    cmd(&["sudo", "doas", "run0", "pkexec"])
        .run(0)
        .values(&[
            "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-T", "-U", "-R", "--user", "--group",
            "--chdir", "--host", "--prompt", "--role", "--type", "--close-from", "--other-user",
            "--command-timeout",
        ])
        .write_flags(&["-e", "--edit"])
        .targets(A),
    cmd(&["env", "genv"])
        .run(0)
        .values(&["-u", "--unset", "-a", "--argv0"])
        .code(&["-S", "--split-string"])
        .chdir(&["-C", "--chdir"]),
    cmd(&["nice"]).run(0).values(&["-n", "--adjustment"]),
    cmd(&["ionice"])
        .run(0)
        .values(&["-c", "-n", "-p", "-t", "--class", "--classdata"]),
    cmd(&["chrt", "taskset"]).run(1).values(&["-p"]),
    cmd(&["timeout", "gtimeout"])
        .run(1)
        .values(&["-s", "-k", "--signal", "--kill-after"]),
    cmd(&["faketime", "datefudge"]).run(1).values(&["-f"]),
    cmd(&[
        "nohup", "setsid", "unbuffer", "chronic", "builtin", "caffeinate", "busybox", "catchsegv",
        "noglob", "nocorrect", "proxychains", "proxychains4", "torsocks", "firejail",
        "dbus-run-session", "setpriv", "linux32", "linux64", "setarch", "numactl", "cgexec",
        "trickle", "rlwrap", "winpty", "xvfb-run", "stdbuf", "sem", "dotenvx", "retry",
        "unshare", "nsenter", "systemd-run", "bwrap", "chpst", "prlimit", "cpulimit",
    ])
    .run(0)
    .values(&[
        "-a", "-s", "-e", "-f", "-n", "-i", "-o", "-p", "-t", "-S", "-G", "-w", "-R", "-E", "-l",
        "-m", "-M", "-d", "-D", "--wd", "--root", "--setuid", "--setgid", "--target", "--property",
        "--unit", "--setenv", "--description", "--slice", "--machine", "--host",
        "--working-directory", "--uid", "--gid", "--on-active", "--on-calendar", "--bind",
        "--ro-bind", "--chdir", "--input", "--output", "--error", "--limit", "--pid", "--exe",
        "--membind", "--cpunodebind", "--physcpubind", "--interleave", "--server-args",
        "--auth-file", "--jobs", "--id", "--retries", "--delay",
    ]),
    cmd(&["chroot"]).run(1).values(&["--userspec", "--groups"]),
    // `entr CMD` runs CMD on each change; `-s CODE` runs shell code
    cmd(&["entr"]).run(0).code(&["-s"]),
    // `-s FILE` saves the faked ownership on exit
    cmd(&["fakeroot"])
        .run(0)
        .values(&["-l", "--lib", "--faked", "-i", "-b", "--fd-base"])
        .files(&["-s"]),
    cmd(&["aws-vault"]).subs(&[sub(&["exec"]).run(1).values(&[
        "-d", "--duration", "-t", "--mfa-token", "--region", "--prompt",
    ])]),
    // `flock FILE CMD`, `flock FILE -c CODE` create the lock file; not
    // `flock FD` (a descriptor the shell opened)
    cmd(&["flock"])
        .with_args(2)
        .targets(Targets::First)
        .write_flags(&["-c", "--command"])
        .run(1)
        .code(&["-c", "--command"])
        .values(&["-w", "--timeout", "-E", "--conflict-exit-code"]),
    cmd(&["su"])
        .code(&["-c", "--command"])
        .values(&[
            "-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w",
            "--whitelist-environment",
        ]),
    // `runuser -u USER [--] CMD` runs CMD (`runuser USER` is su's form)
    cmd(&["runuser"])
        .run_after(&["-u", "--user"])
        .code(&["-c", "--command"])
        .values(&[
            "-u", "--user", "-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w",
            "--whitelist-environment",
        ]),
    // fish's `set -U` saves a universal variable in fish_variables (bash's
    // `set` has no `-U`)
    cmd(&["set"]).write_flags(&["-U", "--universal"]),
    cmd(&["time", "gtime"])
        .run(0)
        .values(&["-f", "--format"])
        .files(&["-o", "--output"]),
    cmd(&["exec"]).run(0).values(&["-a"]),
    cmd(&["command"]).run(0).read_only(&["-v", "-V"]),
    cmd(&["strace", "ltrace"])
        .run(0)
        .values(&[
            "-e", "-p", "-s", "-u", "-E", "-a", "-X", "-P", "-I", "-b", "-O", "-S", "-U",
        ])
        .files(&["-o", "--output"]),
    // the profiling tools write their output files (`massif.out.PID` when
    // no name is given)
    cmd(&["valgrind"])
        .run(0)
        .files(&["--log-file", "--xml-file"])
        .output(&[
            "--callgrind-out-file", "--massif-out-file", "--cachegrind-out-file",
            "--dhat-out-file",
        ])
        .write_flags(&[
            "--tool=callgrind", "--tool=massif", "--tool=cachegrind", "--tool=dhat",
        ]),
    cmd(&["perf"]).subs(&[
        sub(&["record"])
            .always()
            .run(0)
            .values(&["-e", "-F", "-p", "-t", "-c", "--call-graph"])
            .output(&["-o", "--output"]),
        sub(&["stat", "trace"])
            .run(0)
            .values(&["-e", "-p", "-t", "-r", "--repeat"])
            .files(&["-o", "--output"]),
    ]),
    // ctest's JUnit report and log file (its test runs are build output)
    cmd(&["ctest"]).files(&["--output-junit", "--output-log", "-O"]),
    // compilers: `-o`, and the dependency file `-MF` names (as `zig cc`:
    // `-*` keeps the letters of `-fopt-info-vec` from being read as `-o`;
    // `-obin/x`, `-MFdep.d` glue the value on)
    cmd(&["gcc", "g++", "cc", "c++", "clang", "clang++"])
        .output(&["-o", "--output"])
        .files(&["-MF"])
        .values(&[
            "-target", "-I", "-L", "-D", "-U", "-x", "-include", "-isystem", "-iquote", "-MT",
            "-MQ",
        ])
        .listing(&["-*"]),
    // the binary, module and header files it is told to write
    cmd(&["swiftc"])
        .output(&["-o"])
        .files(&["-emit-module-path", "-emit-objc-header-path", "-emit-dependencies-path"])
        .values(&["-module-name", "-sdk", "-target", "-I", "-L", "-F", "-D", "-Xcc", "-Xlinker"]),
    // `--dump`: FILE.dump beside each source
    cmd(&["cppcheck"])
        .write_flags(&["--dump"])
        .files(&["--output-file", "--plist-output"]),
    // heaptrack.NAME.PID.zst in the current directory; `--analyze` reads one
    cmd(&["heaptrack"])
        .always()
        .run(0)
        .output(&["-o", "--output"])
        .read_only(&["-a", "--analyze", "-v", "--version", "-h"])
        .values(&["-p", "--pid"]),
    // `-z` deletes the .gcda files
    cmd(&["lcov"])
        .write_flags(&["-z", "--zerocounters"])
        .output(&["-o", "--output-file"])
        .values(&[
            "-d", "--directory", "-b", "--base-directory", "-t", "--test-name", "-a",
            "--add-tracefile", "-e", "--extract", "-r", "--remove", "-l", "--list", "--rc",
            "--config-file",
        ]),
    // .gcov files in the current directory unless `-n` or `-t`; `-o` is the
    // object directory
    cmd(&["gcov"])
        .always()
        .read_only(&["-n", "--no-output", "-t", "--stdout", "-v", "--version", "-h"])
        .values(&["-o", "--object-directory", "-s", "--source-prefix"]),
    // the cache and its statistics and configuration files
    // (`--trim-dir` deletes files, `--extract-result` writes
    // ccache-result.* here; `--inspect`, `--checksum-file` only read)
    cmd(&["ccache"])
        .run(0)
        .write_flags(&[
            "-C", "--clear", "-z", "--zero-stats", "-c", "--cleanup", "-M", "--max-size", "-F",
            "--max-files", "-o", "--set-config", "-X", "--recompress", "--evict-*", "--trim-dir",
            "--extract-result",
        ])
        .values(&[
            "-M", "--max-size", "-F", "--max-files", "-o", "--set-config", "-d", "--dir", "-k",
            "--get-config", "-X", "--recompress", "--evict-older-than", "--evict-namespace",
            "--trim-dir", "--trim-max-size", "--trim-method", "--trim-recompress",
            "--trim-recompress-threads", "--extract-result", "--inspect", "--checksum-file",
            "--hash-file", "--recompress-threads", "--config-path",
        ]),
    // compile_commands.json (`-o -`: stdout) from the build it runs
    cmd(&["compiledb"])
        .always()
        .run(0)
        .output(&["-o", "--output"])
        .read_only(&["--version"])
        .values(&["-p", "--parse", "-d", "--build-dir", "-e", "--exclude"]),
    // `-g`/`-u` write and update a Doxyfile, `-w`/`-l` template and layout files
    cmd(&["doxygen"]).write_flags(&["-g", "-u", "-w", "-l"]),
    // configure, Makefile.in, aclocal.m4 and the auxiliary scripts
    cmd(&["autoreconf"]).always().read_only(&["-V", "--version", "-h"]),
    // packages go into the current (build) directory unless `-B DIR`
    cmd(&["cpack"])
        .files(&["-B"])
        .values(&["-G", "-C", "-D", "--config", "-P", "-R", "--vendor", "--preset"]),
    // csv tools: `-o FILE` instead of stdout
    // `split OUTDIR`, `partition COLUMN OUTDIR`: one file per chunk or group
    // `index`: FILE.idx beside the data (or `-o`)
    cmd(&["xsv", "qsv"]).output(&["-o", "--output"]).subs(&[
        sub(&["index"]).always(),
        sub(&["split"]).always().targets(Targets::First).values(&[
            "-s", "--size", "-n", "--chunks", "-j", "--jobs", "--filename", "-d", "--delimiter",
            "-k", "--kb-size",
        ]),
        sub(&["partition"]).always().targets(Nth(2)).values(&[
            "--filename", "-p", "--prefix-length", "-d", "--delimiter",
        ]),
    ]),
    // `-i`: the diff's files in place
    cmd(&["clang-format-diff", "clang-format-diff.py"])
        .write_flags(&["-i"])
        .values(&["-p", "-regex", "-iregex", "-style", "-fallback-style", "-binary", "-j"]),
    // batch commands that write files: core files, memory dumps, saved
    // breakpoints, gdb's log (`set logging on`: gdb.txt unless `set logging
    // file`), lldb's `process save-core` and `memory read --outfile`
    cmd(&["gdb", "lldb", "cgdb", "rust-gdb", "rust-lldb"])
        .run_after(&["--args", "--"])
        // (and, as writes, the shell and Python code they run: `shell`,
        // `!`, `pipe`, `python`; lldb's `platform shell`, `shell`, `script`)
        .write_flags(&[
            "-ex=generate-core-file*", "-ex=gcore*", "-ex=dump *", "-ex=append *", "-ex=save *", "-ex=set logging on", "-ex=set logging enabled", "-ex=set logging enabled on", "-ex=shell *", "-ex=!*", "-ex=pipe *", "-ex=|*", "-ex=python*", "-ex=py *", "-eval-command=generate-core-file*", "-eval-command=gcore*", "-eval-command=dump *", "-eval-command=append *", "-eval-command=save *", "-eval-command=set logging on", "-eval-command=set logging enabled", "-eval-command=set logging enabled on", "-eval-command=shell *", "-eval-command=!*", "-eval-command=pipe *", "-eval-command=|*", "-eval-command=python*", "-eval-command=py *", "--eval-command=generate-core-file*", "--eval-command=gcore*", "--eval-command=dump *", "--eval-command=append *", "--eval-command=save *", "--eval-command=set logging on", "--eval-command=set logging enabled", "--eval-command=set logging enabled on", "--eval-command=shell *", "--eval-command=!*", "--eval-command=pipe *", "--eval-command=|*", "--eval-command=python*", "--eval-command=py *", "-o=process save-core*", "-o=memory read *--outfile*", "-o=memory read *-o *", "-o=platform shell *", "-o=shell *", "-o=script*", "--one-line=process save-core*", "--one-line=memory read *--outfile*", "--one-line=memory read *-o *", "--one-line=platform shell *", "--one-line=shell *", "--one-line=script*", "-O=process save-core*", "-O=memory read *--outfile*", "-O=memory read *-o *", "-O=platform shell *", "-O=shell *", "-O=script*", "--one-line-before-file=process save-core*", "--one-line-before-file=memory read *--outfile*", "--one-line-before-file=memory read *-o *", "--one-line-before-file=platform shell *", "--one-line-before-file=shell *", "--one-line-before-file=script*",
        ])
        .values(&[
            "-ex", "-eval-command", "--eval-command", "-x", "-p", "-iex", "-ix", "-d", "-s", "-e",
            "-c", "--core", "--pid", "-o", "-O", "--one-line", "--one-line-before-file",
            "--source",
        ])
        .chdir(&["-cd", "--cd"]),
    cmd(&["script"])
        .always()
        .targets(Targets::First)
        .run(1)
        .code(&["-c", "--command"])
        .values(&["-E", "--echo", "-m", "--logging-format", "-t"])
        .files(&[
            "-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing",
            // `--timing[=FILE]` (its value is optional: a word after it
            // is taken for the file, a write either way)
            "--timing",
        ])
        .read_only(&["-p", "--playback"]),
    cmd(&["trap"]).code_args(First).read_only(&["-p", "-l"]),
    cmd(&["watch"]).code_args(All).values(&[
        "-n", "--interval", "-q", "--equexit", "-s", "--shotsdir",
    ]),
    cmd(&["watchexec"]).run(0).values(&[
        "-e", "--exts", "-w", "--watch", "-i", "--ignore", "-d", "--debounce", "--delay-run", "-s",
        "--signal", "--shell", "-E", "--env", "-f", "--filter", "--project-origin", "--workdir",
        "--on-busy-update", "--stop-signal",
    ]),
    cmd(&["direnv"]).subs(&[
        sub(&["exec"]).run(1),
        sub(&["allow", "deny", "edit", "prune"]).always(),
    ]),
    // --- infrastructure and platform tools -------------------------------------
    cmd(&["ansible-galaxy"])
        .values(&["-p", "--roles-path", "-r", "--role-file", "--requirements-file", "-s", "--server"])
        .subs(&[
            sub(&["collection", "role"]).subs(&[sub(&[
                "install", "remove", "init", "download", "build", "delete",
            ])
            .always()
            .values(&["-p", "--collections-path", "--roles-path", "-r", "--requirements-file", "-s"])]),
            // the old form: `ansible-galaxy install ROLE`
            sub(&["install", "remove", "init"]).always(),
        ]),
    // encrypts, decrypts and edits files in place (`--output FILE` elsewhere, `-` prints)
    cmd(&["ansible-vault"])
        .values(&["--vault-id", "--vault-password-file", "--vault-pass-file", "--encrypt-vault-id"])
        .subs(&[
            sub(&["encrypt", "decrypt", "rekey", "edit", "create"])
                .always()
                .targets(A)
                .values(&[
                    "--vault-id", "--vault-password-file", "--vault-pass-file",
                    "--encrypt-vault-id", "--new-vault-id", "--new-vault-password-file",
                ])
                .output(&["--output"]),
            sub(&["encrypt_string"]).output(&["--output"]).values(&[
                "--vault-id", "--vault-password-file", "-n", "--name", "--encrypt-vault-id",
            ]),
        ]),
    // CocoaPods: the Pods directory, Podfile.lock, the workspace
    cmd(&["pod"]).subs(&[sub(&[
        "install", "update", "deintegrate", "init", "repo", "cache", "setup", "lib", "spec",
        "plugins", "trunk",
    ])
    .always()
    .subs(&[sub(&["list", "lint", "cat", "which", "info", "search"])])]),
    cmd(&["sbt"])
        .tasks(&[
            "scalafmt", "scalafmtAll", "scalafmtSbt", "scalafmtOnly", "*/scalafmt",
            "*/scalafmtAll", "scalafix", "scalafixAll", "*/scalafix", "*/scalafixAll",
            "scalafmtGenerateConfig", "clean",
            // in a project (`core/`), cross-built (`+`) or not
            "*publishLocal", "*publishM2", "new",
            // sbt-header adds license headers (`headerCheck` checks)
            "*headerCreate*",
            // sbt-release: bumps version.sbt, commits and tags
            "release",
        ])
        .values(&["-J", "--java-home", "--sbt-dir", "--ivy", "-D"]),
    // mill: `clean` deletes out/; publications to ~/.ivy2 and ~/.m2
    cmd(&["mill"])
        .tasks(&["clean", "*.publishLocal", "*.publishM2Local"])
        .values(&["-j", "--jobs", "-D", "--define"]),
    cmd(&["sqlfluff"]).subs(&[sub(&["fix", "format"])
        .always()
        .targets(A)
        .values(&[
            "--dialect", "--templater", "--rules", "--exclude-rules", "--config", "-p",
            "--processes", "--ignore", "-f", "--format", "--logger",
        ])]),
    // dotenv-cli runs a command; python-dotenv's CLI (`dotenv [-f F] set
    // K V`) edits the file (dotenv-cli cannot run `set`, a shell builtin)
    cmd(&["dotenv", "dotenv-cli"])
        .run(0)
        .values(&["-e", "-c", "-v", "-f", "--file", "-q", "--quote", "--export"])
        .subs(&[
            sub(&["set", "unset"]).always(),
            // python-dotenv's own: `list`, `get K` print, `run CMD` runs CMD
            sub(&["list", "get"]),
            sub(&["run"]).run(0),
        ]),
    // --- Erlang, Haskell, OCaml, Zig, Nim, Crystal, Clojure ---------------------
    // rebar.lock, _checkouts, a new app's files; `compile`, `eunit`, `ct`,
    // `tree` only build, test or show
    cmd(&["rebar3"]).subs(&[
        sub(&[
            "new", "upgrade", "unlock", "lock", "get-deps", "clean", "fmt", "format", "local",
        ])
        .always()
        .read_only(&["--check", "--verify"]),
        sub(&["plugins"]).subs(&[sub(&["upgrade"]).always()]),
    ]),
    // a PLT built, added to or pruned (the default one, or
    // `--output_plt FILE`); `-o FILE` writes the warnings; `-W…` are
    // whole words
    cmd(&["dialyzer"])
        .write_flags(&["--build_plt", "--add_to_plt", "--remove_from_plt"])
        .output(&["-o", "--output", "--output_plt"])
        .listing(&["-W*"]),
    // `setup`: a GHC under ~/.stack; `install`: binaries into ~/.local/bin;
    // `build --copy-bins` the same; `sdist --tar-dir DIR` copies the
    // tarball there; golden tests' `--accept` (`--ta`) rewrites the golden
    // files
    cmd(&["stack"]).subs(&[
        sub(&["setup", "install", "new", "init", "upgrade", "clean", "purge", "unpack"]).always(),
        sub(&["build", "test"])
            .write_flags(&["--copy-bins", "--ta=*--accept*", "--test-arguments=*--accept*"])
            .values(&["--ta", "--test-arguments"]),
        sub(&["sdist"]).output(&["--tar-dir"]),
    ]),
    // compilers and tools under ~/.ghcup, its symlinks, its cache, itself
    cmd(&["ghcup"])
        .values(&["-s", "--url-source", "--downloader"])
        .subs(&[
            sub(&["install", "set", "rm", "gc", "upgrade", "compile", "nuke", "prefetch"])
                .always(),
            sub(&["config"]).subs(&[sub(&["set", "init", "add-release-channel"]).always()]),
        ]),
    cmd(&["stylish-haskell"])
        .write_flags(&["-i", "--inplace"])
        .targets(A)
        .values(&["-c", "--config"]),
    // GHC's options are single-dash words (`-fno-code`, `-rtsopts`,
    // `-XOverloadedStrings`), never clusters: `-*` makes them whole words
    // so only `-o FILE` names an output (`-optl…` hands an option on)
    cmd(&["ghc"])
        .output(&["-o"])
        .values(&[
            "-odir", "-hidir", "-outputdir", "-stubdir", "-dumpdir", "-hiedir", "-package",
            "-package-db", "-package-id", "-main-is", "-e", "-osuf", "-ohi",
        ])
        .listing(&["-*", "-opt*"]),
    // `tag` tags the release commit (`bistro`: tag, archive, publish and
    // the opam-repository branch)
    cmd(&["dune-release"]).subs(&[sub(&["tag", "bistro"]).always()]),
    // the switch's packages and opam's repository state; `list`, `show`,
    // `switch list`, `pin list` only show
    cmd(&["opam"]).subs(&[
        sub(&[
            "install", "reinstall", "remove", "uninstall", "upgrade", "update", "init", "lock",
            "source", "repository", "repo",
        ])
        .always()
        .read_only(&["--dry-run", "--show-actions", "--show"])
        .subs(&[sub(&["list"])]),
        sub(&["switch"]).with_args(1).subs(&[
            sub(&["list", "show", "list-available"]),
            sub(&[
                "create", "set", "remove", "import", "export", "link", "unlink", "reinstall",
                "install", "rename", "set-invariant", "set-description",
            ])
            .always(),
        ]),
        sub(&["pin"]).with_args(1).subs(&[
            sub(&["list"]),
            sub(&["add", "remove", "edit"]).always(),
        ]),
    ]),
    cmd(&["ocamlformat"])
        .write_flags(&["-i", "--inplace"])
        .targets(A)
        .output(&["-o", "--output"])
        .read_only(&["--check"])
        .values(&["--name", "--root", "--profile", "-p"]),
    // `-o:FILE`, `--out:FILE`, `--outdir:DIR` name the output (Nim's
    // options take `:` or `=`)
    cmd(&["nim"])
        .output(&["--out", "--outdir", "-o"])
        .write_flags(&["-o:*", "--out:*", "--outdir:*", "--od:*"]),
    // formats its files in place unless `--out:FILE`
    cmd(&["nimpretty"])
        .always()
        .targets(A)
        .read_only(&["--stdin", "--version", "-v", "--help", "-h"]),
    // the package list, nimble.lock, installed packages
    cmd(&["nimble"]).subs(&[sub(&[
        "install", "uninstall", "remove", "refresh", "lock", "init", "develop", "sync",
        "setup", "upgrade", "add", "clean", "publish",
    ])
    .always()]),
    // `choosenim VERSION|CHANNEL|PATH` installs and selects a toolchain
    cmd(&["choosenim"]).with_args(1).subs(&[sub(&["show", "versions"])]),
    cmd(&["crystal"]).subs(&[
        sub(&["build", "docs"])
            .output(&["-o", "--output"])
            .values(&["-D", "--define", "--target", "--emit", "--mcpu", "--link-flags"]),
        sub(&["init"]).always(),
        sub(&["tool"]).subs(&[sub(&["format"]).always().targets(A).read_only(&["--check"])]),
        // a JUnit report
        sub(&["spec"]).output(&["--junit_output"]),
    ]),
    // `lein ancient`, `lein kibit` and `lein cljfmt check` only report;
    // `pom` writes pom.xml, `change` edits project.clj, `release` bumps
    // the version, commits and tags, as `vcs commit|tag` do
    cmd(&["lein"]).subs(&[
        sub(&["new", "install", "clean", "pom", "change", "release"]).always(),
        sub(&["cljfmt"]).subs(&[sub(&["fix"]).always()]),
        sub(&["ancient"]).subs(&[sub(&["upgrade", "upgrade-profiles"]).always()]),
        sub(&["kibit"]).write_flags(&["--replace", "-r"]),
        sub(&["vcs"]).subs(&[sub(&["commit", "tag"]).always()]),
    ]),
    // `-Ttools install`, `-X:deps mvn-install`: a tool or jar installed;
    // `mvn-pom` writes pom.xml; a build.clj `clean` deletes target/;
    // deps-new (`-Tnew app`) and clj-new create a project; antq's
    // `--upgrade` rewrites deps.edn
    cmd(&["clojure", "clj"])
        .values(&["-Sdeps", "-Scp", "-Sthreads", "-m", "--main", "-e", "--eval", "-i", "--init"])
        .write_flags(&["--upgrade", "-Tnew", "-Tclj-new"])
        .subs(&[sub(&[
            "install", "install-latest", "remove", "mvn-install", "mvn-pom", "clean",
        ])
        .always()]),
    // `--copy-configs`: the configs libraries export, into .clj-kondo/
    cmd(&["clj-kondo"])
        .values(&["--lint", "--config", "--config-dir", "--cache-dir", "--lang", "--filename"])
        .write_flags(&["--copy-configs"]),
    // `format` formats `.` by default; `deps download` fills build/packages
    cmd(&["gleam"]).subs(&[
        sub(&["format"]).always().targets(A).read_only(&["--check", "--stdin"]),
        sub(&["add", "remove", "update", "new", "clean", "fix"]).always(),
        sub(&["deps"]).subs(&[sub(&["download", "update"]).always()]),
        sub(&["run", "test"]).values(&["-m", "--module", "-t", "--target", "--runtime"]),
    ]),
    // babashka: `bb TASK` runs a bb.edn task (judged by its name); `-e`
    // code is read in `classify.rs`
    cmd(&["bb"])
        .tasks(&["clean"])
        .values(&[
            "-e", "--eval", "--config", "--deps-root", "-cp", "--classpath", "-m", "--main",
            "-x", "--exec", "-f", "--file", "-i", "--init",
        ]),
    // --- Perl ------------------------------------------------------------------------
    // cpanm installs (the modules it is given, or read from stdin) unless
    // it only shows a module's information or dependencies
    cmd(&["cpanm", "cpanminus"]).always().read_only(&[
        "--info", "--showdeps", "--scandeps", "--help", "-h", "--version", "-V",
    ]),
    // local/, cpanfile.snapshot, vendor/cache; `exec CMD` runs CMD
    cmd(&["carton"]).subs(&[
        sub(&["install", "update", "bundle"]).always(),
        sub(&["exec"]).run(0),
    ]),
    // `clean` deletes the build directories and tarballs
    cmd(&["dzil"]).subs(&[sub(&["clean"]).always().read_only(&["-n"])]),
    // they write Makefile/Build and MYMETA.* (`perl Makefile.PL`)
    cmd(&["Makefile.PL", "Build.PL"]).always(),
    // perltidy writes FILE.tdy, or FILE itself with `-b`; `-st` prints
    cmd(&["perltidy"])
        .writes_targets(A)
        .output(&["-o", "--outfile"])
        .read_only(&["-st", "--standard-output", "-v", "--version", "-h", "--help"])
        .values(&["-pro", "--profile", "-bext", "--backup-file-extension"]),
    // tidyall tidies in place; `-p PATH` reads stdin and prints, `-l`
    // lists, `--check-only` checks
    cmd(&["tidyall"])
        .always()
        .targets(A)
        .read_only(&["--check-only", "-l", "--list", "-p", "--pipe", "-h", "--help", "--version"])
        .values(&[
            "--conf-file", "--conf-name", "--data-dir", "--root-dir", "--mode", "-j", "--jobs",
            "--output-suffix", "--backup-ttl", "--iterations",
        ]),
    // prove: `--state=…save` writes .prove, `-a` a TAP archive
    cmd(&["prove"])
        .output(&["-a", "--archive"])
        .write_flags(&["--state=*save*"])
        .values(&[
            "-I", "-M", "-P", "-e", "--exec", "-j", "--jobs", "--harness", "--formatter",
            "--source", "--rc", "--state", "--ext",
        ]),
    // Devel::Cover: `-delete` deletes cover_db
    cmd(&["cover"]).write_flags(&["-delete", "--delete"]),
    // --- documentation sites ---------------------------------------------------------
    // `build` writes site/ (build output) unless `-d DIR`; `gh-deploy`
    // commits the site to the gh-pages branch
    cmd(&["mkdocs"]).subs(&[
        sub(&["build", "serve"])
            .output(&["-d", "--site-dir"])
            .values(&["-f", "--config-file", "-t", "--theme", "-a", "--dev-addr"]),
        sub(&["gh-deploy", "new"]).always(),
    ]),
    // each of these commits to the gh-pages branch
    cmd(&["mike"]).subs(&[sub(&[
        "deploy", "delete", "alias", "retitle", "set-default",
    ])
    .always()]),
    cmd(&["hugo"])
        .output(&["-d", "--destination"])
        .values(&[
            "-s", "--source", "-c", "--contentDir", "-b", "--baseURL", "-e", "--environment",
            "--config", "-t", "--theme", "--cacheDir", "--themesDir", "-l", "--layoutDir",
            "-p", "--port", "--bind",
        ])
        .subs(&[
            sub(&["new", "import"]).always(),
            sub(&["mod"]).subs(&[sub(&["get", "tidy", "vendor", "init", "clean"]).always()]),
            sub(&["server", "serve"])
                .output(&["-d", "--destination"])
                .values(&["-p", "--port", "--bind", "-s", "--source"]),
        ]),
    cmd(&["mdbook"]).subs(&[
        sub(&["build", "serve", "watch"]).output(&["-d", "--dest-dir"]).values(&[
            "-p", "--port", "-n", "--hostname",
        ]),
        sub(&["init", "clean"]).always(),
    ]),
    cmd(&["jekyll"]).subs(&[
        sub(&["build", "b", "serve", "s", "server"])
            .output(&["-d", "--destination"])
            .values(&["-s", "--source", "--config", "-P", "--port", "-H", "--host", "-b", "--baseurl"]),
        sub(&["new", "clean"]).always(),
    ]),
    cmd(&["sphinx-quickstart"]).always().values(&[
        "-p", "--project", "-a", "--author", "-v", "-r", "--release", "-l", "--language",
        "--suffix", "--master", "--extensions", "-t", "--templatedir", "-d",
    ]),
    // `sphinx-build SOURCEDIR OUTPUTDIR`: the output directory it is told
    // (`-M BUILDER SOURCEDIR OUTPUTDIR`: make mode)
    cmd(&["sphinx-build"]).writes_targets(Nth(2)).values(&[
        "-M", "-b", "--builder", "-c", "--conf-dir", "-d", "--doctree-dir", "-D", "--define", "-A",
        "--html-define", "-t", "--tag", "-j", "--jobs", "-w", "--warning-file",
    ]),
    cmd(&["docusaurus"]).subs(&[
        sub(&[
            "write-translations", "write-heading-ids", "docs:version", "docs:version:*",
            "swizzle", "clear", "deploy", "init",
        ])
        .always()
        .read_only(&["--list"])
        .values(&["--locale", "-l", "--config"]),
        sub(&["build", "serve", "start"])
            .output(&["--out-dir", "-o"])
            .values(&["--locale", "-l", "--config", "-p", "--port", "--host", "--dir"]),
    ]),
    // --- checkers, frameworks, JVM tools ---------------------------------------------
    cmd(&["bandit"]).output(&["-o", "--output"]).values(&[
        "-f", "--format", "-c", "--configfile", "-p", "--profile", "-t", "--tests", "-s",
        "--skip", "-x", "--exclude", "-b", "--baseline", "--msg-template", "--severity-level",
        "--confidence-level",
    ]),
    // Flask-Migrate: `flask db migrate` writes a migration file
    cmd(&["flask"]).values(&["-A", "--app", "-e", "--env-file"]).subs(&[sub(&["db"]).subs(&[
        sub(&["init", "migrate", "revision", "merge", "upgrade", "downgrade", "stamp", "edit"])
            .always()
            .read_only(&["--sql"])
            .values(&["-m", "--message", "-d", "--directory", "--rev-id"]),
    ])]),
    cmd(&["svgo"])
        .always()
        .targets(A)
        .output(&["-o", "--output"])
        .read_only(&["-s", "--string", "--show-plugins", "-v", "--version", "-h", "--help"])
        .values(&[
            "-i", "--input", "-f", "--folder", "--config", "-p", "--precision", "--indent",
            "--eol", "--datauri",
        ]),
    // `PID COMMAND [ARGS]`: the commands that dump to a file
    cmd(&["jcmd"])
        .write_flags(&["GC.heap_dump", "Thread.dump_to_file", "JFR.dump", "VM.cds"])
        .files(&["filename="]),
    cmd(&["jmap"]).write_flags(&["-dump:*", "-histo:*file"]),
    // `--out json=FILE`, `--out csv=FILE`: results written to a file
    cmd(&["k6"]).subs(&[
        sub(&["run", "cloud"])
            .write_flags(&["--out=json*", "--out=csv*", "-o=json*", "-o=csv*"])
            .files(&["--summary-export", "--report-file"])
            .values(&["-o", "--out", "-e", "--env", "-u", "--vus", "-d", "--duration", "-i", "--iterations"]),
        sub(&["new", "archive"]).always(),
    ]),
    // --- blind15: profilers, release tools -----------------------------------------
    // Clinic.js: its profilers write their data into .clinic/ (`clean`
    // deletes it)
    cmd(&["clinic"]).subs(&[sub(&[
        "doctor", "flame", "bubbleprof", "heapprofiler", "clean",
    ])
    .always()
    .read_only(&["-h", "--help"])]),
    // 0x: the PID.0x flamegraph directory (or `-o`/`--output-dir`)
    cmd(&["0x"])
        .always()
        .read_only(&["-h", "--help", "-v", "--version"]),
    // async-profiler: `-f FILE` is the output (without it, standard output)
    cmd(&["profiler.sh", "asprof"])
        .output(&["-f", "--file"])
        .values(&[
            "-d", "-e", "--event", "-i", "--interval", "-j", "--jstackdepth", "-o", "-t",
            "--include", "-I", "--exclude", "-X", "--title", "--minwidth", "--reverse",
            "--alloc", "--lock", "--wall", "--cstack", "--chunksize", "--chunktime",
            "--loop", "--timeout", "--fdtransfer",
        ]),
    // the JVM: a flight recording with a file name is written there, and
    // so is a log (`-Xlog:WHAT:[file=]F[:…]`, a name with a dot or a
    // directory; not `stdout`/`stderr`;
    // JDK 8's `-Xloggc:F`); `-jar JAR ARGS` runs the jar with its arguments
    cmd(&["java"])
        .write_flags(&[
            "-XX:StartFlightRecording=*filename=*", "-Xlog:*:file=*", "-Xlog:*:*.*", "-Xlog:*:*/*",
            "-Xloggc:*",
        ])
        .run_after(&["-jar"]),
    // pinact: `run` pins the actions in the workflow files (`-check`,
    // `-diff`, `-fix=false` only report); `init` writes .pinact.yaml
    cmd(&["pinact"]).subs(&[
        sub(&["run"]).always().read_only(&[
            "-check", "--check", "-diff", "--diff", "-fix=false", "--fix=false", "-h",
            "--help",
        ]),
        sub(&["init"]).always(),
    ]),
    // dotenv-vault: `build` writes .env.vault, `pull` .env, `new` and
    // `login` .env.vault/.env.me, `local build` .env.vault and .env.keys
    cmd(&["dotenv-vault"]).subs(&[
        sub(&["build", "pull", "new", "login", "logout"])
            .always()
            .read_only(&["-h", "--help"]),
        sub(&["local"]).subs(&[sub(&["build"]).always()]),
    ]),
];

/// `jupyter nbconvert`: the converted notebook next to the input (or
/// `--output`, `--output-dir`); `--stdout` prints it.
const NBCONVERT: Spec = sub(&["nbconvert", "jupyter-nbconvert"])
    .write_flags(&["--inplace", "--to"])
    .read_only(&["--stdout"])
    .output(&["--output", "--output-dir"]);

/// `deno` (its `eval` needs code, in `classify.rs`).
#[rustfmt::skip]
pub(crate) const DENO: Spec = cmd(&["deno"]).subs(&[
    sub(&["fmt"])
        .always()
        .targets(Targets::All)
        .read_only(&["--check"]),
    sub(&["lint"]).write_flags(&["--fix"]).targets(Targets::All),
    sub(&[
        "add", "install", "i", "remove", "uninstall", "outdated-update", "init",
    ])
    .always(),
    sub(&["run"]).run_script(0).values(DENO_VALUES),
    sub(&["task"])
        .run_task(0)
        .values(&["--cwd", "-c", "--config"]),
    sub(&["compile"])
        .output(&["-o", "--output"])
        .values(DENO_VALUES),
    sub(&["test", "bench"])
        .write_flags(&["--update", "--coverage"])
        .output(&["--junit-path"])
        .values(DENO_VALUES),
    sub(&["outdated"]).write_flags(&["--update", "-u"]),
    // the dependencies into the cache and the lock file, as `install`
    sub(&["cache"]).always(),
    // an HTML report in coverage/html, an lcov file with `--output`
    sub(&["coverage"]).write_flags(&["--html"]).output(&["--output"]),
    // replaces the deno binary (or writes `--output FILE`)
    sub(&["upgrade"]).always().read_only(&["--dry-run"]).output(&["--output"]),
    // the Jupyter kernelspec
    sub(&["jupyter"]).write_flags(&["--install"]),
]);

/// vi, vim and Neovim (classified by code first: in ex mode with commands
/// that only print and quit, `vim -Es +%print +q! f`, they write nothing):
/// an editor writes its files; Neovim run headless installs or updates
/// parsers, tools and plugins.
pub(crate) const VIM: Spec = cmd(&["vi", "vim", "nvim"])
    .writes_targets(Targets::All)
    .write_flags(&[
        "-c=TSInstall*",
        "-c=TSUpdate*",
        "-c=MasonInstall*",
        "-c=MasonUpdate*",
        "-c=Lazy* sync",
        "-c=Lazy* install",
        "-c=Lazy* update",
        "-c=Lazy* restore",
        "-c=PackerSync*",
        "-c=PackerInstall*",
        "-c=PackerUpdate*",
    ])
    .values(&[
        "-c",
        "-S",
        "-s",
        "-u",
        "-i",
        "-T",
        "--cmd",
        "-l",
        "--load",
        "-f",
        "--funcall",
    ])
    .read_only(&["--diff", "-d"]);

/// `emacs` as an editor: a write of its files (in batch mode, what its
/// `--eval` code and `-f` functions do needs code, in `classify.rs`).
#[rustfmt::skip]
pub(crate) const EMACS: Spec = cmd(&["emacs"]).writes_targets(Targets::All).values(&[
    "-l", "--load", "-L", "--directory", "-f", "--funcall", "-funcall", "--eval", "-eval",
    "--execute", "-execute", "--insert", "-t", "--terminal", "-d", "--display", "--script",
    "-script", "--chdir", "--init-directory", "-u", "--user", "-bg", "--background-color",
    "-fg", "--foreground-color", "-fn", "--font", "-g", "--geometry", "-T", "--title",
    "--name", "-xrm", "--dump-file", "--fg-daemon", "--bg-daemon",
]);

/// `gpg` (its files written beside the input need code, in `classify.rs`):
/// the keyring and trust database in ~/.gnupg (imports, key generation,
/// deletion, edits, keyserver fetches) and its output options.
#[rustfmt::skip]
pub(crate) const GPG: Spec = cmd(&["gpg", "gpg2"])
    .values(&[
        "-u", "-r", "--local-user", "--recipient", "--default-key", "--homedir",
        "--keyserver", "--keyserver-options", "--keyring", "--secret-keyring",
        "--trust-model", "--pinentry-mode", "--passphrase", "--passphrase-file",
        "--passphrase-fd", "--status-fd", "--logger-fd", "--command-fd", "--keyid-format",
        "--list-options", "--verify-options", "--import-options", "--export-options",
        "--cipher-algo", "--digest-algo", "--compress-algo", "--s2k-cipher-algo",
        "--s2k-digest-algo", "--set-filename", "--comment", "--default-recipient",
        "--trusted-key", "-z",
    ])
    .output(&["-o", "--output"])
    .files(&["--logger-file", "--log-file", "--status-file", "--attribute-file"])
    .write_flags(&[
        "--import", "--gen-key", "--generate-key", "--full-gen-key", "--full-generate-key",
        "--quick-gen-key", "--quick-generate-key", "--quick-add-key", "--quick-add-uid",
        "--quick-revoke-uid", "--quick-revoke-sig", "--quick-set-expire",
        "--quick-set-primary-uid", "--quick-sign-key", "--quick-lsign-key", "--delete-key",
        "--delete-keys", "--delete-secret-key", "--delete-secret-keys",
        "--delete-secret-and-public-key", "--delete-secret-and-public-keys", "--recv-key",
        "--quick-addkey", "--quick-adduid", "--quick-revuid",
        "--recv-keys", "--receive-keys", "--refresh-keys", "--fetch-keys", "--locate-keys",
        "--edit-key", "--sign-key", "--lsign-key", "--passwd", "--change-passphrase",
        "--import-ownertrust", "--update-trustdb", "--check-trustdb", "--auto-key-locate",
    ])
    .read_only(&["--import-options=show-only", "--show-keys"]);

/// `skopeo` (a copy's destination on this machine needs code, in
/// `classify.rs`): `copy --digestfile FILE`; its other subcommands are
/// judged by the general rules' verbs (`login`).
#[rustfmt::skip]
pub(crate) const SKOPEO: Spec = cmd(&["skopeo"])
    .values(SKOPEO_VALUES)
    .subs(&[sub(&["copy", "sync"]).values(SKOPEO_VALUES).files(&["--digestfile"])]);

/// skopeo's options that take a value as the next word (global, `copy`,
/// `sync`).
#[rustfmt::skip]
pub(crate) const SKOPEO_VALUES: &[&str] = &[
    "--policy", "--registries.d", "--tmpdir", "--command-timeout", "--override-arch",
    "--override-os", "--override-variant", "--authfile", "--src-authfile", "--dest-authfile",
    "--src-creds", "--dest-creds", "--src-cert-dir", "--dest-cert-dir", "--src-registry-token",
    "--dest-registry-token", "-f", "--format", "--additional-tag", "--sign-by",
    "--sign-by-sigstore", "--sign-by-sigstore-private-key", "--sign-passphrase-file",
    "--multi-arch", "--encryption-key", "--decryption-key", "--dest-compress-format",
    "--dest-compress-level", "--retry-times", "--retry-delay", "--image-parallel-copies",
    "--digestfile", "-s", "--src", "-d", "--dest", "--append-suffix",
];

/// `ansible HOSTS -m MODULE -a ARGS` (a module run on this machine needs
/// code, in `classify.rs`): `--tree DIR` writes one JSON file per host; the
/// fetch module copies remote files here; `--check` changes nothing.
#[rustfmt::skip]
pub(crate) const ANSIBLE: Spec = cmd(&["ansible"])
    .values(ANSIBLE_VALUES)
    .files(&["-t", "--tree"])
    .write_flags(&[
        "-m=fetch", "-m=ansible.builtin.fetch", "--module-name=fetch",
        "--module-name=ansible.builtin.fetch",
    ])
    .read_only(&["-C", "--check"]);

#[rustfmt::skip]
pub(crate) const ANSIBLE_VALUES: &[&str] = &[
    "-m", "--module-name", "-a", "--args", "-i", "--inventory", "-e", "--extra-vars", "-u",
    "--user", "-f", "--forks", "-l", "--limit", "-B", "--background", "-P", "--poll", "-M",
    "--module-path", "--private-key", "--key-file", "-T", "--timeout", "-c", "--connection",
    "--become-user", "--become-method", "--vault-id", "--vault-password-file", "--playbook-dir",
    "-t", "--tree",
];

/// `kubectl` and `oc` (a copy into a pod needs code, in `classify.rs`).
pub(crate) const KUBECTL: Spec = cmd(&["kubectl", "oc"]).values(KUBECTL_VALUES).subs(&[
    sub(&["cp"]).writes_targets(Dest),
    // the kubectl-slice plugin: one file per manifest into `-o DIR`
    sub(&["slice"])
        .output(&["-o", "--output-dir"])
        .read_only(&["--dry-run", "--stdout"])
        .values(&["-f", "--input-file", "--input-folder", "-t", "--template"]),
    // a cluster change
    sub(&["create"]),
    // prints the converted manifests
    sub(&["convert"]),
    // ~/.kube/config
    sub(&["config"]).subs(&[sub(&[
        "use-context",
        "use",
        "set-context",
        "set-cluster",
        "set-credentials",
        "set",
        "unset",
        "delete-context",
        "delete-cluster",
        "delete-user",
        "rename-context",
    ])
    .always()]),
]);

#[rustfmt::skip]
pub(crate) const KUBECTL_VALUES: &[&str] = &[
    "-n", "--namespace", "--context", "-c", "--container", "--kubeconfig", "-l", "--selector",
    "-o", "--output", "--cluster", "--user", "-f", "--filename",
];

/// `bun` (its `-e` needs code, in `classify.rs`): `bun FILE` runs a file,
/// `bun NAME` a package script.
#[rustfmt::skip]
pub(crate) const BUN: Spec = cmd(&["bun"]).run_task(0).subs(&[
    sub(&[
        "add", "a", "install", "i", "remove", "rm", "update", "link", "unlink", "init", "create",
        "c", "patch", "patch-commit",
    ])
    .always()
    .read_only(&["--dry-run"]),
    sub(&["run"])
        .run_task(0)
        .values(&["--cwd", "-r", "--preload", "--filter"]),
    sub(&["x"]).run(0),
    // an lcov coverage file, a reporter's file
    sub(&["test"])
        .write_flags(&["-u", "--update-snapshots", "--coverage-reporter=lcov"])
        .output(&["--reporter-outfile"])
        .values(&[
            "--coverage-reporter", "--coverage-dir", "--reporter", "-t", "--test-name-pattern",
            "--timeout", "--preload", "--rerun-each",
        ]),
    sub(&["pm"]).subs(&[
        sub(&["trust", "untrusted-fix", "migrate"]).always(),
        // `cache` prints its path, `cache rm` clears it
        sub(&["cache"]).subs(&[sub(&["rm"]).always()]),
        // the package's tarball
        sub(&["pack"])
            .always()
            .read_only(&["--dry-run"])
            .output(&["--destination", "--filename"]),
    ]),
    sub(&[
        "build", "outdated", "why", "info", "upgrade-check", "repl", "--version",
    ]),
]);

#[rustfmt::skip]
const DENO_VALUES: &[&str] = &[
    "-A-value", "--allow-read", "--allow-write", "--allow-net", "--allow-env", "--allow-run", "-c",
    "--config", "--import-map", "-r", "--reload", "--location", "--cert", "--v8-flags", "--seed",
    "--lock", "--env-file",
];

/// vcpkg's options that take a value.
#[rustfmt::skip]
const VCPKG_VALUES: &[&str] = &[
    "--triplet", "--host-triplet", "--vcpkg-root", "--x-install-root", "--overlay-ports",
    "--overlay-triplets", "--downloads-root", "--x-buildtrees-root", "--x-packages-root",
    "--binarysource", "--x-asset-sources", "--feature-flags", "--x-manifest-root",
];

/// chezmoi's global `-o FILE` and the options that take a value.
const CHEZMOI_OUTPUT: &[&str] = &["-o", "--output"];
#[rustfmt::skip]
const CHEZMOI_VALUES: &[&str] = &[
    "-c", "--config", "-D", "--destination", "-S", "--source", "-w", "--working-tree",
    "--cache", "--color", "--config-format", "--mode", "--persistent-state",
];

/// Composer's commands that change the dependencies, in a project or in
/// the global Composer home (`composer global require`).
#[rustfmt::skip]
const COMPOSER_DEPS: Spec = sub(&[
    "install", "require", "req", "update", "upgrade", "remove", "reinstall", "bump",
])
.always()
.read_only(&["--dry-run"]);

/// `composer config NAME VALUE…`: composer.json (or the global config).
const COMPOSER_CONFIG: Spec = sub(&["config"]).with_args(2).write_flags(&["--unset"]);

/// Composer's commands (also `composer global CMD`, `symfony composer CMD`).
#[rustfmt::skip]
const COMPOSER: &[Spec] = &[
    COMPOSER_DEPS,
    sub(&[
        "dump-autoload", "dumpautoload", "create-project", "init", "clear-cache", "clearcache",
        "cc",
        // plugins: composer-normalize rewrites composer.json; Symfony Flex's
        // `dump-env` writes .env.local.php
        "normalize", "dump-env",
    ])
    .always()
    .read_only(&["--dry-run"]),
    COMPOSER_CONFIG,
    // the package's archive, in the current directory unless `--dir`
    sub(&["archive"])
        .always()
        .output(&["--dir"])
        .values(&["-f", "--format", "--file"]),
    sub(&["run-script", "run"]).run_task(0),
    sub(&["global"]).subs(&[COMPOSER_DEPS, COMPOSER_CONFIG]),
];

/// Symfony's console: commands that write files, as data.
#[rustfmt::skip]
const CONSOLE: &[Spec] = &[
    sub(&[
        "cache:clear", "cache:warmup", "cache:pool:clear", "make:*", "doctrine:migrations:diff",
        "doctrine:migrations:generate", "doctrine:migrations:dump-schema", "assets:install",
        "importmap:require", "importmap:remove", "importmap:update", "importmap:install",
        "asset-map:compile", "secrets:set", "secrets:remove", "secrets:generate-keys",
        "secrets:decrypt-to-local",
        // applying migrations
        "doctrine:migrations:migrate", "doctrine:migrations:execute",
    ])
    .always()
    .read_only(&["--dry-run"]),
    // without `--force` they only print (the messages, the SQL)
    sub(&["translation:extract", "doctrine:schema:update"]).write_flags(&["--force", "-f"]),
];

/// Subcommands of `git`.
#[rustfmt::skip]
const GIT: &[Spec] = &[
    // git-cliff run as `git cliff`
    sub(&["cliff"])
        .output(&["-o", "--output", "--prepend"])
        .values(CLIFF_VALUES),
    // `-u` records the upstream in .git/config
    sub(&["push"]).write_flags(&["-u", "--set-upstream"]).read_only(&["-n", "--dry-run"]),
    sub(&["apply"])
        .always()
        .listing(&["--check", "--stat", "--numstat", "--summary"])
        .write_flags(&["--apply"])
        .values(&["-p", "-C", "--exclude", "--include", "--directory"]),
    sub(&["add", "rm", "mv", "clean", "prune"])
        .always()
        .read_only(&["-n", "--dry-run"])
        .values(&["--chmod", "--pathspec-from-file", "-e", "--exclude"]),
    // `--show-current-patch` only shows the patch a stopped `am` is on
    sub(&["am"]).always().read_only(&["-h", "--show-current-patch"]).values(&[
        "-p", "-C", "--exclude", "--include", "--directory", "--whitespace", "-S", "--gpg-sign",
    ]),
    // bare, `-l PATTERN` and `--format` list the replacements
    sub(&["replace"])
        .with_args(1)
        .write_flags(&["--convert-graft-file"])
        .read_only(&["-l", "--list", "-h"])
        .values(&["--format"]),
    sub(&[
        "cherry-pick", "revert", "merge", "rebase", "pull", "init", "clone", "reset",
        "restore", "switch", "checkout", "update-ref", "update-index", "gc", "repack",
        "checkout-index", "filter-branch", "filter-repo", "mergetool", "read-tree", "stage",
        "prune-packed", "pack-refs", "maintenance", "fast-import", "absorb",
    ])
    .always()
    .read_only(&["-h"])
    .values(&[
        "-m", "--message", "-F", "--file", "-c", "-C", "-b", "-B", "--branch", "-s", "--strategy",
        "-X", "--strategy-option", "--onto", "-u", "--upload-pack", "--depth", "--reference", "-o",
        "--origin", "--template", "--separate-git-dir", "--pathspec-from-file", "-S", "--gpg-sign",
        "--exec", "-x",
    ]),
    sub(&["commit"])
        .always()
        .read_only(&["--dry-run", "-h"])
        .values(&[
            "-m", "--message", "-F", "--file", "--author", "--date", "-c", "-C", "--reuse-message",
            "--reedit-message", "--fixup", "--squash", "--cleanup", "--trailer", "-S",
            "--gpg-sign", "--pathspec-from-file",
        ]),
    sub(&["stash"]).always().subs(&[sub(&["list", "show"])]),
    sub(&["tag"])
        .with_args(1)
        .write_flags(&[
            "-d", "--delete", "-a", "--annotate", "-s", "--sign", "-f", "--force", "-m", "-F",
            "-u", "--message", "--file", "--local-user",
        ])
        .listing(&[
            "-l", "--list", "--contains", "--no-contains", "--points-at", "--merged",
            "--no-merged", "-n", "--sort", "--format", "-v", "--verify", "--column",
        ])
        .values(&[
            "-m", "-F", "-u", "--message", "--file", "--local-user", "--sort", "--format",
            "--contains", "--no-contains", "--points-at", "--merged", "--no-merged", "--cleanup",
            "--color", "--column",
        ]),
    sub(&["branch"])
        .with_args(1)
        .write_flags(&[
            "-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy", "-f", "--force",
            "-u", "--set-upstream-to", "--unset-upstream", "--edit-description", "-t", "--track",
        ])
        .listing(&[
            "-a", "--all", "-r", "--remotes", "-l", "--list", "-v", "-vv", "--verbose",
            "--contains", "--no-contains", "--merged", "--no-merged", "--points-at",
            "--show-current", "--format", "--sort", "--column",
        ])
        .values(&[
            "-u", "--set-upstream-to", "--contains", "--no-contains", "--merged", "--no-merged",
            "--points-at", "--format", "--sort", "--color", "--column",
        ]),
    sub(&["worktree"]).subs(&[sub(&[
        "add", "remove", "move", "prune", "repair", "lock", "unlock",
    ])
    .always()
    .read_only(&["-n", "--dry-run"])]),
    sub(&["submodule"]).values(&["--quiet"]).subs(&[
        sub(&[
            "add", "update", "init", "deinit", "sync", "absorbgitdirs", "set-branch", "set-url",
        ])
        .always(),
        sub(&["foreach"]).code_args(All),
    ]),
    sub(&["sparse-checkout"]).subs(&[sub(&["set", "add", "init", "disable", "reapply"]).always()]),
    sub(&["notes"]).subs(&[
        sub(&["add", "append", "copy", "edit", "merge", "remove"]).always(),
        sub(&["prune"]).always().read_only(&["-n", "--dry-run"]),
    ]),
    sub(&["bisect"])
        .always()
        .subs(&[sub(&["log", "view", "visualize", "terms", "help"])]),
    sub(&["remote"]).subs(&[sub(&[
        "add", "remove", "rm", "rename", "set-url", "set-head", "set-branches", "prune",
    ])
    .always()
    .read_only(&["-n", "--dry-run"])]),
    sub(&["config"])
        .with_args(2)
        .write_flags(&[
            "--unset", "--unset-all", "--add", "--replace-all", "--rename-section",
            "--remove-section", "-e", "--edit",
        ])
        .listing(&[
            "--get", "--get-all", "--get-regexp", "-l", "--list", "--get-urlmatch", "--get-color",
            "--get-colorbool",
        ])
        .values(&["-f", "--file", "--blob", "--type", "--default", "--comment"])
        .subs(&[
            sub(&["set", "unset", "rename-section", "remove-section", "edit"]).always(),
            sub(&["get", "list"]),
        ]),
    sub(&["format-patch"])
        .always()
        .read_only(&["--stdout"])
        .output(&["-o", "--output-directory"]),
    sub(&["archive"])
        .output(&["-o", "--output"])
        .values(&["--format", "--prefix", "--remote"]),
    sub(&["diff", "log", "show", "range-diff", "blame", "shortlog"])
        .files(&["--output"])
        .values(&[
            "--format", "--pretty", "-L", "-S", "-G", "--author", "--since", "--until", "-n",
        ]),
    sub(&["symbolic-ref"]).with_args(2),
    sub(&["reflog"]).subs(&[sub(&["expire", "delete"]).always()]),
    sub(&["lfs"]).subs(&[
        sub(&[
            "pull", "checkout", "install", "untrack", "fetch", "prune", "uninstall",
        ])
        .always(),
        // `import` and `export` rewrite history and the work tree; `info`
        // only reports
        sub(&["migrate"]).subs(&[sub(&["import", "export"]).always()]),
        // without a pattern it lists the tracked ones
        sub(&["track"]).with_args(1),
    ]),
    sub(&["hash-object"]).write_flags(&["-w"]),
    // the merged tree's objects into .git; the old form only prints
    sub(&["merge-tree"]).write_flags(&["--write-tree"]),
    // objects written into .git (trees, commits, tags, packs)
    sub(&[
        "write-tree", "commit-tree", "mktree", "mktag", "unpack-objects", "index-pack",
        "update-server-info",
    ])
    .always()
    .values(&["-m", "-F", "-p", "--prefix", "-o"]),
    sub(&["pack-objects"]).always().read_only(&["--stdout"]),
    // the current file, merged in place (`-p` prints)
    sub(&["merge-file"]).always().read_only(&["-p", "--stdout"]),
    sub(&["commit-graph", "multi-pack-index"]).subs(&[sub(&["write", "expire", "repack"]).always()]),
    sub(&["fsck"]).write_flags(&["--lost-found"]),
    // `bundle create FILE …` (`-`: standard output); `unbundle` writes
    // objects; `verify`, `list-heads` only read
    sub(&["bundle"]).subs(&[
        sub(&["create"]).writes_targets(Targets::First).values(&["--version"]),
        sub(&["unbundle"]).always(),
    ]),
];

/// Subcommands of `cargo`.
#[rustfmt::skip]
/// sqlx-cli: the offline query data (.sqlx/) and new migration files.
const SQLX: &[Spec] = &[
    sub(&["prepare"]).always().read_only(&["--check"]),
    sub(&["migrate"]).subs(&[sub(&["add"]).always()]),
];

const CARGO: &[Spec] = &[
    // rustfmt is given the words after `--`
    sub(&["fmt"]).always().read_only(&["--check", "-- --check"]),
    sub(&[
        "fix",
        "new",
        "init",
        "install",
        "uninstall",
        "generate-lockfile",
        "vendor",
        "set-version",
        "upgrade",
        "sort",
        "add",
        "remove",
        "rm",
        "update",
        "clean",
        // workspace-inherited dependencies moved into the root manifest
        "autoinherit",
        // the SBOM next to each manifest
        "cyclonedx",
    ])
    .always()
    .read_only(&["--dry-run", "--list", "--check"]),
    // reinstalls the outdated binaries; `-l` only lists them
    sub(&["install-update"])
        .always()
        .read_only(&["-l", "--list"]),
    sub(&["clippy"]).write_flags(&["--fix"]),
    // deny.toml
    sub(&["deny"]).subs(&[sub(&["init"]).always()]),
    // the archive of built tests (`run --archive-file` reads one)
    sub(&["nextest"]).subs(&[sub(&["archive"]).output(&["--archive-file"])]),
    // `clean` deletes the coverage data and profiles
    sub(&["llvm-cov"]).subs(&[sub(&["clean"]).always()]),
    // the dist config in Cargo.toml or dist-workspace.toml, and the CI
    // workflows it generates (`generate --check` only compares)
    sub(&["dist"]).subs(&[sub(&["init", "generate", "migrate"])
        .always()
        .read_only(&["--check"])]),
    // cargo-make's tasks: formatters, cleans and installs write; the
    // `--*-steps` flags only show them; `-t`/`--task TASK` is a task too
    sub(&["make"])
        .project_tasks(MAKE_WRITE_TASKS)
        .read_only(&[
            "--print-steps",
            "--list-all-steps",
            "--list-category-steps",
            "--diff-steps",
        ])
        .files(&["--output-file"])
        .values(&[
            "--makefile",
            "-p",
            "--profile",
            "--cwd",
            "-e",
            "--env",
            "--env-file",
            "-l",
            "--loglevel",
            "--output-format",
            "--skip-tasks",
        ]),
    sub(&["sqlx"]).subs(SQLX),
    sub(&["machete"]).write_flags(&["--fix", "--with-metadata"]),
    sub(&["insta"]).subs(&[
        sub(&["accept", "reject", "review"]).always(),
        sub(&["test"]).write_flags(&["--accept", "--review", "--accept-unseen"]),
    ]),
    sub(&["release"]).write_flags(&["--execute", "-x"]),
    sub(&["audit"]).subs(&[sub(&["fix"]).always().read_only(&["--dry-run"])]),
    sub(&["binstall", "quickinstall"])
        .always()
        .read_only(&["--dry-run"]),
    // cargo-binutils: objcopy's arguments come after `--`, the ELF given
    // by cargo; a last one is the file written (`-- -O binary app.bin`)
    sub(&["objcopy"]).writes_targets(Last).values(&[
        "-p",
        "--package",
        "--bin",
        "--example",
        "--test",
        "--bench",
        "--target",
        "--features",
        "-F",
        "--profile",
        "--manifest-path",
    ]),
    // flamegraph.svg (or `-o FILE`) and perf.data
    sub(&["flamegraph"])
        .always()
        .output(&["-o", "--output"])
        .values(&[
            "--bin",
            "--example",
            "--test",
            "--bench",
            "-p",
            "--package",
            "-F",
            "--freq",
        ]),
    // `-x CMD` runs `cargo CMD`: a formatter, a fixer or a clean writes
    sub(&["watch"])
        .code(&["-s", "--shell"])
        .write_flags(&[
            "-x=fmt",
            "--exec=fmt",
            "-x=fmt --all",
            "--exec=fmt --all",
            "-x=fix*",
            "--exec=fix*",
            "-x=clippy*--fix*",
            "--exec=clippy*--fix*",
            "-x=clean*",
            "--exec=clean*",
        ])
        .values(&[
            "-x", "--exec", "-w", "--watch", "-i", "--ignore", "-d", "--delay",
        ]),
    sub(&["run", "r"]).values(&["--bin", "--example", "-p", "--package"]),
];

/// git-cliff's options that take a value (as `git-cliff` and `git cliff`).
#[rustfmt::skip]
const CLIFF_VALUES: &[&str] = &[
    "-c", "--config", "-w", "--workdir", "-r", "--repository", "--include-path",
    "--exclude-path", "--tag-pattern", "--with-commit", "--skip-commit", "-t", "--tag", "-b",
    "--body", "-s", "--strip", "--sort", "--count-tags", "--from-context",
];

/// `yarn version`: a bump in package.json (v1), or a decision recorded in
/// .yarn/versions; `yarn version check` only checks, unless interactive.
const YARN_VERSION: Spec = sub(&["version"])
    .always()
    .read_only(&["--dry-run"])
    .subs(&[sub(&["check"]).write_flags(&["-i", "--interactive"])]);

/// Options of `docker|podman run` that mount a host path or give a device.
/// Options of `yarn workspace NAME …` and `yarn workspaces foreach …`: the
/// yarn commands they run in a workspace, or a script.
const YARN_IN: &[Spec] = &[
    sub(&[
        "add",
        "install",
        "remove",
        "rm",
        "up",
        "upgrade",
        "dedupe",
        "link",
        "unlink",
        "patch-commit",
        "init",
    ])
    .always()
    .read_only(&["--dry-run", "--check"]),
    YARN_VERSION,
    sub(&["pack"])
        .always()
        .output(&["-o", "--out", "--filename"])
        .read_only(&["-n", "--dry-run"]),
    sub(&["run"]).run_task(0),
    sub(&["exec", "dlx"]).run(0),
];

/// The flags a package manager's `test` script hands to jest or vitest
/// that update snapshots.
const TEST_SNAPSHOT_UPDATE: &[&str] = &["-u", "--updateSnapshot", "--update"];

const TURBO_WRITE_FLAGS: &[&str] = &["--summarize", "-u", "--updateSnapshot", "--update"];

const TURBO_RUN_VALUES: &[&str] = &[
    "--filter",
    "-F",
    "--concurrency",
    "--cache-dir",
    "--log-order",
    "--output-logs",
    "--env-mode",
    "--cache",
    "--log-prefix",
    "--team",
    "--token",
    "--api",
    "--ui",
    "--cwd",
    "--heap",
    "--global-deps",
    "--remote-cache-timeout",
    "--cache-workers",
];

const LERNA_VALUES: &[&str] = &[
    "--scope",
    "--ignore",
    "--concurrency",
    "--since",
    "--loglevel",
    "--npm-client",
    "--profile-location",
    "--max-buffer",
];

/// Bazel command options that take a value (`--output` is a format:
/// `query --output=label`).
const BAZEL_VALUES: &[&str] = &[
    "--output",
    "--config",
    "-c",
    "--compilation_mode",
    "--test_output",
    "--platforms",
    "--define",
    "--test_filter",
    "--test_arg",
    "--run_under",
    "--target_pattern_file",
    "--query_file",
    "--jobs",
    "-j",
];

/// Bazel options naming files it writes: profiles, execution logs, build
/// event files.
const BAZEL_FILES: &[&str] = &[
    "--profile",
    "--execution_log_json_file",
    "--execution_log_binary_file",
    "--execution_log_compact_file",
    "--experimental_execution_log_file",
    "--build_event_json_file",
    "--build_event_binary_file",
    "--build_event_text_file",
    "--memory_profile",
    "--starlark_cpu_profile",
    "--explain",
    "--remote_grpc_log",
    "--experimental_remote_grpc_log",
];

/// The sources pprof fetches a profile from (and saves it under
/// ~/pprof): a URL, or `host:port/debug/pprof/…` without a scheme.
const PPROF_FETCH: &[&str] = &["http://*", "https://*", "*/debug/pprof*"];

/// Compose's options before its subcommand.
const COMPOSE_VALUES: &[&str] = &[
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--env-file",
    "--profile",
    "--project-directory",
    "--ansi",
    "--progress",
    "--parallel",
];

/// Compose's subcommands: `config -o FILE`; images, as `docker pull`; `run SERVICE CMD` as
/// `docker run` (the compose file's own mounts are not visible).
const COMPOSE: &[Spec] = &[
    sub(&["cp"]).writes_targets(Dest),
    // the resolved compose file
    sub(&["config", "convert"]).output(&["-o", "--output"]),
    sub(&["pull"]),
    sub(&["run"])
        .run_container(1)
        .mounts(CONTAINER_MOUNTS)
        .values(CONTAINER_RUN_VALUES),
];

const CONTAINER_MOUNTS: &[&str] = &["-v", "--volume", "--mount", "--volumes-from", "--device"];

/// Options of `docker|podman run` (and `docker compose run`) that take a
/// value, so the image (or service) and its command are found.
#[rustfmt::skip]
const CONTAINER_RUN_VALUES: &[&str] = &[
    "-a", "--attach", "--add-host", "--annotation", "--blkio-weight", "--blkio-weight-device",
    "--cap-add", "--cap-drop", "--cgroup-parent", "--cgroupns", "--cpu-period", "--cpu-quota",
    "--cpu-rt-period", "--cpu-rt-runtime", "-c", "--cpu-shares", "--cpus", "--cpuset-cpus",
    "--cpuset-mems", "--detach-keys", "--device-cgroup-rule", "--device-read-bps",
    "--device-read-iops", "--device-write-bps", "--device-write-iops", "--dns", "--dns-option",
    "--dns-search", "--domainname", "--entrypoint", "-e", "--env", "--env-file", "--expose",
    "--gpus", "--group-add", "--health-cmd", "--health-interval", "--health-retries",
    "--health-start-period", "--health-start-interval", "--health-timeout", "-h", "--hostname",
    "--ip", "--ip6", "--ipc", "--isolation", "--kernel-memory", "-l", "--label", "--label-file",
    "--link", "--link-local-ip", "--log-driver", "--log-opt", "--mac-address", "-m", "--memory",
    "--memory-reservation", "--memory-swap", "--memory-swappiness", "--name", "--network",
    "--net", "--network-alias", "--oom-score-adj", "--pid", "--pids-limit", "--platform", "-p",
    "--publish", "--pull", "--restart", "--runtime", "--security-opt", "--shm-size",
    "--stop-signal", "--stop-timeout", "--storage-opt", "--sysctl", "--tmpfs", "--ulimit", "-u",
    "--user", "--userns", "--uts", "--volume-driver", "-w", "--workdir", "--arch", "--os",
    "--variant", "--authfile", "--creds", "--decryption-key", "--gidmap", "--uidmap",
    "--subuidname", "--subgidname", "--hostuser", "--init-path", "--requires", "--sdnotify",
    "--seccomp-policy", "--timeout", "--tz", "--umask", "--unsetenv", "--chrootdirs",
    "--preserve-fds", "--pod", "--pod-id-file", "--image-volume", "--passwd-entry",
    "--group-entry", "--personality", "--secret", "--systemd", "--cgroups", "--cgroup-conf",
    "--conmon-pidfile", "--pidfile", "--cert-dir", "--env-merge", "--health-on-failure",
    "--health-log-destination", "--log-level", "--pull-policy", "--cpu-count", "--cpu-percent",
    "--io-maxbandwidth", "--io-maxiops", "--dns-opt", "--net-alias", "--retry", "--retry-delay",
    "--rdt-class", "--shm-size-systemd", "--hosts-file", "--preserve-fd", "--signature-policy",
    "--health-max-log-count", "--health-max-log-size", "--health-startup-cmd",
    "--health-startup-interval", "--health-startup-retries", "--health-startup-success",
    "--health-startup-timeout",
];

#[rustfmt::skip]
const RUFF_VALUES: &[&str] = &[
    "--config", "--select", "--ignore", "--extend-select", "--extend-ignore", "--line-length",
    "--target-version", "--exclude", "--extend-exclude", "--output-format", "--stdin-filename",
    "--per-file-ignores", "--fixable", "--unfixable", "--cache-dir",
];

#[rustfmt::skip]
const AZ_STORAGE_VALUES: &[&str] = &[
    "--account-name", "--account-key", "--connection-string", "--sas-token", "--auth-mode", "-c",
    "--container-name", "-n", "--name", "-s", "--share-name", "-p", "--path", "--pattern",
    "--blob-url", "--source", "--max-connections", "--start-range", "--end-range",
];

#[rustfmt::skip]
const UV_RUN_VALUES: &[&str] = &[
    "--with", "--python", "-p", "--project", "--directory", "--package", "--extra", "--group",
    "--env-file", "--index", "--with-requirements", "--from", "--with-editable",
];

#[rustfmt::skip]
const APKSIGNER_VALUES: &[&str] = &[
    "--ks", "--ks-key-alias", "--ks-pass", "--key-pass", "--pass-encoding", "--ks-type",
    "--ks-provider-name", "--ks-provider-class", "--ks-provider-arg", "--key", "--cert",
    "--min-sdk-version", "--max-sdk-version", "--v1-signer-name", "--v1-signing-enabled",
    "--v2-signing-enabled", "--v3-signing-enabled", "--v4-signing-enabled", "--lineage",
    "--rotation-min-sdk-version", "--in",
];

#[rustfmt::skip]
const ST_FLASH_VALUES: &[&str] = &["--format", "--serial", "--flash", "--freq", "--area"];

#[rustfmt::skip]
const QEMU_IMG_VALUES: &[&str] = &[
    "-f", "-F", "-O", "-o", "-b", "-B", "-s", "-S", "-l", "-t", "-T", "-m", "-r", "--object",
];

// --- compiled at build time (see compact.rs: no pointers to relocate) ------

/// The specs kept out of the table's index, for the commands classified by
/// code first (`classify.rs`); each accessor below names its place here.
const BY_CODE: [Spec; 8] = [DENO, BUN, EMACS, GPG, SKOPEO, ANSIBLE, KUBECTL, VIM];

/// The table, the specs of [`BY_CODE`], and the names classified by code
/// (indexed, so one look-up answers both). A const, not a static: it is
/// only read while compiling, so none of its pointers reach the binary.
#[allow(clippy::large_const_arrays)]
const ALL: [Spec; TABLE.len() + BY_CODE.len() + 1] = {
    let mut all = [DENO; TABLE.len() + BY_CODE.len() + 1];
    let mut i = 0;
    while i < TABLE.len() {
        all[i] = TABLE[i];
        i += 1;
    }
    let mut j = 0;
    while j < BY_CODE.len() {
        all[TABLE.len() + j] = BY_CODE[j];
        j += 1;
    }
    all[TABLE.len() + BY_CODE.len()] = cmd(CODE);
    all
};
const SIZES: (usize, usize, usize) = sizes(&ALL);
const K: usize = SIZES.0;
const W: usize = SIZES.1;
const B: usize = SIZES.2;
const COMPACT: Compact<K, W, B> = compile(&ALL);
const NAMES: usize = top_names(TABLE) + CODE.len();
static BYTES: [u8; B] = COMPACT.bytes;

static NODES: [Node; K] = COMPACT.nodes;
static WORDS: [(u32, u16); W] = COMPACT.words;
// the sort of the names is long for the const evaluator's lint, not endless
#[allow(long_running_const_eval)]
const INDEX_C: [(u16, u16); NAMES] =
    index::<NAMES, K, W, B>(&COMPACT, TABLE.len(), TABLE.len() + BY_CODE.len());
static INDEX: [(u16, u16); NAMES] = INDEX_C;
static KEYS: [u64; NAMES] = keys(&COMPACT, &INDEX_C);

/// The built-in table as the engine reads it.
pub(crate) static BUILTIN: Table = Table {
    nodes: &NODES,
    words: &WORDS,
    text: match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("the table's text is not UTF-8"),
    },
    index: &INDEX,
    keys: &KEYS,
};

/// What the built-in knowledge has for the command `name`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Found {
    /// Classified by code in `classify.rs`.
    Code,
    Spec(SpecRef),
    None,
}

/// The built-in knowledge of the command `name`: one binary search.
pub(crate) fn find(name: &str) -> Found {
    match BUILTIN.lookup(name) {
        Some(CODE_NODE) => Found::Code,
        #[cfg(test)]
        Some(k) if GENERIC_ONLY.get() && SpecRef::Table(&BUILTIN, k).run().is_none() => Found::None,
        Some(k) => Found::Spec(SpecRef::Table(&BUILTIN, k)),
        None => Found::None,
    }
}

#[cfg(test)]
thread_local! {
    /// In tests: the table knows only commands that run another argv
    /// (`sudo`, `env`, `npx`) and those classified by code, so every other
    /// command is judged by the general rules for unknown commands. Used to
    /// measure how those rules do on commands flowgate has not seen.
    pub(crate) static GENERIC_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The built-in spec of the command `name`.
pub(crate) fn lookup(name: &str) -> Option<SpecRef> {
    match find(name) {
        Found::Spec(s) => Some(s),
        _ => None,
    }
}

/// The spec at place `k` of [`BY_CODE`].
fn by_code(k: u16) -> SpecRef {
    SpecRef::Table(&BUILTIN, TABLE.len() as u16 + k)
}

/// `deno`'s spec (classified by code first, for `deno eval`).
pub(crate) fn deno() -> SpecRef {
    by_code(0)
}

/// `bun`'s spec (classified by code first, for `bun -e`).
pub(crate) fn bun() -> SpecRef {
    by_code(1)
}

/// `emacs`'s spec (classified by code first, for batch mode).
pub(crate) fn emacs() -> SpecRef {
    by_code(2)
}

/// `gpg`'s spec (classified by code first, for the files it writes
/// beside its input).
pub(crate) fn gpg() -> SpecRef {
    by_code(3)
}

/// `skopeo`'s spec (classified by code first, for a copy's destination on
/// this machine).
pub(crate) fn skopeo() -> SpecRef {
    by_code(4)
}

/// `ansible`'s spec (classified by code first, for a module run on this
/// machine).
pub(crate) fn ansible() -> SpecRef {
    by_code(5)
}

/// `kubectl`'s spec (classified by code first, for a copy into a pod).
pub(crate) fn kubectl() -> SpecRef {
    by_code(6)
}

/// vi's, vim's and Neovim's spec (classified by code first, for ex mode).
pub(crate) fn vim() -> SpecRef {
    by_code(7)
}

/// Is `name` classified by code rather than the table?
pub(crate) fn is_code(name: &str) -> bool {
    find(name) == Found::Code
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::compact::Field;

    #[test]
    fn each_code_read_accessor_names_its_own_spec() {
        type Accessor = fn() -> SpecRef;
        let accessors: [(Accessor, &str); 8] = [
            (deno, "deno"),
            (bun, "bun"),
            (emacs, "emacs"),
            (gpg, "gpg"),
            (skopeo, "skopeo"),
            (ansible, "ansible"),
            (kubectl, "kubectl"),
            (vim, "vi"),
        ];
        assert_eq!(accessors.len(), BY_CODE.len());
        for (f, name) in accessors {
            assert_eq!(f().list(Field::Names).next(), Some(name));
        }
    }

    #[test]
    fn names_are_unique_and_not_classified_by_code() {
        let names: Vec<&str> = TABLE.iter().flat_map(|s| s.names.iter().copied()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        for w in sorted.windows(2) {
            assert!(w[0] < w[1], "{:?} listed twice", w[1]);
        }
        for n in &names {
            assert!(
                !CODE.contains(n),
                "{n} is in the table and classified by code"
            );
            assert!(!n.is_empty());
        }
    }

    /// The compiled table holds what the `Spec` data says, for every spec
    /// and subcommand.
    #[test]
    fn the_compiled_table_is_the_spec_table() {
        fn same(spec: &Spec, r: SpecRef) {
            let lists = [
                (spec.names, Field::Names),
                (spec.values, Field::Values),
                (spec.output, Field::Output),
                (spec.files, Field::Files),
                (spec.write_flags, Field::WriteFlags),
                (spec.read_only, Field::ReadOnly),
                (spec.listing, Field::Listing),
                (spec.run_after, Field::RunAfter),
                (spec.code, Field::Code),
                (spec.chdir, Field::Chdir),
                (spec.write_tasks, Field::WriteTasks),
                (spec.inline_code, Field::InlineCode),
                (spec.mounts, Field::Mounts),
            ];
            for (want, f) in lists {
                assert_eq!(
                    r.list(f).collect::<Vec<_>>(),
                    want,
                    "{:?} {f:?}",
                    spec.names
                );
            }
            assert_eq!(r.writes(), spec.writes, "{:?}", spec.names);
            assert_eq!(r.targets(), spec.targets, "{:?}", spec.names);
            assert_eq!(r.run(), spec.run, "{:?}", spec.names);
            assert_eq!(r.code_args(), spec.code_args, "{:?}", spec.names);
            assert_eq!(r.tasks(), spec.tasks, "{:?}", spec.names);
            assert_eq!(r.project_tasks(), spec.project_tasks, "{:?}", spec.names);
            assert_eq!(r.has_subcommands(), !spec.subcommands.is_empty());
            for s in spec.subcommands {
                let first = s.names[0];
                // the first spec naming it is the one found
                let owner = spec
                    .subcommands
                    .iter()
                    .find(|c| c.names.iter().any(|n| crate::shell::spec::wild(n, first)))
                    .unwrap();
                same(
                    owner,
                    r.subcommand(first).unwrap_or_else(|| panic!("{first}")),
                );
            }
        }
        for spec in TABLE {
            for n in spec.names {
                let r = lookup(n).unwrap_or_else(|| panic!("{n} not found"));
                same(spec, r);
            }
        }
        same(&DENO, deno());
        same(&BUN, bun());
        same(&EMACS, emacs());
        same(&GPG, gpg());
        same(&SKOPEO, skopeo());
        same(&ANSIBLE, ansible());
        same(&KUBECTL, kubectl());
        assert!(lookup("no-such-command").is_none());
        for n in CODE {
            assert_eq!(find(n), Found::Code, "{n}");
        }
        assert!(lookup("deno").is_none() && lookup("bun").is_none() && lookup("emacs").is_none());
    }
}
