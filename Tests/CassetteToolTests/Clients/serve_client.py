#!/usr/bin/env python3
"""A client of `cassette serve` that is not written in Swift: Python's urllib and http.client.

    serve_client.py requests BASE_URL TOKEN EMAIL    the requests of the end-to-end test, one JSON object
    serve_client.py concurrent BASE_URL CLIENTS EACH  CLIENTS keep-alive connections at once, EACH requests on each
    serve_client.py miss BASE_URL PATH               one request, printed with its status, Cassette-Error and body

Prints JSON on standard output; bodies as their length and SHA-256, so answers compare exactly.
"""
import hashlib
import http.client
import json
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request


def summary(status, headers, body):
    return {
        "status": status,
        "type": headers.get("Content-Type"),
        "length": len(body),
        "sha256": hashlib.sha256(body).hexdigest(),
    }


def fetch(base, method, path, headers=None, data=None):
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return summary(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return summary(error.code, error.headers, error.read())


def pieces():
    # An iterable body without a Content-Length: urllib sends it chunked.
    for index in range(4):
        yield ("piece %d of a chunked upload\n" % index).encode()


def requests(base, token, email):
    answers = {
        "get-with-query": fetch(base, "GET", "/json?sort=name&page=2"),
        "bearer-token": fetch(base, "GET", "/me", {"Authorization": "Bearer " + token}),
        "json-post-with-email": fetch(
            base, "POST", "/users", {"Content-Type": "application/json"},
            json.dumps({"email": email, "name": "Ada"}).encode()),
        "chunked-upload": fetch(base, "PUT", "/echo?upload=chunked", {"Content-Type": "text/plain"}, pieces()),
        "gzip": fetch(base, "GET", "/gzip"),
        "redirect": fetch(base, "GET", "/redirect/302"),
        "not-found": fetch(base, "GET", "/status/404"),
        "a-mebibyte": fetch(base, "GET", "/large?bytes=1048576"),
    }
    print(json.dumps(answers, sort_keys=True))


def concurrent(base, clients, each):
    parsed = urllib.parse.urlsplit(base)
    start = threading.Barrier(clients)
    answers = {}
    ports = {}
    failures = []
    lock = threading.Lock()

    def client(number):
        try:
            connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
            connection.connect()
            start.wait()  # every connection is open before any request is sent
            seen = set()
            for index in range(each):
                connection.request("GET", "/echo?client=%d&request=%d" % (number, index))
                response = connection.getresponse()
                body = response.read()
                seen.add(connection.sock.getsockname()[1])
                with lock:
                    answers["%d-%d" % (number, index)] = summary(response.status, response.headers, body)
            with lock:
                ports[number] = len(seen)
            connection.close()
        except Exception as error:  # reported, never swallowed
            with lock:
                failures.append("client %d: %r" % (number, error))

    threads = [threading.Thread(target=client, args=(number,)) for number in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"answers": answers, "connectionsPerClient": sorted(set(ports.values())),
                      "failures": failures}, sort_keys=True))


def miss(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=60) as response:
            print(json.dumps({"status": response.status, "body": response.read().decode()}))
    except urllib.error.HTTPError as error:
        print(json.dumps({"status": error.code, "reason": error.reason,
                          "cassetteError": error.headers.get("Cassette-Error"), "body": error.read().decode()}))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "requests":
        requests(sys.argv[2], sys.argv[3], sys.argv[4])
    elif command == "concurrent":
        concurrent(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif command == "miss":
        miss(sys.argv[2], sys.argv[3])
    else:
        sys.exit("unknown command " + command)
