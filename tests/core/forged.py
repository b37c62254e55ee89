"""Actions no game makes: fields the constructor refuses, set by hand (for the hardening
and fuzz tests, which check that acting with one changes nothing)."""

from __future__ import annotations

from tavola.core.protocol import Action


def forge(code: object, kind: object, params: dict | None = None) -> Action:
    """An Action with any code and kind (a string, None, a float...)."""
    action = Action.__new__(Action)
    items = tuple(sorted((params or {}).items()))
    for name, value in (("code", code), ("kind", kind), ("params", items), ("label", str(kind))):
        object.__setattr__(action, name, value)
    object.__setattr__(action, "_hash", hash((kind, items)))
    return action
