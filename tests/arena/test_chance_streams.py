"""Duplicate play: one chance generator per deal, round or turn
(``State.chance_stream``), so the same seed deals the same cards and rolls the
same dice in each slot whatever the players decide."""

from __future__ import annotations

import herna
from herna.arena.match import make_bots, play_game


def slots(game, saved, kind):
    """First chance actions of each stream, by stream key."""
    state = game.state_class(game, ())
    out: dict = {}
    for text in saved["history"]:
        action = state.string_to_action(text)
        if text.startswith(kind):
            out.setdefault(state.chance_stream(), []).append(text)
        state._do(action)
    return out


def test_kurnik_turns_get_the_same_dice():
    game = herna.load("kurnik", players=4)
    a = play_game(game, make_bots(["greedy"] * 4, game, 1), 77, keep_history=True).saved
    b = play_game(game, make_bots(["random"] * 4, game, 2), 77, keep_history=True).saved
    ra, rb = slots(game, a, "dice"), slots(game, b, "dice")
    common = set(ra) & set(rb)
    assert len(common) > 20
    assert all(ra[t][0] == rb[t][0] for t in common)


def test_card_games_deal_the_same_hands_per_deal():
    for name, options in (("trumfosaur", {"players": 4, "master": True}), ("ugo", {"players": 3})):
        game = herna.load(name, **options)
        a = play_game(game, make_bots(["greedy"] * game.num_players, game, 1), 5, keep_history=True).saved
        b = play_game(game, make_bots(["random"] * game.num_players, game, 2), 5, keep_history=True).saved
        da, db = slots(game, a, "deal"), slots(game, b, "deal")
        common = set(da) & set(db)
        assert common
        assert all(da[k] == db[k] for k in common), name
