"""Who plays whom, below every front end: the choices a person makes (a registry kind, a
saved brain, a friend, the Sticks seed's computer), the seats they make and whether an AI
practises first, the hats a game keeps between runs (`kept_hats`), and what a board is set
up with. The window and the command line both
come here; nothing here draws or reads a terminal."""

from .choice import Named, PlayerChoice, Saved, choice_of, menu_label, player_for
from .kept_hats import HatDrawer, keep
from .opponents import (
    COMPUTER,
    FRIEND,
    TRAINED,
    Friend,
    Opponent,
    SticksComputer,
    brain_player,
    brain_seat,
    default_opponent,
    match_setup,
    opponents,
    practised,
    ready_player,
    seat_for,
)
from .setup import AI_NAME, MatchSetup

__all__ = ["AI_NAME", "COMPUTER", "FRIEND", "TRAINED", "Friend", "HatDrawer", "MatchSetup",
           "Named", "Opponent", "PlayerChoice", "Saved", "SticksComputer", "brain_player",
           "brain_seat", "choice_of", "default_opponent", "keep", "match_setup", "menu_label",
           "opponents", "player_for", "practised", "ready_player", "seat_for"]
