#!/usr/bin/env python3
"""Scores a run of eng/real-world.sh against the hand verdicts (docs/real-world.md, eng/real-world-score.sh).

    eng/real-world-score.py RESULTS [--markdown]

RESULTS is eng/real-world.sh's output: a file, or a folder of <name>.tsv files (STREAMLINE_REAL_WORLD_OUT), in which
case only the projects that have a file there are scored (verdicts and candidates of the others are left out). Reads eng/real-world-projects.tsv (part of each project),
eng/real-world-verdicts.tsv (project, file:line, rule, TP/FP, reason) and eng/real-world-candidates.tsv (the sampled
candidates of each rule judged by hand: project, file:line, rule, member lines, yes/no, reason). Prints:
  1. every diagnostic without a verdict (judge it, add a line to the verdict file, run again);
  2. verdicts whose diagnostic is gone (the rule went quiet there: a lost TP or a fixed FP);
  3. per rule and part (fresh and holdout first): diagnostics, TP, FP, unjudged, precision, fixes offered on TPs, fixes that compile;
     then the projects whose packages did not all restore (eng/RealWorld's PACKAGES line) and whose compilation has
     errors, with their diagnostics, and the same precision table without them;
  3b. per rule and part: the two tiers (warning id, suggestion sibling SL11xx), each one's precision, and how many of
     the true positives the warning tier keeps;
  4. per rule and part (both tiers together): sampled candidates that should be reported, how many a diagnostic covers (same rule, same file
     and line; for SL1002 anywhere in the candidate's member, as it reports at the reader's construction), and the
     estimated recall;
     and the sampled should-be-reported candidates that no diagnostic covers.
With --markdown it also prints, per part and rule, the table of every diagnostic with its verdict, fix and reason, as
docs/real-world.md shows them.
"""
import collections
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The suggestion siblings (issue 31): the same pattern as the warning id on weaker evidence. A diagnostic is judged
# under its warning id (the verdicts are per place and rule, whatever the tier) and counted in the tier of its id.
SIBLINGS = {"SL1101": "SL1001", "SL1102": "SL1002", "SL1106": "SL1006", "SL1107": "SL1007"}

# The parts of eng/real-world-projects.tsv, in the order they are printed: the projects no rule was tuned on first.
PARTS = ("new", "fresh", "holdout", "tuning")


def rows(path, columns=None):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line.split("\t", columns - 1) if columns else line.split("\t")


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--markdown"):
        sys.exit(__doc__)
    part = {r[0]: r[3] for r in rows(os.path.join(root, "eng", "real-world-projects.tsv"))}
    verdicts = {}
    for r in rows(os.path.join(root, "eng", "real-world-verdicts.tsv")):
        verdicts[(r[0], r[1], r[2])] = (r[3], r[4] if len(r) > 4 else "")
    diagnostics = []
    tiers = []  # the tier of each diagnostic, by the same index
    analyzer_errors = []
    packages = {}  # project -> (resolved/unresolved/no project file/off, counts, which did not restore)
    if os.path.isdir(sys.argv[1]):
        files = sorted(f for f in os.listdir(sys.argv[1]) if f.endswith(".tsv"))
        ran = {f[:-4] for f in files}
        lines = [r for f in files for r in rows(os.path.join(sys.argv[1], f), 6)]
    else:
        ran = None
        lines = list(rows(sys.argv[1], 6))  # the flagged line, last, may hold tabs
    for r in lines:
        if len(r) < 6:
            continue
        if r[2] == "AD0001":
            analyzer_errors.append(r)
            continue
        if r[2] == "PACKAGES":
            packages[r[0]] = (r[3], r[4], r[5])
            continue
        tiers.append("suggestion" if r[2] in SIBLINGS else "warning")
        r[2] = SIBLINGS.get(r[2], r[2])
        diagnostics.append(r)

    seen = set()
    unjudged = []
    stats = collections.defaultdict(collections.Counter)
    restored = collections.defaultdict(collections.Counter)  # the same, only projects whose packages all restored
    # A package that did not restore matters only where something is left unbound: a build-only package (an SBOM or
    # source-link task) leaves a compilation without errors, and that project is scored with the others.
    unrestored = {p for p, (status, counts, _) in packages.items()
                  if status == "unresolved" and re.search(r"\b([1-9]\d*) compile errors", counts)}
    for project, where, rule, fix, compiles, line in diagnostics:
        key = (project, where, rule)
        seen.add(key)
        p = part.get(project, "?")
        for table in (stats,) if project in unrestored else (stats, restored):
            s = table[(rule, p)]
            s["diagnostics"] += 1
            if key not in verdicts:
                s["unjudged"] += 1
                continue
            verdict = verdicts[key][0]
            s[verdict] += 1
            if verdict == "TP" and fix == "fix":
                s["fixed"] += 1
                if compiles == "compiles":
                    s["compiles"] += 1
        if key not in verdicts:
            unjudged.append((p, project, where, rule, fix, line))

    print(f"# {len(diagnostics)} diagnostics, {len(unjudged)} without a verdict, {len(analyzer_errors)} analyzer exceptions (AD0001)")
    for r in analyzer_errors:
        print("AD0001\t" + "\t".join(r))
    if unjudged:
        print("\n## Diagnostics without a verdict (add them to eng/real-world-verdicts.tsv)")
        for p, project, where, rule, fix, line in sorted(unjudged):
            print(f"{p}\t{project}\t{where}\t{rule}\t{fix}\t{line}")
    gone = [(part.get(k[0], "?"),) + k + v for k, v in verdicts.items() if k not in seen and (ran is None or k[0] in ran)]
    if gone:
        print("\n## Verdicts whose diagnostic is gone (the rule is quiet there now)")
        for g in sorted(gone):
            print("\t".join(g))

    rules = sorted({f"SL100{i}" for i in range(1, 8)} | {k[0] for k in stats})

    def precision_table(title, table):
        print(f"\n## {title}")
        print("| Rule | Part | Diagnostics | TP | FP | Unjudged | Precision | Fix offered on TPs | Fixed code compiles |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for p in PARTS:
            for rule in rules:
                s = table.get((rule, p), collections.Counter())
                judged = s["TP"] + s["FP"]
                precision = f"{s['TP'] / judged:.2f}" if judged else "-"
                print(f"| {rule} | {p} | {s['diagnostics']} | {s['TP']} | {s['FP']} | {s['unjudged']} | {precision} | {s['fixed']} of {s['TP']} | {s['compiles']} of {s['fixed']} |")

    precision_table("Precision (TP / judged), per rule and part", stats)
    if unrestored:
        # A type from a package that did not restore binds to nothing, and a rule's diagnostic there may be the
        # harness's fault rather than the rule's: these projects are listed apart, and scored without them too.
        print("\n## Projects whose packages did not all restore (their diagnostics apart)")
        for project in sorted(unrestored, key=lambda n: (PARTS.index(part[n]) if part.get(n) in PARTS else 9, n)):
            status, counts, which = packages[project]
            print(f"{part.get(project, '?')}\t{project}\t{counts}\t{which}")
            for d in sorted(d for d in diagnostics if d[0] == project):
                verdict = verdicts.get((d[0], d[1], d[2]), ("?", ""))[0]
                print(f"\t{d[1]}\t{d[2]}\t{verdict}")
        precision_table("Precision without the projects whose packages did not all restore", restored)

    # Tiers: the warning id's precision and the share of the true positives it keeps, and the suggestion id's.
    tier_stats = collections.defaultdict(collections.Counter)
    for (project, where, rule, *_), tier in zip(diagnostics, tiers):
        verdict = verdicts.get((project, where, rule), ("?", ""))[0]
        t = tier_stats[(rule, part.get(project, "?"))]
        t[tier] += 1
        t[f"{tier} {verdict}"] += 1
    print("\n## Tiers (warning: proven growth over a proven costly stream; suggestion: the rest), per rule and part")
    print("| Rule | Part | Warnings | TP | FP | Warning precision | Suggestions | TP | FP | Suggestion precision | TPs the warning tier keeps |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for p in PARTS:
        for rule in rules:
            t = tier_stats.get((rule, p))
            if not t or rule not in SIBLINGS.values():
                continue
            cells = []
            for tier in ("warning", "suggestion"):
                tp, fp = t[f"{tier} TP"], t[f"{tier} FP"]
                cells += [str(t[tier]), str(tp), str(fp), f"{tp / (tp + fp):.2f}" if tp + fp else "-"]
            all_tp = t["warning TP"] + t["suggestion TP"]
            kept = f"{t['warning TP']} of {all_tp}" if all_tp else "-"
            print(f"| {rule} | {p} | " + " | ".join(cells) + f" | {kept} |")

    # Recall from the judged sample of candidates.
    by_file = collections.defaultdict(list)
    for project, where, rule, *_ in diagnostics:
        path, _, line = where.rpartition(":")
        by_file[(project, path, rule)].append(int(line))
    recall = collections.defaultdict(collections.Counter)
    missed = []
    for r in rows(os.path.join(root, "eng", "real-world-candidates.tsv")):
        project, where, rule, lines, should = r[0], r[1], r[2], r[3], r[4]
        reason = r[5] if len(r) > 5 else ""
        if ran is not None and project not in ran:
            continue
        p = part.get(project, "?")
        c = recall[(rule, p)]
        c["sampled"] += 1
        if should != "yes":
            continue
        c["should"] += 1
        path, _, line = where.rpartition(":")
        first, _, last = lines.partition("-")
        # SL1002 reports once per reader, at its construction or first read, anywhere in the member; the others at the
        # candidate's own line.
        if rule == "SL1002":
            covered = any(int(first) <= d <= int(last) for d in by_file.get((project, path, rule), []))
        else:
            covered = int(line) in by_file.get((project, path, rule), [])
        if covered:
            c["covered"] += 1
        else:
            missed.append((p, project, where, rule, reason))
    print("\n## Estimated recall (sampled candidates that should be reported and a diagnostic covers)")
    print("| Rule | Part | Sampled | Should be reported | Reported | Recall |")
    print("|---|---|---:|---:|---:|---:|")
    for p in PARTS:
        for rule in rules:
            c = recall.get((rule, p), collections.Counter())
            value = f"{c['covered'] / c['should']:.2f}" if c["should"] else "-"
            print(f"| {rule} | {p} | {c['sampled']} | {c['should']} | {c['covered']} | {value} |")
    if missed:
        print("\n## Sampled candidates that should be reported and are not")
        for m in sorted(missed, key=lambda m: (m[0], m[1], m[3], m[2].rpartition(":")[0], int(m[2].rpartition(":")[2]))):
            print("\t".join(m))


    if len(sys.argv) == 3:
        print("\n## Every diagnostic (markdown)")
        for p in PARTS:
            for rule in rules:
                lines = [d + [t] for d, t in zip(diagnostics, tiers) if d[2] == rule and part.get(d[0]) == p]
                if not lines:
                    continue
                print(f"\n### {rule}, {p}\n")
                print("| Where | Tier | Verdict | Fix | Why |")
                print("|---|---|---|---|---|")
                done = set()
                for project, where, _, fix, compiles, _, tier in sorted(lines, key=lambda d: (d[0], d[1].rpartition(":")[0], int(d[1].rpartition(":")[2]))):
                    if (project, where) in done:
                        continue
                    done.add((project, where))
                    count = sum(1 for d in lines if d[0] == project and d[1] == where)
                    verdict, reason = verdicts.get((project, where, rule), ("?", ""))
                    fixed = "no" if fix != "fix" else ("compiles" if compiles == "compiles" else "does not compile")
                    times = f" ({count})" if count > 1 else ""
                    print(f"| {project} `{where}` | {tier} | {verdict}{times} | {fixed} | {reason} |")


if __name__ == "__main__":
    main()
