"""Plný kurník at the terminal: coops, dice, supply; what each action did,
step by step in the order the rules apply them (which die paid what, what
grew, what found no place, every theft and every rooster that stopped one;
:func:`describe`); what the choices of the moment mean (:func:`help_text`);
in English and Czech.

Words first, so a screen reader reads every coop as counts ("3 hens, 1 chick,
2 eggs, 3 free places"); the row of 9 letters (H hen, C chick, E egg, · free;
in Czech S, K, V) and the colours only add to it.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from herna.cli.i18n import lookup
from herna.cli.style import Style
from herna.games.kurnik.constants import PLACES

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
    "your_coop": {"en": "Your coop", "cs": "Tvůj kurník"},
    "hens_all": {"en": "Hens (9 win)", "cs": "Slepice (9 vyhrává)"},
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
    "cs": {"take": "vzít si slepice", "rob all": "okrást všechny", "rob": "okrást {who}"},
}

# Sentences of the log. Counts come filled in by ``count`` (Czech plurals);
# ``{victim_dat}``/``{victim_gen}`` are Czech cases of a seat ("hráči 2", "hráče 2").
EVENTS = {
    "en": {
        "rolls": "{who} rolls {a} and {b}.",
        "rolls_double": "{who} rolls {a} and {a} ({detail}).",
        "double_give": "double {name}: must give {card} to another player",
        "double_nothing": "double {name}: has no {noun} to give, so nothing happens",
        "hard_times": "double four, hard times: returns all eggs to the supply ({count})",
        "hard_times_none": "double four, hard times: has no eggs to return",
        "bird_flu": "double five, bird flu: rolls one more die",
        "announce": "double six: announces {choices}, then rolls again; the difference of that roll counts",
        "announce_choices": "take or rob all",
        "announce_choices_rough": "take, rob all or rob one",
        "fox": "double six, the fox gets in: all hens go to the supply ({count})",
        "fox_none": "double six, the fox gets in, but there are no hens",
        "fox_rooster": "double six, the fox: the rooster drives it away",
        "die_pays": "The {v} pays {card}.",
        "die_grows_chicks": "The {v} pays a chick: no free place, so an egg grows into a chick.",
        "die_grows_hens": "The {v} pays a hen: no free place, so a chick grows into a hen.",
        "die_no_place": "The {v} would pay {card}, but there is no free place{extra}: it is dropped.",
        "die_empty": "The {v} would pay {card}, but the supply has none left.",
        "die_hen_theft": "The {v} pays a hen, but the supply has none: {who} must take one from another player "
                         "(thief rule).",
        "die_hen_nobody": "The {v} would pay a hen, but the supply has none and no other player has one: "
                          "nothing is taken.",
        "die_later": "The {v} is paid after that.",
        "flu_quarantine": "Bird-flu die {n}: {who} is in quarantine and loses the next roll.",
        "flu_chicks": "Bird-flu die {n}: {who} loses all chicks to the supply ({count}).",
        "flu_chicks_none": "Bird-flu die {n}: {who} would lose all chicks, but has none.",
        "flu_hens": "Bird-flu die {n}: {who} loses all hens to the supply ({count}).",
        "flu_hens_none": "Bird-flu die {n}: {who} would lose all hens, but has none.",
        "start_roll": "{who} rolls {n} for the start.",
        "starts": "{who} starts.",
        "tie": "Tie: {seats} roll again.",
        "reroll": "Re-roll {a} and {b}: difference {d}.",
        "nothing_happens": "Difference 0: nothing happens.",
        "announced": "{who} announces: {choice}.",
        "take_no_place": "{who} has no free place, so no hen is taken.",
        "take_room": "{who} has only {free}, so {rest} {verb} in the supply.",
        "take_room_verbs": ("stays", "stay"),
        "take_paid": "{who} takes {count} from the supply.",
        "take_theft": "The supply has no more hens: {who} must take {count} from other players, one at a time "
                      "(thief rule).",
        "take_nobody": "The supply has no more hens and no other player has one, so {count} {verb} not paid.",
        "be_verbs": ("is", "are"),
        "rob_all_loses": "{victim} returns {count} to the supply.",
        "rob_all_loses_all": "{victim} returns {count} to the supply, all it had.",
        "rob_nothing": "No hens, nothing to lose: {seats}.",
        "rob_blocked": "{who} tries to rob {victim}; {victim}'s rooster stops it ({n} more it can stop).",
        "rob_blocked_dies": "{who} tries to rob {victim}; {victim}'s rooster stops it but dies.",
        "rob_one_none": "{victim} has no hens: nothing is taken.",
        "rob_one_takes": "{who} takes {count} from {victim}.",
        "rob_one_takes_all": "{who} takes {count} from {victim}, all it had.",
        "rob_one_room": "{who} has room for {kept}; {rest} {verb} back to the supply.",
        "rob_one_no_room": "{who} has no free place; {rest} {verb} back to the supply.",
        "go_verbs": ("goes", "go"),
        "gives": "{who} gives {card} to {to}.",
        "gift_full": "{to}'s coop is full, so it goes back to the supply.",
        "steals": "{who} takes a hen from {victim} (thief rule).",
        "steal_grows": "No free place: a chick grows into a hen.",
        "steal_blocked": "{who} tries to take a hen from {victim}; {victim}'s rooster stops it "
                         "({n} more it can stop).",
        "steal_blocked_dies": "{who} tries to take a hen from {victim}; {victim}'s rooster stops it but dies.",
        "still_due": "{who} is still due {count}.",
        "nobody_left": "No other player has a hen now, so {count} {verb} not paid.",
        "exchange_eggs": "{who} exchanges 3 eggs for a chick.",
        "exchange_eggs_empty": "{who} returns 3 eggs, but the supply has no chick: nothing is received.",
        "exchange_chicks": "{who} exchanges 3 chicks for a hen.",
        "exchange_chicks_theft": "{who} returns 3 chicks for a hen, but the supply has none: {who} must take one "
                                 "from another player (thief rule).",
        "exchange_chicks_nobody": "{who} returns 3 chicks for a hen, but the supply has none and no other player "
                                  "has one: nothing is received.",
        "exchange_hens": "{who} exchanges 5 hens for a rooster (it stops 3 theft attempts).",
        "pass": "{who} is in quarantine and does not roll.",
        "only_roll": "Your turn: you can only roll.",
        "now": "{who} now has {coop}.",
        "wins": "{who} has 9 hens and wins!",
        "limit": "The turn limit is reached; most hens win: {seats}.",
        "list_and": " and ",
    },
    "cs": {
        "rolls": "{who} hodil {a} a {b}.",
        "rolls_double": "{who} hodil {a} a {a} ({detail}).",
        "double_give": "dvě {name}: musí dát {card} jinému hráči",
        "double_nothing": "dvě {name}: nemá {noun} na dání, a tak se nic neděje",
        "hard_times": "dvě čtyřky, bída: vrací do zásoby všechna vejce ({count})",
        "hard_times_none": "dvě čtyřky, bída: nemá žádná vejce, nic nevrací",
        "bird_flu": "dvě pětky, ptačí chřipka: hází ještě jednou kostkou",
        "announce": "dvě šestky: oznámí {choices} a hází znovu; platí rozdíl toho hodu",
        "announce_choices": "vzít si slepice, nebo okrást všechny",
        "announce_choices_rough": "vzít si slepice, okrást všechny, nebo okrást jednoho",
        "fox": "dvě šestky, do kurníku se vplížila liška: všechny slepice jdou do zásoby ({count})",
        "fox_none": "dvě šestky, do kurníku se vplížila liška, ale slepice tam nejsou",
        "fox_rooster": "dvě šestky, liška: kohout ji zahnal",
        "die_pays": "Kostka {v} přináší {card}.",
        "die_grows_chicks": "Kostka {v} přináší kuře: volné místo není, a tak z vejce vyroste kuře.",
        "die_grows_hens": "Kostka {v} přináší slepici: volné místo není, a tak z kuřete vyroste slepice.",
        "die_no_place": "Kostka {v} by přinesla {card}, ale není volné místo{extra}: propadá.",
        "die_empty": "Kostka {v} by přinesla {card}, ale v zásobě už {none} není.",
        "die_hen_theft": "Kostka {v} přináší slepici, ale v zásobě žádná není: {who} si ji musí vzít od jiného "
                         "hráče (zlodějské pravidlo).",
        "die_hen_nobody": "Kostka {v} by přinesla slepici, ale v zásobě žádná není a nikdo jiný slepici nemá: "
                          "nic se nebere.",
        "die_later": "Kostka {v} se vyplatí potom.",
        "flu_quarantine": "Kostka chřipky {n}: {who} je v karanténě a příští tah nehází.",
        "flu_chicks": "Kostka chřipky {n}: {who} vrací do zásoby všechna kuřata ({count}).",
        "flu_chicks_none": "Kostka chřipky {n}: {who} by přišel o všechna kuřata, ale žádná nemá.",
        "flu_hens": "Kostka chřipky {n}: {who} vrací do zásoby všechny slepice ({count}).",
        "flu_hens_none": "Kostka chřipky {n}: {who} by přišel o všechny slepice, ale žádné nemá.",
        "start_roll": "{who} hodil {n} o začátek.",
        "starts": "Začíná {who}.",
        "tie": "Shoda: {seats} házejí znovu.",
        "reroll": "Druhý hod {a} a {b}: rozdíl {d}.",
        "nothing_happens": "Rozdíl 0: nic se neděje.",
        "announced": "{who} oznamuje: {choice}.",
        "take_no_place": "{who} nemá volné místo, a tak si žádnou slepici nebere.",
        "take_room": "{who} má jen {free}, a tak {rest} {verb} v zásobě.",
        "take_room_verbs": ("zůstává", "zůstávají"),
        "take_paid": "{who} si bere ze zásoby {count}.",
        "take_theft": "V zásobě už slepice nejsou: {who} si musí vzít {count} od ostatních hráčů, jednu po druhé "
                      "(zlodějské pravidlo).",
        "take_nobody": "V zásobě už slepice nejsou a nikdo jiný slepici nemá, a tak se {count} nevyplatí.",
        "be_verbs": ("", ""),
        "rob_all_loses": "{victim} vrací do zásoby {count}.",
        "rob_all_loses_all": "{victim} vrací do zásoby {count}, víc nemá.",
        "rob_nothing": "Bez slepic, nic se nebere: {seats}.",
        "rob_blocked": "{who} se pokouší okrást {victim_gen}, ale kohout {victim_gen} loupež zastavil "
                       "(zastaví ještě {n}).",
        "rob_blocked_dies": "{who} se pokouší okrást {victim_gen}, ale kohout {victim_gen} loupež zastavil "
                            "a zahynul.",
        "rob_one_none": "{victim} nemá žádnou slepici: nic se nebere.",
        "rob_one_takes": "{who} bere {count} {victim_dat}.",
        "rob_one_takes_all": "{who} bere {count} {victim_dat}, víc jich nemá.",
        "rob_one_room": "{who} má místo jen pro {kept}; {rest} {verb} zpět do zásoby.",
        "rob_one_no_room": "{who} nemá volné místo; {rest} {verb} zpět do zásoby.",
        "go_verbs": ("jde", "jdou"),
        "gives": "{who} dává {card} {to_dat}.",
        "gift_full": "{to} má plný kurník, a tak se {card} vrací do zásoby.",
        "steals": "{who} bere slepici {victim_dat} (zlodějské pravidlo).",
        "steal_grows": "Volné místo není: z kuřete vyroste slepice.",
        "steal_blocked": "{who} se pokouší vzít slepici {victim_dat}, ale kohout {victim_gen} krádež zastavil "
                         "(zastaví ještě {n}).",
        "steal_blocked_dies": "{who} se pokouší vzít slepici {victim_dat}, ale kohout {victim_gen} krádež "
                              "zastavil a zahynul.",
        "still_due": "{who} má dostat ještě {count}.",
        "nobody_left": "Nikdo jiný už slepici nemá, a tak se {count} nevyplatí.",
        "exchange_eggs": "{who} mění 3 vejce za kuře.",
        "exchange_eggs_empty": "{who} vrací 3 vejce, ale v zásobě není žádné kuře: nic nedostává.",
        "exchange_chicks": "{who} mění 3 kuřata za slepici.",
        "exchange_chicks_theft": "{who} vrací 3 kuřata za slepici, ale v zásobě žádná není: {who} si ji musí vzít "
                                 "od jiného hráče (zlodějské pravidlo).",
        "exchange_chicks_nobody": "{who} vrací 3 kuřata za slepici, ale v zásobě žádná není a nikdo jiný slepici "
                                  "nemá: nic nedostává.",
        "exchange_hens": "{who} mění 5 slepic za kohouta (zastaví 3 pokusy o krádež).",
        "pass": "{who} je v karanténě a nehází.",
        "only_roll": "Jsi na tahu: můžeš jen házet.",
        "now": "{who} má teď {coop}.",
        "wins": "{who} má 9 slepic a vítězí!",
        "limit": "Došel limit tahů; vyhrává nejvíc slepic: {seats}.",
        "list_and": " a ",
    },
}

DOUBLE_NAMES = {"en": {1: "one", 2: "two", 3: "three"}, "cs": {1: "jedničky", 2: "dvojky", 3: "trojky"}}
ONE_CARD = {"en": {"eggs": "an egg", "chicks": "a chick", "hens": "a hen"},
            "cs": {"eggs": "vejce", "chicks": "kuře", "hens": "slepici"}}
ONE_CARD_NOMINATIVE = {"en": ONE_CARD["en"], "cs": {"eggs": "vejce", "chicks": "kuře", "hens": "slepice"}}
NO_CARD = {"en": {"eggs": "egg", "chicks": "chick", "hens": "hen"}, "cs": ONE_CARD["cs"]}
NONE_LEFT_CS = {"eggs": "žádné vejce", "chicks": "žádné kuře", "hens": "žádná slepice"}
NO_PLACE_EXTRA = {"en": {"eggs": "", "chicks": " and no egg to grow", "hens": " and no chick to grow"},
                  "cs": {"eggs": "", "chicks": " ani vejce k vývoji", "hens": " ani kuře k vývoji"}}
GIFT_KIND = {"egg": "eggs", "chick": "chicks", "hen": "hens"}
KIND_OF_FACE = (None, "eggs", "eggs", "eggs", "chicks", "chicks", "hens")
"""What one die pays (K-4.1), by face."""
ROOSTER_LIVES = 3
"""Theft attempts a rooster stops; the last one kills it (K-9.2)."""



def _lang(lang: str) -> str:
    return lang if lang in NOUNS else "en"


def w(key: str, lang: str):
    return lookup(WORDS, key, lang)


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


def roll_words(roll: list[int] | None, lang: str, plain: bool = False) -> str:
    """``6 and 3`` / ``5 and 5, extra die 2`` / ``6 and 6, re-roll 5 and 1 (difference 4)``,
    each with its die faces (⚅⚂) unless ``plain``."""
    if not roll:
        return w("no_roll", lang)
    and_ = w("and", lang)

    def faces(*dice: int) -> str:
        return "" if plain else " " + "".join(DIE_FACES[d] for d in dice)

    text = f"{roll[0]} {and_} {roll[1]}{faces(roll[0], roll[1])}"
    if len(roll) == 3:
        text += f", {w('extra_die', lang)} {roll[2]}{faces(roll[2])}"
    elif len(roll) == 4:
        text += (f", {w('reroll', lang)} {roll[2]} {and_} {roll[3]}{faces(roll[2], roll[3])}"
                 f" ({w('difference', lang)} {abs(roll[2] - roll[3])})")
    return text


def _choice_words(choice: str, st: Style) -> str:
    words = CHOICES[_lang(st.lang)]
    if choice.startswith("rob ") and choice != "rob all":
        return words["rob"].format(who=st.seat_case(int(choice.split()[1]), "gen"))
    return words.get(choice, choice)


def phase_words(view: dict, lang: str, style: Style | None = None) -> str:
    """What the table waits for, in words."""
    st = style or Style.make(lang)
    lang = _lang(lang)
    who = st.seat(view["turn_player"], view.get("seat")) if view.get("turn_player") is not None else ""
    pending = view.get("pending") or {}
    card = ONE_CARD[lang][GIFT_KIND[pending["give"]]] if "give" in pending else ""
    choice = _choice_words(pending["reroll"], st) if "reroll" in pending else ""
    template = PHASES[lang].get(view.get("phase", ""), view.get("phase", ""))
    return template.format(who=who, card=card, choice=choice)


def rooster_words(coop: dict, lang: str) -> str:
    """K-9.2: ``yes, stops 2 more`` / ``dead`` / ``none``."""
    if coop.get("rooster"):
        return w("rooster_left", lang).format(n=3 - coop["rooster_blocks"])
    return w("dead", lang) if coop.get("rooster_dead") else w("none", lang)


def coops_table(view: dict, seat: int | None, st: Style, labels: list[str] | None = None):
    """Every coop: its places as letters (not in plain mode), in words, the
    rooster and a status (to move, quarantine, winner)."""
    lang = _lang(st.lang)
    mover = view.get("turn_player")
    rows = []
    for k in range(view["players"]):
        coop = view["coops"][k]
        status = []
        if k in view["winners"]:
            status.append(w("winner", lang))
        elif k == mover and not view["terminal"]:
            status.append(w("to_move", lang))
        if k in view["quarantined"]:
            status.append(w("quarantine", lang))
        row = [st.seat(k, seat, labels[k] if labels else None), coop_words(coop, lang),
               rooster_words(coop, lang), ", ".join(status)]
        if not st.plain:
            row.insert(1, coop_glyphs(coop, lang))
        rows.append(row)
    columns = ["", w("holds", lang), w("rooster", lang), w("status", lang)]
    if not st.plain:
        columns.insert(1, w("coop", lang))
    return st.table(columns, rows)


def last_roll_line(view: dict, st: Style) -> Text:
    """``Last roll (Seat 2): 6 and 3``."""
    lang = _lang(st.lang)
    roller = view.get("last_roller")
    who = f" ({st.seat(roller, view.get('seat'))})" if roller is not None and view["last_roll"] else ""
    return Text(f"{w('last_roll', lang)}{who}: {roll_words(view['last_roll'], lang, st.plain)}")


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Style | None = None):
    """A rich renderable of the table for ``seat`` (``None``: a spectator).

    Every coop is a row: its 9 places as letters (left out in plain mode),
    then the same in words, the rooster (K-9.2) and a status (to move,
    quarantine, winner)."""
    st = style or Style.make(lang)
    lang = _lang(lang)
    parts = [Text(st.sep.join([w("title", lang), f"{w('turn', lang)} {view.get('turn', 0)}",
                               phase_words(view, lang, st)]), style="bold"),
             coops_table(view, seat, st, labels)]
    if not st.plain:
        parts.append(Text(w("legend", lang), style="dim"))
    parts.append(last_roll_line(view, st))
    supply = view["supply"]
    kinds = ["hens", "chicks", "eggs"] + (["roosters"] if view.get("options", {}).get("dead_rooster") else [])
    parts.append(Text(f"{w('supply', lang)}: " + ", ".join(count(supply[k], k, lang) for k in kinds)))
    box = view.get("box") or {}
    if box.get("hens") or (box.get("roosters") and view.get("options", {}).get("dead_rooster")):
        shown = [count(box[k], k, lang) for k in ("hens", "roosters") if box.get(k)]
        parts.append(Text(f"{w('box', lang)}: " + ", ".join(shown), style="dim"))
    if view["quarantined"]:
        parts.append(Text(f"{w('quarantined', lang)}: " + ", ".join(st.seat(k) for k in view["quarantined"])))
    if view.get("start_rolls") and view.get("turn", 0) <= 1:
        rolls = view.get("start_rolls") or []
        shown = [f"{st.seat(k)} {r}" for k, r in enumerate(rolls) if r]
        if shown:
            parts.append(Text(f"{w('start_rolls', lang)}: " + ", ".join(shown)))
    return Group(*parts)  # the end of the game and its winner are told by play and replay


# ----- the compact status at a prompt, the prompt's commands, the menu's labels ---------------

def status(view: dict, seat: int, style: Style) -> list[Text]:
    """The seat's prompt in a few lines: the turn and what it waits for, the
    seat's coop in words, every seat's hens (9 win, K-1.4), the last roll."""
    st = style
    lang = _lang(st.lang)
    coop = view["coops"][seat]
    mine = f"{w('your_coop', lang)}: {coop_words(coop, lang)}"
    if coop.get("rooster"):
        mine += f"; {w('rooster', lang)}: {rooster_words(coop, lang)}"
    hens = ", ".join(f"{st.seat(k, seat)} {view['coops'][k]['hens']}" for k in range(view["players"]))
    return [Text(st.sep.join([f"{w('turn', lang)} {view.get('turn', 0)}", phase_words(view, lang, st)]),
                 style="bold"),
            Text(mine), Text(f"{w('hens_all', lang)}: {hens}"), last_roll_line(view, st)]


def hand_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``hand`` command: the seat's coop in words and its rooster."""
    lang = _lang(style.lang)
    coop = view["coops"][seat]
    return [Text(f"{w('your_coop', lang)}: {coop_words(coop, lang)}; {w('rooster', lang)}: "
                 f"{rooster_words(coop, lang)}")]


def scores_lines(view: dict, seat: int, style: Style) -> list:
    """The ``scores`` command: every coop (hens count; 9 hens win)."""
    return [coops_table(view, seat, style)]


def last_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``last`` command: the last roll and who rolled it."""
    return [last_roll_line(view, style)]


def action_label(text: str, view: dict, style: Style) -> str | None:
    """Words beside a menu entry whose action string names a seat (the
    strings count seats from 0): ``give 2`` -> ``give an egg to Seat 3``,
    ``rob 1`` -> ``rob Seat 2``, ``steal 0`` -> ``take a hen from Seat 1``."""
    verb, _, arg = text.partition(" ")
    if not arg.isdigit():
        return None
    lang = _lang(style.lang)
    k = int(arg)
    if verb == "give":
        kind = GIFT_KIND.get((view.get("pending") or {}).get("give", "egg"), "eggs")
        return LABELS[lang]["give"].format(card=ONE_CARD[lang][kind], who=style.seat_case(k, "dat"))
    if verb in ("rob", "steal"):
        return LABELS[lang][verb].format(who=style.seat_case(k, "dat" if verb == "steal" else "gen"))
    return None


LABELS = {"en": {"give": "give {card} to {who}", "rob": "rob {who}", "steal": "take a hen from {who}"},
          "cs": {"give": "dát {card} {who}", "rob": "okrást {who}", "steal": "vzít slepici {who}"}}


def deal_key(view: dict):
    """Kurník is one long game: the whole table is shown at the start and on ``table``."""
    return None


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + EVENTS[lang]["list_and"] + items[-1]


def _verb(n: int, forms: tuple[str, str], lang: str) -> str:
    """The verb form that agrees with ``n`` things: English singular for 1;
    Czech plural for 2-4 only (``1 slepice zůstává``, ``3 slepice zůstávají``,
    ``5 slepic zůstává``)."""
    if lang == "cs":
        return forms[1] if 2 <= n <= 4 else forms[0]
    return forms[0] if n == 1 else forms[1]


def only_roll(view: dict) -> bool:
    """Whether ``roll`` is the only legal action at a ``turn`` decision (so
    the core applies it by itself): no quarantine, fewer than 3 eggs and 3
    chicks, no rooster to buy (K-3.1, K-6, K-9.2, K-11.3)."""
    return view.get("phase") == "turn" and legal_strings(view) == ["roll"]


class _Narrator:
    """Replays one action on a copy of the ``before`` view, rule by rule
    (the order of rules/kurnik.md: K-5.4 hen first, K-7 growth, K-5.2 thefts,
    K-9.2 roosters), and says every step in order."""

    def __init__(self, before: dict, st: Style) -> None:
        self.st = st
        self.lang = lang = _lang(st.lang)
        self.e = EVENTS[lang]
        self.n = before["players"]
        self.coops = [{"eggs": c["eggs"], "chicks": c["chicks"], "hens": c["hens"], "rooster": bool(c["rooster"]),
                       "blocks": c["rooster_blocks"]} for c in before["coops"]]
        self.supply = {k: before["supply"][k] for k in KINDS}
        self.lines: list[str] = []
        self.touched: list[int] = []
        self.over = False

    # ----- small steps ----------------------------------------------------------------
    def say(self, key: str, **fields) -> None:
        self.lines.append(self.e[key].format(**fields))

    def who(self, k: int) -> str:
        return self.st.seat(k)

    def count(self, n: int, kind: str = "hens", accusative: bool = True) -> str:
        return count(n, kind, self.lang, accusative)

    def card(self, kind: str) -> str:
        return ONE_CARD[self.lang][kind]

    def free(self, k: int) -> int:
        c = self.coops[k]
        return PLACES - c["eggs"] - c["chicks"] - c["hens"]

    def holders(self, p: int) -> list[int]:
        return [k for k in range(self.n) if k != p and self.coops[k]["hens"]]

    def move(self, k: int, kind: str, amount: int) -> None:
        """``amount`` cards of ``kind`` from the supply to seat ``k`` (negative: back)."""
        self.coops[k][kind] += amount
        self.supply[kind] -= amount
        if k not in self.touched:
            self.touched.append(k)
        if kind == "hens" and self.coops[k]["hens"] >= PLACES:
            self.over = True

    def block(self, thief: int, victim: int, key: str) -> None:
        """K-9.2: the victim's rooster stops a theft attempt; the third kills it."""
        c = self.coops[victim]
        c["blocks"] += 1
        dies = c["blocks"] >= ROOSTER_LIVES
        if dies:
            c["rooster"] = False
        self.say(key + ("_dies" if dies else ""), who=self.who(thief), victim=self.who(victim),
                 victim_dat=self.st.seat_case(victim, "dat"), victim_gen=self.st.seat_case(victim, "gen"),
                 n=ROOSTER_LIVES - c["blocks"])

    # ----- dice -------------------------------------------------------------------------
    def small_die(self, p: int, v: int, kind: str) -> None:
        """One rolled egg or chick (K-5.1, K-5.3, K-7.1)."""
        e = self.lang
        if self.free(p) > 0:
            if self.supply[kind]:
                self.move(p, kind, 1)
                self.say("die_pays", v=v, card=self.card(kind))
            else:
                self.say("die_empty", v=v, card=self.card(kind), none=NONE_LEFT_CS[kind])
        elif kind == "chicks" and self.coops[p]["eggs"]:
            if self.supply["chicks"]:
                self.move(p, "eggs", -1)
                self.move(p, "chicks", 1)
                self.say("die_grows_chicks", v=v)
            else:
                self.say("die_empty", v=v, card=self.card(kind), none=NONE_LEFT_CS[kind])
        else:
            self.say("die_no_place", v=v, card=self.card(kind), extra=NO_PLACE_EXTRA[e][kind])

    def hen_die(self, p: int, v: int) -> str:
        """A rolled hen (K-5.1, K-7.1, K-5.2, K-5.5): ``"done"``, ``"theft"``
        (a ``steal`` decision follows) or ``"over"`` (9 hens)."""
        if self.free(p) > 0:
            grow = False
        elif self.coops[p]["chicks"]:
            grow = True
        else:
            self.say("die_no_place", v=v, card=self.card("hens"), extra=NO_PLACE_EXTRA[self.lang]["hens"])
            return "done"
        if self.supply["hens"]:
            if grow:
                self.move(p, "chicks", -1)
            self.move(p, "hens", 1)
            self.say("die_grows_hens" if grow else "die_pays", v=v, card=self.card("hens"))
            return "over" if self.over else "done"
        if not self.holders(p):
            self.say("die_hen_nobody", v=v)
            return "done"
        self.say("die_hen_theft", v=v, who=self.who(p))
        return "theft"

    def roll(self, p: int, a: int, b: int) -> None:
        """K-4.1, resolved the hen first (K-5.4)."""
        first, second = KIND_OF_FACE[a], KIND_OF_FACE[b]
        if first == "hens":
            result = self.hen_die(p, a)
            if result == "over":
                return
            if result == "theft":
                self.say("die_later", v=b)
                return
        else:
            self.small_die(p, a, first)
        self.small_die(p, b, second)

    def double(self, p: int, a: int, before: dict) -> str:
        """The words in brackets after a double (K-4.2 - K-4.5, K-9.4)."""
        e, lang, c = self.e, self.lang, self.coops[p]
        if a <= 3:
            kind = KINDS[a - 1]
            if c[kind]:
                return e["double_give"].format(name=DOUBLE_NAMES[lang][a], card=self.card(kind))
            return e["double_nothing"].format(name=DOUBLE_NAMES[lang][a], noun=NO_CARD[lang][kind])
        if a == 4:
            eggs = c["eggs"]
            if not eggs:
                return e["hard_times_none"]
            self.move(p, "eggs", -eggs)
            return e["hard_times"].format(count=self.count(eggs, "eggs"))
        if a == 5:
            return e["bird_flu"]
        if before["options"].get("six_six") == "fox":
            if c["rooster"]:
                return e["fox_rooster"]
            hens = c["hens"]
            if not hens:
                return e["fox_none"]
            self.move(p, "hens", -hens)
            return e["fox"].format(count=self.count(hens))
        choices = e["announce_choices_rough" if before["options"].get("rough_thief") else "announce_choices"]
        return e["announce"].format(choices=choices)

    def reroll(self, p: int, choice: str, d: int) -> None:
        """K-4.5 / K-9.1 with the difference ``d``."""
        lang = self.lang
        if d == 0:
            self.say("nothing_happens")
            return
        if choice == "take":
            free = self.free(p)
            gain = min(d, free)
            if gain == 0:
                self.say("take_no_place", who=self.who(p))
                return
            if gain < d:
                self.say("take_room", who=self.who(p), free=self.count(free, "free"),
                         rest=self.count(d - gain, accusative=False),
                         verb=_verb(d - gain, self.e["take_room_verbs"], lang))
            paid = min(gain, self.supply["hens"])
            if paid:
                self.move(p, "hens", paid)
                self.say("take_paid", who=self.who(p), count=self.count(paid))
                if self.over:
                    return
            if gain > paid:
                if self.holders(p):
                    self.say("take_theft", who=self.who(p), count=self.count(gain - paid))
                else:
                    self.say("take_nobody", count=self.count(gain - paid, accusative=False),
                             verb=_verb(gain - paid, self.e["be_verbs"], lang))
            return
        if choice == "rob all":  # every other player, one attempt each (K-9.2)
            bare = []
            for q in range(self.n):
                if q == p:
                    continue
                c = self.coops[q]
                if not c["hens"]:
                    bare.append(self.who(q))
                elif c["rooster"]:
                    self.block(p, q, "rob_blocked")
                else:
                    lost = min(d, c["hens"])
                    self.move(q, "hens", -lost)
                    self.say("rob_all_loses_all" if lost < d else "rob_all_loses", victim=self.who(q),
                             count=self.count(lost))
            if bare:
                self.say("rob_nothing", seats=_join(bare, lang))
            return
        q = int(choice.split()[1])  # K-9.1 rob one
        c = self.coops[q]
        fields = {"who": self.who(p), "victim": self.who(q), "victim_dat": self.st.seat_case(q, "dat")}
        if not c["hens"]:
            self.say("rob_one_none", **fields)
            return
        if c["rooster"]:
            self.block(p, q, "rob_blocked")
            return
        lost = min(d, c["hens"])
        kept = min(lost, self.free(p))
        self.say("rob_one_takes_all" if lost < d else "rob_one_takes", count=self.count(lost), **fields)
        self.move(q, "hens", -lost)
        if lost > kept:
            rest = lost - kept
            self.say("rob_one_room" if kept else "rob_one_no_room", who=self.who(p), kept=self.count(kept),
                     rest=self.count(rest, accusative=False), verb=_verb(rest, self.e["go_verbs"], lang))
        if kept:
            self.move(p, "hens", kept)

    def steal(self, p: int, victim: int, due: int, grow: bool, then: str | None, v: int | None) -> None:
        """K-5.2 one hen, K-9.2 a rooster stops it; then the rest of the roll (K-5.4)."""
        lang = self.lang
        if self.coops[victim]["rooster"]:
            self.block(p, victim, "steal_blocked")
        else:
            self.coops[victim]["hens"] -= 1
            self.supply["hens"] += 1
            if victim not in self.touched:
                self.touched.append(victim)
            self.say("steals", who=self.who(p), victim=self.who(victim), victim_dat=self.st.seat_case(victim, "dat"))
            if grow:
                self.move(p, "chicks", -1)
                self.say("steal_grows")
            self.move(p, "hens", 1)
            if self.over:
                return
        left = due - 1
        if left and self.holders(p):
            self.say("still_due", who=self.who(p), count=self.count(left))
            return
        if left:
            self.say("nobody_left", count=self.count(left, accusative=False),
                     verb=_verb(left, self.e["be_verbs"], lang))
        if then:
            self.small_die(p, v if v is not None else "", GIFT_KIND[then])

    def gift(self, p: int, to: int, kind: str) -> None:
        """K-4.2: one card to another player; a full coop sends it to the supply."""
        lang = self.lang
        self.say("gives", who=self.who(p), card=self.card(kind), to=self.who(to), to_dat=self.st.seat_case(to, "dat"))
        self.move(p, kind, -1)
        if self.free(to) > 0:
            self.move(to, kind, 1)
        else:
            self.say("gift_full", to=self.who(to), card=ONE_CARD_NOMINATIVE[lang][kind])

    def flu(self, p: int, n: int) -> None:
        """K-4.4 the bird-flu die."""
        if n <= 3:
            self.say("flu_quarantine", who=self.who(p), n=n)
            return
        kind = "chicks" if n <= 5 else "hens"
        have = self.coops[p][kind]
        if not have:
            self.say(f"flu_{kind}_none", who=self.who(p), n=n)
            return
        self.move(p, kind, -have)
        self.say(f"flu_{kind}", who=self.who(p), n=n, count=self.count(have, kind))

    def exchange(self, p: int, kind: str) -> None:
        """K-6.1 / K-6.2."""
        who = self.who(p)
        if kind == "eggs":
            self.move(p, "eggs", -3)
            if self.supply["chicks"]:
                self.move(p, "chicks", 1)
                self.say("exchange_eggs", who=who)
            else:
                self.say("exchange_eggs_empty", who=who)
        elif kind == "chicks":
            self.move(p, "chicks", -3)
            if self.supply["hens"]:
                self.move(p, "hens", 1)
                self.say("exchange_chicks", who=who)
            elif self.holders(p):
                self.say("exchange_chicks_theft", who=who)
            else:
                self.say("exchange_chicks_nobody", who=who)
        else:
            self.move(p, "hens", -5)
            self.coops[p]["rooster"] = True
            self.say("exchange_hens", who=who)


def narrate(before: dict, token: str, lang: str = "en", style: Style | None = None) -> "_Narrator | None":
    """The steps of one action in order, replayed on a copy of ``before``
    (``None`` for an action that changes no coop: roll, pass, announcements,
    start rolls). The result's ``coops`` must equal the coops of the view
    after the action (a test checks it over many games)."""
    lang = _lang(lang)
    words = token.lower().split()
    if not words:
        return None
    verb, phase, p = words[0], before.get("phase"), before.get("turn_player")
    if p is None:
        return None
    story = _Narrator(before, style or Style.make(lang))
    if verb == "dice" and phase == "dice":
        a, b = sorted((int(words[1]), int(words[2])), reverse=True)
        if a != b:
            story.say("rolls", who=story.who(p), a=a, b=b)
            story.roll(p, a, b)
        else:
            detail = story.double(p, a, before)
            story.lines.insert(0, story.e["rolls_double"].format(who=story.who(p), a=a, detail=detail))
    elif verb == "dice" and phase == "reroll":
        a, b = int(words[1]), int(words[2])
        story.say("reroll", a=a, b=b, d=abs(a - b))
        story.reroll(p, (before.get("pending") or {}).get("reroll", "take"), abs(a - b))
    elif verb == "die" and phase == "bird_flu":
        story.flu(p, int(words[1]))
    elif verb == "steal" and phase == "steal":
        pending = before.get("pending") or {}
        roll = before.get("last_roll") or []
        story.steal(p, int(words[1]), pending.get("steal", 1), bool(pending.get("develop")),
                    before.get("steal_then"), roll[1] if len(roll) >= 2 else None)
    elif verb == "give" and phase == "give":
        story.gift(p, int(words[1]), GIFT_KIND[(before.get("pending") or {}).get("give", "egg")])
    elif verb == "exchange" and len(words) == 2 and words[1] in KINDS:
        story.exchange(p, words[1])
    else:
        return None
    return story


def _now_lines(before: dict, after: dict, first: list[int], st: Style) -> list[str]:
    """``Seat 1 now has 4 hens, 0 chicks, 1 egg, 4 free places.`` for every
    seat whose coop changed, in the order the story touched them."""
    st_lang = _lang(st.lang)
    n = before["players"]
    order = list(dict.fromkeys(list(first) + list(range(n))))
    out = []
    for k in order:
        old, new = before["coops"][k], after["coops"][k]
        if any(old[kind] != new[kind] for kind in KINDS):
            out.append(EVENTS[st_lang]["now"].format(who=st.seat(k), coop=coop_words(new, st_lang, True)))
    return out


def describe(before: dict, token: str, actor, after: dict, lang: str = "en", style: Style | None = None) -> list[str]:
    """Sentences saying what ``token`` (an action string) did, step by step
    in the order the rules apply them, from the views ``before`` and
    ``after`` it; ``actor`` is the seat or ``"chance"``. Then, for every coop
    that changed, what it holds now.

    >>> import herna
    >>> s = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    >>> b = s.view(); s.apply_action("dice 5 2")
    >>> for line in describe(b, "dice 5 2", "chance", s.view()): print(line)
    Seat 1 rolls 5 and 2.
    The 5 pays a chick.
    The 2 pays an egg.
    Seat 1 now has 0 hens, 1 chick, 1 egg, 7 free places.
    """
    st = style or Style.make(lang)
    lang = _lang(lang)
    e = EVENTS[lang]
    words = token.lower().split()
    if not words:
        return []
    verb = words[0]
    phase = before.get("phase")
    roller = before.get("turn_player")
    who = st.seat(roller) if roller is not None else ""
    out: list[str] = []
    story = narrate(before, token, lang, st)
    if story is not None:
        out.extend(story.lines)
        out.extend(_now_lines(before, after, [roller] + story.touched, st))
    elif verb == "die" and phase == "start":
        starter = before.get("start_roller")
        out.append(e["start_roll"].format(who=st.seat(starter), n=words[1]))
        if after.get("first_player") is not None:
            out.append(e["starts"].format(who=st.seat(after["first_player"])))
        elif not any(after.get("start_rolls") or []):
            rolls = list(before.get("start_rolls") or [])
            rolls[starter] = int(words[1])
            best = max(r for r in rolls if r)
            tied = [st.seat(k) for k, r in enumerate(rolls) if r == best]
            out.append(e["tie"].format(seats=_join(tied, lang)))
    elif verb in ("take", "rob"):
        out.append(e["announced"].format(who=who, choice=_choice_words(token.lower(), st)))
    elif verb == "pass":
        out.append(e["pass"].format(who=who))
    elif verb == "roll":
        viewer = after.get("seat", before.get("seat"))
        if viewer is not None and actor == viewer and only_roll(before):
            out.append(e["only_roll"])
    if after.get("terminal") and not before.get("terminal"):
        winners = after.get("winners") or []
        if len(winners) == 1 and after["coops"][winners[0]]["hens"] >= PLACES:
            out.append(e["wins"].format(who=st.seat(winners[0])))
        else:
            out.append(e["limit"].format(seats=_join([st.seat(k) for k in winners], lang)))
    return out


# ----- help ----------------------------------------------------------------------------
HELP = {
    "en": {
        "title": "What your choices mean now:",
        "roll": "roll: roll two dice (see the dice below).",
        "pass": "pass: you are in quarantine (bird flu) and may not roll this turn; pass ends the turn.",
        "exchange eggs": "exchange eggs: give back 3 eggs, get 1 chick (you have {eggs}).",
        "exchange chicks": "exchange chicks: give back 3 chicks, get 1 hen (you have {chicks}); if the supply has "
                           "no hen, you take one from another player (thief rule).",
        "exchange hens": "exchange hens: give back 5 hens, get a rooster (you have {hens}; 9 hens win). The "
                         "rooster takes no place and stops the next 3 theft attempts against you; the third "
                         "kills it. A rooster is not worth 5 hens when you are close to 9.",
        "give": "give {k}: give {card} to {who} ({coop}){full}.",
        "give_full": "; the coop is full, so the card goes back to the supply",
        "take": "take: you get D hens, D being the difference of the next roll (0 to 5, about 2 on average), "
                "only into free places (you have {free}).",
        "rob all": "rob all: every other player gives D hens back to the supply (or all they have); "
                   "a rooster stops it.",
        "rob": "rob {k}: {who} ({hens}{rooster}) gives up D hens; you keep as many as fit (you have {free}), "
               "the rest go to the supply.",
        "rob_none": "rob {k}: {who} has no hens, so nothing would be taken.",
        "steal": "steal {k}: take one hen from {who} ({hens}{rooster}).",
        "rooster": ", has a rooster that stops it",
        "steal_due": "The supply has no hens; you are due {count}, one at a time.",
        "dice1": "Dice: 1, 2 or 3 pays an egg, 4 or 5 a chick, 6 a hen; each die on its own, the hen first. "
                 "Without a free place a die grows a card one step instead (a chick into a hen, an egg into a "
                 "chick) or is dropped.",
        "dice2": "Doubles: 1-1, 2-2, 3-3: give an egg, a chick, a hen to another player; 4-4: all your eggs go "
                 "back; 5-5 bird flu, one more die: 1 to 3 quarantine, 4 or 5 all chicks go, 6 all hens go; "
                 "{six}",
        "six_announce": "6-6: announce take or rob, then roll again for the difference.",
        "six_fox": "6-6: the fox takes all your hens unless you have a rooster.",
        "more": "Full rules: herna rules kurnik (the Czech rulebook: herna rules kurnik --lang cs).",
    },
    "cs": {
        "title": "Co znamenají tvé možnosti teď:",
        "roll": "roll: hodíš dvěma kostkami (viz kostky níže).",
        "pass": "pass: jsi v karanténě (ptačí chřipka) a v tomto tahu nesmíš házet; pass tah ukončí.",
        "exchange eggs": "exchange eggs: vrátíš 3 vejce, dostaneš 1 kuře (máš {eggs}).",
        "exchange chicks": "exchange chicks: vrátíš 3 kuřata, dostaneš 1 slepici (máš {chicks}); když v zásobě "
                           "žádná není, vezmeš ji jinému hráči (zlodějské pravidlo).",
        "exchange hens": "exchange hens: vrátíš 5 slepic, dostaneš kohouta (máš {hens}; vyhrává 9 slepic). "
                         "Kohout nezabírá místo a zastaví příští 3 pokusy o krádež; při třetím zahyne. "
                         "Blízko devíti slepic se kohout za 5 slepic nevyplatí.",
        "give": "give {k}: dáš {card} {dat} ({coop}){full}.",
        "give_full": "; má plný kurník, a tak se karta vrátí do zásoby",
        "take": "take: dostaneš D slepic, kde D je rozdíl příštího hodu (0 až 5, v průměru asi 2), jen do "
                "volných míst (máš {free}).",
        "rob all": "rob all: každý jiný hráč vrátí do zásoby D slepic (nebo všechny, co má); kohout to zastaví.",
        "rob": "rob {k}: {who} ({hens}{rooster}) odevzdá D slepic; ty si necháš, kolik se ti vejde "
               "(máš {free}), zbytek jde do zásoby.",
        "rob_none": "rob {k}: {who} nemá žádnou slepici, a tak by se nic nevzalo.",
        "steal": "steal {k}: vezmeš jednu slepici {dat} ({hens}{rooster}).",
        "rooster": ", má kohouta, který to zastaví",
        "steal_due": "V zásobě nejsou slepice; máš dostat {count}, jednu po druhé.",
        "dice1": "Kostky: 1, 2 nebo 3 přináší vejce, 4 nebo 5 kuře, 6 slepici; každá kostka zvlášť, slepice "
                 "první. Bez volného místa kostka místo toho posune jednu kartu o stupeň (z kuřete slepici, "
                 "z vejce kuře), jinak propadá.",
        "dice2": "Dvojice: 1-1, 2-2, 3-3: dáš vejce, kuře, slepici jinému hráči; 4-4: všechna tvá vejce jdou "
                 "zpět; 5-5 ptačí chřipka, ještě jedna kostka: 1 až 3 karanténa, 4 nebo 5 odejdou všechna "
                 "kuřata, 6 všechny slepice; {six}",
        "six_announce": "6-6: oznámíš, zda si slepice vezmeš, nebo budeš loupit, a hodíš znovu o rozdíl.",
        "six_fox": "6-6: liška vezme všechny tvé slepice, pokud nemáš kohouta.",
        "more": "Celá pravidla: herna rules kurnik (český originál: herna rules kurnik --lang cs).",
    },
}


def legal_strings(view: dict) -> list[str]:
    """The legal action strings of the player to decide, from the view
    (mirrors the rules engine: K-3.1, K-4.2, K-4.5, K-5.2, K-6, K-9, K-11.3)."""
    phase, p, n = view.get("phase"), view.get("turn_player"), view["players"]
    if p is None:
        return []
    coops = view["coops"]
    if phase == "turn":
        coop = coops[p]
        out = [] if p in view["quarantined"] else ["roll"]
        if coop["eggs"] >= 3:
            out.append("exchange eggs")
        if coop["chicks"] >= 3:
            out.append("exchange chicks")
        if (view["options"].get("dead_rooster") and coop["hens"] >= 5 and not coop["rooster"]
                and not coop.get("rooster_dead") and view["supply"].get("roosters", 0) > 0):
            out.append("exchange hens")
        return out + (["pass"] if p in view["quarantined"] else [])
    if phase == "give":
        return [f"give {k}" for k in range(n) if k != p]
    if phase == "announce":
        out = ["take", "rob all"]
        if view["options"].get("rough_thief"):
            out.extend(f"rob {k}" for k in range(n) if k != p)
        return out
    if phase == "steal":
        return [f"steal {k}" for k in range(n) if k != p and coops[k]["hens"]]
    return []


def help_text(view: dict, lang: str, style: Style | None = None) -> str:
    """What each choice legal now means (with the counts that matter for
    it), the dice table in two lines and where the full rules are."""
    st = style or Style.make(lang)
    lang = _lang(lang)
    h = HELP[lang]
    p = view.get("seat", view.get("turn_player"))
    coops = view["coops"]
    lines = []
    choices = legal_strings(view)
    if choices and p is not None:
        me = coops[p]
        free = count(me["free"], "free", lang, True)
        lines.append(h["title"])
        for text in choices:
            verb, _, arg = text.partition(" ")
            if text in h:
                line = h[text].format(eggs=count(me["eggs"], "eggs", lang, True),
                                      chicks=count(me["chicks"], "chicks", lang, True),
                                      hens=count(me["hens"], "hens", lang, True), free=free)
            elif arg.isdigit():
                k = int(arg)
                c = coops[k]
                kind = GIFT_KIND.get((view.get("pending") or {}).get("give", "egg"), "eggs")
                key = "rob_none" if verb == "rob" and not c["hens"] else verb
                line = h[key].format(
                    k=k, who=st.seat(k), dat=st.seat_case(k, "dat"), card=ONE_CARD[lang][kind],
                    coop=coop_words(c, lang, True), full=h["give_full"] if c["free"] == 0 else "",
                    hens=count(c["hens"], "hens", lang, True), rooster=h["rooster"] if c["rooster"] else "",
                    free=free)
            else:
                continue
            lines.append("  " + line)
        pending = view.get("pending") or {}
        if view.get("phase") == "steal" and pending.get("steal"):
            lines.append(h["steal_due"].format(count=count(pending["steal"], "hens", lang, True)))
    six = h["six_fox"] if view["options"].get("six_six") == "fox" else h["six_announce"]
    lines.append(h["dice1"])
    lines.append(h["dice2"].format(six=six))
    lines.append(h["more"])
    return "\n".join(lines)
