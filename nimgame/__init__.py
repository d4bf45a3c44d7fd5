"""nimgame: Nim, the Game of Sticks and Tic-Tac-Toe against AIs that learn."""

__version__ = "0.1.0"
