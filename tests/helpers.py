"""Paths the tests share."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
"""The project's shared folder beside this checkout (scenarios, rules); tests needing it skip without it."""
