"""Persistence: SQLAlchemy tables, the schema's migrations and the game repository."""
