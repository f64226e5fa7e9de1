"""pytest set-up for the tactics_grid module's tests (ctest runs them, label `python`)."""
import numpy as np
import pytest


@pytest.fixture
def rng():
    """A fixed-seed generator, so a failing random board can be replayed."""
    return np.random.default_rng(26)
