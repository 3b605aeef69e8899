#!/usr/bin/env bash
# A short performance report for CI: builds a release binary (the static
# musl one when that target is installed, as the README recommends, else
# the dynamic one) and prints the headline ratios of scripts/bench.py (see
# docs/performance.md). It reports, it never fails: any error is printed
# and the exit status is 0.
cd "$(dirname "$0")/.." || exit 0
rounds="${FLOWGATE_BENCH_ROUNDS:-40}"
musl=x86_64-unknown-linux-musl
bin=target/release/flowgate
if rustup target list --installed 2>/dev/null | grep -qx "$musl"; then
    if cargo build --release --locked --quiet --target "$musl" 2>&1; then
        bin="target/$musl/release/flowgate"
        echo "bench: the static build ($musl)"
    fi
fi
if [ "$bin" = target/release/flowgate ]; then
    if ! cargo build --release --locked --quiet 2>&1; then
        echo "bench: release build failed; no report"
        exit 0
    fi
    echo "bench: the dynamic build (the $musl target is not installed)"
fi
python3 scripts/bench.py --short --rounds "$rounds" --bin "$bin" 2>&1 || echo "bench: the benchmark did not finish; no report"
exit 0
