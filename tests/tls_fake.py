# tls_fake.py CERT KEY DIR [MODE]: a fake CGP/1 server over TLS for the
# client's tests (tests/net_tls_trust.sh), on 127.0.0.1 with a port of the
# system's choice, written to DIR/port once it listens. Each connection's
# handshake is served with CERT and KEY, and what the client does is
# written to DIR/log, a line each (flushed at once):
#   N handshake          the TLS handshake done (or N handshake-failed)
#   N line VERB [name=X] a line received (its verb; LOGIN's name, never
#                        its key)
#   N closed BYTES       the connection's end: the bytes the client sent
#                        inside TLS
# It greets (HELLO CGP/1), answers HELLO (accounts=yes) and LOGIN with OK,
# and closes the connection after LOGIN's answer. DIR/stop ends it. MODE
# loses the connection on purpose: "close" closes it as soon as it is
# accepted; "garbage" answers the handshake with plain text and closes;
# "reset" resets the TCP connection (RST) at the first line after HELLO.
import os
import socket
import ssl
import struct
import sys
import threading

cert, key, d = sys.argv[1], sys.argv[2], sys.argv[3]
mode = sys.argv[4] if len(sys.argv) > 4 else ""
lock = threading.Lock()


def log(text):
    with lock:
        with open(os.path.join(d, "log"), "a") as f:
            f.write(text + "\n")


def reset(sock):
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                    struct.pack("ii", 1, 0))
    sock.close()


def serve(n, raw, ctx):
    raw.settimeout(20)
    if mode == "close":
        # closed at once: the ClientHello then meets a closed socket
        # (RST), the client reads the end and its alert fails (EPIPE)
        log("%d close" % n)
        raw.close()
        return
    if mode == "garbage":
        try:
            raw.recv(4096)
            raw.sendall(b"this is not TLS\r\n\r\n")
        except OSError:
            pass
        log("%d garbage" % n)
        raw.close()
        return
    try:
        s = ctx.wrap_socket(raw, server_side=True)
    except (ssl.SSLError, OSError) as e:
        log("%d handshake-failed %s" % (n, type(e).__name__))
        raw.close()
        return
    log("%d handshake" % n)
    got = 0
    buf = b""
    try:
        s.sendall(b"HELLO CGP/1 server=fake\n")
        while True:
            data = s.recv(4096)
            if not data:
                break
            got += len(data)
            buf += data
            done = False
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                words = line.decode("utf-8", "replace").split()
                tag = words[0] if words and words[0].startswith("#") \
                    else "*"
                verb = words[1] if tag != "*" and len(words) > 1 else \
                    (words[0] if words else "")
                name = [w for w in words if w.startswith("name=")]
                log("%d line %s%s" % (n, verb,
                                      " " + name[0] if name else ""))
                if mode == "reset" and verb != "HELLO":
                    log("%d reset" % n)
                    reset(s)
                    return
                if verb == "HELLO":
                    s.sendall(b"OK * HELLO accounts=yes\n")
                elif verb == "LOGIN":
                    s.sendall(("OK %s LOGIN %s\n" % (tag, name[0] if name
                               else "")).encode())
                    done = True
            if done:
                break
    except (ssl.SSLError, OSError):
        pass
    log("%d closed %d" % (n, got))
    try:
        s.close()
    except OSError:
        pass


def main():
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(16)
    ls.settimeout(0.2)
    with open(os.path.join(d, "port.new"), "w") as f:
        f.write("%d\n" % ls.getsockname()[1])
    os.rename(os.path.join(d, "port.new"), os.path.join(d, "port"))
    n = 0
    while not os.path.exists(os.path.join(d, "stop")):
        try:
            raw, _ = ls.accept()
        except socket.timeout:
            continue
        n += 1
        threading.Thread(target=serve, args=(n, raw, ctx),
                         daemon=True).start()


main()
