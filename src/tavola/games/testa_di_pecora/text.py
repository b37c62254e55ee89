"""Placeholder until the text rendering lands (being written now)."""

from __future__ import annotations

import json


def render(view):  # type: ignore[no-untyped-def]
    return json.dumps(view)
