#!/usr/bin/env bash
# Drives the level editor in the real window with xdotool (run it under xvfb-run), as issue 37
# found it: open SCENARIO, click the panel and press Tab twice (two units are selected: Tab is the
# board's, not the panel's); T, click the unit on SX,SY and press Delete, then Ctrl+Z (it comes
# back: a click selects it again); click the empty cell EX,EY and press Delete (nothing is
# selected, nothing removed); Ctrl+Q asks before the unsaved edits are lost, Esc cancels, Ctrl+Q
# asks again and Discard closes the window. Exits with the demo's exit code.
# usage: e2e_unsaved.sh EXE LOG SCENARIO SX SY EX EY
set -euo pipefail
exe=$1 log=$2 scenario=$3 sx=$4 sy=$5 ex=$6 ey=$7

export XDG_CONFIG_HOME
XDG_CONFIG_HOME=$(dirname "$log")/config
TACTICS_LOG_LAYOUT=1 "$exe" demo --scenario "$scenario" --window 1280x720 >"$log" 2>&1 &
demo=$!
trap 'kill "$demo" 2>/dev/null || true' EXIT

count() { grep -c -- "$1" "$log" || true; }
wait_for() {  # PATTERN SECONDS [COUNT]
  for _ in $(seq 1 $(($2 * 4))); do
    [ "$(count "$1")" -ge "${3:-1}" ] && return 0
    kill -0 "$demo" 2>/dev/null || { echo "the demo exited early:" >&2; cat "$log" >&2; return 1; }
    xdotool mousemove_relative -- 1 0  # wakes the demo, which sleeps until an event
    sleep 0.25
  done
  echo "timed out waiting for '$1'; the demo said:" >&2
  cat "$log" >&2
  return 1
}

wait_for '^board ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
centre() { echo $((x0 + $1 * cell + cell / 2)) $((y0 + $2 * cell + cell / 2)); }
key() { xdotool keydown "$1"; sleep 0.2; xdotool keyup "$1"; }

# A click on the panel gives it the keyboard focus; Tab still selects the next unit (twice), and
# never puts the text cursor into a panel field.
wait_for '^widget panel ' 30
read -r _ _ px py pw ph < <(grep '^widget panel ' "$log" | tail -n 1)
xdotool mousemove --window "$window" $((px + pw / 2)) $((py + ph - 4))
sleep 0.3
xdotool click 1
sleep 0.3
key Tab
wait_for '^selected .* move ' 30
key Tab
wait_for '^selected .* move ' 30 2

# shellcheck disable=SC2046  # centre prints two words on purpose
xdotool mousemove --window "$window" $(centre "$sx" "$sy")
sleep 0.5
key t
wait_for '^edit mode on$' 30
xdotool click 1
wait_for '^selected .* to edit$' 30
key Delete
wait_for '^removed ' 30
key ctrl+z
wait_for '^undo$' 30
# shellcheck disable=SC2046
xdotool mousemove --window "$window" $(centre "$sx" "$sy")
sleep 0.3
xdotool click 1
wait_for '^selected .* to edit$' 30 2  # the unit is back
# shellcheck disable=SC2046
xdotool mousemove --window "$window" $(centre "$ex" "$ey")
sleep 0.3
xdotool click 1
sleep 0.3
key Delete
wait_for '^nothing selected to delete$' 30
[ "$(count '^removed ')" -eq 1 ] || { echo "Delete removed a unit it should not have" >&2; exit 1; }

key ctrl+q
wait_for '^unsaved edits: asked before you close the window$' 30
key Escape
sleep 0.5
key ctrl+q
wait_for '^unsaved edits: asked before you close the window$' 30 2
wait_for '^widget leave-discard ' 30
read -r _ _ bx by bw bh < <(grep '^widget leave-discard ' "$log" | tail -n 1)
xdotool mousemove --window "$window" $((bx + bw / 2)) $((by + bh / 2))
sleep 0.3
xdotool click 1
for _ in $(seq 1 40); do
  kill -0 "$demo" 2>/dev/null || break
  xdotool mousemove_relative -- 1 0 2>/dev/null || true
  sleep 0.25
done
trap - EXIT
wait "$demo"
