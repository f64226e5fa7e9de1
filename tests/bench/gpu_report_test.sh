#!/usr/bin/env bash
# scripts/gpu-report as a user runs it, cut short (label bench): one bench case, quick, and the
# gpu suite's [shaders] cases on each API, into a scratch folder. The two files are there, named
# after the renderer, the JSON parses with every step passed and both benches in it. Run with its
# defaults (the whole suites, given by a gpu_tests that only logs its arguments) beside a
# capi_test that exits 1, it still writes them and exits 1. Every bad option is one error line
# and exit 2.
#   gpu_report_test.sh SCRIPT BUILD_DIR
set -euo pipefail
script=$1
build=$2
scratch=$(mktemp -d)
trap 'rm -rf -- "$scratch"' EXIT
failures=0
problem() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}
short=(--quick --case fe --suite '[shaders]')

# --- Bad options: one error line, exit 2, nothing written --------------------------------------
bad_options=(
  "--nope"
  "--build"
  "--build $scratch/no-build"
  "--build $scratch"
  "--case nowhere"
  "--suite [no-such-tag]"
  "--out"
  "--quick stray"
  "--out $scratch/a --out $scratch/b"
)
for options in "${bad_options[@]}"; do
  read -ra words <<<"$options"
  args=()
  if [[ $options != *--build* ]]; then args=(--build "$build"); fi
  code=0
  "$script" "${args[@]}" "${words[@]}" >"$scratch/out.txt" 2>"$scratch/err.txt" || code=$?
  lines=$(wc -l <"$scratch/err.txt")
  if ((code != 2)) || [[ $lines != 1 ]] || ! grep -q '^error: ' "$scratch/err.txt"; then
    problem "'$options': exit $code, stderr: $(cat "$scratch/err.txt")"
  fi
  if [[ -s $scratch/out.txt ]]; then problem "'$options' printed: $(cat "$scratch/out.txt")"; fi
done
if compgen -G "$scratch/a*" >/dev/null || compgen -G "$scratch/b*" >/dev/null; then
  problem "a refused run made its --out folder"
fi

# The file name: the renderer the bench names, in file-name form.
renderer=$("$build/tactics-grid" bench --quick --case fe | head -n 1)
renderer=${renderer#renderer: }
renderer=${renderer%, LP_NUM_THREADS=*}
renderer=${renderer% (OpenGL *}
name=$(printf '%s' "$renderer" | LC_ALL=C tr '[:upper:]' '[:lower:]' | LC_ALL=C tr -cs 'a-z0-9' '-')
name=${name#-}
name=${name%-}
if [[ ! $name =~ ^[a-z0-9]+(-[a-z0-9]+)*$ ]]; then problem "'$name' is not a file-name form"; fi

# --- A short run that passes ----------------------------------------------------------------------
code=0
"$script" "${short[@]}" --out "$scratch/report" --build "$build" >"$scratch/run.txt" 2>&1 || code=$?
if ((code != 0)); then problem "the short run exited $code: $(cat "$scratch/run.txt")"; fi
listed=$(cd "$scratch/report" && ls)
if [[ $listed != "$name.json"$'\n'"$name.txt" ]]; then
  problem "the report folder holds '$listed', not $name.json and $name.txt"
fi
/usr/bin/python3 - "$scratch/report/$name.json" "$renderer" <<'PY' || problem "the JSON of the short run"
import json, sys
report = json.load(open(sys.argv[1]))
assert report["renderer"] == sys.argv[2], report["renderer"]
assert report["quick"] is True
for api, version in (("core", "(OpenGL "), ("es", "(OpenGL ES ")):
    bench = report[api]
    assert version in bench["renderer"], bench["renderer"]
    assert {row["case"] for row in bench["results"]} == {"fe"}, bench["results"]
    assert "gpu" in {row["method"] for row in bench["results"]}
checks = report["checks"]
assert len(checks) == 5, checks
for check in checks:
    assert check["ok"] is True and check["exit"] == 0, check
assert any("--gl es" in c["command"] and "gpu_tests" in c["command"] for c in checks), checks
assert any(c["command"].endswith("capi_test --gl") for c in checks), checks
PY
txt=$scratch/report/$name.txt
grep -q "^## Summary: 5 of 5 steps passed" "$txt" || problem "the summary of $txt"
grep -q "^fe  *gpu " "$txt" || problem "no bench table in $txt"
grep -q "^auto on fe: " "$txt" || problem "no auto line in $txt"
grep -q "All tests passed" "$txt" || problem "no suite count in $txt"

# --- Defaults, and a step that fails: the files are still written, and the script exits 1 ------
# A build folder of the real tactics-grid, a gpu_tests that logs its arguments and passes (so the
# run can go without --suite, whole, in no time) and a capi_test that fails. Not --quick either
# (bench's 20 repetitions of fe take a few seconds): no option but --case.
fake=$scratch/build-with-a-failing-capi
mkdir -p "$fake"
ln -s "$(cd "$build" && pwd)/tactics-grid" "$fake/tactics-grid"
ln -s "$(cd "$build" && pwd)/tactics-bench" "$fake/tactics-bench"
printf '#!/bin/sh\necho "$*" >>"%s"\necho "All tests passed (1 assertion in 1 test case)"\n' \
  "$scratch/suite-arguments" >"$fake/gpu_tests"
printf '#!/bin/sh\necho "0.1.0: 1 failed checks"\nexit 1\n' >"$fake/capi_test"
chmod +x "$fake/gpu_tests" "$fake/capi_test"
code=0
"$script" --case fe --out "$scratch/failing" --build "$fake" >"$scratch/run.txt" 2>&1 || code=$?
if ((code != 1)); then problem "a failing step: exit $code, not 1: $(cat "$scratch/run.txt")"; fi
if [[ $(cat "$scratch/suite-arguments" 2>/dev/null) != "--gl core -w NoTests"$'\n'"--gl es -w NoTests" ]]; then
  problem "the suite was run as: $(cat "$scratch/suite-arguments" 2>/dev/null)"
fi
/usr/bin/python3 - "$scratch/failing/$name.json" <<'PY' || problem "the JSON of the failing run"
import json, sys
report = json.load(open(sys.argv[1]))
checks = report["checks"]
assert [c["ok"] for c in checks] == [True, True, True, True, False], checks
assert checks[-1]["exit"] == 1, checks
assert report["quick"] is False
PY
grep -q "^## Summary: 4 of 5 steps passed" "$scratch/failing/$name.txt" ||
  problem "the failing run's summary"
grep -q "1 failed checks" "$scratch/failing/$name.txt" || problem "the failing step's output"
grep -q "options: --case fe$" "$scratch/failing/$name.txt" || problem "the failing run's options line"

if ((failures)); then
  echo "$failures problems" >&2
  exit 1
fi
echo "scripts/gpu-report: bad options refused, a short run's files written and whole, a failing step reported"
