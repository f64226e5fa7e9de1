"""solve(): hand-computed ranges (SPEC 2-3) and every rule of SPEC 11 on small boards."""
import numpy as np

import tactics_grid as tg
from boards import board, grid, letters

# Terrain indices: 0 plains (foot 1), 1 forest (2), 2 hills (4), 3 mountains (8), 4 wall (x).
WEIGHTED = board(
    "00100",
    "04300",
    "00020",
)


def test_weighted_costs_kinds_and_parents_by_hand():
    r = tg.solve(WEIGHTED, (0, 0), 3, 1)
    # (2,0) is 1 + forest 2; (1,2) goes round the wall: 1 + 1 + 1; (2,2) would cost 4.
    assert (r["cost"] == grid(
        " 0  1  3 -1 -1",
        " 1 -1 -1 -1 -1",
        " 2  3 -1 -1 -1",
    )).all()
    # Attack 1 from every stopping cell: the wall and the mountain next to reached cells too.
    assert letters(r["kind"]) == ["SMMA.", "MAA..", "MMA.."]
    L, U, N = tg.PARENT_LEFT, tg.PARENT_UP, tg.PARENT_NONE
    assert (r["parent"] == np.array([
        [N, L, L, N, N],
        [U, N, N, N, N],
        [U, L, N, N, N],
    ])).all()
    assert r["backend"] == "cpu"
    assert r["passes"] >= 1
    assert r["cost"].dtype == np.int16 and r["kind"].dtype == np.uint8
    assert r["parent"].dtype == np.uint8 and r["cost"].shape == (3, 5)


def test_kind_codes_are_the_c_apis():
    assert (tg.KIND_NONE, tg.KIND_ATTACK, tg.KIND_MOVE, tg.KIND_PASS, tg.KIND_START) == (
        0, 1, 2, 3, 4)
    assert (tg.PARENT_UP, tg.PARENT_DOWN, tg.PARENT_LEFT, tg.PARENT_RIGHT, tg.PARENT_NONE) == (
        0, 1, 2, 3, 4)


def test_one_step_rule_reaches_a_dear_neighbour_and_nothing_beyond():
    r = tg.solve(board("0300"), (0, 0), 1, 1)
    assert list(r["cost"][0]) == [0, 8, -1, -1]  # the mountain's own cost, over the range
    assert letters(r["kind"]) == ["SMA."]


def test_move_zero_reaches_only_the_start():
    r = tg.solve(board("000", "000", "000"), (1, 1), 0, 1)
    assert letters(r["kind"]) == [".A.", "ASA", ".A."]


def test_minimum_range_is_per_origin():
    # A 2-2 bow that cannot move threatens only cells two away, not its neighbours.
    r = tg.solve(np.zeros((5, 5), np.uint8), (2, 2), 0, (2, 2))
    assert letters(r["kind"]) == ["..A..", ".A.A.", "A.S.A", ".A.A.", "..A.."]


def test_attack_set_one_and_three_but_not_two():
    r = tg.solve(np.zeros((7, 7), np.uint8), (3, 3), 0, [1, 3])
    distance = np.add.outer(np.abs(np.arange(7) - 3), np.abs(np.arange(7) - 3))
    assert ((r["kind"] == tg.KIND_ATTACK) == np.isin(distance, [1, 3])).all()
    # The CLI's text form means the same set; a lone list entry N means exactly N.
    text = tg.solve(np.zeros((7, 7), np.uint8), (3, 3), 0, "1,3")
    assert (text["kind"] == r["kind"]).all()
    exactly_three = tg.solve(np.zeros((7, 7), np.uint8), (3, 3), 0, [3])
    assert ((exactly_three["kind"] == tg.KIND_ATTACK) == (distance == 3)).all()
    ranges = tg.solve(np.zeros((7, 7), np.uint8), (3, 3), 0, [(1, 1), (3, 3)])
    assert (ranges["kind"] == r["kind"]).all()


def test_attack_forms_n_tuple_and_none():
    open5 = np.zeros((5, 5), np.uint8)
    two = tg.solve(open5, (2, 2), 0, 2)["kind"]
    assert (two == tg.solve(open5, (2, 2), 0, (1, 2))["kind"]).all()
    none = tg.solve(open5, (2, 2), 0, 0)["kind"]
    assert (none == tg.KIND_ATTACK).sum() == 0
    assert (tg.solve(open5, (2, 2), 0, "0-0")["kind"] == none).all()


def test_terrains_beyond_the_fifth_are_priced_by_costs():
    # Terrain 7 (a bridge, say) costs 3 to this class; the default foot class cannot enter it.
    terrain = board("0700", "4444")
    r = tg.solve(terrain, (0, 0), 4, 1, [1, 2, 4, 8, None, None, None, 3], state=True)
    assert list(r["cost"][0]) == [0, 3, 4, -1]
    assert (r["state"][..., 0] == terrain).all()  # SPEC 11.1: R holds the index on such a map
    blocked = tg.solve(terrain, (0, 0), 4, 1)
    assert letters(blocked["kind"])[0] == "SA.."
    # "x" stands for impassable as in the CLI's text; a 64-terrain board works too.
    assert (tg.solve(terrain, (0, 0), 4, 1, [1, 2, 4, 8, "x", "x", "x", 3])["cost"] ==
            r["cost"]).all()
    wide = np.full((1, 3), 63, np.uint8)
    wide[0, 0] = 0
    costs = [1] + [None] * 62 + [5]
    assert list(tg.solve(wide, (0, 0), 10, 1, costs)["cost"][0]) == [0, 5, 10]


def test_presets_and_the_five_entry_text():
    terrain = board("0120")
    mounted = tg.solve(terrain, (0, 0), 20, 1, "mounted")
    assert list(mounted["cost"][0]) == [0, 3, 8, 9]
    assert (tg.solve(terrain, (0, 0), 20, 1, "1,3,5,x,x")["cost"] == mounted["cost"]).all()
    assert tg.PRESETS["mounted"] == [1, 3, 5, None, None]
    assert (tg.solve(terrain, (0, 0), 20, 1, tg.PRESETS["mounted"])["cost"] ==
            mounted["cost"]).all()


def test_allies_are_passed_through_and_enemies_block():
    row = board("00000")
    ally = tg.solve(row, (0, 0), 4, 1, units=[((1, 0), "player")])
    assert letters(ally["kind"]) == ["SPMMM"]
    assert list(ally["cost"][0]) == [0, 1, 2, 3, 4]
    friend = tg.solve(row, (0, 0), 4, 1, units=[{"at": (1, 0), "team": "ally"}])
    assert (friend["kind"] == ally["kind"]).all()
    enemy = tg.solve(row, (0, 0), 4, 1, units=[((1, 0), "enemy")])
    assert letters(enemy["kind"]) == ["SA..."]


def test_team_decides_who_blocks():
    # An enemy mover passes its own side and is blocked by players (SPEC 6).
    row = board("00000")
    units = [((1, 0), "enemy"), ((3, 0), "player")]
    r = tg.solve(row, (0, 0), 4, 1, units=units, team="enemy")
    assert letters(r["kind"]) == ["SPMA."]


def test_zone_of_control_halts_travel_and_skirmishers_ignore_it():
    terrain = np.zeros((3, 5), np.uint8)
    units = [((3, 1), "enemy")]
    free = tg.solve(terrain, (0, 1), 5, 1, units=units)
    zoc = tg.solve(terrain, (0, 1), 5, 1, units=units, rules={"zoc": True})
    assert free["cost"][0, 4] == 5 and free["cost"][2, 4] == 5
    # (3,0) and (3,2) are ZOC cells: entered and stopped on, never passed through.
    assert zoc["cost"][0, 3] == 4 and zoc["kind"][0, 3] == tg.KIND_MOVE
    assert letters(zoc["kind"]) == ["MMMMA", "SMMA.", "MMMMA"]  # (4,1) is 2 from any stop
    skirmisher = tg.solve(terrain, (0, 1), 5, 1, units=units, rules={"zoc": True},
                          skills=["skirmisher"])
    assert (skirmisher["cost"] == free["cost"]).all()


def test_pass_crosses_enemies_without_stopping():
    row = board("00000")
    r = tg.solve(row, (0, 0), 3, 1, units=[((1, 0), "enemy")], skills=["pass"])
    assert letters(r["kind"]) == ["SPMMA"]
    assert (tg.solve(row, (0, 0), 3, 1, units=[((1, 0), "enemy")], skills="pass")["kind"] ==
            r["kind"]).all()


def test_hidden_enemies_are_unknown_to_the_players_side_only():
    row = board("00000")
    hidden = [{"at": (1, 0), "team": "enemy", "hidden": True}]
    for team in ("player", "ally"):
        r = tg.solve(row, (0, 0), 4, 1, units=hidden, team=team)
        assert letters(r["kind"]) == ["SMMMM"], team  # as if the cell were empty
    seen = tg.solve(row, (0, 0), 4, 1, units=[{"at": (1, 0), "team": "enemy"}])
    assert letters(seen["kind"]) == ["SA..."]
    # An enemy's own solve sees everyone: the hidden friend is passed through.
    enemy = tg.solve(row, (0, 0), 4, 1, units=hidden, team="enemy")
    assert letters(enemy["kind"]) == ["SPMMM"]


def test_ignore_units_solves_an_empty_board():
    row = board("00000")
    r = tg.solve(row, (0, 0), 4, 1, units=[((1, 0), "enemy"), ((2, 0), "ally")],
                 ignore_units=True)
    assert letters(r["kind"]) == ["SMMMM"]


def test_the_mover_can_be_a_unit_of_units():
    # Standing on a unit's cell, the solve takes that unit's team, move, attack and class, each
    # replaced when given, as `solve --scenario --unit` does.
    row = board("01000")
    units = [{"at": (0, 0), "team": "player", "move": 3, "attack": 2, "costs": "flier"},
             ((4, 0), "enemy")]
    r = tg.solve(row, (0, 0), units=units)
    assert list(r["cost"][0]) == [0, 1, 2, 3, -1]
    assert r["kind"][0, 4] == tg.KIND_ATTACK
    slower = tg.solve(row, (0, 0), 1, units=units)
    assert list(slower["cost"][0]) == [0, 1, -1, -1, -1]


def test_state_bytes_follow_spec_4():
    r = tg.solve(WEIGHTED, (0, 0), 3, 1, state=True)
    state = r["state"]
    assert state.shape == (3, 5, 4) and state.dtype == np.uint8
    canonical = np.array([0, 76, 127, 178, 255])
    assert (state[..., 0] == canonical[WEIGHTED]).all()  # R: the map's grey
    green = {tg.KIND_NONE: 0, tg.KIND_ATTACK: 128}
    expected_g = np.vectorize(lambda k: green.get(k, 255))(r["kind"])
    assert (state[..., 1] == expected_g).all()
    reached = r["cost"] >= 0
    assert (state[..., 2][reached] == r["cost"][reached]).all()
    direction = np.array([26, 77, 128, 178, 255])
    assert (state[..., 3] == direction[r["parent"]]).all()


def test_any_integer_dtype_and_layout_is_read_the_same():
    expected = tg.solve(WEIGHTED, (0, 0), 3, 1)["cost"]
    for terrain in (WEIGHTED.astype(np.int64), WEIGHTED.astype(np.int8),
                    np.asfortranarray(WEIGHTED), WEIGHTED.tolist(),
                    np.ascontiguousarray(WEIGHTED.T).T):
        assert (tg.solve(terrain, (0, 0), 3, 1)["cost"] == expected).all()
    assert (tg.solve(WEIGHTED, (np.int64(0), np.int32(0)), np.uint8(3), 1)["cost"] ==
            expected).all()


def test_terrain_from_grey_follows_spec_1():
    greys = np.array([[0, 50, 51, 101, 102], [152, 153, 203, 204, 255]], np.uint8)
    assert tg.terrain_from_grey(greys).tolist() == [[0, 0, 1, 1, 2], [2, 3, 3, 4, 4]]
    assert tg.terrain_from_grey(greys).dtype == np.uint8
    canonical = np.array([[0, 76, 127, 178, 255]])
    assert tg.terrain_from_grey(canonical).tolist() == [[0, 1, 2, 3, 4]]


def test_a_board_changed_in_place_is_read_again():
    """solve() keeps the last board a thread read while its bytes stay the same: the same array
    edited between calls, and another array of the same shape, are boards of their own."""
    terrain = np.zeros((6, 7), np.uint8)
    open_ground = tg.solve(terrain, (0, 0), 3)
    terrain[0, 1] = 4  # a wall beside the unit, in place
    walled = tg.solve(terrain, (0, 0), 3)
    assert open_ground["cost"][0, 1] == 1 and walled["cost"][0, 1] == -1
    assert open_ground["cost"][0, 2] == 2 and walled["cost"][0, 2] == -1  # 4 steps around it
    forest = np.ones((6, 7), np.uint8)
    assert tg.solve(forest, (0, 0), 3)["cost"][0, 1] == 2
    assert tg.solve(terrain, (0, 0), 3)["cost"][0, 1] == -1
    # The same bytes in another shape are another board.
    flat = np.zeros((7, 6), np.uint8)
    flat[0, 1] = 4
    assert tg.solve(flat, (0, 0), 3)["cost"].shape == (7, 6)
    many = tg.solve_many(terrain, [{"unit": (0, 0), "move": 3}])
    assert (many["cost"][0] == walled["cost"]).all()
