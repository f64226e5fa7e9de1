#include "cli/route_command.h"

#include "cli/command_env.h"

#include <ostream>
#include <utility>

#include "cli/command_flags.h"
#include "cli/json_text.h"
#include "cli/output_guard.h"
#include "cmdline/command_line.h"
#include "tactics/gpu/solvers.h"
#include "tactics/io/file_io.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/route.h"

namespace tactics::cli {

Expected<RouteArguments> parseRouteArguments(const std::vector<std::string>& args) {
  const auto line = readCommandLine(args, routeFlags(), "tactics-grid route");
  if (!line) return Error{line.error()};
  RouteArguments out;
  out.help = line->given.help;
  if (out.help) return out;
  const CommandFlags& f = line->flags;
  if (!f.scenarioPath) return Error{"--scenario is required; see `tactics-grid route --help`"};
  if (!f.cells.unit) return Error{"--unit is required; see `tactics-grid route --help`"};
  if (f.cursor.empty()) {
    return Error{"--cursor is required: one or more cells X,Y; see `tactics-grid route --help`"};
  }
  out.scenarioPath = *f.scenarioPath;
  out.unit = *f.cells.unit;
  out.cursor = f.cursor;
  out.jsonPath = f.jsonPath;
  return out;
}

namespace {

// {"unit":[X,Y],"name":N,"move":M,"class":K,"cursor":[[X,Y],...],"routes":[[[X,Y],...],...],
//  "costs":[C,...],"arrows":[B,...]}: what the text says, one entry per cursor cell.
std::string formatJson(const Unit& unit, const std::vector<Cell>& cursor,
                       const std::vector<Route>& routes, const RouteBoard& board) {
  std::string json = "{\"unit\":" + cellJson(unit.cell) + ",\"name\":" + jsonString(unit.name) +
                     ",\"move\":" + std::to_string(unit.moveRange) +
                     ",\"class\":" + jsonString(unit.className) + ",\n\"cursor\":[";
  for (std::size_t i = 0; i < cursor.size(); ++i) json += (i ? "," : "") + cellJson(cursor[i]);
  json += "],\n\"routes\":[";
  for (std::size_t r = 0; r < routes.size(); ++r) {
    json += r ? ",[" : "[";
    for (std::size_t i = 0; i < routes[r].size(); ++i) {
      json += (i ? "," : "") + cellJson(routes[r][i]);
    }
    json += "]";
  }
  json += "],\n\"costs\":[";
  for (std::size_t r = 0; r < routes.size(); ++r) {
    json += (r ? "," : "") + std::to_string(routeCost(routes[r], board));
  }
  json += "],\n\"arrows\":[";
  for (std::size_t r = 0; r < routes.size(); ++r) {
    json +=
        std::string(r ? "," : "") + (arrowShows(routes[r], cursor[r], board) ? "true" : "false");
  }
  return json + "]}\n";
}

// One line per cursor cell: "cursor 5,2 -> route 3,2 4,2 5,2 (cost 2, arrow)".
std::string formatText(const Unit& unit, const std::vector<Cell>& cursor,
                       const std::vector<Route>& routes, const RouteBoard& board) {
  std::string text = "unit " + unit.name + " at " + toString(unit.cell) + ", move " +
                     std::to_string(unit.moveRange) + ", class " + unit.className + "\n";
  for (std::size_t i = 0; i < routes.size(); ++i) {
    text += "cursor " + toString(cursor[i]) + " -> route";
    for (Cell c : routes[i]) text += " " + toString(c);
    text += " (cost " + std::to_string(routeCost(routes[i], board)) + ", " +
            (arrowShows(routes[i], cursor[i], board) ? "arrow" : "no arrow") + ")\n";
  }
  return text;
}

// The scenario's unit at --unit, the cursor's cells inside the map.
Expected<std::size_t> routeUnit(const RouteArguments& a, const Scenario& scenario) {
  const CostMap& map = scenario.map;
  if (!map.contains(a.unit)) {
    return Error{"--unit " + toString(a.unit) + " is outside " + map.boundsText()};
  }
  const auto index = unitAt(scenario.units, a.unit);
  if (!index) {
    return Error{"--unit " + toString(a.unit) + ": no unit stands there in '" + a.scenarioPath +
                 "'; give the cell of one of its units"};
  }
  for (Cell c : a.cursor) {
    if (!map.contains(c)) {
      return Error{"--cursor " + toString(c) + " is outside " + map.boundsText()};
    }
  }
  return *index;
}

}  // namespace

int runRoute(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  FileEnv env;
  return runRoute(args, out, err, env);
}

int runRoute(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             CommandEnv& env) {
  const auto fail = [&](const std::string& message) {
    err << errorLine(message);
    return kExitBadInput;
  };
  const auto parsed = parseRouteArguments(args);
  if (!parsed) return fail(parsed.error());
  const RouteArguments& a = *parsed;
  if (a.help) {
    out << kRouteUsage;
    return kExitOk;
  }
  const bool jsonToFile = a.jsonPath && *a.jsonPath != "-";
  if (jsonToFile) {
    if (auto problem = checkWritable(*a.jsonPath)) return fail(*problem);
  }
  const auto scenario = env.scenario(a.scenarioPath);
  if (!scenario) return fail(scenario.error());
  const CostMap& map = scenario->map;
  if (jsonToFile) {
    const auto inputs = boardInputFiles(a.scenarioPath, "the scenario", scenario->mapPath);
    if (auto problem = refuseInputOverwrite("--json", *a.jsonPath, inputs)) return fail(*problem);
  }
  const auto index = routeUnit(a, *scenario);
  if (!index) return fail(index.error());

  // The same route memory the demo runs, on the CPU reference's solve: no OpenGL is needed.
  const RangeQuery query = queryFor(scenario->units, *index, scenario->rules);
  const SolversLease solvers = env.solvers(map, Backend::Cpu, gpu::GlApi::Core);
  if (!solvers.solvers) return fail(solvers.error);
  const auto range = solvers.solvers->range(query);
  if (!range) return fail(range.error());
  const RouteBoard board(map, query, range->result);
  Route route = startRoute(board);
  std::vector<Route> routes;
  for (Cell c : a.cursor) {
    enterCell(route, c, board);
    routes.push_back(route);
  }

  if (a.jsonPath) {
    const std::string json = formatJson(scenario->units[*index], a.cursor, routes, board);
    if (jsonToFile) {
      if (auto problem = writeFileAtomically(*a.jsonPath, {json.begin(), json.end()})) {
        return fail(*problem);
      }
      out << wroteLine(*a.jsonPath, "the routes as JSON");
    } else {
      out << json;
    }
  } else {
    out << formatText(scenario->units[*index], a.cursor, routes, board);
  }
  out.flush();
  if (!out) return fail("cannot write to standard output");
  return kExitOk;
}

}  // namespace tactics::cli
