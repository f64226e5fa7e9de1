"""forecast(): SPEC 14's battle forecast of one attack. Hand-computed exchanges (a counter,
doubling, terrain defence, a removal that ends the exchange), who cannot attack whom, line of
sight, a model of the exchange as SPEC 14 words it on random fights, load_scenario's combat keys
passed straight back, and every bad input as one ValueError."""
import json
import pathlib

import numpy as np
import pytest

import tactics_grid as tg

SOURCE = pathlib.Path(__file__).resolve().parents[2]
# 7x3 of plains, forest at 3,0 and mountains at 3,2.
BOARD = np.array([[0, 0, 0, 1, 0, 0, 0],
                  [0, 0, 0, 0, 0, 0, 0],
                  [0, 0, 0, 3, 0, 0, 0]], np.uint8)


def fighter(at, team, hp, str_, def_, spd, **keys):
    return {"at": at, "team": team, "hp": hp, "str": str_, "def": def_, "spd": spd} | keys


def duel(attacker_keys=None, target_keys=None, **keywords):
    """A player (hp 20, str 8, def 2, spd 5) at 1,1 attacking an enemy (hp 18, str 6, def 3,
    spd 5) at 2,1, each changed by its keys."""
    units = [fighter((1, 1), "player", 20, 8, 2, 5) | (attacker_keys or {}),
             fighter((2, 1), "enemy", 18, 6, 3, 5) | (target_keys or {})]
    return tg.forecast(BOARD, units, 0, 1, **keywords)


def message(call):
    with pytest.raises(ValueError) as error:
        call()
    return str(error.value)


def test_an_exchange_strike_by_strike():
    f = duel()
    assert f == {
        "attacker": {"damage": 5, "strikes": 1, "hp_before": 20, "hp_after": 16},
        "target": {"damage": 4, "strikes": 1, "hp_before": 18, "hp_after": 13, "can_strike": True},
        "strikes": [{"by_attacker": True, "damage": 5, "hp_after": 13},
                    {"by_attacker": False, "damage": 4, "hp_after": 16}]}


def test_a_counter_needs_the_targets_own_attack_set():
    bow = {"at": (0, 1), "attack": (2, 2)}
    f = duel(bow)
    assert f["target"]["can_strike"] is False and f["target"]["strikes"] == 0
    assert [s["by_attacker"] for s in f["strikes"]] == [True]
    assert f["attacker"]["hp_after"] == 20
    # A target that cannot strike back cannot double either.
    assert len(duel(bow, {"spd": 9})["strikes"]) == 1
    lance = duel(bow, {"attack": (1, 2)})
    assert lance["target"]["can_strike"] is True and lance["attacker"]["hp_after"] == 16


def test_doubling_at_four_more_speed():
    f = duel({"spd": 9})
    assert [s["by_attacker"] for s in f["strikes"]] == [True, False, True]
    assert f["attacker"]["strikes"] == 2 and f["target"]["hp_after"] == 8
    assert len(duel({"spd": 8})["strikes"]) == 2
    slow = duel({"spd": 1})
    assert [s["by_attacker"] for s in slow["strikes"]] == [True, False, False]
    assert slow["target"]["strikes"] == 2 and slow["attacker"]["hp_after"] == 12


def test_terrain_defence():
    on_forest = {"at": (3, 0)}
    from_beside = {"at": (2, 0)}
    assert duel(from_beside, on_forest)["attacker"]["damage"] == 8 - (3 + 1)
    assert duel({"at": (2, 2)}, {"at": (3, 2)})["attacker"]["damage"] == 8 - (3 + 2)
    given = duel(from_beside, on_forest, terrain_defence={"forest": 3, "plains": 1})
    assert given["attacker"]["damage"] == 8 - (3 + 3) and given["target"]["damage"] == 6 - (2 + 1)
    # The attacker's cell is `at`: striking from the forest, it takes less.
    f = duel({"at": (4, 1)}, {"at": (3, 1)}, at=(3, 0))
    assert f["attacker"]["damage"] == 5 and f["target"]["damage"] == 6 - (2 + 1)
    # Damage never below 0.
    assert duel({"str": 1})["attacker"]["damage"] == 0


def test_a_removal_ends_the_exchange():
    kill = duel({"str": 30, "spd": 9})
    assert kill["strikes"] == [{"by_attacker": True, "damage": 27, "hp_after": 0}]
    assert kill["target"]["strikes"] == 0 and kill["attacker"]["hp_after"] == 20
    felled = duel({"hp": 3, "spd": 9})
    assert [s["by_attacker"] for s in felled["strikes"]] == [True, False]
    assert felled["attacker"]["hp_after"] == 0 and felled["attacker"]["strikes"] == 1
    slow_kill = duel({"hp": 6, "spd": 1}, {"str": 5})
    assert [s["hp_after"] for s in slow_kill["strikes"]] == [13, 3, 0]


def test_who_cannot_attack_whom():
    units = [fighter((1, 1), "player", 20, 8, 2, 5), fighter((3, 1), "enemy", 18, 6, 3, 5),
             {"at": (5, 1), "team": "ally"}, fighter((6, 0), "player", 9, 1, 1, 1)]
    assert tg.forecast(BOARD, units, 0, 1) is None                       # two away, a sword
    assert tg.forecast(BOARD, units, 0, 1, at=(2, 1))["target"]["hp_after"] == 13
    assert tg.forecast(BOARD, units, 1, 2, at=(4, 1)) is None            # an ally without hp
    assert tg.forecast(BOARD, units, 0, 0) is None                       # itself
    assert tg.forecast(BOARD, units, 3, 0, at=(1, 0)) is None            # friends
    hidden = [dict(u) for u in units]
    hidden[1]["hidden"] = True
    assert tg.forecast(BOARD, hidden, 0, 1, at=(2, 1)) is None           # unknown to the player
    assert tg.forecast(BOARD, hidden, 1, 0, at=(2, 1)) is not None       # the enemy knows
    no_fight = [{"at": (1, 1), "team": "player"}, {"at": (2, 1), "team": "enemy"}]
    assert tg.forecast(BOARD, no_fight, 0, 1) is None                    # no hp: no fight


def test_line_of_sight():
    walled = np.zeros((3, 5), np.uint8)
    walled[1, 2] = 4
    bow = fighter((1, 1), "player", 20, 8, 2, 5, attack=(2, 3))
    units = [bow, fighter((3, 1), "enemy", 18, 6, 3, 5, attack=(1, 2))]
    assert tg.forecast(walled, units, 0, 1, rules={"sight": True}) is None
    assert tg.forecast(walled, units, 0, 1) is not None
    seen = tg.forecast(walled, units, 0, 1, rules={"sight": True, "blocks_sight": ["forest"]})
    assert seen is not None and seen["target"]["can_strike"]
    # From above the wall's row the line passes the wall's cell too; from 1,0 to 3,0 it does not.
    assert tg.forecast(walled, units, 0, 1, at=(1, 0), rules={"sight": True}) is None
    units[1]["at"] = (3, 0)
    assert tg.forecast(walled, units, 0, 1, at=(1, 0), rules={"sight": True}) is not None


def exchange(a, b, dmg_a, dmg_b, counters):
    """SPEC 14's exchange, as its text words it: the strikes (by_attacker, damage, hp_after)."""
    hp = {"a": a["hp"], "b": b["hp"]}
    dmg = {"a": dmg_a, "b": dmg_b}
    strikes = []

    def strike(by, on):
        hp[on] = max(0, hp[on] - dmg[by])
        strikes.append({"by_attacker": by == "a", "damage": dmg[by], "hp_after": hp[on]})
        return hp[on] > 0

    if not strike("a", "b"):
        return strikes
    struck_back = counters
    if counters and not strike("b", "a"):
        return strikes
    if a["spd"] >= b["spd"] + 4:
        strike("a", "b")
    elif b["spd"] >= a["spd"] + 4 and struck_back:
        strike("b", "a")
    return strikes


def test_the_forecast_is_the_exchange(rng):
    """Random stats, terrains and reaches: the forecast is what SPEC 14's exchange does, the
    hp after each strike and at the end."""
    defence = {0: 0, 1: 1, 2: 0, 3: 2, 4: 0}
    for _ in range(400):
        terrain = rng.integers(0, 4, size=(4, 4)).astype(np.uint8)
        a_at, b_at = (0, 1), (1 + int(rng.integers(0, 2)), 1)
        reach = abs(a_at[0] - b_at[0])
        stats = [{k: int(rng.integers(lo, hi)) for k, (lo, hi) in
                  {"hp": (1, 30), "str": (0, 20), "def": (0, 10), "spd": (0, 12)}.items()}
                 for _ in range(2)]
        back = (1, int(rng.integers(1, 3)))
        units = [{"at": a_at, "team": "player", "attack": (1, 2), **stats[0]},
                 {"at": b_at, "team": "enemy", "attack": back, **stats[1]}]
        f = tg.forecast(terrain, units, 0, 1)
        dmg_a = max(0, stats[0]["str"] - stats[1]["def"] - defence[terrain[b_at[1], b_at[0]]])
        dmg_b = max(0, stats[1]["str"] - stats[0]["def"] - defence[terrain[a_at[1], a_at[0]]])
        strikes = exchange(stats[0], stats[1], dmg_a, dmg_b, back[1] >= reach)
        assert f["strikes"] == strikes, (units, terrain)
        hp_a = min([stats[0]["hp"]] + [s["hp_after"] for s in strikes if not s["by_attacker"]])
        hp_b = min([stats[1]["hp"]] + [s["hp_after"] for s in strikes if s["by_attacker"]])
        assert (f["attacker"]["hp_after"], f["target"]["hp_after"]) == (hp_a, hp_b)
        assert f["attacker"]["strikes"] == sum(s["by_attacker"] for s in strikes)
        assert f["target"]["strikes"] == sum(not s["by_attacker"] for s in strikes)


def write_scenario(tmp_path, **extra):
    """default.json with every unit given stats, and `extra` keys: a board that fights."""
    scenario = json.loads((SOURCE / "assets/scenarios/default.json").read_text())
    scenario["map"] = str(SOURCE / "assets/maps/crossroads.png")
    scenario.pop("objective", None)  # the sample's own; `extra` names one where it matters
    for i, unit in enumerate(scenario["units"]):
        unit.update({"hp": 10 + i, "str": 5 + i % 4, "def": i % 3, "spd": i % 7})
    scenario["units"][0]["lord"] = True
    scenario.update(extra)
    path = tmp_path / "fight.json"
    path.write_text(json.dumps(scenario))
    return path


def test_load_scenario_passes_straight_back(tmp_path):
    names = ["grass", "woods", "hills", "peaks", "wall"]
    path = write_scenario(tmp_path, terrains=names, terrain_defence={"woods": 3},
                          objective={"type": "seize", "at": [28, 3]})
    s = tg.load_scenario(str(path))
    assert s["terrain_defence"] == {"grass": 0, "woods": 3, "hills": 0, "peaks": 0, "wall": 0}
    assert s["objective"] == {"type": "seize", "at": (28, 3)}
    lord = s["units"][0]
    assert (lord["hp"], lord["str"], lord["def"], lord["spd"], lord["lord"]) == (10, 5, 0, 0, True)
    assert "lord" not in s["units"][1]
    # The lord from its left, onto the first enemy whose left cell is free.
    taken = {u["at"] for u in s["units"]}
    target = next(i for i, u in enumerate(s["units"]) if u["team"] == "enemy" and
                  (u["at"][0] - 1, u["at"][1]) not in taken)
    x, y = s["units"][target]["at"]
    keys = {k: s[k] for k in ("rules", "grid", "terrains", "terrain_defence")}
    f = tg.forecast(s["terrain"], s["units"], 0, target, at=(x - 1, y), **keys)
    woods = 3 if s["terrain"][y, x] == 1 else 0  # the scenario's woods, not SPEC's forest
    assert f["attacker"]["damage"] == max(0, 5 - (s["units"][target]["def"] + woods))
    # The names are the board's: without them the defaults' names do not know "grass".
    assert message(lambda: tg.forecast(s["terrain"], s["units"], 0, target,
                                       terrain_defence=s["terrain_defence"])) == (
        'terrain_defence: unknown terrain "grass"; the board\'s terrains: plains, forest, hills, '
        "mountains, wall")


def test_load_scenario_objectives(tmp_path):
    for objective, expected in [({"type": "rout"}, {"type": "rout"}),
                                ({"type": "survive", "turns": 8}, {"type": "survive", "turns": 8})]:
        assert tg.load_scenario(str(write_scenario(tmp_path, objective=objective)))[
            "objective"] == expected
    s = tg.load_scenario(str(write_scenario(tmp_path)))
    assert s["objective"] is None
    assert s["terrain_defence"] == {"plains": 0, "forest": 1, "hills": 0, "mountains": 2, "wall": 0}
    plain = tg.load_scenario(str(SOURCE / "assets/scenarios/archers.json"))  # does not fight
    assert plain["objective"] is None and "hp" not in plain["units"][0]


TWO = [fighter((1, 1), "player", 20, 8, 2, 5), fighter((2, 1), "enemy", 18, 6, 3, 5)]


@pytest.mark.parametrize("call, text", [
    (lambda: tg.forecast(BOARD, TWO, 2, 1),
     "attacker 2 is out of range 0..1 (an index into units, which holds 2 units)"),
    (lambda: tg.forecast(BOARD, TWO, 0, -1),
     "target '-1' is not allowed; expected a whole number 0..1 (an index into units, which holds "
     "2 units)"),
    (lambda: tg.forecast(BOARD, TWO, 0, "one"),
     "target 'one' is not allowed; expected a whole number 0..1 (an index into units, which holds "
     "2 units)"),
    (lambda: tg.forecast(BOARD, [], 0, 1), "attacker names no unit: units is empty"),
    (lambda: tg.forecast(BOARD, TWO + [{"at": (5, 1), "team": "enemy"}], 0, 1),
     "units[2]: has no hp, but units on this board fight (SPEC 14): every player and enemy unit "
     "needs hp 1..99"),
    (lambda: tg.forecast(BOARD, TWO + [{"at": (5, 1), "team": "player", "name": "Ike"}], 0, 1),
     "units[2] (Ike): has no hp, but units on this board fight (SPEC 14): every player and enemy "
     "unit needs hp 1..99"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "player", 0, 8, 2, 5)], 0, 0),
     "units[0]: hp 0 is out of range 1..99"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "player", 100, 8, 2, 5)], 0, 0),
     "units[0]: hp 100 is out of range 1..99"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "player", 10, 8, 100, 5)], 0, 0),
     "units[0]: def 100 is out of range 0..99"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "player", 10, 8, 1, -1)], 0, 0),
     "units[0]: spd '-1' is not allowed; expected a whole number 0..99"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "player", 10, 2.5, 1, 1)], 0, 0),
     "units[0]: str '2.5' is not allowed; expected a whole number 0..99"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "enemy", 10, 8, 1, 1, lord=True)], 0, 0),
     "units[0]: only a player unit can be a lord (SPEC 14)"),
    (lambda: tg.forecast(BOARD, [fighter((1, 1), "player", 10, 8, 1, 1, lord=1)], 0, 0),
     "units[0]: lord is 1; expected True or False"),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrain_defence={"lava": 1}),
     'terrain_defence: unknown terrain "lava"; the board\'s terrains: plains, forest, hills, '
     "mountains, wall"),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrain_defence={"forest": 21}),
     'terrain_defence: terrain "forest" has defence 21, out of range 0..20'),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrain_defence={"forest": -1}),
     'terrain_defence: terrain "forest" has defence -1, out of range 0..20'),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrain_defence={"forest": "1"}),
     "terrain_defence: \"forest\" is '1'; expected a whole number 0..20"),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrain_defence=[("forest", 1)]),
     "terrain_defence is [('forest', 1)]; expected a dict of terrain names and defences 0..20, "
     "e.g. {\"forest\": 1}"),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, at=(7, 1)),
     "at 7,1 is outside the 7x3 map (x 0..6, y 0..2)"),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrains=["a", "b", "c", "d"]),
     "terrains has 4 names; expected 5..64 distinct names of 1..24 characters a-z 0-9 _ -, the "
     "first five standing for plains, forest, hills, mountains and wall"),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, terrains="plains"),
     "terrains is 'plains'; expected a list of the board's terrain names, e.g. load_scenario's "
     "\"terrains\""),
    (lambda: tg.forecast(BOARD, TWO, 0, 1, rules={"sight": True}, grid="hex-y-odd"),
     "rules: sight: line of sight is defined on square boards only, and this board is hex-y-odd "
     "(SPEC 11.8)"),
])
def test_bad_input(call, text):
    assert message(call) == text


def test_named_terrains_beyond_the_fifth():
    terrain = BOARD.copy()
    terrain[1, 2] = 5
    names = ["plains", "forest", "hills", "mountains", "wall", "fort"]
    f = tg.forecast(terrain, TWO, 0, 1, terrains=names, terrain_defence={"fort": 4})
    assert f["attacker"]["damage"] == 8 - (3 + 4)
    assert tg.forecast(terrain, TWO, 0, 1)["attacker"]["damage"] == 5   # "terrain5": 0
    assert message(lambda: tg.forecast(terrain, TWO, 0, 1, terrains=names[:5])) == (
        "terrain: cell 2,1 has terrain 5, but terrains names 5 (0..4)")
