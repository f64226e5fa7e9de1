#pragma once
// The demo's save dialog without its widgets (ui/save_dialog.cpp draws it): where a file goes
// by default, how a typed path is read, and what pressing Save does: refuse (the dialog stays
// open and says why), ask before replacing a file, or write. A save never writes over a file
// the open board depends on (SPEC §5: the map, its tilesets and their images, the scenario),
// with the same list and words as the command line (tactics/io/input_files.h). No GL.

#include <optional>
#include <string>
#include <vector>

#include "tactics/io/input_files.h"

namespace tactics::app {

// What a save writes: the painted terrain as a greyscale PNG; the board as a scenario JSON with
// its map saved as a PNG beside it (same name, .png); or, for a board on a Tiled map whose
// terrain was not painted, a scenario JSON that names that map and leaves it as it is (its tile
// art and terrains beyond the fifth, which no PNG holds, stay).
enum class SaveKind { TerrainPng, Scenario, ScenarioOnOpenMap };

// A scenario of either kind.
inline bool isScenario(SaveKind kind) { return kind != SaveKind::TerrainPng; }

// "Save PNG", "Save scenario".
const char* saveTitle(SaveKind kind);

// Where a save goes unless the user types a folder: `assets/maps/` (a scenario:
// `assets/scenarios/`) of the checkout `assetsDir` when that folder is writable, else
// `HOME/.local/share/tactics-grid/maps/` (or `.../scenarios/`), created when written to.
// Never the working directory.
std::string defaultSaveFolder(SaveKind kind, const std::optional<std::string>& assetsDir,
                              const std::string& home);

// The full path a typed one means: "~/x" is under `home`, an absolute path stays, and a relative
// one is inside `folder` (the dialog's folder), never the working directory. "." and ".." are
// resolved.
std::string resolveSavePath(const std::string& typed, const std::string& folder,
                            const std::string& home);

// The files a save of `kind` to `path` writes: the path, and for SaveKind::Scenario its map
// beside it.
std::vector<std::string> savedFiles(SaveKind kind, const std::string& path);

// The scenario's map beside it: "level.json" -> "level.png".
std::string mapBesideScenario(const std::string& scenarioPath);

// The file name the dialog starts with: `stem` + the kind's extension in `folder`, or with "-2",
// "-3", ... when that file (or, for a scenario, the map beside it) exists or is one of `inputs`,
// so that pressing Save at once never replaces anything.
std::string suggestSaveName(SaveKind kind, const std::string& folder, const std::string& stem,
                            const std::vector<InputFile>& inputs);

// What Save does with a typed path.
struct SaveCheck {
  enum class Verdict { Refuse, AskOverwrite, Write };
  Verdict verdict = Verdict::Refuse;
  std::string path;     // the full path (resolveSavePath)
  std::string message;  // why not, or the question before replacing files
};

// Refuses an empty path, a folder, the wrong extension (.png; .json for a scenario), and any
// file of savedFiles() that is one of `inputs` ("'…/terrain.png' is the image of tileset
// 'terrain' of the open map; save somewhere else"); asks when one of them exists; else writes.
SaveCheck checkSave(SaveKind kind, const std::string& typed, const std::string& folder,
                    const std::string& home, const std::vector<InputFile>& inputs);

// The dialog's state: open or not, the path field, the overwrite question and the last message.
class SaveDialog {
 public:
  // Opens the dialog for `kind` with `name` (a file name) in `folder`.
  void open(SaveKind kind, std::string folder, const std::string& name);
  void close();
  [[nodiscard]] bool isOpen() const { return open_; }
  [[nodiscard]] SaveKind kind() const { return kind_; }
  [[nodiscard]] const std::string& folder() const { return folder_; }

  std::string text;     // the path field: a file name in the folder, or a full path
  std::string message;  // a refusal or a failed write, shown in the dialog
  // The question before replacing a file, while it waits for an answer.
  [[nodiscard]] const std::optional<SaveCheck>& question() const { return question_; }

  // Save pressed: the full path to write now, or nothing (refused: `message` says why; or a file
  // would be replaced: question() asks).
  std::optional<std::string> submit(const std::string& home, const std::vector<InputFile>& inputs);
  // The answer to question(): yes gives the path to write.
  std::optional<std::string> answer(bool replace);
  // After the app tried to write: a failure keeps the dialog open with the reason; success
  // closes it.
  void finished(const std::optional<std::string>& failure);

 private:
  bool open_ = false;
  SaveKind kind_ = SaveKind::TerrainPng;
  std::string folder_;
  std::optional<SaveCheck> question_;
};

}  // namespace tactics::app
