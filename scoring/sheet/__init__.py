"""The score sheet that every way of entering results stands on: its form and layout, reading what was typed
(``deal_input``), the live preview, verzaakt offenders, the sides of a saved sheet and the log line of a
save. None of the entry pages, phones, totals, matches, prints or results is imported from here."""
