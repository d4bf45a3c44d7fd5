"""Turn a seed transcript (prompts followed by what the person typed) into stdin and the
stdout the program must print: input() does not echo, so answers vanish from stdout."""

PROMPTS = ("? ", "Choose Pile: ", "Choose Count: ")


def split_transcript(transcript: str, prompts=PROMPTS) -> tuple[str, str]:
    answers, expected = [], []
    for line in transcript.splitlines():
        mark = next((p for p in prompts if p in line), None)
        if mark is None:
            expected.append(line + "\n")
            continue
        prompt, answer = line.rsplit(mark, 1)
        answers.append(answer)
        expected.append(prompt + mark)
    return "\n".join(answers) + "\n", "".join(expected)
