"""Nim's kit: its boards, command-line rules, text board, actions, hints and limits."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from ...safetext import escape
from ...typed import whole_number
from ..base import AnyGame, Move, State
from ..heaps import AnyHeaps, nim_sum
from ..kit import (
    RANDOM_BOARD,
    TYPED_BOARD,
    Codec,
    GameKit,
    Judge,
    Menu,
    Option,
    Preset,
    TextField,
    allowed,
)
from ..registry import register
from .kuet import EASY, HARD, kuet_game, random_board
from .rules import MAX_PILE, MAX_PILES, Nim, NimState, parse_piles

#: The largest board the environments (nimgame.envs, nimgame.spiel) number the moves of:
#: an action per pile and count, so a few thousand at most.
ENV_MAX_PILES, ENV_MAX_PILE = 20, 1_000


class NimCodec(Codec[NimState, tuple[int, int]]):
    """action = pile * K + (count - 1), K the most a move may take from any pile (the cap,
    or the biggest pile); observation: the pile sizes, then 1 where the agent observing is
    to move (0 where it waits)."""

    def __init__(self, game: Nim) -> None:
        self.width = max(game.largest_take(size) for size in game.piles) or 1
        self.actions = len(game.piles) * self.width
        self.observation_shape = (len(game.piles) + 1,)
        self.observation_high = max(game.piles)

    def encode(self, move: tuple[int, int]) -> int:
        pile, count = move
        return pile * self.width + count - 1

    def decode(self, action: int) -> tuple[int, int]:
        pile, count = divmod(action, self.width)
        return (pile, count + 1)

    def observe(self, state: NimState, me: int) -> list[int]:
        return [*state.piles, int(state.player == me)]


def piles_option(text: str) -> tuple[int, ...]:
    """--piles as typed: the game's own parser, and a board with something on it."""
    try:
        board = parse_piles(text)
    except ValueError as err:
        raise ValueError(f"--piles: {err}") from None
    if not any(board):
        raise ValueError("--piles: every pile is empty, so there is no game")
    return board


def max_take_option(text: str) -> int:
    return whole_number(text, 1, MAX_PILE, "--max-take")


#: A move typed as PILE:COUNT, piles counted from 1: "3:2" takes 2 from pile 3.
TYPED_MOVE = re.compile(r"\s*([0-9]{1,4})\s*:\s*([0-9]{1,102})\s*")


def ones_or_sum(heaps: AnyHeaps, sizes: tuple[int, ...]) -> tuple[bool, int]:
    """What decides a position for the player to move: (True, how many piles count 1)
    where misère play's rule applies (no pile counts more than 1), else (False, the
    nim-sum of what the piles count)."""
    values = heaps.grundy_values(sizes)
    if heaps.misere and max(values, default=0) <= 1:
        return True, values.count(1)
    return False, nim_sum(values)


#: The longest piles a person may type on a screen: 8 piles of two digits and separators.
PILES_LIMIT = 60


def custom_piles(text: str) -> tuple[int, ...]:
    """Piles a person typed on a screen, within what a board can show: 1 to 8 piles of 1
    to 15."""
    piles = parse_piles(text)
    if not 1 <= len(piles) <= 8 or not all(1 <= p <= 15 for p in piles):
        raise ValueError("Custom piles: 1 to 8 piles of 1 to 15 stones")
    return piles


PLAY = Menu("play", "Play", (("Misère: taking the last loses", True),
                             ("Normal: taking the last wins", False)))
CAP = Menu("cap", "Cap per move", (("No cap", None), ("At most 3 (KUET)", 3),
                                   ("At most 2", 2), ("At most 1", 1)))
PILES = Menu("piles", "Piles", (("CS50: 1, 3, 5, 7", (1, 3, 5, 7)),
                                ("KUET: 2–3 random piles of 1–6", RANDOM_BOARD),
                                ("Custom", TYPED_BOARD)))
CUSTOM = TextField("custom", "Custom piles", "2, 4, 6", PILES_LIMIT, custom_piles,
                   placeholder="pile sizes, e.g. 2, 4, 6", shown_when=("piles", TYPED_BOARD))
ROUNDS = Menu("rounds", "KUET rounds", (("Off: free play", None),
                                        ("KUET Easy: 3 games vs IDA*", EASY),
                                        ("KUET Hard: 6 games, minimax and alpha-beta", HARD)))


#: The pyramid boards of Zhou & Riis, "Impartial games: a challenge for reinforcement
#: learning" (Machine Learning, 2026): AlphaZero-style self-play learned 5 rows, slowed
#: sharply on 6 and on 7 did no better than a random policy. A table learns them all.
PYRAMID_ROWS = (5, 6, 7)


def pyramid(rows: int) -> tuple[int, ...]:
    """Nim in `rows` rows of 1, 3, 5, ... objects."""
    return tuple(range(1, 2 * rows, 2))


def nim_rule(misere: bool) -> str:
    if misere:
        return ("Misère: leave nim-sum 0, but when only 0s and 1s would be left, "
                "leave an odd number of 1s.")
    return "Leave a nim-sum of 0 and your opponent cannot leave 0 again."


class NimKit(GameKit):
    name = "nim"
    blurb = "Take stones from one pile. CS50 misère, KUET NimX rounds, or your rules."
    presets = (
        Preset("Nim 1, 3, 5, 7 — misère (CS50)",
               {"piles": (1, 3, 5, 7), "misere": True, "max_take": None}),
        Preset("Nim 3, 5, 7, 9, 11 — misère",
               {"piles": (3, 5, 7, 9, 11), "misere": True, "max_take": None}),
        Preset("Nim 1, 3, 5, 7 — normal, at most 3 (KUET)",
               {"piles": (1, 3, 5, 7), "misere": False, "max_take": 3}),
        *(Preset(f"Nim pyramid, {rows} rows — normal",
                 {"piles": pyramid(rows), "misere": False, "max_take": None})
          for rows in PYRAMID_ROWS),
        Preset("Nim — your own rules", None),
    )
    options = (
        Option("--piles", f"Nim piles, e.g. 1,3,5,7 (default): 1 to {MAX_PILES} piles of "
                          "0 to 10**100, not all empty", piles_option),
        Option("--normal", "Nim normal play: taking the last object wins (default: misère)"),
        Option("--max-take", "the most one move may take, 1 to 10**100 (Sticks: 3)",
               max_take_option),
    )
    first_mover_drawn = True
    theory_words = "plays by the theory: nim-sum, misère rule, Grundy values"
    move_key = "pile:how many"
    controls = ("Click a stone: take it and every stone to its right.",
                "Keys: a pile number, then how many, then Enter. Backspace corrects.")
    spiel_defaults = {"piles": "1 3 5 7", "misere": True, "max_take": 0}
    rounds_menu = ROUNDS
    rounds_note = ("Normal play, at most 3 per move, a new random board each game; NimX "
                   "reports its win arrays at the end.")
    setup_fields = (PILES, CUSTOM, PLAY, CAP)
    training_fields = (TextField("custom", "Piles", "2, 4, 6", PILES_LIMIT, custom_piles),
                       Menu("play", "Play", PLAY.entries), Menu("cap", "Cap", CAP.entries))

    @property
    def game_class(self) -> type[Nim]:
        return Nim

    def rules_from_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        piles = given.get("piles")
        return {"piles": (1, 3, 5, 7) if piles is None else piles,
                "misere": not given.get("normal"), "max_take": given.get("max_take")}

    def rules_from_form(self, values: Mapping[str, Any], rng: random.Random | None
                        ) -> dict[str, Any] | None:
        if values.get("rounds"):   # KUET's rounds: a random board of its own each game
            return None if rng is None else kuet_game(rng).rules()
        piles = values.get("piles", TYPED_BOARD)
        if piles == TYPED_BOARD:
            piles = values["custom"]
        elif piles == RANDOM_BOARD:
            if rng is None:
                return None
            piles = random_board(rng)
        return {"piles": tuple(piles), "misere": values["play"], "max_take": values["cap"]}

    def position_text(self, game: AnyGame, state: State) -> str | None:
        return ", ".join(map(str, state.piles))

    def parse_position(self, game: AnyGame, text: str) -> State:
        assert isinstance(game, Nim)
        return game.parse_position(text)

    def text_board(self, game: AnyGame, state: State) -> str:
        return "\n".join(f"Pile {i + 1}: {'o' * size} ({size})"
                         for i, size in enumerate(state.piles)) + "\n"

    def codec(self, game: AnyGame) -> NimCodec:
        assert isinstance(game, Nim)
        if not any(game.piles):
            raise ValueError("an environment's board needs something to take")
        if len(game.piles) > ENV_MAX_PILES or max(game.piles) > ENV_MAX_PILE:
            raise ValueError(f"an environment's board has at most {ENV_MAX_PILES} piles of "
                             f"at most {ENV_MAX_PILE:,}")
        return NimCodec(game)

    def max_game_length(self, game: AnyGame) -> int:
        assert isinstance(game, Nim)
        return sum(game.piles)

    def spiel_params(self, game: AnyGame) -> dict[str, Any]:
        assert isinstance(game, Nim)
        return {"piles": " ".join(map(str, game.piles)), "misere": game.misere,
                "max_take": game.max_take or 0}

    def from_spiel_params(self, params: Mapping[str, Any]) -> Nim:
        return Nim(parse_piles(str(params["piles"]).replace(" ", ",")),
                   misere=bool(params["misere"]), max_take=int(params["max_take"]) or None)

    def hint(self, game: AnyGame, state: State, judge: Judge, short: bool = False
             ) -> list[str]:
        assert isinstance(game, Nim)
        heaps = game.heaps()
        piles, cap = state.piles, game.max_take
        winning = heaps.winning_moves(state)
        if winning:
            pile, count = winning[0]
            lines = [f"Winning move: take {count} from pile {pile + 1}."]
        else:
            longest = heaps.longest_move(state)   # a lost position: make it last longest
            if sum(game.largest_take(size) for size in piles) == 1:   # nothing to hope for
                lines = [f"No winning move: your only move is to "
                         f"{game.describe_move(state, longest)}."]
            else:
                lines = [f"No winning move. To last longest, "
                         f"{game.describe_move(state, longest)} and hope for a mistake."]
        values = heaps.grundy_values(piles)
        width = max(max(values).bit_length(), 1)
        if short:
            counted = f"each pile counts its size mod {cap + 1}; " if cap else ""
            lines.append(f"Nim-sum: {counted}in binary, "
                         f"{' xor '.join(f'{value:0{width}b}' for value in values)} = "
                         f"{nim_sum(values):0{width}b}.")
            lines.append(nim_rule(game.misere))
            return lines
        lines.append(f"Nim-sum{f' (mod {cap + 1})' if cap else ''}, in binary:")
        for i, (size, value) in enumerate(zip(piles, values, strict=True)):
            reduced = f" counts {value}" if cap else ""
            lines.append(f"  pile {i + 1}: {size:>2}{reduced} = {value:0{width}b}")
        lines.append(f"  XOR of all = {nim_sum(values):0{width}b}")
        lines.append(nim_rule(game.misere))
        return lines

    def hint_moves(self, game: AnyGame, state: State, judge: Judge) -> list[Move]:
        heaps = game.heaps()
        assert heaps is not None
        return (heaps.winning_moves(state) or [heaps.longest_move(state)])[:1]

    def nim_sum_left(self, game: AnyGame, after: State) -> int | None:
        return nim_sum(after.piles)

    def move_text(self, game: AnyGame, state: State, move: Move) -> str:
        pile, count = move
        return f"{pile + 1}:{count}"

    def parse_move(self, game: AnyGame, state: State, text: str) -> Move:
        found = TYPED_MOVE.fullmatch(text) if len(text) <= 120 else None
        if found is None:
            raise ValueError(f"Type a move as PILE:COUNT, piles counted from 1 (3:2 takes 2 "
                             f"from pile 3), not '{escape(text, 40)}'.")
        move = (int(found.group(1)) - 1, int(found.group(2)))
        return allowed(game, state, move)

    def mistake_words(self, game: AnyGame, state: State, move: Move, better: Move,
                      judge: Judge, who: str = "It") -> str:
        """What the move left that the theory says loses (a nim-sum, or under misère an
        even number of piles of one), and what `better` would have left."""
        assert isinstance(game, Nim)
        heaps = game.heaps()
        after, kept = game.result(state, move), game.result(state, better)
        cap = game.max_take
        one = "worth 1" if cap else "of 1"
        counting = f", each pile counting its size mod {cap + 1}" if cap else ""
        counts = f" (each pile counts its size mod {cap + 1})" if cap else ""
        by_ones, number = ones_or_sum(heaps, after.piles)
        if not any(after.piles):
            left = f"{who} took the last object, and in misère play that loses"
        elif by_ones and number == 0:
            left = (f"{who} left every pile worth 0 (a multiple of {(cap or 0) + 1}): in misère "
                    "play that wins for the one to move")
        elif by_ones:
            left = (f"{who} left {number} pile{'s' * (number != 1)} {one} and none bigger"
                    f"{counts}: an even number, and in misère play that wins for "
                    "the one to move")
        else:
            left = f"{who} left a nim-sum of {number} ({number:b} in binary{counting})"
        pile, count = better
        kept_ones, kept_number = ones_or_sum(heaps, kept.piles)
        if not any(kept.piles):   # normal play: the last object wins
            aim = "nothing, and in normal play taking the last object wins"
        elif kept_ones:
            aim = (f"{kept_number} pile{'s' * (kept_number != 1)} {one} and none bigger, an "
                   "odd number")
        else:
            aim = "a nim-sum of 0"
        return f"{left}; taking {count} from pile {pile + 1} would have left {aim}."


KIT = register(NimKit())
