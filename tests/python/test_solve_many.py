"""solve_many(): the same answers as solve() one query at a time, on every core, with the GIL
released."""
import threading
import time

import numpy as np
import pytest

import tactics_grid as tg


def random_board(rng, terrains=8):
    h, w = (int(v) for v in rng.integers(1, 17, size=2))
    weights = np.r_[[0.45, 0.15, 0.1, 0.05, 0.1], np.full(terrains - 5, 0.15 / (terrains - 5))]
    return rng.choice(terrains, size=(h, w), p=weights / weights.sum()).astype(np.uint8)


def random_units(rng, terrain, count):
    h, w = terrain.shape
    cells = rng.permutation(h * w)[:count]
    units = []
    for c in cells:
        team = ["player", "enemy", "ally"][rng.integers(3)]
        units.append({"at": (int(c % w), int(c // w)), "team": team,
                      "hidden": team == "enemy" and bool(rng.random() < 0.3)})
    return units


def random_query(rng, terrain, units):
    """A query for a random cell: one of the units now and then, else an empty cell."""
    h, w = terrain.shape
    costs = [int(c) if c else None for c in rng.integers(0, 16, size=int(rng.integers(5, 9)))]
    if rng.random() < 0.3 and units:
        cell = units[rng.integers(len(units))]["at"]
    else:
        cell = (int(rng.integers(w)), int(rng.integers(h)))
    # The mover's own terrain must be one its class enters.
    own = int(terrain[cell[1], cell[0]])
    if own >= len(costs):
        costs += [None] * (own - len(costs)) + [1]
    costs[own] = costs[own] or 1
    attack = [0, 1, 2, (2, 3), [1, 3], [(1, 2), (4, 5)]][rng.integers(6)]
    skills = [[], ["pass"], ["skirmisher"], ["pass", "skirmisher"]][rng.integers(4)]
    return {"unit": cell, "move": int(rng.integers(0, 12)), "attack": attack, "costs": costs,
            "team": ["player", "enemy", "ally"][rng.integers(3)], "skills": skills,
            "ignore_units": bool(rng.random() < 0.2)}


def test_solve_many_equals_single_solves_on_random_boards(rng):
    for case in range(25):
        terrain = random_board(rng)
        units = random_units(rng, terrain, int(rng.integers(0, 6)))
        rules = {"zoc": bool(rng.random() < 0.5)}
        queries = [random_query(rng, terrain, units) for _ in range(int(rng.integers(1, 30)))]
        many = tg.solve_many(terrain, queries, units=units, rules=rules)
        assert many["cost"].shape == (len(queries),) + terrain.shape
        assert many["cost"].dtype == np.int16 and many["kind"].dtype == np.uint8
        for k, q in enumerate(queries):
            one = tg.solve(terrain, units=units, rules=rules, **q)
            assert (many["cost"][k] == one["cost"]).all(), f"case {case} query {k}: {q}"
            assert (many["kind"][k] == one["kind"]).all(), f"case {case} query {k}: {q}"


def test_a_querys_own_units_and_rules_win_over_the_shared_ones():
    row = np.zeros((1, 5), np.uint8)
    shared = [((1, 0), "enemy")]
    many = tg.solve_many(row, [{"unit": (0, 0), "move": 4},
                               {"unit": (0, 0), "move": 4, "units": []},
                               {"unit": (4, 0), "move": 4, "rules": {"zoc": True}}],
                         units=shared)
    assert (many["kind"][0] == tg.solve(row, (0, 0), 4, units=shared)["kind"]).all()
    assert (many["kind"][1] == tg.solve(row, (0, 0), 4)["kind"]).all()
    zoc = tg.solve(row, (4, 0), 4, units=shared, rules={"zoc": True})
    assert (many["kind"][2] == zoc["kind"]).all()


def test_thread_counts_give_the_same_answers(rng):
    terrain = rng.choice(5, size=(24, 24), p=[0.6, 0.2, 0.1, 0.05, 0.05]).astype(np.uint8)
    terrain[12, 12] = 0
    queries = [{"unit": (12, 12), "move": int(m), "attack": (1, 2)} for m in range(0, 40)]
    one = tg.solve_many(terrain, queries, threads=1)
    for threads in (2, 3, None):
        many = tg.solve_many(terrain, queries, threads=threads)
        assert (many["cost"] == one["cost"]).all() and (many["kind"] == one["kind"]).all()


def test_no_queries_is_an_empty_answer():
    many = tg.solve_many(np.zeros((3, 4), np.uint8), [])
    assert many["cost"].shape == (0, 3, 4) and many["kind"].shape == (0, 3, 4)


def test_out_is_written_in_place(rng):
    terrain = rng.choice(5, size=(12, 9), p=[0.6, 0.2, 0.1, 0.05, 0.05]).astype(np.uint8)
    terrain[4, 4] = terrain[2, 7] = 0
    first = [{"unit": (4, 4), "move": 6, "attack": (1, 2)}, {"unit": (7, 2), "move": 3}]
    second = [{"unit": (7, 2), "move": 5, "attack": 0}, {"unit": (4, 4), "move": 1}]
    out = tg.solve_many(terrain, first)
    cost, kind = out["cost"], out["kind"]
    again = tg.solve_many(terrain, second, out=out)
    assert again["cost"] is not None and np.shares_memory(again["cost"], cost)
    fresh = tg.solve_many(terrain, second)
    assert (cost == fresh["cost"]).all() and (kind == fresh["kind"]).all()


def read_only(array):
    array.flags.writeable = False
    return array


EXPECTED = "; expected a writeable C-contiguous {} array of shape (2, 3, 4)"


@pytest.mark.parametrize("make, text", [
    (lambda c, k: None, None),
    (lambda c, k: [c, k], "out is a list; expected a dict of arrays like an earlier answer "
     '("cost" and "kind")'),
    (lambda c, k: {"cost": c, "mask": k}, 'out has the key "mask"; expected some of "cost" and '
     '"kind"'),
    (lambda c, k: {"cost": c.astype(np.int32), "kind": k},
     'out["cost"] is an int32 array of shape (2, 3, 4)' + EXPECTED.format("int16")),
    (lambda c, k: {"cost": c[:, :, :2], "kind": k},
     'out["cost"] is a non-contiguous int16 array of shape (2, 3, 2)' + EXPECTED.format("int16")),
    (lambda c, k: {"cost": np.asfortranarray(c), "kind": k},
     'out["cost"] is a non-contiguous int16 array of shape (2, 3, 4)' + EXPECTED.format("int16")),
    (lambda c, k: {"cost": c, "kind": np.zeros((1, 3, 4), np.uint8)},
     'out["kind"] is a uint8 array of shape (1, 3, 4)' + EXPECTED.format("uint8")),
    (lambda c, k: {"cost": c, "kind": np.broadcast_to(np.uint8(0), (2, 3, 4))},
     'out["kind"] is a read-only non-contiguous uint8 array of shape (2, 3, 4)' +
     EXPECTED.format("uint8")),
    (lambda c, k: {"cost": c, "kind": read_only(k)},
     'out["kind"] is a read-only uint8 array of shape (2, 3, 4)' + EXPECTED.format("uint8")),
])
def test_a_bad_out_is_refused(make, text):
    cost = np.zeros((2, 3, 4), np.int16)
    kind = np.zeros((2, 3, 4), np.uint8)
    out = make(cost, kind)
    queries = [{"unit": (0, 0), "move": 2}] * 2
    if out is None:  # the control: a good out
        tg.solve_many(np.zeros((3, 4), np.uint8), queries, out={"cost": cost, "kind": kind})
        assert cost[0, 0, 0] == 0 and kind[0, 0, 0] == tg.KIND_START
        return
    with pytest.raises(ValueError) as error:
        tg.solve_many(np.zeros((3, 4), np.uint8), queries, out=out)
    assert str(error.value) == text


def test_out_may_hold_one_of_the_arrays():
    cost = np.full((2, 3, 4), 9, np.int16)
    answer = tg.solve_many(np.zeros((3, 4), np.uint8), [{"unit": (0, 0), "move": 2}] * 2,
                           out={"cost": cost})
    assert answer["cost"] is cost and cost[0, 0, 0] == 0
    assert answer["kind"].shape == (2, 3, 4) and answer["kind"][0, 0, 0] == tg.KIND_START


def big_batch():
    terrain = np.zeros((128, 128), np.uint8)
    queries = [{"unit": (64, 64), "move": 60, "attack": (1, 2)}] * 400
    return terrain, queries


def test_the_gil_is_released_while_it_solves():
    # The main thread samples the clock while a worker's solve_many runs: holding the GIL, the
    # call would leave the main thread no time to sample in; released, it samples throughout.
    terrain, queries = big_batch()
    started = threading.Event()
    span = []

    def solve():
        started.set()
        begin = time.perf_counter()
        answer = tg.solve_many(terrain, queries, threads=1)
        span.extend([begin, time.perf_counter(), answer])

    worker = threading.Thread(target=solve)
    worker.start()
    started.wait()
    samples = []
    ticks = 0
    while worker.is_alive():
        ticks += 1
        if ticks % 100 == 0:
            samples.append(time.perf_counter())
    worker.join()
    begin, end, answer = span
    assert answer["cost"][0, 64, 64] == 0
    # One switch interval's worth of samples can land inside even so; a call that held the GIL
    # would leave one gap as long as itself.
    marks = [begin] + [t for t in samples if begin < t < end] + [end]
    gap = max(b - a for a, b in zip(marks, marks[1:]))
    assert gap < 0.5 * (end - begin), (
        f"no sample for {gap:.3f} of {end - begin:.3f} s: solve_many held the GIL")


def test_two_python_threads_at_once_get_their_own_answers():
    terrain, queries = big_batch()
    other = [{"unit": (10, 10), "move": 5}] * 50
    expected = [tg.solve_many(terrain, queries[:50]), tg.solve_many(terrain, other)]
    results = [None, None]

    def run(i, batch):
        for _ in range(3):
            results[i] = tg.solve_many(terrain, batch)

    threads = [threading.Thread(target=run, args=(0, queries[:50])),
               threading.Thread(target=run, args=(1, other))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got, want in zip(results, expected):
        assert (got["cost"] == want["cost"]).all() and (got["kind"] == want["kind"]).all()


@pytest.mark.parametrize("bad, message", [
    ([{"unit": (0, 0), "move": 3}, {"unit": (9, 9), "move": 3}],
     "queries[1]: unit 9,9 is outside the 4x3 map (x 0..3, y 0..2)"),
    ([{"unit": (0, 0), "move": 300}], "queries[0]: move 300 is out of range 0..255"),
    ([{"unit": (0, 0), "move": 1, "backend": "gpu"}],
     "queries[0]: unknown key 'backend'; expected unit, move, attack, costs, team, skills, "
     "units, rules, ignore_units"),
    ([(0, 0)], "queries[0]: (0, 0) is not a dict; expected a dict of solve's keywords, e.g. "
     '{"unit": (3, 4), "move": 5}'),
    ([{"unit": (0, 0), "move": 1}, {"unit": (1, 0), "move": 1}, {"unit": (3, 2), "move": 1}],
     "queries[2]: unit 3,2 stands on wall (terrain 4), which its movement class cannot enter"),
])
def test_a_bad_query_is_named(bad, message):
    terrain = np.zeros((3, 4), np.uint8)
    terrain[2, 3] = 4
    with pytest.raises(ValueError) as error:
        tg.solve_many(terrain, bad)
    assert str(error.value) == message


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_queries_are_read_while_the_first_ones_are_solved(threads):
    """The helper threads solve the queries read so far: a query that cannot be read late in a
    long batch stops them and names itself, one that cannot be solved is the lowest such index,
    and the batch after either answers in full."""
    terrain = np.zeros((16, 16), np.uint8)
    terrain[15, 15] = 4  # a wall
    good = [{"unit": (k % 15, (k // 15) % 15), "move": 4, "attack": (1, 2)} for k in range(6000)]
    unreadable = good[:4000] + [{"unit": (0, 0), "move": "far"}] + good[4000:]
    with pytest.raises(ValueError) as error:
        tg.solve_many(terrain, unreadable, threads=threads)
    assert str(error.value).startswith("queries[4000]: ")
    unsolvable = list(good)
    unsolvable[5000] = {"unit": (15, 15), "move": 1}
    unsolvable[3000] = {"unit": (15, 15), "move": 2}
    with pytest.raises(ValueError) as error:
        tg.solve_many(terrain, unsolvable, threads=threads)
    assert str(error.value) == ("queries[3000]: unit 15,15 stands on wall (terrain 4), which its "
                                "movement class cannot enter")
    many = tg.solve_many(terrain, good, threads=threads)
    for k in (0, 2999, 5999):
        one = tg.solve(terrain, **good[k])
        assert (many["cost"][k] == one["cost"]).all() and (many["kind"][k] == one["kind"]).all()
