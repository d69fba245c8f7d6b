#!/usr/bin/env python3
"""Checks what README.md and src/Package/README.md say against the rule pages, so the numbers cannot drift.

- Every speed-up a README quotes for a rule ("SL1003: 79x on .NET 10, 26x on Mono") must be in that rule's page, in
  the first table of its "## Measured" section, at the precision quoted (79x matches 79x or 78.6x there; 5x matches 5.0x).
- Every ratio README's "On real libraries" section quotes must be in docs/real-world.md, where those runs are written up.
- Every rule page's "Since" is the release its rule is listed under: the version in Directory.Build.props while the
  rule is in an AnalyzerReleases.Unshipped.md (the next release), or its "## Release x.y.z" in a Shipped file.
- Every rule in a release file has a page, and every page's rule is in a release file.
Prints each problem and exits 1 if there is any.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
problems = []

pages = {p.stem: p.read_text(encoding="utf-8") for p in sorted((root / "docs" / "rules").glob("SL*.md"))}


def measured_numbers(page):
    """The speed-ups in the first table of the page's "## Measured" section (later tables and prose keep history)."""
    match = re.search(r"^## Measured\n(.*?)(?=^## )", page, re.S | re.M)
    if not match:
        return []
    table = re.search(r"(?:^\|.*\n)+", match.group(1), re.M)
    return [float(n) for n in re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)x\b", table.group(0) if table else "")]


def matches(quoted, numbers):
    decimals = len(quoted.split(".")[1]) if "." in quoted else 0
    return any(round(n, decimals) == round(float(quoted), decimals) for n in numbers)


real_world = (root / "docs" / "real-world.md").read_text(encoding="utf-8")


def without_real_libraries(readme, text):
    """README's "On real libraries" section quotes whole libraries' operations, not a rule's benchmark pair: each of its
    ratios must be in docs/real-world.md (where eng/real-libraries.sh's runs are written up) instead. The section is
    blanked line for line so that the line numbers of the rest stay right."""
    section = re.search(r"^## On real libraries.*?(?=^## |\Z)", text, re.S | re.M)
    if not section:
        return text
    for token in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?x)\b", section.group(0)):
        if not re.search(r"(?<![\w.])" + re.escape(token.group(1)) + r"\b", real_world):
            line = text.count(chr(10), 0, section.start() + token.start()) + 1
            problems.append(f"{readme.relative_to(root)}:{line}: {token.group(1)} on real libraries is not in docs/real-world.md")
    return text[: section.start()] + re.sub(r"[^\n]", "", section.group(0)) + text[section.end():]


for readme in (root / "README.md", root / "src" / "Package" / "README.md"):
    text = without_real_libraries(readme, readme.read_text(encoding="utf-8"))
    rule = None
    for token in re.finditer(r"\b(SL\d{4})\b|(?<![\w.])(\d+(?:\.\d+)?)x\b", text):
        if token.group(1):
            rule = token.group(1)
            continue
        quoted = token.group(2)
        where = f"{readme.relative_to(root)}:{text.count(chr(10), 0, token.start()) + 1}"
        if rule is None or rule not in pages:
            problems.append(f"{where}: {quoted}x is quoted for no rule with a page")
        elif not matches(quoted, measured_numbers(pages[rule])):
            found = ", ".join(f"{n:g}x" for n in measured_numbers(pages[rule])) or "none"
            problems.append(f"{where}: {rule} is quoted at {quoted}x, but docs/rules/{rule}.md measures {found}")

version = re.search(r"<Version>([^<]+)</Version>", (root / "Directory.Build.props").read_text(encoding="utf-8")).group(1)
released = {}
for releases in sorted(root.glob("src/*/AnalyzerReleases.*.md")):
    current = version if releases.name.endswith("Unshipped.md") else None
    for line in releases.read_text(encoding="utf-8").splitlines():
        header = re.match(r"^## Release (\S+)", line)
        if header:
            current = header.group(1)
        row = re.match(r"^(SL\d{4})\s*\|", line)
        if row:
            released.setdefault(row.group(1), current)

for rule, page in pages.items():
    since = re.search(r"^\| " + rule + r" \|.*\| ([^|]+) \|\s*$", page, re.M)
    if rule not in released:
        problems.append(f"docs/rules/{rule}.md: {rule} is in no AnalyzerReleases file")
    elif not since:
        problems.append(f"docs/rules/{rule}.md: no header row with a Since column")
    elif since.group(1).strip() != released[rule]:
        problems.append(f"docs/rules/{rule}.md: Since is '{since.group(1).strip()}', but the release files put {rule} in {released[rule]}")
for rule in released:
    if rule not in pages:
        problems.append(f"{rule} is in a release file but docs/rules/{rule}.md is missing")

for problem in problems:
    print("FAIL: " + problem)
print(f"docs checked: {len(pages)} rule pages, {len(problems)} problems")
sys.exit(1 if problems else 0)
