#!/usr/bin/env bash
# Latency of the browser board's legal-targets request (GET /api/moves?prefix=SQ), the
# one the page makes when a piece is picked, in each variant's start position, against
# GET /api/variants (no rules work) on the same server as the baseline.
# Usage: benches/gui.sh [requests per variant, default 300]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-300}
cargo build --release -q
target/release/baton gui --no-open --port 0 > /tmp/baton-gui-bench.$$ &
PID=$!
trap 'kill $PID 2>/dev/null' EXIT
for _ in $(seq 50); do grep -q http /tmp/baton-gui-bench.$$ 2>/dev/null && break; sleep 0.1; done
ADDR=$(grep -o 'http://[^/]*' /tmp/baton-gui-bench.$$ | head -1 | sed 's|http://||')
TOKEN=$(grep -o 'token=[0-9a-f]*' /tmp/baton-gui-bench.$$ | head -1 | sed 's|token=||')
python3 - "$ADDR" "$N" "$TOKEN" <<'PY'
import json, socket, sys, time
host, port = sys.argv[1].rsplit(":", 1)
n = int(sys.argv[2])
token = sys.argv[3]
def req(method, path, body=b""):
    s = socket.create_connection((host, int(port)))
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nX-Baton-Token: {token}\r\n"
    s.sendall(f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body)
    data = b""
    while chunk := s.recv(1 << 16):
        data += chunk
    s.close()
    return data.split(b"\r\n\r\n", 1)[1]
def timed(path):
    t = []
    for _ in range(n):
        a = time.perf_counter(); req("GET", path); t.append(time.perf_counter() - a)
    t.sort()
    return t[len(t) // 2] * 1000, t[int(len(t) * 0.99)] * 1000
base = timed("/api/variants")
print(f"baseline GET /api/variants: median {base[0]:.2f} ms, p99 {base[1]:.2f} ms")
for v in json.loads(req("GET", "/api/variants")):
    req("POST", "/api/new", json.dumps({"variant": v["name"]}).encode())
    sq = "b1"  # a knight (or its like) in every start position
    med, p99 = timed(f"/api/moves?prefix={sq}")
    print(f"{v['name']:22} GET /api/moves?prefix={sq}: median {med:.2f} ms, p99 {p99:.2f} ms ({med / base[0]:.1f}x baseline)")
PY
