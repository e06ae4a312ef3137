"""Members and teams: the xlsx import, its template, and how names sort and show."""
