"""axe-core (WCAG 2 A and AA rules) in the browser tests, from a local file: the axe.min.js that the
``axe-playwright-python`` package bundles (requirements-dev.txt), never a CDN."""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python

AXE_JS = Path(axe_playwright_python.__file__).resolve().parent / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def violations(page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the page as shown now: one line per rule and element."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    found = page.evaluate(
        """tags => axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]})
            .then(r => r.violations.flatMap(v => v.nodes.map(n =>
                v.id + ": " + n.target.join(" ") + " — " + (n.failureSummary || "").split("\\n").slice(1, 2).join(""))))""",
        TAGS,
    )
    return list(found)
