"""herna's web server: the authoritative tables behind the browser app.

WEB-API.md is the wire contract; docs/server.md explains the design. The
app is :func:`herna.server.app.create_app`; its parts:

- :mod:`herna.server.api_tables`, :mod:`~herna.server.api_seats`,
  :mod:`~herna.server.chat`, :mod:`~herna.server.replay`,
  :mod:`~herna.server.leavers`, :mod:`~herna.server.hints`,
  :mod:`~herna.server.api_games`, :mod:`~herna.server.pages`: the routes
  (FastAPI routers sharing :mod:`~herna.server.deps`);
- :mod:`herna.server.ws`: the table WebSocket;
- :mod:`herna.server.tables`: the table service (create, replay, one step at
  a time, drive bots at the table's pace); :mod:`~herna.server.live`: a live
  table and its steps;
- :mod:`herna.server.messages`: the state message a seat gets;
  :mod:`~herna.server.texts`: its words; :mod:`~herna.server.scoresheet`;
- :mod:`herna.server.presence`, :mod:`~herna.server.table_settings`,
  :mod:`~herna.server.cleaning` (names and chat), :mod:`~herna.server.origin`;
- :mod:`herna.server.db`: SQLAlchemy models, storage, alembic migrations;
- :mod:`herna.server.botpool`: bots thinking in worker processes;
- :mod:`herna.server.bus`, :mod:`~herna.server.bus_redis`: change notices between server processes;
- :mod:`herna.server.auth`: seat tokens;
- :mod:`herna.server.serve`: the ``herna serve`` command; :mod:`~herna.server.bench`: ``herna bench server``.
"""
