#!/usr/bin/env python3
"""Process-level benchmark of flowgate's hook calls (issue 12).

Every case is one process started with a fixed argv, environment and stdin.
Cases run interleaved, in a freshly shuffled order each round, so machine
noise hits every case alike. For each case: median wall time and median CPU
time (user + system, from os.wait4's rusage), and ratios.

    python3 scripts/bench.py [--rounds N] [--bin PATH] [--before PATH] [--short] [--json]

Builds (with rustc) an empty Rust program dynamically linked and, if the
musl target or glibc's static libraries are there, statically linked.
Python 3 standard library only. Run from anywhere; needs a release build of
flowgate (`cargo build --release`) unless --bin is given.
"""
import argparse, json, os, random, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(ROOT, "fixtures", "hosts")

# Hook name per (host, fixture event).
HOOK = {
    "tool_call_before": "tool_call", "message_submit": "message_submit",
    "turn_end": "turn_end", "PreToolUse": "tool_call",
    "UserPromptSubmit": "message_submit", "Stop": "agent_end",
    "SessionStart": "session_start", "BeforeTool": "tool_call",
    "BeforeAgent": "message_submit", "AfterAgent": "agent_end",
}
# (host, fixture, label)
SHAPES = [
    ("codewhale", "tool_call_before.read", "tool_call"),
    ("codewhale", "message_submit", "message_submit"),
    ("codewhale", "turn_end", "turn_end"),
    ("claude", "PreToolUse.read", "tool_call"),
    ("claude", "UserPromptSubmit", "message_submit"),
    ("claude", "Stop", "agent_end"),
    ("claude", "SessionStart.startup", "session_start"),
    ("codex", "PreToolUse.read", "tool_call"),
    ("codex", "Stop", "agent_end"),
    ("gemini", "BeforeTool.read_file", "tool_call"),
    ("gemini", "AfterAgent", "agent_end"),
]
WORKSPACES = ("/home/u/shop", "/home/dev/shop")

PY_HOOK = r'''
import json, os, sys
raw = sys.stdin.read()
payload = json.loads(raw) if raw.strip() else {}
ws = os.environ.get("FLOWGATE_WORKSPACE") or payload.get("cwd") or os.getcwd()
try:
    with open(os.path.join(ws, ".flowgate", "state.json")) as f:
        state = json.load(f)
except (OSError, ValueError):
    state = {}
tool = payload.get("tool_name") or os.environ.get("DEEPSEEK_TOOL_NAME", "")
deny = {"edit", "write", "Edit", "Write", "MultiEdit", "apply_patch", "replace", "write_file"}
if state.get("run") and tool in deny:
    out = {"decision": "block", "reason": "denied in this phase"}
else:
    out = {"decision": "allow"}
print(json.dumps(out))
'''


def sh(*args, **kw):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def settle(exe, tmp, name):
    """A copy of `exe` in `tmp`, written in one go. Every program timed
    goes through this: the same bytes started 1.2-1.3x slower in CPU when
    the file was as the linker left it than when written at once (the page
    cache holds the two differently), which made a before/after comparison
    depend on which binary was built last."""
    dst = os.path.join(tmp, name)
    with open(exe, "rb") as f:
        data = f.read()
    with open(dst, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())  # no writeback of it during the run
    os.chmod(dst, 0o755)
    return dst


def build_empty(tmp):
    src = os.path.join(tmp, "empty.rs")
    with open(src, "w") as f:
        f.write("fn main() {}\n")
    rustc = os.environ.get("RUSTC", "rustc")
    base = [rustc, "-C", "opt-level=3", "-C", "panic=abort", "-C", "strip=symbols", src, "-o"]
    out = {}
    for name, extra in [
        ("empty Rust, dynamic", []),
        ("empty Rust, static musl", ["--target", "x86_64-unknown-linux-musl"]),
        ("empty Rust, static glibc", ["--target", "x86_64-unknown-linux-gnu",
                                      "-C", "target-feature=+crt-static"]),
    ]:
        exe = os.path.join(tmp, name.replace(" ", "_").replace(",", ""))
        try:
            sh(*base, exe, *extra)
            out[name] = settle(exe, tmp, os.path.basename(exe) + ".timed")
        except (subprocess.CalledProcessError, OSError):
            pass
    return out


class Case:
    def __init__(self, name, argv, env, stdin=b"", base=None, group="", restore=None):
        self.name, self.argv, self.env, self.stdin = name, argv, env, stdin
        self.base, self.group, self.restore = base, group, restore
        self.wall, self.cpu = [], []

    def once(self):
        if self.restore:  # put back the state a writing event starts from
            put_back(*self.restore)
        r, w = os.pipe()
        devnull = os.open(os.devnull, os.O_WRONLY)
        t0 = time.perf_counter()
        pid = os.posix_spawn(self.argv[0], self.argv, self.env,
                             file_actions=[(os.POSIX_SPAWN_DUP2, r, 0),
                                           (os.POSIX_SPAWN_DUP2, devnull, 1),
                                           (os.POSIX_SPAWN_DUP2, devnull, 2)])
        os.close(r)
        os.close(devnull)
        try:
            os.write(w, self.stdin)
        except BrokenPipeError:
            pass
        os.close(w)
        _, status, ru = os.wait4(pid, 0)
        wall = time.perf_counter() - t0
        return wall, ru.ru_utime + ru.ru_stime, status


def put_back(src, dst):
    """Put the starting state back as a settled file: written, synced, then
    renamed into place, as a state written a while ago is. (Copying over it
    in place left that file's data being written out, which the next
    replacement of the file, flowgate's included, had to wait for.)"""
    tmp = dst + ".bench"
    with open(src, "rb") as f:
        data = f.read()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # as flowgate's
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, dst)


def setup_ws(fg, root, name, home, todos=100, workflows=0, journal_mb=0):
    ws = os.path.join(root, name)
    os.makedirs(ws)
    env = {"FLOWGATE_WORKSPACE": ws, "FLOWGATE_HOME": home, "PATH": "/usr/bin:/bin"}
    if workflows:
        wf = os.path.join(ws, ".flowgate", "workflows")
        os.makedirs(wf)
        for i in range(workflows):
            with open(os.path.join(wf, f"w{i:03}.toml"), "w") as f:
                f.write(f'name = "W{i}"\n[[phases]]\nid = "a"\nname = "A"\n'
                        f'instructions = "do {i}"\ntools = {{ deny = ["@write"] }}\n')
    sh(fg, "start", "bugfix", "login fails on Safari", env=env)
    items = [f"Step {i}: update the handler and its tests for case {i}" for i in range(todos)]
    sh(fg, "todo", "write", *items, env=env)
    if journal_mb:
        # Sparse: the size is there, the blocks are not; flowgate only appends.
        with open(os.path.join(ws, ".flowgate", "journal.jsonl"), "ab") as f:
            f.truncate(journal_mb * 1024 * 1024)
            f.seek(0, 2)
            f.write(b'{"event":"tool_call","decision":"allow"}\n')
    snap = os.path.join(root, name + ".state.json")
    shutil.copyfile(os.path.join(ws, ".flowgate", "state.json"), snap)
    return ws, snap


def fixture(host, name, ws, home):
    with open(os.path.join(FIX, host, name + ".json")) as f:
        d = json.load(f)
    stdin, env = d["stdin"], dict(d["env"])
    for old in WORKSPACES:
        stdin = stdin.replace(old, ws)
        env = {k: v.replace(old, ws) for k, v in env.items()}
    env.update({"FLOWGATE_WORKSPACE": ws, "FLOWGATE_HOME": home, "PATH": "/usr/bin:/bin"})
    return HOOK[d["event"]], env, stdin.encode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=150)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "flowgate"))
    ap.add_argument("--before", help="another flowgate binary (e.g. an older build) "
                    "timed on the same events, for a before/after comparison")
    ap.add_argument("--short", action="store_true", help="print the headline ratios only")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    fg = os.path.abspath(a.bin)
    if not os.access(fg, os.X_OK):
        sys.exit(f"no flowgate binary at {fg}; run `cargo build --release` or pass --bin")
    tmp = tempfile.mkdtemp(prefix="flowgate-bench-")
    try:
        run(a, fg, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(a, fg, tmp):
    fg = settle(fg, tmp, "flowgate")
    before = settle(os.path.abspath(a.before), tmp, "flowgate-before") if a.before else None
    home = os.path.join(tmp, "home")
    os.makedirs(home)
    empties = build_empty(tmp)
    ws, snap = setup_ws(fg, tmp, "ws", home)
    state = os.path.join(ws, ".flowgate", "state.json")
    cases = []
    _, read_env, read_in = fixture("codewhale", "tool_call_before.read", ws, home)
    for name, exe in empties.items():
        cases.append(Case(name, [exe], read_env, read_in, group="baseline"))
    cases.append(Case("/bin/true", ["/bin/true"], read_env, read_in, group="baseline"))
    py = os.path.join(tmp, "hook.py")
    with open(py, "w") as f:
        f.write(PY_HOOK)
    pyexe = shutil.which("python3") or sys.executable
    cases.append(Case("Python hook (same job)", [pyexe, py], read_env, read_in, group="baseline"))
    for host, fx, label in SHAPES:
        hook, env, stdin = fixture(host, fx, ws, home)
        restore = None if label == "tool_call" else (snap, state)
        cases.append(Case(f"{label} ({host})", [fg, hook, "--host", host], env, stdin,
                          group="event", restore=restore))
        if a.before:
            cases.append(Case(f"  before: {label} ({host})",
                              [before, hook, "--host", host], env, stdin,
                              base=len(cases) - 1, group="before", restore=restore))
    # Scale cases, each against its small case.
    small, _ = setup_ws(fg, tmp, "small", home, todos=3)
    many, _ = setup_ws(fg, tmp, "many", home, todos=3, workflows=500)
    big, _ = setup_ws(fg, tmp, "journal", home, todos=3, journal_mb=100)
    _, e, i = fixture("codewhale", "tool_call_before.read", small, home)
    cases.append(Case("small: tool_call read", [fg, "tool_call", "--host", "codewhale"], e, i, group="scale"))
    k = len(cases) - 1
    _, e, i = fixture("codewhale", "tool_call_before.read", many, home)
    cases.append(Case("500 workflow files", [fg, "tool_call", "--host", "codewhale"], e, i, base=k, group="scale"))
    _, e, i = fixture("codewhale", "tool_call_before.read", big, home)
    cases.append(Case("100 MB journal", [fg, "tool_call", "--host", "codewhale"], e, i, base=k, group="scale"))
    _, e, i = fixture("codewhale", "tool_call_before.bash", small, home)
    cases.append(Case("small: bash command", [fg, "tool_call", "--host", "codewhale"], e, i, group="scale"))
    k = len(cases) - 1
    long = "cargo test --workspace 2>&1 | grep -E 'fail|panic'"
    n = 0
    while len(long) < 9800:
        long += f' && grep -rn "pattern_{n}" src/module_{n}/ | head -n 3'
        n += 1
    e = dict(e, DEEPSEEK_TOOL_ARGS=json.dumps({"command": long}))
    cases.append(Case("10 KB command", [fg, "tool_call", "--host", "codewhale"], e, i, base=k, group="scale"))
    _, e, i = fixture("claude", "UserPromptSubmit", small, home)
    cases.append(Case("small: message", [fg, "message_submit", "--host", "claude"], e, i, group="scale"))
    k = len(cases) - 1
    d = json.loads(i)
    d["prompt"] = ("Please fix the login flow on Safari. " * 1000)[:32 * 1024]
    cases.append(Case("32 KiB message", [fg, "message_submit", "--host", "claude"], e,
                      json.dumps(d).encode() + b"\n", base=k, group="scale"))

    for c in cases:  # warm up, and check every case runs
        for _ in range(3):
            _, _, st = c.once()
        if os.waitstatus_to_exitcode(st) not in (0, 2):  # 2: a Stop that continues
            print(f"warning: {c.name} exits with status {st}", file=sys.stderr)
    for _ in range(a.rounds):
        order = list(cases)
        random.shuffle(order)
        for c in order:
            w, u, _ = c.once()
            c.wall.append(w)
            c.cpu.append(u)
    report(a, cases)


def machine():
    model = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": model, "load": os.getloadavg()}


def report(a, cases):
    med = {c.name: (statistics.median(c.wall), statistics.median(c.cpu)) for c in cases}
    dyn = med.get("empty Rust, dynamic")
    stat = med.get("empty Rust, static musl") or med.get("empty Rust, static glibc")
    tc = med["tool_call (codewhale)"]
    py = med["Python hook (same job)"]
    if a.json:
        print(json.dumps({"machine": machine(), "rounds": a.rounds, "medians": med}, indent=1))
        return

    def r(x, y, i):
        return f"{x[i] / y[i]:.2f}×" if y and y[i] > 0 else "–"

    m = machine()
    print(f"flowgate benchmark: {a.rounds} shuffled rounds, medians; "
          f"{m['nproc']} CPUs ({m['cpu']}), load {m['load'][0]:.2f}")
    if a.short:
        print(f"tool_call vs empty dynamic: cpu {r(tc, dyn, 1)} wall {r(tc, dyn, 0)}; "
              f"vs empty static: cpu {r(tc, stat, 1)} wall {r(tc, stat, 0)}; "
              f"Python hook vs tool_call: cpu {r(py, tc, 1)} wall {r(py, tc, 0)}")
        worst = max((med[c.name][1] / med[cases[c.base].name][1], c.name)
                    for c in cases if c.base is not None and c.group == "scale")
        print(f"worst scale case (cpu): {worst[1]} {worst[0]:.2f}×")
        return
    print(f"{'case':<30} {'wall':>9} {'cpu':>9}  {'cpu/dyn':>8} {'wall/dyn':>8} {'cpu/tc':>7} {'wall/tc':>7}")
    for c in cases:
        w, u = med[c.name]
        if c.base is not None:
            b = med[cases[c.base].name]
            what = "vs after" if c.group == "before" else "vs small"
            extra = f"{what}: cpu {r((w, u), b, 1)} wall {r((w, u), b, 0)}"
        else:
            extra = ""
        print(f"{c.name:<30} {w * 1e3:7.2f}ms {u * 1e3:7.2f}ms  {r((w, u), dyn, 1):>8} "
              f"{r((w, u), dyn, 0):>8} {r((w, u), tc, 1):>7} {r((w, u), tc, 0):>7}  {extra}")


if __name__ == "__main__":
    main()
