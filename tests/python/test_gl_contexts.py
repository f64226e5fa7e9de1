"""The GL backends keep their context (issue 35 item 4): one headless context per thread and GL
API, made by the first call that needs it and destroyed as the thread ends (before join()
returns), and on it the solvers of the last board per backend. Counted with
tactics_grid._gl_counts(), never timed (tests/python/bench_gl_context.py times it). Each case
runs its GL calls on threads of its own, so what earlier cases left on the main thread does not
change the counts; exits and forks run in a python3 of their own. Skipped where no OpenGL context
can be made."""
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import tactics_grid as tg


def counts():
    return tg._gl_counts()


def settled(others=0):
    """The counts, checked to hold no context of an ended thread: a thread's contexts go as its
    Python state is cleared, before join() returns. Alive: this thread's and `others`, held by
    live threads."""
    now = counts()
    assert now["contexts_alive"] == now["thread_contexts"] + others, (now, others)
    return now


def on_thread(call):
    """call() on a new thread that ends before this returns; its result, or its exception."""
    out = {}

    def body():
        try:
            out["value"] = call()
        except BaseException as error:  # noqa: B902 - handed to the caller
            out["error"] = error

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def run_script(script):
    """Exit status, standard output and error of `python3 -c script`, here."""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, env=dict(os.environ))
    return run.returncode, run.stdout, run.stderr


def skip_without_gl(gl="core"):
    try:
        on_thread(lambda: tg.solve(np.zeros((2, 2), np.uint8), (0, 0), 1, backend="gpu", gl=gl))
    except RuntimeError as error:  # the CLI's exit 3: no such context here
        pytest.skip(str(error))


def board(rng, h=12, w=15):
    terrain = rng.choice(5, size=(h, w), p=[0.55, 0.2, 0.1, 0.05, 0.1]).astype(np.uint8)
    units = [{"at": (1, 1), "team": "player", "move": 5},
             {"at": (w - 2, h - 2), "team": "enemy", "move": 4, "attack": (1, 2)},
             {"at": (w // 2, 2), "team": "enemy", "move": 3}]
    for u in units:
        terrain[u["at"][1], u["at"][0]] = 0
    return terrain, units


def same_range(got, cpu):
    return all((got[key] == cpu[key]).all() for key in ("cost", "kind", "parent"))


def test_ten_gpu_solves_on_a_thread_make_one_context_and_one_set_of_solvers(rng):
    skip_without_gl()
    terrain, units = board(rng)
    movers = [(1, 1), (3, 4), (6, 3), (10, 8), (0, 11)] * 2
    for x, y in movers:
        terrain[y, x] = 0
    cpu = [tg.solve(terrain, m, 5, units=units[1:]) for m in movers]
    before = settled()

    def ten():
        answers = [tg.solve(terrain, m, 5, units=units[1:], backend="gpu") for m in movers]
        return answers, counts()

    answers, during = on_thread(ten)
    after = settled()
    assert during["contexts_made"] - before["contexts_made"] == 1
    assert during["thread_contexts"] == 1
    assert during["contexts_alive"] - before["contexts_alive"] == 1
    assert during["solvers_made"] - before["solvers_made"] == 1  # the passes compiled once
    assert after["contexts_alive"] == before["contexts_alive"]  # gone with its thread
    for got, want in zip(answers, cpu):
        assert got["backend"] == "gpu"
        assert same_range(got, want)


def test_two_threads_at_once_make_two_contexts_and_each_answers_as_the_cpu(rng):
    skip_without_gl()
    terrain, units = board(rng)
    cpu = tg.solve(terrain, (1, 1), units=units, rules={"zoc": True})
    cpu_danger = tg.danger(terrain, units)
    before = settled()
    both_made = threading.Barrier(2)
    results = [None, None]
    errors = []

    def worker(k):
        try:
            first = tg.solve(terrain, (1, 1), units=units, rules={"zoc": True}, backend="gpu")
            both_made.wait(timeout=60)  # both contexts alive here
            alive = counts()
            danger = [tg.danger(terrain, units, backend="gpu") for _ in range(3)]
            results[k] = (first, danger, alive)
        except BaseException as error:  # noqa: B902 - reported below
            both_made.abort()
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    after = settled()
    assert after["contexts_made"] - before["contexts_made"] == 2
    assert after["contexts_alive"] == before["contexts_alive"]
    for first, danger, alive in results:
        assert alive["thread_contexts"] == 1
        assert alive["contexts_alive"] - before["contexts_alive"] == 2
        assert first["backend"] == "gpu" and same_range(first, cpu)
        assert all((d == cpu_danger).all() for d in danger)


def test_a_context_outlives_another_threads_end(rng):
    # EGL shares one display between contexts, and terminating it destroys every context not
    # current at that moment: the thread that ends first must leave the other's working. The
    # keeper holds a core and an es context (where es can be made), so one of them is not current.
    skip_without_gl()
    apis = ["core"]
    try:
        on_thread(lambda: tg.solve(np.zeros((2, 2), np.uint8), (0, 0), 1, backend="gpu", gl="es"))
        apis.append("es")
    except RuntimeError:
        pass
    terrain, units = board(rng)
    cpu = tg.solve(terrain, (1, 1), units=units)
    made = threading.Event()
    ended = threading.Event()
    out = {}

    def keeper():
        try:
            out["before"] = [tg.solve(terrain, (1, 1), units=units, backend="gpu", gl=gl)
                             for gl in apis]
            made.set()
            ended.wait(timeout=60)
            out["after"] = [tg.solve(terrain, (1, 1), units=units, backend="gpu", gl=gl)
                            for gl in apis]
            out["field"] = tg.field(terrain, units, "player", backend="gpu")
        except BaseException as error:  # noqa: B902 - reported below
            out["error"] = error
            made.set()

    thread = threading.Thread(target=keeper)
    thread.start()
    made.wait(timeout=60)
    settled(others=len(apis))  # the keeper's
    on_thread(lambda: tg.solve(terrain, (1, 1), units=units, backend="gpu"))  # made and ended
    settled(others=len(apis))  # ...and its context destroyed
    ended.set()
    thread.join()
    assert "error" not in out, out.get("error")
    assert all(same_range(a, cpu) for a in out["before"] + out["after"])
    assert (out["field"] == tg.field(terrain, units, "player")).all()


def test_danger_and_field_share_the_threads_context_and_each_backend_keeps_its_solvers(rng):
    skip_without_gl()
    terrain, units = board(rng)
    before = settled()

    def calls():
        got = []
        for _ in range(2):
            got.append(tg.solve(terrain, (1, 1), units=units, backend="gpu"))
            got.append(tg.danger(terrain, units, backend="gpu"))
            got.append(tg.field(terrain, units, "enemy", "mounted", backend="gpu"))
            got.append(tg.solve(terrain, (1, 1), units=units, backend="auto"))
        return got, counts()

    got, during = on_thread(calls)
    assert during["contexts_made"] - before["contexts_made"] == 1
    assert during["thread_contexts"] == 1
    # One board, two backends (gpu, auto): two sets of solvers, each made once.
    assert during["solvers_made"] - before["solvers_made"] == 2
    assert same_range(got[0], tg.solve(terrain, (1, 1), units=units))
    assert (got[1] == tg.danger(terrain, units)).all()
    assert (got[2] == tg.field(terrain, units, "enemy", "mounted")).all()
    assert got[3]["backend"] in ("gpu", "compute", "cpu") and got[3]["backend"] != "auto"
    assert same_range(got[3], got[0])
    assert same_range(got[4], got[0]) and same_range(got[7], got[3])  # the kept solvers' answers
    assert (got[5] == got[1]).all() and (got[6] == got[2]).all()


def test_another_board_makes_new_solvers_and_an_edit_in_place_is_seen(rng):
    skip_without_gl()
    terrain, units = board(rng)
    other, _ = board(np.random.default_rng(7))
    before = counts()

    def calls():
        a = tg.solve(terrain, (1, 1), 6, backend="gpu")
        b = tg.solve(other, (1, 1), 6, backend="gpu")
        c = tg.solve(terrain, (1, 1), 6, backend="gpu")  # only the last board is kept
        terrain[1, 2] = 4  # a wall beside the unit, written into the same array
        d = tg.solve(terrain, (1, 1), 6, backend="gpu")
        return (a, b, c, d), counts()

    was = terrain[1, 2]
    (a, b, c, d), during = on_thread(calls)
    assert during["solvers_made"] - before["solvers_made"] == 4
    assert same_range(d, tg.solve(terrain, (1, 1), 6))
    assert d["cost"][1, 2] == -1
    terrain[1, 2] = was
    assert same_range(a, tg.solve(terrain, (1, 1), 6)) and same_range(c, a)
    assert same_range(b, tg.solve(other, (1, 1), 6))


def test_core_and_es_on_one_thread_are_two_contexts_taking_turns(rng):
    skip_without_gl()
    skip_without_gl("es")
    terrain, units = board(rng)
    cpu = tg.solve(terrain, (1, 1), units=units, rules={"zoc": True})
    before = settled()

    def turns():
        return [tg.solve(terrain, (1, 1), units=units, rules={"zoc": True}, backend="gpu", gl=gl)
                for gl in ("core", "es", "core", "es", "core")], counts()

    answers, during = on_thread(turns)
    assert during["contexts_made"] - before["contexts_made"] == 2
    assert during["thread_contexts"] == 2
    assert during["solvers_made"] - before["solvers_made"] == 2
    assert all(same_range(a, cpu) for a in answers)


def test_the_interpreter_exits_cleanly_with_contexts_kept():
    # The main thread's context and solvers go as the interpreter finalizes; an ended thread's
    # went as it ended; a daemon thread still holding one at exit keeps it (it is current there).
    # Nothing may crash, hang or write on the way out.
    skip_without_gl()
    script = (
        "import threading, numpy as np, tactics_grid as tg\n"
        "t = np.zeros((6, 6), np.uint8)\n"
        "tg.solve(t, (0, 0), 3, backend='gpu'); tg.danger(t, [((5, 5), 'enemy')], backend='gpu')\n"
        "th = threading.Thread(target=lambda: tg.solve(t, (1, 1), 3, backend='gpu'))\n"
        "th.start(); th.join()\n"
        "made, never = threading.Event(), threading.Event()\n"
        "def daemon():\n"
        "    tg.field(t, [((5, 5), 'enemy')], 'player', backend='gpu', gl='core'); made.set()\n"
        "    never.wait()\n"
        "threading.Thread(target=daemon, daemon=True).start(); made.wait()\n"
        "c = tg._gl_counts()\n"
        "assert c['contexts_made'] == 3 and c['contexts_alive'] == 2, c\n"
        "print('ok')\n")
    assert run_script(script) == (0, "ok\n", "")


FORK_PRELUDE = (
    "import os, threading, numpy as np, tactics_grid as tg\n"
    "t = np.zeros((6, 6), np.uint8); t[2, 1:5] = 4\n"
    "cpu = tg.solve(t, (0, 0), 4)['cost']\n"
    "def child(body):\n"
    "    pid = os.fork()\n"
    "    if pid == 0:\n"
    "        try: code = body()\n"
    "        except BaseException as e: print('child raised', repr(e), flush=True); code = 9\n"
    "        os._exit(code)\n"
    "    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])\n")


def test_a_child_forked_after_gl_calls_makes_its_own_context():
    # The driver's threads stay in the parent: a child that used the parent's context (or its
    # display) would wait for them forever. The forking thread's contexts go before the fork.
    skip_without_gl()
    script = FORK_PRELUDE + (
        "assert (tg.solve(t, (0, 0), 4, backend='gpu')['cost'] == cpu).all()\n"
        "def body():\n"
        "    got = tg.solve(t, (0, 0), 4, backend='gpu')\n"
        "    return 0 if (got['cost'] == cpu).all() and tg._gl_counts()['contexts_alive'] == 1 else 1\n"
        "assert child(body) == 0\n"
        "assert (tg.solve(t, (0, 0), 4, backend='gpu')['cost'] == cpu).all()\n"
        "assert tg._gl_counts()['contexts_made'] == 2, tg._gl_counts()  # made again after\n"
        "print('ok')\n")
    assert run_script(script) == (0, "ok\n", "")


def test_a_child_forked_while_another_thread_holds_a_context_refuses_gl_calls():
    skip_without_gl()
    script = FORK_PRELUDE + (
        "made, done = threading.Event(), threading.Event()\n"
        "def keeper():\n"
        "    tg.solve(t, (0, 0), 4, backend='gpu'); made.set(); done.wait()\n"
        "    assert (tg.solve(t, (0, 0), 4, backend='gpu')['cost'] == cpu).all()\n"
        "    print('keeper ok', flush=True)\n"
        "th = threading.Thread(target=keeper); th.start(); made.wait()\n"
        "def body():\n"
        "    try: tg.solve(t, (0, 0), 4, backend='gpu')\n"
        "    except RuntimeError as e: refused = 'it was forked' in str(e)\n"
        "    else: refused = False\n"
        "    return 0 if refused and (tg.solve(t, (0, 0), 4)['cost'] == cpu).all() else 1\n"
        "assert child(body) == 0\n"
        "done.set(); th.join()\n"
        "print('ok')\n")
    assert run_script(script) == (0, "keeper ok\nok\n", "")
