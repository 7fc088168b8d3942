#!/usr/bin/env python3
"""Check the hand-ported decoders: each compiles on Linux with Foundation only, each trigger of
bugs.tsv crashes with its message at its line, and every sample an app carries decodes without crashing.

    python3 Benchmarks/AppDecoders/check-handported.py [--app NAME]... [--release] [--keep DIR]

For each app of apps.tsv it writes a driver (main.swift: read a file into `data`, evaluate the app's
decode expression inside MainActor.assumeIsolated) into a temporary folder, compiles it with
HandPorted/<app>/**/*.swift (swiftc -swift-version 5 -Onone -g; with --release also -O), and runs
every input through it, one process per input. A trigger must crash by a signal, with the message of
bugs.tsv (not checked in the -O build, which drops most of them) and with the innermost hand-ported
frame at its file and handported_line (for a stack overflow: some frame at that line). Samples are the app's *.json files (asset-catalog
Contents.json files included: they must not crash either) and the JSON objects in Swift multi-line
string literals. Needs swiftc (PATH or /opt/swift/usr/bin) and, to read the stack of a failed cast or\nof an -O stack overflow, gdb; it never builds the package.
Exits 1 unless every check passes."""
import argparse, glob, os, re, shutil, subprocess, sys, tempfile, textwrap

HERE = os.path.dirname(os.path.abspath(__file__))


def swiftc():
    found = shutil.which('swiftc')
    if found:
        return found
    if os.path.exists('/opt/swift/usr/bin/swiftc'):
        return '/opt/swift/usr/bin/swiftc'
    sys.exit('swiftc not found')


def read_tsv(name):
    lines = open(os.path.join(HERE, name), encoding='utf-8').read().splitlines()
    header = lines[0].split('\t')
    return [dict(zip(header, l.split('\t'))) for l in lines[1:] if l.strip()]


def app_root(app):
    # The folder the app ships in (a package's root, not only its Sources/<target>).
    return os.path.join(HERE, 'Apps', app['app'])


def swift_literals(path):
    """JSON objects in Swift multi-line string literals, with the closing delimiter's indentation removed."""
    text = open(path, encoding='utf-8').read()
    found = []
    for m in re.finditer(r'"""[ \t]*\n(.*?)\n([ \t]*)"""', text, re.S):
        body, indent = m.group(1), m.group(2)
        lines = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in body.split('\n')]
        body = '\n'.join(lines)
        if body.lstrip().startswith(('{', '[')):
            line = text[:m.start()].count('\n') + 1
            found.append((line, body))
    return found


def samples(app, tmp):
    root = app_root(app)
    out = []
    for path in sorted(glob.glob(os.path.join(root, '**', '*.json'), recursive=True)):
        rel = os.path.relpath(path, root)
        asset = '.xcassets' + os.sep in path
        out.append((rel, path, asset))
    for path in sorted(glob.glob(os.path.join(root, '**', '*.swift'), recursive=True)):
        for line, body in swift_literals(path):
            rel = '%s:%d (""" literal)' % (os.path.relpath(path, root), line)
            dst = os.path.join(tmp, 'literal-%s-%d.json' % (os.path.basename(path), line))
            open(dst, 'w', encoding='utf-8').write(body)
            out.append((rel, dst, False))
    return out


def build(app, tmp, opt):
    sources = sorted(glob.glob(os.path.join(HERE, 'HandPorted', app['app'], '**', '*.swift'), recursive=True))
    main = os.path.join(tmp, 'main.swift')
    open(main, 'w', encoding='utf-8').write(textwrap.dedent('''\
        import Foundation

        let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
        do {
            let result = try MainActor.assumeIsolated { %s }
            print("DECODED \\(type(of: result))")
        } catch {
            print("THREW \\(error)")
        }
        ''') % app['decode'])
    check = subprocess.run([swiftc(), '-swift-version', '5', '-typecheck'] + sources, capture_output=True, text=True)
    if check.returncode != 0:
        return None, 'typecheck failed:\n' + check.stderr
    exe = os.path.join(tmp, 'driver' + opt)
    cmd = [swiftc(), '-swift-version', '5', opt, '-g', main] + sources + ['-o', exe]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, 'build failed:\n' + r.stderr
    return exe, None


def run(exe, path):
    env = dict(os.environ, SWIFT_BACKTRACE='enable=yes,interactive=no,color=no')
    try:
        r = subprocess.run([exe, path], capture_output=True, text=True, timeout=120, env=env, errors='replace')
    except subprocess.TimeoutExpired:
        return 'timeout', ''
    return r.returncode, r.stdout + r.stderr


def run_crash(exe, path, app):
    """Runs a trigger; returns (signal name or None, output with a stack that names source lines).
    Swift's own backtracer first; when it shows no hand-ported frame (it cannot unwind through the
    abort() of a failed cast, nor an -O stack overflow) the trigger runs again under gdb, if installed."""
    rc, out = run(exe, path)
    if rc == 'timeout':
        return 'timeout', out
    names = {-4: 'SIGILL', -5: 'SIGTRAP', -6: 'SIGABRT', -11: 'SIGSEGV', 132: 'SIGILL', 133: 'SIGTRAP', 134: 'SIGABRT', 139: 'SIGSEGV'}
    sig = names.get(rc, None if rc == 0 else 'exit %s' % rc)
    gdb = shutil.which('gdb')
    if sig is None or frames(out, app) or not gdb:
        return sig, out
    env = dict(os.environ, SWIFT_BACKTRACE='enable=no')
    cmd = [gdb, '-q', '-batch', '-ex', 'run', '-ex', 'bt 60', '--args', exe, path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, errors='replace')
    except subprocess.TimeoutExpired:
        return sig, out
    return sig, out + '\n--- gdb ---\n' + r.stdout + r.stderr


def frames(output, app):
    pat = re.compile(r' at \S*/HandPorted/%s/(\S+?):(\d+)(?::\d+)?' % re.escape(app))
    return [(m.group(1), int(m.group(2))) for m in pat.finditer(output)]


def crash_message(output):
    lines = output.splitlines()
    for test in (lambda l: 'Fatal error:' in l or 'Could not cast value of type' in l,
                 lambda l: l.startswith('*** Swift runtime failure:'),
                 lambda l: l.startswith('*** Program crashed:')):
        for l in lines:
            if test(l):
                return l.strip('* ').strip()
    return ''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--app', action='append')
    ap.add_argument('--release', action='store_true', help='also build with -O and run the triggers through it')
    ap.add_argument('--keep', help='build in this folder instead of a temporary one')
    args = ap.parse_args()
    # The apps that exist for a trait of the zero-code path have no hand-ported twin.
    apps = [a for a in read_tsv('apps.tsv') if (not args.app or a['app'] in args.app)
            and os.path.isdir(os.path.join(HERE, 'HandPorted', a['app']))]
    bugs = read_tsv('bugs.tsv')
    ok = True
    for app in apps:
        tmp = args.keep and os.path.join(args.keep, app['app']) or tempfile.mkdtemp(prefix='appdecoders-')
        os.makedirs(tmp, exist_ok=True)
        print('== %s  (%s)' % (app['app'], app['decode']))
        builds = [('-Onone',) + build(app, tmp, '-Onone')]
        if args.release:
            builds.append(('-O',) + build(app, tmp, '-O'))
        for opt, exe, err in builds:
            if err:
                print('  FAIL %s %s' % (opt, err))
                ok = False
        builds = [(opt, exe) for opt, exe, err in builds if exe]
        if not builds:
            continue
        print('  typecheck + build OK (%s)' % ', '.join(o for o, _ in builds))
        for bug in [b for b in bugs if b['app'] == app['app']]:
            for opt, exe in builds:
                sig, out = run_crash(exe, os.path.join(HERE, bug['trigger']), app['app'])
                crashed = sig is not None and sig != 'timeout'
                where = frames(out, app['app'])
                want = (bug['file'], int(bug['handported_line']))
                if bug['kind'] == 'stack-overflow':
                    at_line = want in where
                    msg_ok = sig == 'SIGSEGV'
                else:
                    at_line = bool(where) and where[0] == want
                    # -O drops most runtime messages (an index out of range is only an illegal instruction).
                    msg_ok = bug['message'] in out or opt == '-O'
                good = crashed and at_line and msg_ok
                ok &= good
                print('  %s %-8s %-6s %-8s at=%s  %s' % ('ok  ' if good else 'FAIL', bug['id'], opt, sig,
                      '%s:%d' % where[0] if where else '-', crash_message(out)))
        exe = builds[0][1]
        for rel, path, asset in samples(app, tmp):
            rc, out = run(exe, path)
            decoded = 'DECODED' in out
            good = rc == 0 and (decoded or asset)
            ok &= good
            result = 'decoded' if decoded else ('threw (not a screen)' if 'THREW' in out else 'exit %s' % rc)
            print('  %s sample %s: %s' % ('ok  ' if good else 'FAIL', rel, result))
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    print('ALL OK' if ok else 'FAILURES')
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
