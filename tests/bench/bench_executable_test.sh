#!/usr/bin/env bash
# `tactics-grid bench` runs the tactics-bench executable beside it (issue 36 item 4): tactics-grid
# links neither libtcod nor SDL2 (ldd), tactics-bench does (the libtcod peer), the bench's
# libtcod row comes through tactics-grid, and without tactics-bench beside it `bench` is one
# error: line and exit 3.
# usage: bench_executable_test.sh TACTICS_GRID TACTICS_BENCH
set -euo pipefail
grid=$1
bench=$2
problems=0
problem() { echo "FAILED: $*"; problems=$((problems + 1)); }

# ldd's whole output first: `ldd | grep -q` under pipefail fails when grep stops reading early.
grid_libraries=$(ldd "$grid")
bench_libraries=$(ldd "$bench")
if grep -qiE 'libSDL2|libtcod' <<<"$grid_libraries"; then problem "$grid links SDL2 or libtcod"; fi
grep -q libtcod <<<"$bench_libraries" || problem "$bench does not link libtcod (the control)"

out=$("$grid" bench --quick --case field) || problem "bench through tactics-grid exited $?"
grep -q '^field  *libtcod ' <<<"$out" || problem "no libtcod row through tactics-grid"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$grid" "$scratch/tactics-grid"
set +e
"$scratch/tactics-grid" bench --quick >"$scratch/out.txt" 2>"$scratch/err.txt"
code=$?
set -e
[[ $code == 3 ]] || problem "bench without tactics-bench exited $code, not 3"
[[ $(wc -l <"$scratch/err.txt") == 1 ]] && grep -q '^error: bench runs in tactics-bench' "$scratch/err.txt" ||
  problem "bench without tactics-bench: $(cat "$scratch/err.txt")"
[[ ! -s $scratch/out.txt ]] || problem "bench without tactics-bench wrote to standard output"

echo "$problems problems"
[[ $problems == 0 ]]
