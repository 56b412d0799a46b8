"""A small order API on 127.0.0.1 for scripts/check-consumer, with the headers real servers send: a
Date and a request id that change on every response.

Routes: POST /v1/orders (echoes the request's requestId), GET /v1/orders?page=N, GET /v1/status/N
(answers with status N), POST /v1/uploads (says how many bytes of body it got, and their SHA-256).

Usage: python3 server.py [PORT]; prints the port it listens on.
"""
import hashlib
import json
import sys
import uuid
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


class Handler(BaseHTTPRequestHandler):
    count = 0

    def answer(self, status, payload):
        body = json.dumps(payload, sort_keys=True).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Request-Id", str(uuid.uuid4()))
        self.end_headers()
        self.wfile.write(body)

    def date_time_string(self, timestamp=None):
        return formatdate(timestamp, usegmt=True)

    def body(self):
        length = int(self.headers.get("Content-Length", "0"))
        return self.rfile.read(length) if length else b""

    def do_POST(self):
        path = urlparse(self.path).path
        sent = self.body()
        if path == "/v1/uploads":
            self.answer(201, {"bytes": len(sent), "sha256": hashlib.sha256(sent).hexdigest()})
            return
        order = json.loads(sent or b"{}")
        Handler.count += 1
        self.answer(201, {"orderId": Handler.count, "requestId": order.get("requestId", ""), "status": "created"})

    def do_GET(self):
        url = urlparse(self.path)
        if url.path.startswith("/v1/status/"):
            code = int(url.path.rsplit("/", 1)[1])
            self.answer(code, {"status": code})
            return
        page = int(parse_qs(url.query).get("page", ["1"])[0])
        self.answer(200, {"orders": [page * 10 + 1, page * 10 + 2], "page": page})

    def log_message(self, *arguments):
        pass


server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
