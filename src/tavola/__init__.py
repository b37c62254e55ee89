"""tavola: a digital table for four Renaissance card games.

>>> import tavola
>>> g = tavola.new_game("testa-di-pecora", players=5, seed=7)
>>> g.view(None)["dealer"], sorted(g.to_act)   # the offer starts at the dealer's left
(2, [3])
>>> [str(a) for a in g.legal_actions(3)]
['Claim the Inheritance', 'Pass']
"""

from .core.cards import read_card_file
from .core.errors import (
    CardDataError,
    IllegalActionError,
    MalformedActionError,
    RecordError,
    SeatError,
    TavolaError,
    UnknownGameError,
)
from .core.events import Event
from .core.protocol import Action, Game, GameResult
from .core.record import replay
from .core.registry import GameInfo, GameSpec, get_spec, list_games, new_game, register

__version__ = "0.1.0"

__all__ = [
    "Action",
    "CardDataError",
    "Event",
    "Game",
    "GameInfo",
    "GameResult",
    "GameSpec",
    "IllegalActionError",
    "MalformedActionError",
    "RecordError",
    "SeatError",
    "TavolaError",
    "UnknownGameError",
    "get_spec",
    "list_games",
    "new_game",
    "read_card_file",
    "register",
    "replay",
]
