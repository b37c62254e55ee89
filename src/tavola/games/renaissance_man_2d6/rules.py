"""Renaissance Man (2006): the state and its transitions, in plain lists of ints for speed.

Creative Reserves are counted by kind (index into ``KINDS``: all cards of a kind are alike);
Challenge-deck cards are numbered as in :class:`~.cards.Cards`. Every rule here is quoted in
docs/rules/renaissance-man-2d6.md with the decisions [Dn] it takes where the rulebook is silent.
Each transition appends a raw event tuple to ``log`` (events.py says who sees what).

Chance: the k-th shuffle is ``shuffle(cards, seed, SHUFFLE, k)``, the k-th roll of 2d6 from
``derive_seed(seed, DICE, k)``, so a record (seed and actions) replays every die exactly.

On the hot paths (legal actions, acting, the turn's transitions) lists are built by loops, not
comprehensions (docs/design.md, performance rules: faster on Python 3.11).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

from ...core.events import Event
from ...core.protocol import Action, ActionCatalog, Game, GameResult, WorldPolicy, freeze
from ...core.rng import derive_seed, shuffle, stream
from .cards import CARDS, KINDS, Cards
from .odds import TARGET, modifier_parts, parts_sum

K = len(KINDS)
TURN, PICK, SELECT, EVENT, DECLARE, OVER = range(6)
PHASES = ("turn", "pick", "select", "event", "declare", "over")
HAND = 3
"""'Deal 3 CR cards to each player.'"""
DECLARE_AT = 10
"""'If any player has 10 points or more ...'"""
TURN_LIMIT = 400
SHUFFLE, DICE, TRIBUTE, FIRST = 1, 2, 3, 4  # sub-streams of the seed

# Raw event kinds (the first item of each ``log`` tuple).
(
    EV_START,
    EV_HAND,
    EV_TURN,
    EV_DRAW,
    EV_SHUFFLE,
    EV_REVEAL,
    EV_ATTEMPT,
    EV_PLAY,
    EV_ROLL,
    EV_PASS,
    EV_STAND,
    EV_CONTEST,
    EV_WIN_EVENT,
    EV_TRIBUTE,
    EV_RECOVER,
    EV_DECLARE,
    EV_END,
) = range(17)

# Action codes: the fixed ones, then one "play" per kind, then one "attempt" per Challenge.
DRAW_RESERVE, DRAW_CHALLENGE, ROLL, STAND, PASS, DECLARE_CODE = range(6)
PLAY_BASE = 6
ATTEMPT_BASE = PLAY_BASE + K
END_REASONS = ("declared", "no-challenges", "turn-limit")

_NOBODY: frozenset[int] = frozenset()
_SEATS = tuple(frozenset((s,)) for s in range(8))


class Tables:
    """What games with one card set share: the action catalog and per-card lookups."""

    def __init__(self, cards: Cards) -> None:
        self.cards = cards
        names = cards.kind_names
        fixed = [
            Action(DRAW_RESERVE, "draw", {"deck": "reserves"}, "Draw a Creative Reserves card"),
            Action(DRAW_CHALLENGE, "draw", {"deck": "challenges"}, "Turn up a Challenge"),
            Action(ROLL, "roll", None, "Roll the dice"),
            Action(STAND, "stand", None, "Play no more cards"),
            Action(PASS, "pass", None, "Pass"),
            Action(DECLARE_CODE, "declare", None, "Declare my next turn my last"),
        ]
        play = [
            Action(PLAY_BASE + k, "play", {"card": KINDS[k]}, f"Play {names[k]}") for k in range(K)
        ]
        n_ch = cards.n_challenges
        attempt = [
            Action(
                ATTEMPT_BASE + i,
                "attempt",
                {"challenge": cards.ids[i]},
                f"Attempt {cards.names[i]}",
            )
            for i in range(n_ch)
        ]
        aliases: dict[int, tuple[str, ...]] = {
            DRAW_RESERVE: ("reserve", "r", "draw reserve", "draw cr"),
            DRAW_CHALLENGE: ("challenge", "ch", "draw challenge", "turn up"),
            ROLL: ("r!", "go"),
            STAND: ("done", "no more"),
            PASS: ("p", "no"),
            DECLARE_CODE: ("last", "yes"),
        }
        for k in range(K):
            aliases[PLAY_BASE + k] = (KINDS[k], names[k], f"play {KINDS[k]}")
        for i in range(n_ch):
            aliases[ATTEMPT_BASE + i] = (cards.ids[i], cards.names[i])
        self.catalog = ActionCatalog([*fixed, *play, *attempt], aliases)
        self.actions = self.catalog.actions
        self.play = tuple(play)
        self.attempt = tuple(attempt)


@lru_cache(maxsize=32)
def tables_for(cards: Cards) -> Tables:
    """The shared tables of a card set, kept for the last few sets (a bounded cache)."""
    return Tables(cards)


def _dice(seed: int, k: int) -> tuple[int, int]:
    """The k-th roll of 2d6 of a game (36 outcomes from one 64-bit draw; bias below 1e-17)."""
    r = derive_seed(seed, DICE, k) % 36
    return r // 6 + 1, r % 6 + 1


class RenaissanceMan2d6(Game):
    """A game of Renaissance Man (Cichelli & Leistiko, 2006) for 2 to 6 players."""

    __slots__ = (
        "bonus",
        "c",
        "ch_deck",
        "cr_deck",
        "cur",
        "declared",
        "discards",
        "end_turn",
        "ended",
        "ev",
        "ev_played",
        "ev_seat",
        "first",
        "hands",
        "known",
        "last_dice",
        "n",
        "phase",
        "played",
        "rolls",
        "scores",
        "shuffles",
        "success",
        "t",
        "table",
        "target",
        "tributes",
        "turn_limit",
        "turned",
        "turns",
        "waive",
    )

    def __init__(self, players: int, seed: int, variant: str, options: dict[str, Any]) -> None:
        """A new game from checked options (see the spec in __init__.py)."""
        self._start(players, seed, variant, options)
        n = self.n = players
        self.c = c = CARDS.load(options["cards"])
        self.t = tables_for(c)
        self.catalog = self.t.catalog
        self.turn_limit = options["turn_limit"]
        self.rolls = self.shuffles = self.tributes = 0
        self.turns = 0
        self.turned = self.target = self.ev = self.declared = self.end_turn = -1
        self.ended = -1
        self.last_dice: tuple[tuple[int, int, int], ...] = ()
        self.hands = [[0] * K for _ in range(n)]
        self.known = [[0] * K for _ in range(n)]
        self.discards = [0] * K
        self.played = [0] * K
        self.ev_played = [[0] * K for _ in range(n)]
        self.ev_seat = -1
        self.success: list[list[int]] = [[] for _ in range(n)]
        self.scores = [0] * n
        self.bonus = [0] * n
        self.waive = [0] * n
        # "Shuffle the CR deck and the Challenge deck separately."
        self.cr_deck = [k for k in range(K) for _ in range(c.reserve_counts[k])]
        self._shuffle(self.cr_deck)
        self.ch_deck = list(range(c.n_cards))
        self._shuffle(self.ch_deck)
        first = options["first_player"]
        if first is None:  # [D1] birthdays are not data: the seed chooses
            first = stream(seed, FIRST).randrange(n)
        self.first = self.cur = first
        # "Deal 3 CR cards to each player." (one at a time, from the first player on)
        for _ in range(HAND):
            for i in range(n):
                s = (first + i) % n
                self.hands[s][self.cr_deck.pop()] += 1
        # "Deal Challenge cards face up to the center of the table equal to the number of
        # players." [D2] An Event dealt here is set aside, then shuffled back into the deck.
        self.table: list[int] = []
        aside = []
        while len(self.table) < n:
            card = self.ch_deck.pop()
            (aside if c.is_event[card] else self.table).append(card)
        if aside:
            self.ch_deck.extend(aside)
            self._shuffle(self.ch_deck)
        self.log.append((EV_START, first, tuple(self.table)))
        for s in range(n):
            self.log.append((EV_HAND, s, tuple(self.hands[s])))
        self.phase = TURN
        self.log.append((EV_TURN, self.cur, 0))

    # -- the protocol ------------------------------------------------------------------

    @property
    def to_act(self) -> frozenset[int]:
        phase = self.phase
        if phase == OVER:
            return _NOBODY
        return _SEATS[self.ev_seat if phase == EVENT else self.cur]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def at_limit(self) -> bool:
        return self.phase == OVER and END_REASONS[self.ended] == "turn-limit"

    @property
    def result(self) -> GameResult | None:
        # "If you have the most points at the end of the game, you win!" [D6] ties share.
        return GameResult.from_scores(self.scores) if self.phase == OVER else None

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        actor = self.ev_seat if phase == EVENT else self.cur
        if seat.__class__ is not int or seat != actor or phase == OVER:
            self._query_seat(seat)
            return []
        t = self.t
        a = t.actions
        out = []
        if phase in (SELECT, EVENT):  # a card the Challenge needs, or no more cards
            needs = self.c.needs[self.target if phase == SELECT else self.ev]
            hand = self.hands[seat]
            play = t.play
            for k in range(K):
                if needs[k] and hand[k]:
                    out.append(play[k])
            out.append(a[ROLL] if phase == SELECT else a[STAND])
            return out
        if phase == DECLARE:
            return [a[DECLARE_CODE], a[PASS]]
        if phase == TURN:
            if self.cr_deck or any(self.discards):
                out.append(a[DRAW_RESERVE])
            if self.ch_deck:
                out.append(a[DRAW_CHALLENGE])
                return out
            # [D3] no Challenge to turn up: attempt a face-up one instead (below)
        attempt = t.attempt  # PICK: attempt a face-up Challenge, or pass
        for i in sorted(self.table):
            out.append(attempt[i])
        if phase == PICK or not out:  # a turn with nothing to do passes
            out.append(a[PASS])
        return out

    def act(self, seat: int, action: Action) -> None:
        phase = self.phase
        actor = self.ev_seat if phase == EVENT else self.cur
        if seat.__class__ is not int or seat != actor or phase == OVER:
            raise self._refuse_seat(seat)
        try:
            known = self.t.actions[action.code] is action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            found = self.catalog.canonical(action)
            if found is None:
                raise self._unknown_action(action)
            action = found
        legal = self.legal_actions(seat)
        for a in legal:  # catalog instances: identity is equality
            if a is action:
                break
        else:
            raise self._refuse_action(action, legal)
        code = action.code
        self.history.append((seat, code))
        if code >= ATTEMPT_BASE:
            self._attempt(code - ATTEMPT_BASE)
        elif code >= PLAY_BASE:
            self._play(seat, code - PLAY_BASE)
        elif code == DRAW_RESERVE:
            self._draw(self.cur)  # "put it in your hand and end your turn."
            self._end_turn()
        elif code == DRAW_CHALLENGE:
            self._turn_up()
        elif code == ROLL:
            self._roll_attempt()
        elif code == STAND:
            self._stand()
        elif code == DECLARE_CODE:
            self._declare()
        elif phase == DECLARE:
            self._next_turn()
        else:  # declines to attempt (or, with nothing to do, ends the turn)
            self.log.append((EV_PASS, seat))
            self._end_turn()

    # -- the rules -----------------------------------------------------------------------

    def _shuffle(self, cards: list[int]) -> None:
        shuffle(cards, self.seed, SHUFFLE, self.shuffles)
        self.shuffles += 1

    def _roll(self) -> tuple[int, int]:
        dice = _dice(self.seed, self.rolls)
        self.rolls += 1
        return dice

    def _draw(self, seat: int) -> bool:
        """Draw a CR card into ``seat``'s hand (False if there is none anywhere).

        "If the CR deck runs out of cards, shuffle the discards and make a new CR deck."
        [D4] This is done the moment the deck is empty (or, if the discards were empty then, at
        the next draw)."""
        self._restock()
        if not self.cr_deck:
            return False
        kind = self.cr_deck.pop()
        self.hands[seat][kind] += 1
        self.log.append((EV_DRAW, seat, kind))
        self._restock()
        return True

    def _restock(self) -> None:
        discards = self.discards
        if self.cr_deck or not any(discards):
            return
        deck = []
        for k in range(K):
            deck += [k] * discards[k]
        self.discards = [0] * K
        self._shuffle(deck)
        self.cr_deck = deck
        self.log.append((EV_SHUFFLE, len(deck)))

    def _turn_up(self) -> None:
        """'If you draw a Challenge, play it face-up to the center of the table.'"""
        card = self.ch_deck.pop()
        self.log.append((EV_REVEAL, self.cur, card))
        if self.c.is_event[card]:
            self.ev = card
            self.ev_seat = self.cur  # "each player, starting with you"
            self.phase = EVENT
        else:
            self.table.append(card)
            self.turned = card
            self.phase = PICK

    def _attempt(self, card: int) -> None:
        self.log.append((EV_ATTEMPT, self.cur, card))
        self.target = card
        self.phase = SELECT

    def _play(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        known = self.known[seat]
        if known[kind]:  # what all know of the hand shrinks with it
            known[kind] -= 1
        (self.played if self.phase == SELECT else self.ev_played[seat])[kind] += 1
        self.log.append((EV_PLAY, seat, kind))

    def _roll_attempt(self) -> None:
        s, card, played = self.cur, self.target, self.played
        parts = modifier_parts(
            self.c.needs[card], played, card == self.turned, self.bonus[s], self.waive[s]
        )
        d1, d2 = self._roll()
        self.last_dice = ((s, d1, d2),)
        won = d1 + d2 + parts_sum(parts) >= TARGET
        self.log.append((EV_ROLL, s, card, d1, d2, parts, won))
        if won:  # "discard all CR cards you used and move the Challenge to your Success pile."
            self._spend(s, played)
            self.table.remove(card)
            self._score(s, card)
        else:  # "If you lose, take your CR cards back."
            self._take_back(s, played)
        self.played = [0] * K
        self.target = -1
        self._end_turn()  # "Either way, your turn is done."

    def _spend(self, s: int, cards: list[int]) -> None:
        """Cards played by ``s`` go to the discards."""
        for k in range(K):
            self.discards[k] += cards[k]

    def _take_back(self, s: int, cards: list[int]) -> None:
        """Cards played by ``s`` return to its hand, seen by all."""
        known, hand = self.known[s], self.hands[s]
        for k in range(K):
            hand[k] += cards[k]
            known[k] += cards[k]

    def _score(self, s: int, card: int) -> None:
        self.success[s].append(card)
        self.scores[s] += self.c.points[card]

    def _stand(self) -> None:
        s = self.ev_seat
        self.log.append((EV_STAND, s, sum(self.ev_played[s])))
        self.ev_seat = (s + 1) % self.n
        if self.ev_seat == self.cur:  # "Once all players have played cards"
            self._resolve_event()

    def _resolve_event(self) -> None:
        """'you each roll 2d6 and add one to your total for each CR card you played. (If you're
        the player who turned the card over, add 1 to your roll for that, too.)' [D5] Those
        tied for the highest total roll again (with the same additions) until one is highest."""
        n, cur, card = self.n, self.cur, self.ev
        mods = []
        for s in range(n):
            mods.append(sum(self.ev_played[s]) + (s == cur))
        contenders = [*range(cur, n), *range(cur)]  # from the player who turned it up
        dice = []
        while True:
            rolls = []
            top = 0
            for s in contenders:
                d1, d2 = self._roll()
                m = mods[s]
                rolls.append((s, d1, d2, m))
                dice.append((s, d1, d2))
                if d1 + d2 + m > top:
                    top = d1 + d2 + m
            contenders = []
            for s, d1, d2, m in rolls:
                if d1 + d2 + m == top:
                    contenders.append(s)
            winner = contenders[0] if len(contenders) == 1 else -1
            self.log.append((EV_CONTEST, card, tuple(rolls), winner, cur))
            if winner >= 0:
                break
        self.last_dice = tuple(dice)
        # "If you have the highest total, put the Event in your Success pile ...
        # Otherwise, take your CR cards back."
        for s in range(n):
            if s == winner:
                self._spend(s, self.ev_played[s])
            else:
                self._take_back(s, self.ev_played[s])
        spent = self.ev_played[winner]
        self.ev_played = [[0] * K for _ in range(n)]
        self._score(winner, card)
        self.log.append((EV_WIN_EVENT, winner, card))
        self._benefit(winner, card, spent)
        self.ev = self.ev_seat = -1
        # [D7] The player who turned the Event up may still attempt a face-up Challenge.
        if self.table:
            self.phase = PICK
        else:
            self._end_turn()

    def _benefit(self, s: int, card: int, spent: list[int]) -> None:
        """'you get to use the special benefits on it' (the benefits are ours: cards.py).
        ``spent``: the cards ``s`` has just played to win the Event (recover leaves them)."""
        c = self.c
        what, amount = c.benefit[card], c.amount[card]
        if what == "draw":
            for _ in range(amount):
                self._draw(s)
        elif what == "bonus":
            self.bonus[s] += amount
        elif what == "waive":
            self.waive[s] += amount
        elif what == "tribute":
            self._tribute(s, amount)
        elif what == "recover":
            self._recover(s, c.needs[card], spent)

    def _tribute(self, s: int, amount: int) -> None:
        """Each of the next ``amount`` players round the table from ``s`` who hold a card gives
        it one at random."""
        n = self.n
        for i in range(1, n):
            if not amount:
                break
            giver = (s + i) % n
            hand = self.hands[giver]
            if not any(hand):
                continue
            amount -= 1
            r = stream(self.seed, TRIBUTE, self.tributes).randrange(sum(hand))
            self.tributes += 1
            kind = 0
            while r >= hand[kind]:
                r -= hand[kind]
                kind += 1
            hand[kind] -= 1
            self.known[giver][kind] = max(0, self.known[giver][kind] - 1)
            self.hands[s][kind] += 1
            self.known[s][kind] += 1
            self.log.append((EV_TRIBUTE, giver, s, kind))

    def _recover(self, s: int, needs: tuple[int, ...], spent: list[int]) -> None:
        """Every discarded card of the kinds the Event ``needs`` to ``s``'s hand, but for those
        it has just played to win it (``spent``: they stay discarded)."""
        taken = []
        for k in range(K):
            taken.append(self.discards[k] - spent[k] if needs[k] else 0)
        for k in range(K):
            self.discards[k] -= taken[k]
            self.hands[s][k] += taken[k]
            self.known[s][k] += taken[k]
        self.log.append((EV_RECOVER, s, tuple(taken)))

    def _end_turn(self) -> None:
        self.turned = -1
        if self.turns == self.end_turn:
            self._finish(0)  # "The game ends at the end of your next turn."
        elif not self.ch_deck and not self.table:
            self._finish(1)  # [D8] no Challenge is left to win
        elif self.turns + 1 >= self.turn_limit and self.end_turn < 0:
            self._finish(2)  # [D9] a bound on the game's length, but a declared end plays out
        elif self.declared < 0 and max(self.scores) >= DECLARE_AT:
            self.phase = DECLARE
        else:
            self._next_turn()

    def _declare(self) -> None:
        """'you may declare that your next turn is your last turn.'"""
        self.declared = self.cur
        self.end_turn = self.turns + self.n
        self.log.append((EV_DECLARE, self.cur, self.end_turn))
        self._next_turn()

    def _next_turn(self) -> None:
        self.turns += 1
        self.cur = (self.cur + 1) % self.n
        self.phase = TURN
        self.log.append((EV_TURN, self.cur, self.turns))

    def _finish(self, reason: int) -> None:
        self.phase = OVER
        self.ended = reason
        self.log.append((EV_END, reason, tuple(self.scores)))

    # -- what a seat knows ---------------------------------------------------------------

    def unseen(self, seat: int | None) -> list[int]:
        """Per kind, the CR cards ``seat`` cannot place: in the deck or unknown in others'
        hands (all cards less its hand, the discards, cards in play and others' known cards)."""
        placed = [self.discards, self.played]
        for s in range(self.n):
            placed.append(self.ev_played[s])
            placed.append(self.hands[s] if s == seat else self.known[s])
        out = []
        for total, cards in zip(self.c.reserve_counts, zip(*placed, strict=True), strict=True):
            out.append(total - sum(cards))
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.build_view(self, self._query_seat(seat, spectator=True))

    def info_key(self, seat: int | None) -> Hashable:
        seat = self._query_seat(seat, spectator=True)
        return (
            self.phase,
            self.cur,
            self.ev_seat,
            self.turns,
            None if seat is None else tuple(self.hands[seat]),
            tuple(sum(h) for h in self.hands),
            tuple(map(tuple, self.known)),
            len(self.cr_deck),
            tuple(self.discards),
            len(self.ch_deck),
            tuple(self.table),
            self.turned,
            self.target,
            tuple(self.played),
            self.ev,
            tuple(map(tuple, self.ev_played)),
            tuple(map(tuple, self.success)),
            tuple(self.bonus),
            tuple(self.waive),
            self.declared,
            self.end_turn,
            self.ended,
            self.last_dice,
        )

    def observe(self, seat: int) -> Any:
        from .observation import observe

        return observe(self, self._query_seat(seat))

    def describe_event(self, raw: tuple[Any, ...]) -> Event:
        return _events.describe(self, raw)

    def event_text(self, event: dict[str, Any], viewer: int | None) -> str:
        return _text.describe(self.c, event, viewer)

    def card_table(self) -> dict[str, Any]:
        return _text.card_table(self.c)

    def hidden_ids(self, seat: int | None) -> frozenset[str]:
        """The Challenges still in the deck (CR cards have no ids: a kind is all one sees)."""
        return frozenset(self.c.ids[i] for i in self.ch_deck)

    def canonical(self) -> Hashable:
        return freeze(
            (
                self.players,
                self.seed,
                self.variant,
                self.history,
                self.log_base,
                self.log,
                self.resampled,
                self.c.digest,
                self.cr_deck,
                self.ch_deck,
                self.hands,
                self.rolls,
                self.shuffles,
                self.tributes,
                self.first,
                self.turn_limit,
                self.scores,
                self.info_key(None),
            )
        )

    def clone(self) -> RenaissanceMan2d6:
        g = RenaissanceMan2d6.__new__(RenaissanceMan2d6)
        g._copy_base(self)
        g.n, g.c, g.t = self.n, self.c, self.t
        g.turn_limit, g.first = self.turn_limit, self.first
        g.rolls, g.shuffles, g.tributes, g.turns = (
            self.rolls,
            self.shuffles,
            self.tributes,
            self.turns,
        )
        g.turned, g.target, g.ev, g.declared = self.turned, self.target, self.ev, self.declared
        g.end_turn, g.ended, g.ev_seat = self.end_turn, self.ended, self.ev_seat
        g.last_dice = self.last_dice
        g.cur, g.phase = self.cur, self.phase
        g.hands = [h[:] for h in self.hands]
        g.known = [h[:] for h in self.known]
        g.ev_played = [h[:] for h in self.ev_played]
        g.success = [h[:] for h in self.success]
        g.discards, g.played = self.discards[:], self.played[:]
        g.scores, g.bonus, g.waive = self.scores[:], self.bonus[:], self.waive[:]
        g.cr_deck, g.ch_deck, g.table = self.cr_deck[:], self.ch_deck[:], self.table[:]
        return g

    def resample(
        self, seat: int, rng: random.Random, policy: WorldPolicy | None = None
    ) -> RenaissanceMan2d6:
        """Others' unknown hand cards and both decks' order re-drawn; future dice new (a new
        seed). [D10] Unseen CR cards form one pool: a seat does not track which shuffle of the
        deck an unseen card came from."""
        self._query_seat(seat)
        g = self.clone()
        g._forget(rng)
        pool = [k for k, count in enumerate(g.unseen(seat)) for _ in range(count)]
        rng.shuffle(pool)
        for s in range(g.n):
            if s == seat:
                continue
            hand = g.known[s][:]
            for _ in range(sum(self.hands[s]) - sum(hand)):
                hand[pool.pop()] += 1
            g.hands[s] = hand
        g.cr_deck = pool
        g.ch_deck.sort()
        rng.shuffle(g.ch_deck)
        return g


def new_game(players: int, seed: int, variant: str, options: dict[str, Any]) -> RenaissanceMan2d6:
    return RenaissanceMan2d6(players, seed, variant, options)


# The modules that show this game (views, events, text) import this one: they come last.
from . import events as _events  # noqa: E402
from . import text as _text  # noqa: E402
from . import views as _views  # noqa: E402
