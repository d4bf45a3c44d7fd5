"""`make screenshots`: the menu and each board in a realistic mid-game position, rendered
headless to docs/screenshots/*.png for the README (and for looking at).

A developer tool, so it lives beside the benchmarks, not in the installed package.
`--size 800x560` renders at another window size into docs/screenshots/800x560/ (to look at,
not for the README); `make icon` (`--icon`) redraws assets/icon.png, which nothing else
writes."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from nimgame.games import NimState, SticksState  # noqa: E402
from nimgame.learning.arena import ArenaResult  # noqa: E402
from nimgame.players import PerfectPlayer  # noqa: E402
from nimgame.ui import theme  # noqa: E402
from nimgame.ui.app import App  # noqa: E402
from nimgame.ui.board import presenter as pace  # noqa: E402
from nimgame.ui.menu import MenuScene  # noqa: E402
from nimgame.ui.results import KuetResults  # noqa: E402
from nimgame.ui.setup import FRIEND, SetupScene  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def settle(app: App, frames: int = 4) -> None:
    """A few frames, each after the files being read in the background are read."""
    for _ in range(frames):
        app.tasks.wait(timeout=60)
        app.step(1 / 60)


def hover(app: App, pos) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def board(app: App, key: str, opponent: str, **choices):
    app.push(SetupScene(app, key))
    setup = app.top
    setup.choices["opponent"] = next(t for t in setup.opponents if t.startswith(opponent))
    setup.choices.update(choices)
    setup.rebuild()
    setup.start()
    return app.top


def save(app: App, name: str) -> None:
    settle(app)
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT / f"{name}.png"))
    print(f"wrote {OUT / name}.png")


def make_icon() -> pygame.Surface:
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(icon, theme.PANEL, icon.get_rect(), border_radius=12)
    for row, count in enumerate((1, 2, 3)):
        for i in range(count):
            x = 32 - (count - 1) * 9 + i * 18
            pygame.draw.circle(icon, theme.TAKE if row == 2 and i == 2 else theme.ACCENT,
                               (x, 14 + row * 18), 7)
    return icon


def main(argv: list[str] | None = None) -> int:
    global OUT
    parser = argparse.ArgumentParser(prog="python -m bench.screenshots")
    parser.add_argument("--size", default=None, help="window size WIDTHxHEIGHT")
    parser.add_argument("--icon", action="store_true", help="redraw assets/icon.png and stop")
    parser.add_argument("--out", default=None, help="folder to write into (default docs/)")
    parser.add_argument("--quick", action="store_true",
                        help="the menu and boards only, not the screens that train (tests)")
    args = parser.parse_args(argv)
    if args.out:
        OUT = Path(args.out)
    pygame.init()
    if args.icon:
        pygame.image.save(make_icon(), str(theme.ICON_FILE))
        print(f"wrote {theme.ICON_FILE}")
        return 0
    pace.THINK_SECONDS = 0.0
    pace.PREVIEW_SECONDS = 0.0
    pace.ANIMATION_SECONDS = 0.0
    import tempfile  # a private home: the person's settings and brains are not touched

    os.environ["NIMGAME_HOME"] = tempfile.mkdtemp(prefix="nimgame-shots-")
    if args.size:
        width, height = (int(n) for n in args.size.lower().split("x"))
        app = App((width, height))
        OUT = OUT / f"{width}x{height}"
    else:
        app = App((1100, 720))
    app.push(MenuScene(app))
    save(app, "menu")

    nim = board(app, "nim", "Perfect")
    shown = nim.presenter
    shown.match.state = NimState((1, 2, 4, 5), 0)
    shown.match.history = [shown.game.initial_state(), shown.state]
    shown.tell("NimX took 2 from pile 4.  Your move.")
    shown.advice.show_hint = True
    nim.rebuild()
    hover(app, nim.stone_center(3, 2))
    save(app, "nim")
    shown.advice.show_hint = False
    for move in [(1, 2), (2, 4), (3, 4), (3, 1), (0, 1)]:   # to the end: you take the last
        shown.apply(move)
    shown.animation = None
    nim.rebuild()
    save(app, "game-over")
    app.pop()
    app.pop()

    sticks = board(app, "sticks", "The trained", )
    shown = sticks.presenter
    shown.background.training = (41_000, 100_000)
    save(app, "sticks-training")
    shown.background.closing = True   # end the practice, then show the board
    shown.background.job.result()
    shown.background.training = shown.background.job = None
    shown.background.closing = False
    shown.match.state = SticksState(14, 0)
    shown.match.history = [shown.game.initial_state(), shown.state]
    shown.tell("NimX took 3 sticks.  Your move.")
    sticks.rebuild()
    hover(app, sticks.stick_rect(12).center)
    save(app, "sticks")
    app.pop()
    app.pop()

    ttt = board(app, "tictactoe", "Hard (alpha-beta)")
    shown = ttt.presenter
    shown.match.state = "X.O.X...O"
    shown.match.history = [shown.game.initial_state(), shown.state]
    shown.tell("NimX played O in row 3, column 3.  Your move.")
    ttt.rebuild()
    rect, cell = ttt.grid()
    hover(app, (rect.x + cell // 2, rect.y + cell * 3 // 2))
    save(app, "tictactoe")
    app.pop()
    app.pop()

    hexapawn_board(app)
    mcts_decision(app)
    review_screen(app)
    drills_screen(app)
    learning_steps(app)
    menace_screen(app)

    kuet = board(app, "nim", FRIEND, rounds="KUET Hard: 6 games, minimax and alpha-beta")
    shown = kuet.presenter
    judge = PerfectPlayer(shown.game)
    while not shown.over:
        shown.apply(judge.choose_move(shown.state))
    shown.animation = None
    shown.setup.round_results = {"Minimax": [1, 1, 0], "Alpha-Beta": [1, 1, 1]}
    app.push(KuetResults(app, shown.setup))
    save(app, "kuet-results")
    app.pop()
    app.pop()
    if not args.quick:
        learning_screens(app)
    app.quit()
    return 0


def hexapawn_board(app: App) -> None:
    """Hexapawn after Black took on b2: a pawn picked up, its squares marked, the hint's
    arrows on."""
    from nimgame.games.hexapawn import Hexapawn
    from nimgame.match import Seat
    from nimgame.players import MinimaxPlayer
    from nimgame.session import MatchSetup
    from nimgame.ui.board.hexapawn import square_centre

    game = Hexapawn()
    pawns = app.open("board", MatchSetup(game, (Seat("Player"), Seat(
        "NimX", MinimaxPlayer(game), label="Hard (minimax)"))))
    shown = pawns.presenter
    for move in [(1, 4), (6, 4)]:   # White b1-b2, Black a3 takes b2
        shown.apply(move)
    shown.animation = None
    shown.tell("NimX played a3 takes b2.  Your move.")
    shown.advice.show_hint = True
    pawns.rebuild()
    settle(app)
    rect, cell = pawns.grid()
    pawns.click(2)   # c1 in hand: where it may go, marked
    shown.tell("The pawn on c1: click where it goes, or click it again to put it back.")
    x, y = square_centre(rect, cell, 4)
    hover(app, (int(x), int(y)))
    save(app, "hexapawn")
    app.pop()


def mcts_decision(app: App) -> None:
    """One MCTS decision taken apart, as D opens it from a board: misère Nim on piles
    1, 4, 4, where a thousand random playouts settle on a losing move; three quarters of
    the way through."""
    from nimgame.games import Nim
    from nimgame.players import MCTSPlayer

    game = Nim()
    player = MCTSPlayer(game, 1_000, seed=1, record=True)
    player.choose_move(NimState((0, 1, 4, 4), 0))
    scene = app.open("mcts", player.last_decision)
    settle(app)
    scene.steps.go(750)
    scene.rebuild()
    save(app, "mcts")
    app.pop()


def menace_screen(app: App) -> None:
    """MENACE with Scroggs' beads after Michie's tournament against the perfect player,
    then one more game, its last bead lit (menace.png); and its charts (menace-charts.png)."""
    scene = app.open("menace", seed=2)
    scene.choose("preset", "Scroggs")
    scene.desk.start_tournament()
    while not scene.desk.tournament_chunk(100):
        pass
    scene.label_cache.clear()   # the tournament's MENACE is a new one
    scene.one_game()
    settle(app)
    save(app, "menace")
    scene.toggle_charts()
    settle(app)
    save(app, "menace-charts")
    app.pop()


def review_screen(app: App) -> None:
    """A Tic-Tac-Toe game reviewed, as V opens it after the game: Ada (X) leaves a threat
    unblocked at her third move and alpha-beta wins; the review opens at that mistake."""
    from datetime import UTC, datetime

    from nimgame.games import TicTacToe
    from nimgame.players import MinimaxPlayer
    from nimgame.review.records import GameRecord, seat

    game = TicTacToe()
    o_player = MinimaxPlayer(game)
    state, moves = game.initial_state(), []
    for x_move in [(0, 0), (2, 2), (0, 2), (1, 0), (2, 1)]:   # (0, 2): the mistake
        for move in (x_move, None):
            if game.is_over(state):
                break
            move = move if move is not None else o_player.choose_move(state)
            if move not in game.legal_moves(state):
                move = game.legal_moves(state)[0]
            state = game.result(state, move)
            moves.append(move)
    record = GameRecord.of(game, (seat("Ada"), seat("NimX", "Hard (alpha-beta)")), moves,
                           when=datetime(2026, 11, 24, tzinfo=UTC))
    app.open("review", record, None)
    settle(app)
    save(app, "review")
    app.pop()


def drills_screen(app: App) -> None:
    """The drills at the guided level: the misère endgame on piles 1, 3, 1, the first
    hint shown, the binary table beside it and "take 2 from pile 2" chosen."""
    scene = app.open("drills", kind="misere-endgame", level=1, seed=16)
    scene.run.hint()
    scene.choose_pile(next(i for i, size in enumerate(scene.run.question.piles) if size > 1))
    scene.choose_count(2)
    settle(app)
    save(app, "drills")
    app.pop()


def learning_steps(app: App) -> None:
    """Step through learning, as the training screen opens it: Q-learning on Nim 1, 2
    (alpha 0.5) paused after 2 games, on an update whose formula has every term
    (steps.png); hats on
    Tic-Tac-Toe (MENACE) after 300 games, on a ball thrown away (steps-hats.png)."""
    from nimgame.players.updates import HatUpdate, QUpdate
    from nimgame.ui.steps import StepsScene
    from nimgame.ui.training import TrainingScene

    def interesting_q(update: object) -> bool:
        return (isinstance(update, QUpdate) and update.position is not None
                and 0 not in (update.old, update.future)
                and f"{update.old:.2f}" != f"{update.new:.2f}")   # a change the picture shows

    def interesting_hat(update: object) -> bool:
        return (isinstance(update, HatUpdate) and update.result < 0
                and not update.last_ball_kept and len(update.moves) >= 4)

    for name, preset, learner, played, wanted in (
            ("steps", "Nim — your own rules", "Q-learning", 2, interesting_q),
            ("steps-hats", "Tic-Tac-Toe", "Hats", 300, interesting_hat)):
        training = TrainingScene(app)
        app.push(training)
        training.choices.preset, training.choices.learner = preset, learner
        training.choices.own["nim"]["custom"] = "1, 2"
        training.rebuild()
        # alpha 0.5: with the default 1 an update sets a value outright (old or future is
        # 0, or nothing changes), and the picture is of a formula with every term
        training.choices.alpha = 0.5
        training.form.games_entry.set_text("1000")
        spec = training.run_spec()
        if spec is None:
            raise SystemExit(f"screenshots: the training screen says {training.message}")
        spec.seed = 1   # the same pictures every time
        training.open_steps(spec, played)   # the run is made beside the frames
        settle(app, 2)
        steps = app.top
        assert isinstance(steps, StepsScene)
        while steps.busy:
            settle(app, 1)
        for _ in range(500):
            if wanted(steps.source.steps.update):
                break
            steps.forward()
        else:
            raise SystemExit(f"screenshots: no update to show for {name}")
        steps.rebuild()
        save(app, name)
        app.pop()   # hands the learner back to the training screen: not kept
        app.pop()


def learning_screens(app: App) -> None:
    """Training live, the library, the inspector and the arena, on a private brains folder."""
    import tempfile
    import time

    from nimgame import storage
    from nimgame.games import Nim, Sticks
    from nimgame.learning.training import train
    from nimgame.players import HatLearner, QLearner
    from nimgame.ui.inspector import InspectorScene
    from nimgame.ui.library import LibraryScene
    from nimgame.ui.training import TrainingScene

    os.environ["NIMGAME_HOME"] = tempfile.mkdtemp(prefix="nimgame-shots-")
    for learner, games, name in ((QLearner(Nim()), 20_000, "CS50 champion"),
                                 (HatLearner(Sticks(30)), 30_000, "Sticks hats"),
                                 (QLearner(Nim((3, 5, 7, 9, 11))), 50_000, "Big Nim")):
        train(learner, games, seed=1, curve_points=1, eval_games=50)
        learner.name = name
        storage.save(learner)
    broken = storage.brains_dir() / "old-experiment.brain"
    broken.write_bytes(b"\x80\x04truncated")

    training = TrainingScene(app)
    app.push(training)
    training.choices.preset = "Nim 3, 5, 7, 9, 11 — misère"
    training.rebuild()
    training.form.games_entry.set_text("400000")
    training.start()
    deadline = time.monotonic() + 60
    while (not training.job.curve or training.job.curve[-1].games < 120_000) and \
            time.monotonic() < deadline and training.job.running:
        app.step(1 / 60)
        time.sleep(0.01)
    save(app, "training")
    training.close_job()   # the picture is taken: this run is not kept as an unsaved brain
    app.pop()

    library = LibraryScene(app)
    app.push(library)
    save(app, "library")
    settle(app)
    hats = next(i for i in library.brains if i.name == "Sticks hats")
    app.push(InspectorScene(app, storage.load(hats.path)))
    save(app, "inspector-sticks")
    app.pop()
    app.pop()

    arena_screen(app, ["Perfect", "Easy (IDA*)", "Random", "Saved: CS50 champion"], 200)


def arena_screen(app: App, chosen: list[str], games: int) -> ArenaResult:
    """The arena after `chosen` played `games` games each against Random. The saved AIs
    among them are listed once the brains folder is read: they are chosen after that (the
    arena keeps only contenders it lists), and one that is not listed stops the tool."""
    import time

    from nimgame.ui.arena import ArenaScene

    arena = ArenaScene(app)
    app.push(arena)
    settle(app)
    missing = [label for label in chosen if label not in arena.entrants()]
    if missing:
        raise SystemExit(f"screenshots: the arena lists no {', '.join(missing)}")
    arena.chosen = chosen
    arena.games_text = str(games)
    arena.rebuild()
    arena.run()
    while arena.job is not None:
        app.step(1 / 60)
        time.sleep(0.01)
    result = arena.result
    if result is None or list(result.results) != arena.chosen:
        raise SystemExit(f"screenshots: the arena did not play {chosen}: {arena.message}")
    save(app, "arena")
    app.pop()
    return result


if __name__ == "__main__":
    sys.exit(main())
