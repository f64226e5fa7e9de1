"""load_scenario() and the module against the CLI on the project's scenarios: every unit's range,
the danger zone, both teams' fields and a route, equal to `tactics-grid solve/danger/field/route
--json` (those need TACTICS_EXE, which ctest gives), and examples/python_masks.py's output."""
import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import tactics_grid as tg

SOURCE = pathlib.Path(__file__).resolve().parents[2]
# The rules of SPEC 11 among them: zoc and skills (skirmish), fog (fog.json), eight named
# terrains in a Tiled map with its units layer (desert.tmx), a hexagonal one (hexvale.tmx, SPEC 13).
SCENARIOS = ["assets/scenarios/default.json", "assets/scenarios/fog.json",
             "assets/scenarios/skirmish.json", "assets/scenarios/zoc_skirmish.json",
             "assets/maps/desert.tmx", "assets/maps/hexvale.tmx"]


def cli(*args):
    exe = os.environ.get("TACTICS_EXE")
    if not exe or not os.path.exists(exe):
        pytest.skip("TACTICS_EXE names no tactics-grid executable")
    run = subprocess.run([exe, *args, "--json", "-"], capture_output=True, text=True,
                         check=False, cwd=SOURCE)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_load_scenario_reads_the_board():
    s = tg.load_scenario(str(SOURCE / "assets/scenarios/default.json"))
    assert s["terrain"].shape == (24, 32) and s["terrain"].dtype == np.uint8
    assert s["terrain"].max() <= 4
    assert s["terrains"] == ["plains", "forest", "hills", "mountains", "wall"]
    assert s["rules"] == {"zoc": False, "sight": False, "blocks_sight": ["wall"]}
    assert len(s["units"]) == 15
    lord = s["units"][0]
    assert lord == {"name": "Lord", "team": "player", "at": (3, 20), "move": 5, "attack": "1-1",
                    "class": "foot", "costs": [1, 2, 4, 8, None], "skills": [], "hidden": False,
                    "hp": 24, "str": 8, "def": 7, "spd": 9, "lord": True}
    assert s["objective"] == {"type": "rout"}
    # An ally may go without hp (SPEC §14): the Troubadour neither fights nor can be hurt.
    troubadour = next(u for u in s["units"] if u["name"] == "Troubadour")
    assert "hp" not in troubadour
    assert s["classes"]["mounted"] == [1, 3, 5, None, None]


def test_load_scenario_keeps_named_terrains_rules_skills_and_fog():
    desert = tg.load_scenario(str(SOURCE / "assets/maps/desert.tmx"))
    assert len(desert["terrains"]) == 8 and desert["terrains"][5] == "sand"
    assert desert["terrain"].max() >= 5
    assert all(len(u["costs"]) == 8 for u in desert["units"])
    skirmish = tg.load_scenario(str(SOURCE / "assets/scenarios/skirmish.json"))
    assert skirmish["rules"] == {"zoc": True, "sight": False, "blocks_sight": ["wall"]}
    assert ["pass"] in [u["skills"] for u in skirmish["units"]]
    assert "1,3" in [u["attack"] for u in skirmish["units"]]
    fog = tg.load_scenario(str(SOURCE / "assets/scenarios/fog.json"))
    assert any(u["hidden"] for u in fog["units"])


@pytest.mark.parametrize("path", SCENARIOS)
def test_masks_in_one_call_equal_each_units_own_solve(path):
    s = tg.load_scenario(str(SOURCE / path))
    many = tg.solve_many(s["terrain"], [{"unit": u["at"]} for u in s["units"]],
                         units=s["units"], rules=s["rules"], grid=s["grid"])
    for k, unit in enumerate(s["units"]):
        one = tg.solve(s["terrain"], unit["at"], units=s["units"], rules=s["rules"],
                       grid=s["grid"])
        assert (many["cost"][k] == one["cost"]).all() and (many["kind"][k] == one["kind"]).all()


@pytest.mark.parametrize("path", SCENARIOS)
def test_every_units_range_equals_the_clis(path):
    s = tg.load_scenario(str(SOURCE / path))
    letters = np.array(list(".AMPS"))
    for unit in s["units"]:
        x, y = unit["at"]
        expected = cli("solve", "--scenario", path, "--unit", f"{x},{y}", "--backend", "cpu")
        got = tg.solve(s["terrain"], unit["at"], units=s["units"], rules=s["rules"],
                       grid=s["grid"])
        assert ["".join(row) for row in letters[got["kind"]]] == expected["grid"], unit["name"]
        assert got["cost"].tolist() == expected["cost"], unit["name"]
        # SPEC 5's letters on a square board, SPEC 13's digits (255 none) on a hex one.
        codes = np.array(list("UDLR.") if s["grid"] == "square" else list("012345") + ["."] * 250)
        parents = codes[got["parent"]]
        assert ["".join(row) for row in parents] == expected["parent"], unit["name"]


@pytest.mark.parametrize("path", SCENARIOS)
def test_danger_and_fields_equal_the_clis(path):
    s = tg.load_scenario(str(SOURCE / path))
    danger = cli("danger", "--scenario", path, "--backend", "cpu")
    got = tg.danger(s["terrain"], s["units"], rules=s["rules"], grid=s["grid"])
    assert got.tolist() == danger["count"]
    for team in ("player", "enemy"):
        field = cli("field", "--scenario", path, "--team", team, "--class", "foot",
                    "--backend", "cpu")
        got = tg.field(s["terrain"], s["units"], team, s["classes"]["foot"], grid=s["grid"])
        assert got.tolist() == field["cost"], team


def test_a_route_equals_the_clis():
    path = "assets/scenarios/default.json"
    s = tg.load_scenario(str(SOURCE / path))
    cursor = [(4, 20), (5, 20), (5, 19), (3, 17), (4, 20), (8, 18)]
    expected = cli("route", "--scenario", path, "--unit", "3,20", "--cursor",
                   *[f"{x},{y}" for x, y in cursor])
    got = tg.route(s["terrain"], (3, 20), units=s["units"], rules=s["rules"], cursor=cursor)
    assert [r.tolist() for r in got["routes"]] == expected["routes"]
    assert got["costs"] == expected["costs"] and got["arrows"] == expected["arrows"]


def test_the_example_prints_its_masks():
    example = SOURCE / "examples/python_masks.py"
    run = subprocess.run([sys.executable, str(example)], capture_output=True, text=True,
                         check=True)
    assert run.stdout == (SOURCE / "tests/python/python_masks.expected").read_text()


def sample_boards():
    """Every shipped scenario, and every shipped Tiled map that places units."""
    boards = sorted(p.relative_to(SOURCE) for p in (SOURCE / "assets/scenarios").glob("*.json"))
    for tmx in sorted((SOURCE / "assets/maps").glob("*.tmx")):
        if 'name="units"' in tmx.read_text():
            boards.append(tmx.relative_to(SOURCE))
    return [str(b) for b in boards]


def first_attack(s, side, targets):
    """A unit of `side` that, moving as far as the board lets it (move 255, the other units in
    its way), can attack a unit of `targets`: "Lord -> Fighter", or None."""
    for u in s["units"]:
        if u["team"] not in side:
            continue
        far = tg.solve(s["terrain"], u["at"], move=255, units=s["units"], rules=s["rules"],
                       grid=s["grid"])
        for v in s["units"]:
            x, y = v["at"]
            if v["team"] in targets and far["kind"][y, x] == tg.KIND_ATTACK:
                return f'{u["name"]} -> {v["name"]}'
    return None


@pytest.mark.parametrize("path", sample_boards())
def test_the_sides_of_each_sample_can_reach_each_other(path):
    """A sample level is played: the player's side can get at the enemy and the enemy at it
    (the desert's bridges once stopped at the river, so the armies never met)."""
    s = tg.load_scenario(str(SOURCE / path))
    teams = {u["team"] for u in s["units"]}
    if "enemy" not in teams:
        pytest.skip(f"{path} has no enemy: a board for ranges, not a battle")
    assert first_attack(s, ("player", "ally"), ("enemy",)), "no unit of the player's side reaches an enemy"
    assert first_attack(s, ("enemy",), ("player", "ally")), "no enemy reaches the player's side"
