"""The games as a table, one row per seat of each game: CSV and Parquet that pandas and polars
read as they are, with the documented columns and the run's numbers."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import polars as pl
import pytest

from tavola.cli import main
from tavola.sim import simulate
from tavola.sim.tables import COLUMNS, TableError, write_table

GAME = "renaissance-man-2d6"


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_pandas_and_polars_read_the_table_with_the_runs_numbers(
    tmp_path: Path, suffix: str
) -> None:
    sim = simulate(GAME, 12, ["heuristic", "random", "random"], seed=2)
    path = tmp_path / f"games.{suffix}"
    write_table(sim, path)
    frame = pd.read_csv(path) if suffix == "csv" else pd.read_parquet(path)
    assert list(frame.columns) == list(COLUMNS)
    assert len(frame) == 12 * 3
    wins = frame.groupby("agent")["win"].sum()
    assert wins["heuristic"] + wins["random"] == pytest.approx(12)
    assert frame.loc[frame.game == 5, "agent"].tolist() == list(sim.outcomes[5].agents)
    assert frame["seed"].iloc[0] == sim.outcomes[0].seed  # a 64-bit seed survives
    polar = pl.read_csv(path) if suffix == "csv" else pl.read_parquet(path)
    assert polar.columns == list(COLUMNS)
    assert polar.filter(pl.col("agent") == "heuristic")["win"].sum() == pytest.approx(
        wins["heuristic"]
    )


def test_the_documented_columns_are_the_columns() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "lab.md").read_text()
    for name, meaning in COLUMNS.items():
        assert f"| `{name}` | {meaning} |" in doc, name


def test_another_file_type_is_refused(tmp_path: Path) -> None:
    sim = simulate(GAME, 1, ["random"], players=3)
    with pytest.raises(TableError, match=r"a \.csv or \.parquet file, not 'games\.xlsx'"):
        write_table(sim, tmp_path / "games.xlsx")
    assert main(["simulate", GAME, "-n", "2", "--table", str(tmp_path / "t.csv"), "--json"]) == 0
    assert len((tmp_path / "t.csv").read_text().splitlines()) == 1 + 2 * 6


def test_the_table_keeps_lead_changes_and_a_parquet_file_says_which_run(tmp_path: Path) -> None:
    """The table had no lead changes, and a Parquet file read beside another run's had
    nothing to say which run it was."""
    import pyarrow.parquet as pq

    import tavola

    sim = simulate(GAME, 6, ["heuristic", "random", "random"], seed=2, options={"turn_limit": 50})
    write_table(sim, tmp_path / "games.parquet")
    frame = pd.read_parquet(tmp_path / "games.parquet")
    assert frame.loc[frame.game == 3, "lead_changes"].tolist() == [sim.outcomes[3].lead_changes] * 3
    meta = pq.read_schema(tmp_path / "games.parquet").metadata
    assert meta[b"tavola.game"] == GAME.encode() and meta[b"tavola.seed"] == b"2"
    assert meta[b"tavola.options"] == b"turn_limit=50"
    assert meta[b"tavola.version"] == tavola.__version__.encode()
