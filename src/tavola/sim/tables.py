"""A run's games as a flat table, one row per seat of each game, for pandas, polars or a
spreadsheet: CSV, or Parquet (pyarrow, the ``lab`` extra). The columns are in ``COLUMNS``."""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.errors import TavolaError
from .runner import Simulation
from .settings import option_words

COLUMNS = {
    "game": "the game's number in the run (0, 1, ...)",
    "seed": "the game's seed",
    "seat": "the seat (0, 1, ...)",
    "agent": "the agent at that seat",
    "score": "the seat's final score (empty if the game hit the decision cap)",
    "win": "the seat's share of the win: 1, a fraction when tied, 0 (and 0 if capped)",
    "decisions": "decisions played in the game",
    "hit_cap": "whether the game was stopped at the decision cap",
    "at_limit": "whether the game ended at its own safety limit on rounds or turns (and counts)",
    "lead_changes": (
        "times the lead passed to another seat (empty if the game keeps no score or has one player)"
    ),
    "clear_from": "fraction of the game after which the winners alone led (empty likewise)",
}


class TableError(TavolaError):
    """A table that cannot be written (an unknown file type, or pyarrow missing)."""


def rows(sim: Simulation) -> list[dict[str, Any]]:
    """The table's rows, in game and seat order."""
    out = []
    for i, o in enumerate(sim.outcomes):
        for seat, agent in enumerate(o.agents):
            out.append(
                {
                    "game": i,
                    "seed": o.seed,
                    "seat": seat,
                    "agent": agent,
                    "score": None if o.scores is None else o.scores[seat],
                    "win": 1 / len(o.winners) if seat in o.winners else 0.0,
                    "decisions": o.decisions,
                    "hit_cap": o.hit_cap,
                    "at_limit": o.at_limit,
                    "lead_changes": o.lead_changes,
                    "clear_from": o.clear_from,
                }
            )
    return out


def check_table(path: str | os.PathLike[str]) -> str:
    """The format of a table written to ``path`` (``csv`` or ``parquet``, by its suffix), or a
    TableError saying why it cannot be written: checked before a run, not after it."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise TableError(f"a table is a .csv or .parquet file, not {target.name!r}")
    if suffix == ".parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise TableError("a Parquet table needs pyarrow: pip install 'tavola[lab]'") from None
    return suffix[1:]


def write_table(sim: Simulation, path: str | os.PathLike[str]) -> None:
    """Write the table to ``path``: ``.csv`` or ``.parquet``, by its suffix."""
    target = Path(path)
    if check_table(target) == "csv":
        with target.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(COLUMNS))
            writer.writeheader()
            writer.writerows(rows(sim))
        return
    import pyarrow as pa
    import pyarrow.parquet as pq

    data = rows(sim)
    schema = pa.schema(
        [
            ("game", pa.int64()),
            ("seed", pa.uint64()),
            ("seat", pa.int16()),
            ("agent", pa.string()),
            ("score", pa.float64()),
            ("win", pa.float64()),
            ("decisions", pa.int64()),
            ("hit_cap", pa.bool_()),
            ("at_limit", pa.bool_()),
            ("lead_changes", pa.int64()),
            ("clear_from", pa.float64()),
        ],
        metadata={f"tavola.{k}": v for k, v in run_settings(sim).items()},
    )
    columns = {name: [row[name] for row in data] for name in COLUMNS}
    pq.write_table(pa.table(columns, schema=schema), target)


def run_settings(sim: Simulation) -> dict[str, str]:
    """What made the table, as text: the Parquet file's metadata (``tavola.<key>``), so a
    table read later, or beside another run's, says which run it is."""
    return {
        "game": sim.game,
        "players": str(sim.players),
        "variant": sim.variant,
        "options": ", ".join(option_words(sim.options)) or "the defaults",
        "seed": str(sim.seed),
        "agents": ",".join(sim.agents),
        "seating": sim.seating,
        "version": __version__,
    }
