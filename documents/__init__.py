"""Building blocks for the printed and spreadsheet documents: reportlab PDFs and openpyxl workbooks.

No app imports here; every app may use them.
"""
