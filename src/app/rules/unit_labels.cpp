#include "app/rules/unit_labels.h"

#include <cctype>
#include <map>
#include <set>
#include <string_view>

namespace tactics::app {

std::string labelKey(const std::string& name) {
  std::string key;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80 && std::isalnum(byte)) key.push_back(static_cast<char>(std::toupper(byte)));
  }
  return key.empty() ? std::string("U") : key;
}

std::vector<std::string> unitLabels(const std::vector<std::string>& names) {
  std::vector<std::string> keys;
  keys.reserve(names.size());
  for (const std::string& name : names) keys.push_back(labelKey(name));

  std::vector<std::string> labels(names.size());
  std::set<std::string> taken;
  // Rule 2: the shortest start no other key shares.
  for (std::size_t i = 0; i < keys.size(); ++i) {
    for (std::size_t length = 1; length <= kMaxLabelLength && labels[i].empty(); ++length) {
      const std::string_view start = std::string_view(keys[i]).substr(0, length);
      bool shared = false;
      for (std::size_t j = 0; j < keys.size() && !shared; ++j) {
        shared = j != i && std::string_view(keys[j]).substr(0, length) == start;
      }
      if (!shared && taken.count(std::string(start)) == 0) labels[i] = std::string(start);
    }
    if (!labels[i].empty()) taken.insert(labels[i]);
  }
  // Rule 3: the initial and a number for the rest, counted per initial; then numbers alone.
  std::map<char, int> counts;
  int alone = 100;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (!labels[i].empty()) continue;
    const char initial = keys[i].front();
    for (int& n = counts[initial]; n < 99 && labels[i].empty();) {
      const std::string label = initial + std::to_string(++n);
      if (taken.insert(label).second) labels[i] = label;
    }
    while (labels[i].empty() && alone <= 999) {
      const std::string label = std::to_string(alone++);
      if (taken.insert(label).second) labels[i] = label;
    }
    if (labels[i].empty()) labels[i] = "?";  // past about 4,500 units of one initial
  }
  return labels;
}

std::vector<std::string> unitLabels(const std::vector<Unit>& units) {
  std::vector<std::string> names;
  names.reserve(units.size());
  for (const Unit& unit : units) names.push_back(unit.name);
  return unitLabels(names);
}

bool showsNames(int cellPixels, float contentScale) {
  return static_cast<float>(cellPixels) >= static_cast<float>(kNameCell) * contentScale;
}

std::string nameTag(const std::string& name, std::size_t room) {
  // Where each code point starts (continuation bytes are 10xxxxxx).
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if ((static_cast<unsigned char>(name[i]) & 0xC0U) != 0x80U) starts.push_back(i);
  }
  if (starts.size() <= room) return name;
  if (room < 3) return "";
  return name.substr(0, starts[room - 2]) + "..";
}

std::vector<std::string> seenUnitLabels(const std::vector<Unit>& units, bool all) {
  std::vector<Unit> seen;
  for (const Unit& unit : units) {
    if (all || knownTo(Team::Player, unit)) seen.push_back(unit);
  }
  const std::vector<std::string> told = unitLabels(seen);
  std::vector<std::string> labels(units.size());
  for (std::size_t i = 0, k = 0; i < units.size(); ++i) {
    if (all || knownTo(Team::Player, units[i])) labels[i] = told[k++];
  }
  return labels;
}

namespace {

// A label for `key` that none of `taken` is: rule 2's starts, then rule 3's initial and number.
std::string freeLabel(const std::string& key, const std::set<std::string>& taken) {
  for (std::size_t length = 1; length <= kMaxLabelLength && length <= key.size(); ++length) {
    const std::string start = key.substr(0, length);
    if (taken.count(start) == 0) return start;
  }
  for (int n = 1; n <= 99; ++n) {
    const std::string label = key.front() + std::to_string(n);
    if (taken.count(label) == 0) return label;
  }
  for (int n = 100; n <= 999; ++n) {
    if (taken.count(std::to_string(n)) == 0) return std::to_string(n);
  }
  return "?";
}

}  // namespace

const std::vector<std::string>& UnitLabelMemory::labels(const std::vector<Unit>& units, bool all) {
  std::vector<std::string> names;
  names.reserve(units.size());
  for (const Unit& unit : units) names.push_back(unit.name);
  const std::vector<std::string> fresh = seenUnitLabels(units, all);
  if (names != names_ || all != all_) {
    names_ = std::move(names);
    all_ = all;
    remembered_ = fresh;
    shown_ = fresh;
    return shown_;
  }
  std::set<std::string> taken;
  for (const std::string& label : remembered_) {
    if (!label.empty()) taken.insert(label);
  }
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (fresh[i].empty() || !remembered_[i].empty()) continue;
    // Newly seen: its label among the seen, unless a label already shown has it.
    remembered_[i] = taken.count(fresh[i]) == 0 ? fresh[i] : freeLabel(labelKey(units[i].name), taken);
    taken.insert(remembered_[i]);
  }
  for (std::size_t i = 0; i < units.size(); ++i) shown_[i] = fresh[i].empty() ? "" : remembered_[i];
  return shown_;
}

}  // namespace tactics::app
