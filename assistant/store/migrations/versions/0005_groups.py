"""Tables (groups that play together) and the record of a locked game.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_groups_token", "groups", ["token"], unique=True)
    op.create_table(
        "group_names",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
        sa.Column("key", sa.String(160), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.UniqueConstraint("group_id", "key", name="uq_group_names_key"),
    )
    op.create_index("ix_group_names_group_id", "group_names", ["group_id"])
    # Plain ADD COLUMNs (no batch copy of the games table: on SQLite a copy would drop the
    # old table, and the cities' ON DELETE CASCADE would go with it).
    if op.get_bind().dialect.name == "sqlite":  # SQLite adds a column with its reference inline
        op.execute("ALTER TABLE games ADD COLUMN group_id INTEGER REFERENCES groups (id) ON DELETE SET NULL")
    else:
        op.add_column("games", sa.Column("group_id", sa.Integer(), nullable=True))
        op.create_foreign_key(
            "fk_games_group_id", "games", "groups", ["group_id"], ["id"], ondelete="SET NULL"
        )
    op.add_column("games", sa.Column("locked_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("games", sa.Column("summary", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("snapshot", sa.JSON(), nullable=True))
    op.create_index("ix_games_group_id", "games", ["group_id"])


def downgrade() -> None:
    op.drop_index("ix_games_group_id", "games")
    with op.batch_alter_table("games") as batch:  # only ever on an empty or test database
        if op.get_bind().dialect.name != "sqlite":
            batch.drop_constraint("fk_games_group_id", type_="foreignkey")
        batch.drop_column("snapshot")
        batch.drop_column("summary")
        batch.drop_column("locked_at")
        batch.drop_column("group_id")
    op.drop_index("ix_group_names_group_id", "group_names")
    op.drop_table("group_names")
    op.drop_index("ix_groups_token", "groups")
    op.drop_table("groups")
