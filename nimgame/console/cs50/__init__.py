"""The CS50 AI handouts' interfaces, so CS50 code and tests run unchanged on the engine."""
