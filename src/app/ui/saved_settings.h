#pragma once
// What the demo remembers between runs: the panel's width and Auto end turn. A small `key=value` file,
// $XDG_CONFIG_HOME/tactics-grid/demo.ini (else ~/.config/tactics-grid/demo.ini), read when a
// live window opens and written when the remembered values change. Scripted runs (screenshots,
// --bench-frames, the soak) neither read nor write it, so their pictures never depend on it.
// No GL.

#include <optional>
#include <string>

#include "tactics/solver/expected.h"

namespace tactics::app {

// The panel's width in screen coordinates at content scale 1: the default, and the range a drag
// of its edge may give it.
inline constexpr int kPanelWidth = 340;
inline constexpr int kMinPanelWidth = 260;
inline constexpr int kMaxPanelWidth = 900;

struct SavedSettings {
  int panelWidth = kPanelWidth;
  bool autoEndTurn = false;  // the panel's Auto end turn
  friend bool operator==(const SavedSettings& a, const SavedSettings& b) {
    return a.panelWidth == b.panelWidth && a.autoEndTurn == b.autoEndTurn;
  }
  friend bool operator!=(const SavedSettings& a, const SavedSettings& b) { return !(a == b); }
};

// Where the file lives, from the two environment variables (either may be null); none when
// neither is set.
std::optional<std::string> settingsPath(const char* xdgConfigHome, const char* home);

// The file's text: `panel_width=380`, `auto_end_turn=1` (0 or 1). Unknown keys are kept out (a newer demo's file still
// opens); a known key with a bad value, or a line that is not `key=value`, is an error naming
// the line. Values out of range are clamped.
Expected<SavedSettings> parseSettings(const std::string& text);
std::string formatSettings(const SavedSettings& settings);

// Reads the file; a missing file gives the defaults.
Expected<SavedSettings> loadSettings(const std::string& path);
// Writes the file (and its folder) atomically; returns why it could not.
std::optional<std::string> saveSettings(const std::string& path, const SavedSettings& settings);

}  // namespace tactics::app
