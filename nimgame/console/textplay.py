"""Playing in the terminal, in the words of the seeds: the Game of Sticks dialogue and the
CS50 Nim transcript; any other game (Tic-Tac-Toe, …) in its kit's words and text board.
Input is read line by line from stdin (bounded, so a megabyte line costs no memory), so
whole dialogues can be fed on stdin; bad input is answered and asked again, never a
traceback.
"""

from __future__ import annotations

import random
import sys

from ..games import Nim, Sticks, kit_for
from ..games.base import AnyGame, Move
from ..learning.training import EXPLORE, STICKS_PRACTICE_GAMES, train
from ..match import Match, Seat
from ..narration import result_text
from ..players import HatLearner, Player
from ..players.hats import seed_scheme
from ..review import records
from ..session import HatDrawer, PlayerChoice, keep, ready_player
from ..session import practised as session_practised
from ..session.kept_hats import own_hats
from ..storage import SaveError
from ..typed import whole_number

#: The longest answer read: every question here takes a number or y/n. A longer line is
#: read through to its end and refused, so a megabyte on stdin costs no memory.
MAX_ANSWER = 100


class NoInput(EOFError):
    """Stdin is closed or cannot be read at all: why, in words (an EOFError, so a caller
    that ends the game at the end of input ends it here too)."""


def check_input() -> None:
    """NoInput if there is no stdin to read the answers from (`nimgame ... <&-`): said
    before a game is trained or a board drawn."""
    if sys.stdin is None or sys.stdin.closed:
        raise NoInput("stdin is closed")


def read_answer(prompt: str) -> str | None:
    """The line typed after `prompt`, stripped; None if it is longer than any answer.
    EOFError at the end of input (callers let it end the game politely); NoInput if stdin
    is closed or cannot be read."""
    print(prompt, end="", flush=True)
    try:
        check_input()
        line = sys.stdin.readline(MAX_ANSWER + 1)
        if len(line) > MAX_ANSWER and not line.endswith("\n"):
            while (rest := sys.stdin.readline(65536)) and not rest.endswith("\n"):
                pass
            return None
    except (OSError, NoInput) as err:   # write-only, a terminal gone: not "cannot write"
        print()   # the question ends its line; why follows on stderr
        if isinstance(err, NoInput):
            raise
        raise NoInput(f"stdin cannot be read ({err.strerror or err})") from None
    if not line:
        raise EOFError
    return line.strip()


def as_number(answer: str | None) -> int | None:
    """`answer` as a whole number if it is one in ASCII digits (see `typed`), else None."""
    try:
        return whole_number(answer or "", 0, 10**MAX_ANSWER, "answer")
    except ValueError:
        return None


def ask_int(prompt: str, low: int, high: int, complaint: str) -> int:
    while True:
        number = as_number(read_answer(prompt))
        if number is not None and low <= number <= high:
            return number
        print(complaint)


def ask_yes_no(prompt: str) -> bool:
    while True:
        answer = (read_answer(prompt) or "").lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("n", "no"):
            return False
        print("Please answer y or n.")


# -- the Game of Sticks --------------------------------------------------------------------

def sticks_line(n: int) -> str:
    return "There is 1 stick on the board." if n == 1 else f"There are {n} sticks on the board."


#: The seed's three programs, step by step: players only; a computer that learns as you
#: play; and a computer pre-trained by self-play as well.
STAGES = (1, 2, 3)
#: How option 3's computer is pre-trained (see `pretrained`).
MODELS = ("shared", "two")
OPTIONS = (" Play against a friend (1)", " Play against the computer (2)",
           " Play against the trained computer (3)")


def play_sticks(opponent: Player | None = None, seed: int | None = None,
                sticks: int | None = None, max_take: int = 3, stage: int = 3,
                model: str = "shared") -> None:
    """The seed's dialogue, at one of its `stage`s: 1 players against each other (no menu,
    one game), 2 adds the computer that learns as you play (a naive one each run, as in the
    seed), 3 adds the trained computer (and option 2's hats are kept between runs).
    `opponent`, if given, plays instead of the computer (options 2 and 3); `sticks`, if
    given, is the heap, and the dialogue does not ask for it. `model`: see `pretrained`."""
    if stage not in STAGES or model not in MODELS:
        raise ValueError(f"stage is one of {STAGES} and model one of {MODELS}")
    rng = random.Random(seed)
    print("Welcome to the Game of Sticks!")
    if sticks is None:
        sticks = ask_int("How many sticks are there on the table initially (10-100)? ", 10,
                         100, "Please enter a number between 10 and 100.")
    game = Sticks(sticks, max_take)
    if stage == 1:
        _sticks_game(game, None)
        return
    print("Options:")
    print("\n".join(OPTIONS[:stage]))
    while True:
        option = ask_int(f"Which option do you take (1-{stage})? ", 1, stage,
                         f"Please enter a number between 1 and {stage}.")
        if option == 1 or opponent is not None or HatLearner.supports(game):
            break
        print(f"The computer cannot learn a heap of {sticks:,} sticks; choose 1, or give "
              "--opponent perfect.")
    if option == 1:
        _sticks_game(game, None)
        return
    ai = opponent
    if opponent is None and option == 2 and stage == 3:
        own = own_hats(game, seed=rng.randrange(2**32))
        if own.notice:
            print(f"({own.notice})")
        ai = own.drawer
    elif opponent is None and option == 2:
        ai = HatDrawer(HatLearner(game, seed_scheme(game)), game, seed=rng.randrange(2**32))
    elif opponent is None:
        print("Training AI, please wait...")
        learner = pretrained(game, model, rng.randrange(2**32))
        ai = HatDrawer(learner, game, seed=rng.randrange(2**32))
    assert ai is not None
    while True:
        _sticks_game(game, ai)
        keep_learned(ai)
        if not ask_yes_no("Play again (y/n)? "):
            return


def keep_learned(ai: Player) -> None:
    """Save what `ai` learned, where its hats are kept (`session.keep`); a save that fails
    says so in one line and play goes on."""
    try:
        keep(ai)
    except SaveError as err:
        print(f"({err})")


def pretrained(game: Sticks, model: str, seed: int) -> HatLearner:
    """The trained computer's hats for the person's opponent (who moves second), after
    STICKS_PRACTICE_GAMES games. "shared": one set of hats plays both sides of each self-play
    game — the default, as it learns faster (bench/sticks_models.py measures it). "two":
    the seed's model, two AIs with their own hats, and the person faces the second.
    Either way a share EXPLORE of the games start from any heap (exploring starts)."""
    if model == "shared":
        learner = HatLearner(game, seed_scheme(game))
        train(learner, STICKS_PRACTICE_GAMES, seed=seed, curve_points=0)
        return learner
    first, second = HatLearner(game, seed_scheme(game)), HatLearner(game, seed_scheme(game))
    first.train_pair(second, STICKS_PRACTICE_GAMES, random.Random(seed), explore=EXPLORE)
    return second


def say(words: str) -> None:
    print(words, flush=True)


def practised(player: Player, kind: str | None, seed: int | None = None) -> Player:
    """`player` ready to face a person here (`session.practised`), saying so while a new
    learner practises."""
    return session_practised(player, kind, seed, say)


def opponent(choice: PlayerChoice, game: AnyGame, seed: int | None = None) -> Player:
    """The opponent a person named, ready to play `game` here (`session.ready_player`):
    the hats a game keeps are read, practised if new (saying so) and kept."""
    return ready_player(choice, game, seed, say)


def ai_move(match: Match) -> Move:
    """Ask the AI whose turn it is for its move and play it; the move."""
    turn = match.ai_turn()
    assert turn is not None, "not an AI's turn"
    move = turn.player.choose_move(turn.state)
    match.play_ai(move, turn.generation)
    return move


def keep_game(match: Match, say: bool = True) -> None:
    """Keep the finished game for review (`nimgame review`), and with `say` print how to
    review it (the seed's and the handout's transcripts stay word for word without it). A
    game that cannot be kept says why in one line; play goes on."""
    try:
        number = records.keep(match.record())
    except SaveError as err:
        print(f"(This game was not kept for review: {err})")
        return
    if say:
        print(f"Review this game: nimgame review {number}")


def _sticks_game(game: Sticks, ai: Player | None) -> None:
    """One game; player 1 is the person. With no `ai`, player 2 is a friend. A player that
    learns from play hears how it ended through the match."""
    match = Match(game, (Seat("Player 1"), Seat("Player 2", ai)))
    while not match.over:
        state = match.state
        print()
        print(sticks_line(state.sticks))
        if match.humans_turn:
            who = f"Player {state.player + 1}"
            most = min(game.max_take, state.sticks)
            take = ask_int(f"{who}: How many sticks do you take (1-{game.max_take})? ", 1, most,
                           f"Please enter a number between 1 and {most}")
            match.play(take)
        else:
            print(f"AI selects {ai_move(match)}.")
    loser = 1 - match.state.player
    if ai is None:
        print(f"Player {loser + 1}, you lose.")
    else:
        print("You lose." if loser == 0 else "AI loses.")
    keep_game(match, say=False)


# -- Nim, as CS50's play.py ----------------------------------------------------------------

#: The handout's answer to a move it refuses, word for word; a reason follows on its own line.
INVALID_MOVE = "Invalid move, try again."


def cs50_training(game: Nim, games: int = 10_000, seed: int | None = None,
                  cs50: bool = True) -> Player:
    """Train the suite's Q-learner against itself. `cs50`: print the handout's line for each
    game, as its play.py does; else one line before and the handout's last line after."""
    from ..players import QLearner

    learner = QLearner(game)
    printed = [0]

    def progress(done: int, total: int, stats: object) -> None:
        for number in range(printed[0] + 1, done + 1):
            print(f"Playing training game {number}")
        printed[0] = done

    if not cs50:
        print(f"Training the AI: {games:,} games against itself...", flush=True)
    train(learner, games, seed=seed, progress=progress if cs50 else None, curve_points=0)
    print("Done training")
    return learner


def play_nim(game: Nim, ai: Player, human_player: int | None = None,
             seed: int | None = None, cs50: bool = False) -> None:
    """The handout's game loop: the piles, whose turn, each AI move, the winner.

    Piles are numbered from 1, as people count (and as the window numbers them), and a
    refused move says why on the line after the handout's. `cs50`: the handout's play.py
    exactly — piles numbered from 0, as its code indexes them, and no reason given.
    """
    first = 0 if cs50 else 1
    if human_player is None:
        human_player = random.Random(seed).randint(0, 1)
    seats = [Seat("AI", ai), Seat("AI", ai)]
    seats[human_player] = Seat("Human")
    match = Match(game, (seats[0], seats[1]))
    while not match.over:
        print()
        print("Piles:")
        for i, pile in enumerate(match.state.piles):
            print(f"Pile {i + first}: {pile}")
        print()
        if match.humans_turn:
            print("Your Turn")
            while True:
                pile = as_number(read_answer("Choose Pile: "))
                count = as_number(read_answer("Choose Count: "))
                try:
                    if pile is None or count is None:
                        raise ValueError("type whole numbers, like 1")
                    match.play((pile - first, count))
                    break
                except ValueError as err:  # IllegalMove, or not a number
                    print(INVALID_MOVE)
                    if not cs50:
                        print(f"({err})")
        else:
            print("AI's Turn")
            pile, count = ai_move(match)
            print(f"AI chose to take {count} from pile {pile + first}.")
    print()
    print("GAME OVER")
    print(f"Winner is {'Human' if game.winner(match.state) == human_player else 'AI'}")
    keep_game(match, say=not cs50)


# -- any game, in its kit's words ------------------------------------------------------

def play_text(game: AnyGame, ai: Player, human: int) -> None:
    """Any game in the terminal against `ai`, the person playing as `human` (0 moves
    first), in the words and board of the game's kit; after each game what `ai` learned
    is kept, where its hats are kept; then "Play again?"."""
    kit = kit_for(game)
    seats = [Seat("AI", ai), Seat("AI", ai)]
    seats[human] = Seat("You")
    match = Match(game, (seats[0], seats[1]))
    while True:
        print(f"\n{kit.you_are(game, human)}")
        while not match.over:
            print()
            print(kit.text_board(game, match.state), end="")
            if match.humans_turn:
                while True:
                    answer = read_answer(kit.move_prompt)
                    try:
                        match.play(kit.parse_move(game, match.state, answer or ""))
                        break
                    except ValueError as err:   # IllegalMove too: the kit checks first
                        print(err)
            else:
                before = match.state
                move = ai_move(match)
                print(f"AI plays {kit.move_text(game, before, move)}.")
        print()
        print(kit.text_board(game, match.state), end="")
        print(result_text(match))
        keep_learned(ai)
        keep_game(match)
        if not ask_yes_no("Play again (y/n)? "):
            return
        match.restart()
