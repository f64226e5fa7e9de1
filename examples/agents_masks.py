#!/usr/bin/python3
"""Legal-move masks for 256 environments at every step, the way a vectorised RL loop reads them.

Each environment is a 32x32 board with 8 units (4 a side). Every step, one solve_batch call
answers every unit of every environment into arrays allocated once (out=), and a random policy
moves one unit per environment (the units take turns) to a cell its mask allows. Nothing is
copied per step: with torch installed (Debian: python3-torch), torch.from_numpy shares the same
memory, so a policy network reads the masks the solver just wrote.

Usage: PYTHONPATH=build/python /usr/bin/python3 examples/agents_masks.py [STEPS]   (default 200)
"""
import sys
import time

import numpy as np
import tactics_grid as tg

ENVS, UNITS, SIZE = 256, 8, 32
steps = int(sys.argv[1]) if len(sys.argv) > 1 else 200
rng = np.random.default_rng(7)

# The environments: terrain indices (0 plains .. 4 wall), units on distinct open cells.
terrain = rng.choice(5, size=(ENVS, SIZE, SIZE), p=[0.6, 0.18, 0.1, 0.06, 0.06]).astype(np.uint8)
at = np.zeros((ENVS, UNITS, 2), np.int32)                       # x, y; a negative x: no unit
for env in range(ENVS):
    cells = rng.choice(np.flatnonzero(terrain[env].ravel() < 3), size=UNITS, replace=False)
    at[env, :, 0], at[env, :, 1] = cells % SIZE, cells // SIZE
team = np.tile(np.array([tg.PLAYER, tg.ENEMY], np.uint8), (ENVS, UNITS // 2))
move = np.full((ENVS, UNITS), 5, np.int32)
attack = np.tile(np.array([1, 2], np.int32), (ENVS, UNITS, 1))  # every unit attacks at 1-2
classes = np.tile(np.array([0, 1], np.uint8), (ENVS, UNITS // 2))  # index into costs
costs = ("foot", "mounted")

# The masks, allocated once and filled in place at every step: [ENVS, UNITS, SIZE, SIZE].
masks = {"kind": np.empty((ENVS, UNITS, SIZE, SIZE), np.uint8),
         "cost": np.empty((ENVS, UNITS, SIZE, SIZE), np.int16)}
try:
    import torch
    kind_tensor = torch.from_numpy(masks["kind"])               # the same memory, no copy
except ImportError:
    torch = None
    print("torch is not installed (Debian: python3-torch): the torch hand-off is skipped")

envs = np.arange(ENVS)
start = time.perf_counter()
for step in range(steps):
    tg.solve_batch(terrain, at, team, move, attack, classes, costs, out=masks)
    legal = (masks["kind"] == tg.KIND_MOVE) | (masks["kind"] == tg.KIND_START)
    if torch is not None:  # what a policy would do: mask its logits with the solver's masks
        logits = torch.rand(ENVS, UNITS, SIZE * SIZE)
        legal_t = (kind_tensor == tg.KIND_MOVE) | (kind_tensor == tg.KIND_START)
        logits[~legal_t.view(ENVS, UNITS, -1)] = -float("inf")
    # The random policy: the active unit of each environment picks one of its legal cells.
    active = step % UNITS
    scores = rng.random((ENVS, SIZE * SIZE)) * legal[envs, active].reshape(ENVS, -1)
    choice = scores.argmax(axis=1)                              # its own cell is always legal
    at[envs, active, 0], at[envs, active, 1] = choice % SIZE, choice // SIZE
seconds = time.perf_counter() - start

# Every unit stands on a cell it may stop on: its own cell reads START in its mask.
tg.solve_batch(terrain, at, team, move, attack, classes, costs, out=masks)
own = masks["kind"][envs[:, None], np.arange(UNITS), at[:, :, 1], at[:, :, 0]]
assert (own == tg.KIND_START).all()
print(f"{steps} steps x {ENVS} environments x {UNITS} units: {steps * ENVS * UNITS} masks in "
      f"{seconds:.2f} s, {steps * ENVS * UNITS / seconds / 1e3:.0f}k masks/s"
      f"{' (torch hand-off included)' if torch is not None else ''}")
