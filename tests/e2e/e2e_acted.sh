#!/usr/bin/env bash
# Drives the real demo window with xdotool (run it under xvfb-run): the unit on UX,UY walks to
# DX,DY (the window, with the menu after the move open, is written to SHOT.menu), waits (Z), is
# clicked again, and the window is written to SHOT (both xwd); then a click on BX,BY (a cell of
# its range) must not move it. The log shows the one move.
# usage: e2e_acted.sh EXE LOG SHOT UX UY DX DY BX BY
set -euo pipefail
exe=$1 log=$2 shot=$3 ux=$4 uy=$5 dx=$6 dy=$7 bx=$8 by=$9

# shellcheck source=tests/e2e/e2e_lib.sh
source "$(dirname "$0")/e2e_lib.sh"
start_demo --map "$(dirname "$0")/../../assets/maps/crossroads.png" --window 1280x720

wait_for '^board ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
sleep 0.5
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
centre() { echo $((x0 + $1 * cell + cell / 2)) $((y0 + $2 * cell + cell / 2)); }
click() {  # X Y
  # shellcheck disable=SC2046  # centre prints two words on purpose
  xdotool mousemove --window "$window" $(centre "$1" "$2")
  sleep 0.4
  xdotool click 1
  sleep 0.4
}

click "$ux" "$uy"
click "$dx" "$dy"
wait_for '^move ' 30
xdotool mousemove --window "$window" 5 5  # no hover over the board
sleep 0.6
xwd -silent -id "$window" -out "$shot.menu"
xdotool windowfocus --sync "$window" || true
xdotool key --window "$window" z
sleep 0.5
click "$dx" "$dy"  # the unit that has acted: inspected, not ordered
# Away from the board, so that the hover shows no arrow.
xdotool mousemove --window "$window" 5 5
sleep 0.8
xwd -silent -id "$window" -out "$shot"
click "$bx" "$by"
sleep 1.0
