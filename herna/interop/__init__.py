"""herna games in other research libraries (GUIDE.md: herna/interop/).

* :mod:`herna.interop.openspiel`: ``herna_ugo``, ``herna_trumfosaur``,
  ``herna_kurnik`` as pyspiel Python games (extra ``herna[openspiel]``).
* :mod:`herna.interop.pettingzoo`: AEC environments,
  ``herna.interop.pettingzoo.env("ugo", players=3)`` (extra ``herna[pettingzoo]``).
* :mod:`herna.interop.gymnasium`: a single-agent environment, the other
  seats played by herna bots (extra ``herna[gymnasium]``).
* :mod:`herna.interop.bench`: ``herna bench --vs-openspiel``.

Each submodule imports its library only when imported itself.
"""
