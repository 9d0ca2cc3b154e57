"""Why a Kurník move (:mod:`herna.bots.reasons`), from the (public) view.

What the move does to the race to nine hens (K-1.4): an exchange's new hen
or freed places (K-6), a roll's room in the coop (K-5.1, K-7), a gift's
recipient and why (K-4.2), a 6-6 announcement's reach (K-4.5, K-9.1), a
theft's victim (K-5.2), the rooster's price and protection (K-9.2). The
chance to win before and after and the rival it slows come from the search
(:mod:`herna.bots.hints`); these sentences say what the move changes.
"""

from __future__ import annotations

from herna.core.catalog import text
from herna.text.kurnik import count
from herna.text.voice import Voice

HENS_TO_WIN = 9
"""K-1.4."""


def _leader(view: dict, me: int) -> int | None:
    others = [k for k in range(view["players"]) if k != me]
    return max(others, key=lambda k: (view["coops"][k]["hens"], -k)) if others else None


def reason(view: dict, action: str, style: Voice, trick: tuple[int, int] | None = None) -> list[str]:
    lang = style.lang
    me = view.get("seat")
    if not isinstance(me, int):
        me = view.get("current_player")
    if not isinstance(me, int):
        return []
    coop = view["coops"][me]
    hens, free = coop["hens"], coop["free"]
    verb, _, arg = action.partition(" ")
    if action == "exchange chicks":
        return [text(lang, "you reach {hens} of the {goal} hens without a roll (K-6.1)",
                     hens=hens + 1, goal=HENS_TO_WIN)]
    if action == "exchange eggs":
        return [text(lang, "the chick is a step towards a hen and frees 2 places for what you roll next "
                           "({free} free after it)", free=free + 2)]
    if action == "exchange hens":
        return [text(lang, "a rooster stops the next three thefts of your hens (K-9.2) but costs 5 of your {hens}, "
                           "leaving {left} of the {goal} you need", hens=hens, left=hens - 5, goal=HENS_TO_WIN)]
    if action == "roll":
        if free:
            return [text(lang, "{free} in the coop: each 6 brings a hen, a 4 or 5 a chick (K-4.1); "
                               "{hens} of {goal} hens so far", free=count(free, "free", lang), hens=hens,
                         goal=HENS_TO_WIN)]
        return [text(lang, "your coop is full, so a roll can only turn chicks into hens and eggs into chicks (K-7)")]
    if action == "pass":
        return [text(lang, "in quarantine you may not roll (K-11.3) and no exchange is worth making now")]
    if verb in ("give", "rob", "steal") and arg.isdigit():
        k = int(arg)
        other = view["coops"][k]
        leader = _leader(view, me)
        role = text(lang, "the leader") if k == leader else text(lang, "not the leader")
        if verb == "give":
            if not other["free"]:
                return [text(lang, "{who}'s coop is full, so the card goes back to the supply and no one gains",
                             who=style.seat(k))]
            rivals = [j for j in range(view["players"]) if j != me]
            has = count(other["hens"], "hens", lang, accusative=True)
            if other["hens"] == min(view["coops"][j]["hens"] for j in rivals):
                return [text(lang, "{who} has {hens}, the fewest of the others: the gift helps the one furthest "
                                   "from nine", who=style.seat(k), hens=has)]
            if k == leader:
                return [text(lang, "{who} has {hens} and leads: the gift brings the leader nearer nine",
                             who=style.seat(k), hens=has)]
            return [text(lang, "{who} has {hens}: neither the leader nor the furthest behind", who=style.seat(k),
                         hens=has)]
        if verb == "rob":
            if other.get("rooster"):
                return [text(lang, "{who}'s rooster blocks the theft (K-9.2)", who=style.seat(k))]
            return [text(lang, "{who} has {hens} ({role}) and loses up to 5 of them; as many as fit come to you "
                               "(K-9.1)", who=style.seat(k), hens=count(other["hens"], "hens", lang, accusative=True),
                         role=role)]
        if other.get("rooster"):
            return [text(lang, "{who}'s rooster blocks the theft (K-9.2)", who=style.seat(k))]
        return [text(lang, "{who} has {hens} ({role}) and is one hen further from nine (K-5.2)",
                     who=style.seat(k), hens=count(other["hens"], "hens", lang, accusative=True), role=role)]
    if action == "take":
        if not free:
            return [text(lang, "no hen: your coop has no free place to take one (K-4.5)")]
        return [text(lang, "up to 5 hens, as many as the {free} take (K-4.5)",
                     free=count(free, "free", lang, accusative=True))]
    if action == "rob all":
        victims = [k for k in range(view["players"]) if k != me and view["coops"][k]["hens"]
                   and not view["coops"][k].get("rooster")]
        total = sum(view["coops"][k]["hens"] for k in victims)
        return [text(lang, "every other player loses up to 5 hens; rivals with hens: {n}, {hens} between them (K-4.5)",
                     n=len(victims), hens=count(total, "hens", lang))]
    return []
