#!/usr/bin/python3
"""Legal-move masks for every unit of a scenario in one call: what a reinforcement-learning agent
asks at every step. Runs against an installed tactics_grid (PYTHONPATH=<prefix>/lib/python3/
dist-packages) or the build's (PYTHONPATH=build/python); ctest runs it both ways.

Usage: python_masks.py [SCENARIO]   (default: assets/scenarios/default.json)
"""
import pathlib
import sys

import numpy as np
import tactics_grid as tg

default = pathlib.Path(__file__).resolve().parent.parent / "assets/scenarios/default.json"
scenario = tg.load_scenario(sys.argv[1] if len(sys.argv) > 1 else str(default))
units = scenario["units"]

# One query per unit: standing on its own cell, each query's mover is that unit (its team, move,
# attack and class); the others block or let it pass as SPEC 6 says.
answer = tg.solve_many(scenario["terrain"], [{"unit": u["at"]} for u in units],
                       units=units, rules=scenario["rules"])
kind = answer["kind"]                                              # uint8 [K, H, W]
moves = (kind == tg.KIND_MOVE) | (kind == tg.KIND_START)           # where each may end its move
targets = kind == tg.KIND_ATTACK                                   # cells it threatens beyond

print(f"{len(units)} units on a {kind.shape[2]}x{kind.shape[1]} board, masks {moves.shape}")
for unit, move_mask, target_mask in zip(units, moves, targets):
    x, y = unit["at"]
    assert move_mask[y, x], "a unit may always stay where it is"
    print(f"{unit['name']:<11} {unit['team']:<6} at {x:>2},{y:<2} "
          f"{int(move_mask.sum()):>3} cells to move to, {int(target_mask.sum()):>3} more to attack")
farthest = int(np.argmax(moves.sum(axis=(1, 2))))
print(f"most mobile: {units[farthest]['name']}")
