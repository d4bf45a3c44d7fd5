"""The review of every game: each finished game kept as a record (`records`), and each
move's exact worth, before and after, with the first mistake and why (`model`, `values`)."""

from .model import BadMove, PlayOn, Review, ReviewedMove, read_moves, review
from .records import GameRecord, RecordError, SeatRecord
from .values import ExactJudge, Value

__all__ = ["BadMove", "ExactJudge", "GameRecord", "PlayOn", "RecordError", "Review",
           "ReviewedMove", "SeatRecord", "Value", "read_moves", "review"]
