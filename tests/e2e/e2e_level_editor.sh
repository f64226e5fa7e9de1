#!/usr/bin/env bash
# Drives the level editor in the real window with xdotool (run it under xvfb-run), as a user
# would: open SCENARIO, T for edit mode, point at AX,AY and press U (a new unit there), the same at
# BX,BY, click the unit on SX,SY (it is selected, not painted under), drag it to MX,MY, then
# Ctrl+S, type SCENARIO (refused: it is the open scenario) and then OUT in the save dialog,
# pressing Return after each; waits for the demo to log "saved OUT".
# usage: e2e_level_editor.sh EXE LOG SCENARIO AX AY BX BY SX SY MX MY OUT
set -euo pipefail
exe=$1 log=$2 scenario=$3 ax=$4 ay=$5 bx=$6 by=$7 sx=$8 sy=$9 mx=${10} my=${11} out=${12}

# The recent files go to the test's folder, not the user's.
export XDG_CONFIG_HOME
XDG_CONFIG_HOME=$(dirname "$log")/config
# shellcheck source=tests/e2e/e2e_lib.sh
source "$(dirname "$0")/e2e_lib.sh"
start_demo --scenario "$scenario" --window 1280x720

wait_for '^board ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
centre() { echo $((x0 + $1 * cell + cell / 2)) $((y0 + $2 * cell + cell / 2)); }

# shellcheck disable=SC2046  # centre prints two words on purpose
xdotool mousemove --window "$window" $(centre "$ax" "$ay")
sleep 0.5
xdotool key t
wait_for '^edit mode on$' 30
xdotool key u
wait_for "^placed .* at $ax,$ay\$" 30
# shellcheck disable=SC2046
xdotool mousemove --window "$window" $(centre "$bx" "$by")
sleep 0.5
xdotool key u
wait_for "^placed .* at $bx,$by\$" 30
# A click on a unit selects it for editing; a drag moves it.
# shellcheck disable=SC2046
xdotool mousemove --window "$window" $(centre "$sx" "$sy")
sleep 0.5
xdotool click 1
wait_for '^selected .* to edit$' 30
xdotool mousedown 1
sleep 0.3
# shellcheck disable=SC2046
xdotool mousemove --window "$window" $(centre "$mx" "$my")
sleep 0.3
xdotool mouseup 1
wait_for "^moved .* to $mx,$my\$" 30
xdotool key ctrl+s
wait_for '^save dialog open$' 30
sleep 0.3
# First over the scenario being edited: refused in the dialog, which stays open, its path field
# focused again.
xdotool type --delay 20 "$scenario"
sleep 0.3
xdotool keydown Return
sleep 0.3
xdotool keyup Return
nudge_until "^save refused: '.*' is the open scenario; save somewhere else.\$" 30
sleep 0.3
xdotool type --delay 20 "$out"
sleep 0.3
# Held for a moment, as a hand presses it: a Return pressed and released within one event poll
# can be missed by the demo's idle loop.
xdotool keydown Return
sleep 0.3
xdotool keyup Return
nudge_until "^saved $out\$" 30
grep -qxF "$out" "$XDG_CONFIG_HOME/tactics-grid/recent-files" || {
  echo "the saved file is not among the recent files" >&2
  exit 1
}
