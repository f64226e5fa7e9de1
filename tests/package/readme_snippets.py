#!/usr/bin/env python3
"""The README's library snippets, exactly as written, against a fresh install.

    readme_snippets.py BUILD_DIR SOURCE_DIR

Installs BUILD_DIR into a temporary prefix, then follows README.md's marked blocks in order in
an empty folder outside the source and build trees: a fenced block after `<!-- file: PATH -->`
is written to PATH, one after `<!-- run -->` runs in bash with PREFIX set to the prefix (and
nothing else pointing at it: no PYTHONPATH, PKG_CONFIG_PATH, LD_LIBRARY_PATH or
CMAKE_PREFIX_PATH), and one after `<!-- prints -->` must be exactly the last lines the run
before it printed on stdout (a build command's own output may come before them). Exit 0 when every run succeeds and prints what the README says.
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

MARK = re.compile(r"^<!-- (file: (?P<path>\S+)|run|prints) -->$")


def marked_blocks(readme):
    """[(kind, path, body, line)] for each marked fenced block, in order."""
    lines, steps, i = readme.split("\n"), [], 0
    while i < len(lines):
        match = MARK.match(lines[i].strip())
        if not match:
            i += 1
            continue
        kind = "file" if match.group("path") else match.group(1)
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        if j >= len(lines) or not lines[j].startswith("```"):
            raise SystemExit(f"README.md:{i + 1}: a {kind} mark with no fenced block after it")
        k = j + 1
        while k < len(lines) and not lines[k].startswith("```"):
            k += 1
        steps.append((kind, match.group("path"), "\n".join(lines[j + 1:k]), j + 1))
        i = k + 1
    return steps


def main():
    build, source = map(pathlib.Path, sys.argv[1:3])
    steps = marked_blocks((source / "README.md").read_text(encoding="utf-8"))
    runs = [s for s in steps if s[0] == "run"]
    if len(runs) < 3:
        raise SystemExit(f"README.md has {len(runs)} marked runs; expected the three snippets")
    with tempfile.TemporaryDirectory(prefix="tactics_readme.") as tmp:
        tmp = pathlib.Path(tmp)
        prefix, work = tmp / "prefix", tmp / "work"
        work.mkdir()
        subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)], check=True,
                       stdout=subprocess.DEVNULL)
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PKG_CONFIG_PATH", "LD_LIBRARY_PATH", "CMAKE_PREFIX_PATH")}
        env.update(PREFIX=str(prefix), XDG_CACHE_HOME=str(tmp / "cache"),
                   PYTHONDONTWRITEBYTECODE="1")
        last = None
        for kind, path, body, line in steps:
            if kind == "file":
                target = work / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(body + "\n", encoding="utf-8")
                print(f"== README.md:{line}: wrote {path}")
            elif kind == "run":
                print(f"== README.md:{line}: running\n{body}", flush=True)
                done = subprocess.run(["bash", "-euo", "pipefail", "-c", body], cwd=work, env=env,
                                      stdout=subprocess.PIPE, text=True)
                print(done.stdout, end="")
                if done.returncode != 0:
                    raise SystemExit(f"README.md:{line}: the run exited {done.returncode}")
                last = (done.stdout, line)
            else:
                if last is None:
                    raise SystemExit(f"README.md:{line}: a prints block before any run")
                printed = last[0].rstrip("\n").split("\n")[-len(body.split("\n")):]
                # A build step's own chatter comes first; the program's lines are the last ones.
                if printed != body.split("\n"):
                    raise SystemExit(f"README.md:{line}: the run at line {last[1]} printed\n"
                                     f"{last[0]}but the README says\n{body}")
                print(f"== README.md:{line}: printed what the README says")
                last = None
    print(f"README snippets: {len(runs)} runs, ok")


if __name__ == "__main__":
    main()
