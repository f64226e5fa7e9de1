"""grid= (SPEC 13): hex boards in every function that takes terrain, known answers worked out from
SPEC 13's neighbour order and hex distance, solve_many against solve, the Tiled hex fixtures
against `tactics-grid solve --scenario --json` (needs TACTICS_EXE, which ctest gives), and the
errors."""
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import tactics_grid as tg

SOURCE = pathlib.Path(__file__).resolve().parents[2]
HEX = ["hex-y-odd", "hex-y-even", "hex-x-odd", "hex-x-even"]


def axial(grid, x, y):
    """SPEC 13's axial coordinates, written out from its text."""
    if grid == "hex-y-odd":
        return x - (y - (y & 1)) // 2, y
    if grid == "hex-y-even":
        return x - (y + (y & 1)) // 2, y
    if grid == "hex-x-odd":
        return x, y - (x - (x & 1)) // 2
    return x, y - (x + (x & 1)) // 2


def hex_distance(grid, a, b):
    aq, ar = axial(grid, *a)
    bq, br = axial(grid, *b)
    dq, dr = bq - aq, br - ar
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def test_the_grids_and_the_hex_parent_none():
    assert tg.GRIDS == ("square", "hex-y-odd", "hex-y-even", "hex-x-odd", "hex-x-even")
    assert tg.PARENT_NONE_HEX == 255


def test_a_hex_unit_reaches_its_six_neighbours_each_parent_its_own_index():
    plains = np.zeros((5, 5), dtype=np.uint8)
    r = tg.solve(plains, (2, 2), 1, 1, grid="hex-y-odd")
    # Row 2 is not shifted on hex-y-odd: its neighbours above and below lie at x-1 and x. Each
    # neighbour's parent is the k at which 2,2 stands in that cell's own list.
    parents = {(1, 1): 5, (2, 1): 4, (1, 2): 3, (3, 2): 2, (1, 3): 1, (2, 3): 0}
    for (x, y), k in parents.items():
        assert r["cost"][y, x] == 1 and r["parent"][y, x] == k
    assert (r["cost"] >= 0).sum() == 7
    assert r["parent"][2, 2] == tg.PARENT_NONE_HEX
    # Attack 1 from every cell a step away: the ring two steps out.
    ring = {(x, y) for y in range(5) for x in range(5) if hex_distance("hex-y-odd", (2, 2), (x, y)) == 2}
    attacked = {(x, y) for y in range(5) for x in range(5) if r["kind"][y, x] == tg.KIND_ATTACK}
    assert attacked == ring and len(ring) == 12
    # The same board square keeps the four neighbours and the letters' codes.
    square = tg.solve(plains, (2, 2), 1, 1)
    assert (square["cost"] >= 0).sum() == 5 and square["parent"][2, 2] == tg.PARENT_NONE
    assert (tg.solve(plains, (2, 2), 1, 1, grid="square")["cost"] == square["cost"]).all()


@pytest.mark.parametrize("grid", HEX)
def test_fields_and_danger_measure_hex_distance(grid):
    plains = np.zeros((6, 7), dtype=np.uint8)
    enemy = {"at": (3, 2), "team": "enemy", "move": 0, "attack": 2}
    field = tg.field(plains, [enemy], "player", grid=grid)
    danger = tg.danger(plains, [enemy], grid=grid)
    for y in range(6):
        for x in range(7):
            d = hex_distance(grid, (3, 2), (x, y))
            assert field[y, x] == d
            assert danger[y, x] == (1 if 1 <= d <= 2 else 0)


@pytest.mark.parametrize("grid", HEX)
def test_solve_many_and_route_take_the_grid(grid, rng):
    terrain = rng.integers(0, 5, size=(9, 8), dtype=np.uint8)
    terrain[terrain == 4] = 0
    units = [{"at": (1, 1), "team": "enemy"}, {"at": (6, 7), "team": "ally"}]
    queries = [{"unit": (x, y), "move": 5, "attack": (1, 2)} for x, y in [(0, 0), (4, 4), (7, 8)]]
    many = tg.solve_many(terrain, queries, units=units, grid=grid)
    for i, q in enumerate(queries):
        one = tg.solve(terrain, q["unit"], q["move"], q["attack"], units=units, grid=grid)
        assert (many["cost"][i] == one["cost"]).all()
        assert (many["kind"][i] == one["kind"]).all()
    # A route to a reached cell steps from neighbour to neighbour of the grid.
    one = tg.solve(terrain, (4, 4), 5, 1, units=units, grid=grid)
    target = max(((x, y) for y in range(9) for x in range(8) if one["cost"][y, x] > 0),
                 key=lambda c: one["cost"][c[1], c[0]])
    routes = tg.route(terrain, (4, 4), 5, 1, units=units, cursor=[target], grid=grid)["routes"][0]
    assert tuple(routes[0]) == (4, 4) and tuple(routes[-1]) == target
    for a, b in zip(routes[:-1], routes[1:]):
        assert hex_distance(grid, tuple(a), tuple(b)) == 1


def test_a_bad_grid_is_a_value_error_naming_the_grids():
    plains = np.zeros((3, 3), dtype=np.uint8)
    for bad in ["hex", "Hex-Y-Odd", 3]:
        with pytest.raises(ValueError, match="hex-y-odd, hex-y-even, hex-x-odd or hex-x-even"):
            tg.solve(plains, (0, 0), 1, grid=bad)
    with pytest.raises(ValueError, match="grid 'hexagonal' is not a layout"):
        tg.danger(plains, [], grid="hexagonal")


def cli(*args):
    exe = os.environ.get("TACTICS_EXE")
    if not exe or not os.path.exists(exe):
        pytest.skip("TACTICS_EXE names no tactics-grid executable")
    run = subprocess.run([exe, *args, "--backend", "cpu", "--json", "-"], capture_output=True,
                         text=True, check=False, cwd=SOURCE)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.parametrize("grid", HEX)
def test_a_tiled_hex_scenario_solves_as_the_cli_does(grid):
    path = f"tests/fixtures/tiled/{grid}.tmj"
    s = tg.load_scenario(str(SOURCE / path))
    assert s["grid"] == grid
    for u in s["units"]:
        mine = tg.solve(s["terrain"], u["at"], units=s["units"], grid=s["grid"])
        theirs = cli("solve", "--scenario", path, "--unit", "%d,%d" % u["at"])
        assert theirs["layout"] == grid
        assert mine["cost"].tolist() == theirs["cost"]
        digits = [["." if p == tg.PARENT_NONE_HEX else str(p) for p in row] for row in mine["parent"]]
        assert ["".join(row) for row in digits] == theirs["parent"]
