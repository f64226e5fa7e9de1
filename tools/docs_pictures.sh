#!/usr/bin/env bash
# Remakes every picture of the README and the guide that the demo draws (docs/*.png but
# riverford.png, which is the Tiled editor's own renderer) from a build: scripted screenshots
# under Xvfb, the rule pictures cut down to the board with tools/crop_png.py at the
# `board X0 Y0 CELL` the demo prints.
#   tools/docs_pictures.sh [BUILD-DIR]     (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
exe=${1:-build}/tactics-grid
[[ -x $exe ]] || { echo "error: $exe is not built (cmake --build --preset default)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Scripted runs neither read nor write the demo's settings; keep the recent files out too.
export XDG_CONFIG_HOME=$tmp/config

shot() {  # OUT.png DEMO-ARGS...: prints the board line
  local out=$1
  shift
  xvfb-run -a "$exe" demo --screenshot "$out" "$@" | grep '^board '
}

# A shot cut to the cells X..X+COLUMNS-1, Y..Y+ROWS-1 of the board.
cells_shot() {  # OUT.png X Y COLUMNS ROWS DEMO-ARGS...
  local out=$1 x=$2 y=$3 columns=$4 rows=$5
  shift 5
  local x0 y0 cell
  read -r _ x0 y0 cell < <(shot "$tmp/shot.png" "$@")
  python3 tools/crop_png.py "$tmp/shot.png" "$out" $((x0 + x * cell)) $((y0 + y * cell)) \
    $((columns * cell)) $((rows * cell))
}

# A shot cut to a W x H cell rectangle from the board's top-left corner.
board_shot() {  # OUT.png COLUMNS ROWS DEMO-ARGS...
  local out=$1
  shift
  cells_shot "$out" 0 0 "$@"
}

shot docs/screenshot.png --select 5,21 --hover 4,16
shot docs/labels.png --show costs,parents --cell 48 --select 3,20 --hover 5,17
shot docs/riverford_tiled_art.png --map assets/maps/riverford.tmx --select 3,20
# The hex sample level (SPEC §13), the whole board: 24 hexagons a row and half a cell for the
# shifted rows, 16 rows three quarters of a cell apart and a quarter cell below the last.
read -r _ x0 y0 cell < <(shot "$tmp/shot.png" --scenario assets/maps/hexvale.tmx --select 3,8 \
  --hover 6,11 --window 1100x620)
python3 tools/crop_png.py "$tmp/shot.png" docs/hexvale.png "$x0" "$y0" $((24 * cell + cell / 2)) \
  $((16 * cell * 3 / 4 + cell / 4))

# Line of sight (SPEC §11.8): the Sniper's red area stops at the fortress wall; the hovered cell
# behind it says why it is not red, and the sight lines show which walls hide what.
shot docs/sight.png --scenario assets/scenarios/archers.json --select 14,15 --hover 14,11 \
  --show sight-lines

# Fights (SPEC §14): the hovered Brigand's battle forecast from the arrow's end, the hp on the
# tokens, on the duel sample.
cells_shot docs/forecast.png 0 13 14 10 --scenario assets/scenarios/duel.json --select 3,20 \
  --hover 7,19 --cell 40

skirmish=(--scenario assets/scenarios/zoc_skirmish.json --window 860x420)
board_shot docs/rules-zoc.png 16 10 "${skirmish[@]}" --select 8,8
board_shot docs/rules-skirmisher.png 16 10 "${skirmish[@]}" --select 10,7
board_shot docs/rules-pass.png 16 10 --scenario docs/rules-pass.json --window 860x420 --select 8,7
board_shot docs/rules-ignore-units.png 16 10 "${skirmish[@]}" --select 8,8 --show ignore-units
board_shot docs/rules-danger.png 16 10 --scenario assets/scenarios/zoc_skirmish.json \
  --show danger --window 1000x560

# The Ballista's 1+3 ring: an 11x11 cell window around it (cells 9..19, 6..16).
read -r _ x0 y0 cell < <(shot "$tmp/shot.png" --scenario assets/scenarios/skirmish.json \
  --select 14,11 --hover 17,11 --cell 32 --window 1500x1000)
python3 tools/crop_png.py "$tmp/shot.png" docs/rules-attack-set.png $((x0 + 9 * cell)) \
  $((y0 + 6 * cell)) $((11 * cell)) $((11 * cell))
# Fog (SPEC 11.5): the Cavalier's range runs over the hidden Assassin's cell; clicked, the walk
# stops short of it and the Assassin is revealed.
fog=(--scenario assets/scenarios/fog.json --window 1280x720 --select 5,21)
board_shot docs/fog-range.png 32 24 "${fog[@]}" --hover 8,21
board_shot docs/fog-ambush.png 32 24 "${fog[@]}" --click 8,21 --frames 30

# Named terrains (SPEC 11.1): the desert's Rider, whom sand slows to a crawl, and its Wyvern,
# which does not care; the same 20x14 cells of the map.
desert=(--scenario assets/maps/desert.tmx --window 1280x720)
cells_shot docs/terrains-rider.png 0 6 20 14 "${desert[@]}" --select 4,15 --hover 6,12
cells_shot docs/terrains-wyvern.png 0 6 20 14 "${desert[@]}" --select 2,16 --hover 6,12

echo "remade docs/screenshot.png, labels.png, riverford_tiled_art.png, rules-*.png, fog-*.png and terrains-*.png"
