#include "app/session/save_dialog.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>
#include <utility>

namespace tactics::app {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

const char* extensionOf(SaveKind kind) { return isScenario(kind) ? ".json" : ".png"; }

bool writableFolder(const fs::path& folder) {
  std::error_code error;
  return fs::is_directory(folder, error) && ::access(folder.c_str(), W_OK) == 0;
}

}  // namespace

const char* saveTitle(SaveKind kind) {
  return isScenario(kind) ? "Save scenario" : "Save PNG";
}

std::string defaultSaveFolder(SaveKind kind, const std::optional<std::string>& assetsDir,
                              const std::string& home) {
  const char* sub = isScenario(kind) ? "scenarios" : "maps";
  if (assetsDir) {
    const fs::path folder = fs::path(*assetsDir) / sub;
    if (writableFolder(folder)) return folder.lexically_normal().string();
  }
  return (fs::path(home) / ".local/share/tactics-grid" / sub).lexically_normal().string();
}

std::string resolveSavePath(const std::string& typed, const std::string& folder,
                            const std::string& home) {
  fs::path path;
  if (typed == "~" || typed.rfind("~/", 0) == 0) {
    path = fs::path(home) / typed.substr(std::min<std::size_t>(2, typed.size()));
  } else if (fs::path(typed).is_absolute()) {
    path = typed;
  } else {
    path = fs::path(folder) / typed;
  }
  return path.lexically_normal().string();
}

std::string mapBesideScenario(const std::string& scenarioPath) {
  return fs::path(scenarioPath).replace_extension(".png").string();
}

std::vector<std::string> savedFiles(SaveKind kind, const std::string& path) {
  if (kind == SaveKind::Scenario) return {path, mapBesideScenario(path)};
  return {path};
}

std::string suggestSaveName(SaveKind kind, const std::string& folder, const std::string& stem,
                            const std::vector<InputFile>& inputs) {
  const std::string extension = extensionOf(kind);
  const auto taken = [&](const std::string& name) {
    std::error_code error;
    for (const std::string& file : savedFiles(kind, (fs::path(folder) / name).string())) {
      if (fs::exists(file, error) || overwrittenInput(file, inputs)) return true;
    }
    return false;
  };
  std::string name = stem + extension;
  for (int n = 2; taken(name) && n < 1000; ++n) name = stem + "-" + std::to_string(n) + extension;
  return name;
}

SaveCheck checkSave(SaveKind kind, const std::string& typed, const std::string& folder,
                    const std::string& home, const std::vector<InputFile>& inputs) {
  SaveCheck check;
  const std::string extension = extensionOf(kind);
  if (typed.empty() || typed.back() == '/') {
    check.message = "Type a file name ending in " + extension + ".";
    return check;
  }
  check.path = resolveSavePath(typed, folder, home);
  std::error_code error;
  if (fs::is_directory(check.path, error)) {
    check.message = "'" + check.path + "' is a folder; add a file name ending in " + extension + ".";
    return check;
  }
  // The open board's files first: that is the refusal that matters, whatever the extension.
  const std::vector<std::string> files = savedFiles(kind, check.path);
  for (const std::string& file : files) {
    if (const auto input = overwrittenInput(file, inputs)) {
      check.message = "'" + file + "' is " + input->what + "; save somewhere else.";
      return check;
    }
  }
  if (lower(fs::path(check.path).extension().string()) != extension) {
    check.message = std::string(saveTitle(kind)) + " writes a " + extension + " file; '" +
                    check.path + "' does not end in " + extension + ".";
    return check;
  }
  std::vector<std::string> existing;
  for (const std::string& file : files) {
    if (fs::exists(file, error)) existing.push_back(file);
  }
  if (existing.empty()) {
    check.verdict = SaveCheck::Verdict::Write;
    return check;
  }
  check.verdict = SaveCheck::Verdict::AskOverwrite;
  check.message = "Replace " + std::string(existing.size() == 1 ? "" : "these files: ");
  for (std::size_t i = 0; i < existing.size(); ++i) {
    check.message += (i > 0 ? " and '" : "'") + existing[i] + "'";
  }
  check.message += "?";
  return check;
}

void SaveDialog::open(SaveKind kind, std::string folder, const std::string& name) {
  open_ = true;
  kind_ = kind;
  folder_ = std::move(folder);
  text = name;
  message.clear();
  question_.reset();
}

void SaveDialog::close() {
  open_ = false;
  question_.reset();
}

std::optional<std::string> SaveDialog::submit(const std::string& home,
                                              const std::vector<InputFile>& inputs) {
  question_.reset();
  SaveCheck check = checkSave(kind_, text, folder_, home, inputs);
  switch (check.verdict) {
    case SaveCheck::Verdict::Write:
      message.clear();
      return check.path;
    case SaveCheck::Verdict::AskOverwrite:
      message.clear();
      question_ = std::move(check);
      return std::nullopt;
    case SaveCheck::Verdict::Refuse: break;
  }
  message = check.message;
  return std::nullopt;
}

std::optional<std::string> SaveDialog::answer(bool replace) {
  if (!question_) return std::nullopt;
  std::string path = question_->path;
  question_.reset();
  if (!replace) return std::nullopt;
  return path;
}

void SaveDialog::finished(const std::optional<std::string>& failure) {
  if (failure) {
    message = *failure;
    return;
  }
  close();
}

}  // namespace tactics::app
