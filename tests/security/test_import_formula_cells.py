"""An import's formula cell is reported as a formula, not as 'missing'."""

import io

import openpyxl
import pytest

from clubs.members.services import ImportRefused, read_workbook

pytestmark = pytest.mark.usefixtures("english")


def test_a_formula_cell_is_named_as_a_formula():
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "members"
    ws.append(["member number", "first name", "last name"])
    ws.append(["=1000+1", "Jan", "de Vries"])  # openpyxl stores no cached value: read as empty before
    out = io.BytesIO()
    wb.save(out)
    with pytest.raises(ImportRefused) as refused:
        read_workbook(out.getvalue())
    messages = [str(m) for m in refused.value.messages]
    assert messages == [
        "Row 2, column 'member number': holds a formula (=1000+1), not a value; type the value "
        "itself or paste it as a value"
    ]
