"""The 7 Wonders table assistant: a rules core (``assistant.rules``) and its shells (web,
PDF, store, command line)."""

__version__ = "0.2.0"
