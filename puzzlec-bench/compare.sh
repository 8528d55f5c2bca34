#!/usr/bin/env bash
# One table of the benchmarks: the median of every solver on every puzzle, and its ratio to the
# generated solver with its defaults, measured side by side in one run. Then what the macro
# costs: the time to rebuild the examples and the size of the expansion.
#
#   bash puzzlec-bench/compare.sh                  # run the benchmarks (about an hour), then the table
#   bash puzzlec-bench/compare.sh --no-run         # the table from the last run's results
#   bash puzzlec-bench/compare.sh --against REF    # the suite alone, today's solver beside REF's
#   bash puzzlec-bench/compare.sh --against REF --only '6x10|bedlam'   # some puzzles of it
#
# With --against, the suite (benches/suite.rs, as it is today) is also built from commit REF in
# target/baseline/REF and the two run one puzzle after the other, so that each pair is measured
# at the same time of the machine's day; the table then carries the peers' ratios of the day
# REF was measured against them forward to today's solver.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

run=true
against=""
only="."
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-run) run=false ;;
        --against) against="$2"; shift ;;
        --only) only="$2"; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

# The groups of the suite, as named in benches/suite.rs.
suite_groups() {
    grep -o '^    case("[^"]*"' puzzlec-bench/benches/suite.rs | sed 's/^    case("\(.*\)"/\1/' |
        grep -E "$only" || true
}

if $run && [[ -n "$against" ]]; then
    rm -rf target/criterion
    base="$root/target/baseline/$against"
    if [[ ! -d "$base" ]]; then
        mkdir -p "$base"
        git archive "$against" | tar -x -C "$base"
    fi
    # The suite and its puzzle files as they are today, so that both sides time the same
    # puzzles; only the solver they are compiled with differs.
    cp puzzlec-bench/benches/suite.rs "$base/puzzlec-bench/benches/"
    cp puzzlec-bench/Cargo.toml "$base/puzzlec-bench/"
    cp puzzles/*.puzzle "$base/puzzles/"
    label="generated $(git rev-parse --short "$against")"
    while IFS= read -r group; do
        pattern="^$(printf '%s' "$group" | sed 's/[][\.*^$+?(){}|]/\\&/g')/"
        (cd "$base" && CRITERION_HOME="$root/target/criterion" PUZZLE_BENCH_LABEL="$label" \
            cargo bench -q -p puzzlec-bench --bench suite -- "$pattern")
        cargo bench -q -p puzzlec-bench --bench suite -- "$pattern"
    done < <(suite_groups)
elif $run; then
    # Results of benchmarks since renamed or removed would stay in the table otherwise.
    rm -rf target/criterion
    cargo bench -p puzzlec-bench --bench solvers
    cargo bench -p puzzlec-bench --bench suite
fi

# The commit the peers were measured against, for the last table's column of them.
peers_ref=$(git rev-parse --short d60ebe3)
against_ref=$([[ -n "$against" ]] && git rev-parse --short "$against" || true)
python3 - "$against" "$([[ "$against_ref" == "$peers_ref" ]] && echo same)" <<'PY'
import json
import pathlib
import sys

def show(seconds):
    """A time in the unit that suits it."""
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"

groups = {}
for estimates in sorted(pathlib.Path("target/criterion").glob("*/*/new/estimates.json")):
    bench = json.loads((estimates.parent / "benchmark.json").read_text())
    median = json.loads(estimates.read_text())["median"]["point_estimate"] / 1e9
    groups.setdefault(bench["group_id"], {})[bench["function_id"]] = median

print(f"| puzzle | solver | median | x generated |")
print(f"|---|---|---|---|")
for group, solvers in groups.items():
    # Groups of other benchmarks (no "generated" solver) have no place in this table.
    base = solvers.get("generated")
    if base is None:
        continue
    for solver, median in sorted(solvers.items(), key=lambda s: s[1]):
        ratio = f"{median / base:.2f}"
        print(f"| {group} | {solver} | {show(median)} | {ratio} |")

# The peers' times as multiples of this project's generated solver on one core, measured side
# by side on the day of commit d60ebe3 (one core, CPU time of the whole process, medians of
# paired runs): polymate (generic bit boards), sugyan (pentomino-only tables), BurrTools'
# burrTxt. Carried forward by how much faster today's solver is than that commit's: only
# with --against d60ebe3, since another commit's speed-up leaves out what came before it.
PEERS = {
    "6x10": {"polymate": 69 / 30, "sugyan": 70 / 30, "burrTxt": 2060 / 30},
    "5x12": {"burrTxt": 1280 / 15},
    "8x8 - corners": {"burrTxt": 1740 / 106},
    "6x5x2": {"polymate": 177 / 33, "burrTxt": 2730 / 33},
    "5x4x3": {"polymate": 2.74 / 1.28, "burrTxt": 24.1 / 1.28},
    "bedlam": {"burrTxt": 73.5 / 13.2},
    "tetris cube": {"burrTxt": 116 / 30.9},
}
against, peers_measured = sys.argv[1], sys.argv[2] == "same"
if against:
    print(f"\n| puzzle | {against} | today | speed-up | peers: their time / today's |")
    print(f"|---|---|---|---|---|")
    if not peers_measured:
        PEERS = {}
    for group, solvers in groups.items():
        new = solvers.get("generated")
        old = next((m for s, m in solvers.items() if s.startswith("generated ") and "," not in s), None)
        if new is None or old is None:
            continue
        gain = old / new
        peers = ", ".join(f"{p} {r * gain:.1f}x" for p, r in PEERS.get(group, {}).items())
        print(f"| {group} | {show(old)} | {show(new)} | {gain:.2f} | {peers} |")
    if not peers_measured:
        print(f"\nThe peers were measured against d60ebe3: their ratios carry to today by")
        print(f"{against}'s own speed-up over d60ebe3 times the speed-ups above.")
    sys.exit(0)

# What sharing a cache between threads costs on this machine at the moment: all cores depends on it.
for solver, median in groups.get("machine", {}).items():
    print(f"\nmachine: {solver} {median * 1e9:.0f} ns")
PY

[[ -n "$against" ]] && exit 0
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
cargo test --quiet --release -p puzzlec-compiler --test expansion -- --nocapture 2>/dev/null | grep -o "[0-9a-z]* expansion: .*" || true
