#!/usr/bin/env bash
# A short performance report for CI: builds a release binary and prints the
# headline ratios of scripts/bench.py (see docs/performance.md). It reports,
# it never fails: any error is printed and the exit status is 0.
cd "$(dirname "$0")/.." || exit 0
rounds="${FLOWGATE_BENCH_ROUNDS:-40}"
if ! cargo build --release --quiet 2>&1; then
    echo "bench: release build failed; no report"
    exit 0
fi
python3 scripts/bench.py --short --rounds "$rounds" 2>&1 || echo "bench: the benchmark did not finish; no report"
exit 0
