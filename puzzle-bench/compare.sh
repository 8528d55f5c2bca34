#!/usr/bin/env bash
# One table of the benchmarks: the median of every solver on every box, and its ratio to the
# generated solver with its defaults, measured side by side in one run. Then what the macro
# costs: the time to rebuild the examples and the size of the expansion.
#
#   bash puzzle-bench/compare.sh            # run the benchmarks (about 25 minutes), then the table
#   bash puzzle-bench/compare.sh --no-run   # the table from the last run's results
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" != "--no-run" ]]; then
    # Results of benchmarks since renamed or removed would stay in the table otherwise.
    rm -rf target/criterion
    cargo bench -p puzzle-bench --bench solvers
    cargo bench -p puzzle-bench --bench solid_5x4x3
    cargo bench -p puzzle-bench --bench cubes
fi

python3 - <<'PY'
import json
import pathlib

groups = {}
for estimates in sorted(pathlib.Path("target/criterion").glob("*/*/new/estimates.json")):
    bench = json.loads((estimates.parent / "benchmark.json").read_text())
    median = json.loads(estimates.read_text())["median"]["point_estimate"] / 1e9
    groups.setdefault(bench["group_id"], {})[bench["function_id"]] = median

print(f"| box | solver | median | x generated |")
print(f"|---|---|---|---|")
for group, solvers in groups.items():
    # Groups of other benchmarks (no "generated" solver) have no place in this table.
    base = solvers.get("generated")
    if base is None:
        continue
    for solver, median in sorted(solvers.items(), key=lambda s: s[1]):
        ratio = f"{median / base:.2f}"
        print(f"| {group} | {solver} | {median * 1e3:.1f} ms | {ratio} |")

# What sharing a cache between threads costs on this machine at the moment: all cores depends on it.
for solver, median in groups.get("machine", {}).items():
    print(f"\nmachine: {solver} {median * 1e9:.0f} ns")
PY

echo
echo "Compile time (release, the example alone) and expansion size:"
for example in pentomino_6x10 pentomino_3d; do
    cargo build --quiet --release --example "$example"
    touch "examples/$example.rs"
    start=$(date +%s.%N)
    cargo build --quiet --release --example "$example"
    end=$(date +%s.%N)
    echo "  $example: $(python3 -c "print(f'{$end - $start:.1f}')") s"
done
cargo test --quiet --release -p puzzle-compiler --test expansion -- --nocapture 2>/dev/null | grep -o "[0-9a-z]* expansion: .*" || true
