"""Golden playthroughs (after OpenSpiel's): whole seeded games pinned decision by decision.

A playthrough is one line of JSON per decision: the seat to act, its legal actions, its view,
the action taken (chosen at random from the seed) and the events it caused as that seat and a
spectator see them; the last line holds the result and the spectator's final view. A game's
tests keep playthrough files and compare them with :func:`compare_golden`: any change to the
rules, the views or the dealing shows as a diff, to regenerate and review
(``TAVOLA_REGENERATE=1``) when intended.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.registry import new_game


def playthrough(
    game_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> list[str]:
    """The lines of a playthrough of ``game_id`` (the lowest waiting seat acts first)."""
    g = new_game(game_id, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    lines = []
    while not g.is_over:
        seat = min(g.to_act)
        legal = g.legal_actions(seat)
        action = rng.choice(legal)
        step = {
            "seat": seat,
            "legal": [str(a) for a in legal],
            "view": g.view(seat),
            "action": action.to_json(),
        }
        since = g.log_base + len(g.log)
        g.act(seat, action)
        step["events"] = g.events(seat, since)
        step["spectator_events"] = g.events(None, since)
        lines.append(json.dumps(step, sort_keys=True))
    result = g.result
    assert result is not None
    lines.append(json.dumps({"result": result.to_json(), "spectator": g.view(None)}))
    return lines


def compare_golden(path: Path, lines: list[str]) -> None:
    """Assert that ``lines`` equal the golden file at ``path`` (written first if the environment
    sets ``TAVOLA_REGENERATE``); the message names the first step that differs."""
    if os.environ.get("TAVOLA_REGENERATE"):
        path.write_text("\n".join(lines) + "\n")
    golden = path.read_text().splitlines()
    for i, (got, want) in enumerate(zip(lines, golden, strict=False)):
        assert json.loads(got) == json.loads(want), f"{path.name}: step {i} differs"
    assert len(lines) == len(golden), f"{path.name}: {len(lines)} steps, golden has {len(golden)}"
