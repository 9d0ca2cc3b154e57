"""The core conformance suite over Ugo!'s option sets (CONFORMANCE_OPTIONS:
2, 3, 4 players, 1-4 rounds, low_card_farmers and farmers variants): random playouts
with invariants, replay, clone, illegal actions, resample, returns, views
and observation tensors."""

from __future__ import annotations

import pytest

import herna
from herna.core.conformance import run_conformance
from herna.games.ugo import CONFORMANCE_OPTIONS, GAME_CLASS


@pytest.mark.parametrize("options", CONFORMANCE_OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_conformance(options):
    game = herna.load("ugo", **options)
    result = run_conformance(game, playouts=6, seed=sum(map(ord, str(options))))
    assert result["games"] == 6 and result["actions"] > 0 and result["deep_checks"] > 0


def test_registry_and_shapes():
    assert herna.core.game_class("ugo") is GAME_CLASS
    for players in (2, 3, 4):
        game = herna.load("ugo", players=players)
        assert game.observation_tensor_shape() == (90 + 140 * players + 23,)
        assert game.num_distinct_actions() == 53
