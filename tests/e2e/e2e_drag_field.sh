#!/usr/bin/env bash
# Drives the real demo window with xdotool (run it under xvfb-run): clicks the unit on UX,UY,
# then clicks once on the panel's Movement Range field (issue 37: a slider set it to about 32 on
# one click), waits, then drags the field to the right. The demo's log (TACTICS_LOG_LAYOUT) says
# "selected NAME move N" whenever the selection or its Movement Range changes; LOG.click is the
# log as it stood after the click, before the drag.
# usage: e2e_drag_field.sh EXE LOG UX UY
set -euo pipefail
exe=$1 log=$2 ux=$3 uy=$4

# The demo's settings and recent files: the caller's folder, else a fresh one, never the user's.
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$(mktemp -d)}"
TACTICS_LOG_LAYOUT=1 "$exe" demo --map "$(dirname "$0")/../../assets/maps/crossroads.png" --window 1280x720 >"$log" 2>&1 &
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
sleep 0.5
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
xdotool mousemove --window "$window" $((x0 + ux * cell + cell / 2)) $((y0 + uy * cell + cell / 2))
sleep 0.4
xdotool click 1
wait_for '^selected .* move ' 10
wait_for '^widget movement-range ' 10
sleep 0.5
read -r _ _ fx fy fw fh < <(grep '^widget movement-range ' "$log" | tail -n 1)
# One click, well right of the middle (where a slider would jump up), no movement.
xdotool mousemove --window "$window" $((fx + fw * 3 / 4)) $((fy + fh / 2))
sleep 0.4
xdotool click 1
sleep 1.0
cp "$log" "$log.click"  # what the demo said up to here (it writes the log itself, no append)
xdotool mousemove --window "$window" $((fx + fw / 4)) $((fy + fh / 2))
sleep 0.4
# Then a real drag to the right, from the field's left part: the value must change, so the click above hit the field.
xdotool mousedown 1
sleep 0.3
for step in 1 2 3 4 5 6 7 8; do
  xdotool mousemove --window "$window" $((fx + fw / 4 + step * 15)) $((fy + fh / 2))
  sleep 0.15
done
xdotool mouseup 1
sleep 1.0
