#!/usr/bin/env bash
# Drives the real demo window with xdotool (run it under xvfb-run): click the unit on cell
# UX,UY, hover the cell DX,DY, click it, and wait for the demo to log the completed move.
# With WxH, first resize the window and wait for the demo to lay the board out again. With
# `zoom`, first turn the wheel two notches closer over the unit and pan with a right drag,
# waiting for a new board line after each.
# usage: e2e_window.sh EXE LOG UX UY DX DY [WxH|zoom]
set -euo pipefail
exe=$1 log=$2 ux=$3 uy=$4 dx=$5 dy=$6 resize=${7:-}

# shellcheck source=tests/e2e/e2e_lib.sh
source "$(dirname "$0")/e2e_lib.sh"
start_demo --map "$(dirname "$0")/../../assets/maps/crossroads.png" --window 1280x720

wait_for '^board ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
boards() { grep -c '^board ' "$log"; }
wait_new_board() {  # COUNT-BEFORE WHAT: a new board line, then none for half a second
  for _ in $(seq 1 100); do
    if [[ $(boards) -gt $1 ]]; then
      local seen
      seen=$(boards)
      for _ in $(seq 1 50); do
        sleep 0.5
        [[ $(boards) -eq $seen ]] && return 0
        seen=$(boards)
      done
    fi
    sleep 0.1
  done
  echo "no new board after $2" >&2
  exit 1
}
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
if [[ $resize == zoom ]]; then
  before=$(boards)
  xdotool mousemove --window "$window" $((x0 + ux * cell + cell / 2)) $((y0 + uy * cell + cell / 2))
  sleep 0.3
  xdotool click 4 click 4
  wait_new_board "$before" "zooming"
  before=$(boards)
  xdotool mousedown 3
  for _ in 1 2 3 4 5 6; do xdotool mousemove_relative -- 5 3; sleep 0.05; done
  xdotool mouseup 3
  wait_new_board "$before" "panning"
elif [[ -n $resize ]]; then
  before=$(boards)
  xdotool windowsize "$window" "${resize%x*}" "${resize#*x}"
  wait_new_board "$before" "resizing"
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
