"""danger() (SPEC 7), field() (SPEC 10) and route() (SPEC 8): hand-computed answers, and danger
held to the enemies' own solves on random boards."""
import numpy as np

import tactics_grid as tg
from boards import board


def test_danger_counts_by_hand():
    row = board("000000")
    # An enemy at (5,0) with move 1, attack 1 stops on (5,0) or (4,0): it threatens 3..5.
    one = tg.danger(row, [{"at": (5, 0), "team": "enemy", "move": 1, "attack": 1}])
    assert list(one[0]) == [0, 0, 0, 1, 1, 1]
    assert one.dtype == np.uint8 and one.shape == (1, 6)
    # Without a move it stands still: a tuple ((x, y), team) is such a unit, attack 1.
    assert list(tg.danger(row, [((5, 0), "enemy")])[0]) == [0, 0, 0, 0, 1, 0]
    # A second enemy, a 2-2 bow standing still at (0,0): only (2,0) is two away.
    two = tg.danger(row, [{"at": (5, 0), "team": "enemy", "move": 1, "attack": 1},
                          {"at": (0, 0), "team": "enemy", "move": 0, "attack": (2, 2)}])
    assert list(two[0]) == [0, 0, 1, 1, 1, 1]
    # Players block it but are threatened where they stand; players threaten nothing.
    blocked = tg.danger(row, [{"at": (5, 0), "team": "enemy", "move": 4, "attack": 1},
                              {"at": (3, 0), "team": "player", "move": 9}])
    assert list(blocked[0]) == [0, 0, 0, 1, 1, 1]


def test_danger_leaves_hidden_enemies_out():
    row = board("000000")
    hidden = {"at": (5, 0), "team": "enemy", "move": 1, "hidden": True}
    assert (tg.danger(row, [hidden]) == 0).all()
    # The visible enemy's range is solved as if the hidden one's cell were empty (the player's
    # view): it may stop on (3,0), whose 2-2 shot reaches (1,0) and (5,0).
    visible = {"at": (2, 0), "team": "enemy", "move": 1, "attack": (2, 2)}
    hidden["at"] = (3, 0)
    through = tg.danger(row, [visible, hidden])
    assert list(through[0]) == [1, 1, 0, 1, 1, 1]


def threat_of(terrain, units, i, zoc):
    """units[i]'s threat as SPEC 7 reads it, from the enemy's own solve with the player's view:
    cells in its attack set from a cell where it may stop (reached cells included)."""
    enemy = units[i]
    others = [u for j, u in enumerate(units) if j != i and not u.get("hidden")]
    r = tg.solve(terrain, enemy["at"], enemy["move"], 0, units=others, team="enemy",
                 rules={"zoc": zoc})
    stops = np.argwhere((r["kind"] == tg.KIND_MOVE) | (r["kind"] == tg.KIND_START))
    h, w = terrain.shape
    ys, xs = np.mgrid[0:h, 0:w]
    threat = np.zeros((h, w), bool)
    lo, hi = enemy["attack"]
    for y, x in stops:
        d = np.abs(xs - x) + np.abs(ys - y)
        threat |= (d >= lo) & (d <= hi)
    return threat


def test_danger_equals_the_enemies_own_solves_on_random_boards(rng):
    for case in range(30):
        h, w = rng.integers(3, 12, size=2)
        terrain = rng.choice(5, size=(h, w), p=[0.5, 0.2, 0.1, 0.1, 0.1]).astype(np.uint8)
        cells = rng.permutation(h * w)[:rng.integers(1, 7)]
        units = []
        for c in cells:
            team = ["player", "enemy", "ally"][rng.integers(3)]
            lo = int(rng.integers(1, 3))
            units.append({"at": (int(c % w), int(c // w)), "team": team,
                          "move": int(rng.integers(0, 6)),
                          "attack": (lo, lo + int(rng.integers(2))),
                          "hidden": team == "enemy" and rng.random() < 0.3})
        terrain[[u["at"][1] for u in units], [u["at"][0] for u in units]] = 0
        zoc = bool(rng.random() < 0.5)
        counts = tg.danger(terrain, units, rules={"zoc": zoc})
        expected = np.zeros(terrain.shape, int)
        for i, u in enumerate(units):
            if u["team"] == "enemy" and not u["hidden"]:
                expected += threat_of(terrain, units, i, zoc)
        assert (counts == expected).all(), f"case {case}"


def test_field_by_hand():
    row = board("01000")
    foe = [((0, 0), "enemy")]
    field = tg.field(row, foe, "player")
    assert field.dtype == np.int32
    assert list(field[0]) == [0, 2, 3, 4, 5]
    # A second source, and a wall that cuts the row; the class prices the forest.
    walled = tg.field(board("01040"), foe, "player", "flier")
    assert list(walled[0]) == [0, 1, 2, -1, -1]
    two = tg.field(row, foe + [((4, 0), "enemy")], "player")
    assert list(two[0]) == [0, 2, 2, 1, 0]
    # The enemy team's field runs from the players; a hidden enemy is no source for players.
    assert list(tg.field(row, [((4, 0), "player")], "enemy")[0]) == [5, 4, 2, 1, 0]
    hidden = tg.field(row, [{"at": (0, 0), "team": "enemy", "hidden": True}], "player")
    assert (hidden == -1).all()


def test_field_other_hostile_units_block():
    row = board("00000")
    units = [((0, 0), "enemy"), ((2, 0), "enemy")]
    # Both are sources; neither is entered from the other: (1,0) is 1 from either.
    assert list(tg.field(row, units, "player")[0]) == [0, 1, 0, 1, 2]
    # The team's own units and its friends' cells are ordinary cells.
    friends = tg.field(row, [((0, 0), "enemy"), ((2, 0), "ally")], "player")
    assert list(friends[0]) == [0, 1, 2, 3, 4]


def test_route_memory_by_hand():
    open3 = np.zeros((3, 3), np.uint8)
    # Stepping along: appended while the move lasts, cut when the cursor comes back.
    r = tg.route(open3, (0, 0), 4, cursor=[(1, 0), (2, 0), (1, 0)])
    assert [x.tolist() for x in r["routes"]] == [[[0, 0], [1, 0]], [[0, 0], [1, 0], [2, 0]],
                                                  [[0, 0], [1, 0]]]
    assert r["costs"] == [1, 2, 1] and r["arrows"] == [True, True, True]
    # A jump: the cheapest path by the parents (up before left on ties).
    jump = tg.route(open3, (0, 0), 4, cursor=(2, 2))
    assert jump["routes"][0].tolist() == [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]
    assert jump["routes"][0].dtype == np.int32 and jump["costs"] == [4]


def test_route_ignores_unreached_cells_and_shows_no_arrow_on_an_ally():
    row = board("00000")
    r = tg.route(row, (0, 0), 2, cursor=[(1, 0), (4, 0)], units=[((1, 0), "ally")])
    assert [x.tolist() for x in r["routes"]] == [[[0, 0], [1, 0]], [[0, 0], [1, 0]]]
    assert r["arrows"] == [False, False]  # (1,0) is the ally's; (4,0) is out of reach
