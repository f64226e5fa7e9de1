#!/usr/bin/env bash
# Messages where the player looks (issue 37, item 6), in the real window driven with xdotool (run
# it under xvfb-run): open SCENARIO at SIZE, scroll the panel to the Open... field, type BAD (a
# file that is no board) and Return; scroll the panel back up; then T for edit mode; then U with
# the pointer on the cell UX,UY, where a unit stands. Waits for the demo to log each toast; the
# test reads the widgets it logged (TACTICS_LOG_LAYOUT). With SHOTS, a folder, the window is
# saved there after each step (xwd).
# usage: e2e_messages.sh EXE LOG SCENARIO SIZE BAD UX UY [SHOTS]
set -euo pipefail
exe=$1 log=$2 scenario=$3 size=$4 bad=$5 ux=$6 uy=$7 shots=${8:-}

export XDG_CONFIG_HOME
XDG_CONFIG_HOME=$(dirname "$log")/config-messages
# shellcheck source=tests/e2e/e2e_lib.sh
source "$(dirname "$0")/e2e_lib.sh"
start_demo --scenario "$scenario" --window "$size"

shot() {  # NAME
  [[ -n $shots ]] || return 0
  sleep 0.5
  xwd -silent -id "$window" -out "$shots/$1.xwd"
}
last_widget() { grep "^widget $1 " "$log" | tail -n 1; }

nudge_until '^board ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
read -r _ _ px py pw ph < <(last_widget panel)

# The Open... field is below the fold at 800x600: the wheel over the panel scrolls to it.
click_widget open-field
sleep 0.3
xdotool type --delay 20 "$bad"
sleep 0.3
xdotool keydown Return
sleep 0.3
xdotool keyup Return
nudge_until '^toast error: ' 30
shot bad-file
# Back to the panel's top, where a player usually has it: T must bring the editor into view.
xdotool mousemove --window "$window" $((px + pw / 2)) $((py + ph / 2))
xdotool click --repeat 40 --delay 30 4
sleep 0.3

xdotool mousemove --window "$window" $((x0 + ux * cell + cell / 2)) $((y0 + uy * cell + cell / 2))
sleep 0.5
xdotool key t
nudge_until '^edit mode on$' 30
sleep 0.5
xdotool mousemove_relative -- 1 0
sleep 0.5
shot edit-mode
xdotool key u
nudge_until '^toast error: cannot place a unit' 30
sleep 0.5
xdotool mousemove_relative -- 1 0
sleep 0.5
shot refused
