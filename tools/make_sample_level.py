#!/usr/bin/env python3
"""Writes assets/maps/riverford.tmx from the plan below, and assets/maps/riverford_units.tmx, the
same level with its units placed in a `units` object layer (SPEC §9) and one class of its own in
the map property `classes`; then lets Tiled load and save each so the shipped files are Tiled's own
writing. Needs Debian's `tiled` only to regenerate; nothing else does.

Ground (every cell has a terrain):  . plains   , plains (variant)   = road   F forest
  T thick forest   h hills   M mountains   # stone wall   ~ water (impassable)
Decoration, drawn over the ground:  B bridge (plains: crosses the river)   * flowers (no terrain)
  r rubble (hills: a breach in the fortress wall)
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tiled_export  # noqa: E402

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


# The units of riverford_units.tmx: name, team, cell, move, attack, class. Each is a point object
# at its cell's centre. "scout" is the map's own class (CLASSES); the others are presets.
CLASSES = '{"scout": "1,1,3,8,x"}'
UNITS = [
    ('Lord', 'player', (3, 12), 5, '1-1', 'foot'),
    ('Archer', 'player', (1, 12), 5, '2-2', 'foot'),
    ('Cavalier', 'player', (4, 13), 7, '1-1', 'mounted'),
    ('Pegasus', 'player', (2, 14), 7, '1-1', 'flier'),
    ('Villager', 'ally', (8, 13), 4, '0', 'foot'),
    ('Brigand', 'enemy', (22, 12), 5, '1-1', 'scout'),
    ('Sniper', 'enemy', (30, 7), 5, '2-3', 'foot'),
    ('General', 'enemy', (31, 10), 4, '1-1', 'armour'),
]
TILE = 32


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
    layers = f''' <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
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
'''
    header = ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" '
              'orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" '
              'tilewidth="32" tileheight="32" infinite="0" nextlayerid="{layer}" '
              'nextobjectid="{object}">\n')
    plain = header.format(w=width, h=height, layer=3, object=1) + layers + '</map>\n'
    export(plain, 'riverford.tmx', f'{width}x{height}')

    # The same level with its units: a point object per unit, at its cell's centre.
    seen = set()
    objects = []
    for i, (name, team, (x, y), move, attack, klass) in enumerate(UNITS):
        assert 0 <= x < width and 0 <= y < height, f'{name} is off the map'
        assert (x, y) not in seen, f'{name} shares a cell'
        assert GROUND[y][x] not in '~#' and (GROUND[y][x] != 'M' or klass in ('foot', 'flier')), \
            f'{name} stands where its class cannot'
        seen.add((x, y))
        objects.append(
            f'  <object id="{i + 1}" name="{name}" x="{x * TILE + TILE // 2}" y="{y * TILE + TILE // 2}">\n'
            '   <properties>\n'
            f'    <property name="team" value="{team}"/>\n'
            f'    <property name="move" type="int" value="{move}"/>\n'
            f'    <property name="attack" value="{attack}"/>\n'
            f'    <property name="class" value="{klass}"/>\n'
            '   </properties>\n'
            '   <point/>\n'
            '  </object>\n')
    classes = CLASSES.replace('"', '&quot;')
    units = (header.format(w=width, h=height, layer=4, object=len(UNITS) + 1) +
             f' <properties>\n  <property name="classes" value="{classes}"/>\n </properties>\n' +
             layers + ' <objectgroup id="3" name="units">\n' + ''.join(objects) +
             ' </objectgroup>\n</map>\n')
    export(units, 'riverford_units.tmx', f'{width}x{height}, {len(UNITS)} units')


def export(tmx, name, what):
    """Has Tiled read `tmx` and write it as assets/maps/NAME."""
    tiled_export.export(tmx, os.path.join(ROOT, 'assets', 'maps', name), what)


main()
