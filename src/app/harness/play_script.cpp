#include "app/harness/play_script.h"

#include <array>
#include <fstream>
#include <sstream>
#include <utility>

#include "tactics/solver/parse.h"

namespace tactics::app {

namespace {

constexpr std::array<std::pair<const char*, Key>, 12> kKeys = {{
    {"z", Key::Z}, {"x", Key::X}, {"c", Key::C}, {"e", Key::E}, {"t", Key::T}, {"tab", Key::Tab},
    {"enter", Key::Enter}, {"escape", Key::Escape}, {"up", Key::Up}, {"down", Key::Down},
    {"left", Key::Left}, {"right", Key::Right}}};

std::string keyNames() {
  std::string names;
  for (const auto& [name, key] : kKeys) names += std::string(names.empty() ? "" : ", ") + name;
  return names;
}

}  // namespace

Expected<std::vector<ScriptStep>> parsePlayScript(const std::string& text, const std::string& name) {
  std::vector<ScriptStep> steps;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream words(line);
    std::string action;
    std::string argument;
    std::string extra;
    if (!(words >> action) || action[0] == '#') continue;
    words >> argument >> extra;
    const std::string where = name + " line " + std::to_string(number) + ": ";
    ScriptStep step;
    step.line = number;
    if (action == "click") {
      const auto cell = parseCell(argument, "a click");
      if (!cell || !extra.empty()) {
        return Error{where + "\"" + line + "\": a click takes one cell, X,Y (e.g. click 7,20)"};
      }
      step.cell = *cell;
    } else if (action == "key") {
      step.kind = ScriptStep::Kind::Key;
      for (const auto& [keyName, key] : kKeys) {
        if (argument == keyName) step.key = key;
      }
      if (step.key == Key::Other || !extra.empty()) {
        return Error{where + "\"" + line + "\": a key is one of " + keyNames()};
      }
    } else {
      return Error{where + "\"" + line + "\": a line is click X,Y or key NAME (or # a comment)"};
    }
    steps.push_back(step);
  }
  if (steps.empty()) return Error{name + ": no click or key in it"};
  return steps;
}

Expected<std::vector<ScriptStep>> readPlayScript(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path};
  std::ostringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) return Error{"cannot read " + path};
  return parsePlayScript(text.str(), path);
}

}  // namespace tactics::app
