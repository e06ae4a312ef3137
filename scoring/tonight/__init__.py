"""Tonight's dashboard for the organiser and the scorer."""
