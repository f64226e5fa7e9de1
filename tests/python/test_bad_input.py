"""Bad input: a ValueError with the CLI's words, never a crash. Where the CLI has the same mistake
the text is the CLI's `error:` line with the keyword in place of the flag, and
test_the_cli_says_the_same runs the CLI to prove it (ctest gives it TACTICS_EXE)."""
import os
import pathlib
import subprocess

import numpy as np
import pytest

import tactics_grid as tg

SOURCE = pathlib.Path(__file__).resolve().parents[2]
ATTACK_ALLOWED = ("; expected MAX or MIN-MAX with 1 <= MIN <= MAX <= 255, 0 for none, or a comma "
                  "list of 2..8 ranges MIN-MAX or N (exactly N), e.g. 1,3 or 1-2,4-10")
TERRAIN_HINT = ("expected terrain indices 0..63 (terrain_from_grey turns SPEC 1 greys 0..255 into "
                "indices)")
INTEGER_ARRAY = ", as an integer array (uint8)"
OPEN = np.zeros((3, 4), np.uint8)
WALLED = np.array([[0, 0, 0, 4], [0, 0, 0, 0], [0, 0, 0, 0]], np.uint8)


def message(call):
    with pytest.raises(ValueError) as error:
        call()
    return str(error.value)


# (the CLI's flags, solve's keywords, the text): `tactics-grid solve --map crossroads.png --unit
# 3,20 --move 5 FLAGS` and tg.solve(crossroads, (3, 20), 5, **KEYWORDS) on the same map.
SAME_AS_CLI = [
    (["--move", "300"], {"move": 300}, "move 300 is out of range 0..255"),
    (["--move", "2.5"], {"move": 2.5}, "move '2.5' is not allowed; expected a whole number 0..255"),
    (["--attack", "bad"], {"attack": "bad"}, "attack 'bad' is not allowed" + ATTACK_ALLOWED),
    (["--attack", "300"], {"attack": 300}, "attack '300' is not allowed" + ATTACK_ALLOWED),
    (["--attack", "0-3"], {"attack": (0, 3)}, "attack 0-3 is not allowed" + ATTACK_ALLOWED),
    (["--attack", "3-1"], {"attack": (3, 1)}, "attack 3-1 is not allowed" + ATTACK_ALLOWED),
    (["--attack", "1,,3"], {"attack": "1,,3"}, "attack '1,,3' has an empty entry" + ATTACK_ALLOWED),
    (["--attack", "1,300"], {"attack": [1, 300]},
     "attack '1,300': entry '300' goes over 255" + ATTACK_ALLOWED),
    (["--attack", "1,2,3,4,5,6,7,8,9"], {"attack": list(range(1, 10))},
     "attack '1,2,3,4,5,6,7,8,9' has 9 ranges, more than 8" + ATTACK_ALLOWED),
    (["--attack", "0,2"], {"attack": [0, 2]},
     "attack '0,2': entry '0' starts at 0 (0 means no attack and cannot be combined)" +
     ATTACK_ALLOWED),
    (["--costs", "1,2,0,8,x"], {"costs": "1,2,0,8,x"},
     "costs '1,2,0,8,x': entry 3 '0' is not allowed; expected 5 comma-separated costs, each "
     "1..15 or x, e.g. 1,2,4,8,x"),
    (["--skills", "fly"], {"skills": "fly"},
     "skills 'fly': unknown skill 'fly'; allowed: pass, skirmisher (each at most once)"),
    (["--skills", "pass,pass"], {"skills": ["pass", "pass"]},
     "skills 'pass,pass': skill 'pass' is named twice; allowed: pass, skirmisher (each at most "
     "once)"),
    (["--backend", "vulkan"], {"backend": "vulkan"},
     "backend 'vulkan' is not allowed; expected auto, cpu, gpu or compute"),
    (["--gl", "webgl"], {"gl": "webgl"},
     "gl 'webgl' is not allowed; expected core (OpenGL 3.3 core, 4.3 where compute needs it) or "
     "es (OpenGL ES 3.0)"),
    (["--unit", "1.5,2"], {"unit": (1.5, 2)},
     "unit '1.5,2' is not a cell; expected X,Y with whole numbers, e.g. 3,4"),
    (["--unit", "40,3"], {"unit": (40, 3)},
     "unit 40,3 is outside the 32x24 map (x 0..31, y 0..23)"),
    (["--unit", "5000000,1"], {"unit": (5000000, 1)},
     "unit 5000000,1 is outside any map (maps are at most 4096x4096 cells)"),
]


@pytest.fixture(scope="module")
def crossroads():
    return tg.load_scenario(str(SOURCE / "assets/scenarios/default.json"))["terrain"]


def solve_keywords(keywords):
    args = {"unit": (3, 20), "move": 5}
    args.update(keywords)
    return args


@pytest.mark.parametrize("flags, keywords, text", SAME_AS_CLI)
def test_bad_values_raise_the_clis_text(crossroads, flags, keywords, text):
    assert message(lambda: tg.solve(crossroads, **solve_keywords(keywords))) == text


@pytest.mark.parametrize("flags, keywords, text", SAME_AS_CLI)
def test_the_cli_says_the_same(flags, keywords, text):
    exe = os.environ.get("TACTICS_EXE")
    if not exe or not os.path.exists(exe):
        pytest.skip("TACTICS_EXE names no tactics-grid executable")
    cli = ["--map", str(SOURCE / "assets/maps/crossroads.png")]
    for flag, value in (("--unit", "3,20"), ("--move", "5")):
        if flag not in flags:
            cli += [flag, value]
    run = subprocess.run([exe, "solve"] + cli + flags, capture_output=True, text=True,
                         check=False)
    assert run.returncode == 2
    # The same words, where the CLI names the flag ("--move 300 ...") or not (validate()'s
    # "unit 40,3 is outside ...").
    assert run.stderr in (f"error: {text}\n", f"error: --{text}\n")


def test_a_unit_on_a_cell_its_class_cannot_enter():
    # validate()'s words, as the CLI's `solve --map` writes them, except that a board given as
    # terrain indices names the terrain by its index where an image map names its grey.
    assert message(lambda: tg.solve(WALLED, (3, 0), 2)) == (
        "unit 3,0 stands on wall (terrain 4), which its movement class cannot enter")
    wide = np.full((1, 2), 9, np.uint8)
    assert message(lambda: tg.solve(wide, (0, 0), 2)) == (
        "unit 0,0 stands on terrain9 (terrain 9), which its movement class cannot enter")


@pytest.mark.parametrize("largest", [4, 5, 63])
def test_errors_name_terrains_by_index_never_a_grey(largest):
    """The board is terrain indices: whether it uses five terrains (kept as an image map's greys)
    or more, a cell is named by its terrain and index, as the caller gave it."""
    board = np.array([[0, 1, 4, largest]], np.uint8)
    forest = "unit 1,0 stands on forest (terrain 1), which its movement class cannot enter"
    wall = "unit 2,0 stands on wall (terrain 4), which its movement class cannot enter"
    assert message(lambda: tg.solve(board, (1, 0), 2, costs="1,x,1,1,x")) == forest
    assert message(lambda: tg.solve(board, (2, 0), 2)) == wall
    assert message(lambda: tg.solve_many(board, [{"unit": (2, 0), "move": 2}])) == (
        "queries[0]: " + wall)
    for backend in ("gpu", "compute"):
        with pytest.raises((ValueError, RuntimeError)) as error:
            tg.solve(board, (2, 0), 2, backend=backend)
        if error.type is ValueError:  # (a RuntimeError: no such context here)
            assert str(error.value) == wall


@pytest.mark.parametrize("terrain, text", [
    (np.zeros((3, 4)), "terrain has dtype float64; " + TERRAIN_HINT + INTEGER_ARRAY),
    (np.zeros((3, 4), bool), "terrain has dtype bool; " + TERRAIN_HINT + INTEGER_ARRAY),
    ("plains", "terrain has dtype <U6; " + TERRAIN_HINT + INTEGER_ARRAY),
    ([[0, 1], [0]], "terrain cannot be made an array (<class 'list'>, rows of different "
     "lengths?); " + TERRAIN_HINT + ", as a 2-D numpy array [height, width]"),
    (np.zeros((2, 3, 4), np.uint8),
     "terrain has shape (2, 3, 4); expected a 2-D array [height, width]"),
    (np.zeros(5, np.uint8), "terrain has shape (5,); expected a 2-D array [height, width]"),
    (np.zeros((0, 5), np.uint8), "terrain has shape (0, 5); a board is 1..4096 cells a side"),
    (np.zeros((1, 4097), np.uint8), "terrain has shape (1, 4097); a board is 1..4096 cells a side"),
    (np.array([[0, 0, 0], [0, 0, 64]], np.uint8),
     "terrain: cell 2,1 has terrain 64; " + TERRAIN_HINT),
    (np.array([[0, -1]], np.int64), "terrain: cell 1,0 has terrain -1; " + TERRAIN_HINT),
    (np.full((2, 2), 255, np.uint8), "terrain: cell 0,0 has terrain 255; " + TERRAIN_HINT),
    # Past the first 32-cell blocks the uint8 path reads at once, and the first bad cell named.
    (np.pad(np.array([[70, 0, 99]], np.uint8), ((37, 2), (5, 32))),
     "terrain: cell 5,37 has terrain 70; " + TERRAIN_HINT),
])
def test_bad_terrain(terrain, text):
    assert message(lambda: tg.solve(terrain, (0, 0), 1)) == text
    assert message(lambda: tg.solve_many(terrain, [])) == text
    assert message(lambda: tg.danger(terrain, [])) == text
    assert message(lambda: tg.field(terrain, [], "player")) == text
    assert message(lambda: tg.route(terrain, (0, 0), 1, cursor=(0, 0))) == text


@pytest.mark.parametrize("keywords, text", [
    ({"move": None}, "move is required: the unit's Movement Range, 0..255 (or a unit of units on "
     "0,0 with a move)"),
    ({"move": True}, "move 'True' is not allowed; expected a whole number 0..255"),
    ({"move": -1}, "move '-1' is not allowed; expected a whole number 0..255"),
    ({"move": 10**30}, f"move {10**30} is out of range 0..255"),
    ({"unit": None}, "unit is required: the cell (x, y) of the unit to move"),
    ({"unit": (-1, 2)}, "unit '-1,2' is not a cell; expected X,Y with whole numbers, e.g. 3,4"),
    ({"unit": 5}, "unit '5' is not a cell; expected X,Y with whole numbers, e.g. 3,4"),
    ({"attack": "x"}, "attack 'x' is not allowed" + ATTACK_ALLOWED),
    ({"costs": [1, 0]}, 'costs[1] is 0; a cost is 1..15, or None (or "x") for impassable'),
    ({"costs": [1, 16]}, 'costs[1] is 16; a cost is 1..15, or None (or "x") for impassable'),
    ({"costs": [1, 2.5]}, 'costs[1] is 2.5; a cost is 1..15, or None (or "x") for impassable'),
    ({"costs": [1] * 65}, "costs has 65 entries; expected 1..64 costs, one per terrain (the "
     "terrains after the last are impassable)"),
    ({"costs": []}, "costs has 0 entries; expected 1..64 costs, one per terrain (the terrains "
     "after the last are impassable)"),
    ({"costs": "dragon"}, "costs 'dragon' is not a movement class; expected one of the presets "
     "foot, mounted, armour, flier, five costs C0,C1,C2,C3,C4 or a list of costs per terrain"),
    ({"costs": "1,2"}, "costs '1,2' has 2 entries; expected 5 comma-separated costs, each 1..15 "
     "or x, e.g. 1,2,4,8,x"),
    ({"costs": 5}, "costs is 5; expected a preset name (foot, mounted, armour, flier) or a list of "
     "1..64 costs, one per terrain, each 1..15 or None for impassable"),
    ({"team": "neutral"},
     "team 'neutral' is not a team; expected \"player\", \"enemy\" or \"ally\""),
    ({"skills": [3]}, "skills: 3 is not a skill name; expected pass or skirmisher"),
    ({"ignore_units": "yes"}, "ignore_units is yes; expected True or False"),
    ({"state": None}, "state is None; expected True or False"),
    ({"rules": {"fog": True}}, "rules: unknown key 'fog'; expected zoc, sight or blocks_sight"),
    ({"rules": {"zoc": "yes"}}, "rules: zoc is yes; expected True or False"),
    ({"rules": True}, 'rules is True; expected a dict such as {"zoc": True}'),
])
def test_bad_keywords(keywords, text):
    args = {"unit": (0, 0), "move": 1}
    args.update(keywords)
    assert message(lambda: tg.solve(OPEN, **args)) == text


@pytest.mark.parametrize("units, text", [
    (5, "units is <class 'int'>; expected a list of units, each a dict or a tuple ((x, y), team)"),
    ({"at": (1, 1)}, "units is <class 'dict'>; expected a list of units, each a dict or a tuple "
     "((x, y), team)"),
    ([((0, 1), "neutral")], "units[0]: team 'neutral' is not a team; expected \"player\", "
     "\"enemy\" or \"ally\""),
    ([((0, 1), "player", 3)], "units[0] is ((0, 1), 'player', 3); expected a dict with at, team, "
     "move, attack, costs, class, skills, hidden, name, hp, str, def, spd, lord (at and team "
     "required), or a tuple ((x, y), team)"),
    ([{"at": (0, 1)}], "units[0] has no \"team\"; a unit needs at and team, and may give move, "
     "attack, costs or class, skills, hidden, name, hp, str, def, spd, lord"),
    ([{"team": "enemy"}], "units[0] has no \"at\"; a unit needs at and team, and may give move, "
     "attack, costs or class, skills, hidden, name, hp, str, def, spd, lord"),
    ([{"at": (0, 1), "team": "player", "hidden": True}],
     "units[0]: only an enemy can be hidden (SPEC 11.5)"),
    ([{"at": (0, 1), "team": "enemy", "hidden": 1}],
     "units[0]: hidden is 1; expected True or False"),
    ([{"at": (9, 1), "team": "enemy"}], "units[0]: 9,1 is outside the 4x3 map (x 0..3, y 0..2)"),
    ([((1, 1), "enemy"), ((1, 1), "ally")],
     "units[1]: 1,1 is taken by another unit; no two units may share a cell"),
    ([{"at": (1, 1), "team": "enemy", "speed": 3}], "units[0]: unknown key 'speed'; expected at, "
     "team, move, attack, costs, class, skills, hidden, name, hp, str, def, spd, lord"),
    ([{"at": (1, 1), "team": "enemy", "hp": 120}], "units[0]: hp 120 is out of range 1..99"),
    ([{"at": (1, 1), "team": "ally", "lord": True}],
     "units[0]: only a player unit can be a lord (SPEC 14)"),
    ([{"at": (1, 1), "team": "enemy", "class": "dragon"}], "units[0]: class 'dragon' is not a "
     "movement class; expected one of the presets foot, mounted, armour, flier, or give costs"),
    ([{"at": (1, 1), "team": "enemy", "move": 300}], "units[0]: move 300 is out of range 0..255"),
    ([{"at": (1, 1), "team": "enemy", "attack": (0, 2)}],
     "units[0]: attack 0-2 is not allowed" + ATTACK_ALLOWED),
])
def test_bad_units(units, text):
    assert message(lambda: tg.solve(OPEN, (0, 0), 1, units=units)) == text
    assert message(lambda: tg.danger(OPEN, units)) == text
    assert message(lambda: tg.field(OPEN, units, "player")) == text


def test_other_faces():
    assert message(lambda: tg.route(OPEN, (0, 0), 1, cursor=[(9, 9)])) == (
        "cursor 9,9 is outside the 4x3 map (x 0..3, y 0..2)")
    assert message(lambda: tg.route(OPEN, (0, 0), 1, cursor=[])) == (
        "cursor is required: one or more cells (x, y) the cursor enters, e.g. [(5, 2), (6, 2)]")
    assert message(lambda: tg.field(OPEN, [], "neutral")) == (
        "team 'neutral' is not a team; expected \"player\", \"enemy\" or \"ally\"")
    assert message(lambda: tg.danger(OPEN, [], backend="vulkan")) == (
        "backend 'vulkan' is not allowed; expected auto, cpu, gpu or compute")
    assert message(lambda: tg.terrain_from_grey(np.array([[256]]))) == (
        "grey: element 0 is 256; expected greys 0..255")
    assert message(lambda: tg.terrain_from_grey(np.array([[1.5]]))) == (
        "grey has dtype float64; expected an integer array of SPEC 1 greys 0..255")
    one = [{"unit": (0, 0), "move": 1}]
    assert message(lambda: tg.solve_many(OPEN, one, threads=0)) == (
        "threads 0 is out of range 1..256")
    assert message(lambda: tg.solve_many(OPEN, "abc")) == (
        "queries is <class 'str'>; expected a list of dicts of solve's keywords")


def test_a_bad_scenario_raises_the_clis_text():
    assert message(lambda: tg.load_scenario("/nonexistent.json")) == (
        "cannot read scenario '/nonexistent.json': no such file")
    readme = str(SOURCE / "README.md")
    assert message(lambda: tg.load_scenario(readme)).startswith(
        f"scenario '{readme}': JSON syntax error at line 1, column 1")


def test_wrong_types_never_crash():
    # Whatever lands in a keyword, the answer is a result or a ValueError.
    junk = [None, True, 1.5, -3, 2**70, "", "x", "1-2", (), (1,), (1, 2, 3), [None], [[1, 2]],
            {"a": 1}, object(), np.array([1, 2]), np.float32(2), b"12", float("nan")]
    for keyword in ("unit", "move", "attack", "costs", "team", "skills", "units", "rules",
                    "ignore_units", "backend", "gl", "state"):
        for value in junk:
            args = {"unit": (1, 1), "move": 2, keyword: value}
            try:
                tg.solve(OPEN, **args)
            except ValueError:
                pass
