"""The core conformance suite over Ugo!'s option sets (CONFORMANCE_OPTIONS:
2, 3, 4 players, 1-4 rounds, low_card_farmers and farmers variants): random playouts
with invariants, replay, clone, illegal actions, resample, returns, views
and observation tensors."""

from __future__ import annotations


import herna
from herna.games.ugo import GAME_CLASS

from ...conformance_suite import suite_tests

test_conformance, test_many_playouts = suite_tests("ugo")


def test_registry_and_shapes():
    assert herna.core.game_class("ugo") is GAME_CLASS
    for players in (2, 3, 4):
        game = herna.load("ugo", players=players)
        assert game.observation_tensor_shape() == (90 + 140 * players + 23,)
        assert game.num_distinct_actions() == 53
