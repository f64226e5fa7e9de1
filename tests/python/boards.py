"""Boards and answers written as text, for the tactics_grid module's tests."""
import numpy as np


def board(*rows):
    """A terrain array from rows of digits, one terrain index per character ('9' is 9)."""
    return np.array([[int(c) for c in row] for row in rows], dtype=np.uint8)


def grid(*rows):
    """An int array from rows of space-separated numbers (known answers written as boards)."""
    return np.array([[int(v) for v in row.split()] for row in rows])


def letters(kind):
    """A kind array back as grid letters, for readable failures."""
    return ["".join(".AMPS"[v] for v in row) for row in kind]
