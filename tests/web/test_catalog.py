"""The browser app's own words are all in the catalog: every message id its
HTML and JavaScript use has a Czech translation in herna/web/locale/cs.po
(context ``web``), nothing there is unused, and ``GET /api/i18n/{lang}``
serves them (no browser needed)."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from .catalog import PO, WEB, used_ids


def catalog():
    with PO.open("rb") as fh:
        return read_po(fh, locale="cs")


def test_web_package_holds_the_catalog():
    assert (WEB / "__init__.py").is_file()
    from herna.core.catalog import po_files

    assert any(str(path).endswith("web/locale/cs.po") for path in po_files("cs"))


def test_every_word_of_the_pages_has_a_czech_translation():
    po = catalog()
    assert po.plural_forms == "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"
    web = {m.id: m for m in po if m.id and m.context == "web"}
    assert all(m.context == "web" for m in po if m.id), "every message of herna/web has the context web"
    used = used_ids()
    assert len(used) > 150
    missing = sorted(msgid for msgid in used if msgid not in web or not web[msgid].string)
    assert not missing, f"no Czech for: {missing[:10]}"
    unused = sorted(set(web) - set(used))
    assert not unused, f"in cs.po but used nowhere: {unused[:10]}"


def test_fields_are_kept_in_translations():
    for message in catalog():
        if not message.id:
            continue
        fields = set(re.findall(r"\{(\w+)\}", message.id))
        assert set(re.findall(r"\{(\w+)\}", message.string)) == fields, message.id


def test_the_server_serves_the_pages_words(client):
    czech = client.get("/api/i18n/cs").json()
    english = client.get("/api/i18n/en").json()
    assert czech["Your hand"] == "Tvoje karty" and english["Your hand"] == "Your hand"
    assert set(used_ids()) <= set(czech)


def test_no_word_is_written_in_the_scripts_without_the_catalog():
    """Text that reaches the page from the scripts goes through t() or N_():
    no English sentence is set directly (textContent = "...")."""
    for path in sorted(WEB.rglob("*.js")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"""(textContent|innerText|innerHTML)\s*=\s*["'`][A-Za-z]""", source), path
