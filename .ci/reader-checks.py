#!/usr/bin/env python3
"""The reader's checks (issues 16 and 42): no Rust source file over 600 lines
outside tests, no function over 80 lines except the solver's propagation
loop, and the solver's files in a folder per concept.

Test code is exempt from the file limit: files under a `tests/` folder and
files named `*_tests.rs`. Functions are measured from their `fn` line to
their closing brace, everywhere. Every `.rs` file under `crates/solver/src`
other than `lib.rs` and `solver.rs` must sit in a subfolder (`search/`,
`elim/`, ...; `lib.rs` maps them). Exit 1 and a list when a rule is broken.
"""
import pathlib
import re
import sys

MAX_FILE_LINES = 600
MAX_FN_LINES = 80
# The propagation loop: one literal's watch list, kept whole for speed.
PROPAGATE = "crates/solver/src/search/propagate.rs"
FN_EXEMPT = {(PROPAGATE, "propagate"), (PROPAGATE, "propagate_lit")}
# The solver's source: only these two files may sit at its root.
SOLVER_SRC = "crates/solver/src"
SOLVER_ROOT_FILES = {"lib.rs", "solver.rs"}
FN_RE = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:unsafe\s+)?(?:extern\s+\"C\"\s+)?fn\s+(\w+)")


def strip_code(line):
    """The line without string/char literal contents and `//` comments."""
    out, i, n = [], 0, len(line)
    while i < n:
        c = line[i]
        if c == "/" and line[i:i + 2] == "//":
            break
        if c == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
            continue
        if c == "'" and re.match(r"'(\\.|[^\\'])'", line[i:]):
            i += len(re.match(r"'(\\.|[^\\'])+'", line[i:]).group(0))
            continue
        out.append(c)
        i += 1
    return "".join(out)


def long_functions(path, lines):
    found = []
    for start, line in enumerate(lines):
        m = FN_RE.match(line)
        if not m:
            continue
        depth, opened = 0, False
        for end in range(start, len(lines)):
            code = strip_code(lines[end])
            if not opened and ";" in code and "{" not in code:
                break  # a declaration without a body (trait method)
            depth += code.count("{") - code.count("}")
            opened = opened or "{" in code
            if opened and depth <= 0:
                length = end - start + 1
                if length > MAX_FN_LINES and (path, m.group(1)) not in FN_EXEMPT:
                    found.append((m.group(1), start + 1, length))
                break
    return found


def is_test_file(path):
    parts = pathlib.PurePath(path).parts
    return "tests" in parts or path.endswith("_tests.rs")


def outside_folders(root):
    """The solver's `.rs` files at the root of its `src` besides `lib.rs` and `solver.rs`."""
    src = pathlib.Path(root, SOLVER_SRC)
    return sorted(
        f"{SOLVER_SRC}/{f.name}: not in a folder (only {' and '.join(sorted(SOLVER_ROOT_FILES))} sit at the root)"
        for f in src.glob("*.rs")
        if f.name not in SOLVER_ROOT_FILES
    )


def main(root):
    problems = outside_folders(root)
    for file in sorted(pathlib.Path(root, "crates").rglob("*.rs")):
        if "target" in file.parts:
            continue
        rel = file.relative_to(root).as_posix()
        lines = file.read_text(encoding="utf-8").splitlines()
        if len(lines) > MAX_FILE_LINES and not is_test_file(rel):
            problems.append(f"{rel}: {len(lines)} lines (at most {MAX_FILE_LINES} outside tests)")
        for name, line, length in long_functions(rel, lines):
            problems.append(f"{rel}:{line}: fn {name} is {length} lines (at most {MAX_FN_LINES})")
    for p in problems:
        print(p)
    print(f"reader checks: {len(problems)} finding(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
