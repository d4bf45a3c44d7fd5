"""KUET's NimX console game, in the report's words ("How to play"): NimX greets you, asks
your name and whether you want to play, offers Easy (three games against IDA*) or Hard
(six games alternating minimax and alpha-beta), draws each board as `Pile_no N: /*\\/*\\`
and ends with the win arrays and, in Hard, the genetic algorithm's selection step.

Rules as the report's constraints say: 2 to 3 piles of 1 to 6 stones drawn at random for
each game, at most 3 stones a move, normal play (whoever takes the last stone wins), you
move first. Where the report is silent or unclear the choices are a player's (the README
lists them): one `/*\\` per stone; a refused answer says why and asks again; 'n' says
goodbye; after each game a line says who won it.
"""

from __future__ import annotations

import random

from .. import kuet
from ..match import Event, Match, Moved, RoundsOver, Seat
from ..safetext import escape
from .textplay import as_number, read_answer

STONE = "/*\\"
SEPARATOR = "->" * 19
#: The population's names in the report's selection lines ("Alpha_Beta", with an
#: underscore there, though its chromosome line says "Alpha-Beta").
POPULATION_NAMES = {"Minimax": "Minimax", "Alpha-Beta": "Alpha_Beta"}
#: The longest name (in characters typed, spaces around it aside): a name is said in every
#: prompt. The report sets no limit; a longer one is refused, never shortened.
MAX_NAME = 40


def board_lines(piles: tuple[int, ...]) -> list[str]:
    """The report's drawing of a board: a rule, one line per pile, a rule."""
    return ["Let's see how the board is looking right now...", "-----",
            *[f"Pile_no {i + 1}:{' ' + STONE * size if size else ''}"
              for i, size in enumerate(piles)], "-----"]


def ask_name() -> str:
    """The name typed, whole (shown with any invisible character escaped), if it has 1 to
    MAX_NAME characters; else why not, and the question again."""
    while True:
        answer = read_answer("What is your name??? ")
        if answer is not None and 0 < len(answer) <= MAX_NAME:
            return escape(answer, None)
        print("Please tell me your name (a few letters)." if answer == ""
              else f"That is too long for a name: {MAX_NAME} characters at most.")


def ask_choice(prompt: str, choices: tuple[str, ...], complaint: str) -> str:
    while True:
        answer = (read_answer(prompt) or "").lower()
        if answer in choices:
            return answer
        print(complaint)


def human_move(match: Match, name: str) -> list[Event]:
    """Ask until a move is allowed (piles as people count, from 1), then play it."""
    while True:
        pile = as_number(read_answer(f"From which pile you want to remove stones, {name}??: "))
        count = as_number(read_answer(
            f"How many stones do you want to remove (maximum {kuet.KUET_CAP})??: "))
        if pile is None or count is None:
            print("Please type whole numbers, like 1.")
            continue
        try:
            return match.play((pile - 1, count))
        except ValueError as err:   # IllegalMove: which rule it breaks, in words
            print(f"You cannot do that: {err}. Try again.")


def play_rounds(rounds: list[tuple[str, str]], name: str, rng: random.Random
               ) -> tuple[RoundsOver, list[tuple[int, ...]]]:
    """The match's rounds, each game on a fresh random board, you first; its end, and the
    boards the games began on."""
    match = Match(kuet.kuet_game(rng), (Seat(name), Seat("NimX")), rounds=rounds, rng=rng)
    boards: list[tuple[int, ...]] = []
    while True:
        boards.append(tuple(match.state.piles))
        print()
        print("\n".join(board_lines(match.state.piles)))
        print(f"NimX is playing using {match.strategy}.....")
        events: list[Event] = []
        while not match.over:
            if match.humans_turn:
                print(SEPARATOR)
                events = human_move(match, name)
                continue
            turn = match.ai_turn()
            assert turn is not None
            events = match.play_ai(turn.player.choose_move(turn.state), turn.generation)
            moved = next(e for e in events if isinstance(e, Moved))
            pile, count = moved.move
            print(f"NimX removes {count} stones from pile {pile + 1}.")
            print()
            print("After NimX's turn,,,")
            print("\n".join(board_lines(match.state.piles)))
        print("NimX took the last stone: NimX wins this game!!!"
              if match.game.winner(match.state) == 1 else
              f"You took the last stone: you win this game, {name}!!!")
        over = next((e for e in events if isinstance(e, RoundsOver)), None)
        if over is not None:
            return over, boards
        match.next_round()


def report(over: RoundsOver, hard: bool, boards: list[tuple[int, ...]]) -> None:
    """The end: the win arrays, and in Hard the genetic algorithm's selection step (the
    report's words); then, where the report is silent, your own score and why NimX lost
    what it lost, from the boards played (as the window's results say them)."""
    arrays = over.results
    print()
    if not hard:
        print(f"IDA* wins: {arrays['IDA*']}")
        print()
        print("Genetic algorithm is not applicable in Easy mode.")
    else:
        selection_step(over)
    print()
    print(kuet.score_text(arrays))
    print(kuet.why_nimx_loses(boards))


def selection_step(over: RoundsOver) -> None:
    """Hard's win arrays, each strategy's fitness and the chromosome selected."""
    arrays = over.results
    for strategy, chromosome in arrays.items():
        print(f"{strategy} chromosome (wins): {chromosome}")
    print()
    print("1 represents wins and 0 represents lose")
    population = {POPULATION_NAMES[s]: chromosome for s, chromosome in arrays.items()}
    for algorithm, chromosome in population.items():
        print()
        print(f"Algorithm: {algorithm}, Fitness: {kuet.fitness(chromosome)}")
    chosen = over.selected
    print()
    print(f"Selected Chromosome: {chosen.chromosome} with algorithm: "
          f"{POPULATION_NAMES[chosen.algorithm]}")


def play_nimx(seed: int | None = None) -> None:
    """The whole console game, read from stdin (EOFError at the end of input)."""
    rng = random.Random(seed)
    print("Hello!!! I am NimX...")
    name = ask_name()
    print("Do you want to play with me???")
    if ask_choice("If you want then press 'y' otherwise press 'n' ", ("y", "n"),
                  "Please press 'y' or 'n'.") == "n":
        print(f"Okay, {name}. Maybe next time!!!")
        return
    print("Choose difficulty level:")
    print("1. Easy (NimX uses IDA*)")
    print("2. Hard (NimX uses Minimax and Alpha-Beta)")
    hard = ask_choice("Enter 1 or 2: ", ("1", "2"), "Please enter 1 or 2.") == "2"
    over, boards = play_rounds(list(kuet.HARD if hard else kuet.EASY), name, rng)
    report(over, hard, boards)
