"""Who plays whom, below every front end: the choices a person makes (a registry kind, a
saved brain, a friend, the Sticks seed's computer), the seats they make and whether an AI
practises first, and what a board is set up with. The window and the command line both
come here; nothing here draws or reads a terminal."""

from .choice import Named, PlayerChoice, Saved, choice_of, menu_label, player_for
from .opponents import (
    COMPUTER,
    FRIEND,
    TRAINED,
    Friend,
    Opponent,
    SticksComputer,
    default_opponent,
    match_setup,
    opponents,
    practised,
    seat_for,
)
from .setup import AI_NAME, MatchSetup

__all__ = ["AI_NAME", "COMPUTER", "FRIEND", "TRAINED", "Friend", "MatchSetup", "Named",
           "Opponent", "PlayerChoice", "Saved", "SticksComputer", "choice_of",
           "default_opponent", "match_setup", "menu_label", "opponents", "player_for",
           "practised", "seat_for"]
