"""The conformance suite: does a game keep the contract of :class:`tavola.Game`?

The author of a new game runs every check on it with one call (as PettingZoo's ``api_test``)::

    from tavola.testing import check_game
    check_game("my-game")                  # every player count and variant
    check_game("my-game", 4, quick=True)   # one seed: a quick look

A broken contract raises :class:`ConformanceError` (an AssertionError) whose message names the
check, game, variant, players, seed and step. Each check is also a function of its own,
``check_xxx(game_id, variant, players, *, seeds=SEEDS)``, listed in :data:`CHECKS`, so a test
runner can run them one by one (``cases()`` lists every registered game, variant and player
count). Plain Python: no test framework needed.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.registry import get_spec, list_games
from ._support import SEEDS, Check, ConformanceError, random_record
from .bots import check_bots_fair, check_playout_policy
from .information import (
    check_events,
    check_info_key,
    check_observation,
    check_public_record,
    check_views_hide_cards,
)
from .play import (
    check_bad_parameters,
    check_canonical,
    check_clones,
    check_determinism,
    check_json_and_seats,
    check_malformed_input,
    check_playouts,
    check_refusals,
    check_replay,
)
from .resampling import (
    check_redeal,
    check_resample,
    check_simultaneous,
    check_twin_events,
    twins,
)

CHECKS: dict[str, Check] = {
    check.__name__: check
    for check in (
        check_playouts,
        check_bad_parameters,
        check_determinism,
        check_canonical,
        check_replay,
        check_clones,
        check_refusals,
        check_malformed_input,
        check_json_and_seats,
        check_info_key,
        check_observation,
        check_events,
        check_views_hide_cards,
        check_public_record,
        check_resample,
        check_twin_events,
        check_redeal,
        check_simultaneous,
        check_bots_fair,
        check_playout_policy,
    )
}
"""Every check by name, in the order :func:`check_game` runs them."""


def cases(game_id: str | None = None, every_variant: bool = True) -> list[tuple[str, str, int]]:
    """``(game_id, variant, players)`` for every variant and player count of a game (or of
    every registered game). Without ``every_variant``, a game's variants but the first are
    taken at its fewest players only (for test runs that must stay short)."""
    specs = list_games() if game_id is None else [get_spec(game_id)]
    return [
        (s.id, v, n)
        for s in specs
        for v in s.variants
        for n in s.player_counts
        if every_variant or v == s.variants[0] or n == s.min_players
    ]


def check_game(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    *,
    seeds: Iterable[int] = SEEDS,
    quick: bool = False,
) -> None:
    """Run every check on ``game_id``, for one player count and variant or (None) all of them.

    ``seeds`` are those of the random playouts; ``quick`` keeps only the first. Raises
    :class:`ConformanceError` at the first broken check.
    """
    get_spec(game_id).check(players, variant, None)  # a bad id, count or variant is refused
    seeds = tuple(seeds)[:1] if quick else tuple(seeds)
    for _, v, n in cases(game_id):
        if (players is None or n == players) and (variant is None or v == variant):
            for run in CHECKS.values():
                run(game_id, v, n, seeds=seeds)


__all__ = [
    "CHECKS",
    "SEEDS",
    "ConformanceError",
    "cases",
    "check_bad_parameters",
    "check_bots_fair",
    "check_canonical",
    "check_clones",
    "check_determinism",
    "check_events",
    "check_game",
    "check_info_key",
    "check_json_and_seats",
    "check_malformed_input",
    "check_observation",
    "check_playout_policy",
    "check_playouts",
    "check_public_record",
    "check_redeal",
    "check_refusals",
    "check_replay",
    "check_resample",
    "check_simultaneous",
    "check_twin_events",
    "check_views_hide_cards",
    "random_record",
    "twins",
]
