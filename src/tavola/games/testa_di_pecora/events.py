"""What happened in a Testa di Pecora game, and who may see it (the raw ``log`` of rules.py).

Everything is public but two things: the card the Heir saves (seen by the Heir alone until the
season is scored, when the savings are shown to all), and who learns the coalitions early by
holding the remaining role card (only that seat: "The partner does not reveal their identity").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from .rules import (
    EV_CLAIM,
    EV_DEAL,
    EV_PASS,
    EV_PASSOUT,
    EV_PLAY,
    EV_SAVE,
    EV_SEASON,
    EV_SIDES,
    EV_TRADE,
    START_RENOWN,
)

if TYPE_CHECKING:
    from .rules import TestaGame


def describe(g: TestaGame, raw: tuple[Any, ...]) -> Event:
    """The event a raw log entry stands for."""
    kind = raw[0]
    ids = g.t.deck.ids
    if kind == EV_PLAY:
        return Event("play", {"seat": raw[1], "card": ids[raw[2]]})
    if kind == EV_TRADE:
        _, leader, cards, winner, ducats = raw
        plays = [[(leader + i) % g.n, ids[c]] for i, c in enumerate(cards)]
        return Event(
            "trade", {"leader": leader, "cards": plays, "winner": winner, "ducats": ducats}
        )
    if kind == EV_SAVE:
        return Event(
            "save", {"seat": raw[1], "card": ids[raw[2]]}, secret={"card": frozenset((raw[1],))}
        )
    if kind == EV_CLAIM:  # the Inheritance's two cards: the Heir's alone to see
        cards = [ids[c] for c in raw[2]]
        return Event(
            "claim", {"seat": raw[1], "cards": cards}, secret={"cards": frozenset((raw[1],))}
        )
    if kind == EV_PASS:
        return Event("pass", {"seat": raw[1]})
    if kind == EV_DEAL:
        return Event("deal", {"season": raw[1], "seasons": g.seasons, "dealer": raw[2]})
    if kind == EV_PASSOUT:
        p = g.passouts[raw[1]]
        return Event(
            "passout", {**p, "influence": list(p["influence"]), "punished": list(p["punished"])}
        )
    if kind == EV_SEASON:
        entry = g.seasons_log[raw[1]]
        over = raw[1] + 1 == g.seasons
        season = {
            "season": entry["season"],
            "heir": entry["heir"],
            "side": list(entry["side"]),
            "alone": entry["alone"],
            "savings": list(entry["savings"]),
            "ducats": list(entry["ducats"]),
            "side_won": entry["side_won"],
            "renown_change": list(entry["renown_change"]),
            "renown": _renown_after(g, raw[1]),
            "over": over,
        }
        if over:  # the last season ends the game: its result's winners
            season["winners"] = list(g.result.winners)
        return Event("season", season)
    if kind == EV_SIDES:
        side = list(raw[2])
        others = [s for s in range(g.n) if s not in side]
        everyone = raw[1] is None  # the last role card is out; else only its holder learns
        return Event(
            "sides",
            {"side": side, "opponents": others, "alone": len(side) == 1, "everyone": everyone},
            to=raw[1],
        )
    raise ValueError(f"unknown Testa di Pecora event {raw!r}")


def _renown_after(g: TestaGame, k: int) -> list[int]:
    """Everyone's renown once season ``k`` (0-based) was scored: the start, less the pass-out
    penalties of seasons up to ``k``, plus the changes of seasons up to ``k``."""
    renown = [START_RENOWN] * g.n
    for p in g.passouts:
        if p["season"] <= k + 1:
            for s in p["punished"]:
                renown[s] -= 1
    for entry in g.seasons_log[: k + 1]:
        for s, change in enumerate(entry["renown_change"]):
            renown[s] += change
    return renown
