"""What the MENACE screen works on, pygame-free: the choices a person makes (game, preset,
beads per stage, incentives, symmetry, resigning, MENACE's side, the opponent), read into
rules with one line said for anything wrong; the MENACE in play; a game against a person
move by move; Michie's tournament played a chunk at a time."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.base import AnyGame, Move, State
from ..games.registry import KITS, kit_for
from ..safetext import escape
from ..typed import whole_number
from .menace import (
    MAX_INCENTIVE,
    MAX_STAGES,
    MAX_START_BEADS,
    MICHIE_GAMES,
    PRESETS,
    SCROGGS_GAMES,
    TOURNAMENT_STREAK,
    Menace,
    MenaceRules,
    MenaceRun,
    Played,
    preset_for,
)

#: The most positions a game a MENACE is built for may have (a box for each it can face).
MAX_POSITIONS = 20_000


def menace_games() -> dict[str, AnyGame]:
    """Every game a MENACE is built for here, by kit name, in the registry's order: a board
    of squares (its position written in rows) small enough for a box per position."""
    found: dict[str, AnyGame] = {}
    for kit in KITS.values():
        game = kit.make(kit.presets[0].rules if kit.presets else None)
        rows = kit.position_line(game, game.initial_state()).split(",")[0].split("/")
        if len(rows) > 1 and len({len(row) for row in rows}) == 1 and \
                0 < game.position_bound() <= MAX_POSITIONS:
            found[kit.name] = game
    return found


#: The games a MENACE can be built for, and their names as the screen shows them.
GAMES = menace_games()
GAME_WORDS = {game.title: key for key, game in GAMES.items()}
#: The game the screen starts with: the first that can be drawn, as Michie's could.
FIRST_GAME = next((key for key, game in GAMES.items() if game.has_draws), next(iter(GAMES)))
#: The opponents, as the screen names them, and as `MenaceRun` does.
OPPONENTS = {"Perfect": "perfect", "Random": "random", "Second MENACE": "menace",
             "You": "person", "Perfect, one line": "perfect-line"}
PRESET_NAMES = tuple(preset.name for preset in PRESETS)
#: Games a tournament plays at most before it says MENACE did not get there.
TOURNAMENT_LIMIT = 10_000


def stage_beads(text: str) -> tuple[int, ...]:
    """Beads per stage typed as "4 3 2 1" (or with commas); ValueError in one line."""
    words = text.replace(",", " ").split()
    if not 1 <= len(words) <= MAX_STAGES:
        raise ValueError(f"beads per stage: 1 to {MAX_STAGES} numbers, like 4 3 2 1")
    return tuple(whole_number(word, 1, MAX_START_BEADS, f"beads for the machine's move {n}")
                 for n, word in enumerate(words, 1))


def incentive(text: str, what: str) -> int:
    """An incentive typed as "3", "+3" or "-1"; ValueError in one line."""
    cleaned = text.strip().replace("\u2212", "-")
    body = cleaned[1:] if cleaned[:1] in ("+", "-") else cleaned
    try:
        value = whole_number(body, 0, MAX_INCENTIVE, what)
    except ValueError:
        raise ValueError(f"the {what} incentive must be a whole number from -{MAX_INCENTIVE} "
                         f"to +{MAX_INCENTIVE}, like +3 or -1, not '{escape(text, 20)}'"
                         ) from None
    return -value if cleaned.startswith("-") else value


@dataclass
class MenaceChoices:
    """The screen's choices, as typed and chosen."""

    game: str = FIRST_GAME
    preset: str = "Michie"
    beads: str = "4 3 2 1"
    win: str = "+3"
    draw: str = "+1"
    loss: str = "-1"
    symmetry: bool = True
    resigns: bool = True
    last_only: bool = False
    forced: bool = False
    side: int = 0
    opponent: str = "Perfect"

    def use_preset(self, name: str) -> None:
        """Every number and switch as the preset `name` has them."""
        preset = next(p for p in PRESETS if p.name == name)
        rules = preset.rules
        self.preset = name
        self.beads = " ".join(map(str, rules.beads))
        self.win, self.draw, self.loss = (f"{v:+d}" for v in (rules.win, rules.draw,
                                                                rules.loss))
        self.symmetry, self.resigns = rules.symmetry, rules.resigns
        self.last_only, self.forced = rules.last_only, rules.forced

    def use_game(self, key: str) -> None:
        """`key`'s game, with the preset and side it starts with (a game without draws:
        Gardner's HER, moving second)."""
        game = GAMES[key]
        self.game = key
        self.use_preset(preset_for(game).name)
        self.side = 0 if game.has_draws else 1

    def rules(self) -> MenaceRules:
        """The rules as chosen; ValueError saying what is wrong in one line."""
        return MenaceRules(stage_beads(self.beads), incentive(self.win, "win"),
                           incentive(self.draw, "draw"), incentive(self.loss, "loss"),
                           self.symmetry, self.resigns, self.last_only, self.forced)

    def toggled(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))
        self.preset = self.matching_preset()

    def matching_preset(self) -> str:
        """The preset the choices are, or "Your own"."""
        try:
            rules = self.rules()
        except ValueError:
            return "Your own"
        return next((p.name for p in PRESETS if p.rules == rules), "Your own")


@dataclass
class PersonGame:
    """A game against a person, under way: the position and the moves so far; the square
    picked first of a move that needs two (a pawn, then where it goes), and the square the
    keyboard's cursor is on (squares counted in the board's rows from the top left)."""

    state: State
    moves: list[Move] = field(default_factory=list)
    picked: int | None = None
    cursor: int = 4


def board_rows(game: AnyGame, state: State) -> list[str]:
    """The board's rows from the top, as the kit writes the position (a character a
    square): how the screen draws it and counts its squares."""
    return kit_for(game).position_line(game, state).split(",")[0].split("/")


def move_squares(game: AnyGame, state: State) -> dict[Move, frozenset[int]]:
    """Each legal move in `state`, with the squares it changes (one where a mark is
    placed, two where a pawn moves: where from and where to), counted in the rows."""
    before = "".join(board_rows(game, state))
    found: dict[Move, frozenset[int]] = {}
    for move in game.legal_moves(state):
        after = "".join(board_rows(game, game.result(state, move)))
        found[move] = frozenset(i for i, (a, b) in enumerate(zip(before, after, strict=True))
                                if a != b)
    return found


@dataclass
class TournamentState:
    """Michie's tournament under way or done: the games played, and the answer (the games
    it took, None while playing or if it never got there)."""

    games: int | None = None
    done: bool = False
    refused: bool = False


class MenaceDesk:
    """The MENACE in play and its games, for the screen."""

    def __init__(self, choices: MenaceChoices | None = None, seed: int | None = None) -> None:
        self.choices = choices or MenaceChoices()
        self.seed = seed
        self.run = self.make_run(self.choices.rules())
        self.person: PersonGame | None = None
        self.shown: State = self.game.initial_state()   # the board the screen shows
        self.tournament: TournamentState | None = None

    @property
    def game(self) -> AnyGame:
        """The game of the MENACE built (the board shown and played): a game chosen in
        `choices` is played once the MENACE is built again (`rebuild`)."""
        return self.menace.game

    @property
    def chosen_game(self) -> AnyGame:
        return GAMES[self.choices.game]

    @property
    def menace(self) -> Menace:
        return self.run.menace

    def make_run(self, rules: MenaceRules, opponent: str | None = None,
                 side: int | None = None) -> MenaceRun:
        return MenaceRun(self.chosen_game, rules, opponent or OPPONENTS[self.choices.opponent],
                         self.choices.side if side is None else side, self.seed)

    def rebuild(self) -> str:
        """A new MENACE with the choices' rules (its boxes as they start); what it is, in
        one line. ValueError if the choices are wrong (nothing changed then)."""
        rules = self.choices.rules()
        self.run = self.make_run(rules)
        self.person, self.tournament = None, None
        self.shown = self.game.initial_state()
        return f"A new MENACE: {len(self.menace.boxes)} boxes; {rules.words()}."

    @property
    def refuses(self) -> bool:
        """Whether its first box is empty: it resigns every game before a move (as Scroggs'
        MENACE "refuses to play")."""
        return self.menace.rules.resigns and self.menace.first_box().total == 0

    def play(self, games: int) -> Played | None:
        """`games` games against a machine opponent (beside the frames for many)."""
        played = self.run.play(games)
        if played is not None:
            self.shown = self.replay(played.moves)
        return played

    def replay(self, moves: tuple[Move, ...] | list[Move]) -> State:
        state = self.game.initial_state()
        for move in moves:
            state = self.game.result(state, move)
        return state

    # -- a person's game -------------------------------------------------------------------
    def start_person_game(self) -> Played | None:
        """A new game against the person; MENACE moves first if it plays first. A game that
        ends before the person moves (MENACE resigned) is returned."""
        self.menace.forget_game()
        self.tournament = None
        self.person = PersonGame(self.game.initial_state())
        self.shown = self.person.state
        return self._machine_turn()

    def person_move(self, move: Move) -> Played | None:
        """The person's `move` (legal: the screen asks the kit), then MENACE's reply; the
        game if it ended."""
        person = self.person
        if person is None:
            raise ValueError("no game against you is under way: start one")
        person.state = self.game.result(person.state, move)
        person.moves.append(move)
        self.shown = person.state
        return self._machine_turn()

    def board_size(self) -> tuple[int, int]:
        """The board's rows and columns."""
        rows = board_rows(self.game, self.shown)
        return len(rows), len(rows[0])

    def click_square(self, square: int) -> Played | None:
        """The person clicked `square` (or pressed Enter on it, or its number): a move that
        changes only that square is played; a square some move starts or ends on is picked,
        and a second square completing one of its moves plays that move. ValueError in one
        line where the square gives no move; the game if it ended."""
        person = self.person
        if person is None:
            raise ValueError("no game against you is under way: G starts one")
        rows, cols = self.board_size()
        if not 0 <= square < rows * cols:
            raise ValueError(f"choose a square from 1 to {rows * cols}")
        moves = move_squares(self.game, person.state)
        person.cursor = square
        picked = {square} if person.picked is None else {person.picked, square}
        chosen = [move for move, changed in moves.items() if changed == picked]
        if not chosen and person.picked is not None:   # a fresh start from this square
            picked = {square}
            chosen = [move for move, changed in moves.items() if changed == picked]
        if len(chosen) == 1:
            person.picked = None
            return self.person_move(chosen[0])
        if any(square in changed for changed in moves.values()):
            person.picked = square
            return None
        person.picked = None
        raise ValueError(f"square {square + 1} gives you no move: choose another")

    def move_cursor(self, rows: int, cols: int) -> None:
        """Move the keyboard's square by `rows` and `cols`, staying on the board."""
        person = self.person
        if person is None:
            return
        height, width = self.board_size()
        row, col = divmod(person.cursor, width)
        person.cursor = min(height - 1, max(0, row + rows)) * width + \
            min(width - 1, max(0, col + cols))

    def _machine_turn(self) -> Played | None:
        person, game = self.person, self.game
        assert person is not None
        if not game.is_over(person.state) and game.to_move(person.state) == self.run.side:
            move = self.menace.move(person.state)
            if move is None:
                return self._end(Played(tuple(person.moves), 1 - self.run.side,
                                        self.run.side))
            person.state = game.result(person.state, move)
            person.moves.append(move)
            self.shown = person.state
        if game.is_over(person.state):
            return self._end(Played(tuple(person.moves), game.winner(person.state)))
        return None

    def _end(self, played: Played) -> Played:
        self.menace.settle(played.result_for(self.run.side))
        self.run.record(played)
        self.person = None
        return played

    # -- Michie's tournament ---------------------------------------------------------------
    def start_tournament(self) -> None:
        """A fresh MENACE (the choices' rules) as X against the perfect player (the one of
        one line if that is the opponent chosen, else the one drawing among best moves)."""
        side = 0 if self.chosen_game.has_draws else self.choices.side
        line = OPPONENTS.get(self.choices.opponent) == "perfect-line"
        self.run = self.make_run(self.choices.rules(), "perfect-line" if line else "perfect",
                                 side)
        self.person = None
        self.tournament = TournamentState()

    def tournament_chunk(self, games: int) -> bool:
        """Play the tournament on by at most `games` games, stopping at the streak; whether
        it is over (won, refused or past the limit)."""
        state, run = self.tournament, self.run
        if state is None or state.done:
            return True
        for _ in range(games):
            if run.draw_streak() >= TOURNAMENT_STREAK:
                state.games, state.done = len(run.results), True
                return True
            if self.refuses or len(run.results) >= TOURNAMENT_LIMIT:
                state.done, state.refused = True, self.refuses
                return True
            self.play(1)
        return False

    # -- in words ----------------------------------------------------------------------------
    def status_lines(self, pages: str = "") -> list[str]:
        """What the screen says under the boxes: the games and their results (`pages`: which
        page of boxes is shown), the last game or the person's, and the tournament."""
        run, game = self.run, self.game
        wins, draws, losses = run.tally()
        games = len(run.results)
        lines = [f"{games:,} game{'s' * (games != 1)} vs {self.choices.opponent}: "
                 f"{wins:,} won, {draws:,} drawn, {losses:,} lost"
                 + (f" · boxes {pages}" if pages else "")]
        kit = kit_for(game)
        line = kit.position_line(game, self.shown)
        if self.person is not None:
            lines.append(f"Board {line} · {kit.you_are(game, 1 - run.side)} Your move.")
        elif run.last is not None:
            last = run.last
            ended = ("MENACE resigned" if last.resigned == run.side else
                     "the other resigned" if last.resigned is not None else
                     "a draw" if last.winner is None else
                     "MENACE won" if last.winner == run.side else "MENACE lost")
            lines.append(f"Last game: {line}, {ended}.")
        else:
            lines.append("No game yet: G plays one.")
        tour = self.tournament
        if tour is not None:
            said = (f"drew {TOURNAMENT_STREAK} in a row after {tour.games:,} games"
                    if tour.games is not None else
                    "ran out of beads in its first box and refuses to play" if tour.refused
                    else f"not {TOURNAMENT_STREAK} draws in a row within "
                    f"{TOURNAMENT_LIMIT:,} games" if tour.done
                    else f"playing: {games:,} games, {run.draw_streak()} drawn in a row")
            lines.append(f"Tournament: {said} (Michie's MENACE: ~{MICHIE_GAMES}; "
                         f"Scroggs': ~{SCROGGS_GAMES}).")
        elif self.refuses:
            lines.append("Its first box is empty: it refuses to play (N builds a new one).")
        return lines
