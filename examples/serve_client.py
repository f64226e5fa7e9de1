#!/usr/bin/env python3
"""A `tactics-grid serve` client (SPEC §12): one process, many questions, no GL context per call.

    examples/serve_client.py [TACTICS_GRID] [MAP]

TACTICS_GRID is the executable (default: `tactics-grid` on PATH), MAP a greyscale map (default:
the repository's assets/maps/crossroads.png). Prints one line per answer; exit 0 when every answer
is what it should be.
"""
import json
import os
import subprocess
import sys

exe = sys.argv[1] if len(sys.argv) > 1 else "tactics-grid"
here = os.path.dirname(os.path.abspath(__file__))
board = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "assets", "maps", "crossroads.png")

# The client docs/library.md shows: a request is a dict, an answer a dict or a ValueError.
server = subprocess.Popen([exe, "serve", "--backend", "cpu"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
def ask(**request):
    server.stdin.write(json.dumps(request) + "\n")
    server.stdin.flush()
    answer = json.loads(server.stdout.readline())
    if "error" in answer:
        raise ValueError(answer["error"])
    return answer

# A unit's range on a map file: 'S' start, 'M' may stop, 'A' attack only, '.' out of reach.
r = ask(id=1, op="solve", map=board, unit=[3, 20], move=5, enemy=[[6, 20]], attack=[1, 2])
moves = sum(row.count("M") for row in r["grid"])
print(f"solve: {moves} cells to stop on, backend {r['backend']}")
assert r["id"] == 1 and r["grid"][20][3] == "S" and r["cost"][20][3] == 0

# A board the engine holds in memory, sent inline: a 4x3 field with a wall in the middle.
inline = {"width": 4, "height": 3, "grey": [0, 0, 0, 0,
                                            0, 255, 255, 0,
                                            0, 0, 0, 0]}
r = ask(id="inline", op="solve", map=inline, unit=[0, 1], move=3)
print("inline:", r["cost"])
assert r["cost"] == [[1, 2, 3, -1], [0, -1, -1, -1], [1, 2, 3, -1]]

# How many enemies threaten each cell.
r = ask(id=3, op="danger", map=inline, enemy=[[3, 1]], move=1, attack=1)
print("danger:", r["count"])
assert r["count"][1][3] == 1 and r["count"][0][0] == 0

# A bad request is an error with the command line's words; the server goes on.
try:
    ask(id=4, op="solve", map=inline, unit=[9, 9], move=3)
    raise AssertionError("a unit outside the map was answered")
except ValueError as error:
    print("error:", error)
    assert "outside" in str(error)
assert ask(id=5, op="solve", map=inline, unit=[0, 0], move=0)["cost"][0][0] == 0

server.stdin.close()
assert server.wait() == 0
print("serve client: ok")
