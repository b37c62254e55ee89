"""A run's options as a person reads them: a card file by its name and digest, never its text
(a card file is up to 256 KiB, and the report, the summary and the errors would carry it all);
and the settings given that play no part at the run's player count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import digest
from ..core.registry import get_spec
from ..core.words import players_words


def _card_file(value: Any) -> bool:
    """Whether an option's value is a card file's content (``{"name", "toml"}``)."""
    return isinstance(value, Mapping) and isinstance(value.get("toml"), str)


def option_words(options: Mapping[str, Any]) -> list[str]:
    """``key=value`` for each option, a card file as ``name (sha256:…)`` (its first 12 digits
    of the digest that pins it in records).

    >>> option_words({"turn_limit": 50, "cards": {"name": "mine.toml", "toml": "x = 1"}})
    ['turn_limit=50', 'cards=mine.toml (sha256:8ff436def145…)']
    """
    out = []
    for key, value in options.items():
        if _card_file(value):
            value = f"{value.get('name', 'a card file')} ({digest(value['toml'])[:19]}…)"
        out.append(f"{key}={value}")
    return out


def pinned(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with each card file as its digest, not its name: what a run plays with.

    >>> pinned({"cards": {"name": "a.toml", "toml": "x = 1"}}) == pinned(
    ...     {"cards": {"name": "b.toml", "toml": "x = 1"}})
    True
    """
    return {k: digest(v["toml"]) if _card_file(v) else v for k, v in options.items()}


def named(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with each card file as its name and digest, not its text: what ``--json``
    shows.

    >>> named({"turn_limit": 50, "cards": {"name": "mine.toml", "toml": "x = 1"}})
    {'turn_limit': 50, 'cards': {'name': 'mine.toml', 'digest': 'sha256:8ff436def145...'}}
    """
    return {
        k: {"name": v.get("name"), "digest": digest(v["toml"])} if _card_file(v) else v
        for k, v in options.items()
    }


def idle_settings(
    game_id: str, players: int, variant: str, options: Mapping[str, Any]
) -> dict[str, str]:
    """The settings given that play no part at ``players`` (a variant, or an option, made for
    other player counts: the game checks it and plays without it), each in words, by name
    (``variant`` or the option's key).

    >>> idle_settings("renaissance-man", 3, "tougher", {"solo_cards": 5, "round_limit": 30})
    {'variant': 'variant tougher (for 1 player: plays as standard)', \
'solo_cards': 'solo_cards=5 (only with 1 player and the easier or tougher variant)'}
    """
    spec = get_spec(game_id)
    out = {}
    if variant not in spec.variants_for(players):
        out["variant"] = (
            f"variant {variant} (for {players_words(*spec.variant_players[variant])}: "
            f"plays as {spec.variants[0]})"
        )
    played = variant if variant in spec.variants_for(players) else spec.variants[0]
    for key, words in zip(options, option_words(options), strict=True):
        option = spec.options.get(key)
        if option is not None and not option.applies(players, played):
            out[key] = f"{words} ({option.where()})"
    return out
