"""Club evenings: the evening, who came, its rounds, byes and sit-outs, its result."""
