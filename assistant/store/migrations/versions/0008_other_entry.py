"""What a city entered the other way (cards or the pad's numbers) keeps while switched.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, as 0007 (a batch copy on SQLite would drop the cities table).
    op.add_column("cities", sa.Column("other_entry", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("cities") as batch:
        batch.drop_column("other_entry")
