"""The glossary's words: one plain sentence each for what a term means and, for a setting
or a measure, one for what changing it does; every word the training screen shows has one;
the command line prints them all, and reading them needs no pygame."""

import re
import subprocess
import sys

import pytest

from nimgame import glossary
from nimgame.console.cli import main
from nimgame.glossary import TERMS, Term

#: A sentence ends at ., ! or ? followed by a space or the end (not the point of "0.05").
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")

#: What the training screen asks and shows: each needs words, and words for what changing
#: it does.
TRAINING_WORDS = ("alpha", "epsilon", "starts", "opponent", "optimal", "random_wins",
                  "learner", "games")


def sentences(text):
    return len(SENTENCE_END.findall(text))


@pytest.mark.parametrize("key", list(TERMS))
def test_each_term_is_one_sentence_and_one_for_what_changing_it_does(key):
    term = TERMS[key]
    assert isinstance(term, Term) and term.name and term.name == term.name.strip()
    assert sentences(term.meaning) == 1 and term.meaning.endswith("."), term.meaning
    assert term.meaning[0].isupper() or not term.meaning[0].isalpha()
    if term.changing:
        assert sentences(term.changing) == 1 and term.changing.endswith("."), term.changing
    assert term.sentence == f"{term.meaning} {term.changing}".strip()


@pytest.mark.parametrize("key", TRAINING_WORDS)
def test_every_training_word_says_what_changing_it_does(key):
    assert TERMS[key].changing


def test_the_one_sentence_check_can_tell_two_from_one():
    assert sentences("Two. Sentences here.") == 2
    assert sentences("From 0.05 to 1.0, or 0.5 (the default), says this one.") == 1


def test_names_are_unique():
    names = [term.name for term in TERMS.values()]
    assert len(set(names)) == len(names)


def test_the_command_line_prints_every_term_within_a_terminal(capsys):
    assert main(["glossary"]) == 0
    out = capsys.readouterr().out
    for term in TERMS.values():
        assert f"\n{term.name}\n" in f"\n{out}"
        assert " ".join(term.sentence.split()) in " ".join(out.split())
    assert max(len(line) for line in out.splitlines()) <= 79
    assert out.splitlines() == glossary.lines()


def test_reading_the_words_needs_no_pygame():
    code = "import sys, nimgame.glossary; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
