#!/usr/bin/python3
"""Counts the GL calls that wait on the GPU in one `solve --backend gpu` process (issue 35).

The fragment passes learn about convergence without a round trip per pass: traced with apitrace
(`apitrace trace --api egl`), one solve on a 64x64 map makes at most 12 calls that wait or flush
at move 32, and at most 6 more than at move 8 (the draws still run every pass). The answer's
`passes` must stay the CPU reference's. Run on both APIs.

usage: gl_waits.py TACTICS_GRID_EXE
"""

import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

WAITS = re.compile(
    r"glGetQueryObject|glGetQueryBufferObject|glFinish\(|glReadPixels|glReadnPixels|"
    r"glClientWaitSync|glGetSynciv|glGetBufferSubData|glGetNamedBufferSubData|glMapBuffer|"
    r"glMapNamedBuffer|glGetTexImage|glGetnTexImage|glGetTextureImage|glFlush\(")
MOST_AT_32 = 12
MOST_MORE_THAN_AT_8 = 6


def write_map(path, size=64):
    """A fixed 64x64 board of plains, forest and hills (greys 0, 76, 127)."""
    state = 12345
    rows = b""
    for _ in range(size):
        row = bytearray()
        for _ in range(size):
            state = (state * 1103515245 + 12345) % (1 << 31)
            row.append((0, 0, 0, 76, 127)[(state >> 16) % 5])
        rows += b"\x00" + bytes(row)

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
                chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def solve(exe, board, move, backend, gl, trace=None):
    command = [exe, "solve", "--map", board, "--unit", "32,32", "--move", str(move),
               "--backend", backend, "--gl", gl, "--json", "-"]
    if trace:
        command = ["apitrace", "trace", "--api", "egl", "-o", trace] + command
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"error: {' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout[done.stdout.index("{"):])


def waits_in(trace):
    dump = subprocess.run(["apitrace", "dump", trace], capture_output=True, text=True, check=True)
    return [line.split(" ", 1)[1] for line in dump.stdout.splitlines() if WAITS.search(line)]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gl_waits.py TACTICS_GRID_EXE")
    exe = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        board = os.path.join(folder, "board.png")
        write_map(board)
        for gl in ("core", "es"):
            counts = {}
            for move in (8, 32):
                trace = os.path.join(folder, f"{gl}-{move}.trace")
                answer = solve(exe, board, move, "gpu", gl, trace)
                reference = solve(exe, board, move, "cpu", gl)
                if answer["passes"] != reference["passes"]:
                    failures.append(f"{gl} move {move}: passes {answer['passes']}, "
                                    f"the reference's {reference['passes']}")
                calls = waits_in(trace)
                counts[move] = len(calls)
                print(f"{gl} move {move}: {len(calls)} calls that wait "
                      f"(passes {answer['passes']})")
                for call in calls:
                    print(f"  {call}")
            if counts[32] > MOST_AT_32:
                failures.append(f"{gl}: {counts[32]} waits at move 32, at most {MOST_AT_32}")
            if counts[32] - counts[8] > MOST_MORE_THAN_AT_8:
                failures.append(f"{gl}: {counts[32] - counts[8]} more waits at move 32 than at "
                                f"move 8, at most {MOST_MORE_THAN_AT_8}")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
