"""solve_batch(): every unit of every board equals solve() for it, arrays in and out (issue 40)."""
import numpy as np
import pytest

import tactics_grid as tg

TEAMS = ["player", "enemy", "ally"]
COSTS = ("foot", "mounted", [1, 1, 2, None, None, 3])


def random_batch(rng, boards, units, h, w, terrains=6):
    terrain = rng.choice(terrains, size=(boards, h, w), p=[0.5, 0.15, 0.1, 0.05, 0.1, 0.1])
    terrain = terrain.astype(np.uint8)
    at = np.full((boards, units, 2), -1, dtype=np.int64)
    for b in range(boards):
        cells = rng.permutation(h * w)[:units]
        for u, c in enumerate(cells):
            if rng.random() < 0.8:  # the rest absent
                at[b, u] = (c % w, c // w)
                terrain[b, c // w, c % w] = 0  # every class stands on plains
    team = rng.integers(0, 3, size=(boards, units)).astype(np.uint8)
    move = rng.integers(0, 8, size=(boards, units))
    lo = rng.integers(0, 3, size=(boards, units))
    hi = np.where(lo == 0, 0, lo + rng.integers(0, 3, size=(boards, units)))
    attack = np.stack([lo, hi], axis=-1).astype(np.int16)
    classes = rng.integers(0, len(COSTS), size=(boards, units)).astype(np.int8)
    return terrain, at, team, move, attack, classes


def solo(terrain, at, team, move, attack, classes, b, u, rules=None):
    """Unit u of board b through solve(), the other present units placed as dicts."""
    units = []
    for v in range(at.shape[1]):
        if at[b, v, 0] < 0:
            continue
        lo, hi = (int(x) for x in attack[b, v])
        units.append({"at": (int(at[b, v, 0]), int(at[b, v, 1])), "team": TEAMS[team[b, v]],
                      "move": int(move[b, v]), "attack": 0 if lo == 0 else (lo, hi),
                      "costs": COSTS[classes[b, v]]})
    return tg.solve(terrain[b], unit=tuple(int(x) for x in at[b, u]), units=units, rules=rules)


@pytest.mark.parametrize("zoc", [False, True])
def test_every_unit_equals_solve(rng, zoc):
    rules = {"zoc": zoc}
    for case in range(6):
        h, w = (int(v) for v in rng.integers(3, 14, size=2))
        args = random_batch(rng, 5, 6, h, w)
        movers = rng.random(size=(5, 6)) < 0.8
        answer = tg.solve_batch(*args[:5], classes=args[5], costs=COSTS, rules=rules,
                                movers=movers, want=("kind", "cost", "parent"))
        at = args[1]
        for b in range(5):
            for u in range(6):
                if at[b, u, 0] < 0 or not movers[b, u]:
                    assert (answer["kind"][b, u] == 0).all() and (answer["cost"][b, u] == -1).all()
                    assert (answer["parent"][b, u] == 255).all()
                    continue
                one = solo(*args, b, u, rules=rules)
                np.testing.assert_array_equal(answer["kind"][b, u], one["kind"], f"case {case} {b},{u}")
                np.testing.assert_array_equal(answer["cost"][b, u], one["cost"])
                np.testing.assert_array_equal(answer["parent"][b, u], one["parent"])


def test_window_centred_on_each_unit(rng):
    terrain, at, team, move, attack, classes = random_batch(rng, 3, 4, 9, 12)
    whole = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS)
    m = 3
    win = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS, window=m)
    assert win["kind"].shape == (3, 4, 7, 7)
    for b in range(3):
        for u in range(4):
            x, y = at[b, u]
            for dy in range(-m, m + 1):
                for dx in range(-m, m + 1):
                    on = x >= 0 and 0 <= x + dx < 12 and 0 <= y + dy < 9
                    kind = whole["kind"][b, u, y + dy, x + dx] if on else 0
                    cost = whole["cost"][b, u, y + dy, x + dx] if on else -1
                    assert win["kind"][b, u, dy + m, dx + m] == kind
                    assert win["cost"][b, u, dy + m, dx + m] == cost


def test_out_subsets_and_slices(rng):
    terrain, at, team, move, attack, classes = random_batch(rng, 4, 3, 6, 7)
    fresh = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS)
    # A slice of a bigger buffer, and only one of the arrays.
    big = np.zeros((8, 3, 6, 7), dtype=np.uint8)
    again = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS, out={"kind": big[:4]},
                           want=("kind",))
    assert again["kind"].base is big or np.shares_memory(again["kind"], big)
    np.testing.assert_array_equal(big[:4], fresh["kind"])
    assert "cost" not in again
    # An earlier answer, reused in place.
    kept = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS, out=fresh)
    assert kept["cost"] is fresh["cost"]


def test_any_integer_dtype(rng):
    terrain, at, team, move, attack, classes = random_batch(rng, 2, 3, 5, 5)
    a = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS)
    b = tg.solve_batch(terrain.astype(np.int64), at.astype(np.int8), team.astype(np.int32),
                       move.astype(np.uint16), attack.astype(np.int64), classes.astype(np.uint8),
                       COSTS)
    np.testing.assert_array_equal(a["kind"], b["kind"])
    np.testing.assert_array_equal(a["cost"], b["cost"])


def test_threads_give_the_same_answer(rng):
    args = random_batch(rng, 64, 8, 16, 16)
    one = tg.solve_batch(*args[:5], classes=args[5], costs=COSTS, threads=1)
    many = tg.solve_batch(*args[:5], classes=args[5], costs=COSTS, threads=4)
    np.testing.assert_array_equal(one["kind"], many["kind"])
    np.testing.assert_array_equal(one["cost"], many["cost"])


@pytest.mark.parametrize("change, message", [
    (dict(terrain=np.zeros((2, 3), np.uint8)), "terrain is a uint8 array of shape (2, 3); expected [B, H, W]"),
    (dict(at=np.zeros((2, 3, 3), np.int32)), "at is an int32 array of shape (2, 3, 3); expected [B, U, 2] of x, y = (2, 3, 2)"),
    (dict(terrain=np.zeros((1, 5, 5), np.uint8)), "at is an int64 array of shape (2, 3, 2); expected [B, U, 2] of x, y = (1, U, 2): B is terrain's 1 boards"),
    (dict(team=np.full((2, 3), 7, np.uint8)), "team[0, 0] is 7; expected PLAYER (0), ENEMY (1) or ALLY (2)"),
    (dict(move=np.full((2, 3), 1.5)), "move is a float64 array of shape (2, 3); expected an integer or bool array [B, U] of 0..255"),
    (dict(move=np.full((2, 3), 300)), "move[0, 0] is 300; expected 0..255"),
    (dict(window=-2), "window -2 is out of range 0..1024"),
    (dict(want=("kind", "mask")), "want holds \"mask\"; expected \"kind\", \"cost\" or \"parent\""),
    (dict(out=[1, 2]), "out is a list; expected a dict of arrays"),
    (dict(out={"kind": np.zeros((2, 3, 5, 5), np.int16)}), "out[\"kind\"] is an int16 array of shape (2, 3, 5, 5); expected a writeable C-contiguous uint8 array of shape (2, 3, 5, 5)"),
    (dict(costs="foot"), "costs is a str; expected a sequence of movement classes"),
])
def test_errors_name_the_argument(change, message):
    args = dict(terrain=np.zeros((2, 5, 5), np.uint8), at=np.array([[[0, 0], [1, 1], [-1, 0]]] * 2),
                team=np.zeros((2, 3), np.uint8), move=np.full((2, 3), 2))
    args.update(change)
    with pytest.raises(ValueError) as error:
        tg.solve_batch(**args)
    assert message in str(error.value)
    assert "[[" not in str(error.value)  # never an array's values


@pytest.mark.parametrize("backend, gl", [("gpu", "core"), ("compute", "core"), ("auto", "core"),
                                         ("gpu", "es")])
def test_gl_backends_answer_as_the_cpu(rng, backend, gl):
    """Board by board on this thread's kept context: the CPU's bytes, windows and parents too."""
    args = random_batch(rng, 4, 5, 10, 13)
    for window in (None, 2):
        cpu = tg.solve_batch(*args[:5], classes=args[5], costs=COSTS, rules={"zoc": True},
                             window=window, want=("kind", "cost", "parent"))
        try:
            got = tg.solve_batch(*args[:5], classes=args[5], costs=COSTS, rules={"zoc": True},
                                 window=window, want=("kind", "cost", "parent"), backend=backend,
                                 gl=gl)
        except RuntimeError as error:  # no such context here
            pytest.skip(str(error))
        for name in ("kind", "cost", "parent"):
            np.testing.assert_array_equal(got[name], cpu[name], f"{backend} {gl} {name}")
    # The kept solvers (made for board 0, every board uploaded in turn) answer for board 0 again.
    present = [tuple(int(v) for v in args[1][0, u]) for u in range(5) if args[1][0, u, 0] >= 0]
    if present:
        kept = tg.solve(args[0][0], unit=present[0], move=6, backend=backend, gl=gl)
        fresh = tg.solve(args[0][0], unit=present[0], move=6)
        np.testing.assert_array_equal(kept["cost"], fresh["cost"])


def test_out_alone_says_what_to_fill(rng):
    """out= holding one array fills that array alone (no cost made each call); want= overrides."""
    terrain, at, team, move, attack, classes = random_batch(rng, 2, 3, 6, 6)
    kind = np.empty((2, 3, 6, 6), np.uint8)
    answer = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS, out={"kind": kind})
    assert answer["kind"] is kind and "cost" not in answer
    # A non-contiguous slice of the right shape is read as any array is.
    sliced = tg.solve_batch(terrain, at, np.repeat(team, 2, axis=1)[:, ::2], move, attack, classes,
                            COSTS)
    np.testing.assert_array_equal(sliced["kind"], kind)
    both = tg.solve_batch(terrain, at, team, move, attack, classes, COSTS, out={"kind": kind},
                          want=("kind", "cost"))
    assert both["kind"] is kind and both["cost"].shape == (2, 3, 6, 6)
