"""Flask's JSON through :mod:`assistant.jsonio` (orjson): fast answers, safe request bodies.

Request bodies nested 1,025 deep, numbers of thousands of digits or lone surrogates are
refused as bad JSON (400) instead of crashing the parser or being stored. Answers keep the
game format's key order and are written as UTF-8.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Response
from flask.json.provider import JSONProvider

from .. import jsonio


class OrjsonProvider(JSONProvider):
    mimetype = "application/json"

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # a caller asking for json's options (Flask's session serializer)
            kwargs.setdefault("ensure_ascii", False)
            try:
                return json.dumps(obj, **kwargs)
            except UnicodeEncodeError:  # pragma: no cover - never from our own values
                kwargs["ensure_ascii"] = True
                return json.dumps(obj, **kwargs)
        return jsonio.dumps(obj)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return jsonio.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Any:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(jsonio.dumps_bytes(obj), mimetype=self.mimetype)
