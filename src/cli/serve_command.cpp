#include "cli/serve_command.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <istream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <system_error>
#include <utility>

#include "cli/command_flags.h"
#include "cli/danger_command.h"
#include "cli/field_command.h"
#include "cli/route_command.h"
#include "cli/scenario_argument.h"
#include "cli/solve_command.h"
#include "cmdline/command_line.h"
#include "tactics/io/input_files.h"
#include "tactics/io/map_image.h"

namespace tactics::cli {

namespace {

// The solvers of this many maps are kept: enough for a script that switches between a few
// boards, few enough that textures of large maps do not pile up.
constexpr std::size_t kKeptSolvers = 4;
// Files named by path kept at once; past it the oldest readings are dropped and read again.
constexpr std::size_t kKeptFiles = 64;

bool sameMap(const CostMap& a, const CostMap& b) {
  return a.width() == b.width() && a.height() == b.height() && a.layout() == b.layout() &&
         a.indexed() == b.indexed() &&
         a.greyValues() == b.greyValues() && a.terrainNames() == b.terrainNames();
}

// The command's --json text as one line: the whitespace between tokens dropped (JSON strings
// hold no raw newline), and "id" put first.
std::string answerLine(const nlohmann::json& id, const std::string& json) {
  std::string line = "{\"id\":" + id.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::size_t open = json.find('{');
  bool inString = false;
  bool escaped = false;
  bool empty = true;
  for (std::size_t i = open == std::string::npos ? json.size() : open + 1; i < json.size(); ++i) {
    const char c = json[i];
    if (inString) {
      // A quote ends the string unless a backslash escapes it; an escaped backslash escapes
      // nothing.
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      continue;
    } else if (c == '"') {
      inString = true;
    }
    if (empty && c != '}') line += ',';
    empty = false;
    line += c;
  }
  return line;
}

std::string errorAnswer(const nlohmann::json& id, const std::string& error) {
  // "id" first, as in every answer (a JSON object would sort "error" before it).
  const auto text = [](const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  return "{\"id\":" + text(id) + ",\"error\":" + text(error) + "}";
}

// The text of a command's `error:` line, without "error: " and the newline.
std::string errorText(const std::string& stderrText) {
  std::string text = stderrText.substr(0, stderrText.find('\n'));
  if (text.rfind("error: ", 0) == 0) text.erase(0, 7);
  return text.empty() ? "the command failed without a message" : text;
}

constexpr const char* kUsageStart =
    "usage: tactics-grid serve [--backend auto|gpu|cpu|compute] [--gl core|es]\n"
    "Reads one JSON request per line on standard input and writes one JSON answer per line on\n"
    "standard output (SPEC 12), until the input ends:\n"
    "  {\"id\": 1, \"op\": \"solve\", \"map\": \"m.png\", \"unit\": [3, 4], \"move\": 5}\n"
    "  {\"id\":1,\"width\":32,\"height\":24,\"unit\":[3,4],...}   (solve --json's object + id)\n"
    "  op         solve, danger, route or field\n"
    "  other keys the command's flags without --, with - written _:";
constexpr const char* kUsageEnd =
    "             Cells are [X, Y], lists are arrays, switches true or false;\n"
    "             \"map\" may hold the map: {\"width\": W, \"height\": H, \"grey\": [W*H greys]}\n"
    "  --backend B  the backend of requests that name none (default auto: each answer names\n"
    "             the backend auto chose for its job, as the command line's --backend auto)\n"
    "  --gl core|es the one headless context's API (default core)\n"
    "A bad request is answered {\"id\": ID, \"error\": \"...\"} (the command line's error text) "
    "and\n"
    "the server goes on. Maps and scenarios are read once and kept until their files change.\n"
    "Exit 0 at the end of the input, 2 on bad flags or when standard output fails.\n";

}  // namespace

std::string serveUsage() {
  constexpr std::size_t kWidth = 94;
  std::string usage = kUsageStart;
  std::size_t column = usage.size() - usage.rfind('\n') - 1;
  const std::vector<std::string> keys = requestKeys();
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string word = " " + keys[i] + (i + 1 < keys.size() ? "," : ".");
    if (column + word.size() > kWidth) {
      usage += "\n            ";
      column = 12;
    }
    usage += word;
    column += word.size();
  }
  return usage + "\n" + kUsageEnd;
}

ServeEnv::Stamp ServeEnv::Stamp::of(const std::string& path) {
  Stamp stamp;
  stamp.path = path;
  std::error_code error;
  stamp.time = std::filesystem::last_write_time(path, error);
  if (error) return stamp;
  stamp.size = std::filesystem::file_size(path, error);
  stamp.exists = !error;
  return stamp;
}

bool ServeEnv::Stamp::current() const {
  const Stamp now = of(path);
  return now.exists == exists && now.time == time && now.size == size;
}

ServeEnv::~ServeEnv() {
  solvers_.clear();  // their GL objects while the context is still current
}

// A kept reading of `path` while every file it read is unchanged; else read again and kept.
// `files(value)` names the other files a reading read (a map's tilesets, a scenario's map).
template <class T, class Read, class Files>
Expected<T> ServeEnv::keptOrRead(std::map<std::string, Kept<T>>& kept, const std::string& path,
                                 const Read& read, const Files& files) {
  const auto found = kept.find(path);
  if (found != kept.end()) {
    const auto& stamps = found->second.files;
    if (std::all_of(stamps.begin(), stamps.end(), [](const Stamp& s) { return s.current(); })) {
      return found->second.value;
    }
    kept.erase(found);
  }
  // Stamped before it is read: a file changed while it is read is read again next time.
  std::vector<Stamp> stamps{Stamp::of(path)};
  ++loads_;
  Expected<T> value = read();
  if (!value) return value;  // a failure is not kept: the next request reads the file again
  for (const InputFile& file : files(*value)) {
    if (file.path != path) stamps.push_back(Stamp::of(file.path));
  }
  if (kept.size() >= kKeptFiles) kept.clear();
  kept[path] = Kept<T>{std::move(stamps), *value};
  return value;
}

Expected<CostMap> ServeEnv::map(const std::string& path) {
  if (inlineMap_ && path == kInlineMapPath) return *inlineMap_;
  return keptOrRead(
      maps_, path, [&] { return loadMap(path); },
      [&](const CostMap&) { return mapInputFiles(path, ""); });
}

Expected<Scenario> ServeEnv::scenario(const std::string& path) {
  return keptOrRead(
      scenarios_, path, [&] { return loadScenarioArgument(path); },
      [&](const Scenario& s) { return boardInputFiles(path, "", s.mapPath); });
}

SolversLease ServeEnv::solvers(const CostMap& map, Backend backend, gpu::GlApi api) {
  if (backend == Backend::Compute && api == gpu::GlApi::Es) {
    return {nullptr,
            "--backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 (--gl es) "
            "does not have; use --gl core, or --backend gpu or cpu",
            kExitNoOpenGl};
  }
  if (backend != Backend::Cpu) {
    if (!context_ && contextError_.empty()) {
      auto context = gpu::HeadlessContext::create(api_);
      if (context) {
        context_.emplace(std::move(*context));
      } else {
        contextError_ = context.error();
      }
    }
    if (!context_) {
      return {nullptr,
              backend == Backend::Compute
                  ? "no OpenGL 4.3 context for --backend compute: " + contextError_
              : api_ == gpu::GlApi::Es ? "no OpenGL ES 3.0 context: " + contextError_
                                       : "no OpenGL 3.3 context: " + contextError_,
              kExitNoOpenGl};
    }
    if (auto problem = gpu::textureLimitProblem(map.width(), map.height(), gpu::maxTextureSize())) {
      return {nullptr, *problem, kExitBadInput};
    }
  }
  const auto found = std::find_if(solvers_.begin(), solvers_.end(), [&](const MapSolvers& s) {
    return s.backend == backend && sameMap(s.map, map);
  });
  if (found != solvers_.end()) {
    solvers_.splice(solvers_.begin(), solvers_, found);
    return {&solvers_.front().solvers, "", 0};
  }
  auto made = gpu::Solvers::create(map, backend);
  if (!made) return {nullptr, "--backend " + made.error(), kExitNoOpenGl};
  solvers_.push_front(MapSolvers{map, backend, std::move(*made)});
  if (solvers_.size() > kKeptSolvers) solvers_.pop_back();
  return {&solvers_.front().solvers, "", 0};
}

std::string Server::answer(std::string_view line) {
  ServeRequest request = readServeRequest(line);
  if (!request.error.empty()) return errorAnswer(request.id, request.error);
  std::vector<std::string> args = std::move(request.args);
  args.push_back("--json=-");
  // The server's --backend unless the request names one, and its --gl, for the commands that
  // take them (route runs on the CPU reference and takes neither).
  const ServeOp& op = *std::find_if(std::begin(kServeOps), std::end(kServeOps),
                                    [&](const ServeOp& o) { return o.name == request.op; });
  const auto takes = [&](std::string_view flag) {
    return std::any_of(op.flags().begin(), op.flags().end(),
                       [&](const CommandFlag& f) { return f.spec.name == flag; });
  };
  const bool named = std::any_of(
      args.begin(), args.end(), [](const std::string& a) { return a.rfind("--backend=", 0) == 0; });
  if (takes("--backend") && !named) {
    args.push_back(std::string("--backend=") + backendName(backend_));
  }
  if (takes("--gl")) args.push_back(std::string("--gl=") + gpu::glApiName(api_));
  env_.setInlineMap(std::move(request.inlineMap));
  std::ostringstream out;
  std::ostringstream err;
  int code = kExitBadInput;
  if (request.op == "solve") code = runSolve(args, out, err, env_);
  if (request.op == "danger") code = runDanger(args, out, err, env_);
  if (request.op == "route") code = runRoute(args, out, err, env_);
  if (request.op == "field") code = runField(args, out, err, env_);
  env_.setInlineMap(std::nullopt);
  if (code != kExitOk) return errorAnswer(request.id, errorText(err.str()));
  return answerLine(request.id, out.str());
}

namespace {

enum class LineRead { Line, TooLong, End };

// One line of `in` into `line` (without its newline); a line over kMaxRequestBytes is read to
// its end and dropped, never held.
LineRead readLine(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  bool any = false;
  bool tooLong = false;
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      if (!any) return LineRead::End;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() >= kMaxRequestBytes) {
      tooLong = true;
      continue;
    }
    line.push_back(static_cast<char>(c));
  }
  if (tooLong) {
    std::string().swap(line);
    return LineRead::TooLong;
  }
  return LineRead::Line;
}

}  // namespace

int runServe(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
             std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << errorLine(message);
    return kExitBadInput;
  };
  const auto parsed = readCommandLine(args, serveFlags(), "tactics-grid serve");
  if (!parsed) return fail(parsed.error());
  if (parsed->given.help) {
    out << serveUsage();
    return kExitOk;
  }
  // Auto: the rule each command's --backend auto follows picks per job (a field runs on the CPU
  // where the GPU is a software rasterizer), and each answer names the backend that ran.
  const Backend backend = parsed->flags.backend.value_or(Backend::Auto);
  const gpu::GlApi api = parsed->flags.gl;
  if (backend == Backend::Compute && api == gpu::GlApi::Es) {
    return fail(
        "--backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 (--gl "
        "es) does not have; use --gl core, or --backend gpu or cpu");
  }

  Server server(backend, api);
  std::string line;
  for (;;) {
    const LineRead read = readLine(in, line);
    if (read == LineRead::End) break;
    const std::string answer = read == LineRead::TooLong
                                   ? errorAnswer(nullptr, "the request line is over 64 MiB")
                                   : server.answer(line);
    out << answer << '\n';
    out.flush();
    if (!out) return fail("cannot write to standard output");
  }
  return kExitOk;
}

int runServe(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  // Reading stdin a byte at a time through C stdio's lock would be slow for large inline maps.
  std::ios::sync_with_stdio(false);
  return runServe(args, std::cin, out, err);
}

}  // namespace tactics::cli
