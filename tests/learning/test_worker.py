"""Training in a worker process: progress arrives, cancel keeps what was learned, the
process is always stopped and joined."""

import time

import pytest

from nimgame.games import Nim
from nimgame.learning.worker import TrainingJob, TrainingSpec


def wait(job, condition, seconds=60):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        job.poll()
        time.sleep(0.01)


def test_training_runs_in_another_process_and_reports():
    spec = TrainingSpec("nim", {"piles": [1, 3, 5, 7], "misere": True, "max_take": None},
                        "q", {"alpha": 0.5, "epsilon": 0.1}, games=6_000, seed=3,
                        name="worker-made")
    with TrainingJob(spec) as job:
        wait(job, lambda: not job.running)
        assert job.error is None
        assert job.done.games == 6_000 and not job.done.stopped
        assert job.progress.done == 6_000
        assert [p.games for p in job.curve][0] == 0 and job.curve[-1].games == 6_000
        assert job.curve[-1].optimal_share == 1.0
        learner = job.result()
        assert learner.games_trained == 6_000 and learner.name == "worker-made"
        assert learner.game == Nim()
    assert not job.process.is_alive() and job.process.exitcode == 0


def test_cancel_keeps_what_was_learned():
    spec = TrainingSpec("nim", {"piles": [3, 5, 7, 9, 11]}, "q", games=50_000_000)
    with TrainingJob(spec) as job:
        wait(job, lambda: job.progress.done > 0)
        job.cancel()
        wait(job, lambda: not job.running)
        assert job.done.stopped and 0 < job.done.games < 50_000_000
        assert job.result().games_trained == job.done.games
    assert not job.process.is_alive()


def test_continue_training_a_saved_brain(tmp_path):
    first = TrainingSpec("sticks", {"sticks": 30}, "hats", games=2_000, seed=1)
    with TrainingJob(first) as job:
        wait(job, lambda: not job.running)
        path = tmp_path / "hats.brain"
        from nimgame import storage
        storage.save(job.result(), path)
    more = TrainingSpec("sticks", {"sticks": 30}, "hats", games=1_000, start_from=str(path))
    with TrainingJob(more) as job:
        wait(job, lambda: not job.running)
        assert job.started_from == 2_000
        assert job.result().games_trained == 3_000


def test_errors_come_back_as_messages():
    spec = TrainingSpec("nim", {"piles": []}, "q", games=10)
    with TrainingJob(spec) as job:
        wait(job, lambda: not job.running)
        assert job.error == "ValueError: Nim needs 1 to 100 piles"


def test_close_stops_a_running_job_at_once():
    spec = TrainingSpec("tictactoe", {}, "hats", games=50_000_000)
    job = TrainingJob(spec).start()
    wait(job, lambda: job.progress.done > 0)
    job.close()
    assert not job.process.is_alive()
    with pytest.raises(RuntimeError):
        job.result()


def test_close_soon_returns_before_the_process_ends_and_then_ends_it():
    """What the window uses: the stop is asked for at once, the waiting (up to a batch)
    happens on another thread, and the process and its folder are gone after it."""
    spec = TrainingSpec("tictactoe", {}, "hats", games=50_000_000)
    job = TrainingJob(spec).start()
    wait(job, lambda: job.progress.done > 0)
    closer = job.close_soon()
    assert job.stop_event.is_set()
    closer.join(timeout=30)
    assert not closer.is_alive() and not job.process.is_alive()
    assert not job.result_path.parent.exists()


def test_the_worker_speaks_in_typed_messages_in_order(tmp_path):
    """The child's side, run in this process: Started, then Progress and CurveReached while
    it trains, then Finished with the file; a broken spec ends in Failed, never silence."""
    import queue
    import threading

    from nimgame.learning import worker

    out: queue.Queue = queue.Queue()
    spec = worker.TrainingSpec("nim", {"piles": [1, 2, 3]}, games=300, seed=1)
    worker._run(spec, out, threading.Event(), str(tmp_path / "r.brain"))
    messages = [out.get_nowait() for _ in range(out.qsize())]
    assert messages[0] == worker.Started(0)
    assert isinstance(messages[-1], worker.Finished)
    assert messages[-1].report.games == 300 and messages[-1].path.endswith("r.brain")
    middle = {type(m) for m in messages[1:-1]}
    assert middle == {worker.Progress, worker.CurveReached}
    assert [m.done for m in messages if isinstance(m, worker.Progress)][-1] == 300

    broken = worker.TrainingSpec("nim", {"piles": [1, 2, 3]}, learner="nope")
    worker._run(broken, out, threading.Event(), str(tmp_path / "x.brain"))
    failed = out.get_nowait()
    assert isinstance(failed, worker.Failed) and "unknown learner 'nope'" in failed.message
