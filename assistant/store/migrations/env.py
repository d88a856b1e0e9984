"""Alembic environment: the connection comes from the caller (see assistant.store.db)."""

from alembic import context

from assistant.store.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - always called with a connection
    raise RuntimeError("Run migrations through assistant.store.db.upgrade().")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
