"""Card and colour names in the case a sentence needs.

Czech declines names: the catalog holds, beside each name (context
``species``, ``colour``, ``card``), one entry per case with the context
``"<context>, <case>"``, for example::

    msgctxt "species, accusative"
    msgid "Špínosaurus"
    msgstr "Špínosaura"

so that a sentence puts the name in its case: ``přiznej Špínosaura``
(accusative), ``hraje modrou 1``, ``bere štych trumfem`` (instrumental).
English names do not change (the catalog's identity). Which case a message
wants is the speaker's choice, written beside the message where it is used.
"""

from __future__ import annotations

from herna.core.catalog import ptext

CASES = ("nominative", "genitive", "dative", "accusative", "instrumental", "locative")
"""The cases a name may be asked in (the vocative is never needed)."""


def case_context(context: str, case: str) -> str:
    """The catalog context of ``context``'s names in ``case``
    (``"species, accusative"``; the nominative is ``context`` itself).
    ``ValueError`` for a case not in :data:`CASES`."""
    if case not in CASES:
        raise ValueError(f"unknown case {case!r}; the cases are: {', '.join(CASES)}")
    return context if case == "nominative" else f"{context}, {case}"


def decline(lang: str, context: str, name: str, case: str = "nominative") -> str:
    """``name`` (its English catalog id in ``context``) in ``lang`` and ``case``.

    >>> decline("cs", "species", "Špínosaurus", "accusative")
    'Špínosaura'
    >>> decline("cs", "colour", "blue", "instrumental")
    'modrou'
    >>> decline("en", "colour", "blue", "accusative")
    'blue'
    """
    return ptext(lang, case_context(context, case), name)
