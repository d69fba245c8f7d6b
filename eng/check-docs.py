#!/usr/bin/env python3
"""Checks what README.md and src/Package/README.md say against the rule pages, so the numbers cannot drift.

- Every speed-up a README quotes for a rule ("SL1003: 79x on .NET 10, 26x on Mono") must be in that rule's page, in
  the first table of its "## Measured" section, at the precision quoted (79x matches 79x or 78.6x there; 5x matches 5.0x).
- Every ratio README's "On real libraries" section quotes must be in docs/real-world.md, where those runs are written up.
- Every rule page's "Since" is the release its rule is listed under: the version in Directory.Build.props while the
  rule is in an AnalyzerReleases.Unshipped.md (the next release), or its "## Release x.y.z" in a Shipped file.
- Every rule in a release file has a page, and every page's rule is in a release file.
- A bound quoted for a rule ("SL1004: 4.8x and up") holds for every ratio of that first table, unrounded.
- Every percentage quoted for a rule in a README's "## Rules" section ("SL1005 ... under 3%") is written on that rule's
  page ("5%"): the page is where the measurement is, so a README number that is not on it has drifted.
- The package's README and its release notes (src/Package) name every id registered in src/Analyzers/RuleIds.cs, outside
  code blocks.
- Every relative link with an anchor in a tracked .md file (`docs/real-world.md#how-to-rerun`, `#install`) names a file
  that exists and a heading of it, by GitHub's slug rules (lower case, punctuation dropped, spaces to hyphens, -1, -2
  for repeats).
- Every link to a rule page on GitHub in the docs (`.../blob/<ref>/docs/rules/SL1003.md`) names a ref this repository
  has (a commit, a branch or a tag) whose tree holds that page: a link to a tag that was never made is a dead link.
Prints each problem and exits 1 if there is any.
"""
import pathlib
import re
import subprocess
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
        else:
            numbers = measured_numbers(pages[rule])
            after = text[token.end(): token.end() + 12]
            before = text[max(0, token.start() - 10): token.start()]
            if re.match(r"\s+(and up|or more)\b", after) or re.search(r"\b(at least|over|above)\s+$", before):
                if min(numbers) < float(quoted):
                    problems.append(f"{where}: {rule} is quoted at {quoted}x and up, but docs/rules/{rule}.md measures {min(numbers):g}x")
            elif re.search(r"\b(under|below|at most|up to)\s+$", before):
                if max(numbers) > float(quoted):
                    problems.append(f"{where}: {rule} is quoted at under {quoted}x, but docs/rules/{rule}.md measures {max(numbers):g}x")
    rules = re.search(r"^## Rules\n.*?(?=^## |\Z)", text, re.S | re.M)
    rule = None
    for token in re.finditer(r"\b(SL\d{4})\b|(?<![\w.])(\d+(?:\.\d+)?%)", rules.group(0) if rules else ""):
        if token.group(1):
            rule = token.group(1)
            continue
        quoted = token.group(2)
        where = f"{readme.relative_to(root)}:{text.count(chr(10), 0, rules.start() + token.start()) + 1}"
        if rule is None or rule not in pages:
            problems.append(f"{where}: {quoted} is quoted for no rule with a page")
        elif not re.search(r"(?<![\w.])" + re.escape(quoted), pages[rule]):
            found = ", ".join(sorted(set(re.findall(r"(?<![\w.])\d+(?:\.\d+)?%", pages[rule])))) or "none"
            problems.append(f"{where}: {rule} is quoted at {quoted}, but docs/rules/{rule}.md says {found}")

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
# A suggestion sibling (SL1102 of SL1002, issue 31) is documented on its warning's page, in that page's header table.
SIBLINGS = {"SL1101": "SL1001", "SL1102": "SL1002", "SL1106": "SL1006", "SL1107": "SL1007"}
for rule in released:
    if rule in SIBLINGS:
        page = pages.get(SIBLINGS[rule], "")
        since = re.search(r"^\| " + rule + r" \|.*\| ([^|]+) \|\s*$", page, re.M)
        if not since:
            problems.append(f"{rule}: no header row in docs/rules/{SIBLINGS[rule]}.md")
        elif since.group(1).strip() != released[rule]:
            problems.append(f"docs/rules/{SIBLINGS[rule]}.md: {rule}'s Since is '{since.group(1).strip()}', but the release files put it in {released[rule]}")
        if f"## Warning or suggestion: {rule}" not in page:
            problems.append(f"docs/rules/{SIBLINGS[rule]}.md has no section '## Warning or suggestion: {rule}'")
    elif rule not in pages:
        problems.append(f"{rule} is in a release file but docs/rules/{rule}.md is missing")

ids = re.findall(r'=\s*"(SL\d{4})"', (root / "src" / "Analyzers" / "RuleIds.cs").read_text(encoding="utf-8"))
for name in ("README.md", "RELEASE-NOTES.md"):
    # Outside code blocks: a `dotnet format --diagnostics ... SL1007` line names an id without listing the rule.
    package_text = re.sub(r"^```.*?^```", "", (root / "src" / "Package" / name).read_text(encoding="utf-8"), flags=re.S | re.M)
    for rule in ids:
        if not re.search(r"\b" + rule + r"\b", package_text):
            problems.append(f"src/Package/{name}: {rule} (src/Analyzers/RuleIds.cs) is not listed")


def slug(heading):
    """GitHub's anchor for a heading: the rendered text (code spans, links and emphasis unwrapped), lower case, every
    character but letters, digits, '_', '-' and spaces dropped, spaces turned into hyphens."""
    heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    heading = heading.replace("`", "").replace("**", "").strip().lower()
    heading = re.sub(r"[^\w\- ]", "", heading)
    return heading.replace(" ", "-")


def anchors(path):
    found, seen, fenced = set(), {}, False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        header = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if header:
            base = slug(header.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        for name in re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", line):
            found.add(name)
    return found


listed = subprocess.run(["git", "-C", str(root), "ls-files", "*.md"], capture_output=True, text=True)
in_git = listed.returncode == 0
# Outside git (a source archive), every .md file but build output.
markdown = listed.stdout.split() if in_git else [
    str(p.relative_to(root)) for p in sorted(root.rglob("*.md")) if not {"bin", "obj", ".git"} & set(p.relative_to(root).parts)]
for name in markdown:
    source = root / name
    fenced = False
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"^[a-z]+:", target) or "#" not in target:
                continue
            file, anchor = target.split("#", 1)
            linked = (source.parent / file).resolve() if file else source
            if not linked.is_file():
                problems.append(f"{name}:{number}: {target} links to a file that does not exist")
            elif linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{name}:{number}: {target} links to no heading of {linked.relative_to(root)}")


def git_has(ref, path):
    """Whether the ref (a commit, tag or branch, also as origin's branch in a clone without the local branch) has the
    file. A clone that has no main at all (a CI checkout of one commit) takes HEAD for main."""
    candidates = [ref, f"origin/{ref}"] + (["HEAD"] if ref == "main" else [])
    return any(subprocess.run(["git", "-C", str(root), "cat-file", "-e", f"{c}:{path}"], capture_output=True).returncode == 0
               for c in candidates)


for name in markdown:
    text = (root / name).read_text(encoding="utf-8")
    for token in re.finditer(r"blob/([^/\s`)]+)/(docs/rules/SL\d{4}\.md)", text):
        ref, page = token.groups()
        if in_git and not re.fullmatch(r"<[^>]+>", ref) and not git_has(ref, page):
            line = text.count(chr(10), 0, token.start()) + 1
            problems.append(f"{name}:{line}: the help link blob/{ref}/{page} names a ref this repository does not have (or without that page)")

for problem in problems:
    print("FAIL: " + problem)
print(f"docs checked: {len(pages)} rule pages, {len(problems)} problems")
sys.exit(1 if problems else 0)
