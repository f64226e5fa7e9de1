#include "tactics/solver/skills.h"

namespace tactics {

namespace {

std::string allowedNames() {
  std::string names;
  for (Skill skill : kSkills) names += std::string(names.empty() ? "" : ", ") + skillName(skill);
  return "; allowed: " + names + " (each at most once)";
}

}  // namespace

const char* skillName(Skill skill) {
  switch (skill) {
    case Skill::Pass: return "pass";
    case Skill::Skirmisher: return "skirmisher";
  }
  return "?";
}

std::optional<Skill> skillNamed(std::string_view name) {
  for (Skill skill : kSkills) {
    if (name == skillName(skill)) return skill;
  }
  return std::nullopt;
}

std::vector<std::string> skillNames(Skills skills) {
  std::vector<std::string> names;
  for (Skill skill : kSkills) {
    if (skills.has(skill)) names.emplace_back(skillName(skill));
  }
  return names;
}

std::string formatSkills(Skills skills) {
  std::string text;
  for (const std::string& name : skillNames(skills)) text += (text.empty() ? "" : ",") + name;
  return text;
}

std::optional<std::string> addSkill(Skills& skills, std::string_view name, std::string_view what) {
  const std::optional<Skill> skill = skillNamed(name);
  if (!skill) {
    return std::string(what) + ": unknown skill '" + std::string(name) + "'" + allowedNames();
  }
  if (skills.has(*skill)) {
    return std::string(what) + ": skill '" + std::string(name) + "' is named twice" + allowedNames();
  }
  skills.add(*skill);
  return std::nullopt;
}

Expected<Skills> parseSkills(std::string_view text, std::string_view what) {
  Skills skills;
  if (text.empty()) return skills;
  const std::string named = std::string(what) + " '" + std::string(text) + "'";
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = text.find(',', from);
    const std::string_view name =
        text.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
    if (name.empty()) return Error{named + " has an empty skill name" + allowedNames()};
    if (auto problem = addSkill(skills, name, named)) return Error{*problem};
    if (comma == std::string_view::npos) return skills;
    from = comma + 1;
  }
}

}  // namespace tactics
