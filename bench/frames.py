"""The window while an AI trains: frame times and training speed, headless (dummy video).

Measured in one run: the training overlay idle; the overlay while a worker process trains;
the same training in a thread of the window's process (the design the worker replaces);
and the training alone with no window. Frames are paced at 60 per second as in the app.
"""

from __future__ import annotations

import os
import statistics
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from nimgame.games import Nim  # noqa: E402
from nimgame.learning.training import train  # noqa: E402
from nimgame.players import QLearner  # noqa: E402
from nimgame.ui.app import FPS, App  # noqa: E402
from nimgame.ui.menu import MenuScene  # noqa: E402
from nimgame.ui.training import TrainingScene  # noqa: E402

GAMES = 300_000
PILES = [3, 5, 7, 9, 11]


def headless_rate() -> float:
    learner = QLearner(Nim(tuple(PILES)))
    report = train(learner, GAMES, seed=1, curve_points=20, eval_games=100)
    return report.games_per_second


def frames_while(app: App, busy) -> tuple[list[float], float]:
    """Frame work times (s) and frames per second while busy() is true."""
    times, start, count = [], time.perf_counter(), 0
    while busy():
        app.clock.tick(FPS)
        t0 = time.perf_counter()
        app.step(1 / FPS)
        times.append(time.perf_counter() - t0)
        count += 1
    return times, count / (time.perf_counter() - start)


def summary(times: list[float], fps: float) -> str:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95)] if ordered else 0.0
    return (f"{fps:.1f} fps, frame work median {statistics.median(times) * 1000:.2f} ms, "
            f"95th percentile {p95 * 1000:.2f} ms ({len(times)} frames)")


def measure() -> dict:
    import tempfile  # a private home: the person's settings and brains are not touched

    os.environ["NIMGAME_HOME"] = tempfile.mkdtemp(prefix="nimgame-frames-")
    app = App((1100, 720))
    app.push(MenuScene(app))
    scene = TrainingScene(app)
    app.push(scene)
    scene.choices.preset = "Nim 3, 5, 7, 9, 11 — misère"
    scene.resize()

    idle_end = time.perf_counter() + 3
    idle = frames_while(app, lambda: time.perf_counter() < idle_end)

    scene.form.games_entry.set_text(str(GAMES))
    scene.start()
    process = frames_while(app, lambda: scene.trained is None and scene.job is not None)
    worker_rate = scene.job.done.games_per_second if scene.job and scene.job.done else 0.0

    learner = QLearner(Nim(tuple(PILES)))
    holder = {}
    thread = threading.Thread(target=lambda: holder.setdefault("report", train(
        learner, GAMES, seed=1, curve_points=20, eval_games=100)))
    thread.start()
    threaded = frames_while(app, thread.is_alive)
    thread.join()
    app.quit()
    pygame.quit()
    return {"idle": idle, "process": process, "worker_rate": worker_rate,
            "thread": threaded, "thread_rate": holder["report"].games_per_second,
            "headless_rate": headless_rate()}


def frames_target(report) -> None:
    m = measure()
    fps = m["process"][1]
    ratio = m["worker_rate"] / m["headless_rate"]
    ok = fps >= 55 and ratio >= 0.8
    report("6. Window while training (Q-learning, Nim 3,5,7,9,11, 300,000 games)", ok,
           f"idle: {summary(*m['idle'])}\n"
           f"       worker process: {summary(*m['process'])} (need >= 55 fps)\n"
           f"       same training in a thread: {summary(*m['thread'])}\n"
           f"       training speed beside the window {m['worker_rate']:,.0f} games/s vs "
           f"alone {m['headless_rate']:,.0f} = {ratio:.0%} (need >= 80%); in a thread "
           f"{m['thread_rate']:,.0f} games/s")
