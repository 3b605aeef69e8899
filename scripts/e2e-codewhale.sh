#!/usr/bin/env bash
# Run flowgate's end-to-end scenarios (tests/integration/e2e) against a
# CodeWhale binary you supply. CodeWhale is not on npm, so CI does not run
# these; the other hosts run with plain `cargo test`.
#
#   scripts/e2e-codewhale.sh /path/to/codewhale-tui
#   FLOWGATE_CODEWHALE_BIN=/path/to/codewhale-tui scripts/e2e-codewhale.sh
#
# Needs tmux: CodeWhale runs hooks only in its interactive TUI, which the
# scenarios drive in a detached tmux session. To build CodeWhale (long):
#   cargo install codewhale-tui --version 0.9.10 --locked
# (on Linux it needs libdbus-1-dev and pkg-config).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-${FLOWGATE_CODEWHALE_BIN:-}}"
if [ -z "$bin" ]; then
    echo "usage: scripts/e2e-codewhale.sh /path/to/codewhale-tui" >&2
    exit 64
fi
if ! [ -x "$bin" ]; then
    echo "e2e-codewhale: $bin is not an executable" >&2
    exit 64
fi
if ! command -v tmux >/dev/null; then
    echo "e2e-codewhale: needs tmux (the scenarios drive CodeWhale's TUI in it)" >&2
    exit 69
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
"$bin" --version || true
FLOWGATE_CODEWHALE_BIN="$bin" exec cargo test --test integration e2e::codewhale -- --test-threads 1
