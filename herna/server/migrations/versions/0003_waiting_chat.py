"""Tables that wait for their players, seat settings, who made a move, chat (herna.server.db).

- statuses renamed: ``open`` -> ``waiting``, ``over`` -> ``finished``
  (WEB-API.md; a table that was open waits for its people again);
- ``tables.public`` (listed in the lobby), ``seats.settings`` (a person's
  own seat settings), ``actions.made_by`` (a move made for a person: the
  leaver bot, the clock, the person's ``auto_only_moves``);
- the ``chat`` table.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

RENAMED = (("open", "waiting"), ("over", "finished"))
"""Old status -> new status."""


def upgrade() -> None:
    tables = sa.table("tables", sa.column("status", sa.String))
    for old, new in RENAMED:
        op.execute(tables.update().where(tables.c.status == old).values(status=new))
    # plain ADD COLUMN (SQLite and PostgreSQL alike): a table copied and dropped would take its seats
    # and actions with it (ON DELETE CASCADE)
    op.add_column("tables", sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("seats", sa.Column("settings", sa.JSON(), nullable=False, server_default="{}"))
    op.add_column("actions", sa.Column("made_by", sa.String(8), nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("text", sa.String(1200), nullable=True),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("made_by")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("settings")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public")
    tables = sa.table("tables", sa.column("status", sa.String))
    for old, new in RENAMED:
        op.execute(tables.update().where(tables.c.status == new).values(status=old))
