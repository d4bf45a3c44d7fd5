"""Naive reference implementations, written the way the seed handouts do it.

They exist only to be measured against: the CS50 handout's Q-learner keyed by
`(tuple(state), action)`, the handout's plain minimax on lists of lists, and the Game of
Sticks hat learner that keeps real lists of balls.
"""

from __future__ import annotations

import copy
import math
import random

# -- CS50 Nim (nim.py as distributed, with the four functions filled in plainly) ----------


class Cs50Nim:
    def __init__(self, initial=(1, 3, 5, 7)):
        self.piles = list(initial)
        self.player = 0
        self.winner = None

    @classmethod
    def available_actions(cls, piles):
        actions = set()
        for i, pile in enumerate(piles):
            for j in range(1, pile + 1):
                actions.add((i, j))
        return actions

    def move(self, action):
        pile, count = action
        if self.winner is not None:
            raise Exception("Game already won")
        if pile < 0 or pile >= len(self.piles):
            raise Exception("Invalid pile")
        if count < 1 or count > self.piles[pile]:
            raise Exception("Invalid number of objects")
        self.piles[pile] -= count
        self.player = 0 if self.player == 1 else 1
        if all(p == 0 for p in self.piles):
            self.winner = self.player


class Cs50NimAI:
    def __init__(self, alpha=0.5, epsilon=0.1, rng=None):
        self.q = {}
        self.alpha = alpha
        self.epsilon = epsilon
        self.rng = rng or random.Random()

    def update(self, old_state, action, new_state, reward):
        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)
        self.update_q_value(old_state, action, old, reward, best_future)

    def get_q_value(self, state, action):
        return self.q.get((tuple(state), action), 0)

    def update_q_value(self, state, action, old_q, reward, future_rewards):
        self.q[(tuple(state), action)] = old_q + self.alpha * (reward + future_rewards - old_q)

    def best_future_reward(self, state):
        actions = Cs50Nim.available_actions(state)
        if not actions:
            return 0
        return max(self.get_q_value(state, a) for a in actions)

    def choose_action(self, state, epsilon=True):
        actions = list(Cs50Nim.available_actions(state))
        if epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(actions)
        return max(actions, key=lambda a: self.get_q_value(state, a))


def cs50_train(n, initial=(1, 3, 5, 7), seed=None):
    player = Cs50NimAI(rng=random.Random(seed))
    cs50_train_more(player, n, initial)
    return player


def cs50_train_more(player, n, initial=(1, 3, 5, 7)):
    """`n` more of the handout's training games for `player` (its train loop)."""
    for _ in range(n):
        game = Cs50Nim(initial)
        last = {0: {"state": None, "action": None}, 1: {"state": None, "action": None}}
        while True:
            state = game.piles.copy()
            action = player.choose_action(game.piles)
            last[game.player]["state"] = state
            last[game.player]["action"] = action
            game.move(action)
            new_state = game.piles.copy()
            if game.winner is not None:
                player.update(state, action, new_state, -1)
                player.update(last[game.player]["state"], last[game.player]["action"],
                              new_state, 1)
                break
            if last[game.player]["state"] is not None:
                player.update(last[game.player]["state"], last[game.player]["action"],
                              new_state, 0)


# -- CS50 Tic-Tac-Toe: plain minimax on lists of lists ------------------------------------

X, O, EMPTY = "X", "O", None  # noqa: E741 - the handout's names


def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]


def player(board):
    xs = sum(row.count(X) for row in board)
    os_ = sum(row.count(O) for row in board)
    return X if xs == os_ else O


def actions(board):
    return {(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY}


def result(board, action):
    i, j = action
    if board[i][j] is not EMPTY:
        raise ValueError("invalid action")
    new = copy.deepcopy(board)
    new[i][j] = player(board)
    return new


def winner(board):
    lines = [list(r) for r in board] + [[board[i][j] for i in range(3)] for j in range(3)]
    lines += [[board[i][i] for i in range(3)], [board[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] is not EMPTY and line.count(line[0]) == 3:
            return line[0]
    return None


def terminal(board):
    return winner(board) is not None or all(c is not EMPTY for r in board for c in r)


def utility(board):
    w = winner(board)
    return 1 if w == X else -1 if w == O else 0


def _max_value(board):
    if terminal(board):
        return utility(board)
    v = -math.inf
    for a in actions(board):
        v = max(v, _min_value(result(board, a)))
    return v


def _min_value(board):
    if terminal(board):
        return utility(board)
    v = math.inf
    for a in actions(board):
        v = min(v, _max_value(result(board, a)))
    return v


def minimax(board):
    if terminal(board):
        return None
    if player(board) == X:
        return max(actions(board), key=lambda a: _min_value(result(board, a)))
    return min(actions(board), key=lambda a: _max_value(result(board, a)))


# -- Game of Sticks hats with real lists of balls -----------------------------------------


class ListHats:
    def __init__(self, sticks, rng=None):
        self.hats = {n: list(range(1, min(3, n) + 1)) for n in range(1, sticks + 1)}
        self.rng = rng or random.Random()

    def pick(self, n, beside):
        hat = self.hats[n]
        ball = self.rng.choice(hat)
        hat.remove(ball)
        beside.append((n, ball))
        return ball

    def won(self, beside):
        for n, ball in beside:
            self.hats[n].extend([ball, ball])

    def lost(self, beside):
        for n, ball in beside:
            if ball not in self.hats[n]:
                self.hats[n].append(ball)  # never throw away the last ball of a kind

    def balls(self):
        return sum(len(h) for h in self.hats.values())


def list_hats_self_play(sticks, games, seed=None):
    ai = ListHats(sticks, random.Random(seed))
    for _ in range(games):
        n, turn, beside = sticks, 0, ([], [])
        while True:
            n -= ai.pick(n, beside[turn])
            if n == 0:
                break
            turn = 1 - turn
        ai.lost(beside[turn])   # took the last stick
        ai.won(beside[1 - turn])
    return ai
