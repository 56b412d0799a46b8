#!/usr/bin/env python3
"""Summarises the rounds of `scripts/bench serve`: one row per server and client count, with the
median and the range (min-max) of each figure over the rounds.

Input lines (standard input): SERVER CLIENTS ROUND RPS P50_US P99_US CPU_US_PER_REQUEST ERRORS
"""
import statistics
import sys
from collections import OrderedDict


def figure(values, digits):
    middle = statistics.median(values)
    return "%s (%s-%s)" % (format(middle, ",.%df" % digits), format(min(values), ",.%df" % digits),
                            format(max(values), ",.%df" % digits))


rows = OrderedDict()
errors = 0
for line in sys.stdin:
    fields = line.split()
    if len(fields) != 8:
        continue
    server, clients = fields[0], int(fields[1])
    rps, p50, p99, cpu, failed = map(float, fields[3:8])
    errors += int(failed)
    rows.setdefault((server, clients), []).append((rps, p50, p99, cpu))

print("| server | clients | req/s median (range) | p50 µs median (range) | p99 µs median (range) "
      "| server CPU µs/request median (range) |")
print("| --- | --- | --- | --- | --- | --- |")
for clients in sorted({key[1] for key in rows}):
    for (server, count), runs in rows.items():
        if count != clients:
            continue
        columns = list(zip(*runs))
        print("| %s | %d | %s | %s | %s | %s |" % (server, clients, figure(columns[0], 0), figure(columns[1], 0),
                                                    figure(columns[2], 0), figure(columns[3], 1)))
medians = {key: (statistics.median(r[0] for r in runs), statistics.median(r[3] for r in runs))
           for key, runs in rows.items()}
for (server, clients), (rps, cpu) in medians.items():
    if server != "cassette-serve":
        continue
    for other, words in (("swift-static", "the same HTTP server with a static handler"), ("c-static", "the C server")):
        if (other, clients) in medians:
            other_rps, other_cpu = medians[(other, clients)]
            print("cassette serve, %d client(s): %.0f%% of the requests per second of %s; %+.1f µs server CPU "
                  "per request" % (clients, rps / other_rps * 100, words, cpu - other_cpu))
if errors:
    print("FAILED: %d socket errors or non-2xx answers in the runs above" % errors)
    sys.exit(1)
