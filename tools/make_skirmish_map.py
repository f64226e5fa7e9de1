#!/usr/bin/env python3
"""Writes assets/maps/skirmish.png, the 16x10 cost map of the sample skirmish
(assets/scenarios/zoc_skirmish.json, docs/rules-pass.json), from the plan below: one cell per
pixel, in the canonical greys of each terrain class (SPEC §1). Python's standard library only.

  . plains   F forest   H hills   M mountains   W wall (class 4)
"""
import os, struct, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAN = [
    "MMM....FF....MMM",
    "MM.....F......MM",
    "................",
    "..FF.......FF...",
    "WWWWWW.....WWWWW",
    "................",
    "..H..........H..",
    "................",
    "..FF........FF..",
    "MM............MM",
]
GREY = {'.': 0, 'F': 76, 'H': 127, 'M': 178, 'W': 255}


def chunk(kind, body):
    return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))


width, height = len(PLAN[0]), len(PLAN)
assert all(len(row) == width for row in PLAN)
raw = b''.join(b'\x00' + bytes(GREY[c] for c in row) for row in PLAN)
with open(os.path.join(ROOT, 'assets', 'maps', 'skirmish.png'), 'wb') as f:
    f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 0, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
