"""Golden playthroughs (after OpenSpiel's): whole seeded games pinned step by step.

Each line of a playthrough file is one decision: the seat to act, its legal actions, its view,
the action taken (chosen at random from a fixed seed) and the events it caused as that seat and
a spectator see them. Any change to the rules, the views or
the dealing shows here as a diff. After an intended change, regenerate and review the diff:

    TAVOLA_REGENERATE=1 python -m pytest tests/games/testa_di_pecora/test_testa_playthrough.py
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import tavola

HERE = Path(__file__).parent / "playthroughs"
CASES = {"testa-4p-seed1.jsonl": (4, 1), "testa-5p-seed2.jsonl": (5, 2)}


def playthrough(players: int, seed: int) -> list[str]:
    g = tavola.new_game("testa-di-pecora", players=players, seed=seed, options={"seasons": 2})
    rng = random.Random(seed)
    lines = []
    while not g.is_over:
        (seat,) = g.to_act
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
    lines.append(json.dumps({"result": g.result.to_json(), "spectator": g.view(None)}))
    return lines


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_its_golden_file(name: str) -> None:
    path = HERE / name
    lines = playthrough(*CASES[name])
    if os.environ.get("TAVOLA_REGENERATE"):
        path.write_text("\n".join(lines) + "\n")
    golden = path.read_text().splitlines()
    for i, (got, want) in enumerate(zip(lines, golden, strict=False)):
        assert json.loads(got) == json.loads(want), f"{name}: step {i} differs"
    assert len(lines) == len(golden), f"{name}: {len(lines)} steps, golden has {len(golden)}"
