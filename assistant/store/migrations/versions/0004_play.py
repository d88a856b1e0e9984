"""A game in progress: the age being played and the discard pile, with their own version.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("play", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("play_version", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("play_version")
        batch.drop_column("play")
