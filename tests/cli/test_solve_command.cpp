// `tactics-grid solve` as a user runs it: the real executable, its exit codes, stderr and files.
#include <catch2/catch.hpp>

#include "cli_run.h"
#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>

#include "tactics/solver/cost_map.h"

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;
using tactics::testing::slurp;

// Runs the executable with `args` (already shell-quoted where needed) from `dir`.
Run run(const std::string& args, const fs::path& dir = fs::temp_directory_path()) {
  static int counter = 0;
  const fs::path outFile = tactics::testing::uniqueTempPath("tg_out_" + std::to_string(++counter));
  const fs::path errFile = tactics::testing::uniqueTempPath("tg_err_" + std::to_string(counter));
  const std::string command = "cd '" + dir.string() + "' && '" TACTICS_EXE "' " + args + " >'" +
                              outFile.string() + "' 2>'" + errFile.string() + "' </dev/null";
  const int status = std::system(command.c_str());
  Run r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(outFile);
  r.err = slurp(errFile);
  fs::remove(outFile);
  fs::remove(errFile);
  return r;
}

const std::string kMap = std::string(TACTICS_SOURCE_DIR) + "/assets/maps/crossroads.png";

// A scratch directory, emptied for each test.
fs::path scratch() {
  // One folder per process: ctest -j and other checkouts run these tests side by side.
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_tests");
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void writeBytes(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// A bad input: exit 2, exactly one line on stderr starting with "error:", naming `mention`,
// nothing on stdout, and no output file left behind.
void requireRefused(const std::string& args, const std::string& mention) {
  const fs::path dir = scratch();
  const Run r = run(args + " --json out.json --state-png out.png", dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(mention) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(fs::is_empty(dir));
}

}  // namespace

TEST_CASE("solve prints the same exact result on both backends, from any directory", "[cli]") {
  const std::string args = "solve --map '" + kMap + "' --unit 4,18 --move 6 --attack 1-2 --json -";
  const Run gpu = run(args, "/");
  const Run cpu = run(args + " --backend cpu", scratch());
  INFO(gpu.err << cpu.err);
  REQUIRE(gpu.exitCode == 0);
  REQUIRE(cpu.exitCode == 0);
  const auto g = nlohmann::json::parse(gpu.out);
  const auto c = nlohmann::json::parse(cpu.out);
  CHECK(g["backend"] == "gpu");
  CHECK(c["backend"] == "cpu");
  for (const char* key : {"width", "height", "unit", "move", "attack", "passes", "grid", "cost", "parent"}) {
    INFO(key);
    CHECK(g[key] == c[key]);
  }
  CHECK(g["width"] == 32);
  CHECK(g["height"] == 24);
  CHECK(g["unit"] == nlohmann::json::array({4, 18}));
  CHECK(g["attack"] == nlohmann::json::array({1, 2}));
  CHECK(g["grid"][18].get<std::string>()[4] == 'S');
  CHECK(g["cost"][18][4] == 0);
}

TEST_CASE("solve --backend compute prints the reference's result and state PNG", "[cli]") {
  const fs::path dir = scratch();
  const std::string args = "solve --map '" + kMap + "' --unit 4,18 --move 6 --attack 1-2";
  const Run compute = run(args + " --backend compute --json compute.json --state-png compute.png", dir);
  const Run cpu = run(args + " --backend cpu --json cpu.json --state-png cpu.png", dir);
  INFO(compute.err << cpu.err);
  // Exit 3 with one error line is the documented answer on a machine without OpenGL 4.3.
  if (compute.exitCode == 3) {
    CHECK(compute.err.find("error: --backend compute needs OpenGL 4.3") == 0);
    return;
  }
  REQUIRE(compute.exitCode == 0);
  REQUIRE(cpu.exitCode == 0);
  const auto k = nlohmann::json::parse(slurp(dir / "compute.json"));
  const auto c = nlohmann::json::parse(slurp(dir / "cpu.json"));
  CHECK(k["backend"] == "compute");
  for (const char* key : {"width", "height", "unit", "move", "attack", "passes", "grid", "cost", "parent"}) {
    INFO(key);
    CHECK(k[key] == c[key]);
  }
  CHECK(slurp(dir / "compute.png") == slurp(dir / "cpu.png"));
}

TEST_CASE("solve writes the state texture as a 4-channel PNG on both backends", "[cli]") {
  const fs::path dir = scratch();
  const std::string args = "solve --map '" + kMap + "' --unit 4,18 --move 6 --enemy 6,18 --ally 4,17";
  REQUIRE(run(args + " --state-png gpu.png --json gpu.json", dir).exitCode == 0);
  REQUIRE(run(args + " --backend cpu --state-png cpu.png --json cpu.json", dir).exitCode == 0);
  CHECK(slurp(dir / "gpu.png") == slurp(dir / "cpu.png"));
  CHECK(slurp(dir / "gpu.png").substr(1, 3) == "PNG");
  // Colour type 6 (RGBA) at byte 25 of the IHDR chunk.
  CHECK(static_cast<int>(slurp(dir / "gpu.png")[25]) == 6);
  const auto json = nlohmann::json::parse(slurp(dir / "gpu.json"));
  CHECK(json["grid"][17].get<std::string>()[4] == 'P');
  CHECK(json["grid"][18].get<std::string>()[6] != 'M');
}

TEST_CASE("solve without --json prints a readable grid", "[cli]") {
  const Run r = run("solve --map '" + kMap + "' --unit 4,18 --move 3 --backend cpu");
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find("unit 4,18, move 3") == 0);
  CHECK(r.out.find('S') != std::string::npos);
}

TEST_CASE("bad map files are refused", "[cli]") {
  const fs::path dir = scratch();
  const fs::path files = tactics::testing::uniqueTempPath("tactics_cli_maps");
  fs::create_directories(files);
  writeBytes(files / "empty.png", "");
  writeBytes(files / "text.png", "this is not an image\n");
  const std::string good = slurp(kMap);
  writeBytes(files / "truncated.png", good.substr(0, good.size() / 2));
  // A PNG header that claims 5000x8 pixels: refused by its size before decoding.
  std::string wide = good.substr(0, 33);
  wide[16] = 0; wide[17] = 0; wide[18] = '\x13'; wide[19] = '\x88';
  writeBytes(files / "wide.png", wide);
  const std::string rest = " --unit 0,0 --move 3";
  requireRefused("solve --map /nonexistent/map.png" + rest, "/nonexistent/map.png");
  requireRefused("solve --map '" + (files / "empty.png").string() + "'" + rest, "empty");
  requireRefused("solve --map '" + (files / "text.png").string() + "'" + rest, "not a readable image");
  requireRefused("solve --map '" + (files / "truncated.png").string() + "'" + rest, "truncated.png");
  requireRefused("solve --map '" + (files / "wide.png").string() + "'" + rest, "4096");
  requireRefused("solve --map '" + files.string() + "'" + rest, "cannot read map");
  // A file whose read fails part way (an I/O error, here Linux's view of the process's own
  // memory) is one error line too, on every command that reads files, not an abort.
  requireRefused("solve --map /proc/self/mem" + rest, "cannot read map '/proc/self/mem': Input/output error");
  tactics::testing::requireRefusedIn(dir, "danger --scenario /proc/self/mem",
                                     "cannot read scenario '/proc/self/mem': Input/output error");
  fs::create_symlink("/proc/self/mem", files / "memory.tmx");
  tactics::testing::requireRefusedIn(
      dir, "import-tiled '" + (files / "memory.tmx").string() + "' --out x.png", "Input/output error");
}

TEST_CASE("bad units and ranges are refused", "[cli]") {
  const std::string map = "solve --map '" + kMap + "'";
  const std::string unit = " --unit 4,18";
  requireRefused(map + " --unit 32,0 --move 3", "outside the 32x24 map");
  requireRefused(map + " --unit 0,24 --move 3", "outside the 32x24 map");
  requireRefused(map + unit + " --move 3 --enemy 99,1", "outside");
  requireRefused(map + unit + " --move 3 --enemy 4,18", "same cell");
  requireRefused(map + unit + " --move 3 --enemy 5,18 --ally 5,18", "same cell");
  requireRefused(map + " --unit 15,0 --move 3", "wall");  // the river at the top edge
  requireRefused(map + " --unit 15,0 --move 3 --costs 1,2,4,8,1 --enemy 15,0", "same cell");
  requireRefused(map + unit + " --move -1", "--move");
  requireRefused(map + unit + " --move 256", "--move 256 is out of range 0..255");
  requireRefused(map + unit + " --move abc", "--move");
  requireRefused(map + unit + " --move 2.5", "--move");
  requireRefused(map + unit + " --move 1e3", "--move");
  requireRefused(map + unit + " --move 3 --attack 3-1", "--attack");
  requireRefused(map + unit + " --move 3 --attack 0-2", "--attack");
  requireRefused(map + unit + " --move 3 --attack 1-300", "--attack");
  requireRefused(map + unit + " --move 3 --attack 256", "--attack");
  requireRefused(map + unit + " --move 3 --costs 1,2,4,8", "--costs");
  requireRefused(map + unit + " --move 3 --costs 1,2,4,8,x,1", "--costs");
  requireRefused(map + unit + " --move 3 --costs 0,2,4,8,x", "--costs");
  requireRefused(map + unit + " --move 3 --costs 1,2,16,8,x", "--costs");
}

TEST_CASE("bad flags and output paths are refused", "[cli]") {
  const std::string base = "solve --map '" + kMap + "' --unit 4,18 --move 3";
  requireRefused(base + " --speed 3", "unknown argument '--speed'");
  requireRefused("solve --map '" + kMap + "' --unit 4,18 --move", "--move is missing its value");
  requireRefused("solve --map '" + kMap + "' --unit --move 3", "--unit is missing its value");
  requireRefused("solve --unit 4,18 --move 3", "--map is required");
  requireRefused(base + " --backend foo", "--backend 'foo'");
  requireRefused(base + " --move 4", "given twice");
  for (const char* flag : {"--json", "--state-png"}) {
    const Run r = run(base + " " + flag + " /nonexistent/dir/out.file", scratch());
    INFO(flag << ": " << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.rfind("error: cannot write '/nonexistent/dir/out.file'", 0) == 0);
    CHECK_FALSE(fs::exists("/nonexistent/dir/out.file"));
  }
  const Run unknown = run("frobnicate");
  CHECK(unknown.exitCode == 2);
  CHECK(unknown.err.rfind("error: ", 0) == 0);
}

TEST_CASE("outputs follow links, never overwrite the map, and name two different files", "[cli]") {
  const fs::path dir = scratch();
  const std::string base = "solve --map '" + kMap + "' --unit 4,18 --move 3";
  writeBytes(dir / "real.json", "old");
  fs::create_symlink("real.json", dir / "link.json");
  fs::create_symlink("/dev/null", dir / "null.png");
  REQUIRE(run(base + " --json link.json --state-png null.png", dir).exitCode == 0);
  CHECK(fs::is_symlink(dir / "link.json"));
  CHECK(fs::is_symlink(dir / "null.png"));
  CHECK(nlohmann::json::parse(slurp(dir / "real.json"))["move"] == 3);
  fs::create_symlink("new.json", dir / "dangling.json");  // a link to a file not there yet
  REQUIRE(run(base + " --json dangling.json", dir).exitCode == 0);
  CHECK(fs::is_symlink(dir / "dangling.json"));
  CHECK(nlohmann::json::parse(slurp(dir / "new.json"))["move"] == 3);

  fs::copy_file(kMap, dir / "map.png");
  const Run overwrite = run("solve --map map.png --unit 4,18 --move 3 --json ./map.png", dir);
  CHECK(overwrite.exitCode == 2);
  CHECK(overwrite.err.find("is the input map") != std::string::npos);
  CHECK(slurp(dir / "map.png") == slurp(kMap));

  const Run same = run(base + " --json same --state-png ./same", dir);
  CHECK(same.exitCode == 2);
  CHECK(same.err.find("both name") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "same"));

  // All files or none: a JSON path that cannot be created leaves no PNG behind.
  const Run half = run(base + " --state-png s.png --json missing/j.json", dir);
  CHECK(half.exitCode == 2);
  CHECK_FALSE(fs::exists(dir / "s.png"));
  for (const auto& entry : fs::directory_iterator(dir)) {
    CHECK(entry.path().filename().string().rfind(".tactics-grid-", 0) != 0);  // no temporaries
  }
}

TEST_CASE("standard output carries one thing, pipes need readers, modes are kept", "[cli]") {
  const fs::path dir = scratch();
  const std::string base = "solve --map '" + kMap + "' --unit 4,18 --move 3";
  const std::string command = "cd '" + dir.string() + "' && '" TACTICS_EXE "' " + base +
                              " --json - --state-png /dev/stdout 2>err.txt | cat >/dev/null";
  std::system(command.c_str());
  CHECK(slurp(dir / "err.txt").find("is standard output") != std::string::npos);

  // A named pipe nobody reads is an error, not a hang.
  const std::string fifo = "cd '" + dir.string() + "' && mkfifo pipe && timeout 20 '" TACTICS_EXE
                           "' " + base + " --json pipe 2>fifo.txt; echo $? >rc.txt";
  std::system(fifo.c_str());
  CHECK(slurp(dir / "rc.txt") == "2\n");
  CHECK(slurp(dir / "fifo.txt").find("no process is reading it") != std::string::npos);

  // Replacing a file keeps its permissions; a hard link to the other output is the same file.
  writeBytes(dir / "secret.json", "old");
  fs::permissions(dir / "secret.json", fs::perms::owner_read | fs::perms::owner_write);
  REQUIRE(run(base + " --json secret.json", dir).exitCode == 0);
  CHECK(fs::status(dir / "secret.json").permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write));
  fs::create_hard_link(dir / "secret.json", dir / "twin.json");
  CHECK(run(base + " --json secret.json --state-png twin.json", dir).exitCode == 2);

  // "-h" after a flag is that flag's value, not a request for help.
  REQUIRE(run(base + " --json -h", dir).exitCode == 0);
  CHECK(fs::exists(dir / "-h"));
}

TEST_CASE("errors stay on one line and say what is expected", "[cli]") {
  const std::string map = "solve --map '" + kMap + "'";
  requireRefused(map + " --unit 4,18 --move \"$(printf '3\\nx')\"", "--move '3\\nx' is not allowed");
  requireRefused(map + " --unit 4,18 --move 3 --costs", "--costs is missing its value; expected");
  requireRefused(map + " --unit 4,18 --move 3 --ally", "--ally is missing its value; expected X,Y");
  const Run help = run(map + " --unit 4,18 --help");
  CHECK(help.exitCode == 0);
  CHECK(help.out.rfind("usage: tactics-grid solve", 0) == 0);
  const fs::path dir = scratch();
  const std::string command = "cd '" + dir.string() + "' && '" TACTICS_EXE "' " + map +
                              " --unit 4,18 --move 3 --json - >/dev/full 2>err.txt";
  const int status = std::system(command.c_str());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(slurp(dir / "err.txt") == "error: cannot write to standard output\n");
  const Run unknown = run("bogus", dir);
  CHECK(unknown.exitCode == 2);
  CHECK(unknown.err == "error: unknown command 'bogus'; expected one of demo, solve, danger, "
                      "field, route, serve, import-tiled, bench\n");
}

TEST_CASE("no OpenGL means exit 3 with the reason", "[cli]") {
  // Point the EGL loader at no driver at all.
  const fs::path dir = scratch();
  const std::string command = "cd '" + dir.string() + "' && __EGL_VENDOR_LIBRARY_DIRS=/nonexistent '" TACTICS_EXE
                              "' solve --map '" + kMap + "' --unit 4,18 --move 3 --json out.json 2>err.txt >/dev/null";
  const int status = std::system(command.c_str());
  CHECK(WEXITSTATUS(status) == 3);
  CHECK(slurp(dir / "err.txt").rfind("error: no OpenGL 3.3 context", 0) == 0);
  CHECK_FALSE(fs::exists(dir / "out.json"));
}

TEST_CASE("every output mode carries the result: the grid with --state-png, a wrote line per file",
          "[cli][outputs]") {
  const fs::path dir = scratch();
  const std::string args = "solve --map '" + kMap + "' --unit 4,18 --move 3 --backend cpu";
  const Run text = run(args, dir);
  REQUIRE(text.exitCode == 0);
  // --state-png: the same text (grid included, as --help says), then the file it wrote.
  const Run withPng = run(args + " --state-png state.png", dir);
  REQUIRE(withPng.exitCode == 0);
  CHECK(withPng.out == text.out + "wrote state.png: the state texture as an RGBA PNG\n");
  CHECK(fs::exists(dir / "state.png"));
  // --json FILE: a line per file on stdout, as import-tiled prints.
  const Run both = run(args + " --json out.json --state-png s.png", dir);
  REQUIRE(both.exitCode == 0);
  CHECK(both.out ==
        "wrote s.png: the state texture as an RGBA PNG\nwrote out.json: the range as JSON\n");
  // --json -: standard output holds the JSON and nothing else, whatever else is written.
  const Run toStdout = run(args + " --json - --state-png s2.png", dir);
  REQUIRE(toStdout.exitCode == 0);
  const auto json = nlohmann::json::parse(toStdout.out);
  CHECK(json == nlohmann::json::parse(slurp(dir / "out.json")));
  CHECK(json["costs"] == "1,2,4,8,x");  // the text's heading names the costs; so does the JSON
  CHECK_FALSE(json.contains("name"));  // a --map unit has none
  CHECK(text.out.find("costs 1,2,4,8,x") != std::string::npos);
}
