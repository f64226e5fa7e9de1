#!/usr/bin/env bash
# Drives the real demo window with xdotool (run it under xvfb-run): clicks the unit on UX,UY,
# then clicks once on the panel's Movement Range field (issue 37: a slider set it to about 32 on
# one click), waits, then drags the field to the right. The demo's log (TACTICS_LOG_LAYOUT) says
# "selected NAME move N" whenever the selection or its Movement Range changes; LOG.click is the
# log as it stood after the click, before the drag.
# usage: e2e_drag_field.sh EXE LOG UX UY
set -euo pipefail
exe=$1 log=$2 ux=$3 uy=$4

# shellcheck source=tests/e2e/e2e_lib.sh
source "$(dirname "$0")/e2e_lib.sh"
start_demo --map "$(dirname "$0")/../../assets/maps/crossroads.png" --window 1280x720

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
