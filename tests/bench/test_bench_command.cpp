// `tactics-grid bench` as a user runs it: the JSON's shape and the table, never the timings.
#include <catch2/catch.hpp>

#include "cli_run.h"
#include "temp_paths.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

namespace fs = std::filesystem;

namespace {

using tactics::testing::Run;
using tactics::testing::slurp;

fs::path scratch() {
  const fs::path dir = tactics::testing::uniqueTempPath("tactics_bench_tests");
  fs::create_directories(dir);
  return dir;
}

Run run(const std::string& args) { return tactics::testing::runTacticsGrid("bench " + args, scratch()); }

const std::set<std::string> kRangeCases = {"fe",    "mid",       "huge",      "long",   "room",
                                           "rules", "rules-off", "rules12",   "hex-fe", "hex-mid"};
const std::set<std::string> kFieldCases = {"field", "maze", "maze512", "field1024", "hex-field"};
const std::set<std::string> kCases = {"fe",      "mid",     "huge",      "long",   "room",
                                      "danger",  "field",   "maze",      "rules",  "rules-off",
                                      "maze512", "rules12", "field1024", "batch",  "hex-fe",
                                      "hex-mid", "hex-field", "sight",   "sight-off"};
// The fe, mid and field boards read as hex-y-odd (SPEC §13): no peer steps on six neighbours.
const std::set<std::string> kHexCases = {"hex-fe", "hex-mid", "hex-field"};
// The range cases with zone of control or line of sight, which the pq-dijkstra peer does not
// know.
const std::set<std::string> kZocCases = {"rules", "rules12", "sight"};
// The methods each kind of case may run (compute only where OpenGL 4.3 exists; maze512's and
// field1024's gpu and compute only on a hardware renderer), and those it always runs.
const std::set<std::string> kRangeMethods = {"gpu",     "seed",          "floor", "cpu",
                                             "compute", "compute-floor", "auto",  "pq-dijkstra"};
const std::set<std::string> kDangerMethods = {"gpu", "gpu-each", "cpu", "auto"};
const std::set<std::string> kFieldMethods = {"gpu", "cpu", "compute", "auto", "pq-dijkstra", "libtcod"};
const std::set<std::string> kBatchMethods = {"gpu", "cpu", "cpu-threads", "compute", "auto"};
// The peers: what a developer would use instead, with no passes of their own on a field.
const std::set<std::string> kPeers = {"pq-dijkstra", "libtcod"};

const std::set<std::string>& methodsOf(const std::string& caseName) {
  if (caseName == "danger") return kDangerMethods;
  if (caseName == "batch") return kBatchMethods;
  if (kFieldCases.count(caseName) == 1) return kFieldMethods;
  return kRangeMethods;
}

std::set<std::string> requiredMethods(const std::string& caseName) {
  if (caseName == "danger") return kDangerMethods;
  if (caseName == "batch") return {"gpu", "cpu", "cpu-threads", "auto"};
  if (caseName == "maze512" || caseName == "field1024") return {"cpu", "auto", "pq-dijkstra", "libtcod"};
  if (caseName == "hex-field") return {"gpu", "cpu", "auto"};
  if (kHexCases.count(caseName) == 1) return {"gpu", "seed", "floor", "cpu", "auto"};
  if (kFieldCases.count(caseName) == 1) return {"gpu", "cpu", "auto", "pq-dijkstra", "libtcod"};
  if (kZocCases.count(caseName) == 1) return {"gpu", "seed", "floor", "cpu", "auto"};
  return {"gpu", "seed", "floor", "cpu", "auto", "pq-dijkstra"};
}

}  // namespace

TEST_CASE("bench --quick writes one result per case and method in the documented shape", "[bench]") {
  const fs::path json = scratch() / "bench.json";
  fs::remove(json);
  const Run r = run("--quick --json '" + json.string() + "'");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.err.empty());

  const auto doc = nlohmann::json::parse(slurp(json));
  REQUIRE(doc.is_object());
  CHECK(doc.size() == 4);
  REQUIRE(doc.at("renderer").is_string());
  CHECK_FALSE(doc.at("renderer").get<std::string>().empty());
  // Per case, the backend auto ran (never auto itself), the fastest method it could have been
  // and its median against that one's; the table's last lines say the same.
  const auto& picks = doc.at("auto");
  REQUIRE(picks.is_object());
  CHECK(picks.size() == kCases.size());
  const auto picked = [&](const std::string& caseName) {
    return picks.at(caseName).at("backend").get<std::string>();
  };
  for (const std::string& caseName : kCases) {
    INFO(caseName);
    REQUIRE(picks.contains(caseName));
    const std::string pick = picked(caseName);
    CHECK((pick == "gpu" || pick == "cpu" || pick == "compute"));
    const std::string fastest = picks.at(caseName).at("fastest").get<std::string>();
    CHECK((fastest == "gpu" || fastest == "cpu" || fastest == "compute" || fastest == "gpu-each" ||
           fastest == "cpu-threads"));
    CHECK(picks.at(caseName).at("ratio").get<double>() > 0);
    CHECK(r.out.find("auto on " + caseName + ": " + pick + ", ") != std::string::npos);
  }
  const auto& results = doc.at("results");
  REQUIRE(results.is_array());

  std::set<std::pair<std::string, std::string>> seen;
  std::set<std::string> methods;
  for (const auto& row : results) {
    INFO(row.dump());
    REQUIRE(row.is_object());
    CHECK(row.size() == 9);
    for (const char* key : {"case", "method"}) REQUIRE(row.at(key).is_string());
    for (const char* key : {"width", "height", "move", "passes", "cells_shaded"}) {
      REQUIRE(row.at(key).is_number_integer());
      CHECK(row.at(key).get<long long>() >= 0);
    }
    for (const char* key : {"median_ms", "p90_ms"}) REQUIRE(row.at(key).is_number());
    const auto caseName = row.at("case").get<std::string>();
    const auto method = row.at("method").get<std::string>();
    CHECK(kCases.count(caseName) == 1);
    CHECK(methodsOf(caseName).count(method) == 1);
    CHECK(seen.insert({caseName, method}).second);  // each pair once
    methods.insert(method);
    CHECK(row.at("median_ms").get<double>() >= 0);
    CHECK(row.at("p90_ms").get<double>() >= row.at("median_ms").get<double>());
    const bool range = kRangeCases.count(caseName) == 1;
    if (range) {
      CHECK(row.at("passes").get<int>() >= 1);
      CHECK(row.at("passes").get<int>() <= row.at("move").get<int>());
    } else if (caseName != "batch" && method != "cpu" && kPeers.count(method) == 0 &&
               !(method == "auto" && picked(caseName) == "cpu")) {
      CHECK(row.at("passes").get<int>() >= 1);  // the reference runs no passes: 0
    }
    if (caseName == "danger" || caseName == "field") CHECK(row.at("width") == 32);
    if (caseName == "field" || caseName == "maze") CHECK(row.at("move") == 0);
    if (caseName == "maze") CHECK(row.at("width") == 256);
    if (caseName == "maze512") CHECK(row.at("width") == 512);
    if (caseName == "field1024") CHECK(row.at("width") == 1024);
    if (caseName == "field1024") CHECK(row.at("move") == 0);
    if (kZocCases.count(caseName) == 1) CHECK(method != "pq-dijkstra");
    if (kHexCases.count(caseName) == 1) CHECK(kPeers.count(method) == 0);
    if (caseName == "hex-fe") CHECK(row.at("width") == 32);
    if (caseName == "hex-mid") CHECK(row.at("width") == 64);
    if (caseName == "hex-mid") CHECK(row.at("move") == 32);
    if (caseName == "hex-field") CHECK(row.at("width") == 32);
    const bool rulesBoard = caseName == "rules" || caseName == "rules-off" || caseName == "rules12";
    if (rulesBoard) CHECK(row.at("width") == 64);
    if (rulesBoard) CHECK(row.at("move") == 12);
    if (caseName == "danger" && method == "gpu-each") CHECK(row.at("passes").get<int>() > 7);
    if (caseName == "fe") CHECK(row.at("width") == 32);
    if (caseName == "huge") CHECK(row.at("height") == 1024);
    if (caseName == "room") CHECK(row.at("move") == 255);
    if (method == "gpu" || method == "seed" || method == "floor" || method == "gpu-each") {
      CHECK(row.at("cells_shaded").get<long long>() > 0);
    }
  }
  // Every case ran every method that this machine offers (compute needs OpenGL 4.3).
  for (const char* method : {"gpu", "seed", "floor", "cpu", "gpu-each", "auto"}) {
    CHECK(methods.count(method) == 1);
  }
  const std::size_t compute = methods.count("compute");
  CHECK(methods.count("compute-floor") == compute);
  for (const std::string& caseName : kCases) {
    for (const std::string& method : requiredMethods(caseName)) {
      INFO(caseName + " " + method);
      CHECK(seen.count({caseName, method}) == 1);
    }
    if (compute == 1 && caseName != "danger" && caseName != "maze512" && caseName != "field1024") {
      // batch included: its compute method is the one-dispatch batch
      INFO(caseName);
      CHECK(seen.count({caseName, "compute"}) == 1);
    }
  }

  // The report about auto is consistent with the rows: "fastest" names a method with the least
  // median of those auto could have been, and "ratio" is auto's median over that one. How close
  // auto comes is a measurement, read in docs/PERFORMANCE.md, never a wall-clock limit in a test.
  for (const std::string& caseName : kCases) {
    std::map<std::string, double> medians;
    for (const auto& row : results) {
      if (row.at("case") == caseName) medians[row.at("method")] = row.at("median_ms");
    }
    double least = -1;
    for (const char* method : {"gpu", "cpu", "compute", "gpu-each", "cpu-threads"}) {
      if (medians.count(method) == 1 && (least < 0 || medians[method] < least)) {
        least = medians[method];
      }
    }
    const std::string fastest = picks.at(caseName).at("fastest").get<std::string>();
    INFO(caseName << ": auto ran " << picked(caseName) << ", fastest " << fastest);
    // A batch's cpu runs on every core: the cpu-threads row.
    const std::string ran =
        caseName == "batch" && picked(caseName) == "cpu" ? "cpu-threads" : picked(caseName);
    CHECK(medians.count(ran) == 1);
    REQUIRE(medians.count(fastest) == 1);
    REQUIRE(medians.count("auto") == 1);
    CHECK(medians[fastest] == least);
    // The JSON writes 3 decimals: each figure is off by up to half a microsecond.
    const double ratio = picks.at(caseName).at("ratio").get<double>();
    if (least > 0) CHECK(ratio * least == Approx(medians["auto"]).margin(0.0006 * (1 + ratio + least)));
  }

  // sight and sight-off ran side by side: per backend, the median over the repetitions of
  // sight's time over sight-off's in the same repetition (not in the JSON: only its medians),
  // which the table's last line says too.
  const auto& pairs = doc.at("pairs");
  REQUIRE(pairs.is_object());
  CHECK(pairs.size() == 1);
  REQUIRE(pairs.contains("sight"));
  CHECK(pairs.at("sight").at("against") == "sight-off");
  const auto& ratios = pairs.at("sight").at("ratios");
  const std::string lead = "sight against sight-off, run side by side: ";
  const auto at = r.out.find(lead);
  REQUIRE(at != std::string::npos);
  // "gpu 1.04x, cpu 1.36x, ...": two decimals where the JSON has three.
  std::istringstream line(r.out.substr(at + lead.size(), r.out.find('\n', at) - at - lead.size()));
  std::map<std::string, double> table;
  std::string backend;
  double ratio = 0;
  char x = 0;
  while (line >> backend >> ratio >> x) {
    table[backend] = ratio;
    line.ignore(1);  // the comma
  }
  for (const std::string name : {"gpu", "cpu", "compute", "auto"}) {
    INFO(name);
    if (name == "compute" && methods.count("compute") == 0) continue;
    REQUIRE(ratios.contains(name));
    CHECK(ratios.at(name).get<double>() > 0);
    REQUIRE(table.count(name) == 1);
    CHECK(table[name] == Approx(ratios.at(name).get<double>()).margin(0.0051));
  }
  CHECK(table.size() == ratios.size());

  // The table on stdout names every row too.
  for (const auto& [caseName, method] : seen) {
    INFO(caseName + " " + method);
    CHECK(r.out.find(caseName) != std::string::npos);
    CHECK(r.out.find(method) != std::string::npos);
  }
}

TEST_CASE("bench --case runs only the cases it names", "[bench]") {
  const fs::path json = scratch() / "room.json";
  const Run r = run("--quick --case room --json=" + json.string());
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const auto doc = nlohmann::json::parse(slurp(json));
  REQUIRE_FALSE(doc.at("results").empty());
  for (const auto& row : doc.at("results")) CHECK(row.at("case") == "room");
  // The walls stop the solve long before 255 passes.
  for (const auto& row : doc.at("results")) {
    if (row.at("method") == "gpu") CHECK(row.at("passes").get<int>() <= 30);
  }
}

TEST_CASE("bench runs sight beside sight-off whichever is named first and alone without a pair", "[bench]") {
  const fs::path json = scratch() / "sight.json";
  const Run both = run("--quick --case sight-off --case fe --case sight --json " + json.string());
  INFO(both.err);
  REQUIRE(both.exitCode == 0);
  auto doc = nlohmann::json::parse(slurp(json));
  CHECK(doc.at("pairs").at("sight").at("against") == "sight-off");
  // The pair runs in the place of the first named: its rows come before fe's.
  std::vector<std::string> order;
  for (const auto& row : doc.at("results")) {
    if (order.empty() || order.back() != row.at("case")) order.push_back(row.at("case"));
  }
  CHECK(order == std::vector<std::string>{"sight", "sight-off", "fe"});
  CHECK(doc.at("auto").size() == 3);

  const Run alone = run("--quick --case sight --json " + json.string());
  INFO(alone.err);
  REQUIRE(alone.exitCode == 0);
  doc = nlohmann::json::parse(slurp(json));
  CHECK(doc.at("pairs").empty());
  CHECK(alone.out.find("side by side") == std::string::npos);
}

TEST_CASE("bench runs the hex cases as their square boards read as hex-y-odd", "[bench]") {
  const fs::path json = scratch() / "hex.json";
  const Run r = run("--quick --case fe --case hex-fe --case hex-field --json " + json.string());
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const auto doc = nlohmann::json::parse(slurp(json));
  std::map<std::pair<std::string, std::string>, nlohmann::json> rows;
  for (const auto& row : doc.at("results")) rows[{row.at("case"), row.at("method")}] = row;
  for (const char* method : {"gpu", "cpu", "auto"}) {
    INFO(method);
    REQUIRE(rows.count({"hex-fe", method}) == 1);
    REQUIRE(rows.count({"hex-field", method}) == 1);
    CHECK(rows[{"hex-fe", method}].at("width") == rows[{"fe", method}].at("width"));
    CHECK(rows[{"hex-fe", method}].at("move") == rows[{"fe", method}].at("move"));
  }
  // The same board, another grid: the fragment passes draw hexagons, not diamonds.
  CHECK(rows[{"hex-fe", "gpu"}].at("cells_shaded") != rows[{"fe", "gpu"}].at("cells_shaded"));
  for (const auto& [key, row] : rows) CHECK((key.first == "fe" || kPeers.count(key.second) == 0));
  CHECK(r.out.find("auto on hex-fe: ") != std::string::npos);
}

TEST_CASE("bench refuses bad arguments with one error line", "[bench]") {
  for (const std::string args : {"--case nowhere", "--quick=yes", "--quick --quick", "--json", "--json -", "--repeat 5"}) {
    INFO(args);
    const Run r = run(args);
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err.rfind("error: ", 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("bench runs the peers beside the solvers on the range and field cases", "[bench]") {
  const fs::path json = scratch() / "peers.json";
  const Run r = run("--quick --case fe --case mid --case rules --case field --json " + json.string());
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const auto doc = nlohmann::json::parse(slurp(json));
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& row : doc.at("results")) {
    const auto caseName = row.at("case").get<std::string>();
    const auto method = row.at("method").get<std::string>();
    seen.insert({caseName, method});
    INFO(row.dump());
    // The range peer fills the reference's passes count; the field peers run no passes.
    if (method == "pq-dijkstra" && caseName != "field") {
      CHECK(row.at("passes").get<int>() >= 1);
      CHECK(row.at("passes").get<int>() <= row.at("move").get<int>());
    }
    if (kPeers.count(method) == 1 && caseName == "field") CHECK(row.at("passes") == 0);
    if (kPeers.count(method) == 1) CHECK(row.at("cells_shaded").get<long long>() > 0);
  }
  for (const char* caseName : {"fe", "mid", "field"}) {
    INFO(caseName);
    CHECK(seen.count({caseName, "pq-dijkstra"}) == 1);
    CHECK(seen.count({caseName, "cpu"}) == 1);
  }
  CHECK(seen.count({"field", "libtcod"}) == 1);
  // Zone of control is beyond the plain peer: the rules case runs without it.
  CHECK(seen.count({"rules", "cpu"}) == 1);
  CHECK(seen.count({"rules", "pq-dijkstra"}) == 0);
  CHECK(seen.count({"fe", "libtcod"}) == 0);
  // The table names them too, and --help says what they are.
  CHECK(r.out.find("pq-dijkstra") != std::string::npos);
  CHECK(r.out.find("libtcod") != std::string::npos);
  const Run help = run("--help");
  CHECK(help.exitCode == 0);
  CHECK(help.out.find("pq-dijkstra") != std::string::npos);
  CHECK(help.out.find("field1024") != std::string::npos);
}
