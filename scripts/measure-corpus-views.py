#!/usr/bin/env python3
"""Scrub a corpus split with the built `cassette scrub` and search the scrubbed files with the generator's own
decoders (JSON, percent, entities, quoted-printable, base64, gzip, zip, tar, binary): secrets left, ordinary values
damaged (found before, not after, outside secrets)."""
import json, os, shutil, subprocess, sys, tempfile
import importlib
sys.path.insert(0, sys.argv[3])
mf = importlib.import_module(sys.argv[4] if len(sys.argv) > 4 else "make_final")
split_dir, tool = sys.argv[1], sys.argv[2]
manifest = json.load(open(os.path.join(split_dir, "manifest.json")))
work = tempfile.mkdtemp()
for name in manifest["files"]:
    shutil.copy(os.path.join(split_dir, name), work)
subprocess.run([tool, "scrub"] + [os.path.join(work, n) for n in manifest["files"]], check=True, capture_output=True)
leaked, damaged = [], []
for name in manifest["files"]:
    before = mf.cassette_views(os.path.join(split_dir, name))
    after = mf.cassette_views(os.path.join(work, name))
    for e in manifest["secrets"]:
        if e["file"] == name and any(e["value"] in v for v in after):
            leaked.append(name + ": " + e["where"])
    for e in manifest["ordinary"]:
        # A value the views cannot find in the committed file either (a spelling that the corpus's
        # canonical form changed) is not counted as damaged.
        if e["file"] == name and any(e["value"] in v for v in before) and not any(e["value"] in v for v in after):
            damaged.append(name + ": " + e["where"])
s, o = len(manifest["secrets"]), len(manifest["ordinary"])
print(f"{len(manifest['files'])} cassettes: kept off disk {s-len(leaked)}/{s} ({100*(s-len(leaked))/s:.1f}%), damaged {len(damaged)}/{o} ({100*len(damaged)/o:.1f}%)")
for x in leaked: print("  leaked:", x)
for x in damaged: print("  damaged:", x)
