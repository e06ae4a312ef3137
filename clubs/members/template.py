"""The downloadable template of the members and teams import: both sheets, headers in the current
language, an example row each, and every text written as text (never a formula)."""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from clubs.members.services import MEMBER_COLUMNS, MEMBERS, TEAM_COLUMNS, TEAMS


def template_workbook() -> bytes:
    """An empty workbook with both sheets, headers in the current language, and an example row each."""
    wb = Workbook()
    bold, fill = Font(bold=True, color="FFFFFF"), PatternFill("solid", fgColor="1D5C3A")
    sheets = [
        # member numbers that are numbers are numbers (issue 34 item 6); the import reads text ones too
        (MEMBERS, MEMBER_COLUMNS, [1001, "Joëlle", "de Vries", "joelle@example.org", _("yes")]),
        (TEAMS, TEAM_COLUMNS, [_("De Schoppenboeren"), _("pair"), 1001, 1002, None, None]),
    ]
    for index, (title, columns, example) in enumerate(sheets):
        ws = wb.active if index == 0 else wb.create_sheet()
        ws.title = _(title)
        ws.append([_(key) for key, _req, _len in columns])
        for cell in ws[1]:
            cell.font, cell.fill = bold, fill
        ws.append(example)
        for col, (key, _req, _len) in zip("ABCDEF", columns):
            ws.column_dimensions[col].width = max(14, len(_(key)) + 4)
        ws.freeze_panes = "A2"
        if title == TEAMS:
            kinds = DataValidation(type="list", formula1=f'"{_("pair")},{_("four")}"', allow_blank=True)
            ws.add_data_validation(kinds)
            kinds.add("B2:B1000")
        else:
            ws.column_dimensions["D"].width = 28
    for ws in wb.worksheets:  # every text as text, never a formula (documents.xlsx.text_cell)
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    cell.data_type = "s"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
