#pragma once
// `tactics-grid serve` (SPEC §12): a solver process for engines and scripts. One JSON request per
// line on standard input, one JSON answer per line on standard output, in order; every request
// runs the command it names (solve, danger, route, field) with `--json -`, against maps and
// scenarios kept between requests and one GL context made on the first request that needs it.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_env.h"
#include "cli/serve_request.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/expected.h"

namespace tactics::cli {

// `serve --help`: the usage, with the keys a request may give (serve_request.h).
std::string serveUsage();

// The server's env: files kept by path (reloaded when a file they read changes: its modification
// time or size), one headless context made when a request first needs one, and the solvers of
// the last few maps.
class ServeEnv final : public CommandEnv {
 public:
  explicit ServeEnv(gpu::GlApi api) : api_(api) {}
  ServeEnv(const ServeEnv&) = delete;
  ServeEnv& operator=(const ServeEnv&) = delete;
  ~ServeEnv() override;

  // The map a request holds inline, answered for kInlineMapPath until the next call.
  void setInlineMap(std::optional<CostMap> map) { inlineMap_ = std::move(map); }

  Expected<CostMap> map(const std::string& path) override;
  Expected<Scenario> scenario(const std::string& path) override;
  SolversLease solvers(const CostMap& map, Backend backend, gpu::GlApi api) override;

  // How many times a file was read, for the tests of keeping them.
  [[nodiscard]] int loads() const { return loads_; }

 private:
  // A file a kept value was read from, as it was then.
  struct Stamp {
    std::string path;
    bool exists = false;
    std::filesystem::file_time_type time;
    std::uintmax_t size = 0;
    static Stamp of(const std::string& path);
    [[nodiscard]] bool current() const;
  };
  template <class T>
  struct Kept {
    std::vector<Stamp> files;
    T value;
  };
  struct MapSolvers {
    CostMap map;
    Backend backend;
    gpu::Solvers solvers;
  };
  template <class T, class Read, class Files>
  Expected<T> keptOrRead(std::map<std::string, Kept<T>>& kept, const std::string& path,
                         const Read& read, const Files& files);

  gpu::GlApi api_;
  std::optional<CostMap> inlineMap_;
  std::map<std::string, Kept<CostMap>> maps_;
  std::map<std::string, Kept<Scenario>> scenarios_;
  // Declared before the solvers: made first, dropped last.
  std::optional<gpu::HeadlessContext> context_;
  std::string contextError_;       // why the context could not be made, once tried
  std::list<MapSolvers> solvers_;  // the most recently used first
  int loads_ = 0;
};

class Server {
 public:
  Server(Backend backend, gpu::GlApi api) : backend_(backend), api_(api), env_(api) {}
  // The answer to one request line (without its newline), one line of JSON without a newline.
  std::string answer(std::string_view line);
  [[nodiscard]] const ServeEnv& env() const { return env_; }

 private:
  Backend backend_;
  gpu::GlApi api_;
  ServeEnv env_;
};

// `args` excludes the program name and "serve". Requests from `in`, answers to `out`.
int runServe(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
             std::ostream& err);
// The same on standard input and output.
int runServe(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
