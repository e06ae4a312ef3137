"""A TypeScript client generated from the schema with openapi-typescript and checked by ``tsc --strict``
(issue 34 item 8): a deal read is sent back unchanged, fields with a default need not be sent, a
match read is one type with the staff's link optional, evening-total rows are typed as sent. The tools
are pinned in package.json / package-lock.json and installed by ``make npm`` (``.ci/run`` does it);
without Node.js or without them installed the test is skipped and says why."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (node) to build the TypeScript client"),
    pytest.mark.skipif(
        not (BIN / "openapi-typescript").exists() or not (BIN / "tsc").exists(),
        reason="needs openapi-typescript and typescript from package-lock.json: run `make npm` (npm ci)",
    ),
]

CLIENT = """
import type { components, paths } from "./api";

type Schemas = components["schemas"];
type MatchRead = paths["/api/matches/{match_id}"]["get"]["responses"][200]["content"]["application/json"];

declare const match: MatchRead;

// a deal read is sent back unchanged
export const back: Schemas["SheetIn"] = { version: match.version, deals: match.deals };
// what has a default need not be sent
export const minimal: Schemas["DealIn"] = { points: [100, 62] };
export const sheet: Schemas["SheetIn"] = { version: 0, deals: [minimal] };
export const cleared: Schemas["SheetIn"] = { version: 3, deals: [], clear: true };
export const patch: Schemas["CompetitionPatchIn"] = { name: "Seizoen 2027" };
export const created: Schemas["CompetitionCreateIn"] = { club: "demo", name: "Seizoen 2027" };
export const confirm: Schemas["ConfirmIn"] = { version: 1 };
export const rows: Schemas["EveningTotalsIn"] = { rows: [{ player: "Anna Aap", date: "2026-09-04", points: 4100 }] };
export const points: number = rows.rows[0].points;
// one shape: the staff's table link is there or not
export const staffLink: string | undefined = match.table_url;
export function rowAtFault(problem: Schemas["ApiProblem"]): number | undefined {
  return problem.row;
}
"""

TSCONFIG = {
    "compilerOptions": {
        "strict": True,
        "noEmit": True,
        "target": "ES2022",
        "module": "ES2022",
        "moduleResolution": "bundler",
    },
    "files": ["client.ts"],
}


def run(command: list, cwd: Path) -> str:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


def test_a_generated_typescript_client_compiles_under_strict(client, tmp_path):
    (tmp_path / "schema.json").write_text(json.dumps(client.get("/api/openapi.json").json()))
    run([str(BIN / "openapi-typescript"), "schema.json", "-o", "api.d.ts"], tmp_path)
    (tmp_path / "client.ts").write_text(CLIENT)
    (tmp_path / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    run([str(BIN / "tsc"), "-p", "tsconfig.json"], tmp_path)
