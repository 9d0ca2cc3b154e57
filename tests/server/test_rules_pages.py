"""The rules pages (issue 23 item 9; herna/server/pages_rules.py,
herna/core/rules_text.py): How to play for players in Czech and English for
every game, with pictures from the app (art shortcodes) and one worked
example; the full numbered rules behind a link, with whole tables and no
``../seeds/`` path; the original Czech rulebook still reachable."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from herna.core import record
from herna.core.catalog import LANGS, text
from herna.core.registry import GAMES
from herna.core.rules_text import ART, how_to_play
from herna.games.trumfosaur.cards import parse_card as trumfosaur_card
from herna.games.ugo.cards import parse_card as ugo_card
from herna.games.ugo.fields import EMPTY_BONUS, PLACES, WIN_FARMERS
from herna.server.pages_rules import WORDS

PAGES = [(game, lang) for game in GAMES for lang in LANGS]
HEADINGS = {"en": ("How to play", "Worked example", "How herna reads the rules"),
            "cs": ("Jak hrát", "Příklad", "Jak herna čte pravidla")}
KURNIK_THINGS = {"egg", "chick", "hen", "rooster", "fox", "back"}


class Page(HTMLParser):
    """What a test reads of a page: headings, links, art shortcodes, tables
    (rows of cell texts) and the text outside code."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[tuple[str, str]] = []
        self.links: list[str] = []
        self.art: list[str] = []
        self.tables: list[list[list[str]]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._tag: list[str] = []
        self._cell: list[str] | None = None
        self.feed(source)

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        self._tag.append(tag)
        if tag == "a":
            self.links.append(values.get("href", ""))
        if tag == "span" and "data-art" in values:
            self.art.append(values["data-art"])
        if tag == "script":
            self.scripts.append(values.get("src", ""))
        if tag == "table":
            self.tables.append([])
        if tag == "tr":
            self.tables[-1].append([])
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        while self._tag and self._tag.pop() != tag:
            pass

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._tag and self._tag[-1] in ("h1", "h2", "h3"):
            self.headings.append((self._tag[-1], data.strip()))
        if "code" not in self._tag and "script" not in self._tag:
            self.text.append(data)


def art_is_drawable(game: str, thing: str) -> bool:
    """Whether ``thing`` is one of the pictures art.js draws for ``game``
    (docs: "Art shortcodes" of the server extensions)."""
    if thing == "back":
        return True
    if game == "trumfosaur":
        code = thing.removeprefix("invitation:")
        try:
            trumfosaur_card(code)
        except ValueError:
            return False
        return True
    if game == "ugo":
        if thing == "farmer" or re.fullmatch(r"field:[A-E]", thing):
            return True
        try:
            ugo_card(thing)
        except ValueError:
            return False
        return True
    if thing in KURNIK_THINGS or re.fullmatch(r"die:[1-6]", thing) or re.fullmatch(r"dice:[1-6],[1-6]", thing):
        return True
    coop = re.fullmatch(r"coop:(\d),(\d),(\d)", thing)
    return bool(coop) and sum(map(int, coop.groups())) <= 9


def well_formed(page: Page) -> None:
    """No table lost its shape (every row as wide as its header) and no
    Markdown was left unrendered in the text."""
    for table in page.tables:
        assert len(table) >= 2 and all(len(row) == len(table[0]) for row in table), table
        assert all(cell for row in table for cell in row[:1]), table
    text = "".join(page.text)
    assert "**" not in text and not re.search(r"^\s*\|", text, re.M) and "../seeds" not in text


@pytest.mark.parametrize("game,lang", PAGES)
def test_how_to_play_in_each_language(client, game, lang):
    response = client.get(f"/rules/{game}?lang={lang}")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert f'<html lang="{lang}">' in response.text
    page = Page(response.text)
    title, example, readings = HEADINGS[lang]
    assert page.headings[0] == ("h1", f"{title} {record(game).title}")
    assert ("h2", example) in page.headings and ("h2", readings) in page.headings
    other = next(o for o in LANGS if o != lang)
    assert {"/", f"/rules/{game}?lang={other}", f"/rules/{game}/spec?lang={lang}", f"/rules/{game}/rulebook"} <= set(
        page.links)
    assert page.scripts == ["/static/js/howto.js"]
    assert len(page.art) >= 5 and all(a.split(":", 1)[0] == game for a in page.art)
    assert all(art_is_drawable(game, a.split(":", 1)[1]) for a in page.art), page.art
    well_formed(page)
    assert 250 <= len("".join(page.text).split()) <= 1200  # short, for players


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_show_the_same_pictures_and_sections(client, game):
    english, czech = (Page(client.get(f"/rules/{game}?lang={lang}").text) for lang in ("en", "cs"))
    assert english.art == czech.art
    assert [h for h, _ in english.headings] == [h for h, _ in czech.headings]
    assert all(e != c for (_, e), (_, c) in zip(english.headings, czech.headings))  # translated
    assert [[len(row) for row in t] for t in english.tables] == [[len(row) for row in t] for t in czech.tables]


@pytest.mark.parametrize("game", GAMES)
def test_the_sources_hold_no_html_but_the_art_shortcodes(game):
    for lang in LANGS:
        source = how_to_play(game, lang)
        assert "<" not in ART.sub("", source), (game, lang)
        assert all(m["words"].strip() for m in ART.finditer(source))  # each picture has its words


@pytest.mark.parametrize("lang", LANGS)
def test_ugo_page_gives_herna_numbers_as_the_engine_plays_them(client, lang):
    """Ugo!'s farmers per card (U-1.4), places and bonuses (U-1.2) on the page
    are the engine's tables."""
    page = Page(client.get(f"/rules/ugo?lang={lang}").text)
    farmers = page.tables[0]
    assert [int(row[0]) for row in farmers[1:]] == list(range(len(WIN_FARMERS)))
    assert [int(row[1]) for row in farmers[1:]] == list(WIN_FARMERS)
    low = "1 or 2" if lang == "en" else "1 nebo 2"
    assert [row[2] for row in farmers[1:]] == ["0", low, low, *["0"] * 6]
    text = " ".join("".join(page.text).split())
    and_ = "and" if lang == "en" else "a"
    needs = "needs" if lang == "en" else "potřebuje"
    assert f"C {needs} {PLACES[2]}, D {PLACES[3]} {and_} E {PLACES[4]}" in text
    assert f"C {EMPTY_BONUS[2]}, D {EMPTY_BONUS[3]}, E {EMPTY_BONUS[4]}" in text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_full_numbered_rules_render_whole(client, game, lang):
    response = client.get(f"/rules/{game}/spec?lang={lang}")
    assert response.status_code == 200 and f'<html lang="{lang}">' in response.text
    page = Page(response.text)
    well_formed(page)
    rulebook = record(game).rulebook
    assert f"/rules/{game}/rulebook" in page.links and rulebook in "".join(page.text)
    assert f"/rules/{game}?lang={lang}" in page.links
    prefix = {"trumfosaur": "T", "ugo": "U", "kurnik": "K"}[game]
    assert f"{prefix}-1.1" in response.text and '<div lang="en">' in response.text


def test_ugo_farmer_table_keeps_its_two_rows(client):
    """The spec's U-1.4 table is followed by its note at once: the note is a
    paragraph, not five more rows (the page was broken)."""
    page = Page(client.get("/rules/ugo/spec").text)
    table = next(t for t in page.tables if t[0][0] == "value")
    assert len(table) == 3 and table[1][0] == "if this card wins the trick"
    assert "pay only when they do not win" in " ".join("".join(page.text).split())


@pytest.mark.parametrize("game", GAMES)
def test_the_czech_rulebook_stays_reachable(client, game):
    response = client.get(f"/rules/{game}/rulebook")
    assert response.status_code == 200 and '<html lang="cs">' in response.text
    page = Page(response.text)
    assert page.headings[0] == ("h1", f"{record(game).title} – pravidla")
    assert f"/rules/{game}?lang=cs" in page.links and f"/rules/{game}/spec?lang=cs" in page.links
    assert "Sdílet s přáteli" not in response.text


def test_unknown_games_and_languages_are_refused(client):
    for path in ("/rules/chess", "/rules/chess/spec", "/rules/chess/rulebook"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["code"] == "not_found", path
    assert client.get("/rules/ugo/spec?lang=de").json()["code"] == "bad_lang"
    page = client.get("/rules/chess", headers={"Accept": "text/html"})
    assert page.status_code == 404 and "Page not found" in page.text


def test_the_page_script_and_style_are_served(client):
    script = client.get("/static/js/howto.js")
    assert script.status_code == 200 and "fillArt" in script.text and "./art.js" in script.text
    assert client.get("/static/howto.css").status_code == 200


def test_the_pages_own_words_are_translated():
    assert all(text("cs", message) != message for message in WORDS.values())
