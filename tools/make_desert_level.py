#!/usr/bin/env python3
"""Writes the desert level (SPEC §11.1's named terrains): assets/tilesets/desert.tsx, whose tiles
name the terrains sand, bridge and shallows beside the five of SPEC §9, and
assets/maps/desert.tmx, which lists its eight terrains in the map property `terrains`, prices them
per class in `classes` (a rider that hates sand, a wyvern that does not care) and places its units
in a `units` layer; then lets Tiled load and save the map so the shipped file is Tiled's own
writing. The tileset's art is tools/make_tileset --desert. Needs Debian's `tiled` only to
regenerate; nothing else does.

  . sand   : dunes (sand)   , scrub (plains)   P palms (forest)   h hills   r ruins (hills)
  M mesa (mountains)   ~ deep water (wall)   s shallows   = bridge
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tiled_export  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TERRAINS = ['plains', 'forest', 'hills', 'mountains', 'wall', 'sand', 'bridge', 'shallows']
# Tile ids of desert.png (make_tileset --desert) and each tile's terrain.
TILES = {'.': (0, 'sand'), ':': (1, 'sand'), ',': (2, 'plains'), 'P': (3, 'forest'),
         'h': (4, 'hills'), 'M': (5, 'mountains'), '~': (6, 'wall'), 's': (7, 'shallows'),
         '=': (8, 'bridge'), 'r': (9, 'hills')}

GROUND = [
    "MMMM......::::.......ss~~~ss....,,,,,,..",
    "MMM......::::::......s~~~~s....,,PP,,,..",
    "MM.........::::.....ss~~~ss....,PPPP,...",
    "M....hh.....::......s~~~~s.....,,PP,,...",
    "....hhrh............s~~~s.......,,,,....",
    "....hhh.....,,.....ss~~~s.............::",
    ".........,,,PP,....s~~~~s............:::",
    "........,,PPPP,....s~~~ss...........::::",
    "........,,,PP,,...ss~~~s...........:::..",
    "..::.....,,,,.....s~~~~s..............hh",
    ".::::.............s~~~ss.............hhh",
    "::::::............s~~~s.....::.......hrh",
    ".::::.....=====================......hh.",
    "..::......=====================.........",
    "..................s~~~s....::::.........",
    "......,,,.........s~~~ss...::::::.......",
    ".....,,PP,,......ss~~~~s....::::....MMMM",
    ".....,PPPP,......s~~~~ss.....::....MMMMM",
    "......,,,,.......s~~~ss...........MMMMMM",
    "................ss~~~s...........MMMMMMM",
]

CLASSES = {
    'foot': {'plains': 1, 'forest': 2, 'hills': 3, 'mountains': 'x', 'wall': 'x', 'sand': 2,
             'bridge': 1, 'shallows': 3},
    'rider': {'plains': 1, 'forest': 3, 'hills': 4, 'mountains': 'x', 'wall': 'x', 'sand': 5,
              'bridge': 1, 'shallows': 'x'},
    'nomad': {'plains': 1, 'forest': 2, 'hills': 2, 'mountains': 'x', 'wall': 'x', 'sand': 1,
              'bridge': 1, 'shallows': 2},
    'wyvern': {'plains': 1, 'forest': 1, 'hills': 1, 'mountains': 1, 'wall': 'x', 'sand': 1,
               'bridge': 1, 'shallows': 1},
}
# name, team, cell, move, attack, class
UNITS = [
    ('Lord', 'player', (3, 13), 5, '1-1', 'foot'),
    ('Rider', 'player', (4, 15), 7, '1-1', 'rider'),
    ('Wyvern', 'player', (2, 16), 6, '1-1', 'wyvern'),
    ('Archer', 'player', (1, 14), 5, '2-2', 'foot'),
    ('Nomad', 'ally', (10, 17), 6, '1-2', 'nomad'),
    ('Raider', 'enemy', (28, 11), 6, '1-1', 'nomad'),
    ('Bowman', 'enemy', (33, 6), 5, '2-3', 'foot'),
    ('Sentry', 'enemy', (26, 12), 4, '1-1', 'foot'),
    ('Drake', 'enemy', (36, 15), 6, '1-1', 'wyvern'),
]
TILE = 32


def main():
    width, height = len(GROUND[0]), len(GROUND)
    bad = [y for y, row in enumerate(GROUND) if len(row) != width]
    assert not bad, f'rows {bad} are not {width} wide'
    tiles = ''.join(f' <tile id="{tile}"><properties><property name="terrain" value="{terrain}"/>'
                    '</properties></tile>\n' for tile, terrain in sorted(TILES.values()))
    tsx = ('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" tiledversion="1.8.2" '
           'name="desert" tilewidth="32" tileheight="32" tilecount="10" columns="5">\n'
           ' <image source="desert.png" width="160" height="64"/>\n' + tiles + '</tileset>\n')
    with open(os.path.join(ROOT, 'assets', 'tilesets', 'desert.tsx'), 'w') as f:
        f.write(tsx)
    print('wrote assets/tilesets/desert.tsx: 10 tiles')

    seen = set()
    objects = []
    for i, (name, team, (x, y), move, attack, klass) in enumerate(UNITS):
        terrain = TILES[GROUND[y][x]][1]
        assert (x, y) not in seen, f'{name} shares a cell'
        assert CLASSES[klass][terrain] != 'x', f'{name} stands on {terrain}, which {klass} cannot enter'
        seen.add((x, y))
        objects.append(
            f'  <object id="{i + 1}" name="{name}" x="{x * TILE + TILE // 2}" y="{y * TILE + TILE // 2}">\n'
            '   <properties>\n'
            f'    <property name="attack" value="{attack}"/>\n'
            f'    <property name="class" value="{klass}"/>\n'
            f'    <property name="move" type="int" value="{move}"/>\n'
            f'    <property name="team" value="{team}"/>\n'
            '   </properties>\n'
            '   <point/>\n'
            '  </object>\n')
    quote = lambda value: json.dumps(value).replace('"', '&quot;')
    csv = ',\n'.join(','.join(str(TILES[c][0] + 1) for c in row) for row in GROUND)
    tmx = ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" '
           f'orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" '
           f'tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="{len(UNITS) + 1}">\n'
           ' <properties>\n'
           f'  <property name="classes" value="{quote(CLASSES)}"/>\n'
           f'  <property name="terrains" value="{quote(TERRAINS)}"/>\n'
           ' </properties>\n'
           ' <tileset firstgid="1" source="../tilesets/desert.tsx"/>\n'
           f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
           f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n'
           ' <objectgroup id="2" name="units">\n' + ''.join(objects) + ' </objectgroup>\n</map>\n')
    tiled_export.export(tmx, os.path.join(ROOT, 'assets', 'maps', 'desert.tmx'),
                        f'{width}x{height}, {len(UNITS)} units')


main()
