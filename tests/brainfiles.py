"""Real brain files of every kind, for the hostile-file tests of storage and the command line
to mutate (shared here: test modules do not import each other)."""

import pickle

from nimgame import storage
from nimgame.games import Nim, Sticks, TicTacToe
from nimgame.learning.training import train
from nimgame.players import HatLearner, QLearner


def brain(cls, game, games, name):
    learner = cls(game)
    train(learner, games, seed=3, curve_points=0)
    learner.name = name
    learner.accuracy = 0.5
    return learner


BRAINS = {
    "nim-q": lambda: brain(QLearner, Nim(), 300, "nim q"),
    "nim-hats": lambda: brain(HatLearner, Nim((1, 3, 5), misere=False, max_take=2), 300, "nh"),
    "sticks-hats": lambda: brain(HatLearner, Sticks(20), 300, "sticks hats"),
    "sticks-q": lambda: brain(QLearner, Sticks(15, max_take=4), 300, "sq"),
    "ttt-q": lambda: brain(QLearner, TicTacToe(), 200, "ttt q"),
    "ttt-hats": lambda: brain(HatLearner, TicTacToe(), 200, "ttt hats"),
}
_made: dict = {}


def real(kind: str) -> tuple[dict, dict]:
    """The header and table of a real saved brain of `kind` (made once)."""
    if kind not in _made:
        learner = BRAINS[kind]()
        _made[kind] = (storage.header_for(learner), learner.export_table())
    header, table = _made[kind]
    return pickle.loads(pickle.dumps(header)), pickle.loads(pickle.dumps(table))


def write(path, header, table) -> bytes:
    data = pickle.dumps(header, protocol=4) + pickle.dumps(table, protocol=4)
    path.write_bytes(data)
    return data
