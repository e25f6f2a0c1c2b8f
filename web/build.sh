#!/usr/bin/env bash
# Builds the page's engine: crates/web (satoku-web) to WebAssembly with the
# `wasm` profile (release, fat LTO, no unwinding), bound by wasm-bindgen
# into web/pkg/ (satoku_web.js and satoku_web_bg.wasm, which web/worker.js
# loads). Prints the .wasm's size raw and gzipped. No wasm-opt pass: the
# size goal (500 KB gzipped) is met without it, and Debian's binaryen 108
# breaks the module (its output fails to instantiate: "WebAssembly.Table.set():
# Argument 1 is invalid for table").
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
# Wherever cargo puts its output (CARGO_TARGET_DIR, .cargo/config.toml).
target=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
wasm-bindgen --target web --no-typescript --out-dir web/pkg \
    "$target/wasm32-unknown-unknown/wasm/satoku_web.wasm"

wasm=web/pkg/satoku_web_bg.wasm
raw=$(wc -c <"$wasm")
gz=$(gzip -9 <"$wasm" | wc -c)
echo "web/build.sh: $wasm: $raw bytes, $gz gzipped"
