"""Helpers the games' words share: cards in a line, the cards an action
string names, the events of one action."""

from __future__ import annotations

from typing import Callable

from .spans import Line


def styled_cards(cards: list[str], name_of: Callable[[str], str], role_of: Callable[[str], str],
                 dash: str = "—") -> Line:
    """Cards by name (``name_of(code)``), separated by commas, each with its
    span role ``role_of(code)``; ``dash`` for none (a screen reader reads
    the names; colour only adds)."""
    out = Line()
    for i, card in enumerate(cards):
        if i:
            out.append(", ")
        out.append(name_of(card), role_of(card))
    return out if cards else Line(dash)


def cards_label(action: str, names: dict[str, str]) -> str | None:
    """The names of the cards an action string plays (``play SAX5`` ->
    ``Saxosaurus 5``; ``names``: card code -> name), or ``None`` when the
    words after its verb are not all card codes."""
    words = action.split()[1:]
    if not words or not all(word in names for word in words):
        return None
    return ", ".join(names[word] for word in words)


def group_by_seq(events: list[dict]) -> list[list[int]]:
    """The indices of ``events`` grouped by action (``seq``), in order: the
    events one action recorded are read together (a trick's last card and
    its win; a roll and what its dice paid)."""
    groups: list[list[int]] = []
    for i, event in enumerate(events):
        if groups and events[groups[-1][0]].get("seq") == event.get("seq"):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups
