import subprocess
import sys


def test_engine_does_not_import_pygame():
    code = ("import sys, nimgame.games, nimgame.players, nimgame.learning.training, "
            "nimgame.learning.evaluation; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
