#include "cli/output_guard.h"

namespace tactics::cli {

std::optional<std::string> refuseInputOverwrite(const std::string& flag, const std::string& path,
                                                const std::vector<InputFile>& inputs) {
  if (const auto input = overwrittenInput(path, inputs)) {
    return flag + " '" + path + "' is " + input->what + "; write somewhere else";
  }
  return std::nullopt;
}

std::string wroteLine(const std::string& path, const std::string& what) {
  return "wrote " + path + ": " + what + "\n";
}

}  // namespace tactics::cli
