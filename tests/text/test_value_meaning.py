"""What a hint's and a review's value means, in words (herna.text.i18n.value_meaning): with Trumfosaur's
teams the search values a team's deal margin over the other team (T-7.1), and the head line says so
(a trial read "your expected point margin over the others" at a game of teams)."""

from __future__ import annotations

import herna
from herna.bots.hints import ReviewItem
from herna.bots.review_text import review_head
from herna.text.i18n import value_meaning


def test_a_game_of_teams_says_team_margin_in_both_languages():
    teams = herna.load("trumfosaur", players=4, teams=True)
    alone = herna.load("trumfosaur", players=4)
    assert value_meaning(teams, "points", "en") == ("value: your team's expected point margin over the other team "
                                                    "at the end of this deal")
    assert "týmu před druhým týmem" in value_meaning(teams, "points", "cs")
    assert value_meaning(alone, "points", "en").endswith("margin over the others at the end of this deal")
    assert "team" not in value_meaning(herna.load("ugo", players=4), "points", "en")
    assert value_meaning(teams, "win_chance", "en") == value_meaning(alone, "win_chance", "en")
    item = ReviewItem(seq=3, seat=0, played=1, played_string="play SAX1", played_label="Saxosaurus 1",
                      played_value=0.0, best=1, best_string="play SAX1", best_label="Saxosaurus 1", best_value=0.0,
                      loss=0.0, value_kind="points", reason="")
    assert "your team's expected point margin" in review_head(teams, [item], "en")
