"""A simulation's report: one JSON object, or rich tables for a terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from ..core.words import count
from .runner import SEATING_MOVES, Simulation
from .settings import idle_settings, named, option_words
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


def _games_per_second(sim: Simulation) -> float | None:
    """Of the games played by this run (not those read back from its results file); None if
    it played none."""
    played = len(sim.outcomes) - sim.resumed
    return played / sim.seconds if played and sim.seconds > 0 else None


def speed_words(sim: Simulation) -> str:
    """How fast the games were played, or where they were read back from, in a sentence.

    >>> from dataclasses import replace
    >>> sim = Simulation("g", 2, "standard", {}, 0, ("a", "b"), [None] * 300, 1.0)
    >>> speed_words(replace(sim, resumed=300, out="run.jsonl", in_file=400))
    'Read back from run.jsonl, which holds 400 games: these are its first 300.'
    >>> speed_words(replace(sim, resumed=100, out="run.jsonl", in_file=100))
    '200.0 games/s (1.00 s); 100 games read back from run.jsonl.'
    """
    speed = _games_per_second(sim)
    said = [] if speed is None else [f"{speed:.1f} games/s ({sim.seconds:.2f} s)"]
    if sim.resumed:
        said.append(
            f"{'R' if speed is None else count(sim.resumed, 'game') + ' r'}ead back from {sim.out}"
        )
    text = "; ".join(said)
    if sim.in_file > sim.resumed:
        text += (
            f", which holds {count(sim.in_file, 'game')}: these are its first {len(sim.outcomes)}"
        )
    return text + "."


def to_json(sim: Simulation) -> dict[str, Any]:
    """The report as a JSON object; only ``games_per_second`` varies between equal runs
    (null when every game was read back from the results file). ``not_in_play`` names the
    variant or options given that play no part at this player count."""
    summary = summarize(sim.outcomes, sim.players, sim.deal_size)
    speed = _games_per_second(sim)
    return {
        "game": sim.game,
        "players": sim.players,
        "variant": sim.variant,
        "options": named(sim.options),  # a card file by name and digest, not its text
        "games": summary.games,
        "seed": sim.seed,
        "agents": list(sim.agents),
        "seating": sim.seating,
        "wins_by_agent": {n: _tally_json(t) for n, t in _by_agent(sim, summary).items()},
        "wins_by_seat": {str(s): _tally_json(t) for s, t in enumerate(summary.by_seat)},
        "mean_decisions": round(summary.mean_decisions, 6),
        "capped_games": summary.capped,
        "capped_seeds": [o.seed for o in sim.outcomes if o.hit_cap],
        "at_limit_seeds": [o.seed for o in sim.outcomes if o.at_limit],
        "not_in_play": list(idle_settings(sim.game, sim.players, sim.variant, sim.options)),
        "games_per_second": None if speed is None else round(speed, 2),
    }


def _table(title: str, key: str, rows: dict[str, Tally], played: str, share: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(key)
    table.add_column(played, justify="right")
    table.add_column("wins", justify="right")
    table.add_column(share, justify="right")
    table.add_column("95% CI", justify="right")
    for name, t in rows.items():
        lo, hi = t.ci95
        table.add_row(
            name, str(t.played), f"{t.wins:.1f}", f"{t.share:.1%}", f"{lo:.1%} – {hi:.1%}"
        )
    return table


def render(sim: Simulation, console: Console) -> None:
    """Print the report as tables: wins per agent and per seat (a win rate for one player),
    game length and speed."""
    summary = summarize(sim.outcomes, sim.players, sim.deal_size)
    idle = idle_settings(sim.game, sim.players, sim.variant, sim.options)
    console.print(
        f"{sim.game}, {count(sim.players, 'player')}, variant {sim.variant}, "
        f"{count(summary.games, 'game')}, seed {sim.seed}\n"
        + (f"Options: {', '.join(option_words(sim.options))}\n" if sim.options else "")
        + (f"Not in play: {'; '.join(idle.values())}\n" if idle else "")
        + f"Seats of game 0 ({SEATING_MOVES[sim.seating]}): {', '.join(sim.agents)}"
    )
    agents = _by_agent(sim, summary)
    if sim.players == 1:
        console.print(_table("Wins", "agent", agents, "games", "win rate"))
    else:
        console.print(_table("Wins by agent", "agent", agents, "seat-games", "share"))
        seats = {str(s): t for s, t in enumerate(summary.by_seat)}
        console.print(_table("Wins by seat", "seat", seats, "games", "share"))
        console.print(
            f"Ties split the win. An even share is 1/{sim.players} = {1 / sim.players:.1%}."
        )
    console.print(f"Mean game length: {summary.mean_decisions:.1f} decisions. {speed_words(sim)}")
    if not sim.balanced:
        console.print(
            "[bold red]The agents did not sit in every seat equally often:[/] "
            f"{count(summary.games, 'game')} is not a multiple of {sim.seat_cycle}, so the seats' "
            "figures mix the seats' advantage with the agents'."
        )
    if summary.capped:
        seeds = ", ".join(str(o.seed) for o in sim.outcomes if o.hit_cap)
        console.print(
            f"[bold red]{summary.capped} game(s) hit the decision cap and count for nobody;"
            f"[/] their seeds: {seeds}"
        )
    if summary.at_limit:
        seeds = ", ".join(str(o.seed) for o in sim.outcomes if o.at_limit)
        console.print(f"[bold yellow]{limit_words(summary.at_limit)}[/] Their seeds: {seeds}")


def limit_words(n: int) -> str:
    """What a report says of ``n`` games that ended at the game's own safety limit."""
    return (
        f"{count(n, 'game')} ended at the game's safety limit on rounds or turns (its rules "
        "page names it), not by its rules, and count as scored then: agents or cards whose "
        "games do not end."
    )
