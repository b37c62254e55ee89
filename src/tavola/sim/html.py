"""A simulation's report as one self-contained HTML page: settings, headline figures, and plots
drawn as inline SVG (matplotlib, the ``lab`` extra), so the file opens offline and alone."""

from __future__ import annotations

import io
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from .. import __version__
from ..core.errors import TavolaError
from ..core.registry import get_spec
from ..core.words import count
from .facts import breakdown_tables
from .ratings import Rating, ratings, seat_test, sweeps
from .report import _by_agent, limit_words, speed_words
from .runner import SEATING_MOVES, Simulation
from .settings import idle_settings, option_words
from .stats import MIN_GAMES, Tally, summarize

TEMPLATES = Path(__file__).resolve().parent / "templates"
INK, ACCENT, FAIR = "#2b2118", "#b5532f", "#6b7f3a"


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def _svg(fig: Any) -> str:
    """The figure as an SVG element (text kept as text, no XML header)."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "tavola"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _spread(points: list[float], intervals: list[tuple[float, float]]) -> list[list[float]]:
    """Error bar lengths below and above each point; an interval that rounding puts a hair
    past its point (a share of 0, a rating fixed by the prior) gives 0, not a negative."""
    return [
        [max(0.0, p - low) for p, (low, _) in zip(points, intervals, strict=True)],
        [max(0.0, high - p) for p, (_, high) in zip(points, intervals, strict=True)],
    ]


def _shares(title: str, rows: dict[str, Tally], fair: float | None) -> str:
    """Horizontal bars of win shares with their 95% intervals and the fair share (none for a
    player alone, whose share is a win rate)."""
    fig, ax = _figure(6.5, 0.5 + 0.45 * len(rows))
    names = list(rows)[::-1]
    shares = [rows[n].share for n in names]
    spread = _spread(shares, [rows[n].ci95 for n in names])
    ax.barh(names, shares, xerr=spread, color=ACCENT, ecolor=INK, capsize=4)
    ax.set_xlim(0, 1)
    ax.set_title(title, loc="left")
    if fair is None:
        ax.set_xlabel("win rate, 95% Wilson interval")
        return _svg(fig)
    ax.axvline(fair, color=FAIR, linestyle="--", label=f"fair share {fair:.1%}")
    ax.set_xlabel("win share (ties split), 95% Wilson interval")
    ax.legend(loc="lower right", frameon=False)
    return _svg(fig)


def _lengths(decisions: list[int]) -> str:
    fig, ax = _figure(6.5, 2.6)
    ax.hist(decisions, bins=min(40, max(5, len(set(decisions)))), color=ACCENT)
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length", loc="left")
    return _svg(fig)


def _scores(by_agent: dict[str, list[float]]) -> str:
    fig, ax = _figure(6.5, 0.6 + 0.5 * len(by_agent))
    names = list(by_agent)[::-1]
    ax.boxplot([by_agent[n] for n in names], orientation="horizontal", tick_labels=names)
    ax.set_xlabel("final score")
    ax.set_title("Scores by agent", loc="left")
    return _svg(fig)


def _ratings(rows: list[Rating]) -> str:
    fig, ax = _figure(6.5, 0.5 + 0.45 * len(rows))
    rows = rows[::-1]
    spread = rows[0].low is not None
    ax.errorbar(
        [r.elo for r in rows],
        [r.agent for r in rows],
        xerr=_spread([r.elo for r in rows], [(r.low, r.high) for r in rows]) if spread else None,
        fmt="o",
        color=ACCENT,
        ecolor=INK,
        capsize=4,
    )
    ax.axvline(0, color=FAIR, linestyle="--")
    ax.set_xlabel(
        "Bradley-Terry rating, Elo points (mean 0)"
        + (", 95% bootstrap interval" if spread else ": too few games for intervals")
    )
    ax.set_title("Agent ratings", loc="left")
    return _svg(fig)


def _histogram(values: list[float], title: str, xlabel: str, bins: Any) -> str:
    fig, ax = _figure(6.5, 2.6)
    ax.hist(values, bins=bins, color=ACCENT)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title, loc="left")
    return _svg(fig)


def report_data(sim: Simulation) -> dict[str, Any]:
    """The report's figures (what the page shows, as numbers). A player alone has no seats to
    compare, no fair share and no lead to lose: those are left out (empty, or None)."""
    summary = summarize(sim.outcomes, sim.players, sim.deal_size)
    several = sim.players > 1
    finished = [o for o in sim.outcomes if not o.hit_cap]
    deals = [i // sim.deal_size for i, o in enumerate(sim.outcomes) if not o.hit_cap]
    # Under duplicate seating a seat's games of one deal hold the same cards: not the
    # independent games Pearson's test counts on.
    test = seat_test([t.wins for t in summary.by_seat]) if several and sim.deal_size == 1 else None
    scores: defaultdict[str, list[float]] = defaultdict(list)
    for o in finished:
        for seat, name in enumerate(o.agents):
            scores[name].append(o.scores[seat])  # type: ignore[index]
    return {
        "summary": summary,
        "agents": _by_agent(sim, summary),
        "seats": {str(s): t for s, t in enumerate(summary.by_seat)} if several else {},
        "fair": 1 / sim.players if several else None,
        "seat_test": test,
        "moves": SEATING_MOVES[sim.seating],
        "ratings": ratings(finished, sim.seed, deals),
        "rated_over": len(set(deals)),
        "sweeps": sweeps(finished),
        "lengths": [o.decisions for o in finished],
        "scores": {name: scores[name] for name in dict.fromkeys(sim.agents) if scores[name]},
        "lead_changes": [
            o.lead_changes for o in finished if several and o.lead_changes is not None
        ],
        "clear_from": [o.clear_from for o in finished if several and o.clear_from is not None],
        "breakdowns": breakdown_tables(finished, sim.players, deals),
        "idle": idle_settings(sim.game, sim.players, sim.variant, sim.options),
    }


class ReportError(TavolaError):
    """A report that cannot be written (the ``lab`` extra missing)."""


def check_report(path: str | os.PathLike[str]) -> None:
    """A ReportError if a report cannot be made here (the ``lab`` extra missing) or at ``path``
    (an HTML page, named so): checked before a run, not after it."""
    if Path(path).suffix.lower() not in (".html", ".htm"):
        raise ReportError(f"a report is an HTML page: name it .html, not {Path(path).name}")
    try:
        import matplotlib  # noqa: F401
        import scipy  # noqa: F401
    except ImportError:
        raise ReportError(
            "a report needs matplotlib and scipy: pip install 'tavola[lab]'"
        ) from None


def write_report(sim: Simulation, path: str | os.PathLike[str]) -> None:
    """Write ``sim``'s report to ``path`` as one HTML page (needs the ``lab`` extra)."""
    check_report(path)
    data = report_data(sim)
    plots = [_shares("Wins by agent" if data["seats"] else "Wins", data["agents"], data["fair"])]
    if data["seats"]:
        plots.append(_shares("Wins by seat", data["seats"], data["fair"]))
    if len(set(data["lengths"])) > 1:  # a game of fixed length has nothing to plot
        plots.append(_lengths(data["lengths"]))
    if data["scores"]:
        plots.append(_scores(data["scores"]))
    if data["ratings"]:
        plots.append(_ratings(data["ratings"]))
    if data["lead_changes"]:
        changes = data["lead_changes"]
        bins = [x - 0.5 for x in range(max(changes) + 2)]
        plots.append(_histogram(changes, "Lead changes", "times the lead changed hands", bins))
        plots.append(
            _histogram(
                data["clear_from"],
                "When the winner became clear",
                "fraction of the game after which the winners alone led",
                [x / 20 for x in range(21)],
            )
        )
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]))
    page = env.get_template("report.html").render(
        sim=sim,
        options=option_words(sim.options),
        version=__version__,
        title=get_spec(sim.game).title,
        mean=lambda xs: sum(xs) / len(xs),
        speed=speed_words(sim),
        at_limit=limit_words(data["summary"].at_limit),
        players=count(sim.players, "player"),
        games=count(data["summary"].games, "game"),
        min_games=MIN_GAMES,
        plots=plots,
        **data,
    )
    Path(path).write_text(page, encoding="utf-8")
