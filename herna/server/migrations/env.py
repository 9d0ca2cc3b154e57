"""Alembic environment of the herna web server (``herna/server/migrations``).

The server passes its own connection in ``config.attributes["connection"]``
(:func:`herna.server.db.upgrade`); run by hand, the database URL comes from
``-x url=...``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from herna.server.db import Base, normalise_url

target_metadata = Base.metadata


def run_migrations_online() -> None:
    """Migrate over the server's connection, or one made from ``-x url=``."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = normalise_url(context.get_x_argument(as_dictionary=True).get("url"))
    engine = create_engine(url)
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


def run_migrations_offline() -> None:
    """Write the SQL of the migrations (``alembic upgrade --sql``)."""
    url = normalise_url(context.get_x_argument(as_dictionary=True).get("url"))
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
