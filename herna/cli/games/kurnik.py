"""Plný kurník at the terminal: coops, dice, supply; and what each action did,
in English and Czech.

Words first, so a screen reader reads every coop as counts ("3 hens, 1 chick,
2 eggs, 3 free places"); the row of 9 letters (H hen, C chick, E egg, · free;
in Czech S, K, V) and the colours only add to it.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from herna.cli.i18n import seat_name

KINDS = ("eggs", "chicks", "hens")
GLYPHS = {"en": {"hens": "H", "chicks": "C", "eggs": "E", "free": "·"},
          "cs": {"hens": "S", "chicks": "K", "eggs": "V", "free": "·"}}
STYLES = {"hens": "bold red", "chicks": "yellow", "eggs": "white", "free": "dim"}
DIE_FACES = " ⚀⚁⚂⚃⚄⚅"

# (singular, plural) in English; (1, 2-4, 5+) in Czech; Czech accusative where it differs
NOUNS = {
    "en": {"eggs": ("egg", "eggs"), "chicks": ("chick", "chicks"), "hens": ("hen", "hens"),
           "roosters": ("rooster", "roosters"), "free": ("free place", "free places")},
    "cs": {"eggs": ("vejce", "vejce", "vajec"), "chicks": ("kuře", "kuřata", "kuřat"),
           "hens": ("slepice", "slepice", "slepic"), "roosters": ("kohout", "kohouti", "kohoutů"),
           "free": ("volné místo", "volná místa", "volných míst")},
}
ACCUSATIVE_CS = {"hens": ("slepici", "slepice", "slepic"), "roosters": ("kohouta", "kohouty", "kohoutů")}

WORDS = {
    "title": {"en": "Full henhouse (Plný kurník)", "cs": "Plný kurník"},
    "turn": {"en": "turn", "cs": "tah"},
    "coop": {"en": "coop (9 places)", "cs": "kurník (9 míst)"},
    "holds": {"en": "holds", "cs": "obsah"},
    "rooster": {"en": "rooster", "cs": "kohout"},
    "status": {"en": "status", "cs": "stav"},
    "none": {"en": "none", "cs": "žádný"},
    "dead": {"en": "dead", "cs": "mrtvý"},
    "rooster_left": {"en": "yes, stops {n} more", "cs": "ano, zastaví ještě {n}"},
    "to_move": {"en": "to move", "cs": "na tahu"},
    "quarantine": {"en": "quarantine", "cs": "karanténa"},
    "winner": {"en": "WINNER", "cs": "VÍTĚZ"},
    "supply": {"en": "Supply", "cs": "Zásoba"},
    "box": {"en": "Out of the game (box)", "cs": "Mimo hru (krabice)"},
    "last_roll": {"en": "Last roll", "cs": "Poslední hod"},
    "no_roll": {"en": "no roll yet", "cs": "zatím se neházelo"},
    "and": {"en": "and", "cs": "a"},
    "extra_die": {"en": "extra die", "cs": "další kostka"},
    "reroll": {"en": "re-roll", "cs": "druhý hod"},
    "difference": {"en": "difference", "cs": "rozdíl"},
    "quarantined": {"en": "In quarantine (no roll in the next turn)", "cs": "V karanténě (příští tah nehází)"},
    "start_rolls": {"en": "Start rolls (highest starts)", "cs": "Hody o začátek (začíná nejvyšší)"},
    "legend": {"en": "H hen, C chick, E egg, · free place", "cs": "S slepice, K kuře, V vejce, · volné místo"},
    "game_over": {"en": "Game over", "cs": "Konec hry"},
}

PHASES = {
    "en": {"start": "start rolls: chance", "turn": "{who} chooses: roll or exchange",
           "dice": "{who} rolls two dice", "give": "{who} must choose who gets {card}",
           "bird_flu": "bird flu: {who} rolls one more die",
           "announce": "double six: {who} announces take, rob all or rob one before rolling again",
           "reroll": "{who} rolls again for: {choice}",
           "steal": "the supply has no hens: {who} names whom to take a hen from (thief rule)",
           "over": "game over"},
    "cs": {"start": "hody o začátek: náhoda", "turn": "{who} volí: házet, nebo měnit",
           "dice": "{who} hází dvěma kostkami", "give": "{who} volí, komu dá {card}",
           "bird_flu": "ptačí chřipka: {who} hází ještě jednou kostkou",
           "announce": "dvě šestky: {who} oznamuje, zda si slepice vezme, nebo bude loupit, a hází znovu",
           "reroll": "{who} hází znovu pro: {choice}",
           "steal": "v zásobě nejsou slepice: {who} volí, komu slepici ukradne (zlodějské pravidlo)",
           "over": "konec hry"},
}

CHOICES = {
    "en": {"take": "take the hens", "rob all": "rob everyone", "rob": "rob {who}"},
    "cs": {"take": "vzít si slepice", "rob all": "okrást všechny", "rob": "okrást: {who}"},
}

EVENTS = {
    "en": {
        "rolls": "{who} rolls {a} and {b}.",
        "double_give": "Double {a}: {who} must give away {card}.",
        "double_nothing": "Double {a}: {who} has no {kind} to give.",
        "hard_times": "Double four, hard times: {who} returns all eggs.",
        "bird_flu": "Double five, bird flu: {who} rolls one more die.",
        "announce": "Double six: {who} announces what the next roll does.",
        "fox": "Double six, the fox gets in.",
        "fox_rooster": "Double six, the fox: {who}'s rooster drives it away.",
        "flu_quarantine": "Bird-flu die {n}: {who}'s farm is in quarantine and loses its next roll.",
        "flu_chicks": "Bird-flu die {n}: {who} loses all chicks.",
        "flu_hens": "Bird-flu die {n}: {who} loses all hens.",
        "start_roll": "{who} rolls {n} for the start.",
        "starts": "{who} starts.",
        "tie": "Tie: {seats} roll again.",
        "reroll": "Re-roll {a} and {b}: difference {d}.",
        "announced": "{who} announces: {choice}.",
        "gives": "{who} gives {card} to {to}.",
        "gift_full": "{to}'s coop is full, so it goes back to the supply.",
        "steals": "{who} takes a hen from {victim} (thief rule).",
        "exchange_eggs": "{who} exchanges 3 eggs for a chick.",
        "exchange_chicks": "{who} exchanges 3 chicks for a hen.",
        "exchange_hens": "{who} exchanges 5 hens for a rooster.",
        "pass": "{who} is in quarantine and does not roll.",
        "gets": "{who} gets {what}",
        "loses": "{who} loses {what}",
        "gets_loses": "{who} gets {gain} and gives up {loss}",
        "now": "now {what}",
        "nothing": "Nothing is paid: no free place and nothing to grow.",
        "rooster_stops": "{who}'s rooster stops the theft ({n} more it can stop).",
        "rooster_dies": "{who}'s rooster stops the theft but dies.",
        "wins": "{who} has 9 hens and wins!",
        "limit": "The turn limit is reached; most hens win: {seats}.",
        "list_and": " and ",
    },
    "cs": {
        "rolls": "{who} hodil {a} a {b}.",
        "double_give": "Dvě {a}: {who} musí dát {card}.",
        "double_nothing": "Dvě {a}: {who} nemá {kind}, nic nedává.",
        "hard_times": "Dvě čtyřky, bída: {who} vrací všechna vejce.",
        "bird_flu": "Dvě pětky, ptačí chřipka: {who} hází ještě jednou kostkou.",
        "announce": "Dvě šestky: {who} oznamuje, co udělá příští hod.",
        "fox": "Dvě šestky: do kurníku se vplížila liška.",
        "fox_rooster": "Dvě šestky, liška: {who} má kohouta, ten ji zahnal.",
        "flu_quarantine": "Kostka chřipky {n}: {who} je v karanténě, příští tah nehází.",
        "flu_chicks": "Kostka chřipky {n}: {who} přichází o všechna kuřata.",
        "flu_hens": "Kostka chřipky {n}: {who} přichází o všechny slepice.",
        "start_roll": "{who} hodil {n} o začátek.",
        "starts": "Začíná {who}.",
        "tie": "Shoda: {seats} házejí znovu.",
        "reroll": "Druhý hod {a} a {b}: rozdíl {d}.",
        "announced": "{who} oznamuje: {choice}.",
        "gives": "{who} dává {card}, dostává {to}.",
        "gift_full": "{to} má plný kurník, karta se vrací do zásoby.",
        "steals": "{who} krade slepici, okraden je {victim} (zlodějské pravidlo).",
        "exchange_eggs": "{who} mění 3 vejce za kuře.",
        "exchange_chicks": "{who} mění 3 kuřata za slepici.",
        "exchange_hens": "{who} mění 5 slepic za kohouta.",
        "pass": "{who} je v karanténě a nehází.",
        "gets": "{who} získává {what}",
        "loses": "{who} ztrácí {what}",
        "gets_loses": "{who} získává {gain} a odevzdává {loss}",
        "now": "teď má {what}",
        "nothing": "Nic se nevyplácí: žádné volné místo a nic k vývoji.",
        "rooster_stops": "{who}: kohout zastavil krádež (zastaví ještě {n}).",
        "rooster_dies": "{who}: kohout zastavil krádež, ale zahynul.",
        "wins": "{who} má 9 slepic a vítězí!",
        "limit": "Došel limit tahů; vyhrává nejvíc slepic: {seats}.",
        "list_and": " a ",
    },
}

DOUBLE_NAMES = {"en": {1: "one", 2: "two", 3: "three"}, "cs": {1: "jedničky", 2: "dvojky", 3: "trojky"}}
ONE_CARD = {"en": {"eggs": "an egg", "chicks": "a chick", "hens": "a hen"},
            "cs": {"eggs": "vejce", "chicks": "kuře", "hens": "slepici"}}
GIFT_KIND = {"egg": "eggs", "chick": "chicks", "hen": "hens"}


def _lang(lang: str) -> str:
    return lang if lang in NOUNS else "en"


def w(key: str, lang: str) -> str:
    entry = WORDS[key]
    return entry.get(lang, entry["en"])


def count(n: int, kind: str, lang: str, accusative: bool = False) -> str:
    """``3 hens`` / ``3 slepice``, with Czech plural forms (1, 2-4, 5+)."""
    lang = _lang(lang)
    if lang == "cs":
        forms = ACCUSATIVE_CS.get(kind, NOUNS["cs"][kind]) if accusative else NOUNS["cs"][kind]
        form = forms[0] if n == 1 else forms[1] if 2 <= n <= 4 else forms[2]
    else:
        form = NOUNS["en"][kind][0 if n == 1 else 1]
    return f"{n} {form}"


def coop_words(coop: dict, lang: str, accusative: bool = False) -> str:
    """A coop in words: ``2 hens, 1 chick, 3 eggs, 3 free places``."""
    return ", ".join([count(coop["hens"], "hens", lang, accusative), count(coop["chicks"], "chicks", lang, accusative),
                      count(coop["eggs"], "eggs", lang, accusative), count(coop["free"], "free", lang, accusative)])


def coop_glyphs(coop: dict, lang: str) -> Text:
    """The 9 places as letters: hens, chicks, eggs, then free places."""
    glyphs = GLYPHS[_lang(lang)]
    out = Text()
    for kind in ("hens", "chicks", "eggs", "free"):
        out.append(glyphs[kind] * coop[kind], style=STYLES[kind])
    return out


def roll_words(roll: list[int] | None, lang: str) -> str:
    """``6 and 3`` / ``5 and 5, extra die 2`` / ``6 and 6, re-roll 5 and 1 (difference 4)``."""
    if not roll:
        return w("no_roll", lang)
    and_ = w("and", lang)
    text = f"{roll[0]} {and_} {roll[1]} {DIE_FACES[roll[0]]}{DIE_FACES[roll[1]]}"
    if len(roll) == 3:
        text += f", {w('extra_die', lang)} {roll[2]} {DIE_FACES[roll[2]]}"
    elif len(roll) == 4:
        text += (f", {w('reroll', lang)} {roll[2]} {and_} {roll[3]} {DIE_FACES[roll[2]]}{DIE_FACES[roll[3]]}"
                 f" ({w('difference', lang)} {abs(roll[2] - roll[3])})")
    return text


def _choice_words(choice: str, lang: str) -> str:
    words = CHOICES[_lang(lang)]
    if choice.startswith("rob ") and choice != "rob all":
        return words["rob"].format(who=seat_name(int(choice.split()[1]), lang))
    return words.get(choice, choice)


def phase_words(view: dict, lang: str) -> str:
    """What the table waits for, in words."""
    lang = _lang(lang)
    who = seat_name(view["turn_player"], lang) if view.get("turn_player") is not None else ""
    pending = view.get("pending") or {}
    card = ONE_CARD[lang][GIFT_KIND[pending["give"]]] if "give" in pending else ""
    choice = _choice_words(pending["reroll"], lang) if "reroll" in pending else ""
    template = PHASES[lang].get(view.get("phase", ""), view.get("phase", ""))
    return template.format(who=who, card=card, choice=choice)


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None):
    """A rich renderable of the table for ``seat`` (``None``: a spectator).

    Every coop is a row: its 9 places as letters, then the same in words,
    the rooster (K-9.2) and a status (to move, quarantine, winner)."""
    lang = _lang(lang)
    n = view["players"]
    parts = [Text(f"{w('title', lang)} · {w('turn', lang)} {view.get('turn', 0)} · {phase_words(view, lang)}",
                  style="bold")]
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("", w("coop", lang), w("holds", lang), w("rooster", lang), w("status", lang)):
        table.add_column(column)
    mover = view.get("turn_player")
    for k in range(n):
        coop = view["coops"][k]
        if coop.get("rooster"):
            rooster = w("rooster_left", lang).format(n=3 - coop["rooster_blocks"])
        elif coop.get("rooster_dead"):
            rooster = w("dead", lang)
        else:
            rooster = w("none", lang)
        status = []
        if k in view["winners"]:
            status.append(w("winner", lang))
        elif k == mover and not view["terminal"]:
            status.append(w("to_move", lang))
        if k in view["quarantined"]:
            status.append(w("quarantine", lang))
        name = seat_name(k, lang, seat, labels[k] if labels else None)
        table.add_row(name, coop_glyphs(coop, lang), coop_words(coop, lang), rooster, ", ".join(status))
    parts.append(table)
    parts.append(Text(w("legend", lang), style="dim"))
    roller = view.get("last_roller")
    who = f" ({seat_name(roller, lang)})" if roller is not None and view["last_roll"] else ""
    parts.append(Text(f"{w('last_roll', lang)}{who}: {roll_words(view['last_roll'], lang)}"))
    supply = view["supply"]
    kinds = ["hens", "chicks", "eggs"] + (["roosters"] if view.get("options", {}).get("dead_rooster") else [])
    parts.append(Text(f"{w('supply', lang)}: " + ", ".join(count(supply[k], k, lang) for k in kinds)))
    box = view.get("box") or {}
    if box.get("hens") or (box.get("roosters") and view.get("options", {}).get("dead_rooster")):
        shown = [count(box[k], k, lang) for k in ("hens", "roosters") if box.get(k)]
        parts.append(Text(f"{w('box', lang)}: " + ", ".join(shown), style="dim"))
    if view["quarantined"]:
        parts.append(Text(f"{w('quarantined', lang)}: " + ", ".join(seat_name(k, lang) for k in view["quarantined"])))
    if view.get("start_rolls") and view.get("turn", 0) <= 1:
        rolls = view.get("start_rolls") or []
        shown = [f"{seat_name(k, lang)} {r}" for k, r in enumerate(rolls) if r]
        if shown:
            parts.append(Text(f"{w('start_rolls', lang)}: " + ", ".join(shown)))
    if view["terminal"]:
        parts.append(Text(f"{w('game_over', lang)}: " + ", ".join(seat_name(k, lang) for k in view["winners"]),
                          style="bold"))
    return Group(*parts)


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + EVENTS[lang]["list_and"] + items[-1]


def _change(before: dict, after: dict, k: int, lang: str) -> str | None:
    """``Seat 1 gets 1 hen (now 4 hens, 0 chicks, 1 egg, 4 free places).`` or None."""
    old, new = before["coops"][k], after["coops"][k]
    gains = [count(new[kind] - old[kind], kind, lang, True) for kind in ("hens", "chicks", "eggs")
             if new[kind] > old[kind]]
    losses = [count(old[kind] - new[kind], kind, lang, True) for kind in ("hens", "chicks", "eggs")
              if new[kind] < old[kind]]
    if not gains and not losses:
        return None
    e = EVENTS[lang]
    who = seat_name(k, lang)
    if gains and losses:
        text = e["gets_loses"].format(who=who, gain=_join(gains, lang), loss=_join(losses, lang))
    elif gains:
        text = e["gets"].format(who=who, what=_join(gains, lang))
    else:
        text = e["loses"].format(who=who, what=_join(losses, lang))
    return f"{text} ({e['now'].format(what=coop_words(new, lang, True))})."


def _changes(before: dict, after: dict, lang: str, first: int | None = None) -> list[str]:
    n = before["players"]
    order = list(range(n)) if first is None else [first] + [k for k in range(n) if k != first]
    out = [text for k in order if (text := _change(before, after, k, lang))]
    e = EVENTS[lang]
    for k in range(n):
        old, new = before["coops"][k], after["coops"][k]
        if new["rooster_blocks"] > old["rooster_blocks"] and (old["rooster"] or new["rooster"]):
            if new.get("rooster_dead") and not old.get("rooster_dead"):
                out.append(e["rooster_dies"].format(who=seat_name(k, lang)))
            else:
                out.append(e["rooster_stops"].format(who=seat_name(k, lang), n=3 - new["rooster_blocks"]))
    return out


def describe(before: dict, token: str, actor, after: dict, lang: str = "en") -> list[str]:
    """Sentences saying what ``token`` (an action string) did, from the views
    ``before`` and ``after`` it; ``actor`` is the seat or ``"chance"``.

    >>> import herna
    >>> s = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    >>> b = s.view(); s.apply_action("dice 5 2")
    >>> describe(b, "dice 5 2", "chance", s.view())
    ['Seat 0 rolls 5 and 2.', 'Seat 0 gets 1 chick and 1 egg (now 0 hens, 1 chick, 1 egg, 7 free places).']
    """
    lang = _lang(lang)
    e = EVENTS[lang]
    words = token.lower().split()
    if not words:
        return []
    verb = words[0]
    phase = before.get("phase")
    roller = before.get("turn_player")
    who = seat_name(roller, lang) if roller is not None else ""
    out: list[str] = []
    if verb == "die" and phase == "start":
        starter = before.get("start_roller")
        out.append(e["start_roll"].format(who=seat_name(starter, lang), n=words[1]))
        if after.get("first_player") is not None:
            out.append(e["starts"].format(who=seat_name(after["first_player"], lang)))
        elif not any(after.get("start_rolls") or []):
            rolls = list(before.get("start_rolls") or [])
            rolls[starter] = int(words[1])
            best = max(r for r in rolls if r)
            tied = [seat_name(k, lang) for k, r in enumerate(rolls) if r == best]
            out.append(e["tie"].format(seats=_join(tied, lang)))
    elif verb == "dice" and phase == "dice":
        a, b = int(words[1]), int(words[2])
        if a != b:
            out.append(e["rolls"].format(who=who, a=a, b=b))
            changed = _changes(before, after, lang, roller)
            out.extend(changed or [e["nothing"]])
        elif a <= 3:
            kind = ("eggs", "chicks", "hens")[a - 1]
            if after.get("phase") == "give" or after["coops"][roller][kind] < before["coops"][roller][kind]:
                out.append(e["double_give"].format(a=DOUBLE_NAMES[lang][a], who=who, card=ONE_CARD[lang][kind]))
            else:
                out.append(e["double_nothing"].format(a=DOUBLE_NAMES[lang][a], who=who,
                                                      kind=NOUNS[lang][kind][0]))
            out.extend(_changes(before, after, lang, roller))
        elif a == 4:
            out.append(e["hard_times"].format(who=who))
            out.extend(_changes(before, after, lang, roller))
        elif a == 5:
            out.append(e["bird_flu"].format(who=who))
        elif after.get("phase") == "announce":
            out.append(e["announce"].format(who=who))
        else:
            changed = _changes(before, after, lang, roller)
            protected = not changed and before["coops"][roller]["rooster"]
            out.append(e["fox_rooster"].format(who=who) if protected else e["fox"])
            out.extend(changed)
    elif verb == "die" and phase == "bird_flu":
        n = int(words[1])
        key = "flu_quarantine" if n <= 3 else "flu_chicks" if n <= 5 else "flu_hens"
        out.append(e[key].format(who=who, n=n))
        out.extend(_changes(before, after, lang, roller))
    elif verb == "dice" and phase == "reroll":
        a, b = int(words[1]), int(words[2])
        out.append(e["reroll"].format(a=a, b=b, d=abs(a - b)))
        out.extend(_changes(before, after, lang, roller))
    elif verb in ("take", "rob"):
        out.append(e["announced"].format(who=who, choice=_choice_words(token.lower(), lang)))
    elif verb == "give":
        to = int(words[1])
        kind = GIFT_KIND[(before.get("pending") or {}).get("give", "egg")]
        out.append(e["gives"].format(who=who, card=ONE_CARD[lang][kind], to=seat_name(to, lang)))
        if after["coops"][to][kind] == before["coops"][to][kind]:
            out.append(e["gift_full"].format(to=seat_name(to, lang)))
        out.extend(_changes(before, after, lang, roller))
    elif verb == "steal":
        victim = int(words[1])
        if after["coops"][victim]["hens"] < before["coops"][victim]["hens"]:
            out.append(e["steals"].format(who=who, victim=seat_name(victim, lang)))
        out.extend(_changes(before, after, lang, roller))
    elif verb == "exchange" and len(words) == 2 and words[1] in KINDS:
        out.append(e[f"exchange_{words[1]}"].format(who=who))
        out.extend(_changes(before, after, lang, roller))
    elif verb == "pass":
        out.append(e["pass"].format(who=who))
    if after.get("terminal") and not before.get("terminal"):
        winners = after.get("winners") or []
        if len(winners) == 1 and after["coops"][winners[0]]["hens"] >= 9:
            out.append(e["wins"].format(who=seat_name(winners[0], lang)))
        else:
            out.append(e["limit"].format(seats=_join([seat_name(k, lang) for k in winners], lang)))
    return out
