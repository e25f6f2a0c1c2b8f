#!/usr/bin/env bash
# Bounded fuzz campaign for CI (about two minutes): generated formulas with
# random solver options, incremental-API traces, and mutated parser inputs,
# on a fresh seed printed first. Exits non-zero on any finding, after
# shrinking it into cnf/regress/ and printing it.
#
#   bash fuzz/ci.sh                      # fresh seed, 120 s
#   FUZZ_SEED=123 bash fuzz/ci.sh        # replay a CI run
#   FUZZ_SECONDS=30 bash fuzz/ci.sh      # shorter
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${FUZZ_SEED:-$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')}"
echo "fuzz/ci.sh: seed $seed (replay: FUZZ_SEED=$seed bash fuzz/ci.sh)"
# `cargo run` finds the binary wherever CARGO_TARGET_DIR puts it (a fixed
# target/release path would run a stale binary then).
exec cargo run --release --quiet -p satoku-fuzz -- ci --seconds "${FUZZ_SECONDS:-120}" \
    --seed "$seed" --out-dir cnf/regress --corpus cnf
