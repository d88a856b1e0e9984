"""Games and their cities, one row per city with its own version.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("edit_token", sa.String(64), nullable=False),
        sa.Column("view_token", sa.String(64), nullable=False),
        sa.Column("edition", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("mode", sa.String(16), nullable=False, server_default="cards"),
        sa.Column("title", sa.String(80), nullable=True),
        sa.Column("language", sa.String(16), nullable=True),
        sa.Column("locked", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_edit_token", "games", ["edit_token"], unique=True)
    op.create_index("ix_games_view_token", "games", ["view_token"], unique=True)
    op.create_table(
        "cities",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seat", name="uq_cities_game_seat"),
    )
    op.create_index("ix_cities_game_id", "cities", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_cities_game_id", table_name="cities")
    op.drop_table("cities")
    op.drop_index("ix_games_view_token", table_name="games")
    op.drop_index("ix_games_edit_token", table_name="games")
    op.drop_table("games")
