"""The results export (xlsx) and its import back."""
