#include "app/session/terrain_painting.h"

#include <iostream>

#include <algorithm>

#include "app/view/render/gl_state.h"
#include "app/view/render/tile_art_loader.h"
#include "tactics/io/tiled_map.h"

namespace tactics::app {

namespace {

// The art never exceeds what every GL 3.3 driver takes as a texture side.
constexpr int kMaxArtSide = 8192;

}  // namespace

void TerrainPainting::mapOpened(BoardRenderer& renderer, const std::string& path,
                                EditSettings& edit) {
  editor_.clear();
  edit.undoSteps = edit.redoSteps = 0;
  edit.artNote.clear();
  edit.showingArt = false;
  tiledPath_.clear();
  renderer.clearArt();
  if (!isTiledMapPath(path)) return;
  tiledPath_ = path;
  auto map = loadTiledMap(path);
  if (!map) {
    edit.artNote = "Procedural terrain: " + map.error();
    return;
  }
  auto art = loadTileArt(*map, std::min(kMaxArtSide, maxTextureSide()));
  if (!art) {
    // Not a failure: the board is drawn procedurally, and both the panel and stderr say why.
    edit.artNote = "Procedural terrain: " + art.error();
    std::cerr << "note: " << path << ": " << edit.artNote << '\n';
    return;
  }
  renderer.setArt(*art);
  edit.showingArt = true;
}

void TerrainPainting::applied(const EditResult& result, Scene& scene, EditSettings& edit,
                              BoardRenderer& renderer, Solves& solves) {
  edit.undoSteps = editor_.undoSteps();
  edit.redoSteps = editor_.redoSteps();
  if (result.refused > 0) {
    edit.message = std::to_string(result.refused) +
                   " cell(s) kept: a unit stands there that cannot enter " +
                   terrainName(edit.terrain);
  }
  if (result.changed.empty()) return;
  const CellSpan& span = result.changed;
  renderer.updateCells(scene.map, {span.x0, span.y0}, {span.x1, span.y1});
  solves.mapEdited(scene.map, {span.x0, span.y0, span.x1, span.y1});
  if (edit.showingArt) {
    renderer.clearArt();
    edit.showingArt = false;
    edit.artNote = "Procedural terrain: the map was painted, so its Tiled art no longer matches.";
  }
}

void TerrainPainting::handleKey(EditAction action, Scene& scene, EditSettings& edit,
                                BoardRenderer& renderer, Solves& solves) {
  switch (action) {
    case EditAction::ToggleEditMode: edit.enabled = !edit.enabled; break;
    case EditAction::Undo: applied(editor_.undo(scene.map), scene, edit, renderer, solves); break;
    case EditAction::Redo: applied(editor_.redo(scene.map), scene, edit, renderer, solves); break;
    case EditAction::None: break;
  }
}

void TerrainPainting::handleMouse(Input& input, const BoardLayout& layout, bool boardHasMouse,
                                  Scene& scene, EditSettings& edit, BoardRenderer& renderer,
                                  Solves& solves) {
  if (!edit.enabled) {
    editor_.endStroke();
    return;
  }
  // Left clicks paint; they neither select nor move units in edit mode.
  std::vector<MouseClick> leftClicks;
  auto& clicks = input.clicks;
  for (const MouseClick& click : clicks) {
    if (click.button == MouseButton::Left) leftClicks.push_back(click);
  }
  clicks.erase(std::remove_if(clicks.begin(), clicks.end(),
                              [](const MouseClick& c) { return c.button == MouseButton::Left; }),
               clicks.end());
  if (!boardHasMouse) {
    if (!input.leftHeld) editor_.endStroke();
    return;
  }
  if (edit.fillTool) {
    for (const MouseClick& click : leftClicks) {
      if (const auto cell = layout.cellAtCursor(click.x, click.y)) {
        applied(editor_.fill(scene.map, scene.units, *cell, edit.terrain), scene, edit, renderer,
                solves);
      }
    }
    return;
  }
  // The press point, then the cursor while held: a line from each sample to the next.
  for (const MouseClick& click : leftClicks) {
    if (const auto cell = layout.cellAtCursor(click.x, click.y)) {
      applied(editor_.strokeTo(scene.map, scene.units, *cell, edit.terrain, edit.brush), scene,
              edit, renderer, solves);
    }
  }
  if (input.leftHeld && (editor_.stroking() || !leftClicks.empty())) {
    if (const auto cell = layout.cellAtCursor(input.cursorX, input.cursorY)) {
      applied(editor_.strokeTo(scene.map, scene.units, *cell, edit.terrain, edit.brush), scene,
              edit, renderer, solves);
    }
  }
  if (!input.leftHeld) {
    editor_.endStroke();
    edit.undoSteps = editor_.undoSteps();
    edit.redoSteps = editor_.redoSteps();
  }
}

std::optional<CostMap> TerrainPainting::handleRequests(Scene& scene, EditSettings& edit,
                                                       BoardRenderer& renderer,
                                                       Solves& solves) {
  if (std::exchange(edit.undo, false)) {
    applied(editor_.undo(scene.map), scene, edit, renderer, solves);
  }
  if (std::exchange(edit.redo, false)) {
    applied(editor_.redo(scene.map), scene, edit, renderer, solves);
  }
  if (std::exchange(edit.save, false)) {
    const auto problem = saveTerrainPng(scene.map, edit.savePath, tiledPath_);
    edit.message = problem ? *problem : "Saved " + edit.savePath;
  }
  if (std::exchange(edit.newMap, false)) {
    auto map = newTerrainMap(edit.newWidth, edit.newHeight, edit.terrain);
    if (!map) {
      edit.message = map.error();
      return std::nullopt;
    }
    return std::move(*map);
  }
  return std::nullopt;
}

}  // namespace tactics::app
