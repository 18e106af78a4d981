"""A client that sends a request a byte at a time: how long until the server closes on it.

usage: slow_client.py PORT headers|body INTERVAL
Prints the seconds from connecting to the close, or "open" if it sent everything first.
"""
import socket
import sys
import time

port, part, interval = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
body = b'{"context": {"targetingKey": "slow"}}'
head = (
    b"POST /ofrep/v1/evaluate/flags HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n"
)
sock = socket.create_connection(("127.0.0.1", port), timeout=30)
started = time.monotonic()
if part == "body":
    sock.sendall(head)
    slow = body
else:
    slow = head + body
for index in range(len(slow)):
    try:
        sock.sendall(slow[index:index + 1])
        sock.settimeout(interval)
        if sock.recv(1) == b"":
            print(f"{time.monotonic() - started:.2f}")
            sys.exit(0)
    except socket.timeout:
        continue
    except (BrokenPipeError, ConnectionResetError):
        print(f"{time.monotonic() - started:.2f}")
        sys.exit(0)
print("open")
