"""docs/sticks-strategy.md's numbers and rules, checked against brute force: the cold
heaps, the worked example, the rule for several capped piles under normal and misère
play, and its two tables of lost positions."""

import re
from pathlib import Path

import pytest
from bruteforce import nim_mover_wins, sticks_mover_wins

from nimgame.games.heaps import nim_sum

DOC = (Path(__file__).resolve().parents[2] / "docs" / "sticks-strategy.md").read_text(
    encoding="utf-8")


def test_the_cold_heaps_with_a_cap_of_3():
    listed = re.search(r"\*\*leave 4k\+1 sticks\*\* — ([\d, ]+), …", DOC)
    assert listed, "the opening's list of cold heaps"
    heaps = [int(n) for n in listed[1].split(",")]
    assert heaps == [n for n in range(1, heaps[-1] + 1) if not sticks_mover_wins(n, 3)]


def test_the_worked_example_from_10_sticks():
    example = re.search(r"from (\d+)\s+sticks, take \((\d+) − 1\) mod 4 = (\d+) and leave "
                        r"(\d+); whatever the other player takes \(1 to 3\),\s+take 4 minus "
                        r"that and leave (\d+), then (\d+)\.", DOC)
    assert example, "the worked example"
    n, again, take, left, then, last = map(int, example.groups())
    assert n == again and take == (n - 1) % 4 and left == n - take
    assert sticks_mover_wins(n, 3) and not sticks_mover_wins(left, 3)
    assert (left, then, last) == (9, 5, 1) and not any(
        sticks_mover_wins(h, 3) for h in (then, last))


def the_docs_rule(piles: tuple[int, ...], cap: int, misere: bool) -> bool:
    """Whether the player to move loses, as the doc's rule for several piles says it."""
    values = [p % (cap + 1) for p in piles]
    if misere and all(v <= 1 for v in values):
        return values.count(1) % 2 == 1
    return nim_sum(values) == 0


NORMAL_RULE = ("**Normal play** (taking the last object wins, as in KUET's NimX): the player "
               "to move loses exactly when the nim-sum of the values is 0.")
RULE = ("**Misère** (taking the last object loses, as in the Game of Sticks): the same, "
        "*except* when every pile's value is 0 or 1 — then the player to move loses exactly "
        "when an odd number of piles have value 1.")


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("cap", [1, 2, 3, 4])
def test_the_rule_for_several_piles_against_brute_force(cap, misere):
    words = " ".join(DOC.split())
    assert (RULE if misere else NORMAL_RULE) in words   # the rule tested is the rule written
    for piles in [(a, b, c) for a in range(10) for b in range(10) for c in range(7)]:
        assert the_docs_rule(piles, cap, misere) == (not nim_mover_wins(piles, misere, cap)), \
            piles


def tables() -> dict[str, list[list[bool]]]:
    """The doc's side-by-side tables of two piles a and b, cap 3: True where the player
    to move loses ("L")."""
    block = re.search(r"```\n(normal play, cap 3 +misère, cap 3\n.*?)```", DOC, re.S)
    assert block, "the tables of lost positions"
    normal, misere = [], []
    for line in block[1].splitlines()[2:]:
        left, right = re.fullmatch(r"a = (\d) +(.*?) +a = \1 +(.*)", line.strip()).groups()[1:]
        normal.append([cell == "L" for cell in left.split()])
        misere.append([cell == "L" for cell in right.split()])
    return {"normal": normal, "misère": misere}


def test_the_tables_of_lost_positions_against_brute_force():
    for name, table in tables().items():
        assert len(table) == 9 and all(len(row) == 9 for row in table)
        for a, row in enumerate(table):
            for b, lost in enumerate(row):
                assert lost == (not nim_mover_wins((a, b), name == "misère", 3)), (name, a, b)


def test_the_misere_adjustment_is_needed():
    """The rule of normal play, carried over unchanged, is wrong under misère exactly
    where the doc's tables differ: both piles' values 0 or 1."""
    normal, misere = tables()["normal"], tables()["misère"]
    differ = {(a, b) for a in range(9) for b in range(9) if normal[a][b] != misere[a][b]}
    assert differ == {(a, b) for a in range(9) for b in range(9) if a % 4 <= 1 and b % 4 <= 1}


def test_the_rule_without_the_exception_is_wrong_as_the_doc_says():
    said = re.search(r"it would call (\d+) sticks lost \(value 0\) and (\d+) won \(value "
                     r"1\), the\s+reverse of the truth", DOC)
    assert said
    lost, won = int(said[1]), int(said[2])
    assert lost % 4 == 0 and won % 4 == 1   # what nim-sum 0 alone would say
    assert sticks_mover_wins(lost, 3) and not sticks_mover_wins(won, 3)


def test_the_hints_words_are_quoted_exactly():
    from nimgame.games.nim.kit import nim_rule

    assert f'"{nim_rule(True)}"' in " ".join(DOC.split())
