// --backend on every command that takes it: auto runs the concrete backend it measured fastest
// (remembered in a cache file) and says which, bad
// values are refused with the four names, field defaults to auto, cpu needs no OpenGL at all.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include "cli_run.h"
#include "temp_paths.h"

namespace fs = std::filesystem;
using tactics::testing::requireRefusedIn;
using tactics::testing::Run;
using tactics::testing::runTacticsGrid;

namespace {

const std::string kScenario = "'" TACTICS_SOURCE_DIR "/assets/scenarios/default.json'";
const std::string kSolve = "solve --scenario " + kScenario + " --unit 3,20 --move 6 --attack 1-2";
const std::string kDanger = "danger --scenario " + kScenario;
const std::string kField = "field --scenario " + kScenario + " --team enemy --class foot";

bool isConcrete(const std::string& backend) {
  return backend == "gpu" || backend == "cpu" || backend == "compute";
}

Run run(const std::string& args) {
  return runTacticsGrid(args, tactics::testing::scratchDirectory("tactics_cli_backend"));
}

// The first line of a command's text output, where the backend that ran is named.
std::string firstLine(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

// The name in the parentheses that end the first line: "... map (gpu, 7 passes)" -> "gpu".
std::string backendInHeader(const std::string& text) {
  const std::string line = firstLine(text);
  const auto open = line.rfind('(');
  if (open == std::string::npos) return "";
  const auto end = line.find_first_of(",)", open);
  return line.substr(open + 1, end - open - 1);
}

// Auto's choices for the test's processes, in a cache file of the test's own
// (TACTICS_AUTO_CACHE, see tactics/gpu/auto_choice.h), gone when the test ends.
class AutoCache {
 public:
  AutoCache() : path_(tactics::testing::uniqueTempPath("tactics_auto_cache.txt")) {
    fs::remove(path_);
    ::setenv("TACTICS_AUTO_CACHE", path_.c_str(), 1);
  }
  ~AutoCache() {
    ::unsetenv("TACTICS_AUTO_CACHE");
    fs::remove(path_);
  }
  AutoCache(const AutoCache&) = delete;
  AutoCache& operator=(const AutoCache&) = delete;

  // The backend the file names for the job (its only size class in these tests), or "".
  [[nodiscard]] std::string backendOf(const std::string& job) const {
    for (const auto& fields : lines()) {
      if (fields.size() == 4 && fields[1] == job) return fields[3];
    }
    return "";
  }
  // Rewrites the file's choices for the job to `backend`.
  void choose(const std::string& job, const std::string& backend) const {
    std::string text = "tactics-grid auto-backends 1\n";
    for (auto fields : lines()) {
      if (fields.size() != 4) continue;
      if (fields[1] == job) fields[3] = backend;
      text += fields[0] + "\t" + fields[1] + "\t" + fields[2] + "\t" + fields[3] + "\n";
    }
    std::ofstream(path_, std::ios::trunc) << text;
  }

 private:
  [[nodiscard]] std::vector<std::vector<std::string>> lines() const {
    std::vector<std::vector<std::string>> all;
    std::ifstream in(path_);
    std::string line;
    while (std::getline(in, line)) {
      std::vector<std::string> fields;
      std::istringstream split(line);
      for (std::string field; std::getline(split, field, '\t');) fields.push_back(field);
      all.push_back(fields);
    }
    return all;
  }

  fs::path path_;
};

}  // namespace

TEST_CASE("solve --backend auto runs the backend it measured, names it, and answers as cpu does",
          "[cli][backend][auto]") {
  const AutoCache cache;
  const Run automatic = run(kSolve + " --backend auto --json -");
  const Run cpu = run(kSolve + " --backend cpu --json -");
  INFO(automatic.err << cpu.err);
  REQUIRE(automatic.exitCode == 0);
  REQUIRE(cpu.exitCode == 0);
  auto a = nlohmann::json::parse(automatic.out);
  auto c = nlohmann::json::parse(cpu.out);
  const std::string ran = a["backend"];
  CHECK(isConcrete(ran));
  // The measured choice went into the cache, and the next process runs it.
  CHECK(cache.backendOf("range") == ran);
  a.erase("backend");
  c.erase("backend");
  CHECK(a == c);
  // A choice in the cache is obeyed: the text names the one that ran.
  for (const char* chosen : {"gpu", "cpu"}) {
    cache.choose("range", chosen);
    const Run text = run(kSolve + " --backend auto");
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("(auto)") == std::string::npos);
    CHECK(text.out.find(chosen) != std::string::npos);
    const Run json = run(kSolve + " --backend auto --json -");
    REQUIRE(json.exitCode == 0);
    CHECK(nlohmann::json::parse(json.out)["backend"] == chosen);
  }
}

TEST_CASE("danger --backend auto runs the backend it measured and counts as cpu does",
          "[cli][backend][auto]") {
  const AutoCache cache;
  const Run automatic = run(kDanger + " --backend auto");
  INFO(automatic.err);
  REQUIRE(automatic.exitCode == 0);
  const std::string ran = backendInHeader(automatic.out);
  CHECK(isConcrete(ran));
  CHECK(cache.backendOf("danger") == ran);
  for (const char* chosen : {"gpu", "cpu"}) {
    cache.choose("danger", chosen);
    CHECK(backendInHeader(run(kDanger + " --backend auto").out) == chosen);
    const Run json = run(kDanger + " --backend auto --json -");
    const Run cpu = run(kDanger + " --backend cpu --json -");
    REQUIRE(json.exitCode == 0);
    REQUIRE(cpu.exitCode == 0);
    auto a = nlohmann::json::parse(json.out);
    auto c = nlohmann::json::parse(cpu.out);
    CHECK(a["backend"] == chosen);  // --json names the one that ran, as the text header does
    CHECK(c["backend"] == "cpu");
    a.erase("backend");
    c.erase("backend");
    CHECK(a == c);
  }
  CHECK(backendInHeader(run(kDanger + " --backend cpu").out) == "cpu");
}

TEST_CASE("field defaults to auto, which names the backend that ran", "[cli][backend][auto]") {
  const AutoCache cache;
  const Run byDefault = run(kField);
  const Run automatic = run(kField + " --backend auto");
  INFO(byDefault.err << automatic.err);
  REQUIRE(byDefault.exitCode == 0);
  REQUIRE(automatic.exitCode == 0);
  const std::string ran = backendInHeader(automatic.out);
  CHECK(isConcrete(ran));
  CHECK(cache.backendOf("field") == ran);
  CHECK(byDefault.out == automatic.out);
  // Whichever ran, the field is the reference's.
  const Run json = run(kField + " --json -");
  const Run cpu = run(kField + " --backend cpu --json -");
  REQUIRE(json.exitCode == 0);
  REQUIRE(cpu.exitCode == 0);
  auto a = nlohmann::json::parse(json.out);
  auto c = nlohmann::json::parse(cpu.out);
  CHECK(a["backend"] == ran);  // never "auto": the one that ran, as the text header says
  CHECK(c["backend"] == "cpu");
  a.erase("backend");
  c.erase("backend");
  CHECK(a == c);
  const Run help = run("field --help");
  CHECK(help.out.find("auto (default)") != std::string::npos);
}

TEST_CASE("a --backend that is not one is refused with the four names", "[cli][backend]") {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_cli_backend_bad");
  const std::string expected = "expected auto, cpu, gpu or compute";
  requireRefusedIn(dir, kSolve + " --backend vulkan --json out.json",
                   "--backend 'vulkan' is not allowed; " + expected);
  requireRefusedIn(dir, kSolve + " --backend GPU", "--backend 'GPU' is not allowed; " + expected);
  requireRefusedIn(dir, kField + " --backend fragment --json out.json",
                   "--backend 'fragment' is not allowed; " + expected);
  requireRefusedIn(dir, kDanger + " --backend opencl --json out.json",
                   "--backend 'opencl' is not allowed; " + expected);
}

TEST_CASE("danger --backend compute counts as cpu does and names itself", "[cli][backend]") {
  const Run compute = run(kDanger + " --backend compute --json -");
  const Run cpu = run(kDanger + " --backend cpu --json -");
  INFO(compute.err);
  REQUIRE(compute.exitCode == 0);
  REQUIRE(cpu.exitCode == 0);
  auto a = nlohmann::json::parse(compute.out);
  auto c = nlohmann::json::parse(cpu.out);
  CHECK(a["backend"] == "compute");
  a.erase("backend");
  c.erase("backend");
  CHECK(a == c);
  CHECK(backendInHeader(run(kDanger + " --backend compute").out) == "compute");
}

TEST_CASE("the cpu backend runs with no OpenGL driver at all", "[cli][backend][opengl]") {
  const fs::path dir = tactics::testing::scratchDirectory("tactics_cli_backend_nogl");
  const std::string noDriver =
      "__EGL_VENDOR_LIBRARY_DIRS=/nonexistent LIBGL_DRIVERS_PATH=/nonexistent";
  for (const std::string& args : {kSolve + " --json out.json", kField + " --json out.json"}) {
    INFO(args);
    const auto exitCode = [&](const std::string& backend) {
      const std::string command = "cd '" + dir.string() + "' && " + noDriver +
                                  " '" TACTICS_EXE "' " + args + backend + " 2>err.txt >/dev/null";
      return WEXITSTATUS(std::system(command.c_str()));
    };
    // The control: their default backends need OpenGL, and there is none.
    CHECK(exitCode("") == 3);
    CHECK_FALSE(fs::exists(dir / "out.json"));
    CHECK(exitCode(" --backend cpu") == 0);
    CHECK(tactics::testing::slurp(dir / "err.txt").empty());
    CHECK(fs::exists(dir / "out.json"));
    fs::remove(dir / "out.json");
  }
}
