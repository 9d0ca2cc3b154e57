"""The browser app's own words: the message ids its HTML and JavaScript use.

- HTML: every element with ``data-i18n`` (its value, or else its text with
  spaces collapsed) and every ``data-i18n-<attribute>`` (its value, or else
  the attribute's own value);
- JavaScript: the literal first argument of ``t("...")`` (also ``ctx.t``)
  and ``N_("...")``.

The catalog is ``herna/web/locale/cs.po``, context ``web``.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "herna" / "web"
PO = WEB / "locale" / "cs.po"
CALL = re.compile(r"""(?<![\w$])(?:t|N_)\(\s*("(?:[^"\\\n]|\\.)*")""")
ATTRS = ("aria-label", "title", "placeholder")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.stack: list[list] = []  # [tag, msgid or None, text parts]

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = dict(attrs)
        for attr in ATTRS:
            key = f"data-i18n-{attr}"
            if key in values:
                self.ids.add(values[key] or values.get(attr) or "")
        if tag in VOID:
            return
        marked = "data-i18n" in values
        self.stack.append([tag, values.get("data-i18n") if marked else None, [] if marked else None])

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag, msgid, parts = self.stack.pop()
            if parts is not None:
                self.ids.add(msgid or " ".join("".join(parts).split()))
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for entry in self.stack:
            if entry[2] is not None:
                entry[2].append(data)


def html_ids(path: Path) -> set[str]:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return {i for i in collector.ids if i}


def js_ids(path: Path) -> set[str]:
    return {json.loads(m.group(1)) for m in CALL.finditer(path.read_text(encoding="utf-8"))}


def used_ids() -> dict[str, set[str]]:
    """msgid -> the files that use it."""
    out: dict[str, set[str]] = {}
    for path in sorted(WEB.rglob("*.html")):
        for msgid in html_ids(path):
            out.setdefault(msgid, set()).add(path.name)
    for path in sorted(WEB.rglob("*.js")):
        for msgid in js_ids(path):
            out.setdefault(msgid, set()).add(str(path.relative_to(WEB)))
    return out


if __name__ == "__main__":
    for msgid, files in sorted(used_ids().items()):
        print(json.dumps(msgid, ensure_ascii=False), sorted(files))
