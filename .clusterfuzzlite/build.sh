#!/bin/bash -eu
# Builds every fuzz target of .clusterfuzzlite/targets.tsv into $OUT, following OSS-Fuzz's Swift
# conventions: $OUT/<target>, $OUT/<target>_seed_corpus.zip (from Corpus/) and $OUT/<target>.dict
# (learnt from the same corpus). Runs inside the base-builder-swift image (which provides
# precompile_swift and $SWIFTFLAGS) and also outside Docker with $SRC, $OUT and $WORK set:
#   SRC=/tmp/src OUT=/tmp/out WORK=/tmp/work .clusterfuzzlite/build.sh   (from the repository, or with the repo at $SRC/sdui-harness)
: "${SRC:?set SRC}" "${OUT:?set OUT}" "${WORK:?set WORK}"
SANITIZER="${SANITIZER:-address}"
if [ -f "$SRC/sdui-harness/Package.swift" ]; then repo="$SRC/sdui-harness"; else repo="$(cd "$(dirname "$0")/.." && pwd)"; fi
cd "$repo"
mkdir -p "$OUT" "$WORK"

if command -v precompile_swift >/dev/null 2>&1; then
  . precompile_swift        # sets SWIFTFLAGS (static stdlib + sanitizer flags, or coverage flags)
else
  # Outside the image: the same recipe by hand. SwiftPM's --sanitize=fuzzer compiles the target as a
  # library; the single comma-joined -sanitize=fuzzer,address that comes last adds both coverage
  # and ASan instrumentation (separate -sanitize flags do not add up: the last one wins).
  [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
  if [ "$SANITIZER" = "coverage" ]; then
    SWIFTFLAGS="-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -sanitize=fuzzer"
  else
    SWIFTFLAGS="-Xswiftc -sanitize=fuzzer,$SANITIZER"
  fi
fi
# Fuzz builds define SDUI_LIBFUZZER (without it each target is a plain replayer with its own main).
flags=(-c release --scratch-path "$WORK/build" --sanitize=fuzzer -Xswiftc -DSDUI_LIBFUZZER)
# shellcheck disable=SC2206
flags+=($SWIFTFLAGS)

# The dictionary generator is an ordinary build (no sanitizers), in its own scratch path; a caller
# that has one built already (scripts/clusterfuzzlite-check.sh) passes it as SDUI_FUZZ_DICT.
if [ -n "${SDUI_FUZZ_DICT:-}" ] && [ -x "$SDUI_FUZZ_DICT" ]; then
  dict_tool="$SDUI_FUZZ_DICT"
else
  swift build -c release --scratch-path "$WORK/tools" --product sdui-fuzz-dict
  dict_tool="$(swift build -c release --scratch-path "$WORK/tools" --show-bin-path)/sdui-fuzz-dict"
fi

while IFS=$'\t' read -r product corpora; do
  case "$product" in ''|'#'*) continue ;; esac
  swift build "${flags[@]}" --product "$product"
  cp "$(swift build "${flags[@]}" --show-bin-path)/$product" "$OUT/$product"
  dirs=()
  for d in $corpora; do [ -d "$d" ] && dirs+=("$d"); done
  rm -f "$OUT/${product}_seed_corpus.zip"
  python3 - "$OUT/${product}_seed_corpus.zip" "${dirs[@]}" <<'PY'
import hashlib, os, sys, zipfile
# Flat, content-named entries (libFuzzer's convention), so the same input under two names is kept once.
out, dirs = sys.argv[1], sys.argv[2:]
seen = set()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for d in dirs:
        for root, _, files in sorted(os.walk(d)):
            for f in sorted(files):
                if f.endswith((".meta.json", ".md", ".py", ".txt")):
                    continue
                data = open(os.path.join(root, f), "rb").read()
                name = hashlib.sha1(data).hexdigest()
                if name not in seen:
                    seen.add(name)
                    z.writestr(name, data)
print(f"{out}: {len(seen)} inputs from {', '.join(dirs)}")
PY
  "$dict_tool" -o "$OUT/$product.dict" "${dirs[@]}"
done < .clusterfuzzlite/targets.tsv
ls -l "$OUT"
