"""The conformance suite over every Trumfosaur option set of its record
(2-5 players, master version, teams, target scores, first player)."""

from __future__ import annotations

from ...conformance_suite import suite_tests

test_conformance, test_many_playouts = suite_tests("trumfosaur")
