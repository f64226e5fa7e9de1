#!/usr/bin/env python3
"""Writes assets/maps/riverford.tmx from the plan below, then lets Tiled load and save it so the
shipped file is Tiled's own writing. Needs Debian's `tiled` only to regenerate; nothing else does.

Ground (every cell has a terrain):  . plains   , plains (variant)   = road   F forest
  T thick forest   h hills   M mountains   # stone wall   ~ water (impassable)
Decoration, drawn over the ground:  B bridge (plains: crosses the river)   * flowers (no terrain)
  r rubble (hills: a breach in the fortress wall)
"""
import os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GROUND_IDS = {'.': 0, ',': 1, 'F': 2, 'h': 3, 'M': 4, '#': 5, '~': 6, '=': 7, 'T': 11}
DECOR_IDS = {'B': 8, '*': 9, 'r': 10}

GROUND = [
    "MMMMMMMMM.....FFF.....~~......hh........",
    "MMMMMMMM,.....FFT,....~~.....hhh...,....",
    "MMMMMMM.....,..FF.....~~......h.........",
    "MMMMMh.............,..~~...,............",
    "MMMMhh......,.........~~..........,.....",
    "MMMM..................~~..##########....",
    "MMM...,..FF..........~~...#........#....",
    "MM......FTTF.........~~...#..,.....#.,..",
    "M.......FTTF........~~..hh#........#....",
    "h........FF.........~~.hhh#....,...#....",
    "hh..................~~..hh#........#....",
    "............,.......~~....#........#....",
    "====================~~==============....",
    "....,...............~~....#........#....",
    "..........FFF.......~~....#...,....#....",
    "...h.....FTTTF......~~....#........#..,.",
    "..hhh.....FFF......~~.....##########....",
    ".hhh...............~~...........hh......",
    "..h.....,..........~~....FFF...hhhh...,.",
    "...................~~...FTTTF...hh......",
    "......FF..........~~.....FFF............",
    "....FFTF.....,....~~.........,.....MMMMM",
    "...FFTTF..........~~...........MMMMMMMMM",
    "....FFF...........~~..........MMMMMMMMMM",
]
DECOR = [
    "........................................",
    "........................................",
    "..............*.........................",
    "........................................",
    "......................BB................",
    "........................................",
    "....*.......................*...........",
    "........................................",
    "........................................",
    "........................................",
    "........................................",
    "........................................",
    "....................BB..................",
    "........................................",
    "....................................*...",
    "........................................",
    "...............................r........",
    "........................................",
    "..........*.............................",
    "........................................",
    "........................................",
    "........................................",
    "............*...........................",
    "........................................",
]


def csv(rows, ids):
    lines = [','.join(str(ids[c] + 1) if c in ids else '0' for c in row) for row in rows]
    return ',\n'.join(lines)


def main():
    width, height = len(GROUND[0]), len(GROUND)
    for name, rows in (('ground', GROUND), ('decor', DECOR)):
        bad = [y for y, row in enumerate(rows) if len(row) != width]
        assert len(rows) == height and not bad, f'{name}: rows {bad} are not {width} wide'
    decor = DECOR
    # A decoration over water must be a bridge, and a breach must sit in the wall.
    for y in range(height):
        for x in range(width):
            d, g = decor[y][x], GROUND[y][x]
            assert d != 'B' or g == '~', f'bridge at {x},{y} is not over water'
            assert d != 'r' or g == '#', f'rubble at {x},{y} is not in a wall'
            assert d != '*' or g in '.,', f'flowers at {x},{y} are not on plains'
    tmx = f'''<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
 <layer id="1" name="ground" width="{width}" height="{height}">
  <data encoding="csv">
{csv(GROUND, GROUND_IDS)}
</data>
 </layer>
 <layer id="2" name="decoration" width="{width}" height="{height}">
  <data encoding="csv">
{csv(decor, DECOR_IDS)}
</data>
 </layer>
</map>
'''
    out = os.path.join(ROOT, 'assets', 'maps', 'riverford.tmx')
    source = out + '.source.tmx'
    with open(source, 'w') as f:
        f.write(tmx)
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen')
    run = subprocess.run(['tiled', '--export-map', 'tmx', source, out], env=env,
                         stderr=subprocess.PIPE, text=True)
    os.remove(source)
    if run.returncode != 0:
        sys.exit(run.stderr)
    print(f'wrote {out}: {width}x{height}')


main()
