#!/usr/bin/env bash
# The browser test of web/ (what CI runs): builds the wasm and the page
# (web/build.sh) and the satoku CLI (the reference for hints and solutions),
# installs what is missing (Debian's chromium, chromium-driver and
# python3-selenium; nothing downloaded prebuilt), then plays the page in
# headless Chromium: web/tests/page_test.py. Arguments are passed on:
#   bash web/tests/run.sh                          # the test
#   bash web/tests/run.sh --screenshots docs/img   # the test, saving docs/img/web-*.png
#   bash web/tests/run.sh --bench                  # wasm size, first paint, benchSat
# SKIP_BUILD=1 uses the build already in web/pkg and target/.
set -euo pipefail
cd "$(dirname "$0")/../.."

target="$(cargo metadata --format-version 1 --no-deps | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
/usr/bin/python3 -c 'import selenium' 2>/dev/null || need_apt+=(python3-selenium)
if ((${#need_apt[@]})); then
    echo "web/tests: installing ${need_apt[*]} (apt)" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

bench=()
if [[ " $* " == *" --bench "* ]]; then
    bench=(--native "$target/release/examples/native_bench")
fi
if [[ -z "${SKIP_BUILD:-}" ]]; then
    bash web/build.sh
    cargo build -q -p satoku-cli
    if ((${#bench[@]})); then cargo build -q --release -p satoku-web --example native_bench; fi
fi

exec /usr/bin/python3 -B web/tests/page_test.py --satoku "$target/debug/satoku" "${bench[@]}" \
    --chromium "$(command -v chromium)" --chromedriver "$(command -v chromedriver)" "$@"
