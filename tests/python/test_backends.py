"""The GL backends from Python: each call, on the thread's kept headless context (EGL; see
test_gl_contexts.py), answers what the CPU answers, byte for byte (SPEC 5: every backend writes
the same bytes). Skipped where no OpenGL context can be made, as on a machine without Mesa's EGL."""
import numpy as np
import pytest

import tactics_grid as tg

BACKENDS = [("gpu", "core"), ("compute", "core"), ("auto", "core"), ("gpu", "es")]


def run_or_skip(call):
    try:
        return call()
    except RuntimeError as error:  # the CLI's exit 3: no such context here
        pytest.skip(str(error))


def boards(rng, count=3):
    for _ in range(count):
        h, w = (int(v) for v in rng.integers(4, 20, size=2))
        terrain = rng.choice(7, size=(h, w), p=[0.5, 0.15, 0.1, 0.05, 0.1, 0.05, 0.05])
        terrain = terrain.astype(np.uint8)
        cells = rng.permutation(h * w)[:5]
        units = [{"at": (int(c % w), int(c // w)), "team": team, "move": int(rng.integers(1, 6)),
                  "attack": [(1, 1), (1, 2), [1, 3]][i % 3], "costs": [1, 2, 4, 8, None, 3, 1]}
                 for i, (c, team) in enumerate(zip(cells, ["player", "enemy", "enemy", "ally",
                                                           "enemy"]))]
        units[4]["hidden"] = True
        units[2]["skills"] = ["pass"]
        for u in units:
            terrain[u["at"][1], u["at"][0]] = 0
        yield terrain, units


@pytest.mark.parametrize("backend, gl", BACKENDS)
def test_every_backend_answers_as_the_cpu(rng, backend, gl):
    for terrain, units in boards(rng):
        for mover in (units[0], units[1]):
            rules = {"zoc": True}
            cpu = tg.solve(terrain, mover["at"], units=units, rules=rules, state=True)
            got = run_or_skip(lambda: tg.solve(terrain, mover["at"], units=units, rules=rules,
                                               state=True, backend=backend, gl=gl))
            # auto runs the backend it measured fastest here: any of the three.
            assert got["backend"] == backend or (backend == "auto" and
                                                 got["backend"] in ("cpu", "gpu", "compute"))
            for key in ("cost", "kind", "parent", "state"):
                assert (got[key] == cpu[key]).all(), (backend, gl, key)
        cpu_danger = tg.danger(terrain, units, rules={"zoc": True})
        got_danger = run_or_skip(lambda: tg.danger(terrain, units, rules={"zoc": True},
                                                   backend=backend, gl=gl))
        assert (got_danger == cpu_danger).all(), (backend, gl, "danger")
        cpu_field = tg.field(terrain, units, "player", [1, 2, 4, 8, None, 3, 1])
        got_field = run_or_skip(lambda: tg.field(terrain, units, "player",
                                                 [1, 2, 4, 8, None, 3, 1], backend=backend, gl=gl))
        assert (got_field == cpu_field).all(), (backend, gl, "field")


def test_compute_on_es_is_refused_as_the_cli_refuses_it():
    with pytest.raises(RuntimeError) as error:
        tg.solve(np.zeros((2, 2), np.uint8), (0, 0), 1, backend="compute", gl="es")
    assert str(error.value) == (
        'backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 (gl "es") does '
        'not have; use gl "core", or backend "gpu" or "cpu"')


@pytest.mark.parametrize("backend, gl", BACKENDS)
def test_solve_many_on_every_backend_answers_as_the_cpu(rng, backend, gl):
    """solve_many(backend=...) solves the queries in one submission (gpu, compute) or where auto
    measured; every mask equals the CPU's, and the answer names the backend that ran."""
    for terrain, units in boards(rng):
        h, w = terrain.shape
        queries = []
        for k in range(40):
            cell = (int(rng.integers(w)), int(rng.integers(h)))
            if terrain[cell[1], cell[0]] >= 4:  # wall, or past the foot class's five costs
                continue
            queries.append({"unit": cell, "move": int(rng.integers(0, 9)),
                            "attack": [0, 2, (2, 3), [1, 3]][k % 4],
                            "rules": {"zoc": bool(k % 2)}})
        cpu = tg.solve_many(terrain, queries, units=units)
        assert cpu["backend"] == "cpu"
        many = run_or_skip(lambda: tg.solve_many(terrain, queries, units=units, backend=backend,
                                                 gl=gl, threads=2))
        assert many["backend"] in (("cpu", "gpu", "compute") if backend == "auto" else (backend,))
        assert (many["cost"] == cpu["cost"]).all()
        assert (many["kind"] == cpu["kind"]).all()
        # Into an earlier answer, in place.
        again = run_or_skip(lambda: tg.solve_many(terrain, queries, units=units, backend=backend,
                                                  gl=gl, out=many))
        assert np.shares_memory(again["kind"], many["kind"])
        assert (again["kind"] == cpu["kind"]).all()


def test_solve_many_on_a_gl_backend_names_a_bad_query():
    row = np.zeros((1, 5), np.uint8)
    queries = [{"unit": (0, 0), "move": 2}, {"unit": (9, 0), "move": 2}]
    with pytest.raises(ValueError, match=r"^queries\[1\]: "):
        run_or_skip(lambda: tg.solve_many(row, queries, backend="gpu"))
