#!/usr/bin/env bash
# Builds the page's engine: crates/web (satoku-web) to WebAssembly with the
# `wasm` profile (release, fat LTO, no unwinding), bound by wasm-bindgen
# into web/pkg/ (satoku_web.js and satoku_web_bg.wasm, which web/worker.js
# loads), then shrunk by binaryen's wasm-opt when it is installed. Prints
# the .wasm's size raw and gzipped.
#
# Needs the wasm32-unknown-unknown target (added when missing) and the
# wasm-bindgen CLI at the version of the wasm-bindgen crate in Cargo.lock:
#   cargo install wasm-bindgen-cli --version VERSION
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
    echo "web/build.sh: the wasm-bindgen CLI must be version $want (Cargo.lock), found ${have:-none};" >&2
    echo "  install it with: cargo install wasm-bindgen-cli --version $want" >&2
    exit 1
fi
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown

cargo build --target wasm32-unknown-unknown --profile wasm -p satoku-web
wasm-bindgen --target web --no-typescript --out-dir web/pkg \
    target/wasm32-unknown-unknown/wasm/satoku_web.wasm

wasm=web/pkg/satoku_web_bg.wasm
if command -v wasm-opt >/dev/null; then
    wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
else
    echo "web/build.sh: wasm-opt (binaryen) not found: the .wasm is left as built" >&2
fi
raw=$(wc -c <"$wasm")
gz=$(gzip -9 <"$wasm" | wc -c)
echo "web/build.sh: $wasm: $raw bytes, $gz gzipped"
