#!/usr/bin/env bash
# Drives the real demo window with xdotool (run it under xvfb-run): click the unit on cell
# UX,UY, hover the cell DX,DY, click it, and wait for the demo to log the completed move.
# With WxH, first resize the window and wait for the demo to lay the board out again.
# usage: e2e_window.sh EXE LOG UX UY DX DY [WxH]
set -euo pipefail
exe=$1 log=$2 ux=$3 uy=$4 dx=$5 dy=$6 resize=${7:-}

"$exe" demo --window 1280x720 >"$log" 2>&1 &
demo=$!
trap 'kill "$demo" 2>/dev/null || true' EXIT

wait_for() {  # PATTERN SECONDS
  for _ in $(seq 1 $(($2 * 10))); do
    grep -q "$1" "$log" && return 0
    kill -0 "$demo" 2>/dev/null || { echo "the demo exited early:" >&2; cat "$log" >&2; return 1; }
    sleep 0.1
  done
  echo "timed out waiting for '$1'; the demo said:" >&2
  cat "$log" >&2
  return 1
}

wait_for '^board ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
if [[ -n $resize ]]; then
  before=$(grep -c '^board ' "$log")
  xdotool windowsize "$window" "${resize%x*}" "${resize#*x}"
  for _ in $(seq 1 100); do
    [[ $(grep -c '^board ' "$log") -gt $before ]] && break
    sleep 0.1
  done
  [[ $(grep -c '^board ' "$log") -gt $before ]] || { echo "no new board after resizing" >&2; exit 1; }
  sleep 0.3
fi
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
centre() { echo $((x0 + $1 * cell + cell / 2)) $((y0 + $2 * cell + cell / 2)); }

# shellcheck disable=SC2046  # centre prints two words on purpose
xdotool mousemove --window "$window" $(centre "$ux" "$uy")
sleep 0.5
xdotool click 1
sleep 0.5
# shellcheck disable=SC2046
xdotool mousemove --window "$window" $(centre "$dx" "$dy")
sleep 0.5
xdotool click 1
wait_for '^move ' 30
