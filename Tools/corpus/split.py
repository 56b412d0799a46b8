"""The registry and harness that the held-out splits (Unseen, Sealed, Locked, Vault, Quarry) share.

A split registers its cases with `@split.case(name, domain)`; each case labels the values it writes
with `split.secret(value, cls, where)` and `split.ordinary(value, cls, where)` and returns its
interactions. `split.main(views)` writes `Fresh/<Name>/<prefix><case>.json` and `manifest.json`
(twice gives byte-identical files), then checks that every labelled value is findable in at least
one decoded view of its unscrubbed cassette, and exits 1 if not.
"""

import json
import os
import sys

from cassettes import CORPUS, write_cassette


class Split:
    def __init__(self, name, prefix):
        self.name = name
        self.prefix = prefix
        self.folder = os.path.join("Fresh", name)
        self.cases = []
        self.secrets = []
        self.ordinary_values = []
        self._current = {}

    def case(self, name, domain):
        def register(function):
            self.cases.append((name, domain, function))
            return function
        return register

    def _label(self, into, value, cls, where):
        into.append({"class": cls, "domain": self._current["domain"], "file": self._current["file"], "value": value,
                     "where": where})
        return value

    def secret(self, value, cls, where):
        return self._label(self.secrets, value, cls, where)

    def ordinary(self, value, cls, where):
        return self._label(self.ordinary_values, value, cls, where)

    def build(self):
        out_dir = os.path.join(CORPUS, self.folder)
        os.makedirs(out_dir, exist_ok=True)
        for old in os.listdir(out_dir):
            if old.startswith(self.prefix) and old.endswith(".json"):
                os.remove(os.path.join(out_dir, old))
        files = []
        for name, domain, function in self.cases:
            file_name = f"{self.prefix}{name}.json"
            self._current["file"] = file_name
            self._current["domain"] = domain
            interactions = function()
            write_cassette(self.folder, file_name, interactions)
            files.append(file_name)
        manifest = {"files": sorted(files), "ordinary": self.ordinary_values, "secrets": self.secrets,
                    "split": self.name}
        with open(os.path.join(out_dir, "manifest.json"), "w") as handle:
            json.dump(manifest, handle, indent=1, sort_keys=True, ensure_ascii=False)
            handle.write("\n")
        return out_dir, files

    def check(self, out_dir, files, cassette_views):
        problems = []
        if len(set(files)) != len(files):
            problems.append("duplicate case names")
        views = {name: cassette_views(os.path.join(out_dir, name)) for name in files}
        for kind, entries in (("secret", self.secrets), ("ordinary", self.ordinary_values)):
            for entry in entries:
                value = entry["value"]
                if len(value) < (8 if kind == "secret" else 6):
                    problems.append(f"{kind} too short: {value!r} in {entry['file']}")
                if not any(value in view for view in views[entry["file"]]):
                    problems.append(f"{kind} not findable: {value[:60]!r} in {entry['file']}")
        secret_values = [entry["value"] for entry in self.secrets]
        for entry in self.ordinary_values:
            for secret in secret_values:
                if secret in entry["value"]:
                    problems.append(f"secret {secret[:30]!r} inside ordinary {entry['value'][:30]!r}")
        for entry in self.secrets:
            if any(entry["value"] == other["value"] for other in self.ordinary_values):
                problems.append(f"value both secret and ordinary: {entry['value'][:40]!r}")
        return problems

    def main(self, cassette_views):
        out_dir, files = self.build()
        problems = self.check(out_dir, files, cassette_views)
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"{len(files)} cassettes, {len(self.secrets)} secrets, {len(self.ordinary_values)} ordinary values in {out_dir}")
        if problems:
            sys.exit(1)
