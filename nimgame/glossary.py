"""Words for every learning term: what each word on the screens means, in one plain sentence,
and what changing it does. The window shows them as a glossary (`?` on any screen) and as
the tooltips of the training controls; `nimgame glossary` prints them. Nothing here imports
anything of nimgame: any layer may read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One word as the screens write it (`name`), what it means (`meaning`, one sentence)
    and, for a setting or a measure, what changing it does or what moves it (`changing`,
    one sentence, or "" for a word that is not a setting)."""

    name: str
    meaning: str
    changing: str = ""

    @property
    def sentence(self) -> str:
        """Meaning, then what changing it does: the tooltip's words and the glossary's."""
        return f"{self.meaning} {self.changing}".strip()


#: The training screen's controls and measures, then the learners, the other AIs and the
#: games' own words; keys are what the screens ask for (`TERMS["alpha"]`).
TERMS: dict[str, Term] = {
    "alpha": Term(
        "α (alpha), the learning rate",
        "How far one game moves the Q-learner's number for a move towards what that game "
        "showed: 0.05 a little, 1 all the way.",
        "In self-play here a move always leads to the same position, so 1 (the default) "
        "is best: the number becomes what the best reply shows; lower moves it part way, "
        "and learns more slowly."),
    "epsilon": Term(
        "ε (epsilon), exploration",
        "The share of its training moves the Q-learner picks at random instead of the move "
        "it thinks best.",
        "Higher tries more moves at random but wins fewer training games; at 0 (the "
        "default) it still explores: it tries a move it knows nothing about before one "
        "it knows to draw, and exploring starts take it everywhere."),
    "starts": Term(
        "Exploring starts (Starts)",
        "The share of training games that begin from a position drawn at random among those "
        "a person can reach, instead of from the first position.",
        "More of them teach positions its own games seldom reach; none teaches only where "
        "its own play leads, so a person can find positions it never learned."),
    "opponent": Term(
        "Opponent (in training)",
        "Who the learner plays its training games against: Itself (it learns from both "
        "sides), Random (moves at random) or Perfect (never misses a winning move).",
        "Itself learns both sides of every position; Random is easy to beat and shows few "
        "good replies; Perfect punishes every mistake but lets it win only where the board "
        "favours it."),
    "rival": Term(
        "Opponent (to play against)",
        "Who you play: a friend at the same screen, an AI that plays by rule or search "
        "(Random, Easy, Hard, Perfect, MCTS), one that learns (Q-learning, Hats) or a saved "
        "brain.",
        "Random and Easy can be beaten, Hard and Perfect never lose a position the board "
        "gives them, and a learner plays better the more it has practised."),
    "games": Term(
        "Games (in training)",
        "How many games the learner plays to train, from 1,000 to 1,000,000.",
        "More games learn more and take longer; the chart shows when more stops helping."),
    "optimal": Term(
        "Optimal moves (the chart)",
        "The share of the positions where the choice matters in which the learner's move "
        "keeps the position's value (wins where it can win, draws where it can only draw), "
        "checked against exact play.",
        "It climbs towards 100% as the learner improves; if it stalls, train more games, "
        "with more exploration or more exploring starts."),
    "random_wins": Term(
        "Wins against Random (the chart)",
        "The share of games the learner wins against a player that moves at random, each "
        "side moving first in half of them.",
        "It rises as the learner improves but stops short of 100% even for perfect play "
        "where the board favours the side that moves first or a game can be drawn."),
    "learner": Term(
        "Learner",
        "How the AI learns: Q-learning keeps a number for each move, Hats keeps a hat of "
        "balls for each position, and both change them after every game.",
        "Q-learning has α and ε to set; Hats has no settings and learns from wins and "
        "losses alone."),
    "q": Term(
        "Q-learning, Q-value",
        "A learner that keeps a number (its Q-value, from −1 a loss to +1 a win) for each "
        "move and plays the move with the highest; after each move it nudges that number "
        "towards what happened next."),
    "hats": Term(
        "Hats (MENACE's matchboxes)",
        "A learner with a hat of balls, one kind per move, for each position: it draws a "
        "ball to move, and after the game puts more of the winning moves' balls back and "
        "fewer of the losing ones'.",
        "A hat it has played from often holds mostly the balls of good moves, so it plays "
        "them almost always."),
    "self_play": Term(
        "Self-play",
        "Training against a copy of itself, so the learner's opponent gets better as it "
        "does."),
    "brain": Term(
        "Brain (a saved AI)",
        "A trained learner saved in the library, to play against, go on training or inspect."),
    "curve": Term(
        "Learning curve",
        "The chart of optimal moves and wins against Random measured as training goes on.",
        "A curve that flattens early says more games will not help; change α, ε or the "
        "starts instead."),
    "random": Term(
        "Random",
        "An AI that picks any legal move at random: the easiest opponent and the yardstick "
        "for the learners."),
    "easy": Term(
        "Easy (IDA*)",
        "KUET's NimX Easy: it searches for the quickest way to empty the board, which says "
        "nothing about who wins, so it can be beaten."),
    "minimax": Term(
        "Minimax (Hard)",
        "A search of every line of play to the end, both sides assumed to play their best, "
        "that picks the move with the best sure result.",
        "It is exact, but the positions it searches grow so fast that it is offered only on "
        "small boards."),
    "alphabeta": Term(
        "Alpha-beta",
        "Minimax that skips lines which cannot change its answer: the same move, with far "
        "fewer positions searched."),
    "perfect": Term(
        "Perfect",
        "An AI that always plays a best move, read from the game's theory (the nim-sum in "
        "Nim) or worked out exactly, so it never misses a win."),
    "mcts": Term(
        "MCTS (Monte Carlo tree search)",
        "An AI that plays many random games from the position (1,000 a move), steers them "
        "towards the moves that won most often so far, and plays the move it tried most.",
        "More games make it stronger and slower; it learns nothing between games."),
    "visits": Term(
        "Visits (MCTS)",
        "How many of MCTS's sample games went through a move: the move it visits most is "
        "the one it plays."),
    "nim_sum": Term(
        "Nim-sum",
        "The pile sizes added in binary without carrying (exclusive or): 0 means the player "
        "to move loses against best play, anything else means a winning move exists."),
    "misere": Term(
        "Misère",
        "A rule where whoever takes the last object loses instead of wins.",
        "Best play is the same as in normal play until every pile has at most one object "
        "left; then you leave an odd number of piles instead of an even one."),
    "winning_position": Term(
        "Winning and lost positions",
        "A position is won if the player to move can win whatever the other does, and lost "
        "if every move leaves the other player a won position."),
    "hint": Term(
        "Hint",
        "The move that keeps a won position won (or, in a lost one, the move that makes the "
        "game last longest), shown on the board with H."),
    "grundy": Term(
        "Grundy value",
        "The number a position of an impartial game is worth as a Nim pile: 0 for a lost "
        "position, otherwise the smallest number no move reaches."),
    "menace": Term(
        "MENACE (matchboxes)",
        "Donald Michie's 1961 machine of matchboxes, one box for each position it can face, "
        "each holding coloured beads for its moves: it plays the move of a bead drawn at "
        "random.",
        "More beads to start with make early losses harder to empty a box with; a bigger "
        "reward for a win makes it settle sooner on what won."),
    "resign": Term(
        "Resigns (MENACE)",
        "When the box for the position in front of it holds no bead, MENACE gives up the "
        "game, as Michie's machine did.",
        "Switched off, a loss never takes a box's last bead, so no box empties: not "
        "Michie's rule, but it keeps a machine that lost early in play."),
    "event_brain": Term(
        "Class mode (an event brain)",
        "One AI that keeps learning from every game anyone plays against it, counted and "
        "saved after each game, as Dale Lane's MENACE activity keeps one machine for a "
        "whole event.",
        "A snapshot keeps a copy in the saved AIs; a reset starts it again from nothing."),
    "round_robin": Term(
        "Round robin (tournament)",
        "Every entrant plays every other the same number of games, the two taking turns to "
        "move first: a win is worth 1 point, a draw half a point."),
    "policy_file": Term(
        "Policy file",
        "A Python file with a function policy(observation, action_mask) that returns the "
        "number of its move, as PettingZoo's agents do: the tournament runs each in its own "
        "process, and one that fails, hangs or moves illegally loses that game."),
}


def lines(width: int = 79) -> list[str]:
    """The glossary as plain text, each term's name then its sentence indented, wrapped to
    `width` characters (`nimgame glossary`)."""
    import textwrap

    out: list[str] = []
    for term in TERMS.values():
        out.append(term.name)
        out.extend(textwrap.wrap(term.sentence, width, initial_indent="  ",
                                 subsequent_indent="  "))
    return out
