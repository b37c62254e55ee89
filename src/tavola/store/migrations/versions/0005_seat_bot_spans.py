"""The hand-overs of a seat taken back by its person: a replay then shows who played each move
(a bot, or its person). A seat taken back before this revision has none: its hand-over was not
kept.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("bot_spans", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_spans")
