"""Why a Kurník action is refused, in words a player reads (rules/kurnik.md).

A refusal reads ``'roll' is not legal now: you are in quarantine ...; legal
now: exchange eggs, pass``: the action, the reason (said to the player whose
decision it is: "you") and the legal actions. The reason is a catalog
message of its own (:mod:`herna.core.catalog`), so :meth:`Refusal.translated`
translates the whole sentence, the reason included.
"""

from __future__ import annotations

from herna.core import IllegalActionError
from herna.core.catalog import N_, text

NOT_LEGAL = N_("'{action}' is not legal now: {reason}; legal now: {legal}")


class Refusal(IllegalActionError):
    """An action the rules do not allow now, with its reason.

    ``Refusal(action, legal, reason, **fields)``: ``action`` the action
    string, ``legal`` the legal action strings, ``reason`` an English
    catalog message with ``{name}`` fields filled from ``fields``."""

    def __init__(self, action: str, legal: list[str], reason: str, /, **fields: object) -> None:
        self.reason, self.reason_fields = reason, fields
        super().__init__(NOT_LEGAL, action=action, reason=reason.format(**fields), legal=", ".join(legal))

    def translated(self, lang: str) -> str:
        """The sentence in ``lang``, its reason translated too."""
        fields = dict(self.fields, reason=text(lang, self.reason, **self.reason_fields))
        return text(lang, self.template, **fields)
