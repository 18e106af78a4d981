#!/usr/bin/env python3
"""A flag server for Flagscope's tests: OFREP bulk evaluation and the Unleash client API.

Usage: flag_server.py STATE_DIR
Listens on 127.0.0.1 on a free port, and writes that port to STATE_DIR/port once it accepts.

The first path segment picks the behaviour, so one server offers every case and each case has
its own base url (and so its own cache file):
  /ofrep/...      OFREP values (bool, int, double, string, json, per-flag errors), with an ETag
  /auth/...       the same, but only with "Authorization: $FLAG_SERVER_TOKEN" (else 401)
  /forbidden/...  always 403
  /slow-N/...     the OFREP values after N seconds
  /status-500/... HTTP 500 with an OFREP error body
  /malformed/...  200 with truncated JSON;  /wrongshape/... 200 with flags as an object
  /html/...       200 with an HTML page;     /deep/...       200 with 100000 nested arrays
  /huge-length/... 200 announcing a 1 GB body (Content-Length) and sending a few bytes
  /huge-stream/... 200 without a length, sending bytes until the client hangs up (up to 1 GB)
  /ansi/...       values, reason and variant holding terminal escape sequences
  /unleash/...    GET /client/features: an Unleash client payload (also with an ETag)
  /unleash-auth/... the same, token required
A file STATE_DIR/override holding "500", "malformed", "401" or "sleep:N" overrides every mode,
so a test can make a server that answered well start failing at the same url.
STATE_DIR/blackhole-port names a second port that never completes a connection (its accept
queue is kept full), to test connect timeouts without depending on the network outside.
Every request is appended to STATE_DIR/requests.log as one JSON line. The token itself is never
logged: only whether it was missing, right or wrong.
"""
import hashlib
import json
import os
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATE = sys.argv[1]
TOKEN = os.environ.get("FLAG_SERVER_TOKEN", "")
LOG_LOCK = threading.Lock()


def ofrep_flags(context):
    locale = context.get("locale")
    return [
        {"key": "lab/sson", "value": True, "reason": "STATIC", "variant": "on", "metadata": {"team": "identity"}},
        {"key": "lab/results", "value": 42, "reason": "TARGETING_MATCH", "variant": "many"},
        {"key": "lab/rate", "value": 2.5, "reason": "SPLIT", "variant": "fast"},
        {"key": "lab/theme", "value": "dark", "reason": "DEFAULT", "variant": "dark"},
        {"key": "lab/payload", "value": {"items": [1, 2], "on": True}, "reason": "STATIC"},
        {"key": "lab/greeting", "value": "ciao" if locale == "it" else "hello", "reason": "TARGETING_MATCH",
         "variant": "italian" if locale == "it" else "default"},
        {"key": "lab/mismatch", "value": "certainly", "reason": "STATIC"},
        {"key": "lab/broken", "errorCode": "PARSE_ERROR", "errorDetails": "rule 3 does not parse"},
        {"key": "lab/absent", "errorCode": "FLAG_NOT_FOUND", "errorDetails": "no such flag"},
        {"key": "server/only_here", "value": True, "reason": "STATIC"},
    ]


# A Remote Config template as the REST API answers it: every path of the "firebase" mode.
FIREBASE = {
    "conditions": [{"name": "italian_store", "expression": "device.country in ['it']"}],
    "parameters": {
        "lab/theme": {"defaultValue": {"value": "dark"},
                      "conditionalValues": {"italian_store": {"value": "light"}}},
    },
}

UNLEASH = {
    "version": 2,
    "features": [
        {"name": "lab/sson", "enabled": True, "strategies": [{"name": "default"}]},
        {"name": "lab/theme", "enabled": True,
         "strategies": [{"name": "flexibleRollout", "parameters": {"rollout": "100"}}],
         "variants": [{"name": "dark", "weight": 1000, "payload": {"type": "string", "value": "dark"}}]},
        {"name": "lab/results", "enabled": True,
         "variants": [{"name": "many", "weight": 1000, "payload": {"type": "number", "value": "42"}}]},
        {"name": "lab/greeting", "enabled": False},
    ],
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.serve("GET")

    def do_POST(self):
        self.serve("POST")

    def serve(self, method):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        parts = self.path.split("/", 2)
        mode = parts[1] if len(parts) > 1 else ""
        rest = "/" + parts[2] if len(parts) > 2 else "/"
        authorization = self.headers.get("Authorization")
        auth = "missing" if authorization is None else ("ok" if TOKEN and authorization == TOKEN else "wrong")
        with LOG_LOCK:
            with open(os.path.join(STATE, "requests.log"), "a") as log:
                log.write(json.dumps({"method": method, "mode": mode, "path": rest, "auth": auth,
                                      "ifNoneMatch": self.headers.get("If-None-Match"),
                                      "contentType": self.headers.get("Content-Type"), "body": body}) + "\n")
        try:
            self.answer(method, mode, rest, body, auth)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send(self, status, payload, content_type="application/json", etag=None):
        data = payload if isinstance(payload, bytes) else payload.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if etag:
            self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, value):
        data = json.dumps(value).encode("utf-8")
        etag = '"' + hashlib.sha1(data).hexdigest()[:12] + '"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send(200, data, etag=etag)

    def answer(self, method, mode, rest, body, auth):
        override_file = os.path.join(STATE, "override")
        if os.path.exists(override_file):
            with open(override_file) as handle:
                override = handle.read().strip()
            if override.startswith("sleep:"):
                time.sleep(float(override.split(":", 1)[1]))
            elif override == "500":
                return self.send(500, json.dumps({"errorCode": "GENERAL", "errorDetails": "database down"}))
            elif override == "401":
                return self.send(401, "")
            elif override == "malformed":
                return self.send(200, '{"flags": [ {"key": "lab/sson", "value": tru')
        if mode.startswith("slow-"):
            time.sleep(float(mode[len("slow-"):]))
        if mode in ("auth", "unleash-auth") and auth != "ok":
            return self.send(401, json.dumps({"error": "unauthorized"}))
        if mode == "forbidden":
            return self.send(403, "")
        if mode == "status-500":
            return self.send(500, json.dumps({"errorCode": "GENERAL", "errorDetails": "database down"}))
        if mode == "malformed":
            return self.send(200, '{"flags": [ {"key": "lab/sson", "value": tru')
        if mode == "wrongshape":
            return self.send(200, json.dumps({"flags": {"lab/sson": True}}))
        if mode == "html":
            return self.send(200, "<html><body>Bad gateway</body></html>", content_type="text/html")
        if mode == "deep":
            return self.send(200, '{"flags": ' + "[" * 100000 + "]" * 100000 + "}")
        if mode == "huge-length":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(1 << 30))
            self.end_headers()
            self.wfile.write(b'{"features": [')
            return
        if mode == "huge-stream":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            self.wfile.write(b'{"features": [')
            chunk = b'{"name": "filler", "enabled": true, "strategies": []}, ' * 1000
            for _ in range((1 << 30) // len(chunk)):
                self.wfile.write(chunk)
            return
        if mode == "firebase" and method == "GET":
            return self.send_json(FIREBASE)
        if rest == "/client/features" and method == "GET" and mode in ("unleash", "unleash-auth"):
            return self.send_json(UNLEASH)
        if rest == "/ofrep/v1/evaluate/flags" and method == "POST":
            if mode == "ansi":
                return self.send_json({"flags": [
                    {"key": "lab/theme", "value": "dark\u001b[31mRED", "reason": "STATIC\u001b]0;pwned\u0007",
                     "variant": "v\u001b[2J"},
                ]})
            if mode in ("ofrep", "auth") or mode.startswith("slow-"):
                context = body.get("context", {}) if isinstance(body, dict) else {}
                return self.send_json({"flags": ofrep_flags(context)})
        self.send(404, json.dumps({"error": "no such endpoint", "path": self.path}))


def main():
    # A test runner may block signals in the threads that spawn us, and the mask is inherited:
    # unblock them so the server can be stopped like any program.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # A listener that never accepts, its one-slot queue filled: further connections hang in
    # SYN_SENT, as with an address that drops packets.
    blackhole = socket.socket()
    blackhole.bind(("127.0.0.1", 0))
    blackhole.listen(0)
    fillers = []
    for _ in range(4):
        filler = socket.socket()
        filler.setblocking(False)
        try:
            filler.connect(blackhole.getsockname())
        except BlockingIOError:
            pass
        fillers.append(filler)
    with open(os.path.join(STATE, "blackhole-port"), "w") as handle:
        handle.write(str(blackhole.getsockname()[1]))
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    # Written whole and renamed, so a reader never sees half a number.
    with open(os.path.join(STATE, "port.tmp"), "w") as handle:
        handle.write(str(server.server_address[1]))
    os.rename(os.path.join(STATE, "port.tmp"), os.path.join(STATE, "port"))
    server.serve_forever()


if __name__ == "__main__":
    main()
