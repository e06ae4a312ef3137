"""What several of the competition's features stand on and none of them imports back: the organiser's
refusals (``DrawError``) and row locks, the bridge to the pairing engine, table codes, and the
rule sets of a competition with their house-rule catalogue."""
