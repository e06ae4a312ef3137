"""The public page cache: what a page is keyed on, the version rows, the middleware."""
