"""Learning and measuring: training runs, evaluation and matches of many games, the
training worker process, the arena and the pre-trained Sticks computer (no pygame)."""
