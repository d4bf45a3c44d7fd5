"""A game's kit: everything about one game that is not an algorithm and not a window.

The rules (`Game`) say what is legal; the kit says the rest once, for every front end and
adapter: the boards people pick (`presets`), the rules the command line sets (`options`),
the board in text, how moves become integer actions (`Codec`, for PettingZoo and
OpenSpiel), hints in words, what a learner's numbers mean for this game, and its limits.
Each game's package defines its kit and registers it at the bottom (`registry.register`),
as OpenSpiel's Python games do; every other module asks `kit_for(game)`.

A kit names no player: where a hint needs an exact judge's numbers it takes anything with
`move_scores` (`Judge`), and where the theory plays a game it reads it through
`Game.heaps()`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .base import AnyGame, IllegalMove, Move, State

S = TypeVar("S")
M = TypeVar("M")


def allowed(game: AnyGame, state: State, move: Move) -> Move:
    """`move`, if the rules allow it in `state`; else `IllegalMove` saying why, as a
    sentence (what a typed move is answered with)."""
    why = game.why_illegal(state, move)
    if why is not None:
        raise IllegalMove(f"{why[0].upper()}{why[1:]}.")
    return move


class Judge(Protocol):
    """What a hint asks of the exact player: each legal move's exact score for the mover
    (positive wins, 0 draws, negative loses; the bigger the better)."""

    def move_scores(self, state: Any) -> Mapping[Any, float]: ...


@dataclass(frozen=True)
class Preset:
    """A board people pick by name ("Nim 1, 3, 5, 7 — misère (CS50)"): the game's rules,
    or None where the person sets them (the set-up and training screens then ask)."""

    label: str
    rules: Mapping[str, Any] | None


@dataclass(frozen=True)
class Option:
    """A rule the command line sets: `--flag VALUE` read by `parse` (ValueError saying
    why), or a switch when `parse` is None. The kit turns the values given into rules
    (`GameKit.rules_from_options`); games that share a flag share its meaning."""

    flag: str
    help: str
    parse: Callable[[str], Any] | None = None

    @property
    def key(self) -> str:
        """The flag as a name: "--max-take" -> "max_take"."""
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Menu:
    """A choice among fixed entries on a screen: the words a person reads, each with the
    value it means (the first is chosen at first). `shown_when` (another field's key and
    the value it must have) hides it otherwise."""

    key: str
    label: str
    entries: tuple[tuple[str, Any], ...]
    shown_when: tuple[str, Any] | None = None

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(words for words, _ in self.entries)

    def value(self, words: str) -> Any:
        """The value the entry `words` means; ValueError for words it does not offer."""
        for shown, meant in self.entries:
            if shown == words:
                return meant
        raise ValueError(f"{self.label} offers no '{words[:40]}'")


@dataclass(frozen=True)
class TextField:
    """Typed text, read by `parse` (ValueError saying what to type)."""

    key: str
    label: str
    default: str
    limit: int
    parse: Callable[[str], Any]
    placeholder: str = ""
    shown_when: tuple[str, Any] | None = None


@dataclass(frozen=True)
class NumberField:
    """A whole number from `low` to `high` (a slider beside a typed field), read by
    `parse` (ValueError saying what to type)."""

    key: str
    label: str
    low: int
    high: int
    default: int
    parse: Callable[[str], int]
    shown_when: tuple[str, Any] | None = None


@dataclass(frozen=True)
class KeptHats:
    """The hats opponent a game keeps between runs, played as the Game of Sticks seed's AI:
    it draws a ball from each hat at random (as many chances as balls), learns from every
    game and is saved after each one; a saved hats brain of the game plays so too, kept in
    its own file. `name` is its brain's name in the brains folder; its hats are for the
    board `rules` make (the game's own without), which plays every board
    `GameKit.kept_hats_play` accepts, in `scope`'s words. People pick it as `choice`: a
    player kind's registry name ("hats": `--opponent hats`, the set-up's Hats), or
    "computer" (the Sticks seed's own menu entries). `practises`: a new one practises
    before its first game (else it starts naive, as the seed's Sticks computer). `who`
    names it in a sentence ("the Sticks computer")."""

    name: str
    choice: str
    rules: Mapping[str, Any] | None = None
    scope: str = ""
    practises: bool = False
    #: Who the kept hats are, as the library names them ("the Sticks computer").
    who: str = "the computer"


#: A field of a screen's form, as data the front end draws.
FormField = Menu | TextField | NumberField

#: The value of a board menu's entry whose board is drawn at random when play starts.
RANDOM_BOARD = "random"
#: The value of a board menu's entry whose board the person types.
TYPED_BOARD = "typed"


def shown(field: FormField, values: Mapping[str, Any]) -> bool:
    """Whether `field` is shown, given the values of the form's fields so far."""
    return field.shown_when is None or values.get(field.shown_when[0]) == field.shown_when[1]


class Codec(ABC, Generic[S, M]):
    """How one board's moves become integer actions 0..actions-1 and what an agent sees:
    a flat list of `prod(observation_shape)` whole numbers from 0 to `observation_high`
    (the environments make an array of it). Plain Python: no numpy here."""

    actions: int
    observation_shape: tuple[int, ...]
    observation_high: int

    @abstractmethod
    def encode(self, move: M) -> int: ...

    @abstractmethod
    def decode(self, action: int) -> M: ...

    @abstractmethod
    def observe(self, state: S, me: int) -> list[int]:
        """What player `me` (0 or 1) sees in `state`, flattened row by row."""


AnyCodec = Codec[Any, Any]


class GameKit(ABC):
    """One game's home. Subclasses set the class attributes and override what applies."""

    #: The game's short name (its rules class's `name`): "nim".
    name: str = ""
    #: The menu's line about it.
    blurb: str = ""
    #: The boards people pick by name, in menu order.
    presets: tuple[Preset, ...] = ()
    #: The rules the command line sets.
    options: tuple[Option, ...] = ()
    #: How the board is played in the window, for its help screen.
    controls: tuple[str, ...] = ()
    #: The opponent set up at first: a player kind's registry name, or "computer" for the
    #: Sticks seed's learning computer (each seed's own opponent).
    default_opponent: str = "q"
    #: The hats opponent kept between runs, where the game has one (`KeptHats`).
    kept_hats: KeptHats | None = None
    #: The hats learner's default (win bonus, draw bonus, loss penalty) here, where it is
    #: not the seed's (`players.hats.seed_scheme`); the seed's own computer keeps the seed's.
    hats_scheme: tuple[int, int, int] | None = None
    #: How the perfect player plays this game, where it plays by a theory ("" elsewhere).
    theory_words: str = ""
    #: What a move as `move_text` writes it means, where that is not plain ("3:2":
    #: "pile:how many"); a list of moves so written says it once ("" where plain).
    move_key: str = ""
    #: Whether who moves first is drawn at random unless a person says (CS50's Nim).
    first_mover_drawn: bool = False
    #: The set-up screen's question of who moves first: values True (the person) or False.
    first_menu: Menu = Menu("first", "Who moves first", (("You", True),
                                                         ("Your opponent", False)))
    #: Rounds against set opponents instead of free play (KUET's), as a menu whose values
    #: are the rounds (label and player kind per game) or None; None where a game has none.
    rounds_menu: Menu | None = None
    #: What the set-up screen says under the form while rounds are chosen.
    rounds_note: str = ""
    #: The set-up screen's rules, as fields (their values go to `rules_from_form`).
    setup_fields: tuple[FormField, ...] = ()
    #: The rules of "your own board" on the training screen, as fields.
    training_fields: tuple[FormField, ...] = ()

    def rules_from_form(self, values: Mapping[str, Any], rng: random.Random | None
                        ) -> dict[str, Any] | None:
        """The rules a form's `values` make (each field's value by its key: a menu's value,
        typed text as its `parse` read it); ValueError saying what is wrong. A board drawn
        at random uses `rng`; without one, None (the board is not known yet)."""
        return {}

    @property
    @abstractmethod
    def game_class(self) -> type[AnyGame]:
        """The rules."""

    @property
    def title(self) -> str:
        return self.game_class.title

    def make(self, rules: Mapping[str, Any] | None = None) -> AnyGame:
        """The game with `rules` (its constructor's arguments; the rest keep defaults)."""
        return self.game_class(**dict(rules or {}))

    def rules_from_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The rules the command line's options make: `given` maps each option's `key` to
        its value, None where not given (the game's defaults then hold)."""
        return {}

    # -- text ---------------------------------------------------------------------------
    @abstractmethod
    def text_board(self, game: AnyGame, state: State) -> str:
        """The position drawn in text, ending with a newline (text mode, environments,
        OpenSpiel)."""

    #: What text mode asks a person for a move.
    move_prompt: str = "Your move? "

    def move_text(self, game: AnyGame, state: State, move: Move) -> str:
        """`move` (made in `state`) as a person types it in text mode."""
        return game.describe_move(state, move)

    def parse_move(self, game: AnyGame, state: State, text: str) -> Move:
        """The move a person typed in `state` (as `move_text` writes it); ValueError saying
        what to type, where it is not a legal move."""
        raise ValueError(f"{game.title} is not played by typing moves")

    def position_text(self, game: AnyGame, state: State) -> str | None:
        """A position as a person types it to look at it (Nim's "1, 3, 0, 7"), where the
        game takes typed positions; None where it does not."""
        return None

    def position_line(self, game: AnyGame, state: State) -> str:
        """Any position in one line of text, for traces and records: `position_text` where
        the game takes typed positions, else the text board's lines joined by " / "."""
        typed = self.position_text(game, state)
        if typed is not None:
            return typed
        return " / ".join(line.strip() for line in self.text_board(game, state).splitlines())

    def parse_position(self, game: AnyGame, text: str) -> State:
        """The position a person typed (as `position_text` writes it); ValueError saying
        what to type."""
        raise ValueError(f"{game.title} positions are not typed")

    def you_are(self, game: AnyGame, player: int) -> str:
        """Text mode's first line to a person who plays as `player` (0 moves first)."""
        return f"You move {'first' if player == 0 else 'second'}."

    # -- actions --------------------------------------------------------------------------
    def codec(self, game: AnyGame) -> AnyCodec:
        """How `game`'s moves are numbered; ValueError where they cannot be (a board too
        big for an action per move)."""
        raise ValueError(f"no environment plays {game.title}")

    def max_game_length(self, game: AnyGame) -> int:
        """The most moves a game can last."""
        return game.position_bound()

    # -- OpenSpiel's parameters -----------------------------------------------------------
    #: The game's parameters in OpenSpiel, with their defaults (numbers, bools, strings).
    spiel_defaults: Mapping[str, Any] = {}

    def spiel_params(self, game: AnyGame) -> dict[str, Any]:
        """`game`'s rules as OpenSpiel parameters."""
        return {}

    def from_spiel_params(self, params: Mapping[str, Any]) -> AnyGame:
        """The game OpenSpiel's parameters mean."""
        return self.make()

    # -- explanations ----------------------------------------------------------------------
    @abstractmethod
    def hint(self, game: AnyGame, state: State, judge: Judge, short: bool = False
             ) -> list[str]:
        """The hint for the player to move in `state`, as lines of text (`short`: fewer
        lines, for a small window). The caller has checked the game is not over."""

    @abstractmethod
    def hint_moves(self, game: AnyGame, state: State, judge: Judge) -> list[Move]:
        """Every move the hint points at on the board, the best first."""

    def nim_sum_left(self, game: AnyGame, after: State) -> int | None:
        """The nim-sum a move leaves (`after` is the position it leads to), where the game
        has one; None elsewhere."""
        return None

    def mistake_words(self, game: AnyGame, state: State, move: Move, better: Move,
                      judge: Judge, who: str = "It") -> str:
        """Why `move`, played in `state`, was a mistake, in one line: it turned a win into a
        draw or a loss, or a draw into a loss, as `judge` scores them, and `better` is a
        move that kept what the position was worth. The review of a game shows it beside
        the first mistake. Here a sentence any game can say; each game says it in its own
        terms (Nim's nim-sum, the Sticks rule, a fork, a pawn race). `who` is the sentence's
        subject: the mover's name where it is known ("Ada let O fork…"), else "It"."""
        kept = "the win" if judge.move_scores(state)[better] > 0 else "the draw"
        return (f"{who} gave away {kept}: {self.move_text(game, state, better)} "
                f"({game.describe_move(state, better)}) would have kept it.")

    def hat_positions(self, game: AnyGame) -> list[State] | None:
        """The positions a hat learner's hats are shown for, one row each, in order (the
        Sticks heaps from 1 up); None where the hats are not listed this way."""
        return None

    def kept_hats_play(self, game: AnyGame) -> bool:
        """Whether the kept hats (`kept_hats`) play `game`: the board they are for."""
        return self.kept_hats is not None and game == self.make(self.kept_hats.rules)

    def rule_words(self, game: AnyGame) -> str:
        """The winning rule in a few words, for saying whether a learner found it."""
        return ""

    def square_names(self, game: AnyGame) -> tuple[str, str] | None:
        """How a board's squares are named, where a move names them by file and rank
        (a pawn game's "b1-b2"): its files left to right and its ranks from the first
        player's side, one character each; None where squares are numbered 1 to 9 from
        the top left (Tic-Tac-Toe's, which the keys 1-9 play) or there is no board."""
        return None
