"""Builders of cassette files (format v1) and of fake secrets for the corpora.

Files are written as JSON the codec reads; `CASSETTE_CANONICALIZE_CORPUS=1 swift test --filter
ScrubCorpusTests` then rewrites each one in its canonical encoding (the test fails on a file that is
not canonical, so a forgotten step shows). `scripts/check-generated` runs both steps and fails when
the committed files differ from what they write.
"""

import base64
import json
import os
import urllib.parse

from shapes import ALNUM, B64, B64URL, DIGITS, HEX, LOWER, UPPER, Maker

HERE = os.path.dirname(os.path.abspath(__file__))
# The corpora sit beside the scrubbing tests that read them.
CORPUS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "CassetteScrubbingTests", "Corpus")
DAY = "2026-11-30"


def header_list(headers):
    return [{"name": name, "value": value} for name, value in headers]


def body_member(body):
    if body is None:
        return None
    if isinstance(body, bytes):
        try:
            text = body.decode("utf-8")
            if all(c >= " " or c in "\t\n\r" for c in text) and "\x7f" not in text:
                return {"text": text}
        except UnicodeDecodeError:
            pass
        return {"base64": base64.b64encode(body).decode()}
    if isinstance(body, (dict, list)):
        return {"text": json.dumps(body, separators=(",", ":"), ensure_ascii=False)}
    return {"text": body}


def request(method, url, headers=(), body=None):
    out = {"method": method, "url": url}
    if headers:
        out["headers"] = header_list(headers)
    member = body_member(body)
    if member:
        out["body"] = member
    return out


def response(status, headers=(), body=None, url=None):
    out = {"status": status}
    if url:
        out["url"] = url
    if headers:
        out["headers"] = header_list(headers)
    member = body_member(body)
    if member:
        out["body"] = member
    return out


def hop(method, url, status, headers=()):
    out = {"method": method, "url": url, "status": status}
    if headers:
        out["headers"] = header_list(headers)
    return out


def interaction(req, resp=None, redirects=(), error=None):
    out = {"recorded": DAY, "request": req}
    if resp is not None:
        out["response"] = resp
    if error is not None:
        out["error"] = {"code": error}
    if redirects:
        out["redirects"] = list(redirects)
    return out


def write_cassette(folder, name, interactions):
    path = os.path.join(CORPUS, folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        json.dump({"interactions": interactions, "version": 1}, handle, indent=2, ensure_ascii=False)
        handle.write("\n")


def form(pairs):
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote, safe="")


def q(text):
    return urllib.parse.quote(text, safe="")


def basic(user, password):
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def multipart(boundary, parts):
    """A multipart/form-data body from (name, filename, content type, content) parts."""
    out = ""
    for name, filename, ctype, content in parts:
        out += f"--{boundary}\r\n"
        disposition = f'form-data; name="{name}"'
        if filename:
            disposition += f'; filename="{filename}"'
        out += f"Content-Disposition: {disposition}\r\n"
        if ctype:
            out += f"Content-Type: {ctype}\r\n"
        out += "\r\n" + content + "\r\n"
    return out + f"--{boundary}--\r\n"


class Fakes(Maker):
    """Fake secrets in the shapes real services issue."""

    def password(self, length=18):
        # Letters, digits and the punctuation people put in passwords; never a space or a quote.
        return self.pick(UPPER, 2) + self.pick(ALNUM + "!#$%*-_.~^@", length - 4) + self.pick(DIGITS, 2)

    def hex(self, count):
        return self.pick(HEX, count)

    def alnum(self, count):
        return self.pick(ALNUM, count)

    def b64url(self, count):
        return self.pick(B64URL, count)

    def b64std(self, nbytes):
        return base64.b64encode(self.bytes(nbytes)).decode()

    def aws_key_id(self, prefix="AKIA"):
        return prefix + self.pick(UPPER + "234567", 16)

    def aws_secret(self):
        return self.pick(ALNUM + "+/", 40)

    def aws_session_token(self):
        return "IQoJb3JpZ2luX2VjE" + base64.b64encode(self.bytes(540)).decode()

    def sigv4(self):
        return self.hex(64)

    def jwt(self, claims, alg="RS256", signature_bytes=256):
        head = {"alg": alg, "kid": self.hex(16), "typ": "JWT"}

        def enc(value):
            return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode().rstrip("=")

        sig = base64.urlsafe_b64encode(self.bytes(signature_bytes)).decode().rstrip("=")
        return enc(head) + "." + enc(claims) + "." + sig

    def pem(self, label="PRIVATE KEY"):
        """A PEM block of a fake PKCS#8 RSA key, and the fourth line of its body (recorded as its secret)."""
        der = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7") + self.bytes(1193)
        text = base64.b64encode(der).decode()
        lines = [text[i:i + 64] for i in range(0, len(text), 64)]
        return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----\n", lines[3]

    def openssh_key(self):
        blob = b"openssh-key-v1\x00" + self.bytes(380)
        text = base64.b64encode(blob).decode()
        lines = [text[i:i + 70] for i in range(0, len(text), 70)]
        block = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END OPENSSH PRIVATE KEY-----\n"
        return block, lines[2]

    def uuid_upper(self):
        return self.uuid().upper()
