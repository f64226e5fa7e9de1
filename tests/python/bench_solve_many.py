#!/usr/bin/python3
"""Issue 26's two Python timing targets, as ratios from one run (docs/PERFORMANCE.md):

1. solve_many of 10,000 `fe` queries on 2 threads <= 0.6x the time of the same queries solved one
   by one in C++ on one thread;
2. one solve() from Python <= 1.5x the same C++ call.

The board is `tactics-grid bench`'s `fe` case rebuilt here byte for byte: 32x32 terrain drawn
from std::mt19937(1)'s raw output (numpy's MT19937 with its legacy seeding is the same
generator), the unit stepping along the bench's 12-cell walk around the centre, move 8, attack
1-2, foot. The C++ side is `_time_one_by_one`: one gpu::Solvers on the CPU refilling one answer,
as a C++ program would, nothing copied out. The methods take turns within each repetition, so a
repetition's ratios compare runs seconds apart under the same load; the median ratio over the
repetitions is the figure. Timings are printed, never asserted (the tests check answers, not
speed). On a 2-core machine the 2-thread figure needs both cores idle: check the load.

Usage: PYTHONPATH=build/python /usr/bin/python3 tests/python/bench_solve_many.py [--quick]
"""
import os
import sys
import threading
import time

import numpy as np

import tactics_grid as tg

QUERIES = 10_000
REPEATS = 15
SINGLE_CALLS = 2_000


def fe_board():
    """The bench's `fe` map (bench_cases.cpp: feTerrain(32, 32, seed 1), walk cells cleared)."""
    generator = np.random.MT19937()
    generator._legacy_seeding(1)  # std::mt19937(1): init_genrand, as the C++ bench seeds it
    roll = generator.random_raw(32 * 32) % 100
    terrain = np.select([roll < 60, roll < 78, roll < 88, roll < 94], [0, 1, 2, 3], 4)
    terrain = terrain.astype(np.uint8).reshape(32, 32)
    offsets = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1),
               (2, 0), (2, 2), (0, 2), (-2, 0)]
    walk = [(16 + dx, 16 + dy) for dx, dy in offsets]
    for x, y in walk:
        terrain[y, x] = 0
    return terrain, walk


def timed(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main():
    quick = "--quick" in sys.argv
    load = os.getloadavg()[0]
    queries_count = 500 if quick else QUERIES
    repeats = 2 if quick else REPEATS
    terrain, walk = fe_board()
    queries = [{"unit": walk[k % len(walk)], "move": 8, "attack": (1, 2)}
               for k in range(queries_count)]

    # 1. solve_many on 2 threads and on 1 against C++ one by one, the three in turn in each
    # repetition: each repetition's ratios compare runs seconds apart, under the same load.
    # Also with `out`: the arrays of the run before written again, as a loop that asks every step
    # would; fresh arrays pay for their pages' first touch.
    # And the machine's own ceiling: the C++ loop on each half of the queries, in two threads at
    # once (its GIL released), against the whole on one; two virtual cores need not run two
    # threads at twice the speed of one.
    halves = [queries[:queries_count // 2], queries[queries_count // 2:]]

    def cpp_on_two_threads():
        threads = [threading.Thread(target=tg._time_one_by_one, args=(terrain, half, 1))
                   for half in halves]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    runs = []
    kept = tg.solve_many(terrain, queries)
    for _ in range(repeats):
        cpp = tg._time_one_by_one(terrain, queries, 1)
        many2 = timed(lambda: tg.solve_many(terrain, queries, threads=2))
        kept2 = timed(lambda: tg.solve_many(terrain, queries, threads=2, out=kept))
        many1 = timed(lambda: tg.solve_many(terrain, queries, threads=1))
        ceiling = timed(cpp_on_two_threads)
        runs.append((cpp, many2, kept2, many1, ceiling))

    # 2. One solve() from Python against one C++ call on the same queries (the unit stepping
    # along the walk, as bench does), per call.
    calls = 100 if quick else SINGLE_CALLS
    single_queries = [queries[k % len(walk)] for k in range(calls)]

    def one_by_one():
        for q in single_queries:
            tg.solve(terrain, q["unit"], 8, (1, 2))

    singles = []
    for _ in range(repeats):
        cpp_one = tg._time_one_by_one(terrain, single_queries, 1) / calls
        singles.append((cpp_one, timed(one_by_one) / calls))

    def summary(ratios):
        ratios = sorted(ratios)
        return (f"median {ratios[len(ratios) // 2]:.2f}x "
                f"(repetitions {ratios[0]:.2f}-{ratios[-1]:.2f})")

    cpp_ms = sorted(r[0] for r in runs)[len(runs) // 2] * 1e3
    print(f"cores: {os.cpu_count()}, load average before: {load:.2f}, {repeats} repetitions")
    print(f"{queries_count} fe queries, C++ one by one on 1 thread: median {cpp_ms:.1f} ms")
    print(f"  solve_many, 2 threads: {summary([r[1] / r[0] for r in runs])} (target <= 0.6x)")
    print(f"  solve_many, 2 threads, out=: {summary([r[2] / r[0] for r in runs])}")
    print(f"  solve_many, 1 thread:  {summary([r[3] / r[0] for r in runs])}")
    print(f"  C++ one by one, halves on 2 threads at once: {summary([r[4] / r[0] for r in runs])}")
    cpp_us = sorted(s[0] for s in singles)[len(singles) // 2] * 1e6
    print(f"one fe solve, C++: median {cpp_us:.1f} us")
    print(f"  Python solve(): {summary([s[1] / s[0] for s in singles])} (target <= 1.5x)")


if __name__ == "__main__":
    main()
