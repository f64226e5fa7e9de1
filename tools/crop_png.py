#!/usr/bin/env python3
"""Crops a PNG to a rectangle: how the rule pictures of docs/rules.md (docs/rules-*.png) are cut
from the demo's scripted screenshots down to the board, which the demo reports as
`board X0 Y0 CELL`.

    tools/crop_png.py IN.png OUT.png X Y WIDTH HEIGHT

Reads 8-bit RGB or RGBA PNGs (what `demo --screenshot` writes), writes 8-bit RGB. Python's
standard library only.
"""
import struct, sys, zlib


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(1)


def read_png(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        fail(path + " is not a PNG")
    at, idat, header = 8, b'', None
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        fail(path + ": only 8-bit RGB or RGBA PNGs without interlacing are read")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(row)
        previous = row
    return width, height, channels, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    # Each row with the Paeth filter (4): much smaller than unfiltered for rendered pictures.
    raw, previous = bytearray(), bytearray(len(rows[0]))
    for row in rows:
        raw.append(4)
        for i, value in enumerate(row):
            left = row[i - 3] if i >= 3 else 0
            up = previous[i]
            corner = previous[i - 3] if i >= 3 else 0
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            raw.append((value - (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255)
        previous = row
    raw = bytes(raw)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)) +
                chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def main():
    if len(sys.argv) != 7:
        fail("usage: tools/crop_png.py IN.png OUT.png X Y WIDTH HEIGHT")
    try:
        x, y, w, h = (int(v) for v in sys.argv[3:7])
    except ValueError:
        fail("X Y WIDTH HEIGHT must be whole numbers")
    width, height, channels, rows = read_png(sys.argv[1])
    if x < 0 or y < 0 or w < 1 or h < 1 or x + w > width or y + h > height:
        fail("the rectangle %d,%d %dx%d is not inside the %dx%d picture" % (x, y, w, h, width, height))
    out = []
    for row in rows[y:y + h]:
        out.append(bytearray(b for i in range(x, x + w) for b in row[i * channels:i * channels + 3]))
    write_png(sys.argv[2], w, h, out)


if __name__ == "__main__":  # also a module: the browser tests read PNGs with read_png
    main()
