# Shared by the xdotool drivers of the e2e suite: source it, with `exe` (the tactics-grid
# executable) and `log` (where the demo's output goes) set.
#   start_demo ARGS...       `tactics-grid demo ARGS...` in the background with
#                            TACTICS_LOG_LAYOUT=1 (its pid in $demo, killed when the script ends);
#                            settings and recent files in $XDG_CONFIG_HOME, else a fresh folder,
#                            never the user's
#   alive                    exits, printing the demo's log, when the demo has exited
#   wait_for PATTERN SECONDS [COUNT]
#                            waits until the log has COUNT (default 1) lines matching PATTERN
#   nudge_until PATTERN SECONDS [COUNT]
#                            the same, nudging the pointer now and then: the demo sleeps until
#                            an event, and some keys finish only on a later frame
#   find_board               waits for the first `board X0 Y0 CELL` line and the window; sets
#                            window, x0, y0 and cell
#   centre X Y               the window coordinates of the middle of cell X,Y
#   click_widget NAME        scrolls the panel until its widget NAME (as last logged) is well
#                            inside it, then left clicks its middle
#   press KEY                a key held for a moment, as a hand presses it (a press and release
#                            within one event poll can be missed by the demo's idle loop)

start_demo() {
  export XDG_CONFIG_HOME="${XDG_CONFIG_HOME:-$(mktemp -d)}"
  TACTICS_LOG_LAYOUT=1 "$exe" demo "$@" >"$log" 2>&1 &
  demo=$!
  trap 'kill "$demo" 2>/dev/null || true' EXIT
}

alive() {
  kill -0 "$demo" 2>/dev/null && return 0
  echo "the demo exited early:" >&2
  cat "$log" >&2
  exit 1
}

matches() { grep -c -- "$1" "$log" || true; }

poll_until() {  # NUDGE PATTERN SECONDS [COUNT]
  local steps=$(($3 * 10)) pause=0.1
  [[ $1 == yes ]] && steps=$(($3 * 4)) pause=0.25
  for _ in $(seq 1 "$steps"); do
    [[ $(matches "$2") -ge ${4:-1} ]] && return 0
    alive
    [[ $1 == yes ]] && xdotool mousemove_relative -- 1 0
    sleep "$pause"
  done
  echo "timed out waiting for '$2'; the demo said:" >&2
  cat "$log" >&2
  exit 1
}
wait_for() { poll_until no "$@"; }
nudge_until() { poll_until yes "$@"; }

find_board() {
  wait_for '^board ' 30
  window=$(xdotool search --sync --onlyvisible --name 'tactics-grid' | head -n 1)
  read -r _ x0 y0 cell < <(grep '^board ' "$log" | tail -n 1)
}

centre() { echo $((x0 + $1 * cell + cell / 2)) $((y0 + $2 * cell + cell / 2)); }

press() {
  xdotool keydown "$1"
  sleep 0.3
  xdotool keyup "$1"
}

click_widget() {
  local px py pw ph wx wy ww wh before="" lines=0
  read -r _ _ px py pw ph < <(grep '^widget panel ' "$log" | tail -n 1)
  xdotool mousemove --window "$window" $((px + pw / 2)) $((py + ph / 2))
  for _ in $(seq 1 40); do
    read -r _ _ wx wy ww wh < <(grep "^widget $1 " "$log" | tail -n 1)
    ((wy > py + 40 && wy + wh < py + ph - 60)) && break
    # A widget that scrolling does not move (the panel's top bar): in view, and still in a frame
    # the demo drew after the last notch (it logs the widget again each such frame).
    [[ $wy == "$before" && $(matches "^widget $1 ") -gt $lines ]] &&
      ((wy >= py && wy + wh <= py + ph)) && break
    before=$wy
    lines=$(matches "^widget $1 ")
    alive
    xdotool click 5
    sleep 0.25
  done
  xdotool mousemove --window "$window" $((wx + ww / 2)) $((wy + wh / 2))
  sleep 0.3
  xdotool click 1
}
