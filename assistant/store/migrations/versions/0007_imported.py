"""When a game was imported from a file (null: entered at the table).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-04
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (no batch copy: on SQLite a copy would drop the games table, and the
    # cities' ON DELETE CASCADE with it). Games imported before it are not marked: nothing
    # stored says which they were.
    op.add_column("games", sa.Column("imported_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("imported_at")
