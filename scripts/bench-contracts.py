#!/usr/bin/env python3
"""Contract gate throughput: N generated contracts checked against `sdui serve` over loopback and
offline, rounds interleaved, medians reported; the server's CPU share from /proc. Three setups:
the bundled decoder alone; a matrix of three clients in process (the bundled decoder under three
names, each with its goldens); and the same matrix out of process (the FuzzDecode target's
release build serving renderings, `--sdui-render-server`), which prices an out-of-process client.
Prints tab-separated figures for scripts/bench-contracts.sh (section "contracts").
Usage: bench-contracts.py BIN_DIR WORK_DIR CONTRACTS ROUNDS"""
import gzip, json, os, re, resource, shutil, statistics, subprocess, sys, time

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


CONFIG = {"headers": {"Accept-Encoding": "gzip, deflate"}, "timeoutSeconds": 30,
          "redactions": [{"name": "time", "pattern": "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z"}]}
render_server = os.path.join(bin_dir, "FuzzDecode")
SETUPS = {  # name → clients (None: the bundled decoder alone, goldens/<case>.txt)
    "single": None,
    "inproc": [{"name": f"ref-{i}"} for i in (1, 2, 3)],
    "outproc": [{"name": f"proc-{i}", "command": f"{render_server} --sdui-render-server"} for i in (1, 2, 3)],
}


def setup_dir(name):
    return root if name == "single" else f"{root}-{name}"


def generate():
    os.makedirs(os.path.join(root, "contracts"), exist_ok=True)
    os.makedirs(os.path.join(root, "responses"), exist_ok=True)
    for n in range(count):
        with open(os.path.join(root, "contracts", f"c{n:04}.json"), "w") as f:
            json.dump({"path": f"/screens/{n}", "query": {"lang": "en"}}, f)
        with open(os.path.join(root, "responses", f"c{n:04}.json.gz"), "wb") as f:
            f.write(gzip.compress(json.dumps(screen(n)).encode(), mtime=0))
    for name, clients in SETUPS.items():
        d = setup_dir(name)
        if d != root:
            os.makedirs(d, exist_ok=True)
            for sub in ("contracts", "responses"):  # copies: the gate refuses paths that leave its directory
                shutil.copytree(os.path.join(root, sub), os.path.join(d, sub))
        with open(os.path.join(d, "sdui-contracts.json"), "w") as f:
            json.dump(CONFIG | ({"clients": clients} if clients else {}), f)
        subprocess.run([sdui, "contract", "record", "--offline", "--contracts", d], check=True, stdout=subprocess.DEVNULL)


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
    # `1000 contracts: 1000 passed`, `16 cases of 12 contracts: 16 passed`, `3000 checks (…): 3000 passed`
    assert re.search(r"^(\d+) (?:contracts?|cases? of \d+ contracts?|checks? \([^)]*\)): \1 passed", out.stdout, re.M), out.stdout[-500:]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


generate()
checks = {name: count * (len(clients) if clients else 1) for name, clients in SETUPS.items()}
server = subprocess.Popen([sdui, "serve", root, "--port", "0"], stdout=subprocess.PIPE, text=True)
line = server.stdout.readline()
url = re.search(r"(http://\S+)", line).group(1)
loop = {n: [] for n in SETUPS}
offline = {n: [] for n in SETUPS}
loop_cpu, server_cpu = [], []
try:
    for name in SETUPS:  # warm-up
        timed([sdui, "contract", "check", "--contracts", setup_dir(name), "--base-url", url])
    for _ in range(rounds):
        for name in SETUPS:
            s0 = cpu_of(server.pid)
            wall, cpu = timed([sdui, "contract", "check", "--contracts", setup_dir(name), "--base-url", url])
            if name == "single":
                server_cpu.append(cpu_of(server.pid) - s0)
                loop_cpu.append(cpu)
            loop[name].append(wall)
            wall, _ = timed([sdui, "contract", "check", "--contracts", setup_dir(name), "--offline"])
            offline[name].append(wall)
finally:
    server.terminate()
    server.wait()

med_client, med_server = statistics.median(loop_cpu), statistics.median(server_cpu)
size = sum(os.path.getsize(os.path.join(root, "responses", f)) for f in os.listdir(os.path.join(root, "responses"))) / count
for name in SETUPS:
    ml, mo = statistics.median(loop[name]), statistics.median(offline[name])
    print(f"{name}_checks\t{checks[name]}")
    print(f"{name}_loopback_s\t{ml:.3f}")
    print(f"{name}_offline_s\t{mo:.3f}")
    print(f"{name}_loopback_per_s\t{checks[name] / ml:.0f}")
    print(f"{name}_offline_per_s\t{checks[name] / mo:.0f}")
per_in = statistics.median(offline["inproc"]) / checks["inproc"]
per_out = statistics.median(offline["outproc"]) / checks["outproc"]
print(f"outproc_cost_us\t{(per_out - per_in) * 1e6:.0f}")
print(f"outproc_ratio\t{per_out / per_in:.2f}")
print(f"client_cpu_s\t{med_client:.3f}")
print(f"server_cpu_s\t{med_server:.3f}")
print(f"server_share\t{100 * med_server / (med_server + med_client):.0f}")
print(f"response_bytes\t{size:.0f}")
print(f"rounds\t{rounds}")
