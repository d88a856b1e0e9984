"""``python -m assistant``."""

from .cli import main

raise SystemExit(main())
