"""herna.core.conformance over every Kurník option set of CONFORMANCE_OPTIONS
(2-5 players, all variant combinations, rolled or given first player, scarce
supplies, the turn_limit guard)."""

from __future__ import annotations

import pytest

import herna
from herna.core.conformance import random_playout

from ...conformance_suite import suite_tests

test_conformance, test_many_playouts = suite_tests("kurnik")


@pytest.mark.parametrize("options", [{"supply_hens": 0}, {"supply_hens": 8, "players": 5},
                                     {"supply_hens": 12, "missing_hens": True}])
def test_games_without_enough_hens_end_by_the_guard(options):
    """Nobody can hold 9 hens here; the default turn_limit ends the game (most hens win)."""
    import random

    state = random_playout(herna.load("kurnik", **options).new_initial_state(), random.Random(1))
    view = state.view()
    assert view["terminal"] and view["turn"] == state.game.options["turn_limit"] and view["winners"]
