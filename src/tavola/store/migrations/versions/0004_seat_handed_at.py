"""When a seat was handed to a bot: the page says "since 14:05", where a move number would
count other seats' secret steps. A seat handed before this revision gets its table's last
change, the nearest time known.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("bot_at", sa.DateTime(timezone=True), nullable=True))
    op.execute(
        "UPDATE seats SET bot_at = (SELECT updated_at FROM tables WHERE tables.id = "
        "seats.table_id) WHERE bot_from > 0"
    )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_at")
