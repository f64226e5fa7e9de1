#!/usr/bin/python3
"""Keeps the functions in src/ small (issue 36): none over 80 lines, at most 8 over 60, as
Universal Ctags measures them (from a function's first line to its closing brace).

  function_lengths.py SOURCE_DIR     checks SOURCE_DIR/src, lists the functions over 60 lines
  function_lengths.py --self-test    a 90-line function is caught, a 50-line one is not
"""
import pathlib
import subprocess
import sys
import tempfile

LONGEST = 80
LONG = 60
MOST_LONG = 8


def lengths(root):
    """(lines, "file:line", name) for every C and C++ function under root."""
    tags = subprocess.run(
        ["ctags", "-R", "--sort=no", "--languages=C++,C", "--kinds-C++=f", "--kinds-C=f",
         "--fields=+ne", "-o", "-", "."],
        cwd=root, capture_output=True, text=True, check=True).stdout
    found = []
    for row in tags.splitlines():
        fields = row.split("\t")
        extra = dict(f.split(":", 1) for f in fields[3:] if ":" in f)
        if "line" in extra and "end" in extra:
            lines = int(extra["end"]) - int(extra["line"]) + 1
            found.append((lines, f"{fields[1]}:{extra['line']}", fields[0]))
    return sorted(found, reverse=True)


def problems(root):
    found = lengths(root)
    long = [f for f in found if f[0] > LONG]
    for lines, where, name in long:
        print(f"{lines:4d} lines  {name}  ({where})")
    errors = [f"error: {name} ({where}) is {lines} lines; at most {LONGEST}"
              for lines, where, name in long if lines > LONGEST]
    if len(long) > MOST_LONG:
        errors.append(f"error: {len(long)} functions are over {LONG} lines; at most {MOST_LONG}")
    return len(found), errors


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        body = "  x += 1;\n"
        source = ("int longOne(int x) {\n" + body * 87 + "  return x;\n}\n"
                  "int shortOne(int x) {\n" + body * 48 + "  return x;\n}\n")
        pathlib.Path(tmp, "a.cpp").write_text(source)
        count, errors = problems(tmp)
        assert count == 2, count
        assert errors == ["error: longOne (a.cpp:1) is 90 lines; at most 80"], errors
    print("the checker catches a 90-line function and passes a 50-line one")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print("error: expected SOURCE_DIR or --self-test", file=sys.stderr)
        return 2
    count, errors = problems(pathlib.Path(argv[1], "src"))
    for e in errors:
        print(e, file=sys.stderr)
    print(f"{count} functions in src/")
    return 1 if errors or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
