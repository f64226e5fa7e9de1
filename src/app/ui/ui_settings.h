#pragma once
// What the panel edits besides the units: view toggles, the algorithm watcher and map requests.
// The panel only writes these; the app reads them in its update step. No GL.

#include <optional>
#include <string>

#include "app/session/leave_guard.h"
#include "app/session/recent_files.h"
#include "app/ui/edit_settings.h"
#include "app/ui/saved_settings.h"
#include "app/ui/toasts.h"
#include "app/solves/recent_times.h"
#include "app/solves/solve_report.h"
#include "app/rules/threats.h"
#include "app/rules/unit_edits.h"
#include "app/rules/unit_labels.h"
#include "app/view/view_toggles.h"

namespace tactics::app {

// Watch the algorithm: run the solver for only `passes` relaxation passes, by hand or animated.
struct WatchSettings {
  bool enabled = false;
  int passes = 0;
  bool animate = false;
  float passesPerSecond = 4.0F;
  double sinceLastPass = 0;  // seconds, for the animation
};

// What the player asked for with the panel's buttons this frame; the app acts on it.
struct TurnRequests {
  bool endTurn = false;
  std::optional<bool> endTurnAnswer;  // yes or no to "end the turn with units yet to move?"
  bool wait = false;
  bool back = false;
  bool skipPhase = false;  // play the rest of the enemy and ally phases at once
  // SPEC §14: Attack on the menu after a move, the forecast's Attack and Back, its arrows round
  // the targets, and the Victory or Defeat banner's Start over and Edit.
  bool attack = false;
  bool confirmAttack = false;
  bool closeAttack = false;
  int cycleTarget = 0;
  bool startOver = false;
  bool editBoard = false;
};

struct Ui {
  TurnRequests requests;
  ViewToggles view;
  WatchSettings watch;
  std::optional<std::string> loadMap;  // set by the panel, consumed by the app
  LeaveGuard leave;                    // asks before unsaved edits are lost (leave_guard.h)
  std::optional<LeaveAnswer> leaveAnswer;  // the panel's answer to its question
  std::string mapProblem;              // why the last map request failed, for the panel
  RecentFiles recent;                  // opened and saved files, for the Open... field
  std::string openText;                // the Open... field
  RecentTimes frameTimes;              // the frame's work (not the wait), for the panel
  bool panelCollapsed = false;         // the panel folded to its title bar
  int panelWidth = kPanelWidth;        // screen coordinates at content scale 1; its edge drags
  UnitEditMemory edits;                // what the unit editor remembers (the attack range)
  UnitLabelMemory labels;              // the tokens' labels, kept while the roster is
  EditSettings edit;                   // terrain painting and the Tiled art note
  ThreatSettings threats;              // danger zone, marks, field views (issues 7 and 10)
  int phaseSpeed = 1;                  // the computer's phases at 1x, 2x or 4x
  bool autoEndTurn = false;            // the turn ends once every player unit has acted
  JobReports jobs;                     // the backends the danger zone and the fields ran on
  Backend backend = Backend::Gpu;  // compute only with OpenGL 4.3
  bool computeAvailable = false;       // the window's context has OpenGL 4.3
  // "Ambush!" over the board after a walk ran into a hidden enemy (SPEC §11.5): the line under
  // it and the seconds it has left (it fades in the last half second).
  std::string ambushText;
  double ambushLeft = 0;
  // Errors and notes over the board for a few seconds (ui/toasts.h), besides the panel and log.
  Toasts toasts;
};

inline constexpr double kAmbushSeconds = 1.8;

}  // namespace tactics::app
