"""Boards and answers written as text, for the tactics_grid module's tests."""
import numpy as np
import tactics_grid as tg


def board(*rows):
    """A terrain array from rows of digits, one terrain index per character ('9' is 9)."""
    return np.array([[int(c) for c in row] for row in rows], dtype=np.uint8)


def grid(*rows):
    """An int array from rows of space-separated numbers (known answers written as boards)."""
    return np.array([[int(v) for v in row.split()] for row in rows])


def kinds(*rows):
    """A kind array from rows of the `solve --json` grid's letters: . A M P S."""
    code = {".": tg.KIND_NONE, "A": tg.KIND_ATTACK, "M": tg.KIND_MOVE, "P": tg.KIND_PASS,
            "S": tg.KIND_START}
    return np.array([[code[c] for c in row] for row in rows], dtype=np.uint8)


def letters(kind):
    """A kind array back as grid letters, for readable failures."""
    return ["".join(".AMPS"[v] for v in row) for row in kind]
