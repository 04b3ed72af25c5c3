#!/usr/bin/env python3
"""Compiles C++ files with clang++ -fsyntax-only under their own flags from a CMake build's
compile_commands.json: the check that code outside clang-tidy's directories (tests/, props/,
fuzz/, bench/) also compiles with clang, whose sanitized build runs them (make test-asan) but
which CI does not build in full. Stop 64 found the sanitized test suite broken since stop 60: a
lambda capturing a structured binding, which g++ 12 accepts and clang 14 refuses.
Usage: scripts/clang-syntax.py BUILD_DIR FILE..."""
import json, os, shlex, subprocess, sys


def main():
    build, files = sys.argv[1], [os.path.abspath(f) for f in sys.argv[2:]]
    commands = {os.path.abspath(os.path.join(e["directory"], e["file"])): e
                for e in json.load(open(os.path.join(build, "compile_commands.json")))}
    failed, absent = [], []
    for f in files:
        entry = commands.get(f)
        if entry is None:  # not compiled by this build (a target not configured)
            absent.append(os.path.relpath(f))
            continue
        args = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
        flags, skip = [], False
        for a in args[1:]:
            if skip:
                skip = False
            elif a == "-o":
                skip = True
            elif a not in ("-c", f, entry["file"]):
                flags.append(a)
        r = subprocess.run(["clang++", "-fsyntax-only", "-Wno-unknown-warning-option"] + flags + [f],
                           cwd=entry["directory"], capture_output=True, text=True)
        if r.returncode != 0:
            failed.append(f)
            print(r.stderr, file=sys.stderr)
    if failed:
        sys.exit("clang-syntax: " + ", ".join(os.path.relpath(f) for f in failed) +
                 " do not compile with clang++")
    print(f"clang-syntax: {len(files) - len(absent)} files compile with clang++" +
          (f" ({len(absent)} not in {build}'s compile commands: {', '.join(absent)})" if absent else ""))


main()
