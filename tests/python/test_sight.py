"""Line of sight (SPEC 11.8) from Python: rules={"sight": True, "blocks_sight": [...]} on solve,
solve_many, danger and solve_batch, the same cells as the CLI's --sight on the same boards, every
GL backend the CPU's bytes, and the errors."""
import numpy as np
import pytest

import tactics_grid as tg

# A bow (2-3) at 1,1 with a wall at 2,1: 3,1 is straight behind it, 2,0 only touches its corner.
TERRAIN = np.array([[0, 0, 0, 0, 0], [0, 0, 4, 0, 0], [0, 0, 0, 0, 0]], np.uint8)


def bow(**rules):
    return tg.solve(TERRAIN, (1, 1), 0, (2, 3), rules=rules or None)


def test_a_wall_hides_the_cell_behind_it():
    assert bow()["kind"][1, 3] == tg.KIND_ATTACK
    seen = bow(sight=True)["kind"]
    assert seen[1, 3] == tg.KIND_NONE
    assert seen[0, 2] == tg.KIND_ATTACK          # diagonal: the wall only at its corner
    assert bow(sight=True, blocks_sight=["forest"])["kind"][1, 3] == tg.KIND_ATTACK
    assert bow(sight=True, blocks_sight=[])["kind"][1, 3] == tg.KIND_ATTACK


def test_every_call_takes_it(rng):
    for _ in range(5):
        terrain = rng.choice(5, size=(12, 14), p=[0.6, 0.1, 0.05, 0.05, 0.2]).astype(np.uint8)
        terrain[6, 7] = 0
        rules = {"sight": True}
        one = tg.solve(terrain, (7, 6), 3, (2, 5), rules=rules)
        many = tg.solve_many(terrain, [{"unit": (7, 6), "move": 3, "attack": (2, 5)}], rules=rules)
        np.testing.assert_array_equal(many["kind"][0], one["kind"])
        batch = tg.solve_batch(terrain[None], np.array([[[7, 6]]]), np.zeros((1, 1), np.uint8),
                               np.full((1, 1), 3), np.array([[[2, 5]]]), rules=rules)
        np.testing.assert_array_equal(batch["kind"][0, 0], one["kind"])
        units = [{"at": (7, 6), "team": "enemy", "move": 3, "attack": (2, 5)}]
        danger = tg.danger(terrain, units, rules=rules)
        blind = tg.danger(terrain, units)
        assert (danger <= blind).all()
        for backend in ("gpu", "compute"):
            try:
                got = tg.solve(terrain, (7, 6), 3, (2, 5), rules=rules, backend=backend)
                got_danger = tg.danger(terrain, units, rules=rules, backend=backend)
            except RuntimeError as error:  # no such context here
                pytest.skip(str(error))
            np.testing.assert_array_equal(got["kind"], one["kind"])
            np.testing.assert_array_equal(got_danger, danger)


@pytest.mark.parametrize("rules, message", [
    ({"sight": 1}, "rules: sight is 1; expected True or False"),
    ({"sight": True, "blocks_sight": ["lava"]},
     "rules: blocks_sight: unknown terrain \"lava\"; the board's terrains: plains, forest"),
    ({"sight": True, "blocks_sight": "wall"}, "rules: blocks_sight is wall; expected a list"),
    ({"sight": True, "blocks_sight": ["wall", "wall"]}, "terrain \"wall\" is named twice"),
])
def test_bad_rules(rules, message):
    with pytest.raises(ValueError) as error:
        tg.solve(TERRAIN, (1, 1), 0, (2, 3), rules=rules)
    assert message in str(error.value)


def test_a_hex_board_with_sight_is_refused():
    with pytest.raises(ValueError) as error:
        tg.solve(TERRAIN, (1, 1), 0, (2, 3), rules={"sight": True}, grid="hex-y-odd")
    assert "line of sight is defined on square boards only, and this board is hex-y-odd" in str(
        error.value)
