"""Testa di Pecora: the state and its transitions, kept in plain ints and bitmasks for speed.

A hand is a 32-bit mask over card numbers (see deck.py: lower number = stronger card in its
suit, the Church first). Action codes: 0-31 play card c, 32-63 save card c, 64 claim the
Inheritance, 65 pass. Every rule below quotes the rulebook in docs/rules/testa-di-pecora.md.
Each transition appends a raw event tuple to ``log`` (see events.py for what each seat sees).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from ...core.errors import IllegalActionError
from ...core.events import Event
from ...core.protocol import Action, ActionCatalog, Game, GameResult, WorldPolicy, freeze
from ...core.rng import shuffle, stream
from .deck import DECKS, N_CARDS, TOTAL_DUCATS, Deck

CLAIM, SAVE, PLAY, OVER = 0, 1, 2, 3
PHASES = ("claim", "save", "play", "over")
# Raw event kinds (the first item of each ``log`` tuple).
EV_DEAL, EV_CLAIM, EV_PASS, EV_SAVE, EV_PLAY, EV_TRADE, EV_PASSOUT, EV_SEASON, EV_SIDES = range(9)
SAVE_BASE = N_CARDS
CLAIM_CODE = 2 * N_CARDS
PASS_CODE = CLAIM_CODE + 1
START_RENOWN = 6
SEASONS = 3
REDEALS = 9
HAND_SIZE = {4: 8, 5: 6}
FIRST_DEALER_STREAM = 1 << 32  # deals use the streams 0, 1, 2, ... of the seed
SAVINGS = 2

_SEATS = tuple(frozenset((s,)) for s in range(5))
_NOBODY: frozenset[int] = frozenset()


def _byte_tables(items: list[Any]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each byte of a 32-bit mask, the items of the set bits, for all 256 byte values."""
    return tuple(
        tuple(tuple(items[8 * b + i] for i in range(8) if m >> i & 1) for m in range(256))
        for b in range(4)
    )


def _sum_tables(values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each byte of a 32-bit mask, the sum of ``values`` over the set bits."""
    return tuple(tuple(sum(t) for t in table) for table in _byte_tables(list(values)))


def mask_sum(tables: tuple[tuple[int, ...], ...], m: int) -> int:
    """Sum over the cards of mask ``m`` using tables from :func:`_sum_tables`."""
    return (
        tables[0][m & 255] + tables[1][m >> 8 & 255] + tables[2][m >> 16 & 255] + tables[3][m >> 24]
    )


def cards_of(m: int) -> list[int]:
    """The card numbers in mask ``m``, strongest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


class Tables:
    """Everything derived from one deck that games share: actions, masks, lookup tables."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        ids, names = deck.ids, deck.names
        play = [Action(c, "play", {"card": ids[c]}, names[c]) for c in range(N_CARDS)]
        save = [
            Action(SAVE_BASE + c, "save", {"card": ids[c]}, f"Save {names[c]}")
            for c in range(N_CARDS)
        ]
        self.claim = Action(CLAIM_CODE, "claim", None, "Claim the Inheritance")
        self.pass_ = Action(PASS_CODE, "pass", None, "Pass")
        aliases = {c: (ids[c], names[c]) for c in range(N_CARDS)}
        aliases.update({SAVE_BASE + c: (ids[c], names[c]) for c in range(N_CARDS)})
        aliases[CLAIM_CODE] = ("claim", "c", "yes")
        aliases[PASS_CODE] = ("p", "no")
        self.catalog = ActionCatalog([*play, *save, self.claim, self.pass_], aliases)
        self.actions = self.catalog.actions
        self.play_bytes = _byte_tables(play)
        self.save_bytes = _byte_tables(save)
        self.ducat_bytes = _sum_tables(deck.ducats)
        self.influence_bytes = _sum_tables(deck.influence)
        self.suit_masks = deck.suit_masks
        self.trump_mask = self.suit_masks[0]
        self.suit_mask_of = tuple(self.suit_masks[deck.suit_of[c]] for c in range(N_CARDS))
        # The cards that make the coalitions: the Pope and Mendicant (4 players), the Abbot (5).
        self.roles = {4: (deck.pope, deck.mendicant), 5: (deck.abbot,)}


@lru_cache(maxsize=32)
def tables_for(deck: Deck) -> Tables:
    """The shared tables of ``deck``, kept for the last few decks (the cache must stay bounded:
    tables refer to their deck, so a weak cache would keep every deck ever played)."""
    return Tables(deck)


class TestaGame(Game):
    """A game of Testa di Pecora for 4 or 5 players over three seasons."""

    __slots__ = (
        "cur",
        "dealer",
        "deals",
        "hands",
        "heir",
        "inherit",
        "lead_mask",
        "leader",
        "n",
        "partner",
        "passed",
        "passouts",
        "past",
        "phase",
        "redeals",
        "renown",
        "savings",
        "season",
        "seasons",
        "seasons_log",
        "side",
        "t",
        "trades",
        "trick",
        "won",
    )

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        """A new game from checked options (see the spec in __init__.py)."""
        self._start(players, seed, variant, options)
        self.n = players
        self.t = tables_for(DECKS.load(options["deck"]))
        self.catalog = self.t.catalog
        self.seasons = options["seasons"]
        self.redeals = options["redeals"]
        self.season = 0
        self.renown = [START_RENOWN] * players
        self.seasons_log: list[dict[str, Any]] = []
        self.passouts: list[dict[str, Any]] = []
        self.past: tuple[Hashable, ...] = ()
        self.deals = 0
        dealer = options["first_dealer"]
        if dealer is None:  # drawn from the seed, as a table cuts for the deal
            dealer = stream(self.seed, FIRST_DEALER_STREAM).randrange(self.n)
        self.dealer = dealer
        self._deal()

    # -- the protocol ------------------------------------------------------------------

    @property
    def to_act(self) -> frozenset[int]:
        return _NOBODY if self.phase == OVER else _SEATS[self.cur]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def result(self) -> GameResult | None:
        return GameResult.from_scores(self.renown) if self.phase == OVER else None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat.__class__ is not int or seat != self.cur or self.phase == OVER:
            self._query_seat(seat)
            return []
        phase = self.phase
        if phase == PLAY:
            m = self._play_mask()
            t = self.t.play_bytes
        elif phase == SAVE:
            m = self.hands[self.cur]
            t = self.t.save_bytes
        else:
            if self._must_claim():
                return [self.t.claim]
            return [self.t.claim, self.t.pass_]
        return [*t[0][m & 255], *t[1][m >> 8 & 255], *t[2][m >> 16 & 255], *t[3][m >> 24]]

    def act(self, seat: int, action: Action) -> None:
        if seat.__class__ is not int or seat != self.cur or self.phase == OVER:
            seat = self._check_seat(seat)
        try:
            code = action.code
            known = self.t.actions[code] is action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            found = self.catalog.canonical(action)
            if found is None:
                raise self._unknown_action(action)
            code = found.code
        phase = self.phase
        if phase == PLAY:
            if code >= N_CARDS or not self._play_mask() >> code & 1:
                raise self._illegal(seat, code)
            self.history.append((seat, code))
            self._play(seat, code)
        elif phase == SAVE:
            if not (SAVE_BASE <= code < CLAIM_CODE and self.hands[seat] >> (code - SAVE_BASE) & 1):
                raise self._illegal(seat, code)
            self.history.append((seat, code))
            self._save(seat, code - SAVE_BASE)
        elif code == CLAIM_CODE:
            self.history.append((seat, code))
            self._claim(seat)
        elif code == PASS_CODE and not self._must_claim():
            self.history.append((seat, code))
            self._pass(seat)
        else:
            raise self._illegal(seat, code)

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.build_view(self, seat)

    def info_key(self, seat: int | None) -> Hashable:
        return _views.info_key(self, seat)

    def observe(self, seat: int) -> Any:
        from .observation import observe

        return observe(self, seat)

    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        return _events.describe(self, raw)

    def event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        return _text.describe(event, viewer, self.t.deck)

    def card_table(self) -> dict[str, Any]:
        return _text.card_table(self.t.deck)

    def hidden_ids(self, seat: int | None) -> frozenset[str]:
        if seat is not None:
            self._query_seat(seat)
        m = self.inherit
        for s in range(self.n):
            if s != seat:
                m |= self.hands[s]
        if (seat is None or seat != self.heir) and self.phase != OVER:  # shown once scored
            m |= self.savings
        ids = self.t.deck.ids
        return frozenset(ids[c] for c in cards_of(m))

    def canonical(self) -> Hashable:
        return freeze(
            {
                "base": (self.n, self.seed, self.variant, self._options, self.resampled),
                "history": self.history,
                "log": (self.log_base, self.log),
                "slots": [
                    (name, getattr(self, name))
                    for name in TestaGame.__slots__
                    if name not in ("t", "n")
                ],
            }
        )

    def resample(
        self, seat: int, rng: random.Random, policy: WorldPolicy | None = None
    ) -> TestaGame:
        return _resample.resample(self, seat, rng)

    def clone(self) -> TestaGame:
        g = TestaGame.__new__(TestaGame)
        g._copy_base(self)
        g.n = self.n
        g.t = self.t
        g.seasons = self.seasons
        g.redeals = self.redeals
        g.past = self.past
        g.season = self.season
        g.renown = self.renown[:]
        g.seasons_log = self.seasons_log[:]
        g.passouts = self.passouts[:]
        g.deals = self.deals
        g.dealer = self.dealer
        g.phase = self.phase
        g.cur = self.cur
        g.hands = self.hands[:]
        g.inherit = self.inherit
        g.heir = self.heir
        g.partner = self.partner
        g.savings = self.savings
        g.passed = self.passed[:]
        g.side = self.side
        g.trick = self.trick[:]
        g.leader = self.leader
        g.lead_mask = self.lead_mask
        g.won = self.won[:]
        g.trades = self.trades[:]
        return g

    # -- queries used by views, agents and tests -------------------------------------------

    @property
    def deck(self) -> Deck:
        return self.t.deck

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def ducats_of(self, mask: int) -> int:
        return mask_sum(self.t.ducat_bytes, mask)

    def influence_of(self, mask: int) -> int:
        return mask_sum(self.t.influence_bytes, mask)

    # -- transitions -----------------------------------------------------------------------

    def _must_claim(self) -> bool:
        """The bound on re-deals (decision D10): after ``redeals`` pass-outs in one season, the
        last seat offered the Inheritance (the dealer) must claim it."""
        return (
            len(self.passed) == self.n - 1
            and sum(p["season"] == self.season + 1 for p in self.passouts[-self.redeals :])
            >= self.redeals
        )

    def _play_mask(self) -> int:
        """Cards the player to act may play: "must play a noble from the same city, if they
        have one"; "for trades that begin with a cleric, all players must play clerics"."""
        hand = self.hands[self.cur]
        if self.trick:
            follow = hand & self.lead_mask
            if follow:
                return follow
        return hand

    def _deal(self) -> None:
        n = self.n
        cards = list(range(N_CARDS))
        shuffle(cards, self.seed, self.deals)
        self.deals += 1
        self.log.append((EV_DEAL, self.season + 1, self.dealer))
        size = HAND_SIZE[n]
        hands = []
        for s in range(n):
            m = 0
            for c in cards[s * size : (s + 1) * size]:
                m |= 1 << c
            hands.append(m)
        self.hands = hands
        inherit = 0
        for c in cards[n * size :]:
            inherit |= 1 << c
        self.inherit = inherit
        self.heir = self.partner = -1
        self.savings = 0
        self.passed = []
        self.trick = []
        self.leader = self.cur = (self.dealer + 1) % n
        self.lead_mask = 0
        self.won = [0] * n
        self.trades = []
        if n == 5:
            self.phase = CLAIM
            self.side = ()
        else:
            self.phase = PLAY
            self.side = self._pope_side()

    def _pope_side(self) -> tuple[int, ...]:
        """4 players: "The player with the Pope and the player with the Mendicant are partnered"."""
        deck = self.t.deck
        pope = self._holder(deck.pope)
        mendicant = self._holder(deck.mendicant)
        return (pope,) if pope == mendicant else (pope, mendicant)

    def _holder(self, card: int) -> int:
        """The seat holding ``card`` in hand or savings, or who played it this season."""
        bit = 1 << card
        for s, h in enumerate(self.hands):
            if h & bit:
                return s
        if self.savings & bit:
            return self.heir
        for leader, cards, _winner in self.trades:
            if card in cards:
                return (leader + cards.index(card)) % self.n
        if card in self.trick:
            return (self.leader + self.trick.index(card)) % self.n
        return -1

    def _pass(self, seat: int) -> None:
        self.log.append((EV_PASS, seat))
        self.passed.append(seat)
        if len(self.passed) < self.n:
            self.cur = (seat + 1) % self.n
            return
        # "If nobody claims the Inheritance, players add up their influence scores. The player
        # with the highest is punished by losing one renown. Collect the cards, re-deal, and
        # replay the season."
        scores = [self.influence_of(h) for h in self.hands]
        top = max(scores)
        punished = [s for s, v in enumerate(scores) if v == top]
        for s in punished:
            self.renown[s] -= 1
        self.passouts.append(
            {
                "season": self.season + 1,
                "dealer": self.dealer,
                "influence": scores,
                "punished": punished,
            }
        )
        self.past += (("passout", self.season, self.dealer, tuple(scores)),)
        self.log.append((EV_PASSOUT, len(self.passouts) - 1))
        self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def _claim(self, seat: int) -> None:
        self.log.append((EV_CLAIM, seat, tuple(cards_of(self.inherit))))
        self.heir = seat
        self.hands[seat] |= self.inherit
        self.inherit = 0
        self.phase = SAVE

    def _save(self, seat: int, card: int) -> None:
        self.log.append((EV_SAVE, seat, card))
        bit = 1 << card
        self.hands[seat] ^= bit
        self.savings |= bit
        if self.savings.bit_count() < SAVINGS:
            return
        # "The Heir's Partner is the player holding the Abbot."
        holder = self._holder(self.t.deck.abbot)
        self.partner = -1 if holder == seat else holder
        self.side = (seat,) if self.partner < 0 else (seat, self.partner)
        self.phase = PLAY
        self.cur = (self.dealer + 1) % self.n

    def _play(self, seat: int, card: int) -> None:
        self.log.append((EV_PLAY, seat, card))
        self.hands[seat] ^= 1 << card
        if card in self.t.roles[self.n]:
            self._sides_news(seat, card)
        trick = self.trick
        if not trick:
            self.leader = seat
            self.lead_mask = self.t.suit_mask_of[card]
        trick.append(card)
        if len(trick) < self.n:
            self.cur = seat + 1 if seat + 1 < self.n else 0
        else:
            self._finish_trade()

    def _finish_trade(self) -> None:
        t = self.t
        trick = self.trick
        m = 0
        for c in trick:
            m |= 1 << c
        # "If any clerics were played, the highest ranking cleric wins the round; otherwise,
        # the highest ranking merchant from the city where the trade is happening".
        best = m & t.trump_mask or m & self.lead_mask
        card = (best & -best).bit_length() - 1
        winner = (self.leader + trick.index(card)) % self.n
        ducats = mask_sum(t.ducat_bytes, m)
        self.won[winner] += ducats
        self.trades.append((self.leader, tuple(trick), winner))
        self.log.append((EV_TRADE, self.leader, tuple(trick), winner, ducats))
        self.trick = []
        self.cur = winner
        if not self.hands[winner]:
            self._end_season()

    def _end_season(self) -> None:
        n = self.n
        side = self.side
        savings = self.ducats_of(self.savings)
        ducats = sum(self.won[s] for s in side) + savings
        # "the coalition that wins a majority of it wins"; "If there is a tie, the faction
        # that started with the inheritance (five players) or the Pope (four players) loses."
        side_wins = 2 * ducats > TOTAL_DUCATS
        sign = 1 if side_wins else -1
        opponents = [s for s in range(n) if s not in side]
        change = [0] * n
        for s in opponents:
            change[s] = -sign
        # The side's leader (the Heir, or the Pope) takes what the partner does not, so the
        # transfer is zero-sum: Heir 2 + partner 1 = 3 opponents; alone, one from each opponent.
        for s in side[1:]:
            change[s] = sign
        change[side[0]] = sign * (len(opponents) - (len(side) - 1))
        for s in range(n):
            self.renown[s] += change[s]
        self.seasons_log.append(
            {
                "season": self.season + 1,
                "dealer": self.dealer,
                "heir": self.heir if n == 5 else None,
                "side": list(side),
                "alone": len(side) == 1,
                "savings": [self.t.deck.ids[c] for c in cards_of(self.savings)],
                "ducats": [ducats, TOTAL_DUCATS - ducats],
                "side_won": side_wins,
                "renown_change": change,
                "ducats_won": list(self.won),
                "last_trade": self.trades[-1],
            }
        )
        self.past += (("season", freeze(self.seasons_log[-1])),)
        self.log.append((EV_SEASON, len(self.seasons_log) - 1))
        self.season += 1
        if self.season >= self.seasons:
            self.phase = OVER
            self.cur = -1
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    def _sides_news(self, seat: int, card: int) -> None:
        """Log who learns the coalitions now that role card ``card`` is played: everyone once
        every role card is out; before that, a seat that holds all the others. The entry is
        logged even when nobody learns (then nobody sees it): event numbers are seen by all, so
        a gap must not tell whether another seat holds the other role cards."""
        played = {c for _, cards, _ in self.trades for c in cards} | set(self.trick) | {card}
        unplayed = [c for c in self.t.roles[self.n] if c not in played]
        if not unplayed:
            self.log.append((EV_SIDES, None, self.side))
            return
        need = sum(1 << c for c in unplayed)
        learners = [
            s
            for s in range(self.n)
            if s != seat
            and (self.hands[s] | (self.savings if s == self.heir else 0)) & need == need
        ]
        self.log.append((EV_SIDES, frozenset(learners), self.side))

    # -- refusals ----------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> int:
        """The seat if it may act now (a plain int); otherwise raise."""
        if self._valid_seat(seat) and seat == self.cur and self.phase != OVER:
            return seat  # type: ignore[return-value]
        raise self._refuse_seat(seat)

    def _illegal(self, seat: int, code: int) -> IllegalActionError:
        """Say why ``code`` is not allowed for ``seat`` now, in the table's words."""
        deck = self.t.deck
        action = self.t.actions[code]
        phase = self.phase
        if phase == CLAIM:
            if code == PASS_CODE:
                return IllegalActionError(
                    f"everyone has passed {self.redeals} times this season: the dealer must "
                    "claim the Inheritance"
                )
            return IllegalActionError(
                f"the Inheritance is being offered: claim it or pass, not {action.label!r}"
            )
        if phase == SAVE:
            if code >= SAVE_BASE and code < CLAIM_CODE:
                return IllegalActionError(
                    f"you can only save cards from your hand; {deck.names[code - SAVE_BASE]} "
                    "is not in it"
                )
            return IllegalActionError(
                f"choose two cards of your hand to save, not {action.label!r}"
            )
        if code >= N_CARDS:
            return IllegalActionError(f"play a card from your hand, not {action.label!r}")
        if not self.hands[seat] >> code & 1:
            return IllegalActionError(f"{deck.names[code]} is not in your hand")
        lead = self.trick[0]
        suit = deck.suit_names[deck.suit_of[lead]]
        if deck.suit_of[lead] == 0:
            return IllegalActionError(
                f"a trade begun with a cleric is followed with clerics ({suit}) while you have any"
            )
        return IllegalActionError(
            f"the trade is in {suit}: play a noble of {suit} while you have one"
        )


def new_testa_game(players: int, seed: int, variant: str, options: dict[str, Any]) -> TestaGame:
    return TestaGame(players, seed, variant, options)


# The modules that show this game (views, events, text) import this one: they come last.
from . import events as _events  # noqa: E402
from . import resample as _resample  # noqa: E402
from . import text as _text  # noqa: E402
from . import views as _views  # noqa: E402
