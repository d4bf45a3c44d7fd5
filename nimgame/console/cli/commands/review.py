"""`nimgame review`: a game reviewed move by move — a kept game (`review RECORD`), or moves
typed on the command line (`review GAME [rules] --moves M1 M2 …`); without either, the
kept games are listed. Each move with what the position was worth for the player who
made it, before and after (a win in k, a draw, a loss in k, with best play), the first
mistake and why; `--json` prints one object per move."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from typing import Any

from ....games import KITS, AnyGame, kit_for
from ....games.base import Move
from ....review import BadMove, ExactJudge, Review, read_moves, review
from ....review import records as kept
from ....review.records import GameRecord, RecordError
from ....safetext import escape
from ..command import Command
from ..errors import CliError
from ..options import GAME_NAMES, add_game_options, cli_game, game_options

#: The widest a move is shown in the table (a move on a board of huge piles is long).
MOVE_WIDTH = 24


def move_examples() -> str:
    """A move of each game as its kit writes it, from its first position: "nim 4:7, …"."""
    examples = []
    for name, kit in KITS.items():
        game = kit.make()
        state = game.initial_state()
        examples.append(f"{name} {kit.move_text(game, state, game.legal_moves(state)[-1])}")
    return ", ".join(examples)


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", nargs="?", default=None, metavar="RECORD|GAME",
                   help="a kept game (its number, 'last', or a record file); with --moves, "
                        f"a game ({', '.join(GAME_NAMES)}); without it, the kept games are "
                        "listed")
    p.add_argument("--moves", nargs="+", default=None, metavar="MOVE",
                   help="the moves from the start, as text mode writes them (Nim's "
                        "PILE:COUNT counts piles from 1), e.g. " + move_examples())
    p.add_argument("--json", action="store_true",
                   help="one JSON object per move: ply, player, move, before, after, "
                        "before_in, after_in, mistake, first_mistake, why")
    add_game_options(p)


def cmd_review(args: argparse.Namespace) -> int:
    given = [key for key, value in game_options(args).items() if value not in (None, False)]
    record: GameRecord | None = None
    number: int | None = None
    if args.moves is not None:
        if args.target not in GAME_NAMES:
            raise CliError(f"--moves reviews moves from the start of a game: name the game "
                           f"first ({', '.join(GAME_NAMES)}), e.g. nimgame review nim "
                           "--moves 4:7 3:3")
        args.game = args.target
        game = cli_game(args)
        try:
            moves: Sequence[Move] = read_moves(game, args.moves)
        except BadMove as err:
            raise CliError(str(err)) from None
    else:
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise CliError(f"{flag} sets the rules of a game reviewed with --moves; a kept "
                           "game brings its own")
        if args.target is None:
            return list_kept(args.json)
        if args.target in GAME_NAMES and not os.path.lexists(args.target):
            raise CliError(f"to review a game of {args.target} from its moves, give them "
                           f"with --moves (nimgame review {args.target} --moves …); a kept "
                           "game is reviewed by its number")
        try:
            path = kept.find(args.target)
            record = kept.read(path)
        except RecordError as err:
            raise CliError(f"{escape(args.target, 60)}: {err}") from None
        found = kept.FILE_NAME.match(path.name)
        number = int(found.group(1)) if found else None
        game, moves = record.game, record.moves
    try:
        judge = ExactJudge(game)
    except ValueError as err:
        raise CliError(str(err)) from None
    reviewed = review(game, moves, judge, seat_names(record))
    if args.json:
        for line in json_lines(reviewed):
            print(line)
    else:
        for line in table(reviewed, record, number):
            print(line)
    return 0


# -- what is printed ----------------------------------------------------------------------

def move_data(reviewed: Review) -> list[dict[str, Any]]:
    """One object per move, as --json prints them."""
    first = reviewed.first_mistake
    return [{"ply": move.ply, "player": move.player, "move": move.text,
             "before": move.before.word, "after": move.after.word,
             "before_in": move.before.left, "after_in": move.after.left,
             "mistake": move.mistake, "first_mistake": move is first, "why": move.why}
            for move in reviewed.moves]


def json_lines(reviewed: Review) -> list[str]:
    return [json.dumps(data, ensure_ascii=False) for data in move_data(reviewed)]


def seat_names(record: GameRecord | None) -> tuple[str, str]:
    if record is None:
        return "Player 1", "Player 2"
    first, second = (escape(seat.name, 20) for seat in record.seats)
    return first, second


def heading(game: AnyGame, record: GameRecord | None, number: int | None) -> list[str]:
    lines = [escape(game.describe_rules(), 200)]
    if record is not None:
        seats = [escape(seat.name, 40) + (f" ({escape(seat.ai, 40)})" if seat.ai else "")
                 for seat in record.seats]
        result = escape(record.result_text, 60)
        when = record.time.replace("T", " ").replace("Z", " UTC")
        named = f"Game {number}, " if number is not None else ""
        lines.append(f"{named}{when}: {seats[0]} moved first, against {seats[1]}; {result}.")
    return lines


def table(reviewed: Review, record: GameRecord | None, number: int | None) -> list[str]:
    """The review for people: a line per move, then the first mistake, why, and the
    position to play on from."""
    game = reviewed.game
    names = seat_names(record)
    lines = heading(game, record, number)
    lines.append("Each move's worth for the player who made it, before and after, with best "
                 "play from then on" + (' ("win in 3": 3 moves to the end).' if reviewed.counted
                                        else "."))
    if not reviewed.counted:
        lines.append("(The board is too big to count the moves to the end: the worths are "
                     "exact, without the count.)")
    if not reviewed.moves:
        lines.append("No moves to review.")
        return lines
    who = max(len("who"), *(len(name) for name in names))
    width = min(MOVE_WIDTH, max(len("move"), *(len(move.text) for move in reviewed.moves)))
    worth = max(len("before"), *(len(move.before.text) for move in reviewed.moves))
    after = max(len(move.after.text) for move in reviewed.moves)
    first = reviewed.first_mistake
    lines.append("")
    lines.append(f" ply  {'who':<{who}}  {'move':<{width}}  {'before':<{worth}}  after")
    for move in reviewed.moves:
        mark = "  <- first mistake" if move is first else "  mistake" if move.mistake else ""
        shown = escape(move.text, MOVE_WIDTH)
        lines.append(f"{move.ply:>4}  {names[move.player]:<{who}}  {shown:<{width}}  "
                     f"{move.before.text:<{worth}}  {move.after.text:<{after}}{mark}".rstrip())
    lines.append("")
    play_on = reviewed.play_on()
    if first is None or play_on is None:
        lines.append("No mistake: no move made things worse for the player who made it.")
        return lines
    lines.append(f"First mistake, at ply {first.ply}: {names[first.player]} played "
                 f"{escape(first.text, MOVE_WIDTH)} ({escape(first.words, 60)}), "
                 f"{first.before.text} before, {first.after.text} after.")
    lines.append(f"Why: {first.why}")
    lines.append(f"Play on from just before it ({names[play_on.player]} to move):")
    lines.extend(kit_for(game).text_board(game, play_on.state).rstrip("\n").split("\n"))
    return lines


def list_kept(as_json: bool) -> int:
    """The kept games, newest first (one JSON object each with --json)."""
    folder = kept.records_dir()
    games = kept.kept_games(folder)
    if as_json:
        for entry in games:
            data: dict[str, Any] = {"id": entry.number, "path": str(entry.path)}
            if entry.record is None:
                data["problem"] = entry.problem
            else:
                data.update(game=entry.record.game.name, time=entry.record.time,
                            result=entry.record.result_text, moves=len(entry.record.moves))
            print(json.dumps(data, ensure_ascii=False))
        return 0
    if not games:
        print(f"No game has been kept yet: games played in the window or with play --text "
              f"are kept in {escape(str(folder), 200)}.")
        return 0
    print(f"The last {len(games)} games kept (newest first), in {escape(str(folder), 200)}:")
    for entry in games:
        record = entry.record
        if record is None:
            print(f"{entry.number:>6}  cannot be read: {entry.problem}")
            continue
        seats = " against ".join(escape(seat.name, 20) for seat in record.seats)
        when = record.time.replace("T", " ")[:16]
        rules = record.game.short_rules()
        shown = f" ({escape(rules, 40)})" if rules != "—" else ""
        print(f"{entry.number:>6}  {when}  {escape(record.game.title, 20)}{shown}: {seats}, "
              f"{escape(record.result_text, 40)} in {len(record.moves)} moves")
    print("Review one with: nimgame review NUMBER")
    return 0


COMMAND = Command("review", "a game reviewed move by move: the first mistake and why",
                  cmd_review, arguments)
