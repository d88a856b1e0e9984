"""A game's expansions: the ids of the expansions it is played with (null: none).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (no batch copy: on SQLite a copy would drop the games table, and the
    # cities' ON DELETE CASCADE with it).
    op.add_column("games", sa.Column("expansions", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("expansions")
