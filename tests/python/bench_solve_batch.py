#!/usr/bin/python3
"""Issue 40's timing targets, as ratios from one run (docs/PERFORMANCE.md):

1. solve_batch of B=256 environments, U=8 units each, 32x32 boards, takes at most 0.6x the time
   of the per-board loop an RL user writes today (256 solve_many calls of 8 dict queries, one per
   environment, threads=1);
2. solve_many's default threads never make a call slower than threads=1: an 8-query call and a
   2,048-query call, default against threads=1.

The boards: terrain as the bench's `fe` mix (60% plains, 18% forest, 10% mountains, 6% water, 6%
walls) from numpy's PCG64(40), units on distinct non-wall cells, half players and half enemies,
move 4..8, attack 1-1 or 1-2, foot or mounted; every unit moves. The methods take turns within
each repetition so their ratios compare runs seconds apart under the same load; the median ratio
is the figure. Timings are printed, never asserted. Masks per second count one (kind, cost) pair
per unit. On a 2-core machine the threaded figures need both cores idle: check the load.

Usage: PYTHONPATH=build/python /usr/bin/python3 tests/python/bench_solve_batch.py [--quick]
"""
import os
import sys
import time

import numpy as np

import tactics_grid as tg

B, U, H, W = 256, 8, 32, 32
COSTS = ("foot", "mounted")


def environments(rng, boards):
    roll = rng.integers(0, 100, size=(boards, H, W))
    terrain = np.select([roll < 60, roll < 78, roll < 88, roll < 94], [0, 1, 2, 3], 4)
    terrain = terrain.astype(np.uint8)
    at = np.zeros((boards, U, 2), np.int32)
    for b in range(boards):
        free = np.flatnonzero(terrain[b].ravel() < 3)
        cells = rng.choice(free, size=U, replace=False)
        at[b, :, 0], at[b, :, 1] = cells % W, cells // W
    team = np.tile(np.array([tg.PLAYER, tg.ENEMY], np.uint8), (boards, U // 2))
    move = rng.integers(4, 9, size=(boards, U)).astype(np.int32)
    reach = rng.integers(1, 3, size=(boards, U))
    attack = np.stack([np.ones_like(reach), reach], axis=-1).astype(np.int32)
    classes = rng.integers(0, 2, size=(boards, U)).astype(np.uint8)
    return terrain, at, team, move, attack, classes


def per_board_queries(terrain, at, team, move, attack, classes):
    """What the loop passes: for each environment, its units as dicts and one query per unit."""
    names = ["player", "enemy", "ally"]
    boards = []
    for b in range(terrain.shape[0]):
        units = [{"at": (int(at[b, u, 0]), int(at[b, u, 1])), "team": names[team[b, u]],
                  "move": int(move[b, u]), "attack": (1, int(attack[b, u, 1])),
                  "costs": COSTS[classes[b, u]]} for u in range(U)]
        queries = [{"unit": units[u]["at"]} for u in range(U)]
        boards.append((units, queries))
    return boards


def timed(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main():
    quick = "--quick" in sys.argv
    repeats = 2 if quick else 11
    boards = 16 if quick else B
    rng = np.random.Generator(np.random.PCG64(40))
    env = environments(rng, boards)
    terrain = env[0]
    loop = per_board_queries(*env)
    out = tg.solve_batch(*env[:5], classes=env[5], costs=COSTS)
    many_out = [None] * boards

    def batch(threads=None):
        tg.solve_batch(*env[:5], classes=env[5], costs=COSTS, threads=threads, out=out)

    def per_board(threads=1):
        for b, (units, queries) in enumerate(loop):
            many_out[b] = tg.solve_many(terrain[b], queries, units=units, threads=threads,
                                        out=many_out[b])

    # The same answers both ways, before any timing.
    per_board()
    for b in range(boards):
        assert (many_out[b]["kind"] == out["kind"][b]).all(), b
        assert (many_out[b]["cost"] == out["cost"][b]).all(), b
    big_units, _ = loop[0]
    big = [{"unit": big_units[k % U]["at"]} for k in range(2048)]
    big_out = tg.solve_many(terrain[0], big, units=big_units)
    small_units, small = loop[1]
    small_out = tg.solve_many(terrain[1], small, units=small_units)
    rows = {name: [] for name in ("batch", "batch1", "loop", "small", "small1", "big", "big1")}
    for _ in range(repeats):
        rows["batch"].append(timed(batch))
        rows["batch1"].append(timed(lambda: batch(1)))
        rows["loop"].append(timed(per_board))
        rows["small"].append(timed(lambda: [tg.solve_many(terrain[1], small, units=small_units,
                                                          out=small_out) for _ in range(200)]) / 200)
        rows["small1"].append(timed(lambda: [tg.solve_many(terrain[1], small, units=small_units,
                                                           threads=1, out=small_out)
                                             for _ in range(200)]) / 200)
        rows["big"].append(timed(lambda: tg.solve_many(terrain[0], big, units=big_units,
                                                       out=big_out)))
        rows["big1"].append(timed(lambda: tg.solve_many(terrain[0], big, units=big_units,
                                                        threads=1, out=big_out)))
    med = {k: float(np.median(v)) for k, v in rows.items()}
    ratio = lambda a, b: float(np.median(np.array(rows[a]) / np.array(rows[b])))  # noqa: E731
    masks = boards * U
    print(f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {boards} boards x {U} units, "
          f"{H}x{W}; median of {repeats}")
    print(f"solve_batch, default threads:  {med['batch'] * 1e3:8.2f} ms  "
          f"{masks / med['batch'] / 1e3:7.1f}k masks/s")
    print(f"solve_batch, threads=1:        {med['batch1'] * 1e3:8.2f} ms  "
          f"{masks / med['batch1'] / 1e3:7.1f}k masks/s")
    print(f"per-board solve_many loop (1): {med['loop'] * 1e3:8.2f} ms  "
          f"{masks / med['loop'] / 1e3:7.1f}k masks/s")
    print(f"target 1: solve_batch / loop = {ratio('batch', 'loop'):.2f} (at most 0.60); "
          f"threads=1 alone {ratio('batch1', 'loop'):.2f}")
    print(f"solve_many of 8 queries: default {med['small'] * 1e6:.1f} us, threads=1 "
          f"{med['small1'] * 1e6:.1f} us: ratio {ratio('small', 'small1'):.2f} (target: at most ~1)")
    print(f"solve_many of 2,048 queries: default {med['big'] * 1e3:.2f} ms, threads=1 "
          f"{med['big1'] * 1e3:.2f} ms: ratio {ratio('big', 'big1'):.2f} (target: at most ~1)")


if __name__ == "__main__":
    main()
