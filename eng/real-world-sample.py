#!/usr/bin/env python3
"""Draws the sample of rule candidates that docs/real-world.md judges for recall.

    eng/real-world-sample.py CANDIDATES.tsv [SIZES]

CANDIDATES.tsv is the output of eng/RealWorldCandidates over every project (eng/real-world-score.sh writes it). For each
rule and part it takes every candidate if there are at most the part's size, else a random sample of that many drawn
with random.Random(20261127) from the candidates sorted by project, file and line, and prints them as lines for
eng/real-world-candidates.tsv (the verdict column left as '?'). SIZES is 50 per rule and part by default (the sample judged
on 2026-11-27); "holdout=50,tuning=25" sets each part's.
"""
import collections
import os
import random
import sys

SEED = 20261127
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    spec = sys.argv[2] if len(sys.argv) == 3 else "50"
    sizes = {p: int(n) for p, _, n in (item.partition("=") for item in spec.split(","))} if "=" in spec else {"new": int(spec), "fresh": int(spec), "holdout": int(spec), "tuning": int(spec)}
    part = {}
    with open(os.path.join(root, "eng", "real-world-projects.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                r = line.split("\t")
                part[r[0]] = r[3]
    groups = collections.defaultdict(list)
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            r = line.rstrip("\n").split("\t")
            if len(r) >= 6:
                groups[(r[2], part.get(r[0], "?"))].append(r)
    for key in sorted(groups):
        candidates = sorted(set(tuple(r) for r in groups[key]), key=lambda r: (r[0], r[1].rpartition(":")[0], int(r[1].rpartition(":")[2])))
        size = sizes.get(key[1], 50)
        chosen = candidates if len(candidates) <= size else sorted(random.Random(SEED).sample(candidates, size), key=candidates.index)
        for r in chosen:
            project, where, rule, lines, receiver, text = r[:6]
            print(f"{project}\t{where}\t{rule}\t{lines}\t?\t{receiver} | {text}")


if __name__ == "__main__":
    main()
