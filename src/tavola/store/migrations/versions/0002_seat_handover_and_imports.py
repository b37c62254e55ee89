"""Seats handed to a bot (from which move), and tables imported from a record.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("bot_from", sa.Integer, nullable=True))
    op.add_column(
        "tables",
        sa.Column("origin", sa.String(16), nullable=False, server_default="played"),
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("origin")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_from")
