"""Step through learning: a paused training run or the game just played, one learning
update or one game at a time (`scene`), drawn with the position and the formula
(`drawing`)."""

from .scene import StepsScene

__all__ = ["StepsScene"]
