#!/usr/bin/env python3
"""Contract gate throughput: N generated contracts checked against `sdui serve` over loopback and
offline, rounds interleaved, medians reported; the server's CPU share from /proc. Prints
Markdown for BENCHMARKS.md (section "contracts"). Called by scripts/bench-contracts.sh.
Usage: bench-contracts.py BIN_DIR WORK_DIR CONTRACTS ROUNDS"""
import gzip, json, os, re, resource, statistics, subprocess, sys, time

bin_dir, work, count, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sdui = os.path.join(bin_dir, "sdui")
root = os.path.join(work, "contracts-bench")


def screen(n):
    """A realistic screen of ~25 components, different per contract."""
    comps = [{"type": "text", "id": "title", "data": {"text": f"Screen {n}", "style": "title"}},
             {"type": "image", "data": {"url": f"https://cdn.example.com/{n}/hero.jpg", "aspect_ratio": 1.78, "alt": "Hero"}}]
    for i in range(6):
        comps.append({"type": "stack", "data": {"axis": "horizontal", "spacing": 8, "children": [
            {"type": "icon_title", "data": {"title": f"Item {n}.{i}", "icon_url": f"https://cdn.example.com/i/{i}.png"}},
            {"type": "two_line_text", "data": {"title": f"Product {i}", "subtitle": f"{10 + i}.99 EUR"}},
        ]}})
    comps.append({"type": "button", "id": "buy", "data": {"title": "Buy", "action": {"type": "navigate", "destination": f"/buy/{n}"}}})
    comps.append({"type": "text", "data": {"text": "Updated 2026-11-20T10:00:00Z", "style": "caption"}})
    return {"screen": f"s{n}", "version": 1, "title": f"Screen {n}", "components": comps}


def generate():
    os.makedirs(os.path.join(root, "contracts"), exist_ok=True)
    os.makedirs(os.path.join(root, "responses"), exist_ok=True)
    with open(os.path.join(root, "sdui-contracts.json"), "w") as f:
        json.dump({"headers": {"Accept-Encoding": "gzip, deflate"}, "timeoutSeconds": 30,
                   "redactions": [{"name": "time", "pattern": "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z"}]}, f)
    for n in range(count):
        with open(os.path.join(root, "contracts", f"c{n:04}.json"), "w") as f:
            json.dump({"path": f"/screens/{n}", "query": {"lang": "en"}}, f)
        with open(os.path.join(root, "responses", f"c{n:04}.json.gz"), "wb") as f:
            f.write(gzip.compress(json.dumps(screen(n)).encode(), mtime=0))
    subprocess.run([sdui, "contract", "record", "--offline", "--contracts", root], check=True, stdout=subprocess.DEVNULL)


def cpu_of(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        sys.exit(f"{' '.join(args)} exited {out.returncode}:\n{out.stdout[-2000:]}{out.stderr[-2000:]}")
    assert f"{count} contracts: {count} passed" in out.stdout, out.stdout[-500:]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


generate()
server = subprocess.Popen([sdui, "serve", root, "--port", "0"], stdout=subprocess.PIPE, text=True)
line = server.stdout.readline()
url = re.search(r"(http://\S+)", line).group(1)
loop, offline, loop_cpu, server_cpu = [], [], [], []
try:
    timed([sdui, "contract", "check", "--contracts", root, "--base-url", url])  # warm-up
    for _ in range(rounds):
        s0 = cpu_of(server.pid)
        wall, cpu = timed([sdui, "contract", "check", "--contracts", root, "--base-url", url])
        server_cpu.append(cpu_of(server.pid) - s0)
        loop.append(wall)
        loop_cpu.append(cpu)
        wall, _ = timed([sdui, "contract", "check", "--contracts", root, "--offline"])
        offline.append(wall)
finally:
    server.terminate()
    server.wait()

med_loop, med_off = statistics.median(loop), statistics.median(offline)
med_client, med_server = statistics.median(loop_cpu), statistics.median(server_cpu)
size = sum(os.path.getsize(os.path.join(root, "responses", f)) for f in os.listdir(os.path.join(root, "responses"))) / count
print(f"loopback_per_s\t{count / med_loop:.0f}")
print(f"offline_per_s\t{count / med_off:.0f}")
print(f"loopback_s\t{med_loop:.3f}")
print(f"offline_s\t{med_off:.3f}")
print(f"client_cpu_s\t{med_client:.3f}")
print(f"server_cpu_s\t{med_server:.3f}")
print(f"server_share\t{100 * med_server / (med_server + med_client):.0f}")
print(f"response_bytes\t{size:.0f}")
print(f"rounds\t{rounds}")
