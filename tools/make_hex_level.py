#!/usr/bin/env python3
"""Writes the hex sample level (SPEC §13): assets/tilesets/hex_terrain.tsx, the terrain tiles of
terrain.tsx cut to pointy-top hexagons (their art is tools/make_tileset --hex), and
assets/maps/hexvale.tmx, a hexagonal Tiled map (staggeraxis y, staggerindex odd: the layout
`hex-y-odd`) with its units in a `units` layer, each a point at the centre of its hexagon as
Tiled draws the map; then lets Tiled load and save the map so the shipped file is Tiled's own
writing. Needs Debian's `tiled` only to regenerate; nothing else does.

Each character is a cell, column x of row y; odd rows are drawn half a hexagon to the right.
  . plains   , plains (variant)   = road   F forest   T thick forest   h hills   M mountains
  # stone wall   ~ water (impassable)   B bridge (plains: crosses the river)
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tiled_export  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# terrain.tsx's tile ids (make_tileset draws both sets in the same order) and their terrains.
TILES = {'.': (0, 'plains'), ',': (1, 'plains'), 'F': (2, 'forest'), 'h': (3, 'hills'),
         'M': (4, 'mountains'), '#': (5, 'wall'), '~': (6, 'wall'), '=': (7, 'plains'),
         'T': (11, 'forest')}
BRIDGE = 8  # drawn over the water on the decoration layer; its terrain (plains) is the cell's

GROUND = [
    "MMMM.....FF......~~....h",
    "MMM.....FTTF.....~~...hh",
    "MM..,....FF.....~~...hhh",
    "M.........,.....~~....h.",
    "hh....,.........~~......",
    "h..............~~...,...",
    "....FF.........~~.....FF",
    "...FTTF...=====BB=====FT",
    "....FF.........~~....FFF",
    "..............~~........",
    ".....,........~~...##.##",
    "..hh..........~~...#...#",
    ".hhh....,....~~....#...#",
    "..h.........~~.....##.##",
    ".........,..~~........,.",
    "MM.........~~.........MM",
]
# name, team, cell, move, attack
UNITS = [
    ('Lord', 'player', (3, 8), 5, '1-1'),
    ('Knight', 'player', (2, 10), 4, '1-1'),
    ('Archer', 'player', (5, 9), 5, '2-2'),
    ('Cavalier', 'player', (6, 7), 7, '1-1'),
    ('Soldier', 'enemy', (20, 8), 5, '1-1'),
    ('Bowman', 'enemy', (21, 11), 4, '2-3'),
    ('Brigand', 'enemy', (19, 5), 5, '1-1'),
    ('Guard', 'enemy', (21, 12), 4, '1-1'),
]
TILE = 32          # tiles are 32x32 pixels
SIDE = TILE // 2   # hexsidelength: pointy-top hexagons; rows are TILE * 3 / 4 apart
ROW = (TILE - SIDE) // 2 + SIDE


def centre(x, y):
    """The pixel centre of cell (x, y) as Tiled draws a staggeraxis y, staggerindex odd map."""
    shift = TILE // 2 if y % 2 == 1 else 0
    return x * TILE + shift + TILE // 2, y * ROW + TILE // 2


def main():
    width, height = len(GROUND[0]), len(GROUND)
    bad = [y for y, row in enumerate(GROUND) if len(row) != width]
    assert not bad, f'rows {bad} are not {width} wide'
    names = sorted(({tile: terrain for tile, terrain in TILES.values()} | {BRIDGE: 'plains'}).items())
    tiles = ''.join(f' <tile id="{tile}"><properties><property name="terrain" value="{terrain}"/>'
                    '</properties></tile>\n' for tile, terrain in names)
    tsx = ('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" tiledversion="1.8.2" '
           'name="hex_terrain" tilewidth="32" tileheight="32" tilecount="12" columns="6">\n'
           ' <image source="hex_terrain.png" width="192" height="64"/>\n' + tiles + '</tileset>\n')
    with open(os.path.join(ROOT, 'assets', 'tilesets', 'hex_terrain.tsx'), 'w') as f:
        f.write(tsx)
    print('wrote assets/tilesets/hex_terrain.tsx: 12 tiles')

    def ground_id(c):
        return TILES['~' if c == 'B' else c][0] + 1

    seen = set()
    objects = []
    for i, (name, team, (x, y), move, attack) in enumerate(UNITS):
        assert GROUND[y][x] not in '~#M', f'{name} stands on {GROUND[y][x]}'
        assert (x, y) not in seen, f'{name} shares a cell'
        seen.add((x, y))
        px, py = centre(x, y)
        objects.append(
            f'  <object id="{i + 1}" name="{name}" x="{px}" y="{py}">\n'
            '   <properties>\n'
            f'    <property name="attack" value="{attack}"/>\n'
            f'    <property name="move" type="int" value="{move}"/>\n'
            f'    <property name="team" value="{team}"/>\n'
            '   </properties>\n'
            '   <point/>\n'
            '  </object>\n')
    ground = ',\n'.join(','.join(str(ground_id(c)) for c in row) for row in GROUND)
    bridges = ',\n'.join(','.join(str(BRIDGE + 1) if c == 'B' else '0' for c in row)
                          for row in GROUND)
    tmx = ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" '
           f'orientation="hexagonal" renderorder="right-down" width="{width}" height="{height}" '
           f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" hexsidelength="{SIDE}" '
           f'staggeraxis="y" staggerindex="odd" nextlayerid="4" nextobjectid="{len(UNITS) + 1}">\n'
           ' <tileset firstgid="1" source="../tilesets/hex_terrain.tsx"/>\n'
           f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
           f'  <data encoding="csv">\n{ground}\n</data>\n </layer>\n'
           f' <layer id="2" name="decoration" width="{width}" height="{height}">\n'
           f'  <data encoding="csv">\n{bridges}\n</data>\n </layer>\n'
           ' <objectgroup id="3" name="units">\n' + ''.join(objects) + ' </objectgroup>\n</map>\n')
    tiled_export.export(tmx, os.path.join(ROOT, 'assets', 'maps', 'hexvale.tmx'),
                        f'{width}x{height} hex-y-odd, {len(UNITS)} units')


main()
