// Fuzz target: one request line of `tactics-grid serve` (SPEC §12), answered by a server on the
// CPU backend (no GL context). Whatever the bytes, the answer is one line holding one JSON object
// whose first key is "id"; a request the reader refuses has an "error" and nothing else. Paths in
// the input may name real files (the repository's maps are in the corpus); nothing is written.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/serve_command.h"
#include "cli/serve_request.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  // The serve loop splits lines at '\n': a line never holds one.
  if (line.find('\n') != std::string_view::npos) return 0;
  const tactics::cli::ServeRequest request = tactics::cli::readServeRequest(line);
  if (!request.error.empty() && (!request.args.empty() || request.inlineMap)) {
    throw std::logic_error("a refused request still carries flags");
  }
  if (!request.id.is_null() && !request.id.is_number() && !request.id.is_string()) {
    throw std::logic_error("an id that is neither a number nor a string");
  }

  static tactics::cli::Server server(tactics::Backend::Cpu, tactics::gpu::GlApi::Core);
  const std::string answer = server.answer(line);
  if (answer.find('\n') != std::string::npos || answer.rfind("{\"id\":", 0) != 0) {
    throw std::logic_error("an answer that is not one line starting {\"id\":");
  }
  const auto parsed = nlohmann::json::parse(answer);  // throws on an answer that is not JSON
  if (!parsed.is_object() || !parsed.contains("id")) {
    throw std::logic_error("an answer that is not an object with an id");
  }
  // (Its text may differ from request.error: bytes that are not UTF-8, echoed from the line by
  // the JSON parser's message, are written as U+FFFD.)
  if (!request.error.empty() && (parsed.size() != 2 || !parsed["error"].is_string())) {
    throw std::logic_error("a refused request's answer is not {id, error}");
  }
  return 0;
}
