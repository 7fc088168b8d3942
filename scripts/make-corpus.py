#!/usr/bin/env python3
"""Writes the derived seeds in Corpus/seeds/: compressed variants of the hand-written JSON seeds,
hand-built gzip/zlib edge cases, and generated extremes. Deterministic (gzip mtime 0), so running it
again changes nothing. Usage: python3 scripts/make-corpus.py"""
import gzip, os, struct, zlib

SEEDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Corpus", "seeds")

def read(name):
    with open(os.path.join(SEEDS, name), "rb") as f:
        return f.read()

def write(name, data):
    with open(os.path.join(SEEDS, name), "wb") as f:
        f.write(data)

def raw_deflate(data, level=9):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()

def gzip_member(data, flags=0, extra=b"", name=b"", comment=b""):
    """A gzip member built by hand so every header flag can be exercised."""
    header = bytearray(b"\x1f\x8b\x08" + bytes([flags]) + b"\x00\x00\x00\x00" + b"\x02\x03")
    if flags & 0x04:
        header += struct.pack("<H", len(extra)) + extra
    if flags & 0x08:
        header += name + b"\x00"
    if flags & 0x10:
        header += comment + b"\x00"
    if flags & 0x02:
        header += struct.pack("<H", zlib.crc32(bytes(header)) & 0xFFFF)
    trailer = struct.pack("<II", zlib.crc32(data) & 0xFFFFFFFF, len(data) & 0xFFFFFFFF)
    return bytes(header) + raw_deflate(data) + trailer

def main():
    kinds = read("all-kinds.json")
    home = read("home.json")
    defaults = read("defaults.json")

    # Every encoding of the same screen (their renderings must be identical).
    write("all-kinds.json.gz", gzip.compress(kinds, compresslevel=9, mtime=0))
    write("all-kinds.json.zz", zlib.compress(kinds, 9))
    write("all-kinds.json.deflate", raw_deflate(kinds))
    write("home.json.gz", gzip_member(home))
    # gzip header flags: FTEXT|FHCRC|FEXTRA|FNAME|FCOMMENT all set.
    write("home-all-header-flags.json.gz",
          gzip_member(home, flags=0x1F, extra=b"SD\x04\x00abcd", name=b"home.json", comment=b"seed with every header flag"))
    # Two concatenated members decode as one text.
    half = len(defaults) // 2
    write("defaults-two-members.json.gz", gzip_member(defaults[:half]) + gzip_member(defaults[half:]))

    # Broken compressed streams (each must be rejected with its own error).
    good = gzip_member(home)
    write("error-gzip-truncated.json.gz", good[: len(good) // 2])
    write("error-gzip-trailer-missing.json.gz", good[:-8])
    bad_crc = bytearray(good); bad_crc[-8] ^= 0xFF
    write("error-gzip-bad-crc.json.gz", bytes(bad_crc))
    bad_size = bytearray(good); bad_size[-4] ^= 0x01
    write("error-gzip-bad-isize.json.gz", bytes(bad_size))
    write("error-gzip-trailing-junk.json.gz", good + b"junk")
    reserved = bytearray(good); reserved[3] |= 0x20
    write("error-gzip-reserved-flag.json.gz", bytes(reserved))
    bad_hcrc = bytearray(gzip_member(home, flags=0x02)); bad_hcrc[10] ^= 0xFF
    write("error-gzip-bad-header-crc.json.gz", bytes(bad_hcrc))
    z = zlib.compress(home, 9)
    bad_adler = bytearray(z); bad_adler[-1] ^= 0xFF
    write("error-zlib-bad-adler.json.zz", bytes(bad_adler))
    # FDICT set (CMF 0x78, FLG 0xBB: (0x78*256+0xBB) % 31 == 0) with a dictionary id.
    write("error-zlib-preset-dictionary.json.zz", b"\x78\xbb" + struct.pack(">I", zlib.adler32(b"dict")) + raw_deflate(home))
    write("error-deflate-invalid-block-type.json.deflate", b"\x07" + raw_deflate(home)[1:])
    # A small bomb: 17 MiB of zeros, over the 16 MiB decompressed limit, about 17 KB compressed.
    write("error-bomb-17MiB.json.gz", gzip.compress(b"\x00" * (17 << 20), compresslevel=9, mtime=0))

    # Generated extremes.
    nested = {"type": "text", "data": {"text": "bottom"}}
    for depth in range(40):
        nested = {"type": "stack", "data": {"axis": "vertical", "children": [nested]}}
    import json
    write("warnings-stack-too-deep.json",
          json.dumps({"screen": "deep", "version": 1, "components": [nested]}, separators=(",", ":")).encode())
    many = {"screen": "many", "version": 1,
            "components": [{"type": "spacer", "data": {"height": 1}} for _ in range(10001)]}
    write("error-too-many-components.json.gz",
          gzip.compress(json.dumps(many, separators=(",", ":")).encode(), compresslevel=9, mtime=0))
    deep_title = b'{"screen":"deep-title","version":1,"title":' + b"[" * 100000 + b"]" * 100000 + b',"components":[]}'
    write("warnings-title-100k-nested-arrays.json.zz", zlib.compress(deep_title, 9))
    write("error-not-json-binary.bin", bytes(range(256)))

if __name__ == "__main__":
    main()
