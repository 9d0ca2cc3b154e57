"""Declared, validated game options shared by every game.

Each game lists its options as :class:`OptionSpec`; :func:`validate_options`
turns user keyword arguments into a complete, checked ``dict`` or raises
``ValueError`` that names the offending option and what is allowed.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable, Sequence


@dataclass(frozen=True)
class OptionSpec:
    """One game option.

    name: the option's name as in ``rules/*.md``.
    kind: ``bool``, ``int``, ``str`` or ``list`` (a list of ints).
    default: used when the option is not given.
    choices: allowed values for ``str`` (and ints, when given).
    minimum / maximum: inclusive bounds for ``int``.
    rule: the rule id the option belongs to (``T-2.1``).
    doc: one line for help texts.
    """

    name: str
    kind: type
    default: Any
    doc: str = ""
    rule: str = ""
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None

    def check(self, value: Any) -> Any:
        """Return ``value`` converted to the option's kind, or raise ValueError."""
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
                return False
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise ValueError(f"option {self.name!r} must be true or false, not {value!r}")
        if kind is int:
            if isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
            if isinstance(value, str):
                text = value.strip(" \t")
                digits = text[1:] if text[:1] in ("-", "+") else text
                # ASCII digits only: int() would also read '٣' or '1_000'
                if not (digits.isascii() and digits.isdigit() and len(digits) <= 4000):
                    raise ValueError(f"option {self.name!r} must be a whole number (ASCII digits), not {value!r}")
                value = int(text)
            elif not isinstance(value, int) and hasattr(value, "__index__"):
                try:
                    value = operator.index(value)  # numpy integers and the like
                except TypeError:
                    pass
            if not isinstance(value, int):
                raise ValueError(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            if self.choices is not None and value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value}")
            return value
        if kind is str:
            if not isinstance(value, str):
                raise ValueError(f"option {self.name!r} must be a string, not {value!r}")
            if self.choices is not None and value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
            return value
        if kind is list:
            if isinstance(value, str):
                value = [part for part in value.replace(",", " ").split()]
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"option {self.name!r} must be a list of whole numbers, not {value!r}")
            items = [OptionSpec(self.name, int, 0, minimum=self.minimum, maximum=self.maximum).check(v) for v in value]
            if self.length is not None and len(items) != self.length:
                raise ValueError(f"option {self.name!r} must have {self.length} numbers, not {len(items)}")
            return items
        raise TypeError(f"unsupported option kind {kind!r}")  # pragma: no cover - programming error


def validate_options(
    game: str,
    specs: Sequence[OptionSpec],
    given: dict[str, Any],
    cross_check: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Check ``given`` against ``specs`` and fill in defaults.

    Returns a new dict with every option of the game. Raises ``ValueError``
    for an unknown option (naming the allowed ones) or a bad value.
    ``cross_check`` may raise ``ValueError`` for combinations the game forbids.
    """
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise ValueError(
            f"{game} has no option {', '.join(map(repr, unknown))}; its options are: {', '.join(by_name)}"
        )
    options = {}
    for spec in specs:
        if spec.name in given and given[spec.name] is not None:
            options[spec.name] = spec.check(given[spec.name])
        else:
            options[spec.name] = list(spec.default) if isinstance(spec.default, list) else spec.default
    if cross_check is not None:
        cross_check(options)
    return options
