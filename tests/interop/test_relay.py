"""Relay, the toy game the adapters' tests use for what no registered game does yet (a solo
mode, simultaneous picks by some seats only), keeps the contract: a failure of an adapter on it
is the adapter's."""

import pytest

from tavola.testing import CHECKS, check_game


@pytest.mark.parametrize("players", [3, 4])
def test_relay_passes_the_conformance_suite(relay: str, players: int) -> None:
    check_game(relay, players)


@pytest.mark.parametrize("players", [1, 2])
def test_relay_with_nothing_hidden_between_moves_passes_the_other_checks(
    relay: str, players: int
) -> None:
    """With one or two players nobody waits on a hidden pick, so there is nothing to re-deal."""
    for name, check in CHECKS.items():
        if name != "check_redeal":
            check(relay, None, players)
