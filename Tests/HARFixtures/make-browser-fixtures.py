#!/usr/bin/env python3
# Writes chrome.har and firefox.har, HAR files in the structure those browsers export (Chrome:
# _initiator, _priority, _resourceType, _transferSize, _fromCache, _webSocketMessages, _error,
# serverIPAddress, connection, pages, HTTP/2 pseudo-headers, cookies arrays; Firefox: its creator and
# browser, pages, local-offset timestamps, cache.afterRequest with its own members, _securityState).
# Run from this folder: python3 make-browser-fixtures.py. No secret in them is real.
import base64, json
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ff8d2b1e0000000049454e44ae426082")
TOKEN = "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
def h(pairs): return [{"name": n, "value": v} for n, v in pairs]
def chrome_req(method, url, extra=(), post=None, http2=True):
    from urllib.parse import urlsplit
    u = urlsplit(url)
    headers = []
    if http2:
        headers += [(":authority", u.netloc), (":method", method), (":path", u.path + (("?" + u.query) if u.query else "")), (":scheme", u.scheme)]
    headers += [("accept", "application/json, text/plain, */*"), ("accept-encoding", "gzip, deflate, br, zstd"),
                ("accept-language", "en-GB,en;q=0.9"), ("priority", "u=1, i"),
                ("sec-ch-ua", '"Chromium";v="131", "Not_A Brand";v="24"'), ("sec-ch-ua-mobile", "?0"),
                ("sec-fetch-dest", "empty"), ("sec-fetch-mode", "cors"), ("sec-fetch-site", "same-site"),
                ("user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")]
    headers += list(extra)
    req = {"method": method, "url": url, "httpVersion": "http/2.0" if http2 else "HTTP/1.1", "headers": h(headers),
           "queryString": [{"name": k, "value": v} for k, v in [p.split("=", 1) for p in u.query.split("&") if p]],
           "cookies": [], "headersSize": -1, "bodySize": 0}
    if post: req["postData"] = post; req["bodySize"] = len(post.get("text", ""))
    return req
def chrome_resp(status, text_, headers, mime, text=None, encoding=None, redirect="", error=None, transfer=0):
    content = {"size": len(text) if text else 0, "mimeType": mime}
    if text is not None: content["text"] = text
    if encoding: content["encoding"] = encoding
    r = {"status": status, "statusText": text_, "httpVersion": "http/2.0", "headers": h(headers), "cookies": [],
         "content": content, "redirectURL": redirect, "headersSize": -1, "bodySize": -1, "_transferSize": transfer, "_error": error}
    return r
def chrome_entry(t, req, resp, rtype="fetch", initiator="script", **extra):
    e = {"_initiator": {"type": initiator}, "_priority": "High", "_resourceType": rtype, "cache": {},
         "connection": "443", "pageref": "page_1", "request": req, "response": resp, "serverIPAddress": "192.0.2.10",
         "startedDateTime": t, "time": 42.5,
         "timings": {"blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1, "wait": 40.0, "receive": 1.2, "_blocked_queueing": 0.8}}
    e.update(extra); return e

feed = {"items": [{"id": 1, "title": "Hello"}, {"id": 2, "title": "World"}], "next": None}
entries = [
  chrome_entry("2026-11-30T09:15:00.100Z",
    chrome_req("GET", "https://api.example.com/v1/users/1", [("authorization", TOKEN), ("cookie", "session=chrome-session-cookie"), ("origin", "https://www.example.com"), ("referer", "https://www.example.com/")]),
    chrome_resp(200, "", [("content-encoding", "br"), ("content-length", "71"), ("content-type", "application/json; charset=utf-8"), ("etag", '"u1"'), ("set-cookie", "seen=chrome-set-cookie-value; Path=/; Secure")],
      "application/json", json.dumps({"id": 1, "name": "Ada Lovelace", "role": "admin"}, indent=2), transfer=300)),
  chrome_entry("2026-11-30T09:15:00.200Z",
    chrome_req("OPTIONS", "https://api.example.com/v1/feed", [("access-control-request-method", "GET")]),
    chrome_resp(204, "", [("access-control-allow-origin", "*")], "x-unknown", ""), rtype="preflight", initiator="preflight"),
  chrome_entry("2026-11-30T09:15:00.300Z",
    chrome_req("GET", "https://api.example.com/v1/feed?page=1&limit=2"),
    chrome_resp(200, "", [("content-encoding", "gzip"), ("content-length", "80"), ("content-type", "application/json"), ("vary", "Accept-Encoding")],
      "application/json", json.dumps(feed), transfer=200)),
  chrome_entry("2026-11-30T09:15:01.000Z",
    chrome_req("POST", "https://www.example.com/login", [("content-type", "application/x-www-form-urlencoded")],
      post={"mimeType": "application/x-www-form-urlencoded", "text": "user=ada&remember=yes", "params": [{"name": "user", "value": "ada"}, {"name": "remember", "value": "yes"}]}),
    chrome_resp(302, "", [("location", "/account"), ("content-length", "0")], "x-unknown", "", redirect="https://www.example.com/account"), rtype="document", initiator="other"),
  chrome_entry("2026-11-30T09:15:01.050Z",
    chrome_req("GET", "https://www.example.com/logo.png"),
    chrome_resp(200, "", [("content-type", "image/png"), ("content-length", str(len(PNG)))], "image/png", base64.b64encode(PNG).decode(), encoding="base64"), rtype="image", initiator="parser"),
  chrome_entry("2026-11-30T09:15:01.100Z",
    chrome_req("GET", "https://www.example.com/account"),
    chrome_resp(301, "", [("location", "https://www.example.com/account/")], "x-unknown", "", redirect="https://www.example.com/account/"), rtype="document", initiator="other"),
  chrome_entry("2026-11-30T09:15:01.200Z",
    chrome_req("GET", "https://www.example.com/account/"),
    chrome_resp(200, "", [("content-type", "text/html; charset=utf-8")], "text/html", "<!doctype html><title>Account</title><p>Welcome back</p>\n"), rtype="document", initiator="other"),
  chrome_entry("2026-11-30T09:15:02.000Z",
    chrome_req("GET", "https://www.example.com/static/app.js"),
    chrome_resp(200, "", [("content-type", "text/javascript")], "text/javascript", "console.log('cached')\n"), rtype="script", initiator="parser", _fromCache="disk"),
  chrome_entry("2026-11-30T09:15:02.100Z",
    chrome_req("GET", "https://www.example.com/static/app.css", [("if-none-match", '"css1"')]),
    chrome_resp(304, "", [("etag", '"css1"')], "text/css", ""), rtype="stylesheet", initiator="parser"),
  chrome_entry("2026-11-30T09:15:02.200Z",
    {"method": "GET", "url": "data:image/png;base64," + base64.b64encode(PNG).decode(), "httpVersion": "data", "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
    chrome_resp(200, "OK", [("Content-Type", "image/png")], "image/png", base64.b64encode(PNG).decode(), encoding="base64"), rtype="image", initiator="parser"),
  chrome_entry("2026-11-30T09:15:03.000Z",
    chrome_req("GET", "wss://www.example.com/live", [("upgrade", "websocket"), ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")], http2=False),
    chrome_resp(101, "Switching Protocols", [("upgrade", "websocket"), ("connection", "Upgrade")], "x-unknown", ""), rtype="websocket", initiator="script",
    _webSocketMessages=[{"type": "send", "time": 1796030103.1, "opcode": 1, "data": "{\"subscribe\":\"feed\"}"}, {"type": "receive", "time": 1796030103.2, "opcode": 1, "data": "{\"ok\":true}"}]),
  chrome_entry("2026-11-30T09:15:03.500Z",
    {"method": "CONNECT", "url": "https://www.example.com:443", "httpVersion": "HTTP/1.1", "headers": h([("Host", "www.example.com:443")]), "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
    chrome_resp(200, "Connection established", [], "x-unknown", ""), rtype="other", initiator="other"),
  chrome_entry("2026-11-30T09:15:04.000Z",
    chrome_req("GET", "https://api.example.com/v1/status"),
    chrome_resp(0, "", [], "x-unknown", None, error="net::ERR_CONNECTION_REFUSED"), initiator="script"),
]
chrome = {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
  "pages": [{"startedDateTime": "2026-11-30T09:14:59.000Z", "id": "page_1", "title": "https://www.example.com/", "pageTimings": {"onContentLoad": 310.2, "onLoad": 512.9}}],
  "entries": entries}}
entries[0]["request"]["cookies"] = [{"name": "session", "value": "chrome-session-cookie", "path": "/", "domain": ".example.com", "expires": "2027-01-01T00:00:00.000Z", "httpOnly": True, "secure": True, "sameSite": "Lax"}]
entries[0]["response"]["cookies"] = [{"name": "seen", "value": "chrome-set-cookie-value", "path": "/", "domain": "api.example.com", "expires": None, "httpOnly": False, "secure": True}]
open("chrome.har", "w").write(json.dumps(chrome, indent=2) + "\n")

# Firefox: creator/browser Firefox, local-offset timestamps, Host header instead of pseudo-headers,
# cache objects with Firefox's own members, _securityState, timings with -1.
def ff_req(method, url, extra=(), post=None):
    from urllib.parse import urlsplit
    u = urlsplit(url)
    headers = [("Host", u.netloc), ("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
               ("Accept", "*/*"), ("Accept-Language", "en-US,en;q=0.5"), ("Accept-Encoding", "gzip, deflate, br, zstd"),
               ("Connection", "keep-alive"), ("Sec-Fetch-Dest", "empty"), ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Site", "same-origin"), ("TE", "trailers")] + list(extra)
    r = {"bodySize": 0, "method": method, "url": url, "httpVersion": "HTTP/2", "headers": h(headers), "cookies": [],
         "queryString": [{"name": k, "value": v} for k, v in [p.split("=", 1) for p in u.query.split("&") if p]], "headersSize": 400}
    if post: r["postData"] = post; r["bodySize"] = len(post.get("text", ""))
    return r
def ff_resp(status, st, headers, mime, text=None, encoding=None, redirect=""):
    content = {"mimeType": mime, "size": len(text) if text else 0}
    if text is not None: content["text"] = text
    if encoding: content["encoding"] = encoding
    return {"status": status, "statusText": st, "httpVersion": "HTTP/2", "headers": h(headers), "cookies": [],
            "content": content, "redirectURL": redirect, "headersSize": 250, "bodySize": 120}
def ff_entry(t, req, resp, cache=None, **extra):
    e = {"pageref": "page_1", "startedDateTime": t, "request": req, "response": resp, "cache": cache or {},
         "timings": {"blocked": 0, "dns": 0, "connect": 0, "ssl": 0, "send": 0, "wait": 35, "receive": 1},
         "time": 36, "_securityState": "secure", "serverIPAddress": "192.0.2.20", "connection": "443"}
    e.update(extra); return e
boundary = "----geckoformboundary4f1a2b3c"
fentries = [
  ff_entry("2026-11-30T19:30:00.000-05:00",
    ff_req("GET", "https://shop.example.com/api/cart?currency=EUR", [("Authorization", TOKEN), ("Cookie", "cart=firefox-cart-cookie")]),
    ff_resp(200, "OK", [("content-type", "application/json"), ("content-encoding", "br"), ("content-length", "52"), ("set-cookie", "cart=firefox-set-cookie; Path=/; HttpOnly")],
      "application/json", json.dumps({"items": 2, "total": "19.90", "currency": "EUR"}))),
  ff_entry("2026-11-30T19:30:01.000-05:00",
    ff_req("POST", "https://shop.example.com/api/newsletter", [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "https://shop.example.com")],
      post={"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "list", "value": "weekly"}, {"name": "lang", "value": "en"}], "text": "list=weekly&lang=en"}),
    ff_resp(303, "See Other", [("location", "/thanks")], "text/html", "", redirect="/thanks")),
  ff_entry("2026-11-30T19:30:01.100-05:00",
    ff_req("GET", "https://shop.example.com/thanks"),
    ff_resp(200, "OK", [("content-type", "text/plain; charset=utf-8")], "text/plain", "Thanks for subscribing!\n")),
  ff_entry("2026-11-30T19:30:02.000-05:00",
    ff_req("POST", "https://shop.example.com/api/upload", [("Content-Type", "multipart/form-data; boundary=" + boundary)],
      post={"mimeType": "multipart/form-data; boundary=" + boundary, "params": [{"name": "title", "value": "Receipt"}, {"name": "file", "value": "hello", "fileName": "note.txt", "contentType": "text/plain"}]}),
    ff_resp(201, "Created", [("content-type", "application/json")], "application/json", "{\"uploaded\":true}")),
  ff_entry("2026-11-30T19:30:03.000-05:00",
    ff_req("GET", "https://shop.example.com/img/badge.png"),
    ff_resp(200, "OK", [("content-type", "image/png")], "image/png", base64.b64encode(PNG).decode(), encoding="base64")),
  ff_entry("2026-11-30T19:30:04.000-05:00",
    ff_req("GET", "https://shop.example.com/css/site.css", [("If-None-Match", '"site1"')]),
    ff_resp(304, "Not Modified", [("etag", '"site1"')], "text/css", ""),
    cache={"afterRequest": {"expires": "2026-12-30T00:00:00.000Z", "lastFetched": "2026-11-30T19:00:00.000Z", "eTag": "", "fetchCount": "3", "_dataSize": "1200", "_lastModified": "", "_device": "disk"}}),
  ff_entry("2026-11-30T19:30:05.000-05:00",
    ff_req("GET", "wss://shop.example.com/updates", [("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13")]),
    ff_resp(101, "Switching Protocols", [("upgrade", "websocket"), ("connection", "Upgrade")], "", None)),
  ff_entry("2026-11-30T19:30:06.000-05:00",
    {"bodySize": 0, "method": "GET", "url": "data:text/plain;base64,aGVsbG8=", "httpVersion": "", "headers": [], "cookies": [], "queryString": [], "headersSize": 0},
    ff_resp(200, "OK", [], "text/plain", "hello")),
]
firefox = {"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "133.0"}, "browser": {"name": "Firefox", "version": "133.0"},
  "pages": [{"startedDateTime": "2026-11-30T19:29:59.000-05:00", "id": "page_1", "title": "Shop", "pageTimings": {"onContentLoad": -1, "onLoad": -1}}],
  "entries": fentries}}
open("firefox.har", "w").write(json.dumps(firefox, indent=2) + "\n")
