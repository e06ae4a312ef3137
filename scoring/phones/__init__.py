"""The phones at the tables: the table link, its sheet, saves and the organiser's phone page."""
