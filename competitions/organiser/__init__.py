"""The organiser's pages: dashboard, attendance, draws, fixtures, Swiss rounds."""
