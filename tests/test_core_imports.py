"""The rules core stays free of web, PDF and database libraries."""

import subprocess
import sys

FORBIDDEN = (
    "flask",
    "wtforms",
    "flask_wtf",
    "flask_babel",
    "reportlab",
    "qrcode",
    "sqlalchemy",
    "alembic",
    "waitress",
)


def test_importing_the_rules_core_loads_no_web_pdf_or_database_library():
    code = (
        "import sys, importlib, pkgutil, assistant.rules as r\n"
        "for m in pkgutil.iter_modules(r.__path__):\n"
        "    importlib.import_module('assistant.rules.' + m.name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.split()
    loaded = {name.split(".")[0] for name in out}
    assert not loaded & set(FORBIDDEN), loaded & set(FORBIDDEN)
    assert "assistant.rules.scoring" in out and "assistant.rules.trade" in out
