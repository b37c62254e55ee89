"""A simulation's report: one JSON object, or rich tables for a terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from .runner import SEATING_MOVES, Simulation
from .settings import option_words
from .stats import Summary, Tally, summarize


def _tally_json(t: Tally) -> dict[str, Any]:
    lo, hi = t.ci95
    return {
        "wins": round(t.wins, 6),
        "played": t.played,
        "share": round(t.share, 6),
        "ci95": [round(lo, 6), round(hi, 6)],
    }


def _by_agent(sim: Simulation, summary: Summary) -> dict[str, Tally]:
    return {name: summary.by_agent.get(name, Tally()) for name in dict.fromkeys(sim.agents)}


def _games_per_second(sim: Simulation) -> float:
    """Of the games played by this run (not those read back from its results file)."""
    played = len(sim.outcomes) - sim.resumed
    return played / sim.seconds if sim.seconds > 0 else 0.0


def to_json(sim: Simulation) -> dict[str, Any]:
    """The report as a JSON object; only ``games_per_second`` varies between equal runs."""
    summary = summarize(sim.outcomes, sim.players, sim.deal_size)
    return {
        "game": sim.game,
        "players": sim.players,
        "variant": sim.variant,
        "options": sim.options,
        "games": summary.games,
        "seed": sim.seed,
        "agents": list(sim.agents),
        "seating": sim.seating,
        "wins_by_agent": {n: _tally_json(t) for n, t in _by_agent(sim, summary).items()},
        "wins_by_seat": {str(s): _tally_json(t) for s, t in enumerate(summary.by_seat)},
        "mean_decisions": round(summary.mean_decisions, 6),
        "capped_games": summary.capped,
        "capped_seeds": [o.seed for o in sim.outcomes if o.hit_cap],
        "games_per_second": round(_games_per_second(sim), 2),
    }


def _table(title: str, key: str, rows: dict[str, Tally], played: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(key)
    table.add_column(played, justify="right")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    table.add_column("95% CI", justify="right")
    for name, t in rows.items():
        lo, hi = t.ci95
        table.add_row(
            name, str(t.played), f"{t.wins:.1f}", f"{t.share:.1%}", f"{lo:.1%} – {hi:.1%}"
        )
    return table


def render(sim: Simulation, console: Console) -> None:
    """Print the report as tables: wins per agent and per seat, game length and speed."""
    summary = summarize(sim.outcomes, sim.players, sim.deal_size)
    console.print(
        f"{sim.game}, {sim.players} players, variant {sim.variant}, "
        f"{summary.games} games, seed {sim.seed}\n"
        + (f"Options: {', '.join(option_words(sim.options))}\n" if sim.options else "")
        + f"Seats of game 0 ({SEATING_MOVES[sim.seating]}): {', '.join(sim.agents)}"
    )
    if sim.resumed:
        console.print(f"{sim.resumed} of the games were read back from the results file.")
    agents = _by_agent(sim, summary)
    console.print(_table("Wins by agent", "agent", agents, "seat-games"))
    seats = {str(s): t for s, t in enumerate(summary.by_seat)}
    console.print(_table("Wins by seat", "seat", seats, "games"))
    console.print(
        f"Ties split the win. An even share is 1/{sim.players} = {1 / sim.players:.1%}.\n"
        f"Mean game length: {summary.mean_decisions:.1f} decisions. "
        f"{_games_per_second(sim):.1f} games/s ({sim.seconds:.2f} s)."
    )
    if not sim.balanced:
        console.print(
            f"[bold red]The agents did not sit in every seat equally often:[/] {summary.games} "
            f"games is not a multiple of {sim.seat_cycle}, so the seats' figures mix the seats' "
            "advantage with the agents'."
        )
    if summary.capped:
        seeds = ", ".join(str(o.seed) for o in sim.outcomes if o.hit_cap)
        console.print(
            f"[bold red]{summary.capped} game(s) hit the decision cap and count for nobody;"
            f"[/] their seeds: {seeds}"
        )
