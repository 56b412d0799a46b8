#!/usr/bin/env python3
"""The loopback HTTP server scripts/check-nothing-lost records against.

Usage: server.py PORT_FILE    binds 127.0.0.1 on a free port, writes the port to PORT_FILE, serves
                              until killed or for ten minutes at most.

  /json/NAME          {"name": "NAME"}
  /binary?bytes=N     N deterministic pseudo-random bytes (application/octet-stream)
"""
import http.server
import random
import sys
import threading
import urllib.parse


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path.startswith("/json/"):
            name = url.path[len("/json/"):]
            body = ('{"name": "%s"}' % name).encode()
            kind = "application/json"
        elif url.path == "/binary":
            count = int(urllib.parse.parse_qs(url.query).get("bytes", ["1000"])[0])
            body = random.Random(7).randbytes(count)
            kind = "application/octet-stream"
        else:
            body, kind = b"not found", "text/plain"
            self.send_response(404)
        if kind != "text/plain":
            self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(sys.argv[1], "w") as port_file:
        port_file.write(str(server.server_address[1]))
    timer = threading.Timer(600, server.shutdown)
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
