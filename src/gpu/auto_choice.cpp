#include "tactics/gpu/auto_choice.h"

#include <unistd.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <sstream>
#include <system_error>
#include <tuple>

namespace tactics::gpu {

namespace {

// A cut run that is not yet slower than the best goes on with this many times the passes.
constexpr int kFirstPassLimit = 8;
constexpr int kPassLimitGrowth = 4;
// Past this many passes a run is left uncut (every range and most fields finish before).
constexpr int kLargestPassLimit = 1 << 20;
// The first line of the cache file: a file of another layout is read as empty.
constexpr const char* kCacheHeader = "tactics-grid auto-backends 1";

// Timed runs after the first complete one: more when a run is short, where noise weighs most.
int extraRuns(double milliseconds) {
  if (milliseconds < 1.0) return 4;
  if (milliseconds < 10.0) return 2;
  return 0;
}

// The best of a complete first run and the runs after it.
double bestOf(const Candidate& c, int passLimit, double first) {
  double best = first;
  for (int i = extraRuns(first); i > 0; --i) {
    const TimedRun again = c.run(passLimit);
    if (again.complete) best = std::min(best, again.milliseconds);
  }
  return best;
}

Measured measureOne(const Candidate& c, double bestSoFar) {
  Measured m{c.backend, 0, true};
  if (!c.takesPassLimit) {
    c.run(Candidate::kNoLimit);  // warm up: solvers made, shaders compiled
    const TimedRun first = c.run(Candidate::kNoLimit);
    m.milliseconds = bestOf(c, Candidate::kNoLimit, first.milliseconds);
    return m;
  }
  int limit = kFirstPassLimit;
  c.run(limit);  // warm up
  for (;;) {
    const TimedRun r = c.run(limit);
    if (r.complete) {
      m.milliseconds = bestOf(c, limit, r.milliseconds);
      return m;
    }
    if (r.milliseconds >= bestSoFar) {  // it would take longer still: it has lost
      m.milliseconds = r.milliseconds;
      m.complete = false;
      return m;
    }
    limit = limit >= kLargestPassLimit ? Candidate::kNoLimit : limit * kPassLimitGrowth;
  }
}

std::string oneLine(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char ch) { return ch == '\t' || ch == '\n' || ch == '\r'; },
      ' ');
  return text;
}

std::optional<SolverJob> jobFrom(const std::string& name) {
  for (SolverJob job : {SolverJob::Range, SolverJob::Danger, SolverJob::Field, SolverJob::Batch}) {
    if (name == jobName(job)) return job;
  }
  return std::nullopt;
}

// TACTICS_AUTO_CACHE, or the user's cache folder; empty: no file.
std::string defaultCachePath() {
  if (const char* set = std::getenv("TACTICS_AUTO_CACHE")) {
    const std::string path(set);
    return path == "off" ? std::string() : path;
  }
  std::filesystem::path folder;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/') {
    folder = xdg;
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') {
    folder = std::filesystem::path(home) / ".cache";
  } else {
    return {};
  }
  return (folder / "tactics-grid" / "auto-backends.txt").string();
}

}  // namespace

const char* jobName(SolverJob job) {
  switch (job) {
    case SolverJob::Range: return "range";
    case SolverJob::Danger: return "danger";
    case SolverJob::Field: return "field";
    case SolverJob::Batch: return "batch";
  }
  return "range";
}

Backend measureFastest(const std::vector<Candidate>& candidates, std::vector<Measured>* found) {
  double best = std::numeric_limits<double>::infinity();
  Backend fastest = candidates.empty() ? Backend::Cpu : candidates.front().backend;
  for (const Candidate& c : candidates) {
    const Measured m = measureOne(c, best);
    if (found != nullptr) found->push_back(m);
    if (m.complete && m.milliseconds < best) {
      best = m.milliseconds;
      fastest = c.backend;
    }
  }
  return fastest;
}

struct AutoChoices::Impl {
  using Key = std::tuple<std::string, SolverJob, int>;
  std::mutex mutex;
  std::string path;
  std::map<Key, Backend> choices;

  void load() {
    choices.clear();
    path = defaultCachePath();
    readFile(choices);
  }

  // Adds the file's choices to `into` (those it already holds stay).
  void readFile(std::map<Key, Backend>& into) const {
    if (path.empty()) return;
    std::ifstream in(path);
    std::string line;
    if (!std::getline(in, line) || line != kCacheHeader) return;
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string renderer, job, sizeClass, backend;
      if (!std::getline(fields, renderer, '\t') || !std::getline(fields, job, '\t') ||
          !std::getline(fields, sizeClass, '\t') || !std::getline(fields, backend)) {
        continue;
      }
      const auto parsedJob = jobFrom(job);
      const auto parsedBackend = parseBackend(backend, "cache");
      int size = 0;
      try {
        size = std::stoi(sizeClass);
      } catch (const std::exception&) {
        continue;
      }
      if (!parsedJob || !parsedBackend || *parsedBackend == Backend::Auto) continue;
      into.emplace(Key{renderer, *parsedJob, size}, *parsedBackend);
    }
  }

  // Writes every choice, with those another process added to the file since, to a file beside
  // the cache, then moves it into place: a reader never sees half a file.
  void save() {
    if (path.empty()) return;
    readFile(choices);
    std::error_code error;
    const std::filesystem::path target(path);
    if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), error);
    const std::string temporary = path + "." + std::to_string(::getpid()) + ".tmp";
    {
      std::ofstream out(temporary, std::ios::trunc);
      if (!out) return;
      out << kCacheHeader << "\n";
      for (const auto& [key, backend] : choices) {
        out << std::get<0>(key) << "\t" << jobName(std::get<1>(key)) << "\t" << std::get<2>(key)
            << "\t" << backendName(backend) << "\n";
      }
      if (!out.flush()) {
        std::filesystem::remove(temporary, error);
        return;
      }
    }
    std::filesystem::rename(temporary, target, error);
    if (error) std::filesystem::remove(temporary, error);
  }
};

AutoChoices::AutoChoices() : impl_(new Impl) {
  impl_->load();
}

AutoChoices& AutoChoices::shared() {
  static AutoChoices* choices = new AutoChoices();  // never destroyed: safe at exit
  return *choices;
}

std::optional<Backend> AutoChoices::find(const std::string& renderer, SolverJob job,
                                         int sizeClass) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  const auto found = impl_->choices.find({oneLine(renderer), job, sizeClass});
  if (found == impl_->choices.end()) return std::nullopt;
  return found->second;
}

void AutoChoices::remember(const std::string& renderer, SolverJob job, int sizeClass,
                           Backend backend) {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->choices[{oneLine(renderer), job, sizeClass}] = backend;
  impl_->save();
}

void AutoChoices::reload() {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  impl_->load();
}

std::string AutoChoices::cachePath() const {
  const std::lock_guard<std::mutex> lock(impl_->mutex);
  return impl_->path;
}

}  // namespace tactics::gpu
