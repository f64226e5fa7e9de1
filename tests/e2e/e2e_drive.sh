#!/usr/bin/env bash
# Drives the real demo window with xdotool (run it under xvfb-run) through a list of actions,
# with TACTICS_LOG_LAYOUT=1 so that the demo logs every new layout (`board X0 Y0 CELL`) and
# where the panel's widgets are (`widget NAME X Y W H`, screen coordinates).
# usage: e2e_drive.sh EXE LOG [DEMO-ARGS...] -- ACTION...
#   key:NAME       press a key (xdotool names: Up, f, ctrl+z), the pointer over the board
#   keys:N:NAME    the same N times
#   resize:WxH     resize the window and wait for the new layout
#   wheel:N        N wheel notches closer (negative: farther) over the board's middle
#   cell:X,Y       left click the board's cell X,Y (from the last board line)
#   hover:X,Y      move the pointer onto the board's cell X,Y
#   shot:PATH      the window's pixels as an XWD image (xwd)
#   drag:X,Y:U,V   a left drag from cell X,Y to cell U,V
#   widget:NAME    left click the middle of the panel's widget NAME (from its last line)
#   paneledge:DX   drag the panel's left edge DX pixels (negative: wider)
#   scrollpanel:N  N wheel notches down (negative: up) over the panel
#   sleep:S        wait S seconds
# Each action is followed by a wait until the demo's log is quiet for half a second, then the
# script prints `after ACTION: board X0 Y0 CELL` (the layout then) and `widget lines after
# ACTION: N` (how many widget lines the demo has logged: none new when nothing moved) and `log
# lines after ACTION: N`. The demo is killed at the end; its log is in LOG.
set -euo pipefail
exe=$1 log=$2
shift 2
args=()
while [[ $# -gt 0 && $1 != -- ]]; do args+=("$1"); shift; done
[[ $# -gt 0 ]] && shift

# The demo's settings and recent files: the caller's folder, else a fresh one, never the user's.
export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$(mktemp -d)}"
TACTICS_LOG_LAYOUT=1 "$exe" demo "${args[@]}" >"$log" 2>&1 &
demo=$!
trap 'kill "$demo" 2>/dev/null || true' EXIT

lines() { wc -l <"$log"; }
wait_for() {  # PATTERN SECONDS
  for _ in $(seq 1 $(($2 * 10))); do
    grep -q "$1" "$log" && return 0
    kill -0 "$demo" 2>/dev/null || { echo "the demo exited early:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "timed out waiting for '$1'; the demo said:" >&2
  cat "$log" >&2
  exit 1
}
settle() {  # until the log has not grown for half a second (at most 20 s)
  local seen
  seen=$(lines)
  for _ in $(seq 1 40); do
    sleep 0.5
    [[ $(lines) -eq $seen ]] && return 0
    seen=$(lines)
  done
}
board() { grep '^board ' "$log" | tail -n 1; }
cell_centre() {  # X,Y -> window coordinates of the cell's middle
  local x0 y0 size
  read -r _ x0 y0 size < <(board)
  echo $((x0 + ${1%,*} * size + size / 2)) $((y0 + ${1#*,} * size + size / 2))
}
widget() {  # NAME -> its last line's X Y W H
  local line
  line=$(grep "^widget $1 " "$log" | tail -n 1)
  [[ -n $line ]] || { echo "the demo logged no widget '$1':" >&2; cat "$log" >&2; exit 1; }
  echo "${line#widget "$1" }"
}
board_middle() {  # the middle of the window's part left of the panel
  local x h
  read -r x _ _ h < <(widget panel)
  echo $((x / 2)) $((h / 2))
}

wait_for '^board ' 30
wait_for '^widget panel ' 30
window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
settle

for action in "$@"; do
  case $action in
    key:*)
      # shellcheck disable=SC2046  # two words on purpose
      xdotool mousemove --window "$window" $(board_middle)
      xdotool key "${action#key:}" ;;
    keys:*)
      rest=${action#keys:}
      # shellcheck disable=SC2046
      xdotool mousemove --window "$window" $(board_middle)
      # One xdotool for them all: starting one a press took most of a second per five.
      xdotool key --repeat "${rest%%:*}" --delay 50 "${rest#*:}" ;;
    resize:*)
      size=${action#resize:}
      xdotool windowsize "$window" "${size%x*}" "${size#*x}" ;;
    wheel:*)
      n=${action#wheel:}
      # shellcheck disable=SC2046
      xdotool mousemove --window "$window" $(board_middle)
      button=4
      [[ $n -lt 0 ]] && { button=5; n=$((-n)); }
      for _ in $(seq 1 "$n"); do xdotool click "$button"; sleep 0.1; done ;;
    cell:*)
      # shellcheck disable=SC2046
      xdotool mousemove --window "$window" $(cell_centre "${action#cell:}")
      sleep 0.2
      xdotool click 1 ;;
    hover:*)
      # shellcheck disable=SC2046
      xdotool mousemove --window "$window" $(cell_centre "${action#hover:}") ;;
    shot:*) xwd -silent -id "$window" -out "${action#shot:}" ;;
    drag:*)
      span=${action#drag:}
      # shellcheck disable=SC2046
      xdotool mousemove --window "$window" $(cell_centre "${span%:*}")
      sleep 0.2
      xdotool mousedown 1
      sleep 0.2
      # shellcheck disable=SC2046
      xdotool mousemove --window "$window" $(cell_centre "${span#*:}")
      sleep 0.2
      xdotool mouseup 1 ;;
    widget:*)
      read -r x y w h < <(widget "${action#widget:}")
      xdotool mousemove --window "$window" $((x + w / 2)) $((y + h / 2))
      sleep 0.3
      xdotool click 1 ;;
    paneledge:*)
      read -r x y _ _ < <(widget panel)
      xdotool mousemove --window "$window" $((x + 1)) $((y + 200))
      sleep 0.3
      xdotool mousedown 1
      sleep 0.3
      for step in 1 2 3 4; do
        xdotool mousemove --window "$window" $((x + 1 + ${action#paneledge:} * step / 4)) $((y + 200))
        sleep 0.1
      done
      xdotool mouseup 1 ;;
    scrollpanel:*)
      # Over the sections' own scroll bar, at the panel's right: over a list inside the panel
      # (the board list) the wheel would scroll that list instead.
      read -r x y w _ < <(widget panel)
      xdotool mousemove --window "$window" $((x + w - 12)) $((y + 300))
      n=${action#scrollpanel:}
      button=5
      [[ $n -lt 0 ]] && { button=4; n=$((-n)); }
      xdotool click --repeat "$n" --delay 30 "$button" ;;
    sleep:*) sleep "${action#sleep:}" ;;
    *) echo "unknown action '$action'" >&2; exit 2 ;;
  esac
  settle
  echo "after $action: $(board)"
  echo "widget lines after $action: $(grep -c '^widget ' "$log")"
  echo "log lines after $action: $(lines)"
done
