#!/usr/bin/env bash
# The library as a consumer sees it (issue 26): `cmake --install` into a temporary prefix, then
# examples/ built against it as a project of its own, with the shared libraries and again with
# the static archives, and once with pkg-config alone; each example runs (range_gpu_window, a
# GLFW window, on an X server of its own when Xvfb is there). Also: the shared GPU library exports no glad
# symbol, and a program with its own glad links with the static one; the serve client runs
# against the installed executable; and the Python module imports from the prefix and runs
# examples/python_masks.py. A component the package lacks is an error that names it. The sample
# boards are installed under share/tactics-grid/assets and open from there, the demo's included.
#   consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
xvfb=$source/tests/support/xvfb-each  # an X server per run, no race with other tests for one
work=$(mktemp -d "${TMPDIR:-/tmp}/tactics_consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(dirname "$(find "$prefix" -name libtactics_solver.so -print -quit)")
expected=$(cat "$source/tests/package/range_cpu.expected")

for mode in OFF ON; do
  echo "== examples, TACTICS_GRID_STATIC=$mode"
  cmake -S "$source/examples" -B "$work/examples-$mode" -DCMAKE_PREFIX_PATH="$prefix" \
        -DTACTICS_GRID_STATIC=$mode -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$work/examples-$mode" -j 2 >/dev/null
  out=$("$work/examples-$mode/range_cpu")
  [[ $out == "$expected" ]] || { echo "range_cpu printed:"; echo "$out"; exit 1; }
  "$work/examples-$mode/range_gpu_headless"
  for backend in gpu cpu; do
    out=$("$work/examples-$mode/range_c" $backend)
    [[ $out == "$expected" ]] || { echo "range_c $backend printed:"; echo "$out"; exit 1; }
  done
  # The solver on a window's own context, beside the program's own glad (real glad_gl* symbols).
  window=$work/examples-$mode/range_gpu_window
  [[ -x $window ]] || { echo "range_gpu_window was not built (GLFW 3.3 or glad missing?)"; exit 1; }
  nm "$window" | grep ' glad_glDrawArrays$' >/dev/null ||
    { echo "range_gpu_window has no glad of its own"; exit 1; }
  if command -v Xvfb >/dev/null; then
    "$xvfb" -s '-screen 0 640x480x24' "$window"
  else
    echo "range_gpu_window: built, not run (no Xvfb)"
  fi
done
# Shared: the executables find the libraries through the rpath CMake gives imported targets.
# (Each tool's whole output first: under pipefail, `tool | grep -q` fails when grep stops early.)
grep -q 'libtactics_solver.so.0' <<<"$(readelf -d "$work/examples-OFF/range_cpu")" ||
  { echo "range_cpu does not link libtactics_solver.so"; exit 1; }

echo "== a component the package does not have is named"
mkdir -p "$work/no-such-component"
cat > "$work/no-such-component/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(no_such_component CXX)
find_package(tactics_grid 0.1 CONFIG REQUIRED COMPONENTS solver python)
CMAKE
if out=$(cmake -S "$work/no-such-component" -B "$work/no-such-component/build"                -DCMAKE_PREFIX_PATH="$prefix" 2>&1); then
  echo "find_package(... COMPONENTS python) succeeded"; exit 1
fi
grep -q "tactics_grid has no component 'python'; it has solver, io, gpu and c" <<<"$out" ||
  { echo "find_package's error does not name the component:"; echo "$out"; exit 1; }

echo "== serve client (examples/serve_client.py, the installed executable)"
/usr/bin/python3 "$source/examples/serve_client.py" "$prefix/bin/tactics-grid" \
  "$source/assets/maps/crossroads.png"

echo "== the sample boards under share/tactics-grid/assets, used from another directory"
data=$prefix/share/tactics-grid/assets
diff -r "$source/assets" "$data" || { echo "the installed assets differ from assets/"; exit 1; }
# Each scenario's relative map, and each Tiled map's tilesets, resolve inside the install.
(cd "$work"
 for board in "$data"/scenarios/*.json $(grep -l 'name="units"' "$data"/maps/*.tmx); do
   "$prefix/bin/tactics-grid" danger --scenario "$board" --backend cpu >/dev/null ||
     { echo "the installed $board does not open"; exit 1; }
 done
 for map in "$data"/maps/riverford.tmx; do
   "$prefix/bin/tactics-grid" import-tiled "$map" --out "$work/imported.png" >/dev/null
 done)
# The installed bench (tactics-grid bench runs the tactics-bench beside it) reads the installed
# default scenario, not the source tree's; tactics-grid itself links no libtcod or SDL2.
(cd "$work" && "$prefix/bin/tactics-grid" bench --quick --case danger --case field >"$work/bench.txt") ||
  { echo "the installed bench does not run"; cat "$work/bench.txt"; exit 1; }
grep -q '^field  *libtcod ' "$work/bench.txt" || { echo "the installed bench has no libtcod row"; exit 1; }
if grep -qiE 'libSDL2|libtcod' <<<"$(ldd "$prefix/bin/tactics-grid")"; then
  echo "the installed tactics-grid links SDL2 or libtcod"; exit 1
fi

# The installed demo opens its default board from there (src/app/ui/asset_paths.cpp): without it,
# it names the installed path.
if command -v Xvfb >/dev/null; then
  (cd "$work" && "$xvfb" -s '-screen 0 1280x720x24' "$prefix/bin/tactics-grid" demo \
     --screenshot "$work/demo.png" --frames 1 >/dev/null)
  rm "$data/scenarios/default.json"
  if out=$(cd "$work" && "$xvfb" "$prefix/bin/tactics-grid" demo --frames 1 \
             --screenshot "$work/demo.png" 2>&1); then
    echo "the installed demo opened without its default scenario"; exit 1
  fi
  grep -qF "$data/scenarios/default.json" <<<"$out" ||
    { echo "the installed demo did not look in $data:"; echo "$out"; exit 1; }
  cp "$source/assets/scenarios/default.json" "$data/scenarios/"
else
  echo "the installed demo: not run (no Xvfb)"
fi

echo "== pkg-config"
export PKG_CONFIG_PATH=$libdir/pkgconfig
pkg-config --exact-version="$(pkg-config --modversion tactics-solver)" tactics-gpu
# shellcheck disable=SC2046
c++ -std=c++17 -o "$work/range_cpu_pc" "$source/examples/range_cpu.cpp" $(pkg-config --cflags --libs tactics-solver)
out=$(LD_LIBRARY_PATH=$libdir "$work/range_cpu_pc")
[[ $out == "$expected" ]] || { echo "range_cpu (pkg-config) printed:"; echo "$out"; exit 1; }

# The C API from a C compiler, with pkg-config alone.
# shellcheck disable=SC2046
cc -std=c99 -o "$work/range_c_pc" "$source/examples/range_c.c" $(pkg-config --cflags --libs tactics-c)
out=$(LD_LIBRARY_PATH=$libdir "$work/range_c_pc")
[[ $out == "$expected" ]] || { echo "range_c (pkg-config) printed:"; echo "$out"; exit 1; }

echo "== the GL loader stays inside"
if grep -q ' glad' <<<"$(nm -D --defined-only "$libdir/libtactics_gpu.so")"; then
  echo "libtactics_gpu.so exports glad symbols:"
  nm -D --defined-only "$libdir/libtactics_gpu.so" | grep ' glad' | head -3
  exit 1
fi
cat > "$work/own_glad.c" <<'C'
/* A game's own GL loader, with the names glad gives its symbols. */
void *glad_glClear = 0;
int GLAD_GL_VERSION_3_3 = 0;
int gladLoadGL(void *load) { return load != 0; }
C
cc -c -o "$work/own_glad.o" "$work/own_glad.c"
# shellcheck disable=SC2046
c++ -o "$work/gpu_with_own_glad" "$source/examples/range_gpu_headless.cpp" "$work/own_glad.o" \
    $(pkg-config --static --cflags --libs tactics-gpu | sed "s|-ltactics_gpu|$libdir/libtactics_gpu.a|;s|-ltactics_solver|$libdir/libtactics_solver.a|")
"$work/gpu_with_own_glad"
# The Python module, where the build made one (not with TACTICS_PYTHON=OFF), with Debian's python3
# from outside the source and build trees, so that only the installed module can be imported.
if compgen -G "$build/python/tactics_grid*.so" >/dev/null; then
  echo "== the Python module"
  pydir=$prefix/lib/python3/dist-packages
  (cd "$work" && PYTHONPATH=$pydir /usr/bin/python3 -c \
    "import tactics_grid; assert tactics_grid.__file__.startswith('$pydir'), tactics_grid.__file__")
  out=$(cd "$work" && PYTHONPATH=$pydir PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 \
        "$source/examples/python_masks.py" "$source/assets/scenarios/default.json")
  [[ $out == "$(cat "$source/tests/python/python_masks.expected")" ]] ||
    { echo "python_masks.py printed:"; echo "$out"; exit 1; }
fi
echo "consumer: ok"
