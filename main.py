"""Start nimgame. The window arrives with the app issue; until then this says what is ready."""

from nimgame.games import GAMES
from nimgame.players import PLAYERS, available_players


def main() -> None:
    print("nimgame: the engine is ready; the window and the command line come next.")
    for name, cls in GAMES.items():
        game = cls()
        players = ", ".join(kind.name for kind in available_players(game))
        print(f"  {name:10} {game.describe_rules()}\n  {'':10} players: {players}")
    print("Players:")
    for kind in PLAYERS.values():
        print(f"  {kind.name:10} {kind.label}: {kind.description}")


if __name__ == "__main__":
    main()
