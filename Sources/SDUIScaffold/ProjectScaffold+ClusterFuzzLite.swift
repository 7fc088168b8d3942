import Foundation

/// The ClusterFuzzLite files `sdui init` writes for a team's decoder, laid out as ClusterFuzzLite's
/// tools use them: the image clones the harness and copies the repository to `$SRC/<name>` (its
/// working folder), `build.sh` is copied to `$SRC/build.sh` and run from there, and two workflows
/// run the build: code-change fuzzing on pull requests, and nightly batch fuzzing with pruning.
extension ProjectScaffold {
    static let buildFuzzers = "google/clusterfuzzlite/actions/build_fuzzers@884713a6c30a92e5e8544c39945cd7cb630abcd1 # v1"
    static let runFuzzers = "google/clusterfuzzlite/actions/run_fuzzers@884713a6c30a92e5e8544c39945cd7cb630abcd1 # v1"

    var dockerfile: String {
        let clone: String = switch harnessReference {
        case .commit(let hash, _):
            "RUN git clone https://github.com/\(harnessRepository) $SRC/SDUIHarness && git -C $SRC/SDUIHarness checkout --quiet \(hash)"
        case .tag(let tag):
            "RUN git clone --depth 1 --branch \(tag) https://github.com/\(harnessRepository) $SRC/SDUIHarness"
        }
        return """
        # Written by `sdui init`: the ClusterFuzzLite / OSS-Fuzz build image for your decoder.
        FROM gcr.io/oss-fuzz-base/base-builder-swift
        RUN apt-get update && apt-get install -y zlib1g-dev pkg-config zip
        \(clone)
        COPY . $SRC/\(projectName)
        WORKDIR $SRC/\(projectName)
        COPY .clusterfuzzlite/build.sh $SRC/

        """
    }

    var buildScript: String {
        """
        #!/bin/bash -eu
        # Written by `sdui init`: builds your decoder's fuzz target for ClusterFuzzLite / OSS-Fuzz, as
        # `sdui fuzz run` does (the decoder sliced where it lives, the target generated beside it), into
        # $OUT/<target> with $OUT/<target>_seed_corpus.zip (the JSON your app carries). Address
        # sanitizer only. ClusterFuzzLite runs it as $SRC/build.sh from the image's working folder,
        # $SRC/\(projectName); it also runs as .clusterfuzzlite/build.sh, outside Docker, with $SRC, $OUT
        # and $WORK set and SDUI_HARNESS naming a checkout of SDUIHarness:
        #   SDUI_HARNESS=../SDUIHarness SRC=/tmp/src OUT=/tmp/out WORK=/tmp/work .clusterfuzzlite/build.sh
        : "${SRC:?set SRC}" "${OUT:?set OUT}" "${WORK:?set WORK}"
        harness="${SDUI_HARNESS:-$SRC/SDUIHarness}"
        # The repository: this script's parent when it is .clusterfuzzlite/build.sh; else the working
        # folder ClusterFuzzLite runs $SRC/build.sh from ($SRC/\(projectName), the Dockerfile's WORKDIR).
        here="$(cd "$(dirname "$0")" && pwd)"
        if [ "$(basename "$here")" = ".clusterfuzzlite" ]; then cd "$here/.."; elif [ -d "$SRC/\(projectName)" ]; then cd "$SRC/\(projectName)"; fi
        mkdir -p "$OUT" "$WORK"
        # The decoder is the one sdui.json names (found from the repository's folder).
        # SDUI_DECODER_SCRATCH: a generated package folder to reuse (its harness modules built already).
        "$harness/scripts/sdui" fuzz build --decoder-scratch-path "${SDUI_DECODER_SCRATCH:-$WORK/sdui-decoders}" --copy-to "$OUT"
        # The samples sdui copied beside each target become its seed corpus (libFuzzer's flat zip).
        for seeds in "$OUT"/*_seeds; do
          [ -d "$seeds" ] || continue
          target="$(basename "$seeds" _seeds)"
          rm -f "$OUT/${target}_seed_corpus.zip"
          (cd "$seeds" && python3 -c 'import os, sys, zipfile; z = zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED); [z.write(f) for f in sorted(os.listdir("."))]; z.close()' "$OUT/${target}_seed_corpus.zip")
          rm -rf "$seeds"
        done

        """
    }

    /// The folders whose changes a pull request's fuzzing is for (the decoder's, and these files).
    var fuzzedPaths: [String] {
        var paths = (decoder?.sources ?? []).map { $0 + "/**" }
        if decoder?.module != nil || paths.isEmpty { paths += ["Sources/**", "Package.swift"] }
        return paths + [".clusterfuzzlite/**"]
    }

    var clusterFuzzLitePullRequests: String {
        """
        # Written by `sdui init`: ClusterFuzzLite on pull requests (code-change mode). Builds your
        # decoder's fuzz target with .clusterfuzzlite/ and fuzzes the change for 10 minutes; a crash
        # fails the check with its reproducer, and its SARIF goes to code scanning.
        name: ClusterFuzzLite PR fuzzing
        on:
          pull_request:
            paths:
        \(fuzzedPaths.map { "      - " + Self.yaml($0) }.joined(separator: "\n"))
        permissions:
          contents: read
        jobs:
          pr-fuzzing:
            runs-on: ubuntu-latest
            permissions:
              contents: read
              security-events: write
            concurrency:
              group: ${{ github.workflow }}-${{ github.event.pull_request.number }}
              cancel-in-progress: true
            steps:
              - name: Build fuzzers
                id: build
                uses: \(Self.buildFuzzers)
                with:
                  language: swift
                  github-token: ${{ secrets.GITHUB_TOKEN }}
                  sanitizer: address
              - name: Run fuzzers
                id: run
                uses: \(Self.runFuzzers)
                with:
                  github-token: ${{ secrets.GITHUB_TOKEN }}
                  fuzz-seconds: 600
                  mode: code-change
                  sanitizer: address
                  output-sarif: true

        """
    }

    var clusterFuzzLiteBatch: String {
        """
        # Written by `sdui init`: ClusterFuzzLite every night (batch fuzzing, one hour) and its corpus
        # pruned every day. Set the repository variable CFLITE_STORAGE_REPO (a git repository for the
        # corpus) to keep the corpus between runs; without it the actions keep it as artifacts.
        name: ClusterFuzzLite batch fuzzing
        on:
          schedule:
            - cron: "0 2 * * *"
            - cron: "0 6 * * *"
          workflow_dispatch:
        permissions:
          contents: read
        jobs:
          batch-fuzzing:
            if: github.event_name == 'workflow_dispatch' || github.event.schedule == '0 2 * * *'
            runs-on: ubuntu-latest
            permissions:
              contents: read
              security-events: write
            steps:
              - name: Build fuzzers
                uses: \(Self.buildFuzzers)
                with:
                  language: swift
                  sanitizer: address
              - name: Run fuzzers
                uses: \(Self.runFuzzers)
                with:
                  github-token: ${{ secrets.GITHUB_TOKEN }}
                  fuzz-seconds: 3600
                  mode: batch
                  sanitizer: address
                  storage-repo: ${{ vars.CFLITE_STORAGE_REPO }}
                  storage-repo-branch: main
                  output-sarif: true
          corpus-pruning:
            if: github.event_name == 'workflow_dispatch' || github.event.schedule == '0 6 * * *'
            runs-on: ubuntu-latest
            steps:
              - name: Build fuzzers
                uses: \(Self.buildFuzzers)
                with:
                  language: swift
              - name: Prune the corpus
                uses: \(Self.runFuzzers)
                with:
                  github-token: ${{ secrets.GITHUB_TOKEN }}
                  fuzz-seconds: 600
                  mode: prune
                  storage-repo: ${{ vars.CFLITE_STORAGE_REPO }}
                  storage-repo-branch: main

        """
    }
}
